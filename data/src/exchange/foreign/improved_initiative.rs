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

use super::outgoing::{FRAY_TEXT_TRAIT, FRAY_TRAIT, NOT_SET, Outgoing, text_pairs};
use super::{ForeignCreature, described, dice_count, first_number, srd_attack, text_of};
use crate::exchange::CreatureEntry;
use crate::exchange::strict::Item;
use fray_app::system::UnknownSystem;
use serde_json::{Map, Value, json};

/// The ability scores in Improved Initiative's order, with the labels a book prints.
const ABILITIES: &[(&str, &str)] = &[
    ("Str", "STR"),
    ("Dex", "DEX"),
    ("Con", "CON"),
    ("Int", "INT"),
    ("Wis", "WIS"),
    ("Cha", "CHA"),
];

/// The stat blocks of one value of a file, each read or why not and handed to `take`: a
/// list's element, or the whole file when it is one stat block or the whole-library export
/// (whose `Creatures.` entries are read as they are taken out of it, in key order).
pub(super) fn each(item: Item, take: &mut dyn FnMut(Result<ForeignCreature, String>)) {
    match item {
        Item::Element(block) => take(creature(&block)),
        Item::Whole(Value::Object(map)) if !map.contains_key("HP") => {
            for (_, block) in map.into_iter().filter(|(k, _)| k.starts_with("Creatures.")) {
                take(creature(&block));
            }
        }
        Item::Whole(block @ Value::Object(_)) => take(creature(&block)),
        // A lone value that is no object holds no stat block.
        Item::Whole(_) => {}
    }
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
        c.pieces.extend(super::outgoing::fray_pieces(content));
    }
    if let Some((_, content)) =
        list(block, "Traits").into_iter().find(|(n, _)| n == FRAY_TEXT_TRAIT)
    {
        c.texts = text_pairs(&content);
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
    // The Fray trait holds the attacks whole; the actions Fray wrote are for the tool's readers.
    let actions = if fray.is_some() { Vec::new() } else { list(block, "Actions") };
    for (name, content) in actions {
        c.add_action(&name, &content, srd_attack(&name, &content), &mut bonus_given);
    }
    for key in ["Traits", "BonusActions", "Reactions", "LegendaryActions", "MythicActions"] {
        let ours = |n: &str| n == FRAY_TRAIT || n == FRAY_TEXT_TRAIT;
        for (name, content) in list(block, key).into_iter().filter(|(n, _)| !ours(n)) {
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
/// Refused when a creature names a system Fray does not know.
pub fn improved_initiative_file(creatures: &[CreatureEntry]) -> Result<Value, UnknownSystem> {
    let mut out = Map::new();
    // Numbered to the same width, so that their keys sort in the library's order.
    let width = creatures.len().saturating_sub(1).to_string().len();
    for (i, c) in creatures.iter().enumerate() {
        let id = format!("fray{i:0width$}");
        out.insert(format!("Creatures.{id}"), stat_block(&id, c)?);
    }
    Ok(Value::Object(out))
}

/// One Fray creature as an Improved Initiative stat block.
fn stat_block(id: &str, c: &CreatureEntry) -> Result<Value, UnknownSystem> {
    let out = Outgoing::of(c)?;
    let actions: Vec<Value> = out
        .attacks
        .iter()
        .map(|a| json!({"Name": a.name, "Content": a.sentence(out.bonus), "Usage": ""}))
        .collect();
    let mut traits: Vec<Value> = out
        .rest_line()
        .map(|rest| vec![json!({"Name": FRAY_TRAIT, "Content": rest, "Usage": ""})])
        .unwrap_or_default();
    if let Some(lines) = out.text_lines() {
        traits.push(json!({"Name": FRAY_TEXT_TRAIT, "Content": lines, "Usage": ""}));
    }
    let marked = |v: Option<i64>| if v.is_some() { "" } else { NOT_SET };
    Ok(json!({
        "Id": id,
        "Name": c.name,
        "Path": "",
        "Source": "Fray",
        "Type": c.tags.join(", "),
        "HP": {"Value": out.hp.unwrap_or(1), "Notes": marked(out.hp)},
        "AC": {"Value": out.ac.unwrap_or(10), "Notes": marked(out.ac)},
        "InitiativeModifier": 0,
        "Speed": out.speed.map(|s| vec![format!("{s} ft.")]).unwrap_or_default(),
        "Abilities": {"Str": 10, "Dex": 10, "Con": 10, "Int": 10, "Wis": 10, "Cha": 10},
        "DamageVulnerabilities": [], "DamageResistances": [], "DamageImmunities": [],
        "ConditionImmunities": [], "Saves": [], "Skills": [], "Senses": [], "Languages": [],
        "Challenge": "",
        "Traits": traits,
        "Actions": actions,
        "Reactions": [], "LegendaryActions": [],
        "Description": out.notes,
        "Player": "",
        "ImageURL": "",
    }))
}
