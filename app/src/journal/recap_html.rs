//! The recap in the HTML export: the headline, the pictures (inline SVG, see `svg.rs`), a table
//! per combatant and per side, how the dice fell with a histogram per die, and how the
//! procedure counts. Text is escaped like the journal's.

use std::fmt::Write as _;

use super::html::escape_into as esc;
use super::svg;
use crate::recap::dice::{DieTally, Fairness};
use crate::recap::{FightRecap, SessionRecap, words};

/// The recap's own styling, added to the page's.
pub(crate) const CSS: &str = "\
body{max-width:60rem}\
.recap table{border-collapse:collapse;width:100%;font-size:.9rem;margin:.5rem 0 1rem}\
.recap th,.recap td{padding:.25rem .4rem;border-bottom:1px solid #d1d9e0;text-align:left;\
vertical-align:top}\
.recap th{font-size:.8rem;white-space:nowrap}\
.recap td.n,.recap th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\
.recap td.who{white-space:nowrap}\
.recap .key{font-size:.85rem;color:#59636e}\
.dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;margin-right:.35em}\
.scroll{overflow-x:auto}\
.recap figure{margin:.5rem 0 1.2rem}\
.recap figcaption{font-size:.9rem;color:#59636e;margin-top:.2rem}\
.recap .dice{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.8rem}\
.recap .dice svg.chart{max-width:22rem}\
.recap .dice figure{margin:0}\
.recap svg.chart{max-width:40rem;height:auto;display:block}\
.recap .headline p{margin:.2rem 0}\
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}\
li:nth-child(even){background:#161b22}code{background:#262c36}\
header p,.recap figcaption{color:#9198a1}.recap th,.recap td,h2{border-color:#3d444d}}\
@media print{.recap figure{break-inside:avoid}.scroll{overflow:visible}}";

/// A fight's recap as a section, headed by `h` (`h2`).
pub(crate) fn fight_into(out: &mut String, r: &FightRecap, h: &str) {
    let sub = if h == "h2" { "h3" } else { "h4" };
    let _ =
        write!(out, "<section class=\"recap\">\n<{h}>How it went</{h}>\n<div class=\"headline\">");
    for line in words::headline(r) {
        out.push_str("<p>");
        esc(out, &line);
        out.push_str("</p>");
    }
    out.push_str("</div>\n<figure>");
    charts_into(out, r);
    combatants_into(out, r);
    sides_into(out, r);
    if !r.board.tokens.is_empty() || !r.board.zones.is_empty() {
        let _ = write!(out, "<{sub}>The board at the end</{sub}>\n<figure>");
        svg::board(out, &r.board);
        out.push_str("<figcaption>");
        board_legend(out, r);
        out.push_str("</figcaption></figure>\n");
    }
    dice_into(out, &r.dice, sub);
    counting_into(out, r, sub);
    out.push_str("</section>\n");
}

/// The damage bars, and the party's health round by round when there is a party and a round.
fn charts_into(out: &mut String, r: &FightRecap) {
    svg::damage_bars(out, r);
    out.push_str("<figcaption>Harm dealt and taken, every track summed.</figcaption></figure>\n");
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

/// The table of every combatant's figures, and the key to its columns.
fn combatants_into(out: &mut String, r: &FightRecap) {
    out.push_str("<div class=\"scroll\"><table>\n<thead><tr><th>Who</th><th class=\"n\">Dealt</th><th class=\"n\">Taken</th><th class=\"n\">Landed</th><th class=\"n\">Missed</th><th class=\"n\">Avoided</th><th class=\"n\">Reacted</th><th class=\"n\">Aside</th><th class=\"n\">Crits</th><th class=\"n\">Fumbles</th><th>Took out</th><th>Out by</th><th class=\"n\">Down</th><th class=\"n\">Turns</th><th>End</th></tr></thead>\n<tbody>\n");
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
            &[
                (&words::points(r, &f.dealt), true),
                (&words::points(r, &f.taken), true),
                (&f.landed.to_string(), true),
                (&f.missed.to_string(), true),
                (&f.avoided.to_string(), true),
                (&f.reactions.to_string(), true),
                (&f.turned_aside.to_string(), true),
                (&f.criticals.to_string(), true),
                (&f.fumbles.to_string(), true),
                (&words::names(r, &f.took_out), false),
                (&words::out_by(r, f), false),
                (&f.rounds_down.to_string(), true),
                (&f.turns.to_string(), true),
                (words::end(f), false),
            ],
        );
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></div>\n<p class=\"key\">Landed, missed, avoided: its blows. Reacted: reactions it took; aside: blows they kept off entirely. Down: rounds that began with it down. Harm per track, as the procedure names them.</p>\n");
}

/// The table of each side's figures.
fn sides_into(out: &mut String, r: &FightRecap) {
    out.push_str("<div class=\"scroll\"><table>\n<thead><tr><th>Side</th><th class=\"n\">Dealt</th><th class=\"n\">Taken</th><th>Blows landed / missed / avoided</th><th class=\"n\">Reactions</th><th class=\"n\">Critical hits</th><th class=\"n\">Took out</th><th class=\"n\">Went out</th><th>Standing, round by round</th></tr></thead>\n<tbody>\n");
    for s in &r.sides {
        let standing: Vec<String> = s.standing.iter().map(|(_, n)| n.to_string()).collect();
        row(
            out,
            &[
                (&s.name, false),
                (&words::points(r, &s.dealt), true),
                (&words::points(r, &s.taken), true),
                (&format!("{} / {} / {}", s.landed, s.missed, s.avoided), false),
                (&s.reactions.to_string(), true),
                (&s.criticals.to_string(), true),
                (&s.took_out.to_string(), true),
                (&s.went_out.to_string(), true),
                (&standing.join(" → "), false),
            ],
        );
    }
    out.push_str("</tbody></table></div>\n");
}

/// How Fray counts in this procedure: each figure's word and what it means.
fn counting_into(out: &mut String, r: &FightRecap, sub: &str) {
    let _ = write!(out, "<{sub}>How Fray counts in ");
    esc(out, &r.system);
    let _ = write!(out, "</{sub}>\n<ul>");
    for (what, how) in &r.words {
        out.push_str("<li><b>");
        esc(out, what);
        out.push_str("</b>: ");
        esc(out, how);
        out.push_str("</li>");
    }
    out.push_str("</ul>\n");
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

/// The evening's recap: the party over every fight and (with `dice`) the evening's dice.
pub(crate) fn session_into(out: &mut String, r: &SessionRecap, dice: bool) {
    out.push_str("<section class=\"recap\">\n<h2>The evening</h2>\n");
    let n = r.fights.len();
    let _ = writeln!(out, "<p>{n} fight{}.</p>", if n == 1 { "" } else { "s" });
    if !r.party.is_empty() {
        out.push_str("<div class=\"scroll\"><table>\n<thead><tr><th>Who</th><th class=\"n\">Fights</th><th class=\"n\">Dealt</th><th class=\"n\">Taken</th><th>Blows landed / missed / avoided</th><th class=\"n\">Critical hits</th><th class=\"n\">Took out</th><th class=\"n\">Went out</th></tr></thead>\n<tbody>\n");
        for p in &r.party {
            row(
                out,
                &[
                    (&p.name, false),
                    (&p.fights.to_string(), true),
                    (&words::summed(&p.dealt), true),
                    (&words::summed(&p.taken), true),
                    (&format!("{} / {} / {}", p.landed, p.missed, p.avoided), false),
                    (&p.criticals.to_string(), true),
                    (&p.took_out.to_string(), true),
                    (&p.went_out.to_string(), true),
                ],
            );
        }
        out.push_str("</tbody></table></div>\n");
    }
    if dice {
        dice_into(out, &r.dice, "h3");
    }
    out.push_str("</section>\n");
}

fn row(out: &mut String, list: &[(&str, bool)]) {
    out.push_str("<tr>");
    cells(out, list);
    out.push_str("</tr>\n");
}

fn cells(out: &mut String, list: &[(&str, bool)]) {
    for (cell, number) in list {
        out.push_str(if *number { "<td class=\"n\">" } else { "<td>" });
        esc(out, cell);
        out.push_str("</td>");
    }
}
