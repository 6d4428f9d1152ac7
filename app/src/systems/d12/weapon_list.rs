//! The d12 weapon list (the library's reference): damage dice and types, the initiative
//! modifier it adds, the critical multiplier, the hands it needs, and whether it shoots.

use crate::dice::Dice;
use crate::system::schema::{Field, Kind};
use crate::system::weapon_list::{WeaponList, flag, text, whole, words};
use serde_json::{Map, Value};

/// The fields of one weapon of the list.
const FIELDS: &[Field] = &[
    Field::new("damage", "Damage", Kind::Dice).required().help("Dice, e.g. 1d8"),
    Field::new("types", "Damage types", Kind::Words),
    Field::new("speed", "Speed", Kind::Whole { min: -10, max: 20, only: &[] })
        .required()
        .help("Added to the count when it attacks with this"),
    Field::new("crit", "Crit ×", Kind::Whole { min: 2, max: 4, only: &[2, 3, 4] }).required(),
    Field::new("hands", "Hands", Kind::Whole { min: 1, max: 2, only: &[] }),
    Field::new("ranged", "Ranged", Kind::Flag),
];

/// The list.
pub const LIST: WeaponList = WeaponList { fields: FIELDS, summary, check };

/// "1d8 slashing · speed 5 · ×2 · two-handed".
fn summary(w: &Map<String, Value>) -> String {
    let types = words(w, "types").join("/");
    let head = [text(w, "damage").unwrap_or_default(), types.as_str()];
    let mut parts =
        vec![head.iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(" ")];
    parts.extend(whole(w, "speed").map(|s| format!("speed {s}")));
    parts.extend(whole(w, "crit").map(|c| format!("×{c}")));
    if flag(w, "ranged") {
        parts.push("ranged".into());
    }
    if whole(w, "hands") == Some(2) {
        parts.push("two-handed".into());
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" · ")
}

/// Damage must roll a die: a flat number is no weapon.
fn check(w: &Map<String, Value>) -> Result<(), String> {
    let damage = text(w, "damage").unwrap_or_default();
    match Dice::parse(damage) {
        Ok(d) if d.dice_count() == 0 => Err(format!("damage {damage:?} rolls no die")),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_weapon_reads_as_the_gm_looks_for_it() {
        let bow = json!({"damage": "1d8", "types": ["piercing"], "speed": 6, "crit": 3,
                         "hands": 2, "ranged": true});
        let bow = bow.as_object().unwrap();
        assert_eq!((LIST.summary)(bow), "1d8 piercing · speed 6 · ×3 · ranged · two-handed");
        assert!(LIST.problems(bow).is_empty());
        let flat = json!({"damage": "5", "speed": 1, "crit": 2});
        let problems = LIST.problems(flat.as_object().unwrap());
        assert_eq!(problems[0].to_string(), "damage \"5\" rolls no die");
    }
}
