//! The way through closed doors: where a mover must stop to open one. A fight on a grid that
//! nobody can walk through as it stands (a party outside a tower whose door is shut) is
//! still a fight; these answer what the simulator's tactics, and the stalemate check, need.

use super::super::grid::{Axis, Edge, Footprint, Grid, GridPos, WallKind};
use super::Path;

/// `grid` with every closed door standing open: the ways a mover has once it opens doors.
pub fn doors_opened(grid: &Grid) -> Grid {
    let mut open = grid.clone();
    for wall in &mut open.walls {
        if wall.kind == (WallKind::Door { open: false }) {
            wall.kind = WallKind::Door { open: true };
        }
    }
    open
}

/// Whether `grid` has a closed door.
pub fn has_closed_door(grid: &Grid) -> bool {
    grid.walls.iter().any(|w| w.kind == WallKind::Door { open: false })
}

/// On `path` (found with the doors opened) of a mover of `size`, the first step that goes
/// through a door closed on `grid`: the index of the square before it, and that step's
/// closed door edges (a wide mover or a diagonal may cross more than one).
pub fn first_closed_door(grid: &Grid, path: &Path, size: u8) -> Option<(usize, Vec<Edge>)> {
    path.squares.windows(2).enumerate().find_map(|(i, pair)| {
        let doors: Vec<Edge> = crossed_edges(pair[0], pair[1], size)
            .filter(|e| grid.wall(*e) == Some(WallKind::Door { open: false }))
            .collect();
        (!doors.is_empty()).then_some((i, doors))
    })
}

/// The closed doors of `grid` on the sides `a` and `b` share: what stands between two
/// footprints side by side.
pub fn closed_between(grid: &Grid, a: Footprint, b: Footprint) -> Vec<Edge> {
    let mut out = Vec::new();
    for p in a.squares() {
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        let sides = [
            (x + 1, y, Edge { x: p.x + 1, y: p.y, axis: Axis::Vertical }),
            (x - 1, y, Edge { x: p.x, y: p.y, axis: Axis::Vertical }),
            (x, y + 1, Edge { x: p.x, y: p.y + 1, axis: Axis::Horizontal }),
            (x, y - 1, Edge { x: p.x, y: p.y, axis: Axis::Horizontal }),
        ];
        for (x, y, edge) in sides {
            let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) else { continue };
            let closed = grid.wall(edge) == Some(WallKind::Door { open: false });
            if closed && b.covers(GridPos { x, y }) {
                out.push(edge);
            }
        }
    }
    out
}

/// The edges inside the rectangle a step of a mover of `size` from `a` to `b` sweeps: every
/// edge the step may cross.
fn crossed_edges(a: GridPos, b: GridPos, size: u8) -> impl Iterator<Item = Edge> {
    let s = u16::from(size);
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x) + s);
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y) + s);
    let vertical =
        (x0 + 1..x1).flat_map(move |x| (y0..y1).map(move |y| Edge { x, y, axis: Axis::Vertical }));
    let horizontal = (y0 + 1..y1)
        .flat_map(move |y| (x0..x1).map(move |x| Edge { x, y, axis: Axis::Horizontal }));
    vertical.chain(horizontal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::path::{Moves, Passage};

    /// A room 6 × 4 with a wall down x = 3 and a closed door in it at row 1.
    fn walled() -> Grid {
        let mut grid = Grid::new(6, 4, 5);
        for edge in Edge::line(3, 0, 3, 4).unwrap() {
            grid.set_wall(edge, Some(WallKind::Wall));
        }
        grid.set_wall(
            Edge { x: 3, y: 1, axis: Axis::Vertical },
            Some(WallKind::Door { open: false }),
        );
        grid
    }

    #[test]
    fn the_way_through_a_closed_door_stops_before_it() {
        let grid = walled();
        let (from, to) = (GridPos { x: 0, y: 3 }, GridPos { x: 5, y: 3 });
        let shut = Passage::new(&grid);
        assert!(Moves::new(&shut, 1, Vec::new()).path(from, to).is_err(), "no way while shut");
        let opened = doors_opened(&grid);
        assert!(has_closed_door(&grid) && !has_closed_door(&opened));
        let passage = Passage::new(&opened);
        let path = Moves::new(&passage, 1, Vec::new()).path(from, to).unwrap();
        let (i, doors) = first_closed_door(&grid, &path, 1).unwrap();
        assert_eq!(doors, [Edge { x: 3, y: 1, axis: Axis::Vertical }]);
        // The square before the door is next to it, on the near side.
        assert_eq!(path.squares[i], GridPos { x: 2, y: 1 });
        assert_eq!(first_closed_door(&opened, &path, 1), None);
        // Two squares either side of the door: it stands between them.
        let foot = |x, y| Footprint { at: GridPos { x, y }, size: 1 };
        assert_eq!(closed_between(&grid, foot(2, 1), foot(3, 1)), doors);
        assert_eq!(closed_between(&grid, foot(3, 1), foot(2, 1)), doors);
        assert!(closed_between(&grid, foot(2, 2), foot(3, 2)).is_empty());
    }

    #[test]
    fn a_step_crosses_the_edges_inside_what_it_sweeps() {
        let edges = |a: (u16, u16), b: (u16, u16), size| {
            crossed_edges(GridPos { x: a.0, y: a.1 }, GridPos { x: b.0, y: b.1 }, size)
                .map(|e| (e.x, e.y, e.axis == Axis::Vertical))
                .collect::<Vec<_>>()
        };
        assert_eq!(edges((2, 1), (3, 1), 1), [(3, 1, true)]);
        assert_eq!(edges((2, 1), (2, 0), 1), [(2, 1, false)]);
        // A diagonal: the four edges round the corner it passes.
        assert_eq!(
            edges((2, 1), (3, 2), 1),
            [(3, 1, true), (3, 2, true), (2, 2, false), (3, 2, false)]
        );
    }
}
