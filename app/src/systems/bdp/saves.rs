//! Saves: the tie-breaking DEX save, saves the GM calls for, retreating, and damage the GM
//! rules outside an attack (a fall down the stairs).

use super::Step;
use super::block;
use super::damage::{Blow, deal, wound};
use super::model::{Ability, BdpEvent, Intent};
use super::{R_ORDER, R_SAVE};
use crate::checks::{CheckOutcome, save_under};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::system::Ctx;
use crate::system::RuleError;
use crate::system::Step as _;

/// Rolls `who`'s save: d20 at or under the ability (plus `modifier`); 1 passes, 20 fails.
pub(crate) fn roll_save(
    ctx: &mut Ctx,
    rule: &'static str,
    id: CombatantId,
    ability: Ability,
    modifier: i64,
    why: &str,
) -> Result<CheckOutcome, RuleError> {
    let c = ctx.snapshot(id)?;
    let score = block::track(&c, ability.track()) + modifier;
    let roll = ctx.roll(
        rule,
        Some(id),
        &Dice::die(20),
        format_args!("{}'s {} save{why}", c.name, ability.label()),
    )?;
    Ok(save_under(score, &roll))
}

/// A player character's DEX save against the foes it is tied with.
pub(crate) fn break_tie(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if !Step::Order.now(enc) {
        return Err(RuleError::NotAllowed("ties are broken while the order is set".into()));
    }
    let pending = super::order::pending(enc);
    let Some((_, foes)) = pending.iter().find(|(pc, _)| *pc == id) else {
        return Err(RuleError::NotAllowed(format!("{} has no tie to break", enc.name_of(id))));
    };
    let foes: Vec<String> = foes.iter().map(|f| enc.name_of(*f)).collect();
    let mut ctx = Ctx::new(enc, dice);
    let outcome = roll_save(&mut ctx, R_ORDER, id, Ability::Dex, 0, " (to go first)")?;
    let name = ctx.name(id);
    let text = if outcome.success {
        format!("{name} goes before {} ({})", foes.join(" and "), outcome.describe())
    } else {
        format!("{} go first, then {name} ({})", foes.join(" and "), outcome.describe())
    };
    ctx.ruling(R_ORDER, Some(id), text);
    ctx.emit(R_ORDER, Some(id), BdpEvent::TieBroken { id, passed: outcome.success });
    let order = super::order::plan(ctx.enc).order;
    ctx.push(R_ORDER, None, EventKind::OrderSet { order });
    Ok(ctx.finish())
}

/// A save the GM calls for; the journal says pass or fail, the GM rules what follows.
pub(crate) fn save(
    enc: &mut Encounter,
    id: CombatantId,
    ability: Ability,
    modifier: i64,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    let mut ctx = Ctx::new(enc, dice);
    let outcome = roll_save(&mut ctx, R_SAVE, id, ability, modifier, "")?;
    let name = ctx.name(id);
    let word = if outcome.success { "passes" } else { "fails" };
    ctx.ruling(R_SAVE, Some(id), format_args!("{name} {word} ({})", outcome.describe()));
    Ok(ctx.finish())
}

/// Damage the GM rules (a fall, a fire): through the guard, or straight to STR.
pub(crate) fn hurt(
    enc: &mut Encounter,
    target: CombatantId,
    expr: &Dice,
    to_str: bool,
    save: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = enc.combatants.shared(&target).ok_or(RuleError::UnknownCombatant(target))?;
    let mut ctx = Ctx::new(enc, dice);
    let raw =
        ctx.roll(R_SAVE, Some(target), expr, format_args!("Damage to {}", c.name))?.total.max(0);
    if to_str {
        // A detachment's body is its will: what reaches "STR" reaches its WIL.
        let ability = if super::block::BdpBlock::of(&c)?.detachment { "wil" } else { "str" };
        let name = ability.to_uppercase();
        ctx.ruling(R_SAVE, Some(target), format_args!("{} takes {raw} to {name}", c.name));
        if raw > 0 {
            wound(&mut ctx, target, ability, raw, save, false)?;
        }
    } else {
        let blow = Blow {
            raw,
            source: "Ruled damage".into(),
            armor: true,
            to_str,
            save,
            nonlethal: false,
        };
        deal(&mut ctx, target, blow)?;
    }
    Ok(ctx.finish())
}

/// Retreat: a DEX save; on a pass the combatant is away (off the board, marked fled).
pub(crate) fn retreat(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    if !super::turns::in_turns(enc) || !enc.acting().contains(&id) {
        return Err(RuleError::NotAllowed(format!("{} retreats on its turn", c.name)));
    }
    if !matches!(enc.bdp().declarations.get(&id).map(|d| &d.intent), Some(Intent::Retreat)) {
        return Err(RuleError::NotAllowed(format!("{} did not declare a retreat", c.name)));
    }
    if enc.bdp().acted.contains(&id) {
        return Err(RuleError::NotAllowed(format!("{} has already acted", c.name)));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_SAVE, Some(id), BdpEvent::Acted { id });
    let outcome = roll_save(&mut ctx, R_SAVE, id, Ability::Dex, 0, " (retreat)")?;
    if outcome.success {
        ctx.ruling(R_SAVE, Some(id), format_args!("{} gets away ({})", c.name, outcome.describe()));
        ctx.push(R_SAVE, Some(id), EventKind::Moved { id, from: c.zone, to: None });
        ctx.condition(R_SAVE, id, "fled");
    } else {
        ctx.ruling(
            R_SAVE,
            Some(id),
            format_args!("{} cannot break away ({})", c.name, outcome.describe()),
        );
    }
    Ok(ctx.finish())
}
