//! Monster morale at the end of the round: after losing over half its Wound Points in one
//! hit, when outnumbered, or when intimidated. 3d6 + Insight + HD + allies against 11 +
//! opponents (or the Intimidation result); an obvious outcome fails it outright. What a
//! failure means is the GM's call: the token shows it.

use super::R_MORALE;
use super::Step;
use super::block::{HD, INS_MOD, INTIMIDATE, stat};
use super::model::{D12Event, Trigger};
use super::wounds::{self, Status, status};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::{Ctx, RuleError};

/// Condition: failed a morale check (flees, surrenders or parleys, as the GM rules).
pub const FAILED: &str = "failed morale";

/// Allies still fighting beside `c` (itself not counted).
pub fn allies(enc: &Encounter, c: &Combatant) -> i64 {
    enc.combatants.values().filter(|o| o.id != c.id && o.side == c.side && wounds::is_up(o)).count()
        as i64
}

/// Opponents still fighting against `c`.
pub fn opponents(enc: &Encounter, c: &Combatant) -> i64 {
    enc.combatants.values().filter(|o| o.side != c.side && wounds::is_up(o)).count() as i64
}

/// Why a monster must check morale this round, if it must.
pub fn trigger(enc: &Encounter, c: &Combatant) -> Option<Trigger> {
    let gone = status(c) == Status::Dead
        || wounds::OUT.iter().any(|k| c.conditions.contains(*k))
        || c.conditions.contains(FAILED);
    if enc.is_party(c.id) || gone || enc.d12().morale_done.contains(&c.id) {
        return None;
    }
    if enc.d12().intimidated.contains_key(&c.id) {
        Some(Trigger::Intimidated)
    } else if enc.d12().big_hits.contains(&c.id) {
        Some(Trigger::BigHit)
    } else if allies(enc, c) + 1 < opponents(enc, c) {
        Some(Trigger::Outnumbered)
    } else {
        None
    }
}

/// The morale checks due now (only at the end of a round).
pub fn due(enc: &Encounter) -> Vec<(CombatantId, Trigger)> {
    if !Step::End.now(enc) {
        return Vec::new();
    }
    enc.combatants.values().filter_map(|c| Some((c.id, trigger(enc, c)?))).collect()
}

/// The check's dice and target: (3d6 + Insight + HD + allies, TN).
pub fn numbers(enc: &Encounter, c: &Combatant) -> (Dice, i64) {
    let bonus = stat(c, INS_MOD) + stat(c, HD) + allies(enc, c);
    let tn = enc.d12().intimidated.get(&c.id).copied().unwrap_or(11 + opponents(enc, c));
    (Dice::pool(3, 6).plus(bonus), tn)
}

fn due_for(enc: &Encounter, id: CombatantId) -> Result<Trigger, RuleError> {
    due(enc).into_iter().find(|(d, _)| *d == id).map(|(_, t)| t).ok_or_else(|| {
        RuleError::NotAllowed(format!("{} has no morale check due now", enc.name_of(id)))
    })
}

/// A monster's morale check.
pub(crate) fn check(
    enc: &mut Encounter,
    id: CombatantId,
    obvious: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let trigger = due_for(enc, id)?;
    let mut ctx = Ctx::new(enc, dice);
    let c = ctx.snapshot(id)?;
    let passed = if obvious {
        ctx.ruling(
            R_MORALE,
            Some(id),
            format_args!(
                "{} ({}): the outcome is plain to it, morale fails",
                c.name,
                trigger.label()
            ),
        );
        false
    } else {
        let (dice, tn) = numbers(ctx.enc, &c);
        let n = allies(ctx.enc, &c);
        let roll = ctx.roll(
            R_MORALE,
            Some(id),
            &dice,
            format_args!(
                "{}'s morale (INS {:+}, HD {}, {n} {})",
                c.name,
                stat(&c, INS_MOD),
                stat(&c, HD),
                if n == 1 { "ally" } else { "allies" }
            ),
        )?;
        let passed = roll.total >= tn;
        let against = match trigger {
            Trigger::Intimidated => format!("the Intimidation result {tn}"),
            _ => format!("TN {tn} (11 + {} opponents)", opponents(ctx.enc, &c)),
        };
        ctx.ruling(
            R_MORALE,
            Some(id),
            format_args!(
                "{} ({}): {} against {against}: {}",
                c.name,
                trigger.label(),
                roll.total,
                if passed { "holds" } else { "breaks" }
            ),
        );
        passed
    };
    ctx.emit(R_MORALE, Some(id), D12Event::MoraleSettled { id });
    if !passed {
        ctx.condition(R_MORALE, id, FAILED);
    }
    Ok(ctx.finish())
}

/// The GM rules a due check unneeded.
pub(crate) fn skip(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let trigger = due_for(enc, id)?;
    let mut ctx = Ctx::new(enc, dice);
    let name = ctx.name(id);
    ctx.ruling(
        R_MORALE,
        Some(id),
        format_args!("{name} ({}): no check, the GM rules", trigger.label()),
    );
    ctx.emit(R_MORALE, Some(id), D12Event::MoraleSettled { id });
    Ok(ctx.finish())
}

/// An Intimidation check (d20 + Intimidation) against a monster: its morale is checked at
/// the end of the round against the result.
pub(crate) fn intimidate(
    enc: &mut Encounter,
    by: CombatantId,
    target: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    let b = ctx.snapshot(by)?;
    let t = ctx.snapshot(target)?;
    if ctx.enc.is_party(target) {
        return Err(RuleError::NotAllowed(format!(
            "{} is on the players' side: only monsters check morale",
            t.name
        )));
    }
    if status(&t) == Status::Dead {
        return Err(RuleError::NotAllowed(format!("{} is dead", t.name)));
    }
    let dice = Dice::die(20).plus(stat(&b, INTIMIDATE));
    let roll = ctx.roll(
        R_MORALE,
        Some(by),
        &dice,
        format_args!("{}'s Intimidation of {}", b.name, t.name),
    )?;
    ctx.emit(R_MORALE, Some(target), D12Event::Intimidated { id: target, result: roll.total });
    ctx.ruling(
        R_MORALE,
        Some(target),
        format_args!("{} checks morale at the round's end against {}", t.name, roll.total),
    );
    Ok(ctx.finish())
}
