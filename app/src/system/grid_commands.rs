//! The GM's grid commands, the same for every procedure fought on a grid: laying the grid
//! out, walls, difficult ground, sizes, placements and steps along a path.

use super::common::combatant;
use super::{Emitter, RuleError, System};
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::event::EventKind;
use crate::space::grid::{Edge, Footprint, Grid, GridPos, MAX_SIDE, MAX_SIZE};
use crate::space::path::Passage;
use crate::space::{self};

/// The most feet a square may measure.
const MAX_FEET: u16 = 100;

/// Handles one grid command (the caller routes only those here).
pub(super) fn handle_grid(
    system: &dyn System,
    enc: &Encounter,
    command: Command,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    match command {
        Command::SetGrid { width, height, feet } => {
            if !system.allows_grid() {
                return Err(RuleError::Invalid(format!(
                    "{} is fought in zones, not on a grid",
                    system.name()
                )));
            }
            if !enc.zones.is_empty() {
                return Err(RuleError::Invalid(
                    "this board is laid out in zones; a grid replaces them: remove the zones first"
                        .into(),
                ));
            }
            if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
                return Err(RuleError::Invalid(format!(
                    "a grid is 1 to {MAX_SIDE} squares on a side, not {width} × {height}"
                )));
            }
            if !(1..=MAX_FEET).contains(&feet) {
                return Err(RuleError::Invalid(format!(
                    "a square measures 1 to {MAX_FEET} ft, not {feet}"
                )));
            }
            let resized = Grid::new(width, height, feet);
            if let Some(c) = enc
                .combatants
                .values()
                .find(|c| c.square.is_some_and(|at| !resized.fits(at, c.size)))
            {
                return Err(RuleError::Invalid(format!(
                    "{} would be left off the grid: move them first",
                    c.name
                )));
            }
            out.push("core.board", None, EventKind::GridSet { width, height, feet });
        }
        Command::SetWalls { from, to, kind } => {
            let grid = grid(enc)?;
            let edges = Edge::line(from.0, from.1, to.0, to.1).ok_or_else(|| {
                RuleError::Invalid(format!(
                    "a wall runs along one row or column of corners: ({}, {}) to ({}, {}) does not",
                    from.0, from.1, to.0, to.1
                ))
            })?;
            if let Some(e) = edges.iter().find(|e| !grid.has_edge(**e)) {
                let (x, y) = e.ends()[1];
                return Err(RuleError::Invalid(format!("the corner ({x}, {y}) is off the grid")));
            }
            // A wall may not cut through someone big standing across the line.
            if kind.is_some_and(|k| k.blocks_movement()) {
                let mut walled = grid.clone();
                for e in &edges {
                    walled.set_wall(*e, kind);
                }
                let passage = Passage::new(&walled);
                if let Some((c, _)) =
                    space::footprints(enc).find(|(_, f)| !passage.can_stand(f.at, f.size))
                {
                    return Err(RuleError::Invalid(format!(
                        "{} stands across that line: move them first",
                        c.name
                    )));
                }
            }
            out.push("core.board", None, EventKind::WallsSet { edges, kind });
        }
        Command::SetDifficult { at, width, height, on } => {
            let grid = grid(enc)?;
            let (w, h) = (u32::from(width), u32::from(height));
            if w == 0
                || h == 0
                || u32::from(at.x) + w > u32::from(grid.width)
                || u32::from(at.y) + h > u32::from(grid.height)
            {
                return Err(RuleError::Invalid(format!(
                    "{width} × {height} squares from {at} do not lie on the grid"
                )));
            }
            let squares = (at.y..at.y + height)
                .flat_map(|y| (at.x..at.x + width).map(move |x| GridPos { x, y }))
                .collect();
            out.push("core.board", None, EventKind::DifficultSet { squares, on });
        }
        Command::Place { id, at } => {
            let c = combatant(enc, id)?;
            let grid = grid(enc)?;
            if let Some(at) = at {
                let passage = Passage::new(grid);
                space::moves(enc, &passage, c).can_end(at).map_err(refused(c))?;
            }
            out.push(
                "core.move",
                Some(id),
                EventKind::Placed { id, from: c.square, to: at, cost_ft: None },
            );
        }
        Command::Step { id, to } => {
            let c = combatant(enc, id)?;
            let grid = grid(enc)?;
            let Some(from) = c.square else {
                return Err(RuleError::Invalid(format!(
                    "{} is not on the grid: place them first",
                    c.name
                )));
            };
            let passage = Passage::new(grid);
            let moves = space::moves(enc, &passage, c);
            // The combatant's own allowance, when its sheet gives one; the GM's judgement
            // otherwise (procedures with an action economy check their own).
            let path = match c.stat("move").and_then(|m| u32::try_from(m).ok()) {
                Some(allowance) => moves.within(from, to, allowance),
                None => moves.path(from, to),
            }
            .map_err(refused(c))?;
            out.push(
                "core.move",
                Some(id),
                EventKind::Placed {
                    id,
                    from: Some(from),
                    to: Some(to),
                    cost_ft: Some(path.cost_ft),
                },
            );
        }
        Command::SetSize { id, size } => {
            let c = combatant(enc, id)?;
            if !(1..=MAX_SIZE).contains(&size) {
                return Err(RuleError::Invalid(format!(
                    "a size is 1 to {MAX_SIZE} squares on a side, not {size}"
                )));
            }
            if let (Some(grid), Some(at)) = (&enc.grid, c.square) {
                let passage = Passage::new(grid);
                let bigger = Combatant { size, ..c.clone() };
                space::moves(enc, &passage, &bigger).can_end(at).map_err(|e| {
                    RuleError::Invalid(format!(
                        "{} cannot grow to {size}×{size} there: {e}",
                        c.name
                    ))
                })?;
            }
            out.push("core.override", Some(id), EventKind::SizeSet { id, size });
        }
        other => {
            return Err(RuleError::Invalid(format!("not a grid command: {other:?}")));
        }
    }
    Ok(())
}

/// The encounter's grid, or why there is none.
fn grid(enc: &Encounter) -> Result<&Grid, RuleError> {
    enc.grid
        .as_ref()
        .ok_or_else(|| RuleError::Invalid("this board is laid out in zones, not on a grid".into()))
}

/// A move refused, naming who.
fn refused(c: &Combatant) -> impl Fn(space::path::MoveRefusal) -> RuleError + '_ {
    move |e| RuleError::Invalid(format!("{} cannot go there: {e}", c.name))
}

/// `count` free squares for newcomers of one square each: the one they were dropped on, then
/// the nearest by walking (so a group dropped by a wall stays on its side of it), or why
/// there is no room.
pub(super) fn free_squares(
    enc: &Encounter,
    at: GridPos,
    count: usize,
) -> Result<Vec<GridPos>, RuleError> {
    let grid = grid(enc)?;
    if !grid.fits(at, 1) {
        return Err(RuleError::Invalid(format!("{at} is off the grid")));
    }
    let passage = Passage::new(grid);
    let taken: Vec<Footprint> = space::footprints(enc).map(|(_, f)| f).collect();
    let mut seen = vec![false; usize::from(grid.width) * usize::from(grid.height)];
    let index = |p: GridPos| usize::from(p.y) * usize::from(grid.width) + usize::from(p.x);
    let mut queue = std::collections::VecDeque::from([at]);
    seen[index(at)] = true;
    let mut found = Vec::with_capacity(count);
    while let Some(p) = queue.pop_front() {
        if !taken.iter().any(|f| f.covers(p)) {
            found.push(p);
            if found.len() == count {
                return Ok(found);
            }
        }
        for (dx, dy) in crate::space::path::STEPS {
            if let Some(next) = passage.step(p, 1, dx, dy)
                && !seen[index(next)]
            {
                seen[index(next)] = true;
                queue.push_back(next);
            }
        }
    }
    Err(RuleError::Invalid(format!(
        "there is room for only {} more within reach of {at}",
        found.len()
    )))
}
