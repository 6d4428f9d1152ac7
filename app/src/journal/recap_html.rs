//! The recap in the HTML export: the headline, the pictures (inline SVG, see `svg.rs`), a table
//! per combatant and per side, how the dice fell with a histogram per die, and how the
//! procedure counts. Text is escaped like the journal's.

use std::fmt::Write as _;

use super::html::escape_into as esc;
use super::svg;
use crate::recap::dice::{DieTally, Fairness};
use crate::recap::{FightRecap, SessionRecap, story, words};

pub(crate) use super::page_css::CSS;

/// A fight's recap as a section, headed by `h` (`h2`): the headline, the story, the charts,
/// the figures, the board, the dice, and how Fray counts (folded).
pub(crate) fn fight_into(out: &mut String, r: &FightRecap, h: &str) {
    let sub = if h == "h2" { "h3" } else { "h4" };
    let _ =
        write!(out, "<section class=\"recap\">\n<{h}>How it went</{h}>\n<div class=\"headline\">");
    for line in words::headline(r) {
        out.push_str("<p>");
        esc(out, &line);
        out.push_str("</p>");
    }
    out.push_str("</div>\n");
    story_into(out, r, true, sub);
    charts_into(out, r, true, |_| true);
    combatants_into(out, r);
    sides_into(out, r);
    board_into(out, r, sub);
    dice_into(out, &r.dice, sub);
    counting_into(out, r);
    out.push_str("</section>\n");
}

/// What happened, a paragraph a round (see [`crate::recap::story`]); nothing when nothing did.
/// `numbers`: harm told in points.
pub(crate) fn story_into(out: &mut String, r: &FightRecap, numbers: bool, sub: &str) {
    let rounds = story::by_round(r, numbers);
    if rounds.is_empty() {
        return;
    }
    let _ = write!(out, "<{sub}>What happened</{sub}>\n<div class=\"story\">\n");
    for (round, lines) in rounds {
        out.push_str("<p><b>");
        esc(out, &story::round_title(round));
        out.push_str(".</b> ");
        esc(out, &lines.join(" "));
        out.push_str("</p>\n");
    }
    out.push_str("</div>\n");
}

/// The board at the end, with its legend in words, when there is one.
pub(crate) fn board_into(out: &mut String, r: &FightRecap, sub: &str) {
    if r.board.tokens.is_empty() && r.board.zones.is_empty() {
        return;
    }
    let _ = write!(out, "<{sub}>The board at the end</{sub}>\n<figure>");
    svg::board(out, &r.board);
    out.push_str("<figcaption>");
    board_legend(out, r);
    out.push_str("</figcaption></figure>\n");
}

/// The damage bars of those `barred` lets in (harm taken only, without `dealt`), and the
/// party's health round by round when there is a party and a round. No bars for harm taken
/// only when nobody took any.
pub(crate) fn charts_into(
    out: &mut String,
    r: &FightRecap,
    dealt: bool,
    barred: impl Fn(&crate::recap::Figures) -> bool,
) {
    let rows: Vec<_> = words::rows(r).filter(|f| barred(f)).collect();
    if !rows.is_empty() && (dealt || rows.iter().any(|f| !f.taken.is_empty())) {
        out.push_str("<figure>");
        svg::damage_bars(out, r, &rows, dealt);
        out.push_str(if dealt {
            "<figcaption>Harm dealt and taken, every track summed.</figcaption></figure>\n"
        } else {
            "<figcaption>Harm taken, every track summed.</figcaption></figure>\n"
        });
    }
    if r.rounds > 0 && r.sides.iter().any(|s| s.party) {
        let mut lines = String::new();
        svg::health_lines(&mut lines, r);
        if !lines.is_empty() {
            out.push_str("<figure>");
            out.push_str(&lines);
            out.push_str("<figcaption>The party's health (");
            let labels: Vec<&str> = r.tracks.iter().map(|(_, l)| l.as_str()).collect();
            esc(out, &labels.join(" + "));
            out.push_str(
                ") at the end of each round, as a share of its full.</figcaption></figure>\n",
            );
        }
    }
}

/// A table's columns: each heading, and whether its cells are numbers.
pub(crate) type Cols = [(&'static str, bool)];

const COMBATANT_COLS: &Cols = &[
    ("Who", false),
    ("Dealt", true),
    ("Taken", true),
    ("Landed", true),
    ("Missed", true),
    ("Avoided", true),
    ("Reacted", true),
    ("Aside", true),
    ("Crits", true),
    ("Fumbles", true),
    ("Took out", false),
    ("Out by", false),
    ("Down", true),
    ("Turns", true),
    ("End", false),
];

const SIDE_COLS: &Cols = &[
    ("Side", false),
    ("Dealt", true),
    ("Taken", true),
    ("Blows landed / missed / avoided", false),
    ("Reactions", true),
    ("Critical hits", true),
    ("Took out", true),
    ("Went out", true),
    ("Standing, round by round", false),
];

const PARTY_COLS: &Cols = &[
    ("Who", false),
    ("Fights", true),
    ("Dealt", true),
    ("Taken", true),
    ("Blows landed / missed / avoided", false),
    ("Critical hits", true),
    ("Took out", true),
    ("Went out", true),
];

/// The table of every combatant's figures, and the key to its columns.
fn combatants_into(out: &mut String, r: &FightRecap) {
    table_open(out, COMBATANT_COLS);
    for f in words::rows(r) {
        let _ = write!(
            out,
            "<tr><td class=\"who\"><span class=\"dot\" style=\"background:{}\"></span>",
            super::svg::colour(words::colour_of(r, f))
        );
        esc(out, &f.name);
        out.push_str("<br><small>");
        esc(out, words::side_of(r, f));
        out.push_str("</small></td>");
        cells(
            out,
            &COMBATANT_COLS[1..],
            &[
                &words::points(r, &f.dealt),
                &words::points(r, &f.taken),
                &f.landed.to_string(),
                &f.missed.to_string(),
                &f.avoided.to_string(),
                &f.reactions.to_string(),
                &f.turned_aside.to_string(),
                &f.criticals.to_string(),
                &f.fumbles.to_string(),
                &words::names(r, &f.took_out),
                &words::out_by(r, f),
                &f.rounds_down.to_string(),
                &f.turns.to_string(),
                words::end(f),
            ],
        );
        out.push_str("</tr>\n");
    }
    table_close(out);
    out.push_str("<p class=\"key\">Landed, missed, avoided: its blows. Reacted: reactions it took; aside: blows they kept off entirely. Down: rounds that began with it down. Harm per track, as the procedure names them.</p>\n");
}

/// The table of each side's figures.
fn sides_into(out: &mut String, r: &FightRecap) {
    table_open(out, SIDE_COLS);
    for s in &r.sides {
        let standing: Vec<String> = s.standing.iter().map(|(_, n)| n.to_string()).collect();
        row(
            out,
            SIDE_COLS,
            &[
                &s.name,
                &words::points(r, &s.dealt),
                &words::points(r, &s.taken),
                &format!("{} / {} / {}", s.landed, s.missed, s.avoided),
                &s.reactions.to_string(),
                &s.criticals.to_string(),
                &s.took_out.to_string(),
                &s.went_out.to_string(),
                &standing.join(" → "),
            ],
        );
    }
    table_close(out);
}

/// How Fray counts in this procedure: each figure's word and what it means, folded.
fn counting_into(out: &mut String, r: &FightRecap) {
    out.push_str("<details><summary>How Fray counts in ");
    esc(out, &r.system);
    out.push_str("</summary>\n<ul>");
    for (what, how) in &r.words {
        out.push_str("<li><b>");
        esc(out, what);
        out.push_str("</b>: ");
        esc(out, how);
        out.push_str("</li>");
    }
    out.push_str("</ul>\n</details>\n");
}

/// Who stands where at the end, in words (the picture's initials spelt out).
fn board_legend(out: &mut String, r: &FightRecap) {
    let b = &r.board;
    let word = |t: &crate::recap::board::Token| {
        if t.word.is_empty() { t.name.clone() } else { format!("{} ({})", t.name, t.word) }
    };
    let mut parts = Vec::new();
    if b.grid.is_some() {
        parts.extend(b.tokens.iter().map(word));
    } else {
        for (i, z) in b.zones.iter().enumerate() {
            let here: Vec<String> = b
                .tokens
                .iter()
                .filter(|t| matches!(t.spot, crate::recap::board::Spot::Zone { zone } if zone == i))
                .map(word)
                .collect();
            if !here.is_empty() {
                parts.push(format!("{}: {}", z.name, here.join(", ")));
            }
        }
    }
    esc(out, &parts.join(" · "));
}

/// How the dice fell: a histogram and its sentence per die and thrower.
pub(crate) fn dice_into(out: &mut String, dice: &[DieTally], h: &str) {
    let _ = writeln!(out, "<{h}>How the dice fell</{h}>");
    if dice.is_empty() {
        out.push_str("<p>No dice were rolled.</p>\n");
        return;
    }
    out.push_str("<div class=\"dice\">\n");
    for t in dice {
        out.push_str("<figure>");
        svg::histogram(out, t);
        out.push_str("<figcaption>");
        esc(out, &t.words());
        if let Fairness::Tested { chi_square, freedom, .. } = t.fairness() {
            let _ = write!(out, " (χ² {chi_square:.1}, {freedom} degrees of freedom)");
        }
        out.push_str(". The dashed line is what fair dice give each face.</figcaption></figure>\n");
    }
    out.push_str("</div>\n");
}

/// The evening's recap: the party over every fight and (with `dice`) the evening's dice; harm
/// dealt and taken only where `harm` (dealt, taken) lets them be told (the players').
pub(crate) fn session_into(out: &mut String, r: &SessionRecap, dice: bool, harm: (bool, bool)) {
    out.push_str("<section class=\"recap\">\n<h2>The evening</h2>\n");
    let n = r.fights.len();
    let _ = writeln!(out, "<p>{n} fight{}.</p>", if n == 1 { "" } else { "s" });
    if !r.party.is_empty() {
        let shown = |i: usize| match i {
            2 => harm.0,
            3 => harm.1,
            _ => true,
        };
        let cols: Vec<(&'static str, bool)> =
            PARTY_COLS.iter().enumerate().filter(|(i, _)| shown(*i)).map(|(_, c)| *c).collect();
        table_open(out, &cols);
        for p in &r.party {
            let values = p.cells();
            let values: Vec<&str> = values
                .iter()
                .enumerate()
                .filter(|(i, _)| shown(*i))
                .map(|(_, v)| v.as_str())
                .collect();
            row(out, &cols, &values);
        }
        table_close(out);
    }
    if dice {
        dice_into(out, &r.dice, "h3");
    }
    out.push_str("</section>\n");
}

/// Opens a table that becomes one card per row on a phone (`cards`, see `page_css.rs`).
pub(crate) fn table_open(out: &mut String, cols: &Cols) {
    out.push_str("<div class=\"scroll\"><table class=\"cards\">\n<thead><tr>");
    for (head, number) in cols {
        out.push_str(if *number { "<th class=\"n\">" } else { "<th>" });
        esc(out, head);
        out.push_str("</th>");
    }
    out.push_str("</tr></thead>\n<tbody>\n");
}

/// Closes a table [`table_open`] opened.
pub(crate) fn table_close(out: &mut String) {
    out.push_str("</tbody></table></div>\n");
}

/// One row: its first cell the card's title, each other labelled with its column.
pub(crate) fn row(out: &mut String, cols: &Cols, values: &[&str]) {
    out.push_str("<tr><td class=\"who\">");
    esc(out, values.first().copied().unwrap_or(""));
    out.push_str("</td>");
    cells(out, cols.get(1..).unwrap_or_default(), values.get(1..).unwrap_or_default());
    out.push_str("</tr>\n");
}

/// Cells, each with its column's heading (`data-label`), which a phone shows beside it.
pub(crate) fn cells(out: &mut String, cols: &Cols, values: &[&str]) {
    for ((head, number), value) in cols.iter().zip(values) {
        out.push_str(if *number { "<td class=\"n\" data-label=\"" } else { "<td data-label=\"" });
        esc(out, head);
        out.push_str("\">");
        esc(out, value);
        out.push_str("</td>");
    }
}
