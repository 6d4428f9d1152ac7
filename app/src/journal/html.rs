//! The journal as one self-contained HTML page, to share or print.

use crate::dice::{Dice, RollSource, Sides};
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};

use super::line::{Style, push_fmt};
use super::{round_title, system_name};

/// The page's whole styling. Light, readable, printable; no fonts or images to fetch.
const CSS: &str = "\
body{font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2328;\
background:#fff;max-width:52rem;margin:2rem auto;padding:0 1rem}\
h1{font-size:1.7rem;margin:0}\
header p{margin:.2rem 0 1.5rem;color:#59636e}\
h2{font-size:1.2rem;border-bottom:1px solid #d1d9e0;padding-bottom:.2rem;margin:1.6rem 0 .5rem}\
ol{list-style:none;padding:0;margin:0}\
li{padding:.15rem .5rem;border-left:3px solid transparent}\
li:nth-child(even){background:#f6f8fa}\
li.roll{border-left-color:#0969da}\
li.track{border-left-color:#cf222e}\
li.round{font-weight:600}\
li.note{border-left-color:#8250df}\
.who{font-weight:600}\
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eff2f5;\
padding:0 .25em;border-radius:4px}\
.total{font-weight:700}\
.drop{color:#8c959f;text-decoration:line-through}\
.src{font-size:.8em;color:#59636e;border:1px solid #d1d9e0;border-radius:1em;padding:0 .5em;\
margin-left:.3em}\
.src.table{color:#9a6700;border-color:#d4a72c}\
@media print{li:nth-child(even){background:none}}";

/// The journal as a standalone HTML document: inline CSS, no scripts and nothing fetched
/// (a content security policy forbids both), one section per round and one list entry per
/// event. Every string from the data is escaped, so a name like `<script>` is only text.
pub fn html(base: &Encounter, events: &[Event]) -> String {
    html_of(base, events, None)
}

/// The page with the fight's recap (see [`crate::recap`]) before the rounds: its pictures as
/// inline SVG, its tables, how the dice fell. What an export shares.
pub fn html_with_recap(
    base: &Encounter,
    commands: &[crate::history::CommandRecord],
    events: &[Event],
) -> String {
    let recap = crate::recap::fight(base, commands, events);
    html_of(base, events, Some(&recap))
}

fn html_of(base: &Encounter, events: &[Event], recap: Option<&crate::recap::FightRecap>) -> String {
    // Entries carry their markup; roughly twice the Markdown size.
    let mut out = String::with_capacity(16384 + events.len() * 160);
    head_into(&mut out, &base.name, system_name(base), recap.is_some());
    out.push_str("<header>\n<h1>");
    escape_into(&mut out, &base.name);
    out.push_str("</h1>\n<p>");
    escape_into(&mut out, system_name(base));
    out.push_str(" · ");
    push_fmt(&mut out, events.len());
    out.push_str(if events.len() == 1 { " entry" } else { " entries" });
    out.push_str("</p>\n</header>\n");
    if let Some(recap) = recap {
        super::recap_html::fight_into(&mut out, recap, "h2");
    }
    events_into(&mut out, base, events, "h2", None);
    out.push_str("</body>\n</html>\n");
    out
}

/// The document's head (title, styles, the policy that forbids scripts and fetching) and the
/// opening of its body.
pub(crate) fn head_into(out: &mut String, title: &str, subtitle: &str, recap: bool) {
    out.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" \
         content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
    );
    escape_into(out, title);
    out.push_str(" — ");
    escape_into(out, subtitle);
    out.push_str("</title>\n<style>");
    out.push_str(CSS);
    // The recap's tables, charts and dark theme; a plain journal keeps its page as it was.
    if recap {
        out.push_str(super::recap_html::CSS);
    }
    out.push_str("</style>\n</head>\n<body>\n");
}

/// The events as one section per round, headed by `heading` (`h2`).
pub(crate) fn events_into(
    out: &mut String,
    base: &Encounter,
    events: &[Event],
    heading: &str,
    readable: Option<&[bool]>,
) {
    super::rounds::events_into(out, base, events, heading, readable, &Html);
}

/// The entry's class, for its colour stripe.
fn class(kind: &EventKind) -> &'static str {
    match kind {
        EventKind::Rolled { .. } => "roll",
        EventKind::TrackSet { .. } | EventKind::TrackMaxSet { .. } => "track",
        EventKind::RoundStarted { .. } => "round",
        EventKind::Narration { .. } => "note",
        EventKind::Moved { .. } | EventKind::Placed { .. } => "move",
        EventKind::TurnStarted { .. }
        | EventKind::OrderSet { .. }
        | EventKind::PhaseEntered { .. } => "turn",
        _ => "other",
    }
}

/// HTML dress: names in bold, dice in code, dropped dice struck through.
pub(crate) struct Html;

impl super::rounds::Rounds for Html {
    fn open_round(&self, out: &mut String, heading: &str, round: u32) {
        out.push_str("<section>\n<");
        out.push_str(heading);
        out.push('>');
        round_title(out, round);
        out.push_str("</");
        out.push_str(heading);
        out.push_str(">\n<ol>\n");
    }

    fn close_round(&self, out: &mut String) {
        out.push_str("</ol>\n</section>\n");
    }

    fn open_entry(&self, out: &mut String, event: &Event) {
        out.push_str("<li class=\"");
        out.push_str(class(&event.kind));
        out.push_str("\">");
    }

    fn close_entry(&self, out: &mut String) {
        out.push_str("</li>\n");
    }
}

impl Style for Html {
    fn who(&self, out: &mut String, name: &str) {
        out.push_str("<span class=\"who\">");
        escape_into(out, name);
        out.push_str("</span>");
    }

    fn place(&self, out: &mut String, name: &str) {
        escape_into(out, name);
    }

    fn text(&self, out: &mut String, text: &str) {
        escape_into(out, text);
    }

    fn narration(&self, out: &mut String, text: &str) {
        out.push_str("<i>");
        escape_into(out, text);
        out.push_str("</i>");
    }

    fn dice(&self, out: &mut String, dice: &Dice) {
        out.push_str("<code>");
        // Notation may hold `<` and `>` (`4d6r<3`, `6d10>=8`) and a label anything.
        escape_into(out, &dice.to_string());
        out.push_str("</code>");
    }

    fn label(&self, out: &mut String, label: &str) {
        let label = label.trim();
        if label.is_empty() {
            return;
        }
        out.push_str(" for <i>");
        escape_into(out, label);
        out.push_str("</i>");
    }

    fn face(&self, out: &mut String, sides: Sides, face: u32, kept: bool) {
        if !kept {
            out.push_str("<span class=\"drop\">");
        }
        crate::dice::push_face(out, sides, face);
        if !kept {
            out.push_str("</span>");
        }
    }

    fn total(&self, out: &mut String, total: i64) {
        out.push_str("<span class=\"total\">");
        push_fmt(out, total);
        out.push_str("</span>");
    }

    fn source(&self, out: &mut String, source: RollSource) {
        out.push_str(match source {
            RollSource::Table => " <span class=\"src table\">table dice</span>",
            RollSource::App => " <span class=\"src\">app dice</span>",
        });
    }
}

/// Appends `text` with `& < > " '` as entities: safe in element content and in quoted
/// attribute values alike.
pub(crate) fn escape_into(out: &mut String, text: &str) {
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        // Every byte matched is ASCII, so `i` is a char boundary.
        out.push_str(&text[start..i]);
        out.push_str(entity);
        start = i + 1;
    }
    out.push_str(&text[start..]);
}
