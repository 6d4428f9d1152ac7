//! Sovereign between fights, past HP and Frailty: what is spent for the day (Effort, spell
//! casts, per-day charges) and when it comes back, the Strain of going without, poisons and
//! diseases and what ends them, Limb Restoration, and a Frail character left a week without
//! care ("002" of the rules README, "Between fights").
//!
//! What is spent is a counted track on the sheet, when the sheet keeps one: `effort` (Effort
//! not committed; the Turn's commitments come back when the fight ends), `effort today`
//! (committed for the day), `casts` (the day's spell casts) and `charges` (per-day item
//! charges used). A poison or a disease is a lasting `poisoned` or `diseased`.

use super::block::HEAL;
use crate::campaign::aftermath::{Recovery, Settings};
use crate::campaign::{Condition, Lasting};
use crate::dice::{Dice, DiceSource};
use crate::system::RuleError;

/// Effort not committed: lowered in the fight, back (less the day's) when it ends.
pub(super) const EFFORT: &str = "effort";
/// Effort committed for the day: back after a comfortable night.
pub(super) const EFFORT_TODAY: &str = "effort today";
/// Spell casts spent today: back after a comfortable night.
pub(super) const CASTS: &str = "casts";
/// Per-day item charges spent: back at dawn, after any night.
pub(super) const CHARGES: &str = "charges";
/// The System Strain track.
pub(super) const STRAIN: &str = "strain";
/// The ailments Purge Ailment and treatment end.
const POISONED: &str = "poisoned";
const DISEASED: &str = "diseased";
/// What Limb Restoration mends.
const LIMB: &[&str] = &["lost limb", "scar"];
/// A Frail character left a week without care who made the Physical save: a month of
/// comfortable sleep ends the Frailty.
pub(super) const MENDING_ALONE: &str = "mending alone";
/// One who failed it.
const DYING_OF_WOUNDS: &str = "dying of wounds";

/// A stat of a sheet, or `default`.
pub(super) fn stat(sheet: &serde_json::Value, name: &str, default: i64) -> i64 {
    crate::command::block_stats(sheet)
        .into_iter()
        .find(|s| s.name == name)
        .map_or(default, |s| s.value)
}

/// A track's maximum on the sheet, if it keeps the track.
pub(super) fn track_max(sheet: &serde_json::Value, name: &str) -> Option<i64> {
    crate::command::block_tracks(sheet).into_iter().find(|t| t.name == name).map(|t| t.max)
}

/// Effort uncommitted is the Effort score less what is committed for the day: the Turn's
/// commitments never outlast the fight.
pub(super) fn settle_effort(sheet: &serde_json::Value, after: &mut Condition) {
    let Some(max) = track_max(sheet, EFFORT) else { return };
    let today = after.track(sheet, EFFORT_TODAY).unwrap_or(0).clamp(0, max);
    after.set_track(sheet, EFFORT, max - today);
}

/// Dawn after a night of any kind: per-day items recharge.
pub(super) fn dawn(sheet: &serde_json::Value, after: &mut Condition) {
    after.mend_track(sheet, CHARGES, None);
}

/// A comfortable night's rest also gives back the day's Effort and spell casts.
pub(super) fn rested(sheet: &serde_json::Value, after: &mut Condition) {
    dawn(sheet, after);
    after.mend_track(sheet, EFFORT_TODAY, None);
    after.mend_track(sheet, CASTS, None);
}

/// Knocked out for an hour by System Strain forced past its maximum: carried into a fight
/// begun within the hour (out of it), ended by the next rest of a night or a day.
pub(super) const KNOCKED_OUT: &str = "unconscious";

/// System Strain from going without (a day unfed, a day without water, a night without
/// sleep). From rules edition 2 between fights, Strain forced past the maximum stops at it and
/// knocks the character out for an hour, and a day without food or water begun at the
/// maximum kills (`dies`: of what); before it, the track only stopped at its maximum.
pub(super) fn strain_for(
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    by: i64,
    dies: Option<&str>,
) {
    let (Some(now), Some(max)) = (after.track(sheet, STRAIN), track_max(sheet, STRAIN)) else {
        return;
    };
    if now + by <= max || crate::campaign::aftermath::edition(settings) < 2 {
        after.set_track(sheet, STRAIN, (now + by).min(max).max(now));
        return;
    }
    if let Some(cause) = dies.filter(|_| now >= max) {
        let mut dead = Lasting::named("dead");
        dead.detail = format!("{cause}, at the most System Strain the body bears");
        after.lasting.push(dead);
        return;
    }
    after.set_track(sheet, STRAIN, max);
    let mut out = Lasting::named(KNOCKED_OUT);
    out.detail = "System Strain forced past its maximum: out for an hour".into();
    after.lasting.push(out);
}

/// Rolls `dice` for `label`, as a rule error if the dice cannot.
pub(super) fn roll(
    dice: &mut dyn DiceSource,
    what: &Dice,
    label: &str,
) -> Result<crate::dice::Roll, RuleError> {
    dice.roll(what, label, None).map_err(|e| RuleError::Invalid(e.to_string()))
}

/// A Physical save of the one resting, with `bonus`: d20 + bonus at least 16 − level − the
/// better of STR and CON modifiers (one without a level: its `save`, or 15 − half its Hit
/// Dice); a natural 1 always fails and a natural 20 always saves.
fn physical_save(
    sheet: &serde_json::Value,
    bonus: i64,
    label: &str,
    dice: &mut dyn DiceSource,
) -> Result<bool, RuleError> {
    let target = if stat(sheet, "level", 0) > 0 {
        let best = ["str", "con"]
            .iter()
            .map(|k| super::rules::attribute_mod(stat(sheet, k, 10)))
            .max()
            .unwrap_or(0);
        super::rules::save_target_pc(stat(sheet, "level", 1), best)
    } else {
        stat(sheet, "save", super::rules::save_target_npc(stat(sheet, "hd", 1)))
    };
    let r = roll(dice, &Dice::die(20), label)?;
    Ok(match r.total {
        1 => false,
        20 => true,
        n => n + bonus >= target,
    })
}

/// Treating a poison within a minute: the Physical save with + twice the healer's Heal (+1
/// at Heal 0); a success ends it. Nothing to do for one not poisoned.
pub(super) fn treat_poison(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let (name, healer) = super::aftermath::tending(rest, settings)?;
    let heal = stat(healer, HEAL, -1);
    if heal < 0 {
        return Err(RuleError::Invalid(format!(
            "{name} has no Heal skill: treating a poison needs Heal 0 or better"
        )));
    }
    if !after.has(POISONED) {
        return Ok(());
    }
    let bonus = if heal == 0 { 1 } else { 2 * heal };
    let label = format!("Physical save against the poison, treated by {name} ({bonus:+})");
    if physical_save(sheet, bonus, &label, dice)? {
        after.lift(POISONED);
    }
    Ok(())
}

/// Purge Ailment: one poison or disease ends (a poison first).
pub(super) fn purge(after: &mut Condition) {
    if let Some(label) = [POISONED, DISEASED].into_iter().find(|l| after.has(l)) {
        after.lift(label);
    }
}

/// Limb Restoration: a lost limb regrows or a scar goes (the first carried), and System
/// Strain goes to its maximum. Nothing for one with neither.
pub(super) fn restore_limb(sheet: &serde_json::Value, after: &mut Condition) {
    let Some(label) =
        after.lasting.iter().map(|l| l.label.clone()).find(|l| LIMB.contains(&l.as_str()))
    else {
        return;
    };
    after.lift(&label);
    if let Some(max) = track_max(sheet, STRAIN) {
        after.set_track(sheet, STRAIN, max);
    }
}

/// A week of comfortable sleep without care, for the Frail: the Physical save at its end. A
/// failure: death in 1d6 days; a success: a month more of comfortable sleep ends the Frailty.
pub(super) fn week_alone(
    sheet: &serde_json::Value,
    after: &mut Condition,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    if !after.has(super::aftermath::FRAIL) || after.has(MENDING_ALONE) {
        return Ok(());
    }
    if physical_save(sheet, 0, "Physical save after a week without care", dice)? {
        let mut mark = Lasting::named(MENDING_ALONE);
        mark.detail = "a month of comfortable sleep ends the Frailty".into();
        after.lasting.push(mark);
    } else if !after.has(DYING_OF_WOUNDS) {
        let days = roll(dice, &Dice::die(6), "Days left to live")?.total;
        let mut mark = Lasting::named(DYING_OF_WOUNDS);
        mark.detail = format!("dies in {days} day{}", if days == 1 { "" } else { "s" });
        after.lasting.push(mark);
    }
    Ok(())
}
