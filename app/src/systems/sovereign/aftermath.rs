//! What outlives a Sovereign fight, and its rests ("002" of the rules README, "Between
//! fights").
//!
//! Lost HP lasts, and so do Frailty, a mortal injury not yet stabilised, death and System
//! Strain (a `strain` track, when the sheet keeps one). The fight's own states (prone,
//! fled, surrendered, knocked out) end with it; the Turn's Effort and Veteran's Luck come back.

use super::block::{HEAL, HP};
use crate::campaign::Condition;
use crate::campaign::aftermath::{Aftermath, Recovered, Recovery};
use crate::dice::{Dice, DiceSource};
use crate::system::RuleError;

/// The procedure's rules between fights.
pub struct SovAftermath;

/// Conditions that end with the fight.
const ENDS: &[&str] = &["fled", "surrendered", "prone", "unconscious"];

/// The System Strain track, when a sheet keeps one.
const STRAIN: &str = "strain";

const RECOVERIES: &[Recovery] = &[
    Recovery {
        id: "first-aid",
        name: "First aid",
        help: "A healer's kit and a minute: 1d6 + Heal HP and 1 System Strain. It mends HP, \
               not Frailty; at full Strain it does nothing.",
    },
    Recovery {
        id: "comfortable",
        name: "A comfortable night",
        help: "A safe, warm bed and a meal: HP equal to the level (NPCs: Hit Dice) and 1 System \
               Strain less. Not in a dungeon camp.",
    },
    Recovery {
        id: "week",
        name: "A comfortable week with care",
        help: "Seven comfortable nights with a healer's care: seven nights' HP, Strain gone, \
               and Frailty ends.",
    },
];

/// A stat of the sheet, or `default`.
fn stat(sheet: &serde_json::Value, name: &str, default: i64) -> i64 {
    crate::command::block_stats(sheet)
        .into_iter()
        .find(|s| s.name == name)
        .map_or(default, |s| s.value)
}

impl Aftermath for SovAftermath {
    fn condition_lasts(&self, label: &str) -> bool {
        !ENDS.contains(&label)
    }

    fn recoveries(&self) -> &'static [Recovery] {
        RECOVERIES
    }

    fn recover(
        &self,
        rest: &Recovery,
        sheet: &serde_json::Value,
        before: &Condition,
        _settings: &crate::campaign::aftermath::Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<Recovered, RuleError> {
        let mut after = before.clone();
        let strain = after.track(sheet, STRAIN);
        let strain_max = crate::command::block_tracks(sheet)
            .into_iter()
            .find(|t| t.name == STRAIN)
            .map(|t| t.max);
        let level = stat(sheet, "level", stat(sheet, "hd", 1)).max(1);
        match rest.id {
            "first-aid" => {
                if strain.is_some() && strain == strain_max {
                    return Ok(Recovered { after });
                }
                let heal = stat(sheet, HEAL, 0);
                let roll = dice
                    .roll(&Dice::die(6), "First aid: HP back", None)
                    .map_err(|e| RuleError::Invalid(e.to_string()))?;
                after.mend_track(sheet, HP, Some(roll.total + heal));
                if let Some(s) = strain {
                    after.set_track(sheet, STRAIN, s + 1);
                }
            }
            "comfortable" => {
                after.mend_track(sheet, HP, Some(level));
                if let Some(s) = strain {
                    after.set_track(sheet, STRAIN, (s - 1).max(0));
                }
            }
            _ => {
                after.mend_track(sheet, HP, Some(7 * level));
                after.mend_track(sheet, STRAIN, None);
                after.lift("frail");
            }
        }
        Ok(Recovered { after })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Lasting;
    use crate::dice::{PlannedDice, SeededDice};
    use serde_json::json;

    fn sheet() -> serde_json::Value {
        json!({"tracks": {"hp": 12, "strain": {"value": 0, "max": 10}}, "stats": {"level": 2, "heal": 1}})
    }

    fn rest(id: &str, before: &Condition, faces: &[u32]) -> Condition {
        let r = crate::campaign::aftermath::recovery(&SovAftermath, id).unwrap();
        let mut dice = PlannedDice::new(SeededDice::new(1, 0)).then_table(faces.to_vec());
        SovAftermath.recover(r, &sheet(), before, &Default::default(), &mut dice).unwrap().after
    }

    #[test]
    fn first_aid_mends_hp_not_frailty_and_costs_strain() {
        let mut hurt = Condition::default();
        hurt.set_track(&sheet(), HP, 1);
        hurt.lasting.push(Lasting::named("frail"));
        let s = sheet();
        assert_eq!(rest("first-aid", &hurt, &[4]).summary(&s, &[HP]), "HP 6/12 · Strain 1 · Frail");
        assert_eq!(rest("comfortable", &hurt, &[]).summary(&s, &[HP]), "HP 3/12 · Frail");
        assert_eq!(rest("week", &hurt, &[]).summary(&s, &[HP]), "unhurt");
        let mut full = hurt.clone();
        full.set_track(&s, STRAIN, 10);
        assert_eq!(rest("first-aid", &full, &[4]), full);
    }

    #[test]
    fn frailty_and_a_mortal_injury_last_and_prone_does_not() {
        assert!(SovAftermath.condition_lasts("frail"));
        assert!(SovAftermath.condition_lasts("mortally injured"));
        assert!(!SovAftermath.condition_lasts("prone"));
    }
}
