//! A system's weapon reference list (the library's Weapons tab: what die does a halberd
//! roll?), described like its stat blocks: the fields one weapon has, a line that sums one
//! up, and the rules no single field can check. The store keeps a weapon as JSON and asks the
//! system through [`System::weapon_list`](super::System::weapon_list), so no part of Fray
//! outside a procedure's module knows what a weapon of that procedure holds.

use super::schema::{BlockSchema, Field, FieldProblem, Kind, get};
use serde_json::{Map, Value};

/// What every weapon of every list has besides its system's fields: its stable key, its name
/// and a line in our words.
pub const COMMON_KEYS: [&str; 3] = ["key", "name", "notes"];

/// One system's weapon list.
#[derive(Debug, Clone, Copy)]
pub struct WeaponList {
    /// The fields of one weapon besides [`COMMON_KEYS`], in the order a summary reads them.
    pub fields: &'static [Field],
    /// The numbers a GM looks for, in a line ("d8 balanced · reach").
    pub summary: fn(&Map<String, Value>) -> String,
    /// The system's own rules for a weapon whose fields each hold (a die required unless it
    /// is worn armour...), in words.
    pub check: fn(&Map<String, Value>) -> Result<(), String>,
}

impl WeaponList {
    /// Every problem of a weapon's fields (the map holds every key but [`COMMON_KEYS`]): a key
    /// the list does not have, each field as its kind says, then the list's own check.
    pub fn problems(&self, fields: &Map<String, Value>) -> Vec<FieldProblem> {
        let mut problems: Vec<FieldProblem> = fields
            .keys()
            .filter(|k| !self.fields.iter().any(|f| f.key == k.as_str()))
            .map(|k| FieldProblem {
                path: k.clone(),
                label: String::new(),
                message: format!("is not a field of this list (it has {})", self.keys()),
            })
            .collect();
        let schema = BlockSchema { fields: self.fields };
        problems.extend(schema.check(&Value::Object(fields.clone()), false));
        if problems.is_empty()
            && let Err(message) = (self.check)(fields)
        {
            problems.push(FieldProblem { path: String::new(), label: String::new(), message });
        }
        problems
    }

    /// The field keys, for messages ("die, speed, reach").
    fn keys(&self) -> String {
        self.fields.iter().map(|f| f.key).collect::<Vec<_>>().join(", ")
    }
}

/// A summary for a list that writes none of its own: each field that holds something, shown
/// as the editor shows it (flags by their label, words joined).
pub fn plain_summary(fields: &'static [Field], weapon: &Map<String, Value>) -> String {
    let object = Value::Object(weapon.clone());
    let mut parts = Vec::new();
    for field in fields {
        let Some(value) = get(&object, field.key).filter(|v| !v.is_null()) else { continue };
        match (field.kind, value) {
            (Kind::Flag, Value::Bool(true)) => parts.push(field.label.to_lowercase()),
            (Kind::Flag, _) => {}
            (Kind::Words, Value::Array(words)) => {
                parts.extend(words.iter().filter_map(Value::as_str).map(str::to_owned));
            }
            (kind, value) => parts.push(format!("{} {}", field.label, kind.show(Some(value)))),
        }
    }
    parts.retain(|p| !p.trim().is_empty());
    parts.join(" · ")
}

/// A whole-number field, if set.
pub fn whole(weapon: &Map<String, Value>, key: &str) -> Option<i64> {
    weapon.get(key).and_then(Value::as_i64)
}

/// A text field, if set.
pub fn text<'a>(weapon: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    weapon.get(key).and_then(Value::as_str)
}

/// A flag field (off when missing).
pub fn flag(weapon: &Map<String, Value>, key: &str) -> bool {
    weapon.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// A words field (empty when missing).
pub fn words<'a>(weapon: &'a Map<String, Value>, key: &str) -> Vec<&'a str> {
    weapon
        .get(key)
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |items| items.iter().filter_map(Value::as_str).collect())
}

/// Whether the words field `key` holds `word` (case-insensitive).
pub fn has_word(weapon: &Map<String, Value>, key: &str, word: &str) -> bool {
    words(weapon, key).iter().any(|w| w.trim().eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const FIELDS: &[Field] = &[
        Field::new("die", "Die", Kind::Whole { min: 4, max: 12, only: &[4, 6, 8, 10, 12] })
            .required(),
        Field::new("reach", "Reach", Kind::Flag),
        Field::new("tags", "Tags", Kind::Words),
    ];

    fn no_sixes(w: &Map<String, Value>) -> Result<(), String> {
        if whole(w, "die") == Some(6) { Err("no d6 here".into()) } else { Ok(()) }
    }

    const LIST: WeaponList =
        WeaponList { fields: FIELDS, summary: |w| plain_summary(FIELDS, w), check: no_sixes };

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn fields_are_checked_by_kind_then_by_the_list() {
        let messages = |v| LIST.problems(&map(v)).iter().map(|p| p.to_string()).collect::<Vec<_>>();
        assert!(messages(json!({"die": 8, "reach": true})).is_empty());
        assert_eq!(messages(json!({"reach": true})), ["field 'die' (Die): is required"]);
        assert_eq!(
            messages(json!({"die": 8, "dmg": "1d6"})),
            ["field 'dmg': is not a field of this list (it has die, reach, tags)"]
        );
        assert_eq!(messages(json!({"die": 6})), ["no d6 here"]);
        assert_eq!(messages(json!({"die": 7})).len(), 1, "the kind's own check");
    }

    #[test]
    fn the_plain_summary_reads_each_field() {
        let w = map(json!({"die": 8, "reach": true, "tags": ["long", "heavy"]}));
        assert_eq!((LIST.summary)(&w), "Die 8 · reach · long · heavy");
        assert!(has_word(&w, "tags", "LONG") && !flag(&w, "bulky"));
    }
}
