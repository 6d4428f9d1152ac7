//! What outlives a Murdham fight, and its rests ("003" of the rules README, "Between
//! fights"; mechanics only).
//!
//! Lost health lasts, as do temporary ability changes, death, a dying character's fate, the
//! injuries of a character saved from death, and worn gear (damaged, or broken for good).
//! Incapacitation, fear, flight, surrender and the fight's positions end with the stretch.
//! The rests past the day's and the full one (healing, rites, sickness, repair) are in
//! `between.rs`.

use super::between;
use super::block::{self, AGI, ARMOUR, HEALTH, STR, WIT};
use super::{CONCEALED, DISARMED, DYING, ENTANGLED, ESCAPED, INCAPACITATED, RETREATING};
use super::{SURRENDERED, Wear as Worn};
use crate::campaign::aftermath::{Aftermath, Recovery};
use crate::campaign::{Condition, Item, Lasting, Wear};
use crate::command::NewCombatant;
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::system::RuleError;
use std::collections::BTreeMap;

/// The procedure's rules between fights.
pub struct MurdhamAftermath;

/// Conditions that end with the stretch.
const ENDS: &[&str] = &[
    INCAPACITATED,
    SURRENDERED,
    RETREATING,
    CONCEALED,
    ENTANGLED,
    DISARMED,
    ESCAPED,
    "fled",
    "prone",
    "afraid",
    "frenzied",
    between::CONFUSED,
    between::DRINKING,
];

/// Setting: the rests of version 2.0.
pub const REST_V2: &str = "rest_v2";

/// The rests' settings, shown with the fight's.
pub(crate) fn settings() -> Vec<crate::system::SettingSpec> {
    vec![crate::system::SettingSpec {
        key: REST_V2,
        label: "Rests of version 2.0",
        help: "Off: version 1 (as the combat chapter): a day's rest gives health and mana back, \
               a full rest everything. On: a day's rest gives all health, 1 mana and 1 point \
               of lost ability; the full rest is four days of downtime.",
        default: serde_json::Value::Bool(false),
        choices: &[],
    }]
}

const RECOVERIES: &[Recovery] = &[
    Recovery {
        id: "day",
        name: "A day's rest",
        help: "A watch of rest, fed, watered and slept: health and mana back to full.",
    },
    Recovery {
        id: "day-unfed",
        name: "A day's rest without food",
        help: "A watch of rest with no meal: no health or mana back, and 1 STR lost for now.",
    },
    Recovery {
        id: "day-dry",
        name: "A day's rest without drink",
        help: "A watch of rest with no water: no health or mana back, and 1 AGI lost for now.",
    },
    Recovery {
        id: "day-sleepless",
        name: "A day's rest without sleep",
        help: "A watch of rest with no sleep: no health or mana back, and 1 WIT lost for now.",
    },
    Recovery {
        id: "day-bare",
        name: "A day's rest with nothing",
        help: "A watch with no food, water or sleep: no health or mana back, and 1 each of \
               STR, AGI and WIT lost for now.",
    },
    Recovery {
        id: "full",
        name: "A full rest",
        help: "A week in a settlement: health, mana and omens full, every condition and injury \
               lifted, abilities back as the sheet has them. The dead stay dead; worn gear \
               needs a repair.",
    },
    Recovery {
        id: "no-rest",
        name: "A third watch without rest",
        help: "Going on past two watches without a day's rest: 1 each of STR, AGI and WIT lost \
               for now (the fourth watch forces a rest).",
    },
    Recovery {
        id: "treatment",
        name: "A healing service or draught",
        help: "Health worth half of STR as it is now.",
    },
    Recovery {
        id: "rite-healing",
        name: "Rite of healing",
        help: "Invoked over a stretch by the one you name: a d12 over the invoker's Corruption, \
               one try a watch; it takes, health worth half of STR.",
    },
    Recovery {
        id: "medicine",
        name: "A medicine box",
        help: "Used over a stretch by the one you name: a d8 in health, never more than half \
               of STR; half of STR with the Heal skill.",
    },
    Recovery {
        id: "sick-save",
        name: "A day's recovery save",
        help: "For the sick: a STR save; made, one towards the cure (three cure it); failed, a \
               d4 off STR, AGI and WIT for now.",
    },
    Recovery {
        id: "rite-restoration",
        name: "Rite of restoration",
        help: "Invoked by the one you name (a d12 over the invoker's Corruption): a poison ends, \
               and the sick count one recovery save made.",
    },
    Recovery {
        id: "rite-purification",
        name: "Rite of purification",
        help: "Invoked by the one you name (a d12 over the invoker's Corruption): 1 Corruption \
               off.",
    },
    Recovery {
        id: "repair",
        name: "A repair service",
        help: "Every damaged or broken piece of gear as good as new (a quarter of its value).",
    },
    Recovery {
        id: "toolbox",
        name: "Repairs with a toolbox",
        help: "A watch and a WIT save for each damaged or broken piece: made, as good as new; \
               failed, destroyed.",
    },
    Recovery {
        id: "drink",
        name: "A drink",
        help: "1 health back (none while dying); a STR save or confused until the stretch ends \
               (a second drink in the same stretch fails it).",
    },
    Recovery {
        id: "funeral",
        name: "A funeral paid",
        help: "For a companion who died: the funeral owed is paid. One still owed at a full \
               rest costs each who owed it a point of maximum omens for good.",
    },
];

impl Aftermath for MurdhamAftermath {
    fn stat_lasts(&self, name: &str) -> bool {
        // Temporary ability changes last until a full rest; armour follows the gear.
        [STR, AGI, WIT].contains(&name)
    }

    fn condition_lasts(&self, label: &str) -> bool {
        !ENDS.contains(&label)
    }

    fn lasting(&self, enc: &Encounter, who: &Combatant, label: &str) -> Lasting {
        crate::campaign::injury::from_tables(enc, who, label)
            .unwrap_or_else(|| Lasting::named(label))
    }

    fn owed(&self, enc: &Encounter, who: &Combatant) -> Vec<Lasting> {
        super::funeral::owed(enc, who)
    }

    fn items(&self, enc: &Encounter, who: &Combatant) -> BTreeMap<String, Item> {
        let Some(worn) = enc.murdham().wear.get(&who.id) else { return BTreeMap::new() };
        worn.iter()
            .map(|(name, w)| {
                let wear = match w {
                    Worn::Damaged => Wear::Damaged,
                    Worn::Broken => Wear::Broken,
                    Worn::Mended => Wear::Intact,
                };
                (name.clone(), Item { name: name.clone(), wear, spent: 0 })
            })
            .collect()
    }

    fn enter_items(&self, items: &BTreeMap<String, Item>, combatant: &mut NewCombatant) {
        let mut armour_broken = false;
        let Some(b) = combatant.block.as_object_mut() else { return };
        for (key, value) in b.iter_mut() {
            match key.as_str() {
                "weapons" => {
                    for w in value.as_array_mut().into_iter().flatten() {
                        mark(w, items);
                    }
                }
                "armour" => armour_broken = mark(value, items),
                "shield" => {
                    mark(value, items);
                }
                "gear" => {
                    for g in value.as_array_mut().into_iter().flatten() {
                        mark(g, items);
                    }
                }
                _ => {}
            }
        }
        if armour_broken && let Some(s) = combatant.stats.iter_mut().find(|s| s.name == ARMOUR) {
            s.value = 0;
        }
    }

    fn complete(&self, new: NewCombatant) -> NewCombatant {
        block::complete(new.clone()).unwrap_or(new)
    }

    fn settle(&self, sheet: &serde_json::Value, condition: &mut Condition) {
        cap_health(sheet, condition);
        between::settle(condition);
        super::funeral::cap_omens(sheet, condition);
    }

    fn recoveries(&self) -> &'static [Recovery] {
        RECOVERIES
    }

    fn costs(&self, rest: &Recovery) -> bool {
        // Each need unmet costs a point of an ability, and health with STR; a full rest with
        // a funeral unpaid costs omens for good.
        !unmet_needs(rest.id).is_empty() || rest.id == "full"
    }

    fn recover(
        &self,
        rest: &Recovery,
        sheet: &serde_json::Value,
        after: &mut Condition,
        settings: &crate::campaign::aftermath::Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        if between_rest(rest, sheet, after, settings, dice)? {
            self.settle(sheet, after);
            return Ok(());
        }
        // A watch or more has passed: the stretch is over, and the drink's confusion with it.
        after.lift(between::CONFUSED);
        after.lift(between::DRINKING);
        let unmet = unmet_needs(rest.id);
        if !unmet.is_empty() {
            go_without(sheet, after, unmet);
            self.settle(sheet, after);
            return Ok(());
        }
        let v2 = crate::campaign::aftermath::flag(settings, REST_V2, false);
        after.mend_track(sheet, HEALTH, None);
        after.mend_track(sheet, "mana", if v2 && rest.id == "day" { Some(1) } else { None });
        if v2 && rest.id == "day" {
            // One point of lost ability: the first ability short of its sheet.
            let short = [STR, AGI, WIT].into_iter().find(|a| after.stats.contains_key(*a));
            if let Some(a) = short {
                after.mend_stat(sheet, a, Some(1));
            }
        }
        if rest.id == "full" {
            let lost = super::funeral::unpaid_at_full_rest(sheet, after);
            after.mend_track(sheet, "omens", None);
            after.stats.clear();
            after.lasting.clear();
            after.set_stat(sheet, super::funeral::OMENS_LOST, lost);
        }
        between::incorruptible(rest.id, sheet, after);
        self.settle(sheet, after);
        if after.track(sheet, HEALTH).is_none_or(|v| v > 0) {
            after.lift(DYING);
        }
        Ok(())
    }
}

/// The abilities a day's rest lowers for the needs it leaves unmet (food STR, drink AGI, sleep
/// WIT); none for a rest with every need met.
fn unmet_needs(rest: &str) -> &'static [&'static str] {
    match rest {
        "day-unfed" => &[STR],
        "day-dry" => &[AGI],
        "day-sleepless" => &[WIT],
        "day-bare" | "no-rest" => &[STR, AGI, WIT],
        _ => &[],
    }
}

/// A day's rest with needs unmet: nothing back, and a temporary point off each ability named;
/// an ability brought to 0 kills.
fn go_without(sheet: &serde_json::Value, after: &mut Condition, abilities: &[&str]) {
    for a in abilities {
        let now = after.stats.get(*a).copied().or_else(|| {
            crate::command::block_stats(sheet).into_iter().find(|s| s.name == *a).map(|s| s.value)
        });
        let Some(now) = now else { continue };
        after.set_stat(sheet, a, (now - 1).max(0));
    }
    dead_at_zero(after);
}

/// An ability brought to 0 kills.
pub(super) fn dead_at_zero(after: &mut Condition) {
    if [STR, AGI, WIT].iter().any(|a| after.stats.get(*a).is_some_and(|v| *v <= 0))
        && !after.has("dead")
    {
        after.lasting.push(Lasting::named("dead"));
    }
}

/// The rests of `between.rs`: whether `rest` is one of them (done).
fn between_rest(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &crate::campaign::aftermath::Settings,
    dice: &mut dyn DiceSource,
) -> Result<bool, RuleError> {
    match rest.id {
        "treatment" => between::treatment(sheet, after),
        "rite-healing" | "rite-restoration" | "rite-purification" => {
            between::rite(rest, sheet, after, settings, dice)?;
        }
        "medicine" => between::medicine(rest, sheet, after, settings, dice)?,
        "sick-save" => between::sickness_save(sheet, after, dice)?,
        "drink" => between::drink(sheet, after, dice)?,
        "funeral" => super::funeral::paid(after),
        "repair" | "toolbox" => between::repair(rest, sheet, after, dice)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Health is never more than STR as it is now: a temporary loss of STR lowers the most a
/// rest can give back (the sheet's maximum is the whole STR).
fn cap_health(sheet: &serde_json::Value, after: &mut Condition) {
    let strength = after.stats.get(STR).copied().or_else(|| {
        crate::command::block_stats(sheet).into_iter().find(|s| s.name == STR).map(|s| s.value)
    });
    if let (Some(strength), Some(health)) = (strength, after.track(sheet, HEALTH))
        && health > strength
    {
        after.set_track(sheet, HEALTH, strength.max(0));
    }
}

/// Marks a block's item (a JSON object with a `name`) as the campaign has it; whether it is
/// broken.
fn mark(entry: &mut serde_json::Value, items: &BTreeMap<String, Item>) -> bool {
    let Some(name) = entry.get("name").and_then(|n| n.as_str()).map(str::to_owned) else {
        return false;
    };
    let (Some(item), Some(obj)) = (items.get(&name), entry.as_object_mut()) else { return false };
    match item.wear {
        Wear::Intact => false,
        Wear::Damaged => {
            obj.insert("damaged".into(), true.into());
            false
        }
        Wear::Broken | Wear::Destroyed => {
            obj.insert("broken".into(), true.into());
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use serde_json::json;

    fn sheet() -> serde_json::Value {
        let raw = json!({"stats": {"str": 12, "agi": 10, "wit": 9}, "weapons": [], "tracks": {"mana": 3}});
        crate::campaign::aftermath::full_sheet(&MurdhamAftermath, "Hugo", &raw)
    }

    #[test]
    fn health_comes_from_str_so_a_day_can_mend_it() {
        let mut hurt = Condition::default();
        hurt.set_track(&sheet(), HEALTH, 0);
        hurt.set_stat(&sheet(), STR, 10);
        hurt.lasting = vec![Lasting::named(DYING), Lasting::named("scar")];
        let day = crate::campaign::aftermath::recovery(&MurdhamAftermath, "day").unwrap();
        let after = crate::campaign::aftermath::recover(
            &MurdhamAftermath,
            day,
            &sheet(),
            &hurt,
            &Default::default(),
            &mut SeededDice::new(1, 0),
        )
        .unwrap();
        // STR is 10 of 12 for now: so is the most health a rest gives back.
        assert_eq!(after.summary(&sheet(), &[HEALTH]), "Health 10/12 · STR 10 · Scar");
        let full = crate::campaign::aftermath::recovery(&MurdhamAftermath, "full").unwrap();
        let after = crate::campaign::aftermath::recover(
            &MurdhamAftermath,
            full,
            &sheet(),
            &hurt,
            &Default::default(),
            &mut SeededDice::new(1, 0),
        )
        .unwrap();
        assert!(after.is_whole());
    }

    #[test]
    fn worn_gear_enters_worn_and_broken_armour_gives_none() {
        let mut items = BTreeMap::new();
        items.insert(
            "Sword".to_owned(),
            Item { name: "Sword".into(), wear: Wear::Damaged, spent: 0 },
        );
        items.insert("Mail".to_owned(), Item { name: "Mail".into(), wear: Wear::Broken, spent: 0 });
        let block = json!({"stats": {"str": 12, "agi": 10, "wit": 9},
            "weapons": [{"name": "Sword", "die": 8}], "armour": {"name": "Mail", "value": 2}});
        let mut new = MurdhamAftermath.complete(crate::systems::combatant_of("Hugo", &block));
        MurdhamAftermath.enter_items(&items, &mut new);
        assert_eq!(new.block["weapons"][0]["damaged"], true);
        assert_eq!(new.block["armour"]["broken"], true);
        assert_eq!(new.stats.iter().find(|s| s.name == ARMOUR).unwrap().value, 0);
        assert!(!MurdhamAftermath.condition_lasts(INCAPACITATED));
        assert!(MurdhamAftermath.condition_lasts(DYING));
    }
}
