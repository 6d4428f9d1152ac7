//! The journal as Markdown, to paste into Discord or keep in Obsidian.

use crate::dice::{Dice, RollSource};
use crate::encounter::Encounter;
use crate::event::Event;
use std::fmt::Write as _;

use super::line::{Style, push_fmt};
use super::{round_title, system_name};

/// The journal as Markdown: a `# Encounter — System` title, a `## Round N` heading whenever
/// the round changes, and one bullet per event, e.g.
/// ``- **Harald** rolled `2d6+1` for *attack*: [4, 3] +1 = **8** _(table dice)_``.
///
/// Every name and every piece of free text is escaped, so a monster called `*Bob*` prints
/// as typed rather than in italics.
pub fn markdown(base: &Encounter, events: &[Event]) -> String {
    markdown_of(base, events, None)
}

/// The journal as Markdown with the fight's recap (see [`crate::recap`]) as tables before the
/// rounds: what an export shares.
pub fn markdown_with_recap(
    base: &Encounter,
    commands: &[crate::history::CommandRecord],
    events: &[Event],
) -> String {
    let recap = crate::recap::fight(base, commands, events);
    markdown_of(base, events, Some(&recap))
}

fn markdown_of(
    base: &Encounter,
    events: &[Event],
    recap: Option<&crate::recap::FightRecap>,
) -> String {
    // Lines average well under 100 bytes; one reservation saves most regrowth.
    let mut out = String::with_capacity(4096 + events.len() * 80);
    out.push_str("# ");
    escape_into(&mut out, &base.name);
    out.push_str(" — ");
    escape_into(&mut out, system_name(base));
    out.push('\n');
    if let Some(recap) = recap {
        super::recap_md::fight_into(&mut out, recap, "##");
    }
    events_into(&mut out, base, events, "##", None);
    out
}

/// The events as bullets under a `heading` (`##`) per round.
pub(crate) fn events_into(
    out: &mut String,
    base: &Encounter,
    events: &[Event],
    heading: &str,
    readable: Option<&[bool]>,
) {
    super::rounds::events_into(out, base, events, heading, readable, &Markdown);
}

/// Markdown dress: names in bold, dice in code, labels and the GM's lines in italics.
pub(crate) struct Markdown;

impl super::rounds::Rounds for Markdown {
    fn open_round(&self, out: &mut String, heading: &str, round: u32) {
        out.push('\n');
        out.push_str(heading);
        out.push(' ');
        round_title(out, round);
        out.push_str("\n\n");
    }

    fn close_round(&self, _out: &mut String) {}

    fn open_entry(&self, out: &mut String, _event: &Event) {
        out.push_str("- ");
    }

    fn close_entry(&self, out: &mut String) {
        out.push('\n');
    }
}

impl Style for Markdown {
    fn who(&self, out: &mut String, name: &str) {
        out.push_str("**");
        escape_into(out, name);
        out.push_str("**");
    }

    fn place(&self, out: &mut String, name: &str) {
        escape_into(out, name);
    }

    fn text(&self, out: &mut String, text: &str) {
        escape_into(out, text);
    }

    fn narration(&self, out: &mut String, text: &str) {
        // Emphasis needs text right inside the stars; and it also keeps a line that starts
        // with `-` or `1.` from becoming a nested list.
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        out.push('*');
        escape_into(out, text);
        out.push('*');
    }

    fn dice(&self, out: &mut String, dice: &Dice) {
        // The notation's grammar has no backtick, so one code span holds it whole and nothing
        // in it is read as markup (`4d6r<3` is literal there). The label is anyone's words:
        // it goes after the span as escaped text, never inside one it could close.
        out.push('`');
        let _ = write!(out, "{}", dice.notation());
        out.push('`');
        if let Some(label) = dice.label.as_deref() {
            out.push_str(" \\[");
            escape_into(out, label);
            out.push_str("\\]");
        }
    }

    fn label(&self, out: &mut String, label: &str) {
        let label = label.trim();
        if label.is_empty() {
            return;
        }
        out.push_str(" for *");
        escape_into(out, label);
        out.push('*');
    }

    fn total(&self, out: &mut String, total: i64) {
        out.push_str("**");
        push_fmt(out, total);
        out.push_str("**");
    }

    fn source(&self, out: &mut String, source: RollSource) {
        out.push_str(match source {
            RollSource::Table => " _(table dice)_",
            RollSource::App => " _(app dice)_",
        });
    }
}

/// Appends `text` with every character Markdown (CommonMark, Discord, Obsidian) could read
/// as markup behind a backslash, and line breaks as spaces so a bullet stays one line.
///
/// What a renderer could read as HTML is written as an entity instead, since not every
/// renderer honours a backslash before it (python-markdown does not before `<` or `&`): a `<`
/// that could open a tag, a comment or an autolink (a letter, `/`, `!` or `?` after it) is
/// `&lt;`, and a `&` that could start an entity is `&amp;`. Every renderer shows both as the
/// character; a lone `<` or `&` keeps its plainer form.
pub fn escape_into(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let next = bytes.get(i + 1).copied();
        let entity = match b {
            b'<' if next.is_some_and(|n| n.is_ascii_alphabetic() || b"/!?".contains(&n)) => {
                Some("&lt;")
            }
            b'&' if next.is_some_and(|n| n.is_ascii_alphanumeric() || n == b'#') => Some("&amp;"),
            _ => None,
        };
        if let Some(entity) = entity {
            out.push_str(&text[start..i]);
            out.push_str(entity);
            start = i + 1;
            continue;
        }
        let escape = match b {
            b'\\' | b'*' | b'_' | b'`' | b'[' | b']' | b'<' | b'>' | b'#' | b'|' | b'~' => true,
            b'\n' | b'\r' | b'\t' => {
                out.push_str(&text[start..i]);
                out.push(' ');
                start = i + 1;
                continue;
            }
            _ => false,
        };
        if escape {
            // Every byte matched here is ASCII, so `i` is a char boundary.
            out.push_str(&text[start..i]);
            out.push('\\');
            start = i;
        }
    }
    out.push_str(&text[start..]);
}
