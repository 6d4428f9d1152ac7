//! What outlives a DR12 zones fight, and its rests ("001" of the rules README, "Between
//! fights").
//!
//! Lost HP lasts, weapon usages stay marked (they never reset on a rest: mending is the GM's
//! *Mend* or a set count), and hindrances not shaken off persist. Ongoing damage, flight,
//! parley and surrender end with the fight. The text has no rest: the recoveries are the
//! README's documented default from the nearest public analogue; hunger, infection and the
//! optional Broken table are in `between.rs`.

use super::between;
use super::block::{Dr12Block, HP, ONGOING, usages};
use crate::campaign::aftermath::{Aftermath, Recovery};
use crate::campaign::{Condition, Item, Wear};
use crate::command::NewCombatant;
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::system::RuleError;
use std::collections::BTreeMap;

/// The procedure's rules between fights.
pub struct Dr12Aftermath;

/// Conditions that end with the fight.
const ENDS: &[&str] = &["fled", "parleying", "surrendered", ONGOING];

/// Setting: how the rests heal (the text has no rest).
pub const REST_HEALING: &str = "rest_healing";

/// The rests' settings, shown with the fight's.
pub(crate) fn settings() -> Vec<crate::system::SettingSpec> {
    vec![
        crate::system::SettingSpec {
            key: between::BROKEN_TABLE,
            label: "The Broken table",
            help: "The text has no rule for 0 HP. On: the nearest public game's Broken table \
                   (d4) is rolled the moment a character drops to 0 HP in the fight, and \
                   between fights (the rest kind broken) for one left down without it. Off: \
                   the GM rules.",
            default: serde_json::Value::Bool(false),
            choices: &[],
        },
        crate::system::SettingSpec {
            key: REST_HEALING,
            label: "How rests heal",
            help: "The text has no rest. Fray's default is the nearest public game's: a short \
               rest d4 HP, a night's sleep with food d6 HP. None: rests heal nothing; the GM \
               heals by hand.",
            default: serde_json::Value::String("dice".into()),
            choices: &[("dice", "d4 a short rest, d6 a night"), ("none", "None: by hand")],
        },
    ]
}

const RECOVERIES: &[Recovery] = &[
    Recovery { id: "breath", name: "Catch your breath", help: "A short rest and a drink: d4 HP." },
    Recovery {
        id: "night",
        name: "A night's sleep",
        help: "With food and drink: d6 HP, and no longer starving. Nothing back while infected, \
               which costs d6 HP a day.",
    },
    Recovery {
        id: "night-unfed",
        name: "A night without food",
        help: "No HP back; from the second day unfed, starving: no healing and d4 HP lost a \
               day, until a night with food.",
    },
    Recovery {
        id: "broken",
        name: "The Broken table",
        help: "For one down at 0 HP, with the setting on: d4. 1 wakes with d4 HP; 2 a broken \
               limb (an eye on a d6 of 6), then d4 HP; 3 a haemorrhage, dead in d2 hours \
               unless treated; 4 dead.",
    },
    Recovery {
        id: "repair",
        name: "A repair",
        help: "At the cost the GM sets: every weapon's usages cleared, and one broken by them \
               as good as new. No HP back.",
    },
];

impl Aftermath for Dr12Aftermath {
    fn condition_lasts(&self, label: &str) -> bool {
        !ENDS.contains(&label)
    }

    fn items(&self, enc: &Encounter, who: &Combatant) -> BTreeMap<String, Item> {
        let Ok(block) = Dr12Block::of(who) else { return BTreeMap::new() };
        block
            .arms()
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let spent = usages(enc, who, i);
                (format!("weapon:{i}"), Item { name: w.name.clone(), wear: Wear::Intact, spent })
            })
            .collect()
    }

    fn enter_items(&self, items: &BTreeMap<String, Item>, combatant: &mut NewCombatant) {
        // Weapons first, then natural attacks: the index the rules use.
        let Some(block) = combatant.block.as_object_mut() else { return };
        let mut index = 0;
        for list in ["weapons", "attacks"] {
            let Some(arms) = block.get_mut(list).and_then(|l| l.as_array_mut()) else { continue };
            for w in arms {
                let key = format!("weapon:{index}");
                index += 1;
                if let (Some(item), Some(w)) = (items.get(&key), w.as_object_mut()) {
                    w.insert("usages".into(), item.spent.into());
                }
            }
        }
    }

    fn costs(&self, rest: &Recovery) -> bool {
        // Hunger and infection cost HP a day; the Broken table may leave a limb or a life.
        rest.id != "breath"
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
        dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        if rest.id == "broken" {
            between::broken(sheet, after, settings, dice)?;
            return Ok(());
        }
        if rest.id == "repair" {
            // Fray's default where the text is silent: a repair clears the usages a weapon
            // marked (and the break they led to); it is no rest.
            after.items.retain(|_, i| i.wear == crate::campaign::Wear::Destroyed);
            return Ok(());
        }
        if rest.id != "breath" {
            between::night_passes(sheet, after, rest.id == "night", dice)?;
        }
        let by_hand = crate::campaign::aftermath::setting(settings, REST_HEALING, "dice") == "none";
        if by_hand || !after.tracks.contains_key(HP) || rest.id == "night-unfed" {
            return Ok(());
        }
        // Starving or infected, the body does not heal.
        if !between::heals(after) {
            return Ok(());
        }
        let sides = if rest.id == "breath" { 4 } else { 6 };
        let roll = dice
            .roll(&Dice::die(sides), &format!("{}: HP back", rest.name), None)
            .map_err(|e| RuleError::Invalid(e.to_string()))?;
        after.mend_track(sheet, HP, Some(roll.total));
        if after.track(sheet, HP).is_some_and(|v| v > 0) {
            after.lift("down");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{PlannedDice, SeededDice};
    use serde_json::json;

    #[test]
    fn a_rest_rolls_its_die_and_lifts_down_once_hp_is_back() {
        let sheet = json!({"tracks": {"hp": 10}});
        let mut hurt = Condition::default();
        hurt.set_track(&sheet, HP, 0);
        hurt.lasting.push(crate::campaign::Lasting::named("down"));
        let night = crate::campaign::aftermath::recovery(&Dr12Aftermath, "night").unwrap();
        let mut dice = PlannedDice::new(SeededDice::new(1, 0)).then_table([5]);
        let after = crate::campaign::aftermath::recover(
            &Dr12Aftermath,
            night,
            &sheet,
            &hurt,
            &Default::default(),
            &mut dice,
        )
        .unwrap();
        assert_eq!(after.summary(&sheet, &[HP]), "HP 5/10");
    }

    #[test]
    fn usages_and_hindrances_last_and_ongoing_damage_ends() {
        assert!(Dr12Aftermath.condition_lasts("weakened"));
        assert!(!Dr12Aftermath.condition_lasts("ongoing"));
        let mut items = BTreeMap::new();
        items.insert(
            "weapon:1".to_owned(),
            Item { name: "Claw".into(), wear: Wear::Intact, spent: 2 },
        );
        let mut new = NewCombatant::named("Wolf", crate::ids::SideId(1));
        new.block = json!({"weapons": [{"name": "Bite", "die": 6}], "attacks": [{"name": "Claw", "die": 4}]});
        Dr12Aftermath.enter_items(&items, &mut new);
        assert_eq!(new.block["attacks"][0]["usages"], 2);
        assert!(new.block["weapons"][0].get("usages").is_none());
    }
}
