//! Reloading a shot bow (with the Move) or crossbow (with the Main action).

use super::attack::check_main;
use super::block::Reload;
use super::block::attack;
use super::model::{SovEvent, TurnAt};
use super::movement::{check_move_left, move_ft};
use super::{R_ATTACK, R_MOVE};
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// The check of reloading: its turn, the weapon shot, and the Move (a bow) or the Main (a
/// crossbow) still to spend.
pub(crate) fn check_reload(
    enc: &Encounter,
    id: CombatantId,
    index: usize,
) -> Result<Reload, RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    let w = attack(c, index)?;
    if !enc.sovereign().unloaded.contains(&(id, index)) {
        return Err(RuleError::NotAllowed(format!("{}'s {} is loaded", c.name, w.name)));
    }
    let cost = w.reload().unwrap_or(Reload::Move);
    match cost {
        Reload::Main => check_main(enc, id, false)?,
        Reload::Move => {
            check_move_left(enc, id, false)?;
        }
    }
    Ok(cost)
}

/// Reloads a bow (the Move) or a crossbow (the Main).
pub(crate) fn reload(
    enc: &mut Encounter,
    id: CombatantId,
    index: usize,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let cost = check_reload(enc, id, index)?;
    let c = &*enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    let w = attack(c, index)?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    match cost {
        Reload::Main => ctx.emit(
            R_ATTACK,
            Some(id),
            SovEvent::Main { id, at, what: format!("reloads its {}", w.name) },
        ),
        Reload::Move => {
            let feet = move_ft(c);
            ctx.emit(R_MOVE, Some(id), SovEvent::Walked { id, at, feet, done: false });
        }
    }
    ctx.emit(R_ATTACK, Some(id), SovEvent::Loaded { id, weapon: index, loaded: true });
    Ok(ctx.finish())
}
