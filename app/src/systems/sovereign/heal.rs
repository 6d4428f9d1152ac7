//! The Heal check that stabilizes the mortally injured: the healer's Main action, next to them.

use super::R_HEAL;
use super::attack::{check_main, signed};
use super::block::{HEAL, HP, stat};
use super::model::{SovEvent, TurnAt};
use super::rules::{attribute_mod, heal_penalty, skill_check};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::reach;

use crate::system::{Ctx, RuleError};

/// The Heal check's own check: the healer's Main, next to someone mortally injured.
pub(crate) fn check_heal(
    enc: &Encounter,
    healer: CombatantId,
    target: CombatantId,
) -> Result<(), RuleError> {
    check_main(enc, healer, false)?;
    let t = enc.combatant(target).ok_or(RuleError::UnknownCombatant(target))?;
    if !enc.sovereign().mortal.contains_key(&target) {
        return Err(RuleError::NotAllowed(format!("{} is not mortally injured", t.name)));
    }
    let h = &enc.combatants[&healer];
    if !reach::in_melee(enc, h, t) {
        return Err(RuleError::NotAllowed(format!("{} must be next to {}", h.name, t.name)));
    }
    Ok(())
}

/// A Heal check: 2d6 + Heal + the better of DEX and INT (INT and WIS in a fight begun before
/// rules edition 1), −1 per round since the fall; 10 or more stabilizes at 1 HP, Frail — and,
/// from rules edition 1, unconscious for the rest of the fight.
pub(crate) fn heal(
    enc: &mut Encounter,
    healer: CombatantId,
    target: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_heal(enc, healer, target)?;
    let h = &*enc.combatants.shared(&healer).ok_or(RuleError::UnknownCombatant(healer))?;
    let t = &*enc.combatants.shared(&target).ok_or(RuleError::UnknownCombatant(target))?;
    let fell = enc.sovereign().mortal[&target];
    let penalty = heal_penalty(enc.round.saturating_sub(fell));
    let (keys, said) = if enc.rules >= 1 {
        (["dex", "int"], "DEX or INT")
    } else {
        (["int", "wis"], "INT or WIS")
    };
    let attr = keys.iter().filter_map(|k| h.stat(k).map(attribute_mod)).max().unwrap_or(0);
    let skill = stat(h, HEAL);
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    ctx.emit(
        R_HEAL,
        Some(healer),
        SovEvent::Main { id: healer, at, what: format!("treats {}", t.name) },
    );
    let roll = ctx.roll(R_HEAL, Some(healer), &Dice::pool(2, 6), "Heal check")?;
    let outcome = skill_check(&roll, skill, attr + penalty, 10);
    ctx.ruling(
        R_HEAL,
        Some(healer),
        format_args!(
            "{}'s Heal check: {} + Heal {skill} {} ({said}) {} (rounds since the fall) = {} against 10: {}",
            h.name,
            roll.total,
            signed(attr),
            signed(penalty),
            outcome.total,
            if outcome.success { "stabilized" } else { "not yet" }
        ),
    );
    if outcome.success {
        ctx.emit(R_HEAL, Some(target), SovEvent::Settled { id: target });
        ctx.uncondition(R_HEAL, target, "mortally injured");
        ctx.set_track(R_HEAL, target, HP, 1);
        ctx.condition(R_HEAL, target, "frail");
        // The stabilised stays incapacitated for the rest of the Turn — the whole fight — and
        // comes to with 1 HP, Frail, after it (unconsciousness ends with the fight).
        if ctx.enc.rules >= 1 {
            ctx.condition(R_HEAL, target, "unconscious");
            ctx.ruling(
                R_HEAL,
                Some(target),
                format_args!("{} is out of the fight until it ends", t.name),
            );
        }
    }
    Ok(ctx.finish())
}
