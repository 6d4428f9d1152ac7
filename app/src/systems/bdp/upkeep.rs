//! Block, Dodge, Parry between fights, the rest of the "000" checklist: a roll of Luck (the
//! only way burned Luck comes back), a wand or staff mended a Power a day, a disease's daily
//! STR save and its cure, and the Replenish miracle (the SRD's character creation, magic and
//! rules chapters).
//!
//! A disease is a lasting `diseased`: each day's save failed costs 1 STR (Fray's default, the
//! mildest of the text's examples; a disease that harms otherwise is the GM's to mark by
//! hand), until a cure ends it or the GM marks it healed when its days are over.

use crate::campaign::aftermath::{Recovery, Settings, named_healer};
use crate::campaign::{Condition, Lasting};
use crate::checks::save_under;
use crate::dice::{Dice, DiceSource, Roll};
use crate::system::RuleError;

/// A disease carried.
pub(super) const DISEASED: &str = "diseased";
/// The setting `prepare` leaves for each ally: the Replenish dice's sum and the WIL they cost.
const REPLENISH: &str = "replenish";
/// Most Faith Dice in one miracle, so most allies one Replenish reaches.
const MOST_FAITH_DICE: usize = 4;

type RuleResult = Result<(), RuleError>;

fn roll(dice: &mut dyn DiceSource, what: &Dice, label: &str) -> Result<Roll, RuleError> {
    dice.roll(what, label, None).map_err(|e| RuleError::Invalid(e.to_string()))
}

/// A roll of Luck instead of the Die of Fate: a d20 under Luck is a favour that burns 1 for
/// good; exactly Luck is a favour and 1 back, the only way Luck returns; over it, no favour.
fn luck(sheet: &serde_json::Value, after: &mut Condition, dice: &mut dyn DiceSource) -> RuleResult {
    let Some(now) = after.track(sheet, "luck") else { return Ok(()) };
    let d20 = roll(dice, &Dice::die(20), &format!("Luck ({now})"))?.total;
    if d20 < now {
        after.set_track(sheet, "luck", now - 1);
    } else if d20 == now {
        after.mend_track(sheet, "luck", Some(1));
    }
    Ok(())
}

/// A day's STR save against a disease: failed, 1 STR lost. With rest and care (or the camp's
/// Treat Injuries) the save is made twice and the better kept. Nothing for one not diseased.
fn disease_save(
    sheet: &serde_json::Value,
    after: &mut Condition,
    cared: bool,
    dice: &mut dyn DiceSource,
) -> RuleResult {
    if !after.has(DISEASED) {
        return Ok(());
    }
    let strength = after.track(sheet, "str").unwrap_or(0);
    let label = format!("STR save against the disease ({strength})");
    let mut made = save_under(strength, &roll(dice, &Dice::die(20), &label)?).success;
    if cared && !made {
        let again = roll(dice, &Dice::die(20), &format!("{label}, with care"))?;
        made = save_under(strength, &again).success;
    }
    if !made {
        after.set_track(sheet, "str", (strength - 1).max(0));
        if strength <= 1 && !after.has("dead") {
            after.lasting.push(Lasting::named("dead"));
        }
    }
    Ok(())
}

/// Replenish, before anyone rests: the caster's Faith Dice, one for each ally named (four at
/// most), rolled once; each ally will regain their sum in HP, and the caster pays 1 WIL for
/// each die of 1–3 and 2 for each of 4–6.
pub(super) fn prepare(
    rest: &Recovery,
    count: usize,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Settings, RuleError> {
    if rest.id != "replenish" {
        return Ok(settings.clone());
    }
    let (caster, _) = named_healer(rest, settings, ["a caster", "the devotee", "CASTER"])?;
    if !(1..=MOST_FAITH_DICE).contains(&count) {
        return Err(RuleError::Invalid(format!(
            "Replenish reaches 1 to {MOST_FAITH_DICE} allies, one Faith Die each, not {count}"
        )));
    }
    let n = u32::try_from(count).unwrap_or(1);
    let faces = roll(dice, &Dice::pool(n, 6), &format!("{caster}'s Faith Dice (Replenish)"))?;
    let faces = faces.faces();
    let sum: u32 = faces.iter().sum();
    let wil: u32 = faces.iter().map(|f| if *f >= 4 { 2 } else { 1 }).sum();
    let mut out = settings.clone();
    out.insert(REPLENISH.to_owned(), serde_json::json!({"sum": sum, "wil": wil}));
    Ok(out)
}

/// The Replenish dice `prepare` rolled: (their sum, the WIL they cost).
fn replenished(settings: &Settings) -> (i64, i64) {
    let r = settings.get(REPLENISH);
    let read = |k: &str| r.and_then(|r| r.get(k)).and_then(serde_json::Value::as_i64).unwrap_or(0);
    (read("sum"), read("wil"))
}

/// The WIL a Replenish cast cost its caster (0 leaves it out cold until its WIL is back).
pub(super) fn caster_pays(
    rest: &Recovery,
    sheet: &serde_json::Value,
    before: &Condition,
    settings: &Settings,
) -> Option<Condition> {
    if rest.id != "replenish" {
        return None;
    }
    let mut after = before.clone();
    let wil = after.track(sheet, "wil")?;
    let left = (wil - replenished(settings).1).max(0);
    after.set_track(sheet, "wil", left);
    if left == 0 && !after.has("unconscious") {
        after.lasting.push(Lasting::named("unconscious"));
    }
    Some(after)
}

/// The rests of this file: whether `rest` is one of them (done).
pub(super) fn rest(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<bool, RuleError> {
    match rest.id {
        "luck" => luck(sheet, after, dice)?,
        // A day's work with reagents or coin: 1 Power back; a cracked one grants its dice
        // again once it holds Power.
        "mend-wand" => {
            after.mend_track(sheet, "power", Some(1));
        }
        "disease-save" | "disease-care" => {
            disease_save(sheet, after, rest.id == "disease-care", dice)?;
        }
        "cure" => after.lift(DISEASED),
        // Not while Deprived: no HP comes back to the deprived, whatever the means.
        "replenish" if !super::rests::deprived(after) => {
            after.mend_track(sheet, "hp", Some(replenished(settings).0));
        }
        "replenish" => {}
        _ => return Ok(false),
    }
    Ok(true)
}
