//! The GM's grid commands, the same for every procedure fought on a grid: laying the grid
//! out, walls, difficult ground, sizes, placements and steps along a path.

use super::common::combatant;
use super::{Emitter, RuleError, System};
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::event::EventKind;
use crate::ids::CombatantId;
use crate::reach;
use crate::space::grid::{BattleMap, Edge, Grid, GridPos, MAX_SIDE, MAX_SIZE, WallKind};
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
            set_grid(system, enc, width, height, feet, out)?
        }
        Command::SetWalls { from, to, kind } => set_walls(enc, from, to, kind, out)?,
        Command::SetDifficult { at, width, height, on } => {
            set_difficult(enc, at, width, height, on, out)?
        }
        Command::Place { id, at } => {
            let c = combatant(enc, id)?;
            let grid = grid(enc)?;
            if let Some(at) = at {
                let passage = Passage::new(grid);
                reach::moves(enc, &passage, c).can_end(at).map_err(refused(c))?;
            }
            out.push(
                "core.move",
                Some(id),
                EventKind::Placed { id, from: c.square, to: at, cost_ft: None },
            );
        }
        Command::Step { id, to } => step(enc, id, to, out)?,
        Command::SetMap { map } => {
            grid(enc)?;
            if let Some(m) = &map {
                check_map(m)?;
            }
            out.push("core.board", None, EventKind::MapSet { map });
        }
        Command::SetBoard { grid: new } => {
            may_be_grid(system, enc)?;
            check_board(enc, &new)?;
            out.push("core.board", None, EventKind::BoardSet { grid: new });
        }
        Command::SetSize { id, size } => set_size(enc, id, size, out)?,
        other => {
            return Err(RuleError::Invalid(format!("not a grid command: {other:?}")));
        }
    }
    Ok(())
}

/// Whether this encounter may become a grid: its procedure is fought on one, and no zones
/// are laid out (a board is one or the other).
fn may_be_grid(system: &dyn System, enc: &Encounter) -> Result<(), RuleError> {
    if !system.allows_grid() {
        return Err(RuleError::Invalid(format!(
            "{} is fought in zones, not on a grid",
            system.name()
        )));
    }
    if !enc.zones.is_empty() {
        return Err(RuleError::Invalid(
            "this board is laid out in zones; a grid replaces them: remove the zones first".into(),
        ));
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

/// `count` free squares for newcomers of one square each ([`reach::spread`]), or why there
/// is no room.
pub(super) fn free_squares(
    enc: &Encounter,
    at: GridPos,
    count: usize,
) -> Result<Vec<GridPos>, RuleError> {
    let grid = grid(enc)?;
    if !grid.fits(at, 1) {
        return Err(RuleError::Invalid(format!("{at} is off the grid")));
    }
    let found = reach::spread(enc, at, count);
    if found.len() < count {
        return Err(RuleError::Invalid(format!(
            "there is room for only {} more within reach of {at}",
            found.len()
        )));
    }
    Ok(found)
}

/// The most squares a map may span, and how far off the grid it may be shifted.
const MAX_MAP_SQUARES: f32 = 1000.0;

/// A battle map's numbers must be real (JSON keeps no NaN) and sensible.
fn check_map(m: &BattleMap) -> Result<(), RuleError> {
    let key_ok = !m.image.trim().is_empty() && m.image.len() <= 100;
    let size_ok = [m.width_squares, m.height_squares]
        .iter()
        .all(|v| v.is_finite() && *v > 0.0 && *v <= MAX_MAP_SQUARES);
    let offset_ok =
        [m.offset_x, m.offset_y].iter().all(|v| v.is_finite() && v.abs() <= MAX_MAP_SQUARES);
    if !key_ok {
        return Err(RuleError::Invalid("a battle map needs its image's key".into()));
    }
    if !size_ok || !offset_ok {
        return Err(RuleError::Invalid(format!(
            "a battle map spans 0 to {MAX_MAP_SQUARES} squares each way and lies within \
             {MAX_MAP_SQUARES} squares of the grid"
        )));
    }
    Ok(())
}

/// A whole new grid must be one the commands could have built: its size, walls on its edges
/// once each and in order, difficult squares on it, its map sensible, and everyone standing on
/// it still clear of walls.
fn check_board(enc: &Encounter, g: &Grid) -> Result<(), RuleError> {
    if !(1..=MAX_SIDE).contains(&g.width) || !(1..=MAX_SIDE).contains(&g.height) {
        return Err(RuleError::Invalid(format!(
            "a grid is 1 to {MAX_SIDE} squares on a side, not {} × {}",
            g.width, g.height
        )));
    }
    if !(1..=MAX_FEET).contains(&g.feet) {
        return Err(RuleError::Invalid(format!("a square measures 1 to {MAX_FEET} ft")));
    }
    if let Some(w) = g.walls.iter().find(|w| !g.has_edge(w.edge)) {
        let [(x, y), _] = w.edge.ends();
        return Err(RuleError::Invalid(format!("a wall at ({x}, {y}) lies off the grid")));
    }
    if g.walls.windows(2).any(|p| p[0].edge >= p[1].edge) {
        return Err(RuleError::Invalid("the walls must be in order, one per edge".into()));
    }
    if g.difficult.iter().any(|p| p.x >= g.width || p.y >= g.height)
        || g.difficult.windows(2).any(|p| p[0] >= p[1])
    {
        return Err(RuleError::Invalid("difficult squares must lie on the grid, once each".into()));
    }
    if let Some(m) = &g.map {
        check_map(m)?;
    }
    let passage = Passage::new(g);
    if let Some((c, _)) = reach::footprints(enc).find(|(_, f)| !passage.can_stand(f.at, f.size)) {
        return Err(RuleError::Invalid(format!(
            "{} would stand off the new grid or across a wall: move them first",
            c.name
        )));
    }
    Ok(())
}

/// A new grid: its sides and square within bounds, and no one left off it.
fn set_grid(
    system: &dyn System,
    enc: &Encounter,
    width: u16,
    height: u16,
    feet: u16,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    may_be_grid(system, enc)?;
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
    if let Some(c) =
        enc.combatants.values().find(|c| c.square.is_some_and(|at| !resized.fits(at, c.size)))
    {
        return Err(RuleError::Invalid(format!(
            "{} would be left off the grid: move them first",
            c.name
        )));
    }
    out.push("core.board", None, EventKind::GridSet { width, height, feet });
    Ok(())
}

/// Walls along one row or column of corners, never through someone standing across it.
fn set_walls(
    enc: &Encounter,
    from: (u16, u16),
    to: (u16, u16),
    kind: Option<WallKind>,
    out: &mut Emitter,
) -> Result<(), RuleError> {
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
        if let Some((c, _)) = reach::footprints(enc).find(|(_, f)| !passage.can_stand(f.at, f.size))
        {
            return Err(RuleError::Invalid(format!(
                "{} stands across that line: move them first",
                c.name
            )));
        }
    }
    out.push("core.board", None, EventKind::WallsSet { edges, kind });
    Ok(())
}

/// Difficult ground on (or off) a rectangle of squares that lies on the grid.
fn set_difficult(
    enc: &Encounter,
    at: GridPos,
    width: u16,
    height: u16,
    on: bool,
    out: &mut Emitter,
) -> Result<(), RuleError> {
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
    Ok(())
}

/// A step on the grid by a path the mover may take, its cost in feet journaled.
fn step(enc: &Encounter, id: CombatantId, to: GridPos, out: &mut Emitter) -> Result<(), RuleError> {
    let c = combatant(enc, id)?;
    let grid = grid(enc)?;
    let Some(from) = c.square else {
        return Err(RuleError::Invalid(format!("{} is not on the grid: place them first", c.name)));
    };
    let passage = Passage::new(grid);
    let moves = reach::moves(enc, &passage, c);
    let path = reach::step_path(&moves, c, from, to).map_err(refused(c))?;
    out.push(
        "core.move",
        Some(id),
        EventKind::Placed { id, from: Some(from), to: Some(to), cost_ft: Some(path.cost_ft) },
    );
    Ok(())
}

/// A size in squares, refused where the bigger footprint does not fit.
fn set_size(
    enc: &Encounter,
    id: CombatantId,
    size: u8,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    let c = combatant(enc, id)?;
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(RuleError::Invalid(format!(
            "a size is 1 to {MAX_SIZE} squares on a side, not {size}"
        )));
    }
    if let (Some(grid), Some(at)) = (&enc.grid, c.square) {
        let passage = Passage::new(grid);
        let bigger = Combatant { size, ..c.clone() };
        reach::moves(enc, &passage, &bigger).can_end(at).map_err(|e| {
            RuleError::Invalid(format!("{} cannot grow to {size}×{size} there: {e}", c.name))
        })?;
    }
    out.push("core.override", Some(id), EventKind::SizeSet { id, size });
    Ok(())
}
