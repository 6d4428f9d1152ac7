//! The 5-ft grid: its size, the walls on its edges, difficult squares, and where a combatant
//! stands on it (its top-left square and its size in squares).
//!
//! Squares are `(x, y)` from the top-left, `0..width` and `0..height`. A wall lies on one unit
//! edge of the grid: a horizontal edge `(x, y)` runs from the corner `(x, y)` to `(x + 1, y)`
//! (the top of square `(x, y)`), a vertical edge from `(x, y)` to `(x, y + 1)` (its left side).

use serde::{Deserialize, Serialize};

/// The most squares a grid may have on a side (a 500 ft hall at 5 ft a square).
pub const MAX_SIDE: u16 = 200;

/// The largest footprint, in squares on a side (a gargantuan creature).
pub const MAX_SIZE: u8 = 4;

/// A square of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GridPos {
    /// Column, from the left.
    pub x: u16,
    /// Row, from the top.
    pub y: u16,
}

impl std::fmt::Display for GridPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Which way a unit edge runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// From `(x, y)` to `(x + 1, y)`.
    Horizontal,
    /// From `(x, y)` to `(x, y + 1)`.
    Vertical,
}

/// One unit edge of the grid, named by its first corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Edge {
    /// Corner column.
    pub x: u16,
    /// Corner row.
    pub y: u16,
    /// Which way it runs.
    pub axis: Axis,
}

impl Edge {
    /// The edge's two corners.
    pub fn ends(self) -> [(u16, u16); 2] {
        match self.axis {
            Axis::Horizontal => [(self.x, self.y), (self.x + 1, self.y)],
            Axis::Vertical => [(self.x, self.y), (self.x, self.y + 1)],
        }
    }

    /// The unit edges of a straight wall from corner `(x1, y1)` to `(x2, y2)` (a row or a
    /// column of the grid's lines); `None` when it is neither or has no length.
    pub fn line(x1: u16, y1: u16, x2: u16, y2: u16) -> Option<Vec<Edge>> {
        if y1 == y2 && x1 != x2 {
            let (a, b) = (x1.min(x2), x1.max(x2));
            Some((a..b).map(|x| Edge { x, y: y1, axis: Axis::Horizontal }).collect())
        } else if x1 == x2 && y1 != y2 {
            let (a, b) = (y1.min(y2), y1.max(y2));
            Some((a..b).map(|y| Edge { x: x1, y, axis: Axis::Vertical }).collect())
        } else {
            None
        }
    }
}

/// What stands on an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum WallKind {
    /// Blocks movement and sight.
    Wall,
    /// A door: an open one blocks nothing, a closed one blocks both.
    Door {
        /// Whether it stands open.
        open: bool,
    },
    /// Sight passes, movement does not (a window, an arrow slit, bars).
    Window,
}

impl WallKind {
    /// Whether nobody may cross it.
    pub fn blocks_movement(self) -> bool {
        !matches!(self, WallKind::Door { open: true })
    }

    /// Whether no line of sight may cross it.
    pub fn blocks_sight(self) -> bool {
        matches!(self, WallKind::Wall | WallKind::Door { open: false })
    }

    /// The GM's word for it.
    pub fn label(self) -> &'static str {
        match self {
            WallKind::Wall => "wall",
            WallKind::Door { open: true } => "open door",
            WallKind::Door { open: false } => "closed door",
            WallKind::Window => "window",
        }
    }
}

/// A wall, door or window on one edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wall {
    /// Where.
    pub edge: Edge,
    /// What.
    pub kind: WallKind,
}

/// A battle map under the grid: an image stored with the encounter, placed by its top-left
/// corner and scale in squares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BattleMap {
    /// Key of the image in the database (the core never reads the bytes).
    pub image: String,
    /// Squares the image spans across.
    pub width_squares: f32,
    /// Squares the image spans down.
    pub height_squares: f32,
    /// Where its top-left corner lies, in squares (may be fractional to align it).
    pub offset_x: f32,
    /// See `offset_x`.
    pub offset_y: f32,
}

/// A grid battlefield.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Grid {
    /// Squares across.
    pub width: u16,
    /// Squares down.
    pub height: u16,
    /// Feet a square measures (5 in every text Fray knows).
    pub feet: u16,
    /// Walls, doors and windows, sorted by edge, at most one per edge.
    #[serde(default)]
    pub walls: Vec<Wall>,
    /// Squares that cost double to enter, sorted.
    #[serde(default)]
    pub difficult: Vec<GridPos>,
    /// The battle map drawn under the squares, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<BattleMap>,
}

impl Grid {
    /// An empty grid.
    pub fn new(width: u16, height: u16, feet: u16) -> Self {
        Self { width, height, feet, walls: Vec::new(), difficult: Vec::new(), map: None }
    }

    /// What stands on `edge`, if anything.
    pub fn wall(&self, edge: Edge) -> Option<WallKind> {
        self.walls.binary_search_by(|w| w.edge.cmp(&edge)).ok().map(|i| self.walls[i].kind)
    }

    /// Puts `kind` on `edge` (`None` clears it). Keeps the list sorted.
    pub fn set_wall(&mut self, edge: Edge, kind: Option<WallKind>) {
        match (self.walls.binary_search_by(|w| w.edge.cmp(&edge)), kind) {
            (Ok(i), Some(kind)) => self.walls[i].kind = kind,
            (Ok(i), None) => {
                self.walls.remove(i);
            }
            (Err(i), Some(kind)) => self.walls.insert(i, Wall { edge, kind }),
            (Err(_), None) => {}
        }
    }

    /// Whether `at` costs double to enter.
    pub fn is_difficult(&self, at: GridPos) -> bool {
        self.difficult.binary_search(&at).is_ok()
    }

    /// Marks or clears a difficult square. Keeps the list sorted.
    pub fn set_difficult(&mut self, at: GridPos, on: bool) {
        match (self.difficult.binary_search(&at), on) {
            (Err(i), true) => self.difficult.insert(i, at),
            (Ok(i), false) => {
                self.difficult.remove(i);
            }
            _ => {}
        }
    }

    /// Whether an edge lies on the grid (the outer border included).
    pub fn has_edge(&self, edge: Edge) -> bool {
        match edge.axis {
            Axis::Horizontal => edge.x < self.width && edge.y <= self.height,
            Axis::Vertical => edge.x <= self.width && edge.y < self.height,
        }
    }

    /// Whether a footprint of `size` squares on a side with its top-left at `at` lies on the
    /// grid.
    pub fn fits(&self, at: GridPos, size: u8) -> bool {
        u32::from(at.x) + u32::from(size) <= u32::from(self.width)
            && u32::from(at.y) + u32::from(size) <= u32::from(self.height)
    }
}

/// Where a combatant stands: its top-left square and its size in squares on a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Footprint {
    /// Top-left square.
    pub at: GridPos,
    /// Squares on a side (1 medium, 2 large...).
    pub size: u8,
}

impl Footprint {
    /// Whether a square is under it.
    pub fn covers(self, p: GridPos) -> bool {
        let size = u16::from(self.size);
        (self.at.x..self.at.x + size).contains(&p.x) && (self.at.y..self.at.y + size).contains(&p.y)
    }

    /// Whether two footprints share a square.
    pub fn overlaps(self, other: Footprint) -> bool {
        let (a, b) = (self, other);
        let (sa, sb) = (u16::from(a.size), u16::from(b.size));
        a.at.x < b.at.x + sb && b.at.x < a.at.x + sa && a.at.y < b.at.y + sb && b.at.y < a.at.y + sa
    }

    /// Squares between two footprints the way the texts count them: diagonals are adjacent, so
    /// it is the larger of the gaps across and down (1 when they touch, 0 when they overlap).
    pub fn squares_to(self, other: Footprint) -> u16 {
        let gap = |a: u16, sa: u8, b: u16, sb: u8| -> u16 {
            let (a_end, b_end) = (a + u16::from(sa) - 1, b + u16::from(sb) - 1);
            b.saturating_sub(a_end).max(a.saturating_sub(b_end))
        };
        gap(self.at.x, self.size, other.at.x, other.size)
            .max(gap(self.at.y, self.size, other.at.y, other.size))
    }

    /// Squares covered, row by row.
    pub fn squares(self) -> impl Iterator<Item = GridPos> {
        let size = u16::from(self.size);
        (self.at.y..self.at.y + size)
            .flat_map(move |y| (self.at.x..self.at.x + size).map(move |x| GridPos { x, y }))
    }
}

/// A radius of `r` squares as an area: the square of side `2r` centred on a corner of the
/// grid (`corner` is that corner), clipped to the grid. For blasts and auras.
pub fn radius_area(grid: &Grid, corner: (u16, u16), r: u16) -> Vec<GridPos> {
    let x0 = corner.0.saturating_sub(r);
    let y0 = corner.1.saturating_sub(r);
    let x1 = (corner.0 + r).min(grid.width);
    let y1 = (corner.1 + r).min(grid.height);
    (y0..y1).flat_map(|y| (x0..x1).map(move |x| GridPos { x, y })).collect()
}

/// A straight wall for tests: from corner to corner, of one kind.
#[cfg(test)]
pub(crate) type WallLine = ((u16, u16), (u16, u16), WallKind);

/// A 10×10 grid with these walls, for tests.
#[cfg(test)]
pub(crate) fn walled(lines: &[WallLine]) -> Grid {
    let mut g = Grid::new(10, 10, 5);
    for &((x1, y1), (x2, y2), kind) in lines {
        for e in Edge::line(x1, y1, x2, y2).expect("a straight wall") {
            g.set_wall(e, Some(kind));
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_radius_is_a_square_of_twice_its_side_clipped_to_the_grid() {
        let g = Grid::new(10, 10, 5);
        let area = radius_area(&g, (5, 5), 2);
        assert_eq!(area.len(), 16, "4 × 4 squares");
        assert_eq!(area.first(), Some(&GridPos { x: 3, y: 3 }));
        assert_eq!(area.last(), Some(&GridPos { x: 6, y: 6 }));
        // At the corner of the grid, only what lies on it.
        assert_eq!(radius_area(&g, (0, 0), 2).len(), 4);
    }

    #[test]
    fn distances_count_diagonals_as_adjacent_between_nearest_squares() {
        let one = |x, y| Footprint { at: GridPos { x, y }, size: 1 };
        assert_eq!(one(0, 0).squares_to(one(3, 1)), 3);
        assert_eq!(one(0, 0).squares_to(one(1, 1)), 1);
        let big = Footprint { at: GridPos { x: 2, y: 2 }, size: 2 };
        assert_eq!(one(0, 0).squares_to(big), 2, "to its nearest square (2, 2)");
        assert_eq!(one(4, 3).squares_to(big), 1);
        assert_eq!(one(3, 3).squares_to(big), 0, "under it");
        assert!(big.covers(GridPos { x: 3, y: 3 }) && !big.covers(GridPos { x: 4, y: 3 }));
    }

    #[test]
    fn an_encounter_stored_before_the_grid_still_loads() {
        // A combatant and an encounter as they were written before grids existed.
        let old = serde_json::json!({
            "system": "freeform", "name": "Old", "seed": 1, "sides": {}, "zones": {},
            "combatants": {"3": {"id": 3, "name": "Harald", "side": 1, "zone": null}},
            "round": 0, "phase": "", "order": [], "turn": null, "settings": {}, "next_id": 4
        });
        // Its `system` is read as an id the registry handed over.
        crate::systems::registry();
        let enc: crate::encounter::Encounter = serde_json::from_value(old).unwrap();
        assert!(enc.grid.is_none());
        let c = enc.combatants.values().next().unwrap();
        assert_eq!((c.square, c.size), (None, 1));
        // And it is written as before: no grid fields when there is no grid.
        let back = serde_json::to_value(&enc).unwrap();
        assert!(back.get("grid").is_none());
        assert!(back["combatants"]["3"].get("square").is_none());
        assert!(back["combatants"]["3"].get("size").is_none());
    }
}
