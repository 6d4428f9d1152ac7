//! The journal for the players: what the GM shares, drawn through the table view's rules. A
//! line is left out when the players could not have seen it at its moment — a roll the GM
//! kept secret, the GM's notes and player-window settings, a procedure's secret (an intention
//! declared to the GM), or any line naming a combatant then hidden from them or anonymous
//! (as the player window leaves such a roll or ruling out). The recap is the one the TV shows
//! ([`crate::table_view::table_recap`]). The GM's full journal stays [`super::markdown`] and
//! [`super::html`].

use std::fmt::Write as _;

use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::history::CommandRecord;
use crate::table_view::{PlayersRecap, Shown, TableRecap, players_recap, shown};

use super::html::{escape_into as html_escape, events_into as html_events, head_into};
use super::line::{Plain, write_event};
use super::markdown::{escape_into as md_escape, events_into as md_events};
use super::system_name;

/// Who an export is for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Audience {
    /// The players: what the table view lets them see (the default when sharing).
    #[default]
    Players,
    /// The GM: every line.
    Gm,
}

/// For each event, whether the players may read its line (see the module's rules). The
/// players hear a command told whole, as the TV draws it once the command is applied: each
/// line is written against the state before its event and checked against who the players do
/// not know once its command is over, or ever since they left or were renamed unknown. One
/// state is folded through the events (no copy per event or command).
pub fn readable(base: &Encounter, events: &[Event]) -> Vec<bool> {
    let system = base.system();
    let mut state = base.clone();
    let mut out = Vec::with_capacity(events.len());
    // The names of those the players never knew by them, once they left or were renamed.
    let mut gone: Vec<String> = Vec::new();
    let mut lines: Vec<Option<String>> = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let public = match &event.kind {
            EventKind::Rolled { secret: true, .. }
            | EventKind::NotesSet { .. }
            | EventKind::PlayerViewSet { .. }
            | EventKind::ShownSet { .. }
            | EventKind::ZoneEdited { .. } => false,
            EventKind::Own(_) => !system.secret_fact(&state, event),
            _ => true,
        };
        lines.push(public.then(|| {
            let mut line = String::new();
            write_event(&mut line, &state, event, &Plain);
            line
        }));
        let leaving = match &event.kind {
            EventKind::CombatantRemoved { id, .. } | EventKind::CombatantRenamed { id, .. } => {
                Some(*id)
            }
            _ => None,
        };
        if let Some(c) = leaving.and_then(|id| state.combatant(id))
            && shown(&state, c) != Shown::Revealed
            && !c.name.trim().is_empty()
        {
            gone.push(c.name.trim().to_owned());
        }
        state.apply(event);
        let command_over = events.get(i + 1).is_none_or(|next| next.seq != event.seq);
        if command_over {
            out.extend(lines.drain(..).map(|line| {
                line.is_some_and(|l| {
                    !names_unknown(&state, &l) && !gone.iter().any(|n| l.contains(n.as_str()))
                })
            }));
        }
    }
    out
}

/// Whether `line` names someone the players do not know in `enc` (hidden or anonymous).
fn names_unknown(enc: &Encounter, line: &str) -> bool {
    enc.combatants.values().any(|c| {
        // Who is hidden first (a look-up): most are known, and their names need no search.
        shown(enc, c) != Shown::Revealed && {
            let name = c.name.trim();
            !name.is_empty() && line.contains(name)
        }
    })
}

/// The fight's journal for the players, as Markdown: its title, the TV's recap, then the lines
/// they may read, by round.
pub fn players_markdown(base: &Encounter, commands: &[CommandRecord], events: &[Event]) -> String {
    let mut out = String::with_capacity(4096 + events.len() * 80);
    out.push_str("# ");
    md_escape(&mut out, &base.name);
    out.push_str(" — ");
    md_escape(&mut out, system_name(base));
    out.push('\n');
    let shared = players_recap(base, commands, events);
    recap_markdown(&mut out, &shared.table, "##");
    super::recap_md::story_into(&mut out, &shared.fight, shared.numbers, "###");
    md_events(&mut out, base, events, "##", Some(&readable(base, events)));
    out
}

/// The fight's journal for the players, as one self-contained HTML page.
pub fn players_html(base: &Encounter, commands: &[CommandRecord], events: &[Event]) -> String {
    let mut out = String::with_capacity(16384 + events.len() * 160);
    head_into(&mut out, &base.name, system_name(base), true);
    out.push_str("<header>\n<h1>");
    html_escape(&mut out, &base.name);
    out.push_str("</h1>\n<p>");
    html_escape(&mut out, system_name(base));
    out.push_str(" · for the players</p>\n</header>\n");
    recap_html(&mut out, &players_recap(base, commands, events), "h2");
    html_events(&mut out, base, events, "h2", Some(&readable(base, events)));
    out.push_str("</body>\n</html>\n");
    out
}

/// The TV's recap as Markdown under a `heading`.
pub(crate) fn recap_markdown(out: &mut String, r: &TableRecap, heading: &str) {
    let _ = write!(out, "\n{heading} How it went\n\n");
    for line in &r.lines {
        md_escape(out, line);
        out.push('\n');
    }
    let harm = r.rows.iter().any(|row| row.harm.is_some());
    if !r.rows.is_empty() {
        out.push_str("\n| Who |");
        if harm {
            out.push_str(" Dealt | Taken |");
        }
        out.push_str(" Blows landed / missed / avoided | Took out | At the end |\n|:--|");
        if harm {
            out.push_str("--:|--:|");
        }
        out.push_str(":-:|--:|:--|\n");
        for row in &r.rows {
            let mut cells = vec![row.name.clone()];
            if harm {
                let (dealt, taken) = row.harm.unwrap_or_default();
                cells.extend([dealt.to_string(), taken.to_string()]);
            }
            cells.extend([
                format!("{} / {} / {}", row.landed, row.missed, row.avoided),
                row.took_out.to_string(),
                if row.end.is_empty() { "up".to_owned() } else { row.end.clone() },
            ]);
            out.push('|');
            for cell in cells {
                out.push(' ');
                md_escape(out, &cell);
                out.push_str(" |");
            }
            out.push('\n');
        }
    }
    if !r.dice.is_empty() {
        let _ = write!(out, "\n{heading}# How the dice fell\n\n");
        for line in &r.dice {
            out.push_str("- ");
            md_escape(out, line);
            out.push('\n');
        }
    }
}

/// The players' recap as HTML under an `h` heading: the TV's headline, what happened as they
/// saw it, the charts the table view allows (see [`crate::table_view::players_recap`]), the
/// TV's table, the board as the TV showed it, and the dice they saw.
pub(crate) fn recap_html(out: &mut String, p: &PlayersRecap, h: &str) {
    use super::recap_html as page;
    let r = &p.table;
    let sub = if h == "h2" { "h3" } else { "h4" };
    let _ =
        write!(out, "<section class=\"recap\">\n<{h}>How it went</{h}>\n<div class=\"headline\">");
    for line in &r.lines {
        out.push_str("<p>");
        html_escape(out, line);
        out.push_str("</p>");
    }
    out.push_str("</div>\n");
    page::story_into(out, &p.fight, p.numbers, sub);
    page::charts_into(out, &p.fight, p.numbers, |f| p.harm_seen.contains(&f.id));
    let harm = r.rows.iter().any(|row| row.harm.is_some());
    if !r.rows.is_empty() {
        let cols: &[(&str, bool)] =
            if harm { &ROW_COLS } else { &[ROW_COLS[0], ROW_COLS[3], ROW_COLS[4], ROW_COLS[5]] };
        page::table_open(out, cols);
        for row in &r.rows {
            let (dealt, taken) = match row.harm {
                Some((d, t)) => (d.to_string(), t.to_string()),
                None => ("—".to_owned(), "—".to_owned()),
            };
            let blows = format!("{} / {} / {}", row.landed, row.missed, row.avoided);
            let took_out = row.took_out.to_string();
            let end = if row.end.is_empty() { "up" } else { &row.end };
            let values: Vec<&str> = if harm {
                vec![&row.name, &dealt, &taken, &blows, &took_out, end]
            } else {
                vec![&row.name, &blows, &took_out, end]
            };
            page::row(out, cols, &values);
        }
        page::table_close(out);
    }
    page::board_into(out, &p.fight, sub);
    if !p.fight.dice.is_empty() {
        page::dice_into(out, &p.fight.dice, sub);
    }
    out.push_str("</section>\n");
}

/// The columns of the players' table.
const ROW_COLS: [(&str, bool); 6] = [
    ("Who", false),
    ("Dealt", true),
    ("Taken", true),
    ("Blows landed / missed / avoided", false),
    ("Took out", true),
    ("At the end", false),
];
