//! How Sovereign is fought when the app plays it (encounter odds).

use super::block::SovBlock;
use super::model::{Manner, SovCommand};
use super::movement::{feet_left, move_ft};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::reach;
use crate::simulate::policy::{self, LAST_RESORT, Look, Tactics, target_worth};
use crate::space::grid::{Footprint, Grid, GridPos};
use crate::space::path::{Moves, Passage, Path, doors};
use crate::space::sight::Sight;
use crate::space::{self};
use crate::system::Owned;
use crate::system::{Prompt, PromptOption, Rules};

/// The Sovereign way of fighting.
pub struct SovTactics;

impl Tactics for SovTactics {
    fn assumptions(&self) -> &'static [&'static str] {
        &[
            "Nobody is caught unaware and nobody is executed before the fight; sides roll initiative by the rules.",
            "On its turn each combatant attacks the best foe still standing it can (two weapons when it has them), walking first toward the nearest foe by the shortest path — within its Move when that reaches, else spending its Main as a second Move; no charges, swarms, shoves, screens or held actions.",
            "A character at 0 HP next to an ally is given first aid when the ally can; Veteran's Luck is used whenever it helps; nobody takes Total Defense.",
            "Every foe strikes at one walking out of its reach; foes at half HP fight on unless the 2d6 morale setting is on, then they roll.",
        ]
    }

    fn worth(&self, enc: &Encounter, _: &Prompt, option: &PromptOption, _: &Look) -> Option<i32> {
        let command = super::Sovereign::own_ref(&option.command)?;
        match command {
            // The rules let the helpless be struck (rules edition 2); the app's sides do not
            // waste blows on them while anyone stands, as before that edition.
            SovCommand::Attack { target, .. }
                if enc.combatant(*target).is_none_or(super::block::is_out) =>
            {
                None
            }
            SovCommand::Attack { attacker, target, manner, .. } => {
                let bonus = match manner {
                    Manner::Plain => 0,
                    Manner::Dual => 1,
                    _ => return None,
                };
                Some(100 + bonus + target_worth(&super::Sovereign, enc, *attacker, *target) / 100)
            }
            SovCommand::Heal { healer, .. } if enc.is_party(*healer) => Some(120),
            SovCommand::Luck { .. } => Some(20),
            SovCommand::Answer { total_defense: false } => Some(0),
            SovCommand::Opportunity { strike: true, .. } => Some(50),
            SovCommand::Opportunity { strike: false, .. } => Some(LAST_RESORT),
            SovCommand::Reload { .. } => Some(30),
            SovCommand::StandUp { .. } => Some(40),
            SovCommand::Morale { retreats: None, .. } => Some(1),
            SovCommand::Morale { retreats: Some(false), .. } => Some(0),
            _ => None,
        }
    }

    /// A bow, a sling or a weapon thrown: a foe in sight is a foe it can strike.
    fn shoots(&self, _enc: &Encounter, c: &crate::encounter::Combatant) -> bool {
        SovBlock::of(c).is_ok_and(|b| b.attacks.iter().any(|w| w.ranged()))
    }

    /// The acting combatant, with no foe next to it: an archer with no foe in sight and range
    /// takes the nearest square that has one; otherwise it walks toward the nearest foe it
    /// can reach, by the cheapest path round walls, within its Move when that ends next to
    /// the foe, else as far as its Move and Main allow. When only closed doors stand in the
    /// way, it walks to the first door on the way and opens it (its Move).
    fn own_move(&self, enc: &Encounter, _: &Look) -> Option<Command> {
        let system = &super::Sovereign;
        let id = *system.acting(enc).first()?;
        let me = enc.combatant(id)?;
        let standing = |c: &&crate::encounter::Combatant| {
            policy::foes(enc, id, c.id) && !system.is_out(enc, c)
        };
        if enc.combatants.values().filter(standing).any(|c| reach::in_melee(enc, me, c)) {
            return None;
        }
        let grid = enc.grid.as_ref()?;
        let passage = Passage::new(grid);
        let moves = reach::moves(enc, &passage, me);
        let from = me.square?;
        let left = feet_left(enc, id);
        // Keep the Main for the attack when one Move is enough.
        let main_unspent = !enc.sovereign().mains.contains(&id);
        let one_move = if main_unspent { left.saturating_sub(move_ft(me)) } else { left };
        // The foes by straight distance; the first with a way to it is walked to.
        let mut foes: Vec<_> = enc
            .combatants
            .values()
            .filter(standing)
            .filter_map(|c| Some((me.footprint()?.squares_to(c.footprint()?), c.footprint()?)))
            .collect();
        foes.sort_by_key(|(d, f)| (*d, f.at.y, f.at.x));
        let foes: Vec<Footprint> = foes.into_iter().map(|(_, f)| f).collect();
        if let Some(to) = archer_square(grid, me, &foes, &moves, left) {
            return Some(Command::Step { id, to });
        }
        if let Some((path, _)) = way_to(&passage, &moves, from, &foes, me.size) {
            return walk(&moves, from, &path, one_move, left).map(|to| Command::Step { id, to });
        }
        // No way as the doors stand: the way with every door open, up to its first door.
        if !doors::has_closed_door(grid) {
            return None;
        }
        let opened = doors::doors_opened(grid);
        let opened_passage = Passage::new(&opened);
        let opened_moves = reach::moves(enc, &opened_passage, me);
        let (path, foe) = way_to(&opened_passage, &opened_moves, from, &foes, me.size)?;
        // The first door on the way, or else one between its end and the foe (the blow's).
        let (stand, edges) = match doors::first_closed_door(grid, &path, me.size) {
            Some((before, edges)) => (path.squares[before], edges),
            None => {
                let end = *path.squares.last()?;
                (end, doors::closed_between(grid, Footprint { at: end, size: me.size }, foe))
            }
        };
        if stand == from {
            let in_reach = super::door::doors_in_reach(enc, id);
            let edge = edges.into_iter().find(|e| in_reach.contains(&(*e, false)))?;
            return Some(SovCommand::Door { id, edge }.into());
        }
        let to_door = moves.path(from, stand).ok()?;
        walk(&moves, from, &to_door, one_move, left).map(|to| Command::Step { id, to })
    }
}

/// The cheapest way from `from` to a square from which the first of `foes` (nearest first)
/// that has one can be struck (next to it, no wall of `passage` between).
fn way_to(
    passage: &Passage,
    moves: &Moves<'_>,
    from: GridPos,
    foes: &[Footprint],
    size: u8,
) -> Option<(Path, Footprint)> {
    foes.iter().find_map(|foe| {
        let squares: Vec<GridPos> = next_to(*foe, size)
            .filter(|at| space::strikes(passage, Footprint { at: *at, size }, *foe))
            .collect();
        // One search finds the cheapest of them (then the first by row and column); the
        // path to it is the one a search for it alone takes.
        let (at, _) = moves.nearest(from, &squares)?;
        Some((moves.path(from, at).ok()?, *foe))
    })
}

/// The farthest square along `path` where the mover may stop: within one Move when the
/// whole path fits in it (the Main kept for the attack), else within all it has left.
fn walk(
    moves: &Moves<'_>,
    from: GridPos,
    path: &Path,
    one_move: u32,
    left: u32,
) -> Option<GridPos> {
    let budget = if path.cost_ft <= one_move { one_move } else { left };
    // Each square's cost along the cheapest path is its own cheapest cost: no search again.
    path.squares
        .iter()
        .zip(&path.costs_ft)
        .rev()
        .find(|(at, cost)| **at != from && **cost <= budget && moves.can_end(**at).is_ok())
        .map(|(at, _)| *at)
}

/// For a combatant with a weapon that shoots and no standing foe in its sight and range from
/// where it stands: the cheapest square within what it has left from which one is (a bow
/// behind a wall steps to the window or round the corner).
fn archer_square(
    grid: &Grid,
    me: &crate::encounter::Combatant,
    foes: &[Footprint],
    moves: &Moves<'_>,
    left: u32,
) -> Option<GridPos> {
    let block = SovBlock::of(me).ok()?;
    let reach_ft = block
        .attacks
        .iter()
        .filter(|w| w.ranged() && !w.thrown)
        .filter_map(|w| w.range.map(|r| w.long_range.unwrap_or(r).max(r)))
        .max()?;
    let here = me.footprint()?;
    let sight = Sight::new(grid);
    let shoots = |at: Footprint| {
        foes.iter().any(|f| {
            u32::from(at.squares_to(*f)) * u32::from(grid.feet) <= reach_ft
                && sight.line_of_sight(at, *f)
        })
    };
    if shoots(here) {
        return None;
    }
    moves
        .reachable(here.at, left)
        .into_iter()
        .filter(|(at, _)| shoots(Footprint { at: *at, size: me.size }))
        .min_by_key(|(at, cost)| (*cost, at.y, at.x))
        .map(|(at, _)| at)
}

/// The top-left squares from which a mover of `size` stands next to `foe`.
fn next_to(foe: Footprint, size: u8) -> impl Iterator<Item = GridPos> {
    let (s, f) = (i32::from(size), i32::from(foe.size));
    let (x0, y0) = (i32::from(foe.at.x), i32::from(foe.at.y));
    (y0 - s..=y0 + f).flat_map(move |y| (x0 - s..=x0 + f).map(move |x| (x, y))).filter_map(
        move |(x, y)| {
            let at = GridPos { x: u16::try_from(x).ok()?, y: u16::try_from(y).ok()? };
            let here = Footprint { at, size };
            (here.squares_to(foe) == 1).then_some(at)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::grid::{Edge, WallKind};
    use crate::space::path::Occupant;

    proptest::proptest! {
        /// Skipping the squares that cannot beat the best found changes nothing: the same foe,
        /// square and path as searching every square next to every foe in turn.
        #[test]
        fn the_way_to_a_foe_is_the_one_a_search_of_every_square_finds(
            walls in proptest::collection::vec((0u16..10, 0u16..10, proptest::bool::ANY), 0..20),
            foes in proptest::collection::vec((0u16..10, 0u16..10), 1..4),
            (fx, fy) in (0u16..10, 0u16..10),
        ) {
            let mut grid = Grid::new(10, 10, 5);
            for &(x, y, across) in &walls {
                let (x2, y2) = if across { (x + 1, y) } else { (x, y + 1) };
                for e in Edge::line(x, y, x2, y2).expect("a unit edge") {
                    grid.set_wall(e, Some(WallKind::Wall));
                }
            }
            let from = GridPos { x: fx, y: fy };
            let foes: Vec<Footprint> = foes
                .iter()
                .filter(|(x, y)| (*x, *y) != (fx, fy))
                .map(|&(x, y)| Footprint { at: GridPos { x, y }, size: 1 })
                .collect();
            let occupants = foes.iter().map(|f| Occupant { at: *f, ally: false }).collect();
            let passage = Passage::new(&grid);
            let moves = Moves::new(&passage, 1, occupants);
            let every = foes.iter().find_map(|foe| {
                next_to(*foe, 1)
                    .filter(|at| space::strikes(&passage, Footprint { at: *at, size: 1 }, *foe))
                    .filter_map(|at| moves.path(from, at).ok())
                    .min_by_key(|p| (p.cost_ft, p.squares.last().map(|s| (s.y, s.x))))
                    .map(|path| (path, *foe))
            });
            proptest::prop_assert_eq!(way_to(&passage, &moves, from, &foes, 1), every);
        }
    }
}
