//! Improved Initiative's stat blocks, in and out. Its files are a list of stat blocks (its
//! bundled creatures, its sample players), one stat block, or its whole-library export, whose
//! keys are `Creatures.<id>` (and `PersistentCharacters.`, `Spells.`... which hold no
//! creature).
//!
//! In: HP, AC, the first speed, the hit dice's count, an attack per action the SRD way
//! ("Melee Weapon Attack: +4 to hit ... Hit: 5 (1d6 + 2) slashing damage."), the first
//! attack's bonus; the type as tags; everything else in words in the notes. Out: the same
//! fields, and every other number, dice and flag of the Fray block printed in a trait named
//! "Fray", which Fray reads back as pieces, so a Fray file sent through Improved Initiative
//! comes back whole.

use super::{ForeignCreature, described, dice_count, first_number, srd_attack, text_of};
use crate::exchange::CreatureEntry;
use crate::exchange::csv::names;
use fray_app::system::schema::{self, Field, Kind};
use serde_json::{Map, Value, json};

/// The trait holding what Improved Initiative has no place for.
const FRAY_TRAIT: &str = "Fray";

/// The notes of an HP or AC Fray's block leaves blank.
const NOT_SET: &str = "(not set in Fray)";

/// The ability scores in Improved Initiative's order, with the labels a book prints.
const ABILITIES: &[(&str, &str)] = &[
    ("Str", "STR"),
    ("Dex", "DEX"),
    ("Con", "CON"),
    ("Int", "INT"),
    ("Wis", "WIS"),
    ("Cha", "CHA"),
];

/// The stat blocks of a file, each read or why not.
pub(super) fn creatures(value: &Value) -> Vec<Result<ForeignCreature, String>> {
    let blocks: Vec<&Value> = match value {
        Value::Array(items) => items.iter().collect(),
        Value::Object(map) if map.contains_key("HP") => vec![value],
        Value::Object(map) => {
            map.iter().filter(|(k, _)| k.starts_with("Creatures.")).map(|(_, v)| v).collect()
        }
        _ => Vec::new(),
    };
    blocks.into_iter().map(creature).collect()
}

/// One stat block.
fn creature(block: &Value) -> Result<ForeignCreature, String> {
    let Some(block) = block.as_object() else {
        return Err("is not a stat block (a JSON object)".into());
    };
    let name = text_of(block.get("Name"));
    if name.is_empty() {
        return Err("has no Name".into());
    }
    let mut c = ForeignCreature {
        id: text_of(block.get("Id")),
        tags: text_of(block.get("Type"))
            .split(',')
            .map(|t| t.trim().to_lowercase())
            .filter(|t| !t.is_empty())
            .collect(),
        name,
        ..ForeignCreature::default()
    };
    // A trait Fray wrote holds the rest of a Fray block: its pieces are the block's own.
    let fray = list(block, "Traits").into_iter().find(|(n, _)| n == FRAY_TRAIT);
    if let Some((_, content)) = &fray {
        c.pieces.extend(crate::exchange::paste::items(content));
    }
    for (key, label) in [("HP", "HP"), ("AC", "AC")] {
        // Fray writes a value its block leaves blank as Improved Initiative's default, so
        // marked: it stays blank coming back.
        if block.get(key).is_some_and(|v| text_of(v.get("Notes")) == NOT_SET) {
            continue;
        }
        if let Some(v) = block.get(key).and_then(|v| v.get("Value")) {
            c.pieces.push(format!("{label} {}", text_of(Some(v))));
        }
    }
    let hp_notes = block.get("HP").map(|v| text_of(v.get("Notes"))).unwrap_or_default();
    if let Some(n) = dice_count(&hp_notes) {
        c.pieces.push(format!("HD {n}"));
    }
    let speeds = strings(block, "Speed");
    if let Some(n) = speeds.first().and_then(|s| first_number(s)) {
        c.pieces.push(format!("Speed {n}"));
    }
    if speeds.len() > 1 {
        c.notes.push(format!("Speed: {}", speeds.join(", ")));
    }
    abilities(block, &mut c);
    let mut bonus_given = fray.is_some();
    for (name, content) in list(block, "Actions") {
        match srd_attack(&name, &content) {
            Some((piece, bonus, more)) => {
                if let (Some(bonus), false) = (bonus, bonus_given) {
                    c.pieces.push(format!("Attack bonus {bonus}"));
                    bonus_given = true;
                }
                c.pieces.push(piece);
                if more {
                    c.notes.push(described(&name, &content));
                }
            }
            None => c.notes.push(described(&name, &content)),
        }
    }
    for key in ["Traits", "BonusActions", "Reactions", "LegendaryActions", "MythicActions"] {
        for (name, content) in list(block, key).into_iter().filter(|(n, _)| n != FRAY_TRAIT) {
            c.notes.push(described(&name, &content));
        }
    }
    words(block, &mut c);
    Ok(c)
}

/// The ability scores: a line of the notes, unless all six are Improved Initiative's
/// default 10 (no scores given).
fn abilities(block: &Map<String, Value>, c: &mut ForeignCreature) {
    let Some(scores) = block.get("Abilities") else { return };
    let line: Vec<(String, String)> = ABILITIES
        .iter()
        .map(|(key, label)| ((*label).to_owned(), text_of(scores.get(*key))))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    if line.iter().all(|(_, v)| v == "10") {
        return;
    }
    c.notes.push(line.iter().map(|(l, v)| format!("{l} {v}")).collect::<Vec<_>>().join(", "));
}

/// Saves, skills, senses, languages, damage and condition lists, challenge and description:
/// a line of the notes each, when given.
fn words(block: &Map<String, Value>, c: &mut ForeignCreature) {
    for (key, label) in [("Saves", "Saves"), ("Skills", "Skills")] {
        let items: Vec<String> = block
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|s| {
                format!(
                    "{} {:+}",
                    text_of(s.get("Name")),
                    s.get("Modifier").and_then(Value::as_i64).unwrap_or(0)
                )
            })
            .collect();
        if !items.is_empty() {
            c.notes.push(format!("{label}: {}", items.join(", ")));
        }
    }
    for (key, label) in [
        ("DamageVulnerabilities", "Vulnerable to"),
        ("DamageResistances", "Resists"),
        ("DamageImmunities", "Immune to"),
        ("ConditionImmunities", "Never"),
        ("Senses", "Senses"),
        ("Languages", "Languages"),
    ] {
        let items = strings(block, key);
        if !items.is_empty() {
            c.notes.push(format!("{label}: {}", items.join(", ")));
        }
    }
    let challenge = text_of(block.get("Challenge"));
    if !challenge.is_empty() {
        c.notes.push(format!("Challenge {challenge}"));
    }
    let description = text_of(block.get("Description"));
    if !description.is_empty() {
        c.notes.push(description);
    }
}

/// A list of strings.
fn strings(block: &Map<String, Value>, key: &str) -> Vec<String> {
    block
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|v| text_of(Some(v)))
        .filter(|s| !s.is_empty())
        .collect()
}

/// A list of `{Name, Content}`.
fn list(block: &Map<String, Value>, key: &str) -> Vec<(String, String)> {
    block
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|v| (text_of(v.get("Name")), text_of(v.get("Content"))))
        .filter(|(n, c)| !n.is_empty() || !c.is_empty())
        .collect()
}

/// Creatures as Improved Initiative's whole-library export (`{"Creatures.<id>": {...}}`), which
/// its *Import all and add* reads.
pub fn improved_initiative_file(creatures: &[CreatureEntry]) -> Value {
    let mut out = Map::new();
    for (i, c) in creatures.iter().enumerate() {
        let id = format!("fray{i}");
        out.insert(format!("Creatures.{id}"), stat_block(&id, c));
    }
    Value::Object(out)
}

/// One Fray creature as an Improved Initiative stat block.
fn stat_block(id: &str, c: &CreatureEntry) -> Value {
    let fields: Vec<&Field> = fray_app::system::by_id(&c.system)
        .map(|s| s.block_schema().fields_for(false).collect())
        .unwrap_or_default();
    let find = |word: &str| {
        fields.iter().find(|f| takes_number(f) && names(word, f.key, f.label)).copied()
    };
    let (hp, ac, speed, bonus) = (find("HP"), find("AC"), find("Move"), find("Attack bonus"));
    // A track shows its top ("13" of 13 HP), a whole number itself.
    let value = |f: Option<&Field>| {
        f.and_then(|f| f.kind.show(schema::get(&c.block, f.key)).parse::<i64>().ok())
    };
    let bonus_value = value(bonus).unwrap_or(0);
    let mut actions = Vec::new();
    let mut rest = Vec::new();
    // The first list is the attacks (the one a printed block's items fill); another (d12's
    // spells) has no place in Improved Initiative and is not written.
    let attacks = fields.iter().find(|f| matches!(f.kind, Kind::List { .. })).map(|f| f.key);
    for f in &fields {
        let shown = schema::get(&c.block, f.key);
        match f.kind {
            Kind::List { item, .. } if Some(f.key) == attacks => {
                for attack in shown.and_then(Value::as_array).into_iter().flatten() {
                    actions.push(action(item, attack, bonus_value));
                }
            }
            Kind::Whole { .. } | Kind::Track { .. } | Kind::Dice
                if ![hp, ac, speed].iter().flatten().any(|t| t.key == f.key) =>
            {
                let text = f.kind.show(shown);
                if !text.is_empty() {
                    rest.push(format!("{} {text}", plain_label(f)));
                }
            }
            Kind::Flag if shown.and_then(Value::as_bool) == Some(true) => {
                rest.push(plain_label(f).to_owned());
            }
            _ => {}
        }
    }
    let notes = fields
        .iter()
        .find(|f| matches!(f.kind, Kind::Text { multiline: true }))
        .map(|f| f.kind.show(schema::get(&c.block, f.key)))
        .unwrap_or_default();
    let traits: Vec<Value> = if rest.is_empty() {
        Vec::new()
    } else {
        vec![json!({"Name": FRAY_TRAIT, "Content": rest.join(", "), "Usage": ""})]
    };
    json!({
        "Id": id,
        "Name": c.name,
        "Path": "",
        "Source": "Fray",
        "Type": c.tags.join(", "),
        "HP": {"Value": value(hp).unwrap_or(1), "Notes": if value(hp).is_some() { "" } else { NOT_SET }},
        "AC": {"Value": value(ac).unwrap_or(10), "Notes": if value(ac).is_some() { "" } else { NOT_SET }},
        "InitiativeModifier": 0,
        "Speed": value(speed).map(|s| vec![format!("{s} ft.")]).unwrap_or_default(),
        "Abilities": {"Str": 10, "Dex": 10, "Con": 10, "Int": 10, "Wis": 10, "Cha": 10},
        "DamageVulnerabilities": [], "DamageResistances": [], "DamageImmunities": [],
        "ConditionImmunities": [], "Saves": [], "Skills": [], "Senses": [], "Languages": [],
        "Challenge": "",
        "Traits": traits,
        "Actions": actions,
        "Reactions": [], "LegendaryActions": [],
        "Description": notes,
        "Player": "",
        "ImageURL": "",
    })
}

/// An attack as an action the SRD way: "Melee Weapon Attack: +2 to hit, one target. Hit: (d8)
/// damage."
fn action(item: &[Field], attack: &Value, bonus: i64) -> Value {
    let name = text_of(schema::get(attack, "name"));
    let damage = item
        .iter()
        .find(|f| f.key != "name" && f.required)
        .map(|f| match f.kind {
            Kind::Dice => f.kind.show(schema::get(attack, f.key)),
            _ => format!("d{}", f.kind.show(schema::get(attack, f.key))),
        })
        .unwrap_or_default();
    // Its first trait or tag is the damage's type, as the SRD prints one ("piercing").
    let kind = item
        .iter()
        .find(|f| matches!(f.kind, Kind::Words))
        .and_then(|f| schema::get(attack, f.key))
        .and_then(Value::as_array)
        .and_then(|words| words.first())
        .map(|w| text_of(Some(w)))
        .filter(|w| !w.is_empty() && w.chars().all(char::is_alphabetic))
        .map(|w| format!("{w} "))
        .unwrap_or_default();
    let content =
        format!("Melee Weapon Attack: {bonus:+} to hit, one target. Hit: ({damage}) {kind}damage.");
    json!({"Name": name, "Content": content, "Usage": ""})
}

/// Whether a field holds a number.
fn takes_number(f: &Field) -> bool {
    matches!(f.kind, Kind::Whole { .. } | Kind::Track { .. })
}

/// A field's label without its unit ("Move (ft)" is "Move"): the words the piece reader
/// matches, a parenthesis being where it looks for dice and tags.
fn plain_label(f: &Field) -> &str {
    f.label.split(" (").next().unwrap_or(f.label).trim()
}
