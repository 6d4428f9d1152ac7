//! DR12 between fights, past the two rests: going hungry and starving, infection, and the
//! optional Broken table for one left at 0 HP ("001" of the rules README, "Between fights";
//! every rule here is the README's default from the nearest public analogue, the text itself
//! having none).
//!
//! The nights without food are counted on `days unfed` (a count the sheet does not keep);
//! from the second, the character is `starving`. `infected` is a lasting condition the GM
//! puts on and lifts.

use super::block::HP;
use crate::campaign::aftermath::Settings;
use crate::campaign::{Condition, Lasting};
use crate::dice::{Dice, DiceSource, Roll};
use crate::system::RuleError;

/// Nights without food in a row.
const DAYS_UNFED: &str = "days unfed";
/// Two days and more without food: no healing, d4 HP lost a day.
pub(super) const STARVING: &str = "starving";
/// An infected wound: no healing, d6 HP lost a day.
pub(super) const INFECTED: &str = "infected";
/// Setting: the Broken table for a character at 0 HP (off: the GM rules).
pub const BROKEN_TABLE: &str = "broken_table";

fn roll(dice: &mut dyn DiceSource, what: &Dice, label: &str) -> Result<Roll, RuleError> {
    dice.roll(what, label, None).map_err(|e| RuleError::Invalid(e.to_string()))
}

/// Whether the body heals at all: not while starving or infected.
pub(super) fn heals(c: &Condition) -> bool {
    !c.has(STARVING) && !c.has(INFECTED)
}

/// A night passes, fed or not: the count of days unfed, and a day's loss to starving (d4)
/// and infection (d6); at 0 HP the character is down.
pub(super) fn night_passes(
    sheet: &serde_json::Value,
    after: &mut Condition,
    fed: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    if fed {
        after.set_track(sheet, DAYS_UNFED, 0);
        after.lift(STARVING);
    } else {
        let days = after.track(sheet, DAYS_UNFED).unwrap_or(0) + 1;
        after.set_track(sheet, DAYS_UNFED, days);
        if days >= 2 && !after.has(STARVING) {
            after.lasting.push(Lasting::named(STARVING));
        }
    }
    for (label, sides) in [(STARVING, 4), (INFECTED, 6)] {
        if after.has(label) && after.track(sheet, HP).is_some() {
            let lost = roll(dice, &Dice::die(sides), &format!("A day {label}: HP lost"))?.total;
            let now = after.track(sheet, HP).unwrap_or(0);
            after.set_track(sheet, HP, (now - lost).max(0));
        }
    }
    if after.track(sheet, HP).is_some_and(|v| v <= 0) && !after.has("down") {
        after.lasting.push(Lasting::named("down"));
    }
    Ok(())
}

/// The Broken table (d4) for one down at 0 HP, when the setting is on: 1 wakes with d4 HP;
/// 2 a broken limb (a lost eye on a d6 of 6), then d4 HP; 3 a haemorrhage, dead in d2 hours
/// unless treated; 4 dead. Nothing for one not down.
pub(super) fn broken(
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    if !crate::campaign::aftermath::flag(settings, BROKEN_TABLE, false) {
        return Err(RuleError::NotAllowed(
            "the Broken table is off: turn on the setting broken_table, or rule it by hand".into(),
        ));
    }
    // One already bleeding out rolled on the table when it fell.
    if !after.has("down") || after.has("haemorrhage") {
        return Ok(());
    }
    let result = roll(dice, &Dice::die(4), "The Broken table")?.total;
    let wakes = |after: &mut Condition, dice: &mut dyn DiceSource| -> Result<(), RuleError> {
        let hp = roll(dice, &Dice::die(4), "Wakes with HP")?.total;
        after.set_track(sheet, HP, hp);
        after.lift("down");
        Ok(())
    };
    match result {
        1 => wakes(after, dice)?,
        2 => {
            let eye = roll(dice, &Dice::die(6), "A limb, or an eye on a 6")?.total == 6;
            after.lasting.push(Lasting::named(if eye { "lost an eye" } else { "broken limb" }));
            wakes(after, dice)?;
        }
        3 => {
            let hours = roll(dice, &Dice::die(2), "Hours to live untreated")?.total;
            let mut l = Lasting::named("haemorrhage");
            l.detail = format!(
                "dead in {hours} hour{} unless treated: a Test DR16, DR18 in the last hour",
                if hours == 1 { "" } else { "s" }
            );
            after.lasting.push(l);
        }
        _ => after.lasting.push(Lasting::named("dead")),
    }
    Ok(())
}
