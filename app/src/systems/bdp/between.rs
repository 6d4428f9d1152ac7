//! Block, Dodge, Parry between fights, past the rests of `rests.rs`: the waterskin's usage die
//! when catching one's breath, the Sleeping Tonic and salves taken before a night, the camp's
//! Boost Morale, a devotee's prayer at the day's end, and repairs ("000" of the rules README,
//! "Between fights").
//!
//! A usage die is a track holding the die's size (`waterskin`: 8, then 6, 4, and 0 when it is
//! empty). A tonic or a salve taken is a lasting mark that the next night's sleep uses up.

use crate::campaign::aftermath::{Recovery, Settings, healer};
use crate::campaign::{Condition, Lasting, Wear};
use crate::dice::{Dice, DiceSource, Roll};
use crate::system::RuleError;

/// The waterskin's usage die, by its size.
const WATERSKIN: &str = "waterskin";
/// A Sleeping Tonic taken: the next night is a step better.
pub(super) const TONIC: &str = "sleeping tonic";
/// A salve applied: the next night's 8 hours give 1d3 of an ability back.
pub(super) const SALVE: &str = "salve";
/// A devotee's prayer of 9 or more: a Faith Die free tomorrow.
const FREE_FAITH_DIE: &str = "free faith die";

fn roll(dice: &mut dyn DiceSource, what: &Dice, label: &str) -> Result<Roll, RuleError> {
    dice.roll(what, label, None).map_err(|e| RuleError::Invalid(e.to_string()))
}

fn max(sheet: &serde_json::Value, name: &str) -> Option<i64> {
    crate::command::block_tracks(sheet).into_iter().find(|t| t.name == name).map(|t| t.max)
}

/// Catching one's breath drinks from the waterskin: its usage die is rolled, and on a 1 or 2
/// it steps down (d8, d6, d4, empty). Whether there was a drink: an empty skin gives none. A
/// sheet without a waterskin drinks from elsewhere.
pub(super) fn drink(
    sheet: &serde_json::Value,
    after: &mut Condition,
    dice: &mut dyn DiceSource,
) -> Result<bool, RuleError> {
    let Some(size) = after.track(sheet, WATERSKIN) else { return Ok(true) };
    let Ok(sides) = u32::try_from(size) else { return Ok(false) };
    if sides < 2 {
        return Ok(false);
    }
    let used = roll(dice, &Dice::die(sides), &format!("The waterskin's usage die (d{sides})"))?;
    if used.total <= 2 {
        after.set_track(sheet, WATERSKIN, if sides > 4 { size - 2 } else { 0 });
    }
    Ok(true)
}

/// The kind of night a Sleeping Tonic makes of `kind`: one step better (a night without sleep
/// becomes a perilous one, a perilous one a night's sleep, a night's sleep a comfortable one).
pub(super) fn with_tonic(kind: &'static str, after: &mut Condition) -> &'static str {
    if !after.has(TONIC) {
        return kind;
    }
    after.lift(TONIC);
    match kind {
        "sleepless" => "perilous",
        "perilous" => "night",
        _ => "comfortable",
    }
}

/// A salve applied before 8 hours' rest: 1d3 of the most lost of STR, DEX and WIL back when
/// the night is over (no die when none is lost). Used up either way.
pub(super) fn salve_works(
    sheet: &serde_json::Value,
    after: &mut Condition,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    if !after.has(SALVE) {
        return Ok(());
    }
    after.lift(SALVE);
    let lost = |c: &Condition, a: &str| {
        let m = max(sheet, a).unwrap_or(0);
        m - c.track(sheet, a).unwrap_or(m)
    };
    let worst =
        super::rests::ABILITIES.into_iter().filter(|a| lost(after, a) > 0).max_by_key(|a| {
            (lost(after, a), std::cmp::Reverse(super::rests::ABILITIES.iter().position(|x| x == a)))
        });
    if let Some(a) = worst {
        let got = roll(dice, &Dice::die(3), &format!("The salve: {} back", a.to_uppercase()))?;
        after.mend_track(sheet, a, Some(got.total));
    }
    Ok(())
}

/// The camp's Boost Morale: 1 WIL back to each, 2 when the one named to lead it has the skill
/// (a `boost morale` stat of 1 on that sheet).
pub(super) fn boost_morale(sheet: &serde_json::Value, after: &mut Condition, settings: &Settings) {
    let skilled = healer(settings).is_some_and(|(_, s)| {
        crate::command::block_stats(s).iter().any(|st| st.name == "boost morale" && st.value > 0)
    });
    after.mend_track(sheet, "wil", Some(if skilled { 2 } else { 1 }));
}

/// A devotee's prayer at the day's end: 1d6 + the Warden bonus (a `warden` stat). 1 nothing;
/// 2–3 1d2 WIL; 4–5 1d4+1; 6 or more all lost WIL, and from 9 a Faith Die free tomorrow.
pub(super) fn devotion(
    sheet: &serde_json::Value,
    after: &mut Condition,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let warden = crate::command::block_stats(sheet)
        .into_iter()
        .find(|s| s.name == "warden")
        .map_or(0, |s| s.value);
    let prayer = roll(dice, &Dice::die(6).plus(warden), "The devotee's prayer")?.total;
    let back = match prayer {
        ..=1 => Some(0),
        2..=3 => Some(roll(dice, &Dice::die(2), "The prayer: WIL back")?.total),
        4..=5 => Some(roll(dice, &Dice::die(4).plus(1), "The prayer: WIL back")?.total),
        _ => None,
    };
    after.mend_track(sheet, "wil", back);
    if prayer >= 9 && !after.has(FREE_FAITH_DIE) {
        after.lasting.push(Lasting::named(FREE_FAITH_DIE));
    }
    Ok(())
}

/// A repair (three quarters of the new price, or a Repair Kit in the field): broken gear as
/// good as new, but a shield given up to a blow, which is lost for good.
pub(super) fn repair(after: &mut Condition) {
    after.items.retain(|key, item| key == "shield" || item.wear < Wear::Broken);
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
        "tonic" | "salve" => {
            let mark = if rest.id == "tonic" { TONIC } else { SALVE };
            if !after.has(mark) {
                after.lasting.push(Lasting::named(mark));
            }
        }
        "boost-morale" => boost_morale(sheet, after, settings),
        "devotion" => devotion(sheet, after, dice)?,
        "repair" => repair(after),
        _ => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Item;

    #[test]
    fn a_repair_mends_broken_gear_but_a_shield_given_up_is_lost_for_good() {
        let mut c = Condition::default();
        for key in ["shield", "armor", "weapon:0"] {
            c.items.insert(key.into(), Item { name: key.into(), wear: Wear::Broken, spent: 0 });
        }
        repair(&mut c);
        assert_eq!(c.items.keys().collect::<Vec<_>>(), ["shield"]);
    }
}
