//! The other things a turn's Action (or the GM) does: disengaging, an Action in words (an
//! item from the backpack, a spell, a parley), a Test for a stunt, a zone or a hindrance,
//! morale and its answer, and the GM's hand on a weapon's usages.

use super::attack::{check_action, usage_max};
use super::block::{HINDRANCES, SKILL, has, is_character, is_out, weapon};
use super::check::test;
use super::model::{Dr12Event, Purpose, TurnAt};
use super::round::check_begun;
use super::{R_ACTION, R_MORALE};
use crate::checks::Advantage;
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// The longest description of an Action.
const MAX_WHAT_CHARS: usize = 200;

/// The turn going on (the checks made sure there is one).
fn now(enc: &Encounter) -> TurnAt {
    TurnAt::now(enc).unwrap_or_default()
}

/// Spends the Action to disengage: the next move draws no free attack.
pub(crate) fn disengage(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_action(enc, id)?;
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_ACTION, Some(id), Dr12Event::Disengaged { id, at: now(ctx.enc) });
    Ok(ctx.finish())
}

/// Spends the Action on `what`.
pub(crate) fn act(
    enc: &mut Encounter,
    id: CombatantId,
    what: &str,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_action(enc, id)?;
    let what = what.trim();
    if what.is_empty() {
        return Err(RuleError::Invalid("say what the Action is".into()));
    }
    if what.chars().count() > MAX_WHAT_CHARS {
        return Err(RuleError::Invalid(format!(
            "an Action is said in at most {MAX_WHAT_CHARS} characters"
        )));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_ACTION, Some(id), Dr12Event::Acted { id, at: now(ctx.enc), what: what.into() });
    Ok(ctx.finish())
}

/// The check of a Test.
pub(crate) fn check_test(
    enc: &Encounter,
    id: CombatantId,
    stat: &str,
    purpose: &Purpose,
    action: bool,
) -> Result<(), RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    if stat.trim().is_empty() {
        return Err(RuleError::Invalid("say which attribute is tested".into()));
    }
    if action {
        check_action(enc, id)?;
    }
    match purpose {
        Purpose::Shake { hindrance } => {
            if !HINDRANCES.contains(&hindrance.as_str()) {
                return Err(RuleError::Invalid(format!("{hindrance} is not a hindrance")));
            }
            if !has(c, hindrance) {
                return Err(RuleError::NotAllowed(format!("{} is not {hindrance}", c.name)));
            }
        }
        Purpose::Stunt { target: Some(t) } => {
            enc.combatant(*t).ok_or(RuleError::UnknownCombatant(*t))?;
        }
        _ => {}
    }
    Ok(())
}

/// A Test; a pass shakes off the hindrance it was for.
pub(crate) fn test_for(
    enc: &mut Encounter,
    id: CombatantId,
    stat: &str,
    purpose: Purpose,
    action: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_test(enc, id, stat, &purpose, action)?;
    let mut ctx = Ctx::new(enc, dice);
    let what = match &purpose {
        Purpose::Stunt { target: Some(t) } => format!("stunt against {}", ctx.enc.name_of(*t)),
        Purpose::Stunt { target: None } => "stunt".into(),
        Purpose::Shake { hindrance } => format!("Test to shake off {hindrance}"),
        Purpose::Zone => {
            let zone =
                ctx.enc.combatants[&id].zone.and_then(|z| ctx.enc.zone(z)).map(|z| z.name.clone());
            format!("Test against {}", zone.unwrap_or_else(|| "the zone".into()))
        }
        Purpose::Other => "Test".into(),
    };
    if action {
        let at = now(ctx.enc);
        ctx.emit(R_ACTION, Some(id), Dr12Event::Acted { id, at, what: what.clone() });
    }
    let key = stat.trim().to_lowercase();
    let tested = test(&mut ctx, R_ACTION, id, &key, Advantage::Normal, &what)?;
    if let Purpose::Shake { hindrance } = &purpose
        && tested.outcome.success
    {
        ctx.uncondition(R_ACTION, id, hindrance);
    }
    Ok(ctx.finish())
}

/// The check of a morale Test.
pub(crate) fn check_morale(enc: &Encounter, id: CombatantId) -> Result<(), RuleError> {
    check_begun(enc)?;
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    if is_character(enc, id) {
        return Err(RuleError::NotAllowed(format!(
            "{} is a character: the players decide",
            c.name
        )));
    }
    if is_out(c) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
    }
    if enc.dr12().broken.contains(&id) {
        return Err(RuleError::NotAllowed(format!("{} already broke: parley or flee", c.name)));
    }
    Ok(())
}

/// Morale: the creature Tests its Skill; a fail means it parleys or flees.
pub(crate) fn morale(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_morale(enc, id)?;
    let mut ctx = Ctx::new(enc, dice);
    let tested = test(&mut ctx, R_MORALE, id, SKILL, Advantage::Normal, "morale")?;
    if !tested.outcome.success {
        ctx.emit(R_MORALE, Some(id), Dr12Event::Broke { id });
    }
    Ok(ctx.finish())
}

/// A broken creature parleys or flees.
pub(crate) fn yield_to(
    enc: &mut Encounter,
    id: CombatantId,
    flee: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if !enc.dr12().broken.contains(&id) {
        return Err(RuleError::NotAllowed(format!("{} has not failed morale", enc.name_of(id))));
    }
    let mut ctx = Ctx::new(enc, dice);
    let condition = if flee { "fled" } else { "parleying" };
    ctx.emit(R_MORALE, Some(id), Dr12Event::Yielded { id });
    ctx.condition(R_MORALE, id, condition);
    Ok(ctx.finish())
}

/// The GM sets a weapon's usages (0 up to its maximum).
pub(crate) fn set_usage(
    enc: &mut Encounter,
    id: CombatantId,
    index: usize,
    usages: u32,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    let w = weapon(c, index)?;
    let max = usage_max(enc, &w);
    if usages > max {
        return Err(RuleError::Invalid(format!(
            "{}'s {} takes at most {max} usages",
            c.name, w.name
        )));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_ACTION, Some(id), Dr12Event::Usage { id, weapon: index, usages });
    Ok(ctx.finish())
}
