//! Block, Dodge, Parry's rests ("000" of the rules README, "Between fights"): catching one's
//! breath, meals, the kinds of night, a day's treatment and a week of care, each restoring what
//! the SRD's Deprivation and Healing & Recovery give it, and no more.

use crate::campaign::Condition;
use crate::campaign::aftermath::{Recovery, Settings, flag};
use crate::dice::{Dice, DiceSource};
use crate::system::RuleError;

/// Setting: a comfortable night mends one ability, not each.
pub const REST_ONE_ABILITY: &str = "rest_one_ability";

/// Deprived by a night without sleep: no HP or ability comes back until a night's sleep.
pub const DEPRIVED: &str = "deprived";

/// Deprived by a day without a meal: no HP or ability comes back until a meal.
pub const DEPRIVED_OF_FOOD: &str = "deprived of food";

/// Light wounds (a slot each), healed in the field by the right medicine.
pub const LIGHT_WOUNDS: &str = "light wounds";

/// Whether a need is unmet (sleep or food): then no HP or ability comes back.
pub(super) fn deprived(after: &Condition) -> bool {
    after.has(DEPRIVED) || after.has(DEPRIVED_OF_FOOD)
}

/// The abilities a blow can reach.
pub(super) const ABILITIES: [&str; 3] = ["str", "dex", "wil"];

pub(super) const RECOVERIES: &[Recovery] = &[
    Recovery {
        id: "breath",
        name: "Catch your breath",
        help: "A moment's calm and a drink: every lost HP comes back. Not while Deprived.",
    },
    Recovery {
        id: "simple-meal",
        name: "A simple meal",
        help: "One Fatigue off; no longer Deprived of food.",
    },
    Recovery {
        id: "fancy-meal",
        name: "A fancy meal",
        help: "Every Fatigue off; no longer Deprived of food.",
    },
    Recovery {
        id: "unfed",
        name: "A day without a meal",
        help: "Deprived of food: no HP or ability comes back until a meal; another such day \
               adds a Fatigue.",
    },
    Recovery {
        id: "sleepless",
        name: "A night without sleep",
        help: "Deprived: no HP or ability comes back until a night's sleep; another such \
               night adds a Fatigue.",
    },
    Recovery {
        id: "perilous",
        name: "A perilous night",
        help: "Sleep with danger near (always, in a dungeon): no longer Deprived of sleep, HP \
               back (not while Deprived of food); the Fatigue stays.",
    },
    Recovery {
        id: "night",
        name: "A night's sleep",
        help: "A normal night (a good camp, an inn): no longer Deprived of sleep, HP back \
               (not while Deprived of food), all Fatigue cleared.",
    },
    Recovery {
        id: "comfortable",
        name: "A comfortable night",
        help: "As a night's sleep, and each damaged ability mends by 1 (not while Deprived \
               of food).",
    },
    Recovery {
        id: "healer",
        name: "A healer's treatment",
        help: "A day in a healer's hands: 1d4 lost STR back. Not while Deprived.",
    },
    Recovery {
        id: "spa",
        name: "A spa or a bath",
        help: "A day at a spa or a good bath: 1d4 lost DEX back. Not while Deprived.",
    },
    Recovery {
        id: "prayer",
        name: "Company or prayer",
        help: "A day of good company or prayer: 1d4 lost WIL back. Not while Deprived.",
    },
    Recovery {
        id: "care",
        name: "Serious care",
        help: "A comfortable week of care between adventures: what seven comfortable nights \
               give (HP, Fatigue, 7 points of each damaged ability), fed, and severe and light \
               wounds and the arm injuries healed. Lost eyes and scars stay.",
    },
    Recovery {
        id: "treat-wound",
        name: "Treating a light wound",
        help: "The right medicine for it in the field (herbs left on overnight, a remedy \
               brewed for that wound): one light wound healed, its slot free. A severe wound \
               needs serious care.",
    },
    Recovery {
        id: "tonic",
        name: "A Sleeping Tonic",
        help: "Taken before sleep: the next night is one step better (none → perilous → a \
               night's sleep → comfortable).",
    },
    Recovery {
        id: "salve",
        name: "A salve",
        help: "Applied before 8 hours of rest: when the next night is over, 1d3 of the most \
               lost of STR, DEX and WIL back.",
    },
    Recovery {
        id: "boost-morale",
        name: "Boost Morale",
        help: "A camp action: 1 WIL back to each; 2 if the one you name to lead it has the \
               skill.",
    },
    Recovery {
        id: "devotion",
        name: "A devotee's prayer",
        help: "At the day's end, 1d6 + Warden bonus: 1 nothing; 2–3 1d2 WIL; 4–5 1d4+1 WIL; \
               6+ all lost WIL (9+ also a Faith Die free tomorrow).",
    },
    Recovery {
        id: "repair",
        name: "A repair",
        help: "Three quarters of the new price, or a Repair Kit in the field: broken gear as \
               good as new; a shield given up to a blow is lost for good.",
    },
    Recovery {
        id: "luck",
        name: "A roll of Luck",
        help: "A d20 where the Die of Fate would be rolled: under Luck, a favour that burns 1 \
               for good; exactly Luck, a favour and 1 Luck back (the only way it returns); \
               over, no favour.",
    },
    Recovery {
        id: "mend-wand",
        name: "Mending a wand or staff",
        help: "A day's work with reagents or coin: 1 Power back. A cracked one (Power 0) gives \
               its Magic Dice again once it holds Power.",
    },
    Recovery {
        id: "disease-save",
        name: "A day's save against a disease",
        help: "For the diseased: a STR save; failed, 1 STR lost.",
    },
    Recovery {
        id: "disease-care",
        name: "A day's rest and care against a disease",
        help: "For the diseased, resting and cared for (or treated at camp): the STR save made \
               twice, the better kept; failed, 1 STR lost.",
    },
    Recovery { id: "cure", name: "A cure", help: "A remedy: the disease ends without saves." },
    Recovery {
        id: "replenish",
        name: "Replenish",
        help: "The miracle, cast by one you name on the allies chosen: a Faith Die for each \
               (four at most), each regaining their sum in HP (not while Deprived); the \
               caster loses 1 WIL for each die of 1–3, 2 for each of 4–6.",
    },
];

/// One rest for one character, before the rules every condition keeps (see `settle`).
pub(super) fn rest(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let deprived = deprived(after);
    if super::between::rest(rest, sheet, after, settings, dice)?
        || super::upkeep::rest(rest, sheet, after, settings, dice)?
    {
        return Ok(());
    }
    // A Sleeping Tonic taken makes the night a step better.
    let kind = match rest.id {
        "sleepless" | "perilous" | "night" | "comfortable" => {
            super::between::with_tonic(rest.id, after)
        }
        other => other,
    };
    match kind {
        "breath" => {
            // A drink from the waterskin each time; an empty one gives none.
            if super::between::drink(sheet, after, dice)? && !deprived {
                after.mend_track(sheet, "hp", None);
            }
        }
        "simple-meal" | "fancy-meal" => {
            // Any meal meets the day's need of food.
            after.lift(DEPRIVED_OF_FOOD);
            after.mend_track(sheet, "fatigue", (kind == "simple-meal").then_some(1));
        }
        "unfed" if after.has(DEPRIVED_OF_FOOD) => further_day(sheet, after),
        "unfed" => after.lasting.push(crate::campaign::Lasting::named(DEPRIVED_OF_FOOD)),
        "treat-wound" => after.mend_stat(sheet, LIGHT_WOUNDS, Some(1)),
        "sleepless" if after.has(DEPRIVED) => further_day(sheet, after),
        "sleepless" => after.lasting.push(crate::campaign::Lasting::named(DEPRIVED)),
        "perilous" | "night" | "comfortable" => {
            sleep(kind, sheet, after, settings, 1);
            if !after.has(DEPRIVED_OF_FOOD) {
                super::between::salve_works(sheet, after, dice)?;
            }
        }
        "healer" | "spa" | "prayer" if !deprived => treatment(rest, sheet, after, dice)?,
        "healer" | "spa" | "prayer" => {}
        "care" => {
            after.lift(DEPRIVED_OF_FOOD);
            sleep("comfortable", sheet, after, settings, 7);
            after.mend_stat(sheet, "wounds", None);
            after.mend_stat(sheet, LIGHT_WOUNDS, None);
            after.lift("arm wound");
        }
        other => return Err(RuleError::Invalid(format!("no rest '{other}' here"))),
    }
    Ok(())
}

/// A further day deprived of what was already lacking: one more Fatigue, in a slot.
fn further_day(sheet: &serde_json::Value, after: &mut Condition) {
    let fatigue = after.track(sheet, "fatigue").unwrap_or(0);
    after.set_track(sheet, "fatigue", (fatigue + 1).min(max(sheet, "fatigue")));
}

/// `nights` nights of a kind of sleep: no longer Deprived of sleep, HP back; a normal night
/// also clears the Fatigue, a comfortable one mends a point of each damaged ability (or of the
/// worst one with the setting) a night. One still Deprived of food gets no HP or ability back.
fn sleep(
    kind: &str,
    sheet: &serde_json::Value,
    after: &mut Condition,
    settings: &Settings,
    nights: i64,
) {
    after.lift(DEPRIVED);
    let hungry = after.has(DEPRIVED_OF_FOOD);
    if !hungry {
        after.mend_track(sheet, "hp", None);
    }
    if kind == "perilous" {
        return;
    }
    after.mend_track(sheet, "fatigue", None);
    if kind != "comfortable" || hungry {
        return;
    }
    for _ in 0..nights {
        if flag(settings, REST_ONE_ABILITY, false) {
            let lost = |a: &str| max(sheet, a) - after.track(sheet, a).unwrap_or(max(sheet, a));
            let worst = ABILITIES.into_iter().filter(|a| lost(a) > 0).max_by_key(|a| lost(a));
            if let Some(worst) = worst {
                after.mend_track(sheet, worst, Some(1));
            }
        } else {
            for a in ABILITIES {
                after.mend_track(sheet, a, Some(1));
            }
        }
    }
}

/// A day's treatment: 1d4 of one lost ability back (a healer STR, a spa DEX, company or
/// prayer WIL). No die is rolled when none of it is lost.
fn treatment(
    rest: &Recovery,
    sheet: &serde_json::Value,
    after: &mut Condition,
    dice: &mut dyn DiceSource,
) -> Result<(), RuleError> {
    let ability = match rest.id {
        "healer" => "str",
        "spa" => "dex",
        _ => "wil",
    };
    if after.track(sheet, ability).is_none_or(|v| v >= max(sheet, ability)) {
        return Ok(());
    }
    let label = format!("{}: {} back", rest.name, ability.to_uppercase());
    let roll =
        dice.roll(&Dice::die(4), &label, None).map_err(|e| RuleError::Invalid(e.to_string()))?;
    after.mend_track(sheet, ability, Some(roll.total));
    Ok(())
}

/// A track's maximum on the sheet (0 when it has none).
fn max(sheet: &serde_json::Value, name: &str) -> i64 {
    crate::command::block_tracks(sheet).into_iter().find(|t| t.name == name).map_or(0, |t| t.max)
}
