//! Moving on the grid: which steps are legal, what they cost, the cheapest path.
//!
//! Sovereign's rules, used for every procedure on a grid: a step goes to any of the eight
//! neighbouring squares (diagonals are adjacent and cost the same), never through a wall or a
//! closed door or a window, and never diagonally past a corner a wall touches (the two
//! straight ways round it must both be open — nor, from rules edition 1, past an enemy that
//! bars the way). Entering a difficult square costs double.
//! Allies may be passed through, enemies block — unless the mover is at least eight times
//! their size, when they only count as difficult. Nobody ends a move on an occupied square.

use super::grid::{Footprint, GridPos};
use std::cell::Cell;
use std::ops::ControlFlow;

/// Another combatant on the grid, as the mover sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occupant {
    /// Where it stands.
    pub at: Footprint,
    /// Whether it is on the mover's side (may be passed through).
    pub ally: bool,
}

/// A found path: the squares the mover's top-left passes, start and end included, and what
/// it costs in feet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    /// Top-left squares from the start to the end.
    pub squares: Vec<GridPos>,
    /// Feet of movement it takes.
    pub cost_ft: u32,
    /// Feet it takes to reach each of its squares (0 for the first, `cost_ft` for the last):
    /// each the cheapest way to that square, since a cheapest path is made of cheapest paths.
    pub costs_ft: Vec<u32>,
}

/// Why a move is not possible, in the GM's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefusal {
    /// The destination is off the grid (or the mover does not fit there).
    #[error("{0} is off the grid")]
    OffGrid(GridPos),
    /// Someone stands there.
    #[error("someone already stands at {0}")]
    Occupied(GridPos),
    /// Walls or enemies close every way.
    #[error("no way leads to {0}: walls or enemies are in the way")]
    NoWay(GridPos),
    /// The way is longer than the mover may go.
    #[error("{to} is {cost_ft} ft away; this move allows {allowance_ft} ft")]
    TooFar {
        /// Where to.
        to: GridPos,
        /// The cheapest way there.
        cost_ft: u32,
        /// What the move allows.
        allowance_ft: u32,
    },
}

/// The eight steps to a neighbouring square.
pub(crate) const STEPS: [(i32, i32); 8] =
    [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// How enemies stand in a mover's way (a setting of the procedures that read it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EnemyRule {
    /// They bar the way, except to a mover eight times their area, to whom they are
    /// difficult terrain.
    #[default]
    BySize,
    /// They always bar the way.
    Block,
    /// They never bar the way: their squares are difficult terrain to pass.
    Difficult,
}

/// The moves of one combatant: its size and everyone else on the grid.
#[derive(Debug, Clone)]
pub struct Moves<'a> {
    passage: &'a Passage,
    size: u8,
    occupants: Vec<Occupant>,
    enemies: EnemyRule,
    /// A diagonal step may not cut a corner past an enemy that bars the way, as it may not
    /// past a wall (rules edition 1).
    enemy_corners: bool,
    /// For each square (row by row), what enemies do to the mover with its top-left there:
    /// [`CLEAR`], [`THROUGH`] (difficult: some overlap, each may be passed) or [`BARRED`].
    /// Worked out once from `occupants`: the searches ask it for every step.
    enemy_at: Vec<u8>,
    /// For each square (row by row), which of the eight [`STEPS`] out of it the walls leave
    /// open to the mover (bit `i` for `STEPS[i]`; [`UNKNOWN`] until a search first stands
    /// there): a search asks each square's steps again from every path it tries.
    open_steps: Vec<Cell<u16>>,
}

/// A square whose open steps are not worked out yet.
const UNKNOWN: u16 = 1 << 8;

/// No enemy overlaps the mover there.
const CLEAR: u8 = 0;
/// Enemies overlap the mover there, each one it may pass through (difficult ground).
const THROUGH: u8 = 1;
/// An enemy the mover may not pass overlaps it there.
const BARRED: u8 = 2;

impl<'a> Moves<'a> {
    /// The moves of a combatant `size` squares on a side among `occupants` (not itself).
    pub fn new(passage: &'a Passage, size: u8, occupants: Vec<Occupant>) -> Self {
        let mut moves = Self {
            passage,
            size,
            occupants,
            enemies: EnemyRule::default(),
            enemy_corners: false,
            enemy_at: Vec::new(),
            open_steps: vec![
                Cell::new(UNKNOWN);
                usize::from(passage.width) * usize::from(passage.height)
            ],
        };
        moves.index_enemies();
        moves
    }

    /// Fills [`Moves::enemy_at`]: each enemy marks every top-left square from which the
    /// mover's footprint would overlap it (the squares up to `size - 1` above and left of it,
    /// through its far edge), clipped to the grid.
    fn index_enemies(&mut self) {
        let (w, h) = (usize::from(self.passage.width), usize::from(self.passage.height));
        let mut enemy_at = vec![CLEAR; w * h];
        let s = usize::from(self.size);
        for o in self.occupants.iter().filter(|o| !o.ally) {
            let mark = if self.passes(o) { THROUGH } else { BARRED };
            let (x, y) = (usize::from(o.at.at.x), usize::from(o.at.at.y));
            let size = usize::from(o.at.size);
            let (x0, x1) = ((x + 1).saturating_sub(s), (x + size).min(w));
            for row in (y + 1).saturating_sub(s)..(y + size).min(h) {
                for cell in enemy_at.iter_mut().skip(row * w + x0).take(x1.saturating_sub(x0)) {
                    *cell = (*cell).max(mark);
                }
            }
        }
        self.enemy_at = enemy_at;
    }

    /// Where the step `STEPS[i]` from `at` lands, walls permitting ([`Passage::step`] for the
    /// mover's size, remembered per square).
    fn step(&self, at: GridPos, i: usize) -> Option<GridPos> {
        let w = usize::from(self.passage.width);
        let Some(cell) = self
            .open_steps
            .get(usize::from(at.y) * w + usize::from(at.x))
            .filter(|_| at.x < self.passage.width)
        else {
            let (dx, dy) = STEPS[i];
            return self.passage.step(at, self.size, dx, dy);
        };
        let mut open = cell.get();
        if open == UNKNOWN {
            open = 0;
            for (bit, (dx, dy)) in STEPS.iter().enumerate() {
                if self.passage.step(at, self.size, *dx, *dy).is_some() {
                    open |= 1 << bit;
                }
            }
            cell.set(open);
        }
        let (dx, dy) = STEPS[i];
        if open & (1 << i) == 0 { None } else { offset(at, dx, dy) }
    }

    /// What enemies do to the mover with its top-left at `at` (off the grid: nothing, since
    /// no step lands there).
    fn enemy_at(&self, at: GridPos) -> u8 {
        let (x, y, w) = (usize::from(at.x), usize::from(at.y), usize::from(self.passage.width));
        if x >= w {
            return CLEAR;
        }
        self.enemy_at.get(y * w + x).copied().unwrap_or(CLEAR)
    }

    /// The same moves with diagonal steps past an enemy's corner refused (`on`).
    #[must_use]
    pub fn with_enemy_corners(mut self, on: bool) -> Self {
        self.enemy_corners = on;
        self
    }

    /// Whether an enemy bars a diagonal step from `from` by `(dx, dy)`: it stands on one of
    /// the two straight ways round the corner.
    fn corner_barred(&self, from: GridPos, dx: i32, dy: i32) -> bool {
        if !self.enemy_corners || dx == 0 || dy == 0 {
            return false;
        }
        [offset(from, dx, 0), offset(from, 0, dy)]
            .into_iter()
            .flatten()
            .any(|side| self.enemy_at(side) == BARRED)
    }

    /// Whether the mover may pass through enemy `o` (as difficult terrain).
    fn passes(&self, o: &Occupant) -> bool {
        let (mine, theirs) = (u32::from(self.size).pow(2), u32::from(o.at.size).pow(2));
        match self.enemies {
            EnemyRule::BySize => mine >= 8 * theirs,
            EnemyRule::Block => false,
            EnemyRule::Difficult => true,
        }
    }

    /// The same moves with enemies standing in the way by `rule`.
    #[must_use]
    pub fn with_enemies(mut self, rule: EnemyRule) -> Self {
        if rule != self.enemies {
            self.enemies = rule;
            self.index_enemies();
        }
        self
    }

    /// What entering `to` from `from` costs in feet, or `None` when an enemy bars it.
    fn enter_cost(&self, from: GridPos, to: GridPos) -> Option<u32> {
        let old = Footprint { at: from, size: self.size };
        let new = Footprint { at: to, size: self.size };
        // Eight times the size (by area) treats enemies as difficult terrain.
        let mut double = match self.enemy_at(to) {
            BARRED => return None,
            THROUGH => true,
            _ => false,
        };
        double = double || new.squares().any(|p| !old.covers(p) && self.passage.is_difficult(p));
        Some(if double { 2 * self.passage.feet } else { self.passage.feet })
    }

    /// Whether the mover may end a move at `at`.
    pub fn can_end(&self, at: GridPos) -> Result<(), MoveRefusal> {
        if !self.passage.can_stand(at, self.size) {
            return Err(MoveRefusal::OffGrid(at));
        }
        let here = Footprint { at, size: self.size };
        if self.occupants.iter().any(|o| o.at.overlaps(here)) {
            return Err(MoveRefusal::Occupied(at));
        }
        Ok(())
    }

    /// The cheapest legal path from `from` to `to` (A*: the grid distance is a lower bound).
    pub fn path(&self, from: GridPos, to: GridPos) -> Result<Path, MoveRefusal> {
        self.can_end(to)?;
        let mut found = false;
        let tree = self.search(
            from,
            u32::MAX,
            |p| self.least_ft(p, to),
            |s| {
                found = s.at == to;
                if found { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            },
        );
        if found { Ok(tree.path_to(to)) } else { Err(MoveRefusal::NoWay(to)) }
    }

    /// Whether the step from `from` onto its neighbour `to` is legal and costs one plain
    /// square (no difficult ground, no enemy passed through): then it is the cheapest way
    /// there, as [`Moves::path`] finds it, without the search. Anything else says `false`,
    /// and only the search can tell (a detour may cost as much as a difficult step).
    pub fn plain_step(&self, from: GridPos, to: GridPos) -> bool {
        self.can_end(to).is_ok() && self.step_cost(from, to) == Some(self.passage.feet)
    }

    /// What the step from `from` onto its neighbour `to` costs, when walls, corners and
    /// enemies allow it at all (whether the mover may end there aside): `None` tells that no
    /// path of just those two squares exists, without a search.
    pub fn step_cost(&self, from: GridPos, to: GridPos) -> Option<u32> {
        let (dx, dy) = (i32::from(to.x) - i32::from(from.x), i32::from(to.y) - i32::from(from.y));
        if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
            return None;
        }
        if self.passage.step(from, self.size, dx, dy) != Some(to)
            || self.corner_barred(from, dx, dy)
        {
            return None;
        }
        self.enter_cost(from, to)
    }

    /// A bound no path from `from` to `to` goes below: a plain square for each square
    /// between (diagonals are adjacent). The search's guess, and how the tactics tell which
    /// squares are not worth a search.
    pub fn least_ft(&self, from: GridPos, to: GridPos) -> u32 {
        u32::from(from.x.abs_diff(to.x).max(from.y.abs_diff(to.y))) * self.passage.feet
    }

    /// Feet one plain square costs.
    pub fn square_ft(&self) -> u32 {
        self.passage.feet
    }

    /// [`Moves::path`], refused when it costs more than `allowance_ft`.
    pub fn within(
        &self,
        from: GridPos,
        to: GridPos,
        allowance_ft: u32,
    ) -> Result<Path, MoveRefusal> {
        let path = self.path(from, to)?;
        if path.cost_ft > allowance_ft {
            return Err(MoveRefusal::TooFar { to, cost_ft: path.cost_ft, allowance_ft });
        }
        Ok(path)
    }

    /// Every square the mover may end on within `budget_ft`, with its cost (Dijkstra).
    pub fn reachable(&self, from: GridPos, budget_ft: u32) -> Vec<(GridPos, u32)> {
        let mut out = Vec::new();
        self.search(
            from,
            budget_ft,
            |_| 0,
            |s| {
                if s.at != from && self.can_end(s.at).is_ok() {
                    out.push((s.at, s.cost_ft));
                }
                ControlFlow::Continue(())
            },
        );
        out.sort_by_key(|(p, _)| (p.y, p.x));
        out
    }
}

pub mod doors;
mod passage;
mod search;

pub use passage::Passage;
use passage::offset;

#[cfg(test)]
mod tests;
