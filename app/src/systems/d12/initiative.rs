//! Surprise and base initiative: d12 − AGI modifier, rolled once per fight (or on joining),
//! one roll for a group of identical monsters.

use super::R_INIT;
use super::block::{AGI_MOD, initiative_dice, stat};
use super::model::D12Event;
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// Condition: caught unaware; rolls initiative but does not act this round.
pub const SURPRISED: &str = "surprised";

/// Marks combatants surprised (or not).
pub(crate) fn surprise(
    enc: &mut Encounter,
    ids: Vec<CombatantId>,
    surprised: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if ids.is_empty() {
        return Err(RuleError::Invalid("name at least one combatant".into()));
    }
    let mut ctx = Ctx::new(enc, dice);
    // Every one checked before the first is marked: a refusal comes before any event.
    for &id in &ids {
        let c = ctx.who(id)?;
        if surprised && ctx.enc.d12().declared.contains_key(&id) {
            return Err(RuleError::NotAllowed(format!(
                "{} has declared an action this round: too late to be surprised",
                c.name
            )));
        }
    }
    for id in ids {
        if surprised {
            ctx.condition(R_INIT, id, SURPRISED);
        } else {
            ctx.uncondition(R_INIT, id, SURPRISED);
        }
    }
    Ok(ctx.finish())
}

/// The formula a combatant rolls, as the GM reads it ("1d12−2").
pub fn formula(enc: &Encounter, id: CombatantId) -> String {
    enc.combatant(id)
        .map(|c| initiative_dice(c).to_string().replace("d12", "1d12").replace('-', "−"))
        .unwrap_or_default()
}

/// One base initiative roll shared by `ids` (they must share their AGI modifier).
pub(crate) fn roll(
    enc: &mut Encounter,
    ids: Vec<CombatantId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(&first) = ids.first() else {
        return Err(RuleError::Invalid("name at least one combatant".into()));
    };
    let mut ctx = Ctx::new(enc, dice);
    let lead = ctx.snapshot(first)?;
    for (i, id) in ids.iter().enumerate() {
        let c = ctx.who(*id)?;
        if ids[..i].contains(id) {
            return Err(RuleError::Invalid(format!("{} is named twice", c.name)));
        }
        if ctx.enc.d12().base.contains_key(id) {
            return Err(RuleError::NotAllowed(format!(
                "{} has its base initiative for this fight already",
                c.name
            )));
        }
        if stat(c, AGI_MOD) != stat(&lead, AGI_MOD) {
            return Err(RuleError::Invalid(format!(
                "{} and {} have different AGI modifiers: they cannot share a roll",
                lead.name, c.name
            )));
        }
    }
    let label = if ids.len() == 1 {
        format!("{}'s base initiative", lead.name)
    } else {
        format!("base initiative shared by {}", names(ctx.enc, &ids))
    };
    let roll = ctx.roll(R_INIT, Some(first), &initiative_dice(&lead), &label)?;
    ctx.emit(R_INIT, Some(first), D12Event::BaseInitiative { ids, base: roll.total });
    Ok(ctx.finish())
}

/// "A, B and C".
pub(crate) fn names(enc: &Encounter, ids: &[CombatantId]) -> String {
    let names: Vec<String> = ids.iter().map(|id| enc.name_of(*id)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
