//! What an import does to one entry the library already has, field by field, in the GM's
//! words: `HP 7 → 9`, `Weapons: 2 → 1 items (removes 1)`, `kept: Weapons, portrait`. Also the
//! merge of a partial file (a spreadsheet) over the library's entries.

use super::format::{CharacterEntry, CreatureEntry, Partial};
use fray_app::ids::SystemId;
use fray_app::system::schema;
use serde_json::Value;
use std::collections::BTreeMap;

/// What importing changes in one entry, and what it removes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes {
    /// One line per field that changes, is added or is kept (for a partial file).
    pub lines: Vec<String>,
    /// The fields (or list items) the import deletes: shown before *Import*.
    pub removes: Vec<String>,
}

/// The parts of an entry that are compared.
pub(crate) struct Side<'a> {
    pub name: &'a str,
    pub tags: &'a [String],
    pub block: &'a Value,
    pub portrait: Option<&'a str>,
}

impl<'a> Side<'a> {
    /// A creature's parts.
    pub fn creature(c: &'a CreatureEntry) -> Self {
        Side { name: &c.name, tags: &c.tags, block: &c.block, portrait: c.portrait.as_deref() }
    }

    /// A character's parts.
    pub fn character(c: &'a CharacterEntry) -> Self {
        Side { name: &c.name, tags: &c.tags, block: &c.sheet, portrait: c.portrait.as_deref() }
    }
}

/// A creature of a partial file laid over the library's entry: the file's fields (and tags,
/// when it fills them) replace the stored ones, everything else is kept.
pub(crate) fn merge(
    stored: &CreatureEntry,
    file: &CreatureEntry,
    partial: &Partial,
) -> CreatureEntry {
    let mut out = stored.clone();
    out.name.clone_from(&file.name);
    if partial.tags {
        out.tags.clone_from(&file.tags);
    }
    for key in &partial.keys {
        schema::set(&mut out.block, key, schema::get(&file.block, key).cloned());
    }
    out
}

/// The changes from `was` to `now` for an entry of `system` (a character sheet when
/// `character`); with `partial`, the fields the file does not fill are listed as kept.
pub(crate) fn changes(
    system: SystemId,
    character: bool,
    was: &Side,
    now: &Side,
    partial: Option<&Partial>,
) -> Changes {
    let mut out = Changes::default();
    if was.name != now.name {
        out.lines.push(format!("Name: {} → {}", was.name, now.name));
    }
    if was.tags != now.tags {
        out.lines.push(format!("Tags: {} → {}", words(was.tags), words(now.tags)));
    }
    let fields = fields(system, character);
    let label = |path: &str| {
        fields.iter().find(|(k, _)| k == path).map_or_else(|| path.to_owned(), |(_, l)| l.clone())
    };
    // In the order of the schema's fields (as the editor shows them), then the others.
    let rank = |path: &str| {
        fields
            .iter()
            .position(|(k, _)| path == k || path.starts_with(&format!("{k}.")))
            .unwrap_or(usize::MAX)
    };
    let (old, new) = (flatten(was.block), flatten(now.block));
    let mut paths: Vec<&String> =
        old.keys().chain(new.keys().filter(|k| !old.contains_key(*k))).collect();
    paths.sort_by_key(|p| (rank(p), p.as_str()));
    let mut kept = Vec::new();
    for path in paths {
        let (a, b) = (old.get(path), new.get(path));
        let owned = partial
            .is_none_or(|p| p.keys.iter().any(|k| path == k || path.starts_with(&format!("{k}."))));
        match (a, b) {
            (Some(a), Some(b)) if a == b => {
                if !owned {
                    kept.push(label(path));
                }
            }
            (Some(a), None) => {
                out.lines.push(format!("{}: {} removed", label(path), short(a)));
                out.removes.push(format!("{} ({})", label(path), short(a)));
            }
            (None, Some(b)) => out.lines.push(format!("{}: {} added", label(path), short(b))),
            (Some(Value::Array(a)), Some(Value::Array(b))) if b.len() < a.len() => {
                let gone = a.len() - b.len();
                out.lines.push(format!("{}: {} → {} items", label(path), a.len(), b.len()));
                out.removes.push(format!("{} ({gone} of {})", label(path), a.len()));
            }
            // Numbers read `HP 7 → 9`; words need the colon: `Notes: old → new`.
            (Some(a), Some(b)) if a.is_number() && b.is_number() => {
                out.lines.push(format!("{} {} → {}", label(path), short(a), short(b)))
            }
            (Some(a), Some(b)) => {
                out.lines.push(format!("{}: {} → {}", label(path), short(a), short(b)))
            }
            (None, None) => {}
        }
    }
    match (was.portrait, now.portrait) {
        (Some(_), None) => {
            out.lines.push("Portrait removed".into());
            out.removes.push("portrait".into());
        }
        (None, Some(_)) => out.lines.push("Portrait added".into()),
        (Some(a), Some(b)) if a != b => out.lines.push("Portrait replaced".into()),
        (Some(_), Some(_)) if partial.is_some() => kept.push("portrait".into()),
        _ => {}
    }
    if !kept.is_empty() {
        out.lines.push(format!("kept: {}", kept.join(", ")));
    }
    out
}

/// The system's fields, `(key, label)`, in the schema's order.
fn fields(system: SystemId, character: bool) -> Vec<(String, String)> {
    system
        .system()
        .block_schema()
        .fields_for(character)
        .map(|f| (f.key.to_owned(), f.label.to_owned()))
        .collect()
}

/// Leaves of a block by dotted path: objects are opened, lists and values are leaves. A track
/// object (`{"value": 3, "max": 7}`) is one leaf, as the editor shows it.
fn flatten(block: &Value) -> BTreeMap<String, Value> {
    fn walk(prefix: &str, v: &Value, out: &mut BTreeMap<String, Value>) {
        match v {
            Value::Object(o) if !(o.contains_key("max") && o.len() <= 2 && !prefix.is_empty()) => {
                for (k, v) in o {
                    let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                    walk(&path, v, out);
                }
            }
            Value::Null => {}
            other => {
                out.insert(prefix.to_owned(), other.clone());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk("", block, &mut out);
    out
}

/// A value in a few words: `9`, `Chainmail`, `2 items`, `7/9`.
fn short(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(a) if a.iter().all(Value::is_string) => {
            a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")
        }
        Value::Array(a) => format!("{} item{}", a.len(), if a.len() == 1 { "" } else { "s" }),
        Value::Object(o) => match (o.get("value"), o.get("max")) {
            (Some(v), Some(m)) => format!("{v}/{m}"),
            (None, Some(m)) => m.to_string(),
            _ => v.to_string(),
        },
        other => other.to_string(),
    }
}

fn words(tags: &[String]) -> String {
    if tags.is_empty() { "(none)".into() } else { tags.join(", ") }
}
