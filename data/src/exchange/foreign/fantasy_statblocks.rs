//! Fantasy Statblocks (the Obsidian plugin of the Initiative Tracker's users), in and out: its
//! creatures are YAML, in ` ```statblock ` fences of a note or a YAML file of one creature or a
//! list of them (`name`, `ac`, `hp`, `hit_dice`, `speed`, `stats`, `traits` and `actions` as
//! `{name, desc}` or `[name, desc]`, ...).
//!
//! In: HP, AC, the first speed, the hit dice's count, an attack per action that is one (its
//! `damage_dice` and `damage_bonus`, or its text the SRD way), the first attack's bonus; the
//! type as a tag; the rest in words in the notes. A fence that only names one of the plugin's
//! own creatures (`monster: Goblin`) holds no stats: it is left out, said so. Out: a note of
//! fences, one a creature, with Fray's other values in a trait named "Fray".

use super::outgoing::{FRAY_TRAIT, Outgoing};
use super::yaml;
use super::{ForeignCreature, described, dice_count, first_number, structured_attack, text_of};
use crate::exchange::CreatureEntry;
use crate::exchange::problem::{ImportProblem, Problems};
use serde_json::{Map, Value};
use serde_norway::{Mapping, Value as YamlValue};

/// The trait Fray writes its notes into (read back as the notes, word for word).
const NOTES_TRAIT: &str = "Notes";

/// The ability scores in the plugin's order.
const ABILITIES: &[&str] = &["STR", "DEX", "CON", "INT", "WIS", "CHA"];

/// The lists of `{name, desc}` a creature may have, and how the notes name them.
const LISTS: &[&str] = &["traits", "actions", "bonus_actions", "reactions", "legendary_actions"];

/// Whether `text` is Fantasy Statblocks': a note with a statblock fence, or YAML of creatures.
/// YAML that starts as a creature does (`name:`) or that hits a bound of the YAML reader (too
/// deep, an alias bomb) is taken as this format even though it will be refused: re-read as
/// stat blocks as printed, its keys would come in as creatures named "name" and "ac".
pub(super) fn holds(text: &str) -> bool {
    if text.lines().any(|l| fence_open(l).is_some()) {
        return true;
    }
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    let key = first.and_then(|l| {
        let (k, _) = l.trim_start_matches("- ").split_once(':')?;
        (!k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '_')).then_some(k)
    });
    let Some(key) = key else { return false };
    match yaml::read(text) {
        Ok((value, _, _)) => {
            let docs = documents(value);
            docs.is_some_and(|docs| !docs.is_empty() && docs.iter().all(is_creature))
        }
        Err(refusal) => key == "name" || refusal.is_bound(),
    }
}

/// Whether a YAML value is a creature of the plugin's: a name and a stat.
fn is_creature(value: &Value) -> bool {
    value.get("name").is_some()
        && ["hp", "ac", "stats", "actions"].iter().any(|k| value.get(*k).is_some())
}

/// The creatures of a YAML file: one mapping, or a list of them.
fn documents(value: Value) -> Option<Vec<Value>> {
    match value {
        Value::Array(items) => Some(items),
        one @ Value::Object(_) => Some(vec![one]),
        _ => None,
    }
}

/// The opening fence of a statblock: its character and length.
fn fence_open(line: &str) -> Option<(char, usize)> {
    let line = line.trim();
    let c = line.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let n = line.chars().take_while(|x| *x == c).count();
    (n >= 3 && line[n..].trim() == "statblock").then_some((c, n))
}

/// The YAML of each statblock fence of a note, or the file itself when it has none.
fn sources(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut open: Option<(char, usize, String)> = None;
    for line in text.lines() {
        match &mut open {
            None => {
                if let Some((c, n)) = fence_open(line) {
                    open = Some((c, n, String::new()));
                }
            }
            Some((c, n, body)) => {
                let t = line.trim();
                let closing = t.chars().take_while(|x| x == c).count();
                if closing >= *n && t[closing..].trim().is_empty() {
                    out.push(std::mem::take(body));
                    open = None;
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
    }
    if let Some((_, _, body)) = open {
        out.push(body);
    }
    out
}

/// The creatures of a file (named `file` in messages), each read or why not. A YAML file
/// (no fences) that does not read, or gives a key twice, is refused whole; in a note, such a
/// fence is left out, said so.
pub(super) fn creatures(
    file: &str,
    text: &str,
) -> Result<Vec<Result<ForeignCreature, String>>, Problems> {
    let fenced = sources(text);
    if fenced.is_empty() {
        let (value, twice, count) =
            yaml::read(text).map_err(|r| ImportProblem::file(file, r.to_string()))?;
        if !twice.is_empty() {
            return Err(super::repeated(file, &value, &twice, count));
        }
        return Ok(match value {
            Value::Array(items) => items.iter().map(creature).collect(),
            one => vec![creature(&one)],
        });
    }
    Ok(fenced
        .iter()
        .map(|yaml| match yaml::read(yaml) {
            Ok((value, twice, _)) => match twice.first() {
                None => creature(&value),
                Some(d) if d.path.is_empty() => Err(format!("has the key '{}' twice", d.key)),
                Some(d) => Err(format!("has the key '{}' twice (in '{}')", d.key, d.path)),
            },
            Err(refusal) => Err(refusal.to_string()),
        })
        .collect())
}

/// One creature.
fn creature(value: &Value) -> Result<ForeignCreature, String> {
    let Some(m) = value.as_object() else {
        return Err("is not a creature (a YAML mapping)".into());
    };
    let name = text_of(m.get("name"));
    if name.is_empty() {
        return match m.get("monster") {
            Some(v) => Err(format!(
                "only names the plugin's own '{}' (its stats are in the plugin, not the file)",
                text_of(Some(v))
            )),
            None => Err("has no name".into()),
        };
    }
    let mut c = ForeignCreature {
        tags: text_of(m.get("type"))
            .split(',')
            .map(|t| t.trim().to_lowercase())
            .filter(|t| !t.is_empty())
            .collect(),
        name,
        ..ForeignCreature::default()
    };
    let fray = list(m, "traits").into_iter().find(|(n, _, _)| n == FRAY_TRAIT);
    if let Some((_, content, _)) = &fray {
        c.pieces.extend(crate::exchange::paste::items(content));
    }
    // "hp: 7 (2d6)" gives both; "hit_dice" may say them too.
    let hp = text_of(m.get("hp"));
    if let Some(n) = first_number(&hp) {
        c.pieces.push(format!("HP {n}"));
    }
    if let Some(n) = first_number(&text_of(m.get("ac"))) {
        c.pieces.push(format!("AC {n}"));
    }
    let dice = [
        text_of(m.get("hit_dice")),
        hp.split_once('(').map(|(_, d)| d.to_owned()).unwrap_or_default(),
    ];
    if let Some(n) = dice.iter().find_map(|d| dice_count(d)) {
        c.pieces.push(format!("HD {n}"));
    }
    let speed = text_of(m.get("speed"));
    if let Some(n) = first_number(&speed) {
        c.pieces.push(format!("Speed {n}"));
    }
    if speed.contains(',') {
        c.notes.push(format!("Speed: {speed}"));
    }
    if let Some(Value::Array(scores)) = m.get("stats") {
        let line: Vec<String> = ABILITIES
            .iter()
            .zip(scores)
            .map(|(l, v)| format!("{l} {}", text_of(Some(v))))
            .collect();
        c.notes.push(line.join(", "));
    }
    let mut bonus_given = fray.is_some();
    // The Fray trait holds the attacks whole; the actions Fray wrote are for the plugin's readers.
    let actions = if fray.is_some() { Vec::new() } else { list(m, "actions") };
    for (name, desc, action) in actions {
        c.add_action(&name, &desc, structured_attack(&action, &name, &desc), &mut bonus_given);
    }
    for key in LISTS.iter().filter(|k| **k != "actions") {
        for (name, desc, _) in list(m, key) {
            match name.as_str() {
                FRAY_TRAIT => {}
                NOTES_TRAIT if *key == "traits" => c.notes.push(desc),
                _ => c.notes.push(described(&name, &desc)),
            }
        }
    }
    words(m, &mut c);
    Ok(c)
}

/// Saves, skills, spells, senses, languages, damage and condition lists and challenge: a
/// line of the notes each, when given.
fn words(m: &Map<String, Value>, c: &mut ForeignCreature) {
    for (key, label) in [("saves", "Saves"), ("skillsaves", "Skills")] {
        let items: Vec<String> = m
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_object)
            .flat_map(|o| o.iter().map(|(k, v)| format!("{k} {}", text_of(Some(v)))))
            .collect();
        if !items.is_empty() {
            c.notes.push(format!("{label}: {}", items.join(", ")));
        }
    }
    if let Some(Value::Array(spells)) = m.get("spells") {
        for spell in spells {
            match spell {
                Value::Object(o) => {
                    c.notes.extend(o.iter().map(|(k, v)| format!("{k}: {}", text_of(Some(v)))))
                }
                other => c.notes.push(text_of(Some(other))),
            }
        }
    }
    for (key, label) in [
        ("damage_vulnerabilities", "Vulnerable to"),
        ("damage_resistances", "Resists"),
        ("damage_immunities", "Immune to"),
        ("condition_immunities", "Never"),
        ("senses", "Senses"),
        ("languages", "Languages"),
        ("cr", "Challenge"),
    ] {
        let text = text_of(m.get(key));
        if !text.is_empty() {
            c.notes.push(format!("{label}: {text}"));
        }
    }
}

/// A list of `{name, desc, ...}` (or `[name, desc]`, the plugin's older way): name, text and
/// the whole entry.
fn list(m: &Map<String, Value>, key: &str) -> Vec<(String, String, Map<String, Value>)> {
    m.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|item| match item {
            Value::Object(o) => Some((text_of(o.get("name")), text_of(o.get("desc")), o.clone())),
            Value::Array(pair) => Some((text_of(pair.first()), text_of(pair.get(1)), Map::new())),
            _ => None,
        })
        .filter(|(n, d, _)| !n.is_empty() || !d.is_empty())
        .collect()
}

/// Creatures as a Fantasy Statblocks note: a heading and a statblock fence each.
///
/// The note must stay inert in any Markdown renderer, even one that knows no fences
/// (python-markdown without extensions renders a fence's lines as paragraphs, raw HTML and
/// all): every text is written as a YAML double-quoted string ([`yaml_text`]) in which each
/// character that could open a tag, an entity, a link or a code span (`<`, `>`, `&`, `[`,
/// `]`, a backtick) is a `\u` escape. The plugin reads the same text back; no renderer
/// sees an element, and no backtick inside can close the fence early.
pub fn fantasy_statblocks_note(creatures: &[CreatureEntry]) -> String {
    let mut out = String::from("# Fray bestiary\n\n");
    for c in creatures {
        out += &format!("## {}\n\n```statblock\n", crate::exchange::markdown::escape(&c.name));
        write_yaml(&mut out, &statblock(c));
        out += "```\n\n";
    }
    out
}

/// A creature's mapping as YAML: a line a key, a list's items as `- {...}` lines.
fn write_yaml(out: &mut String, value: &YamlValue) {
    let YamlValue::Mapping(m) = value else { return };
    for (key, value) in m {
        // Fray's own keys (`name`, `hp`) plain, as the plugin's users write them.
        match key {
            YamlValue::String(k) if k.chars().all(|c| c.is_ascii_lowercase() || c == '_') => {
                out.push_str(k);
            }
            other => out.push_str(&inline(other)),
        }
        out.push(':');
        match value {
            YamlValue::Sequence(items) => {
                out.push('\n');
                for item in items {
                    out.push_str("  - ");
                    out.push_str(&inline(item));
                    out.push('\n');
                }
            }
            other => {
                out.push(' ');
                out.push_str(&inline(other));
                out.push('\n');
            }
        }
    }
}

/// A value on one line, in YAML's flow style: texts as [`yaml_text`], numbers as they are.
fn inline(value: &YamlValue) -> String {
    match value {
        YamlValue::String(s) => yaml_text(s),
        YamlValue::Number(n) => n.to_string(),
        YamlValue::Bool(b) => b.to_string(),
        YamlValue::Mapping(m) => {
            let pairs: Vec<String> =
                m.iter().map(|(k, v)| format!("{}: {}", inline(k), inline(v))).collect();
            format!("{{{}}}", pairs.join(", "))
        }
        YamlValue::Sequence(items) => {
            let items: Vec<String> = items.iter().map(inline).collect();
            format!("[{}]", items.join(", "))
        }
        YamlValue::Null | YamlValue::Tagged(_) => "null".into(),
    }
}

/// `text` as a YAML double-quoted string, inert in Markdown: the characters a renderer would
/// act on, and those YAML wants escaped (controls, line separators), written as `\uXXXX`.
fn yaml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '<' | '>' | '&' | '[' | ']' | '`' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if c.is_control()
                || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}') =>
            {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One creature as the plugin's YAML, its keys in the plugin's order (the name first).
fn statblock(c: &CreatureEntry) -> YamlValue {
    let out = Outgoing::of(c);
    let entry = |name: &str, desc: &str| {
        let mut m = Mapping::new();
        m.insert("name".into(), name.into());
        m.insert("desc".into(), desc.into());
        YamlValue::Mapping(m)
    };
    let mut traits = Vec::new();
    if let Some(rest) = out.rest_line() {
        traits.push(entry(FRAY_TRAIT, &rest));
    }
    if !out.notes.trim().is_empty() {
        traits.push(entry(NOTES_TRAIT, &out.notes));
    }
    let actions: Vec<YamlValue> =
        out.attacks.iter().map(|a| entry(&a.name, &a.sentence(out.bonus))).collect();
    let mut m = Mapping::new();
    m.insert("name".into(), c.name.as_str().into());
    if !c.tags.is_empty() {
        m.insert("type".into(), c.tags.join(", ").into());
    }
    if let Some(ac) = out.ac {
        m.insert("ac".into(), ac.into());
    }
    if let Some(hp) = out.hp {
        m.insert("hp".into(), hp.into());
    }
    if let Some(speed) = out.speed {
        m.insert("speed".into(), format!("{speed} ft.").into());
    }
    if !traits.is_empty() {
        m.insert("traits".into(), YamlValue::Sequence(traits));
    }
    if !actions.is_empty() {
        m.insert("actions".into(), YamlValue::Sequence(actions));
    }
    YamlValue::Mapping(m)
}
