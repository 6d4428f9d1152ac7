//! What outlives a fight of the d12 declared actions, and its rests ("004" of the rules
//! README, "Between fights").
//!
//! Stress, Wound Points and Mana last, and so do combat injuries (with the conditions their
//! row put on the token), ability damage and the incapacitated, dying or stabilized status.
//! The text has no rest: the recoveries are the README's documented defaults from d20
//! vitality-and-wound-point games (Stress comes back by the hour, Wound Points by the day).
//! An injury itself ends when the GM marks it healed.

use super::block::{HD, STRESS, WP};
use super::wounds::{DYING, INCAPACITATED, STABILIZED};
use crate::campaign::aftermath::{Aftermath, Recovery};
use crate::campaign::{Condition, Lasting, Logged};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::system::RuleError;

/// The procedure's rules between fights.
pub struct D12Aftermath;

/// Conditions that end with the fight.
const ENDS: &[&str] = &["fled", "surrendered"];

/// Setting: how the rests heal (the text has no rest).
pub const REST_HEALING: &str = "rest_healing";

/// The rests' settings, shown with the fight's.
pub(crate) fn settings() -> Vec<crate::system::SettingSpec> {
    vec![crate::system::SettingSpec {
        key: REST_HEALING,
        label: "How rests heal",
        help: "The text has no rest. Fray's default follows games with Stress and Wound \
               Points: Stress by the hour, Wound Points and ability damage by the day. None: \
               rests heal nothing; the GM heals by hand.",
        default: serde_json::Value::String("vitality".into()),
        choices: &[
            ("vitality", "Stress by the hour, wounds by the day"),
            ("none", "None: by hand"),
        ],
    }]
}

const RECOVERIES: &[Recovery] = &[
    Recovery {
        id: "hour",
        name: "An hour's rest",
        help: "Stress comes back by the character's Hit Dice (1 without).",
    },
    Recovery {
        id: "night",
        name: "A night's rest",
        help: "Stress and Mana full, 1 Wound Point back, 1 point of each ability damage healed.",
    },
    Recovery {
        id: "bed",
        name: "A day in bed",
        help: "Full bed rest or a carer's Heal check: as a night, but 2 Wound Points and 2 \
               points of each ability damage.",
    },
];

impl Aftermath for D12Aftermath {
    fn track_least(&self, sheet: &serde_json::Value, name: &str) -> (i64, &'static str) {
        match name {
            // Below 0 is dying; at minus the STR score, dead.
            WP => {
                let str_score = crate::command::block_stats(sheet)
                    .into_iter()
                    .find(|s| s.name == "str")
                    .map_or(0, |s| s.value);
                (-str_score, "dead at minus the STR score")
            }
            STRESS => (0, "harm past Stress goes to the Wound Points"),
            _ => (0, ""),
        }
    }

    fn stat_lasts(&self, name: &str) -> bool {
        name.ends_with(" damage")
    }

    fn condition_lasts(&self, label: &str) -> bool {
        !ENDS.contains(&label)
    }

    fn lasting(&self, enc: &Encounter, who: &Combatant, label: &str) -> Lasting {
        let Some(mut lasting) = crate::campaign::injury::from_tables(enc, who, label) else {
            return Lasting::named(label);
        };
        // The ability damage its row dealt: the riders end when it is all back.
        lasting.mends_with = crate::campaign::injury::row_named(enc, label)
            .and_then(|(_, row, _)| row.result.structured.as_ref())
            .and_then(|s| s.get("damage"))
            .and_then(serde_json::Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|d| d.get("abilities").and_then(serde_json::Value::as_array))
            .flatten()
            .filter_map(serde_json::Value::as_str)
            .map(|a| format!("{} damage", a.to_lowercase()))
            .collect();
        lasting.mends_with.dedup();
        lasting
    }

    fn log(&self, enc: &Encounter, who: &Combatant) -> Vec<Logged> {
        let wounds = enc.d12().wounds.get(&who.id).map(|w| w.as_slice()).unwrap_or_default();
        wounds.iter().map(|w| Logged { kind: w.damage_type.clone(), amount: w.amount }).collect()
    }

    fn enter_log(&self, log: &[Logged], combatant: &mut crate::command::NewCombatant) {
        let wounds: Vec<serde_json::Value> =
            log.iter().map(|l| serde_json::json!({"type": l.kind, "amount": l.amount})).collect();
        if let Some(block) = combatant.block.as_object_mut() {
            block.insert("wounds".into(), wounds.into());
        }
    }

    fn settle(&self, sheet: &serde_json::Value, condition: &mut Condition) {
        let max = crate::command::block_tracks(sheet).into_iter().find(|t| t.name == WP);
        if let (Some(max), Some(now)) = (max, condition.track(sheet, WP)) {
            clear_log(&mut condition.log, (max.max - now).max(0));
        }
        // Back above 0 Wound Points: up again (Stabilized ends at 1 WP, the README's default).
        if condition.track(sheet, WP).is_none_or(|v| v > 0) {
            for k in [INCAPACITATED, DYING, STABILIZED] {
                condition.lift(k);
            }
        }
    }

    fn complete(&self, new: crate::command::NewCombatant) -> crate::command::NewCombatant {
        // Wound Points from STR and Stress from the Hit Dice, as the fight derives them.
        super::block::complete(new.clone()).unwrap_or(new)
    }

    fn recoveries(&self) -> &'static [Recovery] {
        RECOVERIES
    }

    fn recover(
        &self,
        rest: &Recovery,
        sheet: &serde_json::Value,
        after: &mut Condition,
        settings: &crate::campaign::aftermath::Settings,
        _dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        let by_hand =
            crate::campaign::aftermath::setting(settings, REST_HEALING, "vitality") == "none";
        if by_hand {
            return Ok(());
        }
        let (wp, ability) = match rest.id {
            "hour" => {
                let hd = crate::command::block_stats(sheet)
                    .into_iter()
                    .find(|s| s.name == HD)
                    .map_or(1, |s| s.value.max(1));
                after.mend_track(sheet, STRESS, Some(hd));
                (0, 0)
            }
            "night" => (1, 1),
            _ => (2, 2),
        };
        if rest.id != "hour" {
            after.mend_track(sheet, STRESS, None);
            after.mend_track(sheet, "mana", None);
            after.mend_track(sheet, WP, Some(wp));
            let damaged: Vec<String> =
                after.stats.keys().filter(|k| self.stat_lasts(k)).cloned().collect();
            for k in damaged {
                after.mend_stat(sheet, &k, Some(ability));
            }
        }
        end_riders(after);
        self.settle(sheet, after);
        Ok(())
    }
}

/// Healed Wound Points clear the injury log smallest wound first, so the worst heals last
/// (the README's default): the log never holds more than the Wound Points still lost.
fn clear_log(log: &mut Vec<Logged>, lost: i64) {
    // A wound of nothing is no wound (only a hand-edited store holds one).
    log.retain(|l| l.amount > 0);
    let mut excess = log.iter().map(|l| l.amount).sum::<i64>() - lost;
    while excess > 0 {
        // The smallest wound, the earliest of equal ones.
        let Some(i) = (0..log.len()).min_by_key(|&i| (log[i].amount, i)) else { break };
        let healed = excess.min(log[i].amount);
        log[i].amount -= healed;
        excess -= healed;
        if log[i].amount <= 0 {
            log.remove(i);
        }
    }
}

/// The conditions an injury keeps on the token end once every ability damage it dealt is
/// back (the README's default); an injury that dealt none keeps them until the GM heals it.
fn end_riders(after: &mut Condition) {
    let stats = after.stats.clone();
    for l in after.lasting.iter_mut() {
        if !l.mends_with.is_empty() && l.mends_with.iter().all(|k| !stats.contains_key(k)) {
            l.also.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use serde_json::json;

    fn sheet() -> serde_json::Value {
        json!({"tracks": {"stress": 8, "wp": 12, "mana": 6}, "stats": {"hd": 3}})
    }

    fn rest(id: &str, before: &Condition) -> Condition {
        let r = crate::campaign::aftermath::recovery(&D12Aftermath, id).unwrap();
        crate::campaign::aftermath::recover(
            &D12Aftermath,
            r,
            &sheet(),
            before,
            &Default::default(),
            &mut SeededDice::new(1, 0),
        )
        .unwrap()
    }

    fn hurt() -> Condition {
        let mut c = Condition::default();
        for (t, v) in [("stress", 0), ("wp", 0), ("mana", 1)] {
            c.set_track(&sheet(), t, v);
        }
        c.set_stat(&sheet(), "str damage", 3);
        c.lasting = vec![
            Lasting {
                label: "shattered kneecap".into(),
                detail: String::new(),
                also: vec!["prone".into()],
                mends_with: vec!["str damage".into()],
            },
            Lasting::named("incapacitated"),
        ];
        c
    }

    #[test]
    fn stress_comes_back_by_the_hour_and_the_body_by_the_day() {
        const MAIN: &[&str] = &["stress", "wp"];
        let s = sheet();
        assert_eq!(
            rest("hour", &hurt()).summary(&s, MAIN),
            "Stress 3/8 · WP 0/12 · Mana 1/6 · STR damage 3 · Shattered kneecap · Incapacitated"
        );
        assert_eq!(
            rest("night", &hurt()).summary(&s, MAIN),
            "WP 1/12 · STR damage 2 · Shattered kneecap"
        );
        assert_eq!(
            rest("bed", &hurt()).summary(&s, MAIN),
            "WP 2/12 · STR damage 1 · Shattered kneecap"
        );
    }

    /// Found by random play across fights: a sheet that gives STR and Hit Dice but no
    /// tracks still has Wound Points and Stress to write back and mend.
    #[test]
    fn derived_tracks_are_on_the_sheet_the_condition_is_read_against() {
        let raw = json!({"stats": {"str": 12, "str mod": 1}, "hd": "3d8"});
        let full = crate::campaign::aftermath::full_sheet(&D12Aftermath, "Maud", &raw);
        let names: Vec<String> =
            crate::command::block_tracks(&full).into_iter().map(|t| t.name).collect();
        assert_eq!(names, ["stress", "wp"]);
        let mut hurt = Condition::default();
        hurt.set_track(&full, WP, 2);
        let night = crate::campaign::aftermath::recovery(&D12Aftermath, "night").unwrap();
        let after = crate::campaign::aftermath::recover(
            &D12Aftermath,
            night,
            &full,
            &hurt,
            &Default::default(),
            &mut SeededDice::new(1, 0),
        )
        .unwrap();
        assert_eq!(after.summary(&full, &[STRESS, WP]), "WP 3/12");
    }

    #[test]
    fn riders_end_when_the_injurys_ability_damage_is_all_back_and_the_injury_stays() {
        const MAIN: &[&str] = &["stress", "wp"];
        let night = rest("night", &rest("bed", &hurt()));
        assert_eq!(night.summary(&sheet(), MAIN), "WP 3/12 · Shattered kneecap");
        assert!(night.lasting[0].also.is_empty(), "prone ends with the STR damage");
        let lines: Vec<String> = crate::campaign::review::changes(&sheet(), MAIN, &hurt(), &night)
            .iter()
            .map(crate::campaign::review::Change::text)
            .collect();
        assert!(lines.contains(&"Prone: healed".to_owned()), "{lines:?}");
        let mut no_damage = hurt();
        no_damage.lasting[0].mends_with.clear();
        assert_eq!(rest("bed", &rest("bed", &no_damage)).lasting[0].also, ["prone"]);
    }

    #[test]
    fn healed_wound_points_clear_the_log_smallest_first_and_never_loop() {
        let hit = |kind: &str, amount| Logged { kind: kind.into(), amount };
        let mut log = vec![hit("fall", 12), hit("arrow", 3), hit("knife", 3)];
        // 2 healed: off the smallest, the earlier of two equal ones.
        clear_log(&mut log, 16);
        assert_eq!(log, [hit("fall", 12), hit("arrow", 1), hit("knife", 3)]);
        // 12 healed: the arrow, the knife, then 8 of the fall.
        clear_log(&mut log, 4);
        assert_eq!(log, [hit("fall", 4)]);
        // A log that was never one the rules make (a hand-edited store) still ends.
        let mut odd = vec![hit("odd", -2), hit("fall", 5)];
        clear_log(&mut odd, 0);
        assert!(odd.is_empty());
    }

    #[test]
    fn an_injury_and_its_riders_last_and_flight_does_not() {
        assert!(D12Aftermath.condition_lasts("shattered kneecap"));
        assert!(D12Aftermath.condition_lasts("prone"));
        assert!(D12Aftermath.condition_lasts("dying"));
        assert!(!D12Aftermath.condition_lasts("fled"));
        assert!(D12Aftermath.stat_lasts("str damage") && !D12Aftermath.stat_lasts("armour"));
    }
}
