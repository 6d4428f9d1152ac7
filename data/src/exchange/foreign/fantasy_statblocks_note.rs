//! Fray's creatures out to Fantasy Statblocks (the Obsidian plugin): a note of `statblock`
//! fences, one a creature, with Fray's other values in a trait named "Fray" and its notes in
//! one named "Notes", which [`super::fantasy_statblocks`] reads back whole.

use super::fantasy_statblocks::{FRAY_ID, NOTES_TRAIT};
use super::outgoing::{FRAY_TEXT_TRAIT, FRAY_TRAIT, Outgoing};
use crate::exchange::CreatureEntry;
use fray_app::system::UnknownSystem;
use serde_norway::{Mapping, Value as YamlValue};

/// Creatures as a Fantasy Statblocks note: a heading and a statblock fence each.
///
/// The note must stay inert in any Markdown renderer, even one that knows no fences
/// (python-markdown without extensions renders a fence's lines as paragraphs, raw HTML and
/// all): every text is written as a YAML double-quoted string ([`yaml_text`]) in which each
/// character that could open a tag, an entity, a link or a code span (`<`, `>`, `&`, `[`,
/// `]`, a backtick) is a `\u` escape. The plugin reads the same text back; no renderer
/// sees an element, and no backtick inside can close the fence early.
///
/// Refused when a creature names a system Fray does not know.
pub fn fantasy_statblocks_note(creatures: &[CreatureEntry]) -> Result<String, UnknownSystem> {
    let mut out = String::from("# Fray bestiary\n\n");
    for c in creatures {
        out += &format!("## {}\n\n```statblock\n", crate::exchange::markdown::escape(&c.name));
        write_yaml(&mut out, &statblock(c)?);
        out += "```\n\n";
    }
    Ok(out)
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
fn statblock(c: &CreatureEntry) -> Result<YamlValue, UnknownSystem> {
    let out = Outgoing::of(c)?;
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
    if let Some(lines) = out.text_lines() {
        traits.push(entry(FRAY_TEXT_TRAIT, &lines));
    }
    if !out.notes.trim().is_empty() {
        traits.push(entry(NOTES_TRAIT, &out.notes));
    }
    let actions: Vec<YamlValue> =
        out.attacks.iter().map(|a| entry(&a.name, &a.sentence(out.bonus))).collect();
    let mut m = Mapping::new();
    m.insert("name".into(), c.name.as_str().into());
    // Its uid: two creatures of one name (as *Keep both* makes) come back as two.
    m.insert(FRAY_ID.into(), c.uid.as_str().into());
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
    Ok(YamlValue::Mapping(m))
}
