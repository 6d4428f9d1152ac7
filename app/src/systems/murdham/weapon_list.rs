//! The Murdham weapon and armour list (the library's reference): a die, a range in zones for
//! what shoots, keywords, and armour values; shields and helmets are tagged.

use crate::system::schema::{Field, Kind};
use crate::system::weapon_list::{WeaponList, has_word, whole, words};
use serde_json::{Map, Value};

/// The fields of one weapon or piece of armour.
const FIELDS: &[Field] = &[
    Field::new("die", "Damage die", Kind::Whole { min: 4, max: 12, only: &[4, 6, 8, 10, 12] }),
    Field::new("range", "Range (zones)", Kind::Whole { min: 1, max: 100, only: &[] }),
    Field::new("armour", "Armour", Kind::Whole { min: 1, max: 3, only: &[] }),
    Field::new("tags", "Keywords", Kind::Words)
        .help("simple, martial, missile, two-handed, indirect, blast...; shield or helmet"),
];

/// The list.
pub const LIST: WeaponList = WeaponList { fields: FIELDS, summary, check };

/// "d6 · range 8 · missile", "armour 1".
fn summary(w: &Map<String, Value>) -> String {
    let mut parts: Vec<String> = whole(w, "die").map(|d| format!("d{d}")).into_iter().collect();
    parts.extend(whole(w, "range").map(|r| format!("range {r}")));
    parts.extend(whole(w, "armour").map(|a| format!("armour {a}")));
    parts.extend(words(w, "tags").into_iter().map(str::to_owned));
    parts.join(" · ")
}

/// A weapon needs its die (worn armour, a shield or a helmet may go without); an indirect
/// weapon shoots, so it needs its range.
fn check(w: &Map<String, Value>) -> Result<(), String> {
    let worn =
        w.contains_key("armour") || has_word(w, "tags", "shield") || has_word(w, "tags", "helmet");
    if !worn && !w.contains_key("die") {
        return Err("die is missing (4, 6, 8, 10 or 12)".into());
    }
    if has_word(w, "tags", "indirect") && !w.contains_key("range") {
        return Err("range is missing (an indirect weapon shoots)".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn weapons_and_armour_read_and_check() {
        let map = |v: Value| v.as_object().unwrap().clone();
        let bow = map(json!({"die": 6, "range": 8, "tags": ["missile", "indirect"]}));
        assert_eq!((LIST.summary)(&bow), "d6 · range 8 · missile · indirect");
        assert!(LIST.problems(&bow).is_empty());
        assert!(LIST.problems(&map(json!({"armour": 1}))).is_empty());
        assert!(LIST.problems(&map(json!({"tags": ["Helmet"]}))).is_empty());
        let messages = |v| LIST.problems(&map(v)).iter().map(|p| p.to_string()).collect::<Vec<_>>();
        assert_eq!(messages(json!({"tags": ["martial"]})), ["die is missing (4, 6, 8, 10 or 12)"]);
        assert_eq!(
            messages(json!({"die": 6, "tags": ["indirect"]})),
            ["range is missing (an indirect weapon shoots)"]
        );
        assert_eq!(messages(json!({"armour": 4})).len(), 1);
    }
}
