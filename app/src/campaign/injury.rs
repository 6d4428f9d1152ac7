//! A lasting injury read back from the roll table it came from: its table, row and text, and
//! the conditions the row put on the token beside its name. Shared by the procedures whose
//! injuries are rows of the GM's tables (d12 combat injuries, Murdham's saved-from-death
//! roll).

use super::condition::Lasting;
use crate::checks::{Effect, TableRow};
use crate::encounter::{Combatant, Encounter, EncounterTable};

/// The row of one of the encounter's tables that names the injury `label`, with its table and
/// the injury's name as the row gives it. A row names its injury by its `injury` field or by
/// the words before its text's first colon.
pub fn row_named<'a>(
    enc: &'a Encounter,
    label: &str,
) -> Option<(&'a EncounterTable, &'a TableRow<Effect>, String)> {
    for t in &enc.tables {
        for row in &t.table.rows {
            let text = &row.result.text;
            let named = row
                .result
                .structured
                .as_ref()
                .and_then(|s| s.get("injury"))
                .and_then(serde_json::Value::as_str)
                .map(str::to_owned)
                .unwrap_or_else(|| text.split(':').next().unwrap_or(text).trim().to_owned());
            if named.eq_ignore_ascii_case(label) {
                return Some((t, row, named));
            }
        }
    }
    None
}

/// The injury `label` as a row of one of the encounter's tables says it, if one does.
pub fn from_tables(enc: &Encounter, who: &Combatant, label: &str) -> Option<Lasting> {
    let (t, row, named) = row_named(enc, label)?;
    let structured = row.result.structured.as_ref();
    let text = &row.result.text;
    let rest = match text.split_once(':') {
        Some((head, tail)) if head.trim().eq_ignore_ascii_case(&named) => tail.trim(),
        _ => text.as_str(),
    };
    let rows = if row.low == row.high {
        row.low.to_string()
    } else {
        format!("{}–{}", row.low, row.high)
    };
    let detail = if rest.is_empty() || rest.eq_ignore_ascii_case(&named) {
        format!("{}, {rows}", t.table.name)
    } else {
        format!("{}, {rows}: {rest}", t.table.name)
    };
    let mut also: Vec<String> = structured
        .and_then(|s| s.get("conditions"))
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(serde_json::Value::as_str)
        .map(str::to_lowercase)
        .filter(|k| who.conditions.contains(k))
        .collect();
    // A limb the row rolled for: "main arm useless" or "off arm useless".
    if let Some(limb) = structured.and_then(|s| s.get("limb")).and_then(|l| l.as_str()) {
        let suffix = format!("{limb} useless");
        also.extend(who.conditions.iter().filter(|k| k.ends_with(&suffix)).cloned());
    }
    Some(Lasting { label: label.to_lowercase(), detail, also, mends_with: Vec::new() })
}
