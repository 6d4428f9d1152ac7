//! The recap as Markdown tables, for a fight's export and a session's: the headline, a row per
//! combatant, a row per side, how the dice fell and how the procedure counts. Every name goes
//! through the journal's escaping (a `|` cannot break a table, a `<script>` stays text).

use super::markdown::escape_into as esc;
use crate::recap::dice::{DieTally, Fairness};
use crate::recap::{FightRecap, SessionRecap, words};

/// A fight's recap under `heading` (`##`).
pub(crate) fn fight_into(out: &mut String, r: &FightRecap, heading: &str) {
    out.push('\n');
    out.push_str(heading);
    out.push_str(" How it went\n\n");
    esc(out, &words::headline(r).join(" "));
    out.push('\n');
    story_into(out, r, true, &format!("{heading}#"));
    out.push_str("\n| Who | Side | Dealt | Taken | Blows landed / missed / avoided | Reactions (turned aside) | Critical hits | Fumbles | Took out | Out by | Rounds down | Turns | At the end |\n");
    out.push_str("|:--|:--|--:|--:|:-:|:-:|--:|--:|:--|:--|--:|--:|:--|\n");
    for f in words::rows(r) {
        let cells = [
            f.name.clone(),
            words::side_of(r, f).to_owned(),
            words::points(r, &f.dealt),
            words::points(r, &f.taken),
            words::blows(f),
            format!("{} ({})", f.reactions, f.turned_aside),
            f.criticals.to_string(),
            f.fumbles.to_string(),
            words::names(r, &f.took_out),
            words::out_by(r, f),
            f.rounds_down.to_string(),
            f.turns.to_string(),
            words::end(f).to_owned(),
        ];
        row(out, &cells);
    }
    out.push_str("\n| Side | Dealt | Taken | Blows landed / missed / avoided | Reactions | Critical hits | Took out | Went out | Standing, round by round |\n");
    out.push_str("|:--|--:|--:|:-:|--:|--:|--:|--:|:--|\n");
    for s in &r.sides {
        let standing: Vec<String> = s.standing.iter().map(|(_, n)| n.to_string()).collect();
        let cells = [
            s.name.clone(),
            words::points(r, &s.dealt),
            words::points(r, &s.taken),
            format!("{} / {} / {}", s.landed, s.missed, s.avoided),
            s.reactions.to_string(),
            s.criticals.to_string(),
            s.took_out.to_string(),
            s.went_out.to_string(),
            standing.join(" → "),
        ];
        row(out, &cells);
    }
    dice_into(out, &r.dice, heading);
    out.push('\n');
    out.push_str(heading);
    out.push_str("# How Fray counts in ");
    esc(out, &r.system);
    out.push_str("\n\n");
    for (what, how) in &r.words {
        out.push_str("- **");
        esc(out, what);
        out.push_str("**: ");
        esc(out, how);
        out.push('\n');
    }
}

/// How the dice fell: a sentence and a row of face counts per die and thrower.
pub(crate) fn dice_into(out: &mut String, dice: &[DieTally], heading: &str) {
    out.push('\n');
    out.push_str(heading);
    out.push_str("# How the dice fell\n\n");
    if dice.is_empty() {
        out.push_str("No dice were rolled.\n");
        return;
    }
    out.push_str(
        "| Dice | Rolls | Each face, lowest first (fair: each) | Mean (fair) | Fair dice? |\n",
    );
    out.push_str("|:--|--:|:--|--:|:--|\n");
    for t in dice {
        let who = t.title();
        let faces: Vec<String> = t.counts.iter().map(u64::to_string).collect();
        let fair = t.throws() as f64 / t.counts.len().max(1) as f64;
        let verdict = match t.fairness() {
            Fairness::TooFew { need } => format!("too few to judge (the test needs {need})"),
            Fairness::Tested { p, .. } => crate::recap::dice::chance_words(p),
        };
        let cells = [
            who,
            t.throws().to_string(),
            format!("{} ({fair:.1})", faces.join(" · ")),
            format!("{:.1} ({:.1})", t.mean(), t.fair_mean()),
            verdict,
        ];
        row(out, &cells);
    }
}

/// The evening's recap: the party over every fight, then (with `dice`) the evening's dice;
/// harm dealt and taken only where `harm` (dealt, taken) lets them be told (the players').
pub(crate) fn session_into(out: &mut String, r: &SessionRecap, dice: bool, harm: (bool, bool)) {
    out.push_str("\n## The evening\n\n");
    let fights = r.fights.len();
    out.push_str(&format!("{fights} fight{}.\n", if fights == 1 { "" } else { "s" }));
    if !r.party.is_empty() {
        let shown = |i: &usize| match i {
            2 => harm.0,
            3 => harm.1,
            _ => true,
        };
        let heads = [
            ("Who", ":--"),
            ("Fights", "--:"),
            ("Dealt", "--:"),
            ("Taken", "--:"),
            ("Blows landed / missed / avoided", ":-:"),
            ("Critical hits", "--:"),
            ("Took out", "--:"),
            ("Went out", "--:"),
        ];
        let kept: Vec<_> = heads.iter().enumerate().filter(|(i, _)| shown(i)).collect();
        out.push_str("\n|");
        for (_, (head, _)) in &kept {
            out.push_str(&format!(" {head} |"));
        }
        out.push_str("\n|");
        for (_, (_, align)) in &kept {
            out.push_str(&format!("{align}|"));
        }
        out.push('\n');
        for p in &r.party {
            let cells = p.cells();
            let cells: Vec<String> =
                cells.into_iter().enumerate().filter(|(i, _)| shown(i)).map(|(_, c)| c).collect();
            row(out, &cells);
        }
    }
    if dice {
        dice_into(out, &r.dice, "##");
    }
}

/// What happened, a paragraph a round, under `heading` (see [`crate::recap::story`]); nothing
/// when nothing did. `numbers`: harm told in points.
pub(crate) fn story_into(out: &mut String, r: &FightRecap, numbers: bool, heading: &str) {
    let rounds = crate::recap::story::by_round(r, numbers);
    if rounds.is_empty() {
        return;
    }
    out.push_str(&format!("\n{heading} What happened\n"));
    for (round, lines) in rounds {
        out.push_str("\n**");
        esc(out, &crate::recap::story::round_title(round));
        out.push_str(".** ");
        esc(out, &lines.join(" "));
        out.push('\n');
    }
}

fn row(out: &mut String, cells: &[String]) {
    out.push('|');
    for cell in cells {
        out.push(' ');
        esc(out, cell);
        out.push_str(" |");
    }
    out.push('\n');
}
