//! The Block, Dodge, Parry weapon list (the library's reference): a die and a speed word, reach,
//! missile and bulky flags, the damage type and the tags with their numbers.

use crate::system::schema::{Field, Kind};
use crate::system::weapon_list::{WeaponList, flag, text, whole, words};
use serde_json::{Map, Value};

/// The fields of one weapon of the list.
const FIELDS: &[Field] = &[
    Field::new("die", "Damage die", Kind::Whole { min: 4, max: 12, only: &[4, 6, 8, 10, 12] })
        .required(),
    Field::new(
        "speed",
        "Speed",
        Kind::Choice(&[("fast", "Fast"), ("balanced", "Balanced"), ("slow", "Slow")]),
    )
    .required(),
    Field::new("reach", "Reach", Kind::Flag),
    Field::new("ranged", "Ranged", Kind::Flag),
    Field::new("bulky", "Bulky", Kind::Flag).help("Takes two slots"),
    Field::new("damage_type", "Damage type", Kind::Text { multiline: false }),
    Field::new("tags", "Tags", Kind::Words).help("Sweep 7, Push 6..."),
];

/// The list.
pub const LIST: WeaponList = WeaponList { fields: FIELDS, summary, check: |_| Ok(()) };

/// "d8 balanced · reach · Push 6".
fn summary(w: &Map<String, Value>) -> String {
    let head = [whole(w, "die").map(|d| format!("d{d}")), text(w, "speed").map(str::to_owned)];
    let mut parts = vec![head.into_iter().flatten().collect::<Vec<_>>().join(" ")];
    for key in ["reach", "ranged", "bulky"] {
        if flag(w, key) {
            parts.push(key.to_owned());
        }
    }
    parts.extend(words(w, "tags").into_iter().map(str::to_owned));
    parts.retain(|p| !p.is_empty());
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_weapon_reads_as_the_gm_looks_for_it() {
        let spear = json!({"die": 8, "speed": "balanced", "reach": true, "tags": ["Push 6"]});
        let spear = spear.as_object().unwrap();
        assert_eq!((LIST.summary)(spear), "d8 balanced · reach · Push 6");
        assert!(LIST.problems(spear).is_empty());
        let quick = json!({"die": 6, "speed": "quick"});
        let problems = LIST.problems(quick.as_object().unwrap());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].path, "speed");
    }
}
