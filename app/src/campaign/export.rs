//! A whole evening as Markdown or HTML: each fight's journal where it happened, and between
//! them what every write-back, rest and heal changed, the tray's rolls and the GM's notes.
//! Every piece of text goes through the same escaping as a fight's journal.

use std::fmt::Write as _;

use crate::campaign::CampaignStep;
use crate::campaign::session::{Part, SessionLog};
use crate::journal::Format;
use crate::journal::html::{
    Html, escape_into as html_escape, events_into as html_events, head_into,
};
use crate::journal::line::{Style, write_bare_roll};
use crate::journal::markdown::{Markdown, escape_into as md_escape, events_into as md_events};
use crate::journal::players::Audience;

/// One character's line of a step: "HP 6 → 2 · Fatigue 0 → 3", or "unchanged".
pub(crate) fn changed(w: &crate::campaign::Written) -> String {
    let lines: Vec<String> = w.changes().iter().map(|c| c.text()).collect();
    if lines.is_empty() { "unchanged".to_owned() } else { lines.join(" · ") }
}

/// The evening as Markdown: `# Session`, a `##` heading per fight or step, rounds as `###`.
pub fn session_markdown(log: &SessionLog) -> String {
    session_markdown_for(log, Audience::Gm)
}

/// The evening as Markdown for `audience`: for the players, each fight through the table
/// view's rules ([`crate::journal::players`]), the evening's figures without the dice (they name every
/// thrower), and neither the tray's rolls nor the GM's notes.
pub fn session_markdown_for(log: &SessionLog, audience: Audience) -> String {
    let players = audience == Audience::Players;
    let recap = log.recap();
    let mut fights = recap.fights.iter();
    let mut out = String::new();
    let evening = players.then(|| log.players_evening());
    out.push_str("# ");
    md_escape(&mut out, &log.name);
    if !log.date.is_empty() {
        out.push_str(" — ");
        md_escape(&mut out, &log.date);
    }
    out.push('\n');
    match &evening {
        Some(e) => {
            crate::journal::recap_md::session_into(&mut out, &e.recap, false, (e.dealt, e.taken))
        }
        None => crate::journal::recap_md::session_into(&mut out, &recap, true, (true, true)),
    }
    for part in &log.parts {
        if players && matches!(part, Part::Roll(_) | Part::Note(_)) {
            continue;
        }
        out.push('\n');
        match part {
            Part::Fight(doc) => {
                out.push_str("## ");
                md_escape(&mut out, &doc.base.name);
                out.push_str(" — ");
                md_escape(&mut out, doc.base.system().name());
                out.push('\n');
                let r = fights.next();
                let readable = if players {
                    let p = crate::table_view::players_recap(&doc.base, &doc.commands, &doc.events);
                    crate::journal::players::recap_markdown(&mut out, &p.table, "###");
                    crate::journal::recap_md::story_into(&mut out, &p.fight, p.numbers, "####");
                    Some(crate::journal::players::readable(&doc.base, &doc.events))
                } else {
                    if let Some(r) = r {
                        crate::journal::recap_md::fight_into(&mut out, r, "###");
                    }
                    None
                };
                folded_markdown(&mut out, doc, readable.as_deref());
            }
            Part::Step(step) => step_markdown(&mut out, step),
            Part::Roll(roll) => {
                out.push_str("- ");
                write_bare_roll(&mut out, roll, &Markdown);
                out.push('\n');
            }
            Part::Note(text) => {
                out.push_str("- ");
                Markdown.narration(&mut out, text);
                out.push('\n');
            }
        }
    }
    out
}

/// A fight's whole journal folded under its count of entries, one click away where the
/// Markdown is rendered (GitHub, Obsidian); where it is not, the journal reads as before.
fn folded_markdown(out: &mut String, doc: &crate::journal::JournalDoc, readable: Option<&[bool]>) {
    let lines = readable.map_or(doc.events.len(), |r| r.iter().filter(|x| **x).count());
    let _ = write!(
        out,
        "\n<details><summary>The full journal ({lines} {})</summary>\n",
        if lines == 1 { "entry" } else { "entries" }
    );
    md_events(out, &doc.base, &doc.events, "###", readable);
    out.push_str("\n</details>\n");
}

fn step_markdown(out: &mut String, step: &CampaignStep) {
    out.push_str("## ");
    md_escape(out, &step.title());
    out.push_str("\n\n");
    for roll in &step.rolls {
        out.push_str("- ");
        write_bare_roll(out, roll, &Markdown);
        out.push('\n');
    }
    for w in &step.written {
        out.push_str("- ");
        Markdown.who(out, &w.name);
        out.push_str(": ");
        md_escape(out, &changed(w));
        out.push('\n');
    }
}

/// The evening as one self-contained HTML page, as inert as a fight's.
pub fn session_html(log: &SessionLog) -> String {
    session_html_for(log, Audience::Gm)
}

/// The evening as HTML for `audience` (what the players get is as in
/// [`session_markdown_for`]).
pub fn session_html_for(log: &SessionLog, audience: Audience) -> String {
    let players = audience == Audience::Players;
    let recap = log.recap();
    let mut fights = recap.fights.iter();
    let mut out = String::with_capacity(32768);
    let subtitle = if log.date.is_empty() { "Session" } else { log.date.as_str() };
    head_into(&mut out, &log.name, subtitle, true);
    out.push_str("<header>\n<h1>");
    html_escape(&mut out, &log.name);
    out.push_str("</h1>\n<p>");
    html_escape(&mut out, subtitle);
    out.push_str("</p>\n</header>\n");
    match players.then(|| log.players_evening()) {
        Some(e) => {
            crate::journal::recap_html::session_into(&mut out, &e.recap, false, (e.dealt, e.taken))
        }
        None => crate::journal::recap_html::session_into(&mut out, &recap, true, (true, true)),
    }
    for part in &log.parts {
        if players && matches!(part, Part::Roll(_) | Part::Note(_)) {
            continue;
        }
        match part {
            Part::Fight(doc) => fight_html(&mut out, doc, fights.next(), players),
            Part::Step(step) => {
                out.push_str("<section class=\"between\">\n<h2>");
                html_escape(&mut out, &step.title());
                out.push_str("</h2>\n<ol>\n");
                for roll in &step.rolls {
                    out.push_str("<li class=\"roll\">");
                    write_bare_roll(&mut out, roll, &Html);
                    out.push_str("</li>\n");
                }
                for w in &step.written {
                    out.push_str("<li class=\"track\">");
                    Html.who(&mut out, &w.name);
                    out.push_str(": ");
                    html_escape(&mut out, &changed(w));
                    out.push_str("</li>\n");
                }
                out.push_str("</ol>\n</section>\n");
            }
            Part::Roll(roll) => {
                out.push_str("<ol><li class=\"roll\">");
                write_bare_roll(&mut out, roll, &Html);
                out.push_str("</li></ol>\n");
            }
            Part::Note(text) => {
                out.push_str("<ol><li class=\"note\">");
                Html.narration(&mut out, text);
                out.push_str("</li></ol>\n");
            }
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// One fight of the evening: its recap (the players': through the table view) telling the
/// story, then its whole journal folded away, one click from it.
fn fight_html(
    out: &mut String,
    doc: &crate::journal::JournalDoc,
    recap: Option<&crate::recap::FightRecap>,
    players: bool,
) {
    out.push_str("<article class=\"fight\">\n<h2>");
    html_escape(out, &doc.base.name);
    out.push_str(" — ");
    html_escape(out, doc.base.system().name());
    out.push_str("</h2>\n");
    let readable = if players {
        let shared = crate::table_view::players_recap(&doc.base, &doc.commands, &doc.events);
        crate::journal::players::recap_html(out, &shared, "h3");
        Some(crate::journal::players::readable(&doc.base, &doc.events))
    } else {
        if let Some(r) = recap {
            crate::journal::recap_html::fight_into(out, r, "h3");
        }
        None
    };
    let lines = readable.as_ref().map_or(doc.events.len(), |r| r.iter().filter(|x| **x).count());
    let _ = writeln!(
        out,
        "<details class=\"journal\"><summary>The full journal ({lines} {})</summary>",
        if lines == 1 { "entry" } else { "entries" }
    );
    html_events(out, &doc.base, &doc.events, "h3", readable.as_deref());
    out.push_str("</details>\n</article>\n");
}

/// The evening in `format` for `audience`: the one export the window's *Export the session*,
/// `fray session export` and `fray play` of a session script all write, so one session gives
/// the same bytes whichever wrote it.
pub fn session_export(log: &SessionLog, format: Format, audience: Audience) -> String {
    match format {
        Format::Markdown => session_markdown_for(log, audience),
        Format::Html => session_html_for(log, audience),
        // Ended by a newline, as the command line writes every file.
        Format::Json => log.to_json_with_recap() + "\n",
    }
}
