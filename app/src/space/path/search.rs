//! The one search behind every question of movement: the cheapest path to a square
//! ([`Moves::path`]), every square within a budget ([`Moves::reachable`]) and the cheapest of
//! several squares ([`Moves::nearest`]) expand squares the same way, so they can never
//! disagree about what a step costs or which way a tie goes.

use super::super::grid::GridPos;
use super::{Moves, Path, STEPS};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::ControlFlow;

/// A square whose cheapest cost the search has just settled.
#[derive(Debug, Clone, Copy)]
pub(super) struct Settled {
    /// The square (the mover's top-left).
    pub at: GridPos,
    /// Feet of the cheapest way there.
    pub cost_ft: u32,
    /// `cost_ft` plus the search's guess of what is left: squares come in this order.
    pub total_ft: u32,
}

/// What a search has settled: each square's cheapest cost and the square it came from.
pub(super) struct Tree {
    width: usize,
    best: Vec<u32>,
    came: Vec<usize>,
}

impl Tree {
    fn index(&self, p: GridPos) -> usize {
        usize::from(p.y) * self.width + usize::from(p.x)
    }

    /// The path the search took to `to`, which it has settled.
    pub fn path_to(&self, to: GridPos) -> Path {
        let mut squares = vec![to];
        let mut i = self.index(to);
        while self.came[i] != usize::MAX {
            i = self.came[i];
            squares.push(GridPos { x: (i % self.width) as u16, y: (i / self.width) as u16 });
        }
        squares.reverse();
        let costs_ft: Vec<u32> = squares.iter().map(|s| self.best[self.index(*s)]).collect();
        let cost_ft = costs_ft.last().copied().unwrap_or(0);
        Path { squares, cost_ft, costs_ft }
    }
}

impl Moves<'_> {
    /// Settles squares from `from`, the lowest guessed total first (A*; ties go to the
    /// cheaper so far, then by row and column), never taking a way that costs more than
    /// `budget_ft`. `guess` must never overstate what is left and must not drop by more
    /// than a step costs (then each square is settled once, at its cheapest). `settle` sees
    /// each settled square and may stop the search.
    pub(super) fn search(
        &self,
        from: GridPos,
        budget_ft: u32,
        guess: impl Fn(GridPos) -> u32,
        mut settle: impl FnMut(Settled) -> ControlFlow<()>,
    ) -> Tree {
        let width = usize::from(self.passage.width);
        let n = width * usize::from(self.passage.height);
        let mut tree = Tree { width, best: vec![u32::MAX; n], came: vec![usize::MAX; n] };
        let mut open = BinaryHeap::new();
        // A start off the grid (a square kept from a larger grid) settles nothing.
        let start = tree.index(from);
        if from.x >= self.passage.width || start >= n {
            return tree;
        }
        tree.best[start] = 0;
        open.push(Reverse((guess(from), 0u32, from.y, from.x)));
        while let Some(Reverse((total_ft, cost_ft, y, x))) = open.pop() {
            let here = GridPos { x, y };
            let i = tree.index(here);
            if cost_ft > tree.best[i] {
                continue;
            }
            if settle(Settled { at: here, cost_ft, total_ft }).is_break() {
                break;
            }
            for (step_i, (dx, dy)) in STEPS.into_iter().enumerate() {
                let Some(next) = self.step(here, step_i) else { continue };
                if self.corner_barred(here, dx, dy) {
                    continue;
                }
                let Some(step) = self.enter_cost(here, next) else { continue };
                let c = cost_ft + step;
                let j = tree.index(next);
                if c <= budget_ft && c < tree.best[j] {
                    tree.best[j] = c;
                    tree.came[j] = i;
                    open.push(Reverse((c + guess(next), c, next.y, next.x)));
                }
            }
        }
        tree
    }

    /// Of `goals`, the square the cheapest path from `from` ends on, with what it costs
    /// (equal costs: the first by row, then column), where the mover may end a move: what
    /// a search to each would answer, in one search for them all.
    pub fn nearest(&self, from: GridPos, goals: &[GridPos]) -> Option<(GridPos, u32)> {
        let goals: Vec<GridPos> =
            goals.iter().copied().filter(|g| self.can_end(*g).is_ok()).collect();
        // The guess: plain squares to the box round the goals. It never overstates (every
        // goal is in the box) and no step lowers it by more than a square, as for one goal;
        // asked at every step, it is one box, not every goal.
        let (x0, x1) = (goals.iter().map(|g| g.x).min()?, goals.iter().map(|g| g.x).max()?);
        let (y0, y1) = (goals.iter().map(|g| g.y).min()?, goals.iter().map(|g| g.y).max()?);
        let feet = self.square_ft();
        let guess = |p: GridPos| {
            let dx = x0.saturating_sub(p.x).max(p.x.saturating_sub(x1));
            let dy = y0.saturating_sub(p.y).max(p.y.saturating_sub(y1));
            u32::from(dx.max(dy)) * feet
        };
        let mut found: Option<(u32, GridPos)> = None;
        self.search(from, u32::MAX, guess, |s| {
            // A goal's total is its cost: once the totals pass the cheapest goal's cost,
            // no goal left costs as little.
            if found.is_some_and(|(c, _)| s.total_ft > c) {
                return ControlFlow::Break(());
            }
            let key = (s.cost_ft, s.at.y, s.at.x);
            if goals.contains(&s.at) && found.is_none_or(|(c, at)| key < (c, at.y, at.x)) {
                found = Some((s.cost_ft, s.at));
            }
            ControlFlow::Continue(())
        });
        found.map(|(cost, at)| (at, cost))
    }
}
