use super::*;
use crate::space::grid::{Grid, WallKind, walled};

fn p(x: u16, y: u16) -> GridPos {
    GridPos { x, y }
}

fn cost(
    g: &Grid,
    size: u8,
    occupants: Vec<Occupant>,
    from: GridPos,
    to: GridPos,
) -> Result<u32, MoveRefusal> {
    let passage = Passage::new(g);
    Moves::new(&passage, size, occupants).path(from, to).map(|p| p.cost_ft)
}

#[test]
fn diagonals_are_adjacent_and_cost_a_square() {
    let g = Grid::new(10, 10, 5);
    assert_eq!(cost(&g, 1, vec![], p(0, 0), p(3, 3)), Ok(15));
    assert_eq!(cost(&g, 1, vec![], p(0, 0), p(5, 2)), Ok(25));
}

#[test]
fn walls_and_closed_doors_and_windows_stop_movement_open_doors_do_not() {
    let line = ((3, 0), (3, 10));
    for (kind, expected) in [
        (WallKind::Wall, Err(MoveRefusal::NoWay(p(5, 5)))),
        (WallKind::Window, Err(MoveRefusal::NoWay(p(5, 5)))),
        (WallKind::Door { open: false }, Err(MoveRefusal::NoWay(p(5, 5)))),
        (WallKind::Door { open: true }, Ok(20)),
    ] {
        let g = walled(&[(line.0, line.1, kind)]);
        assert_eq!(cost(&g, 1, vec![], p(1, 5), p(5, 5)), expected, "{kind:?}");
    }
    // A gap: round through it.
    let g = walled(&[((3, 0), (3, 4), WallKind::Wall), ((3, 5), (3, 10), WallKind::Wall)]);
    // Into the gap straight (both diagonals into it cut a wall's end), out diagonally.
    assert_eq!(cost(&g, 1, vec![], p(1, 1), p(5, 1)), Ok(35), "down to row 4 and back up");
}

#[test]
fn no_corner_is_cut_past_a_wall() {
    // One wall edge touching the corner between (2,2) and (3,3) forbids that diagonal.
    let g = walled(&[((3, 1), (3, 3), WallKind::Wall)]);
    let passage = Passage::new(&g);
    assert_eq!(passage.step(p(2, 2), 1, 1, 1), None);
    assert_eq!(passage.step(p(2, 3), 1, 1, 1), Some(p(3, 4)), "a corner no wall touches");
    assert_eq!(cost(&g, 1, vec![], p(2, 2), p(3, 3)), Ok(10), "down, then across");
}

#[test]
fn difficult_squares_cost_double_to_enter() {
    let mut g = Grid::new(10, 10, 5);
    for y in 0..10 {
        g.set_difficult(p(3, y), true);
    }
    assert_eq!(cost(&g, 1, vec![], p(1, 1), p(5, 1)), Ok(25));
    // Leaving one costs nothing extra.
    assert_eq!(cost(&g, 1, vec![], p(3, 1), p(4, 1)), Ok(5));
}

#[test]
fn allies_are_passed_through_enemies_block_and_nobody_shares_a_square() {
    let g = walled(&[((0, 4), (4, 4), WallKind::Wall), ((0, 5), (4, 5), WallKind::Wall)]);
    // A corridor along row 4 from x 0 to 4, open to the east.
    let one = |x, y| Footprint { at: p(x, y), size: 1 };
    let ally = Occupant { at: one(2, 4), ally: true };
    let enemy = Occupant { at: one(2, 4), ally: false };
    assert_eq!(cost(&g, 1, vec![ally], p(0, 4), p(4, 4)), Ok(20));
    assert_eq!(cost(&g, 1, vec![enemy], p(0, 4), p(4, 4)), Err(MoveRefusal::NoWay(p(4, 4))));
    assert_eq!(cost(&g, 1, vec![ally], p(0, 4), p(2, 4)), Err(MoveRefusal::Occupied(p(2, 4))));
}

#[test]
fn a_creature_eight_times_bigger_treats_enemies_as_difficult() {
    let g = Grid::new(12, 12, 5);
    let small = Occupant { at: Footprint { at: p(4, 1), size: 1 }, ally: false };
    // 3×3 is nine times a 1×1: it may wade through, at double cost for that step.
    assert_eq!(cost(&g, 3, vec![small], p(0, 0), p(5, 0)), Ok(30));
    // 2×2 is only four times: it must go round.
    let wall_of_foes: Vec<Occupant> =
        (0..12).map(|y| Occupant { at: Footprint { at: p(4, y), size: 1 }, ally: false }).collect();
    assert!(cost(&g, 2, wall_of_foes, p(0, 0), p(6, 0)).is_err());
}

#[test]
fn a_large_creature_needs_room_for_its_whole_footprint() {
    // A one-square gap in a wall: a 2×2 cannot pass, a 1×1 can.
    let g = walled(&[((5, 0), (5, 4), WallKind::Wall), ((5, 5), (5, 10), WallKind::Wall)]);
    assert!(cost(&g, 1, vec![], p(2, 4), p(7, 4)).is_ok());
    assert_eq!(cost(&g, 2, vec![], p(2, 4), p(7, 4)), Err(MoveRefusal::NoWay(p(7, 4))));
    let g = walled(&[((5, 0), (5, 4), WallKind::Wall), ((5, 6), (5, 10), WallKind::Wall)]);
    assert_eq!(cost(&g, 2, vec![], p(2, 4), p(7, 4)), Ok(25));
}

#[test]
fn a_move_beyond_the_allowance_is_refused_with_the_reason() {
    let g = Grid::new(10, 10, 5);
    let passage = Passage::new(&g);
    let moves = Moves::new(&passage, 1, vec![]);
    let err = moves.within(p(0, 0), p(7, 0), 30).unwrap_err();
    assert_eq!(err.to_string(), "(7, 0) is 35 ft away; this move allows 30 ft");
    assert_eq!(moves.within(p(0, 0), p(6, 3), 30).map(|p| p.cost_ft), Ok(30));
}

#[test]
fn the_reachable_squares_are_those_within_the_budget() {
    let g = Grid::new(10, 10, 5);
    let passage = Passage::new(&g);
    let moves = Moves::new(&passage, 1, vec![]);
    let reach = moves.reachable(p(5, 5), 10);
    assert_eq!(reach.len(), 24, "a 5×5 block less the start");
    assert!(reach.iter().all(|(_, c)| *c <= 10));
    // Every reachable square's cost is its path's cost.
    for (sq, c) in reach {
        assert_eq!(moves.path(p(5, 5), sq).unwrap().cost_ft, c);
    }
}

#[test]
fn a_diagonal_cannot_cut_a_corner_past_an_enemy_once_the_rule_is_on() {
    let g = Grid::new(10, 10, 5);
    let passage = Passage::new(&g);
    let one = |x, y| Footprint { at: p(x, y), size: 1 };
    let enemy = Occupant { at: one(3, 2), ally: false };
    let ally = Occupant { at: one(3, 2), ally: true };
    let cost = |occupants: Vec<Occupant>, on: bool| {
        Moves::new(&passage, 1, occupants)
            .with_enemy_corners(on)
            .path(p(2, 2), p(3, 3))
            .map(|p| p.cost_ft)
    };
    // Past the enemy's corner: round it, two steps.
    assert_eq!(cost(vec![enemy], true), Ok(10));
    // Before the rule (a fight begun earlier), or past an ally, the diagonal is one step.
    assert_eq!(cost(vec![enemy], false), Ok(5));
    assert_eq!(cost(vec![ally], true), Ok(5));
    // An enemy the mover may pass (as difficult terrain) bars no corner.
    let passable = Moves::new(&passage, 1, vec![enemy])
        .with_enemies(EnemyRule::Difficult)
        .with_enemy_corners(true)
        .path(p(2, 2), p(3, 3))
        .map(|p| p.cost_ft);
    assert_eq!(passable, Ok(5));
}

/// A small grid with walls, difficult squares and foes and allies, from generated numbers.
fn scattered(walls: &[(u16, u16, bool)], rough: &[(u16, u16)]) -> Grid {
    let mut g = Grid::new(8, 8, 5);
    for &(x, y, across) in walls {
        // One wall edge from corner (x, y): along the row or down the column.
        let (x2, y2) = if across { (x + 1, y) } else { (x, y + 1) };
        for e in crate::space::grid::Edge::line(x, y, x2, y2).expect("a unit edge") {
            g.set_wall(e, Some(WallKind::Wall));
        }
    }
    for &(x, y) in rough {
        g.set_difficult(p(x, y), true);
    }
    g
}

/// Wall edges for [`scattered`]: from a corner, along the row or down the column.
fn walls(most: usize) -> impl proptest::strategy::Strategy<Value = Vec<(u16, u16, bool)>> {
    proptest::collection::vec((0u16..8, 0u16..8, proptest::bool::ANY), 0..most)
}

/// Difficult squares for [`scattered`].
fn rough() -> impl proptest::strategy::Strategy<Value = Vec<(u16, u16)>> {
    proptest::collection::vec((0u16..8, 0u16..8), 0..10)
}

/// People on the small grid, one square each: where, and whether an ally of the mover.
fn people() -> impl proptest::strategy::Strategy<Value = Vec<(u16, u16, bool)>> {
    proptest::collection::vec((0u16..8, 0u16..8, proptest::bool::ANY), 0..6)
}

/// The generated people as occupants, leaving out any standing where the mover (`me`) stands.
fn occupants_clear_of(people: &[(u16, u16, bool)], me: Footprint) -> Vec<Occupant> {
    people
        .iter()
        .map(|&(x, y, ally)| Occupant { at: Footprint { at: p(x, y), size: 1 }, ally })
        .filter(|o| !o.at.overlaps(me))
        .collect()
}

proptest::proptest! {
    /// The shortcuts the tactics and the Charge take agree with the search: a plain step is
    /// the cheapest way to its square, and each square's cost along a found path is the cost
    /// of the cheapest path to it.
    #[test]
    fn plain_steps_and_costs_along_a_path_agree_with_the_search(
        walls in walls(14),
        rough in rough(),
        people in people(),
        corners in proptest::bool::ANY,
        (fx, fy, tx, ty) in (0u16..8, 0u16..8, 0u16..8, 0u16..8),
    ) {
        let g = scattered(&walls, &rough);
        let passage = Passage::new(&g);
        let from = p(fx, fy);
        let occupants = occupants_clear_of(&people, Footprint { at: from, size: 1 });
        let moves = Moves::new(&passage, 1, occupants).with_enemy_corners(corners);
        for (dx, dy) in STEPS {
            let Some(to) = offset(from, dx, dy) else { continue };
            if to.x >= 8 || to.y >= 8 {
                continue;
            }
            // A path of just the two squares exists exactly when the step has a cost.
            let direct = moves.path(from, to).ok().filter(|path| path.squares.len() == 2);
            if let Some(path) = &direct {
                proptest::prop_assert_eq!(moves.step_cost(from, to), Some(path.cost_ft));
            } else if moves.step_cost(from, to).is_some() {
                proptest::prop_assert!(moves.can_end(to).is_err() || moves.path(from, to).is_ok());
            }
            if !moves.plain_step(from, to) {
                continue;
            }
            let path = moves.path(from, to).expect("a plain step is a path");
            proptest::prop_assert_eq!(path.squares, vec![from, to]);
            proptest::prop_assert_eq!(path.cost_ft, moves.square_ft());
        }
        if let Ok(path) = moves.path(from, p(tx, ty)) {
            proptest::prop_assert_eq!(path.costs_ft.len(), path.squares.len());
            proptest::prop_assert_eq!(path.costs_ft.last().copied(), Some(path.cost_ft));
            for (at, cost) in path.squares.iter().zip(&path.costs_ft).skip(1) {
                // Squares it only passes (an ally's) cannot be a path's end: skip those.
                if let Ok(own) = moves.path(from, *at) {
                    proptest::prop_assert_eq!(own.cost_ft, *cost, "{:?}", at);
                }
            }
        }
    }
}

proptest::proptest! {
    /// The enemy table the searches read says, for every top-left square, what asking each
    /// enemy in turn says: barred when one that may not be passed overlaps the mover there,
    /// difficult when only passable ones do — for movers and enemies of any size, each rule.
    #[test]
    fn the_enemy_table_agrees_with_asking_each_enemy(
        (w, h) in (1u16..12, 1u16..12),
        people in proptest::collection::vec((0u16..14, 0u16..14, 0u8..4, proptest::bool::ANY), 0..8),
        size in 0u8..4,
        rule in proptest::sample::select(vec![EnemyRule::BySize, EnemyRule::Block, EnemyRule::Difficult]),
    ) {
        let g = Grid::new(w, h, 5);
        let passage = Passage::new(&g);
        let occupants: Vec<Occupant> = people
            .iter()
            .map(|&(x, y, s, ally)| Occupant { at: Footprint { at: p(x, y), size: s }, ally })
            .collect();
        let moves = Moves::new(&passage, size, occupants.clone()).with_enemies(rule);
        for y in 0..h {
            for x in 0..w {
                let me = Footprint { at: p(x, y), size };
                let over = occupants.iter().filter(|o| !o.ally && o.at.overlaps(me));
                let expected = over.fold(CLEAR, |m, o| m.max(if moves.passes(o) { THROUGH } else { BARRED }));
                proptest::prop_assert_eq!(moves.enemy_at(p(x, y)), expected, "at ({}, {})", x, y);
            }
        }
    }
}

proptest::proptest! {
    /// The steps a search remembers per square are the ones the walls allow, asked first or
    /// again, for movers of any size.
    #[test]
    fn remembered_steps_are_the_walls_steps(
        walls in walls(14),
        size in 1u8..4,
    ) {
        let g = scattered(&walls, &[]);
        let passage = Passage::new(&g);
        let moves = Moves::new(&passage, size, Vec::new());
        for _ in 0..2 {
            for y in 0..9 {
                for x in 0..9 {
                    for (i, (dx, dy)) in STEPS.into_iter().enumerate() {
                        let expected = passage.step(p(x, y), size, dx, dy);
                        proptest::prop_assert_eq!(moves.step(p(x, y), i), expected, "({}, {}) by {:?}", x, y, (dx, dy));
                    }
                }
            }
        }
    }
}

proptest::proptest! {
    /// One search for several squares finds what a search for each would: the cheapest
    /// that the mover may end on, then the first by row and column — or none when no path
    /// reaches any. Walls, rough ground, people, large movers.
    #[test]
    fn the_nearest_of_several_squares_is_the_cheapest_of_their_own_searches(
        walls in walls(18),
        rough in rough(),
        people in people(),
        goals in proptest::collection::vec((0u16..9, 0u16..9), 0..9),
        size in 1u8..3,
        (fx, fy) in (0u16..7, 0u16..7),
    ) {
        let g = scattered(&walls, &rough);
        let passage = Passage::new(&g);
        let from = p(fx, fy);
        let occupants = occupants_clear_of(&people, Footprint { at: from, size });
        let moves = Moves::new(&passage, size, occupants).with_enemy_corners(true);
        let goals: Vec<GridPos> = goals.iter().map(|&(x, y)| p(x, y)).collect();
        let each = goals
            .iter()
            .filter_map(|g| moves.path(from, *g).ok().map(|path| (path.cost_ft, g.y, g.x)))
            .min()
            .map(|(cost, y, x)| (p(x, y), cost));
        proptest::prop_assert_eq!(moves.nearest(from, &goals), each);
    }
}

/// A mover standing off the grid (a square kept from a larger grid) finds no way and no
/// square: nothing is read past a row's end.
#[test]
fn a_start_off_the_grid_finds_nothing() {
    let g = Grid::new(4, 3, 5);
    let passage = Passage::new(&g);
    let moves = Moves::new(&passage, 1, Vec::new());
    for from in [p(4, 0), p(9, 1), p(0, 3), p(60_000, 60_000)] {
        assert_eq!(moves.path(from, p(1, 1)), Err(MoveRefusal::NoWay(p(1, 1))), "{from}");
        assert!(moves.reachable(from, 100).is_empty(), "{from}");
        assert_eq!(moves.nearest(from, &[p(1, 1), p(2, 2)]), None, "{from}");
    }
}
