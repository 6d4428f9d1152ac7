//! What outlives a Sovereign fight, and its rests ("002" of the rules README, "Between
//! fights").
//!
//! Lost HP lasts, and so do Frailty, a mortal injury not yet stabilised, death and System
//! Strain (a `strain` track, when the sheet keeps one). The fight's own states (prone,
//! fled, surrendered, knocked out) end with it; the Turn's Effort and Veteran's Luck come back.
//! What is spent for the day, ailments and the rarer cures are in `between.rs`.

use super::between::{self, STRAIN, roll, stat};
use super::block::{HEAL, HP};
use crate::campaign::Condition;
use crate::campaign::aftermath::{Aftermath, Recovery, Settings};
use crate::dice::{Dice, DiceSource};
use crate::system::RuleError;

/// The procedure's rules between fights.
pub struct SovAftermath;

/// Conditions that end with the fight.
const ENDS: &[&str] = &["fled", "surrendered", "prone", "unconscious"];

/// The rests of a night or longer: an hour out cold is over when they end.
const LONG: &[&str] =
    &["night", "comfortable", "week", "unfed", "dry", "sleepless", "alone", "month"];

/// Frailty: death at 0 HP again, and no natural healing.
pub(super) const FRAIL: &str = "frail";

const RECOVERIES: &[Recovery] = &[
    Recovery {
        id: "first-aid",
        name: "First aid",
        help: "A minute with a healer's kit, from a healer you name: 1d6 + the healer's Heal in \
               HP and 1 System Strain for the one tended. It mends a Frail character's HP but \
               not Frailty; one Strain too many and it does nothing. One Turn is time enough \
               to tend the whole party.",
    },
    Recovery {
        id: "night",
        name: "A plain night",
        help: "Sleep without a real bed, warmth and a meal (a tent, a dungeon camp): no HP and \
               no System Strain back.",
    },
    Recovery {
        id: "comfortable",
        name: "A comfortable night",
        help: "A safe, warm bed and a meal: HP equal to the level (NPCs: Hit Dice), none for \
               the Frail, and 1 System Strain less. Not in a dungeon camp.",
    },
    Recovery {
        id: "frailty",
        name: "A healer's attempt at Frailty",
        help: "An hour's work with a healer's kit by a healer you name with Heal 1 or better: \
               a Heal check (2d6 + Heal + the better of DEX and INT) of 10 ends Frailty. One \
               attempt only: a failure leaves the week of care.",
    },
    Recovery {
        id: "week",
        name: "A comfortable week with care",
        help: "Seven comfortable nights tended by a healer you name (a kit, Heal 0 or better): \
               seven nights' HP (none while Frail), 7 System Strain less, and Frailty ends.",
    },
    Recovery {
        id: "touch",
        name: "Healing Touch",
        help: "The Healer's art, from a healer you name: 2d6 + the healer's Heal in HP (and \
               the healer's level with Empowered Healer), 1 System Strain for the one tended; \
               nothing past the Strain maximum.",
    },
    Recovery {
        id: "treat-poison",
        name: "Treating a poison",
        help: "A healer you name (Heal 0 or better) tends a poison within the minute: the \
               poisoned one's Physical save, + twice the healer's Heal (+1 at Heal 0); saved, \
               the poison ends.",
    },
    Recovery {
        id: "purge",
        name: "Purge Ailment",
        help: "The spell ends one poison or one disease (a poison first).",
    },
    Recovery {
        id: "restoration",
        name: "Limb Restoration",
        help: "The spell regrows a lost limb or takes away a scar (the first carried), and \
               puts System Strain at its maximum.",
    },
    Recovery {
        id: "unfed",
        name: "A day without food",
        help: "1 System Strain. Pushed past the maximum, Strain stays at it and the character \
               is out cold for an hour; a day without food already at the maximum kills.",
    },
    Recovery {
        id: "dry",
        name: "A day without water",
        help: "3 System Strain. Pushed past the maximum, Strain stays at it and the character \
               is out cold for an hour; a day without water already at the maximum kills.",
    },
    Recovery {
        id: "sleepless",
        name: "A night without sleep",
        help: "2 System Strain, nothing back (pushed past the maximum, Strain stays at it and \
               the character is out cold for an hour); per-day items recharge at dawn all the \
               same.",
    },
    Recovery {
        id: "alone",
        name: "A comfortable week without care",
        help: "Seven comfortable nights with nobody to tend: as many nights' HP (none while \
               Frail) and Strain off; the Frail then make a Physical save: failed, death in \
               1d6 days; saved, a month more of comfortable sleep ends the Frailty.",
    },
    Recovery {
        id: "month",
        name: "A comfortable month",
        help: "Thirty comfortable nights: their HP (none while Frail) and Strain off; it ends \
               the Frailty of one who saved after a week without care.",
    },
];

/// The mark of a failed Heal-1 attempt at Frailty: there is only the one.
const ATTEMPT_SPENT: &str = "heal attempt at frailty spent";

/// The Heal-1 attempt at Frailty: the named healer's Heal check against 10, once.
fn attempt(
    rest: &Recovery,
    after: &mut Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let (name, healer) = tending(rest, settings)?;
    let skill = stat(healer, HEAL, 0);
    if skill < 1 {
        return Err(RuleError::Invalid(format!(
            "{name} has Heal {skill}: the attempt at Frailty needs Heal 1 or better"
        )));
    }
    if !after.has(FRAIL) {
        return Ok(());
    }
    if after.has(ATTEMPT_SPENT) {
        return Err(RuleError::NotAllowed(
            "the one attempt at this Frailty failed: only a week of care ends it now".into(),
        ));
    }
    let attr = ["dex", "int"]
        .iter()
        .map(|k| super::rules::attribute_mod(stat(healer, k, 10)))
        .max()
        .unwrap_or(0);
    let label = format!("{name}'s Heal check against Frailty (Heal {skill}, DEX or INT {attr:+})");
    let check = roll(dice, &Dice::pool(2, 6), &label)?;
    if super::rules::skill_check(&check, skill, attr, 10).success {
        after.lift(FRAIL);
    } else {
        after.lasting.push(crate::campaign::Lasting::named(ATTEMPT_SPENT));
    }
    Ok(())
}

/// The healer the rest names, or why it cannot go on without one.
pub(super) fn tending<'a>(
    rest: &Recovery,
    settings: &'a Settings,
) -> Result<(&'a str, &'a serde_json::Value), RuleError> {
    crate::campaign::aftermath::named_healer(rest, settings, ["a healer", "who tends", "HEALER"])
}

/// `nights` comfortable nights of natural healing: the level's HP a night (NPCs: Hit Dice)
/// unless Frail, a point of System Strain off each night, and the day's Effort, spell casts
/// and per-day charges back.
fn nights(sheet: &serde_json::Value, after: &mut Condition, nights: i64) {
    let level = stat(sheet, "level", stat(sheet, "hd", 1)).max(1);
    // The Frail do not heal naturally; only first aid mends their HP.
    if !after.has(FRAIL) {
        after.mend_track(sheet, HP, Some(nights * level));
    }
    after.mend_track(sheet, STRAIN, Some(nights));
    between::rested(sheet, after);
}

/// First aid (1d6) or Healing Touch (2d6) from the named healer: the dice + the healer's Heal
/// (+ the healer's level for Healing Touch with Empowered Healer), and a point of Strain.
fn first_aid(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let (name, healer) = tending(rest, settings)?;
    // One unhurt needs no tending: no die, no Strain (first aid for the whole party passes
    // over them).
    if after
        .track(sheet, HP)
        .is_none_or(|hp| between::track_max(sheet, HP).is_some_and(|m| hp >= m))
    {
        return Ok(());
    }
    let strain = after.track(sheet, STRAIN);
    // Strain past its maximum: the body takes no more healing.
    if let (Some(s), Some(max)) = (strain, between::track_max(sheet, STRAIN))
        && s + 1 > max
    {
        return Ok(());
    }
    let heal = stat(healer, HEAL, 0);
    let (pool, extra) = if rest.id == "touch" {
        // Empowered Healer (a stat of 1 on the healer's sheet) adds the healer's level.
        let empowered = stat(healer, "empowered healer", 0) > 0;
        (2, if empowered { stat(healer, "level", 1) } else { 0 })
    } else {
        (1, 0)
    };
    // Each die names whom it mends: a rest for the whole party rolls one for each (from rules
    // edition 1 between fights; before it, the healer only).
    let on = crate::campaign::aftermath::patient(settings)
        .filter(|_| crate::campaign::aftermath::edition(settings) >= 1)
        .map(|p| format!(" on {p}"));
    let label = format!("{} by {name}{} (Heal {heal}): HP back", rest.name, on.unwrap_or_default());
    let got = roll(dice, &Dice::pool(pool, 6), &label)?;
    after.mend_track(sheet, HP, Some(got.total + heal + extra));
    if let Some(s) = strain {
        after.set_track(sheet, STRAIN, s + 1);
    }
    Ok(())
}

impl Aftermath for SovAftermath {
    fn condition_lasts(&self, label: &str) -> bool {
        !ENDS.contains(&label)
    }

    fn recoveries(&self) -> &'static [Recovery] {
        RECOVERIES
    }

    fn costs(&self, rest: &Recovery) -> bool {
        // Each application puts a point of System Strain on the one tended; going without
        // food, water or sleep adds Strain; Limb Restoration maximises it.
        matches!(rest.id, "first-aid" | "touch" | "unfed" | "dry" | "sleepless" | "restoration")
    }

    fn track_lasts(&self, name: &str) -> bool {
        // Effort committed for the Turn comes back when the fight ends ([`Self::settle`]
        // leaves only what is committed for the day).
        name != between::EFFORT
    }

    fn settle(&self, sheet: &serde_json::Value, condition: &mut Condition) {
        between::settle_effort(sheet, condition);
    }

    fn recover(
        &self,
        rest: &Recovery,
        sheet: &serde_json::Value,
        after: &mut Condition,
        settings: &Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        // An hour out cold from Strain is over by the end of any night or day.
        if LONG.contains(&rest.id) {
            after.lift(between::KNOCKED_OUT);
        }
        match rest.id {
            "first-aid" | "touch" => first_aid(rest, sheet, after, settings, dice)?,
            // Any sleep only spares the night's own Strain; nothing comes back but per-day
            // items at dawn.
            "night" => between::dawn(sheet, after),
            "comfortable" => nights(sheet, after, 1),
            "frailty" => attempt(rest, after, settings, dice)?,
            "week" => {
                let (name, healer) = tending(rest, settings)?;
                if stat(healer, HEAL, 0) < 0 {
                    return Err(RuleError::Invalid(format!(
                        "{name} has no Heal skill: a week of care needs Heal 0 or better"
                    )));
                }
                nights(sheet, after, 7);
                after.lift(FRAIL);
                after.lift(ATTEMPT_SPENT);
            }
            "treat-poison" => between::treat_poison(rest, sheet, after, settings, dice)?,
            "purge" => between::purge(after),
            "restoration" => between::restore_limb(sheet, after),
            "unfed" => between::strain_for(sheet, after, settings, 1, Some("starved")),
            "dry" => between::strain_for(sheet, after, settings, 3, Some("died of thirst")),
            "sleepless" => {
                between::strain_for(sheet, after, settings, 2, None);
                between::dawn(sheet, after);
            }
            "alone" => {
                nights(sheet, after, 7);
                between::week_alone(sheet, after, dice)?;
            }
            "month" => {
                nights(sheet, after, 30);
                if after.has(between::MENDING_ALONE) {
                    after.lift(FRAIL);
                    after.lift(between::MENDING_ALONE);
                }
            }
            other => return Err(RuleError::Invalid(format!("no rest '{other}' in Sovereign"))),
        }
        self.settle(sheet, after);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Lasting;
    use crate::campaign::aftermath::with_healer;
    use crate::dice::{PlannedDice, SeededDice};
    use serde_json::json;

    fn sheet() -> serde_json::Value {
        json!({"tracks": {"hp": 12, "strain": {"value": 0, "max": 10}}, "stats": {"level": 2, "heal": 1}})
    }

    /// A rest tended by a healer with Heal 3 (the patient's own Heal is 1).
    fn rest(id: &str, before: &Condition, faces: &[u32]) -> Result<Condition, RuleError> {
        let r = crate::campaign::aftermath::recovery(&SovAftermath, id).unwrap();
        let mut dice = PlannedDice::new(SeededDice::new(1, 0)).then_table(faces.to_vec());
        let healer = json!({"stats": {"heal": 3}});
        let settings = with_healer(&Settings::new(), "Dessa", &healer);
        crate::campaign::aftermath::recover(
            &SovAftermath,
            r,
            &sheet(),
            before,
            &settings,
            &mut dice,
        )
    }

    fn frail() -> Condition {
        let mut hurt = Condition::default();
        hurt.set_track(&sheet(), HP, 1);
        hurt.set_track(&sheet(), STRAIN, 9);
        hurt.lasting.push(Lasting::named(FRAIL));
        hurt
    }

    #[test]
    fn first_aid_adds_the_healers_heal_mends_hp_not_frailty_and_costs_strain() {
        let s = sheet();
        let after = rest("first-aid", &frail(), &[4]).unwrap();
        assert_eq!(after.summary(&s, &[HP]), "HP 8/12 · Strain 10 · Frail");
        // One more Strain would pass the maximum: nothing happens, no die is rolled.
        assert_eq!(rest("first-aid", &after, &[]).unwrap(), after);
        let r = crate::campaign::aftermath::recovery(&SovAftermath, "first-aid").unwrap();
        let alone = crate::campaign::aftermath::recover(
            &SovAftermath,
            r,
            &s,
            &frail(),
            &Settings::new(),
            &mut SeededDice::new(1, 0),
        );
        assert!(alone.unwrap_err().to_string().contains("needs a healer"));
    }

    #[test]
    fn the_frail_heal_no_hp_by_nights_and_strain_comes_off_a_point_a_night() {
        let s = sheet();
        assert_eq!(rest("night", &frail(), &[]).unwrap(), frail());
        assert_eq!(
            rest("comfortable", &frail(), &[]).unwrap().summary(&s, &[HP]),
            "HP 1/12 · Strain 8 · Frail"
        );
        assert_eq!(rest("week", &frail(), &[]).unwrap().summary(&s, &[HP]), "HP 1/12 · Strain 2");
        let mut hurt = frail();
        hurt.lift(FRAIL);
        assert_eq!(
            rest("comfortable", &hurt, &[]).unwrap().summary(&s, &[HP]),
            "HP 3/12 · Strain 8"
        );
        assert_eq!(rest("week", &hurt, &[]).unwrap().summary(&s, &[HP]), "Strain 2");
    }

    #[test]
    fn strain_forced_past_its_maximum_knocks_out_from_edition_2_and_stopped_at_it_before() {
        use crate::campaign::aftermath::EDITION;
        let s = sheet();
        let r = crate::campaign::aftermath::recovery(&SovAftermath, "sleepless").unwrap();
        let mut tired = Condition::default();
        tired.set_track(&s, STRAIN, 9);
        let under = |edition: u32| {
            let mut settings = Settings::new();
            settings.insert(EDITION.into(), edition.into());
            let mut dice = SeededDice::new(1, 0);
            crate::campaign::aftermath::recover(&SovAftermath, r, &s, &tired, &settings, &mut dice)
                .unwrap()
        };
        assert_eq!(under(1).summary(&s, &[HP]), "Strain 10");
        assert_eq!(under(2).summary(&s, &[HP]), "Strain 10 · Unconscious");
        // Today's edition when the settings name none.
        assert_eq!(rest("sleepless", &tired, &[]).unwrap(), under(2));
    }

    #[test]
    fn frailty_and_a_mortal_injury_last_and_prone_does_not() {
        assert!(SovAftermath.condition_lasts(FRAIL));
        assert!(SovAftermath.condition_lasts("mortally injured"));
        assert!(!SovAftermath.condition_lasts("prone"));
    }
}
