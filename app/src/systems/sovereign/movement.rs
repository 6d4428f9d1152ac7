//! The Move walked on the grid: how far a combatant goes, what is left of it this turn, and the
//! walk itself.

use super::R_MOVE;
use super::Step;
use super::block::{MOVE, is_out};
use super::model::{SovEvent, TurnAt};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::reach;
use crate::space::grid::GridPos;
use crate::space::path::Passage;
use crate::system::{Ctx, RuleError, check_actor, check_turn};

/// Feet a Move covers when the block gives none.
pub const DEFAULT_MOVE_FT: u32 = 30;

/// Refuses unless `id` may still spend its Move on its turn: the fight on, nothing waiting,
/// its turn, in the fight, and its Move unused — or, with `walked_ok`, used only for walking
/// within it (a Screen's walk to its ward is part of the Screen).
pub(crate) fn check_move_left(
    enc: &Encounter,
    id: CombatantId,
    walked_ok: bool,
) -> Result<&Combatant, RuleError> {
    let turn = |c: &Combatant| check_turn(enc, Step::Turns, c);
    let c = check_actor(enc, Step::Before, id, turn, is_out)?;
    let spent = enc.sovereign().turn.now(enc);
    let walked = if walked_ok { spent.feet > move_ft(c) } else { spent.feet > 0 };
    if spent.done || walked {
        return Err(RuleError::NotAllowed(format!("{} has used its Move", c.name)));
    }
    Ok(c)
}

/// Feet a Move of `c` covers (half while prone).
pub(crate) fn move_ft(c: &Combatant) -> u32 {
    let full = c.stat(MOVE).and_then(|m| u32::try_from(m).ok()).unwrap_or(DEFAULT_MOVE_FT);
    if c.conditions.contains("prone") { full / 2 } else { full }
}

/// Feet `id` may still walk this turn: its Move, and its Main as a second Move while unspent.
pub(crate) fn feet_left(enc: &Encounter, id: CombatantId) -> u32 {
    let c = &enc.combatants[&id];
    let spent = enc.sovereign().turn.now(enc);
    if spent.done {
        return 0;
    }
    let main = enc.sovereign().mains.contains(&id);
    let moves = if main && spent.feet <= move_ft(c) { 1 } else { 2 };
    (move_ft(c) * moves).saturating_sub(spent.feet)
}

/// The acting combatant walks to `to` on the grid, within its Move (and its Main as a second
/// Move, spent once the first is used up).
pub(crate) fn walk(
    enc: &mut Encounter,
    id: CombatantId,
    to: GridPos,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = &*enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    let grid = enc.grid.as_ref().ok_or_else(|| RuleError::Invalid("there is no grid".into()))?;
    let from =
        c.square.ok_or_else(|| RuleError::Invalid(format!("{} is not on the grid", c.name)))?;
    if is_out(c) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
    }
    let left = feet_left(enc, id);
    let passage = Passage::new(grid);
    let moves = reach::moves(enc, &passage, c);
    let path = moves.within(from, to, left).map_err(|e| {
        RuleError::NotAllowed(format!("{} cannot go there: {e} ({left} ft left this turn)", c.name))
    })?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    let spent = ctx.enc.sovereign().turn.now(ctx.enc);
    let feet = spent.feet + path.cost_ft;
    ctx.emit(R_MOVE, Some(id), SovEvent::Walked { id, at, feet, done: false });
    if feet > move_ft(c) && !ctx.enc.sovereign().mains.contains(&id) {
        ctx.emit(R_MOVE, Some(id), SovEvent::Main { id, at, what: "a second Move".into() });
    }
    // Walking out of a foe's reach: the foe may strike first.
    let strikers = super::opportunity::strikers(ctx.enc, c, to);
    if !strikers.is_empty() {
        let cost_ft = path.cost_ft;
        ctx.emit(
            R_MOVE,
            Some(id),
            SovEvent::Threatened { id, from, to, cost_ft, strikers, standing: false, then: None },
        );
        return Ok(ctx.finish());
    }
    ctx.push(
        R_MOVE,
        Some(id),
        EventKind::Placed { id, from: Some(from), to: Some(to), cost_ft: Some(path.cost_ft) },
    );
    Ok(ctx.finish())
}
