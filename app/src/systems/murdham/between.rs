//! Murdham between fights, past the day's and the full rest: healing worth half STR (a
//! service, a draught, a rite), the medicine box, sickness and its daily save, the rites of
//! restoration and purification, Corruption and the Incorruptible skill, repairs, and going
//! on past two watches without rest ("003" of the rules README, "Between fights"; mechanics
//! only, in our words).
//!
//! Corruption is a counted track, `corruption`, when the sheet keeps one. A sickness is a
//! lasting `sick`, with the recovery saves made so far counted on `sickness saves`; a poison
//! is a lasting `poisoned`. A rite is invoked by the healer the rest names: a d12 over the
//! invoker's Corruption as it is now, one try.

use super::block::{AGI, HEALTH, STR, WIT};
use crate::campaign::aftermath::{Recovery, Settings};
use crate::campaign::{Condition, Wear};
use crate::checks::save_under;
use crate::dice::{Dice, DiceSource, Roll};
use crate::system::RuleError;

/// Corruption: a counted track.
pub(super) const CORRUPTION: &str = "corruption";
/// A sickness, until its recovery saves are made (or a full rest).
const SICK: &str = "sick";
/// The recovery saves made against the sickness so far.
const SICK_SAVES: &str = "sickness saves";
/// Recovery saves that cure a sickness (the usual number).
const CURED_AT: i64 = 3;
/// A poison, until the rite of restoration (or a full rest).
const POISONED: &str = "poisoned";

/// A score now: the condition's lasting value, else the sheet's (`default` without either).
pub(super) fn score(sheet: &serde_json::Value, c: &Condition, name: &str, default: i64) -> i64 {
    c.stats.get(name).copied().unwrap_or_else(|| {
        crate::command::block_stats(sheet)
            .into_iter()
            .find(|s| s.name == name)
            .map_or(default, |s| s.value)
    })
}

fn roll(dice: &mut dyn DiceSource, what: &Dice, label: &str) -> Result<Roll, RuleError> {
    dice.roll(what, label, None).map_err(|e| RuleError::Invalid(e.to_string()))
}

/// Half of STR as it is now, rounded down: what a healing service, draught or rite gives.
fn half_str(sheet: &serde_json::Value, after: &Condition) -> i64 {
    score(sheet, after, STR, 0).max(0) / 2
}

/// A drink taken this stretch: another in the same stretch fails its save.
pub(super) const DRINKING: &str = "drinking";
/// Confused by drink, until the stretch ends.
pub(super) const CONFUSED: &str = "confused";

/// A drink: 1 health back (none while dying), and a STR save or confused until the stretch
/// ends; a second drink in the same stretch fails the save without a roll.
pub(super) fn drink(
    sheet: &serde_json::Value,
    after: &mut Condition,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    if !after.has(super::DYING) {
        after.mend_track(sheet, HEALTH, Some(1));
    }
    let second = after.has(DRINKING);
    let made = !second && {
        let strength = score(sheet, after, STR, 0);
        let save = roll(dice, &Dice::die(20), &format!("STR save against the drink ({strength})"))?;
        save_under(strength, &save).success
    };
    for (mark, now) in [(CONFUSED, !made), (DRINKING, true)] {
        if now && !after.has(mark) {
            after.lasting.push(crate::campaign::Lasting::named(mark));
        }
    }
    Ok(())
}

/// A service (16ʂ) or a healing draught: half STR in health.
pub(super) fn treatment(sheet: &serde_json::Value, after: &mut Condition) {
    let half = half_str(sheet, after);
    after.mend_track(sheet, HEALTH, Some(half));
}

/// The healer the rest names, or why it cannot go on without one.
fn invoker<'a>(
    rest: &Recovery,
    settings: &'a Settings,
) -> Result<(&'a str, &'a serde_json::Value), RuleError> {
    crate::campaign::aftermath::named_healer(
        rest,
        settings,
        ["someone to perform it", "them", "NAME"],
    )
}

/// A rite's invocation: a d12 over the invoker's Corruption now. Whether it took.
fn invoke(
    rest: &Recovery,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<bool, RuleError> {
    let (name, sheet) = invoker(rest, settings)?;
    let corruption = crate::command::block_tracks(sheet).into_iter().find(|t| t.name == CORRUPTION);
    let corruption = corruption.map_or(0, |t| t.value);
    let label = format!("{} by {name}: d12 over Corruption {corruption}", rest.name);
    Ok(roll(dice, &Dice::die(12), &label)?.total > corruption)
}

/// The rites: healing (half STR in health), restoration (a poison ends, a recovery save made
/// against a sickness) and purification (1 Corruption off); each only if the invocation takes.
pub(super) fn rite(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    if !invoke(rest, settings, dice)? {
        return Ok(());
    }
    match rest.id {
        "rite-healing" => treatment(sheet, after),
        "rite-restoration" => {
            after.lift(POISONED);
            if after.has(SICK) {
                recovered_once(sheet, after);
            }
        }
        _ => {
            after.mend_track(sheet, CORRUPTION, Some(1));
        }
    }
    Ok(())
}

/// The medicine box, used over a stretch by the healer named: a d8 in health, never more than
/// half STR; with the Heal skill (a `heal` stat of 1 on the healer's sheet), half STR.
pub(super) fn medicine(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let (name, healer) = invoker(rest, settings)?;
    let half = half_str(sheet, after);
    let skilled =
        crate::command::block_stats(healer).iter().any(|s| s.name == "heal" && s.value > 0);
    let amount = if skilled {
        half
    } else {
        roll(dice, &Dice::die(8), &format!("Medicine box by {name}"))?.total.min(half)
    };
    after.mend_track(sheet, HEALTH, Some(amount));
    Ok(())
}

/// One recovery save made against the sickness: the third cures it.
fn recovered_once(sheet: &serde_json::Value, after: &mut Condition) {
    let made = after.track(sheet, SICK_SAVES).unwrap_or(0) + 1;
    if made >= CURED_AT {
        after.lift(SICK);
        after.tracks.remove(SICK_SAVES);
    } else {
        after.tracks.insert(SICK_SAVES.to_owned(), made);
    }
}

/// A day's STR recovery save against a sickness: made, one more towards the cure; failed, a
/// d4 off STR, AGI and WIT for now (one roll for the three). Nothing for one not sick.
pub(super) fn sickness_save(
    sheet: &serde_json::Value,
    after: &mut Condition,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    if !after.has(SICK) {
        return Ok(());
    }
    let strength = score(sheet, after, STR, 0);
    let save = roll(
        dice,
        &Dice::die(20),
        &format!("STR recovery save against the sickness ({strength})"),
    )?;
    if save_under(strength, &save).success {
        recovered_once(sheet, after);
        return Ok(());
    }
    let loss = roll(dice, &Dice::die(4), "The sickness: STR, AGI and WIT lost for now")?.total;
    for a in [STR, AGI, WIT] {
        let now = score(sheet, after, a, 0);
        after.set_stat(sheet, a, (now - loss).max(0));
    }
    super::aftermath::dead_at_zero(after);
    Ok(())
}

/// A repair: by a service, every damaged or broken piece as good as new; with a toolbox, a
/// watch and a WIT save for each, a failure destroying it. Pieces with durability of their own
/// are repaired a watch's worth instead (`durability.rs`).
pub(super) fn repair(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let block = super::block::MurdhamBlock::read("the sheet", sheet)?;
    let durable = super::durability::pieces(&block)?;
    let worn: Vec<String> = after
        .items
        .iter()
        .filter(|(_, i)| matches!(i.wear, Wear::Damaged | Wear::Broken))
        .filter(|(k, _)| !durable.iter().any(|(name, _)| name == *k))
        .map(|(k, _)| k.clone())
        .collect();
    let wit = score(sheet, after, WIT, 0);
    let toolbox = rest.id == "toolbox";
    let mut save = |name: &str| -> Result<bool, RuleError> {
        if !toolbox {
            return Ok(true);
        }
        let save = roll(dice, &Dice::die(20), &format!("WIT save to repair the {name} ({wit})"))?;
        Ok(save_under(wit, &save).success)
    };
    for key in worn {
        let name = after.items[&key].name.clone();
        if !save(&name)? {
            if let Some(item) = after.items.get_mut(&key) {
                item.wear = Wear::Destroyed;
            }
            continue;
        }
        after.items.remove(&key);
    }
    super::durability::repair(sheet, after, save)
}

/// The Incorruptible skill (a `incorruptible` stat of 1): a point of Corruption off each
/// day's rest, all of it on a full rest.
pub(super) fn incorruptible(rest: &str, sheet: &serde_json::Value, after: &mut Condition) {
    if score(sheet, after, "incorruptible", 0) < 1 {
        return;
    }
    after.mend_track(sheet, CORRUPTION, if rest == "full" { None } else { Some(1) });
}

/// The count of recovery saves goes with the sickness (a full rest ends both).
pub(super) fn settle(after: &mut Condition) {
    if !after.has(SICK) {
        after.tracks.remove(SICK_SAVES);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Item;
    use crate::dice::SeededDice;

    #[test]
    fn a_repair_service_mends_damaged_and_broken_gear_but_not_what_is_destroyed() {
        let sheet = serde_json::json!({"stats": {"wit": 9}});
        let mut worn = Condition::default();
        for (key, wear) in
            [("Sword", Wear::Damaged), ("Shield", Wear::Broken), ("Bow", Wear::Destroyed)]
        {
            worn.items.insert(key.into(), Item { name: key.into(), wear, spent: 0 });
        }
        let service = crate::campaign::aftermath::recovery(
            &super::super::aftermath::MurdhamAftermath,
            "repair",
        )
        .unwrap();
        repair(service, &sheet, &mut worn, &mut SeededDice::new(1, 0)).unwrap();
        let left: Vec<&String> = worn.items.keys().collect();
        assert_eq!(left, ["Bow"]);
    }
}
