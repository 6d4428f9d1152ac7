//! Where newcomers dropped on one square stand: the square itself when free, then the
//! nearest free squares by walking, so a group dropped by a wall stays on its side of it.
//! The core places added combatants with it and the board previews a party's drop with it.

use std::collections::VecDeque;

use crate::encounter::Encounter;
use crate::space::grid::{Footprint, GridPos};
use crate::space::path::{Passage, STEPS};

/// Up to `count` free squares for newcomers of one square each around `at`, nearest first;
/// fewer when no more can be reached without crossing a wall (none off the grid or on a
/// board of zones). Breadth-first: every square at most once, so bounded by the grid.
pub fn spread(enc: &Encounter, at: GridPos, count: usize) -> Vec<GridPos> {
    let Some(grid) = enc.grid.as_ref() else { return Vec::new() };
    if !grid.fits(at, 1) || count == 0 {
        return Vec::new();
    }
    let passage = Passage::new(grid);
    let taken: Vec<Footprint> = super::footprints(enc).map(|(_, f)| f).collect();
    let width = usize::from(grid.width);
    let mut seen = vec![false; width * usize::from(grid.height)];
    let index = |p: GridPos| usize::from(p.y) * width + usize::from(p.x);
    let mut queue = VecDeque::from([at]);
    seen[index(at)] = true;
    let mut found = Vec::with_capacity(count.min(seen.len()));
    while let Some(p) = queue.pop_front() {
        if !taken.iter().any(|f| f.covers(p)) {
            found.push(p);
            if found.len() == count {
                break;
            }
        }
        for (dx, dy) in STEPS {
            if let Some(next) = passage.step(p, 1, dx, dy)
                && !std::mem::replace(&mut seen[index(next)], true)
            {
                queue.push_back(next);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::grid::{Axis, Edge, Grid, WallKind};

    fn enc_with(grid: Option<Grid>) -> Encounter {
        let mut enc =
            Encounter::new(crate::systems::registry().get("sovereign").unwrap(), "Drop", 1);
        enc.grid = grid;
        enc
    }

    #[test]
    fn newcomers_take_the_drop_square_then_its_neighbours() {
        let enc = enc_with(Some(Grid::new(10, 10, 5)));
        let got = spread(&enc, GridPos { x: 4, y: 4 }, 3);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], GridPos { x: 4, y: 4 });
        for p in &got[1..] {
            assert!(p.x.abs_diff(4) <= 1 && p.y.abs_diff(4) <= 1, "{p:?} next to the drop");
        }
        assert_ne!(got[1], got[2]);
    }

    #[test]
    fn a_wall_keeps_the_group_on_its_side_and_a_full_room_gives_fewer() {
        // A 2×1 room at the left (x 0..2), walled off from the rest at x = 2.
        let mut grid = Grid::new(6, 1, 5);
        grid.set_wall(Edge { x: 2, y: 0, axis: Axis::Vertical }, Some(WallKind::Wall));
        let enc = enc_with(Some(grid));
        let got = spread(&enc, GridPos { x: 0, y: 0 }, 3);
        assert_eq!(got, vec![GridPos { x: 0, y: 0 }, GridPos { x: 1, y: 0 }]);
    }

    #[test]
    fn no_grid_or_a_drop_off_the_grid_places_nobody() {
        assert!(spread(&enc_with(None), GridPos { x: 0, y: 0 }, 1).is_empty());
        let enc = enc_with(Some(Grid::new(2, 2, 5)));
        assert!(spread(&enc, GridPos { x: 5, y: 0 }, 1).is_empty());
    }
}
