//! What outlives a Block, Dodge, Parry fight, and its rests ("000" of the rules README,
//! "Between fights").
//!
//! Lost HP, Fatigue, STR/DEX/WIL loss and severe wounds (the `wounds` stat: a slot each) last;
//! so do the head, arm and 0-ability results, and gear given up to stop a blow stays broken.
//! The fight's own states (surprise, a failed Critical Damage Save's immobilised or reeling
//! mind, fled, routed, surrendered) end with it.

use super::block::BdpBlock;
use crate::campaign::aftermath::{Aftermath, Recovery};
use crate::campaign::{Condition, Item, Wear};
use crate::command::NewCombatant;
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::system::RuleError;
use std::collections::BTreeMap;

/// The procedure's rules between fights.
pub struct BdpAftermath;

/// Conditions that end with the fight.
const ENDS: &[&str] = &[
    "fled",
    "surrendered",
    "routed",
    "unaware",
    "surprised",
    "immobilized",
    "debilitated",
    "prone",
];

pub use super::rests::REST_ONE_ABILITY;

/// The rests' settings, shown with the fight's.
pub(crate) fn settings() -> Vec<crate::system::SettingSpec> {
    vec![crate::system::SettingSpec {
        key: REST_ONE_ABILITY,
        label: "A comfortable night mends one ability",
        help: "Off (Fray's reading): a comfortable night gives back 1 point of each damaged \
               ability. On: 1 point of the most damaged one only.",
        default: serde_json::Value::Bool(false),
        choices: &[],
    }]
}

impl Aftermath for BdpAftermath {
    fn track_lasts(&self, name: &str) -> bool {
        // A detachment's bodies are counted afresh at each muster.
        name != "members"
    }

    fn track_least(&self, _sheet: &serde_json::Value, name: &str) -> (i64, &'static str) {
        match name {
            "hp" => (0, "harm past 0 HP goes to STR"),
            _ => (0, ""),
        }
    }

    fn stat_lasts(&self, name: &str) -> bool {
        // Severe and light wounds fill slots until healed; sacrificed shield and armour are
        // gear.
        name == "wounds" || name == super::rests::LIGHT_WOUNDS
    }

    fn condition_lasts(&self, label: &str) -> bool {
        !ENDS.contains(&label)
    }

    fn items(&self, enc: &Encounter, who: &Combatant) -> BTreeMap<String, Item> {
        let Ok(block) = BdpBlock::of(who) else { return BTreeMap::new() };
        enc.bdp()
            .broken
            .iter()
            .filter(|(id, key)| *id == who.id && key != "improvised")
            .map(|(_, key)| {
                let name = match key.as_str() {
                    "shield" => "Shield".to_owned(),
                    "armor" => block.armor_item.clone().unwrap_or_else(|| "Armour".into()),
                    _ => key
                        .strip_prefix("weapon:")
                        .and_then(|i| i.parse::<usize>().ok())
                        .and_then(|i| block.weapons.get(i))
                        .map_or_else(|| key.clone(), |w| w.name.to_string()),
                };
                (key.clone(), Item { name, wear: Wear::Broken, spent: 0 })
            })
            .collect()
    }

    fn enter_items(&self, items: &BTreeMap<String, Item>, combatant: &mut NewCombatant) {
        let broken = items.iter().filter(|(_, i)| i.wear >= Wear::Broken).map(|(k, _)| k);
        for key in broken {
            match key.as_str() {
                // A guard item given up gives no guard.
                "shield" | "armor" => {
                    if let Some(s) = combatant.stats.iter_mut().find(|s| &s.name == key) {
                        s.value = 0;
                    }
                }
                _ => {
                    if let Some(block) = combatant.block.as_object_mut() {
                        let list = block.entry("broken").or_insert_with(|| serde_json::json!([]));
                        if let Some(list) = list.as_array_mut() {
                            list.push(key.clone().into());
                        }
                    }
                }
            }
        }
    }

    fn settle(&self, sheet: &serde_json::Value, condition: &mut Condition) {
        no_guard_while_full(sheet, condition);
    }

    fn recoveries(&self) -> &'static [Recovery] {
        super::rests::RECOVERIES
    }

    fn prepare(
        &self,
        rest: &Recovery,
        count: usize,
        settings: &crate::campaign::aftermath::Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<crate::campaign::aftermath::Settings, RuleError> {
        super::upkeep::prepare(rest, count, settings, dice)
    }

    fn performer_pays(
        &self,
        rest: &Recovery,
        sheet: &serde_json::Value,
        before: &Condition,
        settings: &crate::campaign::aftermath::Settings,
    ) -> Option<Condition> {
        let mut after = super::upkeep::caster_pays(rest, sheet, before, settings)?;
        self.settle(sheet, &mut after);
        Some(after)
    }

    fn costs(&self, rest: &Recovery) -> bool {
        // A further night without sleep or day without a meal adds a Fatigue; a failed save
        // against a disease costs STR; a favour of Luck burns it; Replenish's Faith Dice cost
        // the caster WIL.
        matches!(
            rest.id,
            "sleepless" | "unfed" | "disease-save" | "disease-care" | "luck" | "replenish"
        )
    }

    fn recover(
        &self,
        rest: &Recovery,
        sheet: &serde_json::Value,
        after: &mut Condition,
        settings: &crate::campaign::aftermath::Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        super::rests::rest(rest, sheet, after, settings, dice)?;
        self.settle(sheet, after);
        // Out cold from DEX or WIL at 0 ends once both are back above it.
        let above = |a: &str| after.track(sheet, a).is_none_or(|v| v > 0);
        if above("dex") && above("wil") {
            after.lift("unconscious");
        }
        Ok(())
    }
}

/// Every inventory slot filled (gear, Fatigue, severe and light wounds): the character is at
/// 0 HP, and no rest gives HP back until a slot is free again.
fn no_guard_while_full(sheet: &serde_json::Value, after: &mut Condition) {
    let gear = sheet.get("slots_used").and_then(serde_json::Value::as_i64).unwrap_or(0);
    let fatigue = after.track(sheet, "fatigue").unwrap_or(0);
    let stat = |name: &str| {
        after.stats.get(name).copied().unwrap_or_else(|| {
            crate::command::block_stats(sheet)
                .into_iter()
                .find(|s| s.name == name)
                .map_or(0, |s| s.value)
        })
    };
    let wounds = stat("wounds") + stat(super::rests::LIGHT_WOUNDS);
    if gear + fatigue + wounds >= super::block::SLOTS && after.track(sheet, "hp").is_some() {
        after.set_track(sheet, "hp", 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Lasting;
    use crate::dice::SeededDice;
    use serde_json::json;

    const MAIN: &[&str] = &["hp", "str", "fatigue"];

    fn sheet() -> serde_json::Value {
        json!({"tracks": {"hp": 5, "str": 13, "dex": 12, "wil": 10,
            "fatigue": {"value": 0, "max": 10}}})
    }

    fn rest(id: &str, before: &Condition) -> Condition {
        let r = crate::campaign::aftermath::recovery(&BdpAftermath, id).unwrap();
        crate::campaign::aftermath::recover(
            &BdpAftermath,
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
        for (t, v) in [("hp", 0), ("str", 9), ("dex", 0), ("fatigue", 4)] {
            c.set_track(&sheet(), t, v);
        }
        c.set_stat(&sheet(), "wounds", 1);
        c.lasting = vec![Lasting::named("arm wound"), Lasting::named("lost an eye")];
        c.lasting.push(Lasting::named("unconscious"));
        c
    }

    #[test]
    fn each_rest_restores_what_the_rules_say_and_no_more() {
        let s = sheet();
        assert_eq!(
            rest("breath", &hurt()).summary(&s, MAIN),
            "STR 9/13 · Fatigue 4 · DEX 0/12 · Wounds 1 · Arm wound · Lost an eye · Unconscious"
        );
        assert_eq!(
            rest("night", &hurt()).summary(&s, MAIN),
            "STR 9/13 · DEX 0/12 · Wounds 1 · Arm wound · Lost an eye · Unconscious"
        );
        assert_eq!(
            rest("comfortable", &hurt()).summary(&s, MAIN),
            "STR 10/13 · DEX 1/12 · Wounds 1 · Arm wound · Lost an eye"
        );
        // A comfortable week: seven nights' worth, 7 of each lost ability (DEX 0 -> 7).
        assert_eq!(rest("care", &hurt()).summary(&s, MAIN), "DEX 7/12 · Lost an eye");
    }

    #[test]
    fn the_setting_makes_a_comfortable_night_mend_the_worst_ability_only() {
        let mut settings = crate::campaign::aftermath::Settings::new();
        settings.insert(REST_ONE_ABILITY.into(), true.into());
        let r = crate::campaign::aftermath::recovery(&BdpAftermath, "comfortable").unwrap();
        let mut hurt = Condition::default();
        hurt.set_track(&sheet(), "str", 9);
        hurt.set_track(&sheet(), "wil", 8);
        let after = crate::campaign::aftermath::recover(
            &BdpAftermath,
            r,
            &sheet(),
            &hurt,
            &settings,
            &mut SeededDice::new(1, 0),
        )
        .unwrap();
        assert_eq!(after.summary(&sheet(), MAIN), "STR 10/13 · WIL 8/10");
    }

    #[test]
    fn with_every_slot_filled_no_rest_gives_hp_back_until_one_is_free() {
        let mut full = sheet();
        full["slots_used"] = json!(8);
        let r = |id: &str, before: &Condition| {
            let r = crate::campaign::aftermath::recovery(&BdpAftermath, id).unwrap();
            crate::campaign::aftermath::recover(
                &BdpAftermath,
                r,
                &full,
                before,
                &Default::default(),
                &mut SeededDice::new(1, 0),
            )
            .unwrap()
        };
        let mut tired = Condition::default();
        tired.set_track(&full, "fatigue", 2);
        assert_eq!(r("breath", &tired).summary(&full, MAIN), "HP 0/5 · Fatigue 2");
        tired.set_track(&full, "hp", 3);
        assert_eq!(r("breath", &tired).summary(&full, MAIN), "HP 0/5 · Fatigue 2");
        assert_eq!(r("night", &tired).summary(&full, MAIN), "unhurt");
    }

    #[test]
    fn fight_states_end_and_harm_lasts() {
        for label in ["fled", "routed", "surprised", "immobilized"] {
            assert!(!BdpAftermath.condition_lasts(label), "{label}");
        }
        for label in ["dead", "arm wound", "lost an eye", "scarred", "unconscious"] {
            assert!(BdpAftermath.condition_lasts(label), "{label}");
        }
        assert!(!BdpAftermath.track_lasts("members"));
        assert!(BdpAftermath.stat_lasts("wounds") && !BdpAftermath.stat_lasts("shield"));
    }

    #[test]
    fn a_broken_shield_enters_with_no_guard_and_a_broken_weapon_is_marked_on_the_block() {
        let mut items = BTreeMap::new();
        items.insert(
            "shield".to_owned(),
            Item { name: "Shield".into(), wear: Wear::Broken, spent: 0 },
        );
        items.insert(
            "weapon:1".to_owned(),
            Item { name: "Spear".into(), wear: Wear::Broken, spent: 0 },
        );
        let mut new = NewCombatant::named("Harald", crate::ids::SideId(1));
        new.stats = vec![crate::encounter::Stat { name: "shield".into(), value: 1 }];
        new.block = json!({"weapons": []});
        BdpAftermath.enter_items(&items, &mut new);
        assert_eq!(new.stats[0].value, 0);
        assert_eq!(new.block["broken"], json!(["weapon:1"]));
    }
}
