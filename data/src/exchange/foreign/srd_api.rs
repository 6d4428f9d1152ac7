//! The 5e SRD monster JSON of the 5e-API (`armor_class: [{"value": 17}]`, `damage:
//! [{"damage_dice": "2d6+5"}]`) and of Open5e (`armor_class: 17`, `damage_dice: "2d6"`,
//! `damage_bonus: 5`, pages of `{"results": [...]}`): one reader, the two spellings.
//!
//! In: HP, AC, the walking speed, the hit dice's count, an attack per action with damage dice
//! (from the action's own fields, or its text the SRD way), the first attack's bonus; the
//! type as a tag; the rest in words in the notes.

use super::{ForeignCreature, described, dice_count, first_number, structured_attack, text_of};
use crate::exchange::strict::Item;
use serde_json::{Map, Value};

/// The ability scores, with the labels a book prints.
const ABILITIES: &[(&str, &str)] = &[
    ("strength", "STR"),
    ("dexterity", "DEX"),
    ("constitution", "CON"),
    ("intelligence", "INT"),
    ("wisdom", "WIS"),
    ("charisma", "CHA"),
];

/// The monsters of one value of a file, each read or why not and handed to `take`: a list's
/// element, or the whole file when it is one monster or an Open5e page (whose results are
/// read as they are taken out of it).
pub(super) fn each(item: Item, take: &mut dyn FnMut(Result<ForeignCreature, String>)) {
    match item {
        Item::Element(m) => take(monster(&m)),
        Item::Whole(Value::Object(mut map))
            if matches!(map.get("results"), Some(Value::Array(_))) =>
        {
            if let Some(Value::Array(items)) = map.remove("results") {
                for m in items {
                    take(monster(&m));
                }
            }
        }
        Item::Whole(m @ Value::Object(_)) => take(monster(&m)),
        // A lone value that is no object holds no monster.
        Item::Whole(_) => {}
    }
}

/// One monster.
fn monster(value: &Value) -> Result<ForeignCreature, String> {
    let Some(m) = value.as_object() else {
        return Err("is not a monster (a JSON object)".into());
    };
    let name = text_of(m.get("name"));
    if name.is_empty() {
        return Err("has no name".into());
    }
    let mut c = ForeignCreature {
        id: [text_of(m.get("index")), text_of(m.get("slug"))]
            .into_iter()
            .find(|s| !s.is_empty())
            .unwrap_or_default(),
        tags: [text_of(m.get("type"))]
            .into_iter()
            .filter(|t| !t.is_empty())
            .map(|t| t.to_lowercase())
            .collect(),
        name,
        ..ForeignCreature::default()
    };
    if let Some(hp) = m.get("hit_points") {
        c.pieces.push(format!("HP {}", text_of(Some(hp))));
    }
    if let Some(ac) = armor_class(m.get("armor_class")) {
        c.pieces.push(format!("AC {ac}"));
    }
    if let Some(n) = dice_count(&text_of(m.get("hit_dice"))) {
        c.pieces.push(format!("HD {n}"));
    }
    speed(&mut c, m.get("speed"));
    let scores: Vec<String> = ABILITIES
        .iter()
        .filter_map(|(key, label)| m.get(*key).map(|v| format!("{label} {}", text_of(Some(v)))))
        .collect();
    if !scores.is_empty() {
        c.notes.push(scores.join(", "));
    }
    let mut bonus_given = false;
    for action in list(m, "actions") {
        let name = text_of(action.get("name"));
        let desc = text_of(action.get("desc"));
        c.add_action(&name, &desc, structured_attack(action, &name, &desc), &mut bonus_given);
    }
    for key in ["special_abilities", "bonus_actions", "reactions", "legendary_actions"] {
        for item in list(m, key) {
            c.notes.push(described(&text_of(item.get("name")), &text_of(item.get("desc"))));
        }
    }
    labelled_notes(&mut c, m);
    let desc = text_of(m.get("desc"));
    if !desc.is_empty() {
        c.notes.push(desc);
    }
    Ok(c)
}

/// The walking speed as a piece ("Speed 30"); every speed in the notes when there are several.
fn speed(c: &mut ForeignCreature, speed: Option<&Value>) {
    match speed {
        Some(Value::Object(speeds)) => {
            if let Some(n) = speeds.get("walk").and_then(|w| first_number(&text_of(Some(w)))) {
                c.pieces.push(format!("Speed {n}"));
            }
            let all: Vec<String> =
                speeds.iter().map(|(k, v)| format!("{k} {}", text_of(Some(v)))).collect();
            if all.len() > 1 {
                c.notes.push(format!("Speed: {}", all.join(", ")));
            }
        }
        Some(other) => {
            if let Some(n) = first_number(&text_of(Some(other))) {
                c.pieces.push(format!("Speed {n}"));
            }
        }
        None => {}
    }
}

/// Vulnerabilities, resistances, immunities, languages and the challenge, each a line of the
/// notes under its label.
fn labelled_notes(c: &mut ForeignCreature, m: &Map<String, Value>) {
    for (key, label) in [
        ("damage_vulnerabilities", "Vulnerable to"),
        ("damage_resistances", "Resists"),
        ("damage_immunities", "Immune to"),
        ("languages", "Languages"),
        ("challenge_rating", "Challenge"),
    ] {
        let text = match m.get(key) {
            Some(Value::Array(items)) => items
                .iter()
                .map(|i| text_of(Some(i)))
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(", "),
            other => text_of(other),
        };
        if !text.is_empty() {
            c.notes.push(format!("{label}: {text}"));
        }
    }
}

/// The armour class: a number (Open5e) or the first of a list of `{"value": n}` (5e-API).
fn armor_class(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::Array(items) => items.first().map(|a| text_of(a.get("value"))),
        other => Some(text_of(Some(other))),
    }
    .filter(|s| !s.is_empty())
}

/// A list of objects.
fn list<'a>(m: &'a Map<String, Value>, key: &str) -> Vec<&'a Map<String, Value>> {
    m.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .collect()
}
