//! A stat block (or character sheet) as Markdown, for notes and handouts, laid out from its
//! system's schema: the name as a heading, the tags, a table of the single-value fields, a
//! table per list (weapons), then the notes.

use crate::{Character, Creature};
use fray_app::system::schema::{self, Field, Kind};
use serde_json::Value;
use std::fmt::Write;

/// A creature's stat block as Markdown.
pub fn creature_markdown(c: &Creature) -> String {
    markdown(c.system, &c.name, &c.tags, None, &c.block, false)
}

/// A character's sheet as Markdown (its party under the name).
pub fn character_markdown(c: &Character) -> String {
    markdown(c.system, &c.name, &c.tags, c.party.as_deref(), &c.sheet, true)
}

/// A block of `system` as Markdown (`character`: a character sheet, with its `party`).
pub fn markdown(
    system: fray_app::ids::SystemId,
    name: &str,
    tags: &[String],
    party: Option<&str>,
    block: &Value,
    character: bool,
) -> String {
    let mut out = format!("## {}\n\n", escape(name));
    let system = system.system();
    let mut line = vec![escape(system.name())];
    if let Some(party) = party {
        line.push(format!("party: {}", escape(party)));
    }
    if !tags.is_empty() {
        line.push(format!("*{}*", escape(&tags.join(", "))));
    }
    if !line.is_empty() {
        out += &line.join(" · ");
        out += "\n\n";
    }
    let fields: Vec<&Field> = system.block_schema().fields_for(character).collect();
    let scalars: Vec<(&Field, String)> = fields
        .iter()
        .filter(|f| !matches!(f.kind, Kind::List { .. } | Kind::Text { multiline: true }))
        .map(|f| (*f, f.kind.show(schema::get(block, f.key))))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    if !scalars.is_empty() {
        out += "| Field | Value |\n|---|---|\n";
        for (f, v) in scalars {
            let _ = writeln!(out, "| {} | {} |", cell(f.label), cell(&v));
        }
        out += "\n";
    }
    for f in &fields {
        if let Kind::List { item, .. } = f.kind
            && let Some(Value::Array(items)) = schema::get(block, f.key)
            && !items.is_empty()
        {
            list(&mut out, f.label, item, items);
        }
    }
    for f in fields.iter().filter(|f| matches!(f.kind, Kind::Text { multiline: true })) {
        let text = f.kind.show(schema::get(block, f.key));
        if text.trim().is_empty() {
            continue;
        }
        if f.key != "notes" {
            let _ = write!(out, "**{}.** ", escape(f.label));
        }
        out += &paragraphs(&text);
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// A list field (weapons) as a table: a column per item field that any item has.
fn list(out: &mut String, label: &str, item: &[Field], items: &[Value]) {
    let columns: Vec<&Field> = item
        .iter()
        .filter(|f| !matches!(f.kind, Kind::List { .. }))
        .filter(|f| items.iter().any(|i| !f.kind.show(schema::get(i, f.key)).is_empty()))
        .collect();
    let _ = write!(out, "**{}**\n\n|", escape(label));
    for f in &columns {
        let _ = write!(out, " {} |", cell(f.label));
    }
    out.push_str("\n|");
    out.push_str(&"---|".repeat(columns.len()));
    out.push('\n');
    for i in items {
        out.push('|');
        for f in &columns {
            let _ = write!(out, " {} |", cell(&f.kind.show(schema::get(i, f.key))));
        }
        out.push('\n');
    }
    out.push('\n');
}

/// Text with Markdown's special characters escaped, so a name like `*Grim* | the [Bold]`
/// prints as written and nothing in it reads as HTML: the journal's escaping, one for all of
/// Fray's Markdown.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fray_app::journal::escape_markdown_into(&mut out, text);
    out
}

/// Text for a table cell: escaped, on one line.
fn cell(text: &str) -> String {
    escape(&text.replace(['\r', '\n'], " "))
}

/// Multi-line text as Markdown paragraphs: blank lines separate them, single line breaks are
/// kept as hard breaks.
fn paragraphs(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    let mut out = String::new();
    for para in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        let lines: Vec<String> = para.lines().map(|l| escape(l.trim())).collect();
        out += &lines.join("  \n");
        out += "\n\n";
    }
    out
}
