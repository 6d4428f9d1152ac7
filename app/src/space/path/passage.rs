//! The walls and difficult ground that movement reads, as dense tables: which straight and
//! diagonal steps a footprint may take as far as walls go.

use crate::space::grid::{Axis, Edge, Grid, GridPos};

/// The walls that stop movement, as dense tables for fast questions.
#[derive(Debug, Clone)]
pub struct Passage {
    pub(super) width: u16,
    pub(super) height: u16,
    /// Horizontal edges, `(height + 1) × width`.
    horizontal: Vec<bool>,
    /// Vertical edges, `height × (width + 1)`.
    vertical: Vec<bool>,
    /// Difficult squares, `height × width`.
    difficult: Vec<bool>,
    /// Feet a square.
    pub(super) feet: u32,
}

impl Passage {
    /// Indexes `grid`.
    pub fn new(grid: &Grid) -> Self {
        let (w, h) = (usize::from(grid.width), usize::from(grid.height));
        let mut p = Self {
            width: grid.width,
            height: grid.height,
            horizontal: vec![false; (h + 1) * w],
            vertical: vec![false; h * (w + 1)],
            difficult: vec![false; h * w],
            feet: u32::from(grid.feet),
        };
        for wall in grid.walls.iter().filter(|w| w.kind.blocks_movement()) {
            if grid.has_edge(wall.edge) {
                let (x, y) = (usize::from(wall.edge.x), usize::from(wall.edge.y));
                match wall.edge.axis {
                    Axis::Horizontal => p.horizontal[y * w + x] = true,
                    Axis::Vertical => p.vertical[y * (w + 1) + x] = true,
                }
            }
        }
        for d in &grid.difficult {
            if d.x < grid.width && d.y < grid.height {
                p.difficult[usize::from(d.y) * w + usize::from(d.x)] = true;
            }
        }
        p
    }

    /// Whether a wall on `edge` stops movement.
    pub fn blocked(&self, edge: Edge) -> bool {
        let (x, y, w) = (usize::from(edge.x), usize::from(edge.y), usize::from(self.width));
        match edge.axis {
            Axis::Horizontal => self.horizontal.get(y * w + x).copied().unwrap_or(true),
            Axis::Vertical => self.vertical.get(y * (w + 1) + x).copied().unwrap_or(true),
        }
    }

    pub(super) fn is_difficult(&self, p: GridPos) -> bool {
        self.difficult[usize::from(p.y) * usize::from(self.width) + usize::from(p.x)]
    }

    pub(super) fn fits(&self, at: GridPos, size: u8) -> bool {
        u32::from(at.x) + u32::from(size) <= u32::from(self.width)
            && u32::from(at.y) + u32::from(size) <= u32::from(self.height)
    }

    /// Whether a footprint may stand at `at` as far as walls go: on the grid, and no wall
    /// runs through it.
    pub fn can_stand(&self, at: GridPos, size: u8) -> bool {
        if !self.fits(at, size) {
            return false;
        }
        let s = u16::from(size);
        (1..s).all(|i| {
            (0..s).all(|j| {
                !self.blocked(Edge { x: at.x + i, y: at.y + j, axis: Axis::Vertical })
                    && !self.blocked(Edge { x: at.x + j, y: at.y + i, axis: Axis::Horizontal })
            })
        })
    }

    /// Whether a straight step (one of `dx`, `dy` zero) from `at` crosses no wall.
    pub(super) fn straight(&self, at: GridPos, size: u8, dx: i32, dy: i32) -> Option<GridPos> {
        let to = offset(at, dx, dy)?;
        if !self.fits(to, size) {
            return None;
        }
        let s = u16::from(size);
        let open = match (dx, dy) {
            (1, 0) => (0..s)
                .all(|j| !self.blocked(Edge { x: at.x + s, y: at.y + j, axis: Axis::Vertical })),
            (-1, 0) => {
                (0..s).all(|j| !self.blocked(Edge { x: at.x, y: at.y + j, axis: Axis::Vertical }))
            }
            (0, 1) => (0..s)
                .all(|i| !self.blocked(Edge { x: at.x + i, y: at.y + s, axis: Axis::Horizontal })),
            (0, -1) => {
                (0..s).all(|i| !self.blocked(Edge { x: at.x + i, y: at.y, axis: Axis::Horizontal }))
            }
            _ => false,
        };
        open.then_some(to)
    }

    /// Where a step of `(dx, dy)` from `at` lands, walls permitting: a diagonal needs both
    /// straight ways round its corner open.
    pub fn step(&self, at: GridPos, size: u8, dx: i32, dy: i32) -> Option<GridPos> {
        if dx == 0 || dy == 0 {
            return self.straight(at, size, dx, dy);
        }
        let a = self.straight(at, size, dx, 0)?;
        let b = self.straight(at, size, 0, dy)?;
        let to = self.straight(a, size, 0, dy)?;
        self.straight(b, size, dx, 0)?;
        Some(to)
    }
}

/// The square `(dx, dy)` from `at`, if it is on the non-negative grid.
pub(super) fn offset(at: GridPos, dx: i32, dy: i32) -> Option<GridPos> {
    let x = u16::try_from(i32::from(at.x) + dx).ok()?;
    let y = u16::try_from(i32::from(at.y) + dy).ok()?;
    Some(GridPos { x, y })
}
