//! Fantasy Statblocks (the Obsidian plugin of the Initiative Tracker's users), in and out: its
//! creatures are YAML, in ` ```statblock ` fences of a note or a YAML file of one creature or a
//! list of them (`name`, `ac`, `hp`, `hit_dice`, `speed`, `stats`, `traits` and `actions` as
//! `{name, desc}` or `[name, desc]`, ...).
//!
//! In: HP, AC, the first speed, the hit dice's count, an attack per action that is one (its
//! `damage_dice` and `damage_bonus`, or its text the SRD way), the first attack's bonus; the
//! type as a tag; the rest in words in the notes. A fence that only names one of the plugin's
//! own creatures (`monster: Goblin`) holds no stats: it is left out, said so. Out
//! ([`super::fantasy_statblocks_note`]): a note of fences, one a creature, with Fray's other
//! values in a trait named "Fray".

use super::gather::Gather;
use super::outgoing::{FRAY_TEXT_TRAIT, FRAY_TRAIT, text_pairs};
use super::yaml;
use super::{ForeignCreature, described, dice_count, first_number, structured_attack, text_of};
use crate::exchange::problem::{ImportProblem, Problems};
use crate::exchange::strict::{Duplicate, Item};
use serde_json::{Map, Value};

/// The trait Fray writes its notes into (read back as the notes, word for word).
pub(super) const NOTES_TRAIT: &str = "Notes";

/// The key of the uid Fray writes with each creature: the entry it came from.
pub(super) const FRAY_ID: &str = "fray_id";

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
    // Each value is looked at and let go, never the whole file's held at once.
    let mut kinds = Kinds { met: 0, all: true };
    match yaml::read_each(text, &mut kinds) {
        Ok(_) => kinds.met > 0 && kinds.all,
        Err(refusal) => key == "name" || refusal.is_bound(),
    }
}

/// How many values a YAML text holds, and whether all are creatures.
struct Kinds {
    met: usize,
    all: bool,
}

impl yaml::Sink for Kinds {
    fn item(&mut self, item: Item, _: &[Duplicate]) {
        self.met += 1;
        self.all &= is_creature(item.value());
    }

    fn restart(&mut self) {
        *self = Kinds { met: 0, all: true };
    }
}

/// The creatures of a YAML text, gathered as they are met.
struct Creatures<'g, 'a>(&'g mut Gather<'a>);

impl yaml::Sink for Creatures<'_, '_> {
    fn item(&mut self, item: Item, twice: &[Duplicate]) {
        self.0.twice(&item, twice);
        self.0.creature(creature(item.value()));
    }

    fn restart(&mut self) {
        self.0.restart();
    }
}

/// Whether a YAML value is a creature of the plugin's: a name and a stat.
fn is_creature(value: &Value) -> bool {
    value.get("name").is_some()
        && ["hp", "ac", "stats", "actions"].iter().any(|k| value.get(*k).is_some())
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

/// The creatures of a file (named `file` in messages), each read or why not and gathered as
/// it is met. A YAML file (no fences) that does not read is refused whole, and one that gives
/// a key twice is refused for it; in a note, such a fence is left out, said so.
pub(super) fn read(file: &str, text: &str, gather: &mut Gather) -> Result<(), Problems> {
    let fenced = sources(text);
    if fenced.is_empty() {
        let twice = yaml::read_each(text, &mut Creatures(gather))
            .map_err(|r| ImportProblem::file(file, r.to_string()))?;
        gather.twice_in_all(twice);
        return Ok(());
    }
    for yaml in &fenced {
        gather.creature(match yaml::read(yaml) {
            Ok((value, twice, _)) => match twice.first() {
                None => creature(&value),
                Some(d) if d.path.is_empty() => Err(format!("has the key '{}' twice", d.key)),
                Some(d) => Err(format!("has the key '{}' twice (in '{}')", d.key, d.path)),
            },
            Err(refusal) => Err(refusal.to_string()),
        });
    }
    Ok(())
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
        // The uid Fray wrote (two creatures of one name stay two).
        id: text_of(m.get(FRAY_ID)),
        ..ForeignCreature::default()
    };
    let fray = list(m, "traits").into_iter().find(|(n, _, _)| n == FRAY_TRAIT);
    if let Some((_, content, _)) = &fray {
        c.pieces.extend(super::outgoing::fray_pieces(content));
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
                FRAY_TEXT_TRAIT if *key == "traits" => c.texts = text_pairs(&desc),
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
