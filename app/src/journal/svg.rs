//! The recap's pictures as inline SVG: nothing fetched, no script, no font; text is escaped like
//! the rest of the page and drawn in the page's own colour (`currentColor`), so the charts read
//! in light and dark and in print. Each picture scales to the width it is given (a `viewBox`,
//! 100 % wide), down to a phone's.

use std::fmt::Write as _;

use super::html::escape_into as esc;
use crate::recap::board::{EndBoard, Spot};
use crate::recap::dice::DieTally;
use crate::recap::{FightRecap, Figures, words};

/// Colours for lines of one side, each told apart.
const PALETTE: &[&str] =
    &["#0969da", "#bf3989", "#1a7f37", "#bc4c00", "#8250df", "#9a6700", "#0550ae", "#cf222e"];
/// The colour of harm taken: amber, apart from the usual red and blue of sides.
const TAKEN: &str = "#bf8700";
/// The fair count's dashed line.
const FAIR: &str = "#cf222e";

fn open(out: &mut String, class: &str, w: f32, h: f32, label: &str) {
    let _ = write!(
        out,
        "<svg class=\"chart {class}\" viewBox=\"0 0 {w} {h}\" width=\"100%\" role=\"img\" \
         aria-label=\""
    );
    esc(out, label);
    out.push_str("\" xmlns=\"http://www.w3.org/2000/svg\" font-size=\"14\" fill=\"currentColor\">");
}

fn text(out: &mut String, x: f32, y: f32, anchor: &str, body: &str) {
    let _ = write!(out, "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{anchor}\">");
    esc(out, body);
    out.push_str("</text>");
}

/// A safe fill colour: a side's `#rrggbb`, else grey (the colour is the GM's text).
pub(crate) fn colour(c: &str) -> &str {
    let ok = c.len() == 7 && c.starts_with('#') && c.bytes().skip(1).all(|b| b.is_ascii_hexdigit());
    if ok { c } else { "#888888" }
}

/// One row of the harm bars: who, the colour of its harm dealt, and its harm summed.
pub(crate) struct Bar {
    /// The name, shortened when drawn.
    pub name: String,
    /// The fill of its harm dealt (a side's colour; checked when drawn).
    pub colour: String,
    /// Harm dealt, every track summed.
    pub dealt: i64,
    /// Harm taken, every track summed.
    pub taken: i64,
}

/// Harm dealt and taken per combatant: two bars a row, dealt in the side's colour. Without
/// `dealt` (the players, who did not see their foes' health in numbers), harm taken only.
pub(crate) fn damage_bars(out: &mut String, r: &FightRecap, rows: &[&Figures], dealt: bool) {
    let rows: Vec<Bar> = rows
        .iter()
        .map(|f| Bar {
            name: f.name.clone(),
            colour: words::colour_of(r, f).to_owned(),
            dealt: crate::recap::total(&f.dealt),
            taken: crate::recap::total(&f.taken),
        })
        .collect();
    bars(out, &rows, dealt);
}

/// The harm bars of `rows` (see [`damage_bars`]): a fight's combatants, or an evening's party.
pub(crate) fn bars(out: &mut String, rows: &[Bar], dealt: bool) {
    let most = rows.iter().map(|b| b.dealt.max(b.taken)).max().unwrap_or(0).max(1) as f32;
    let (label_w, bar_w, row_h) = (130.0, 290.0, 30.0);
    let h = 34.0 + rows.len() as f32 * row_h;
    let label = if dealt { "Harm dealt and taken by each combatant" } else { "Harm taken by each" };
    open(out, "bars", 480.0, h, label);
    if dealt {
        let _ = write!(
            out,
            "<rect class=\"dealt\" x=\"{label_w}\" y=\"6\" width=\"12\" height=\"10\" \
             fill=\"currentColor\" fill-opacity=\".55\"/>"
        );
        text(out, label_w + 16.0, 15.0, "start", "dealt");
    }
    let key_x = if dealt { label_w + 80.0 } else { label_w };
    let _ = write!(
        out,
        "<rect class=\"taken\" x=\"{key_x}\" y=\"6\" width=\"12\" height=\"10\" fill=\"{TAKEN}\"/>"
    );
    text(out, key_x + 16.0, 15.0, "start", "taken");
    for (i, b) in rows.iter().enumerate() {
        let y = 28.0 + i as f32 * row_h;
        text(out, label_w - 8.0, y + 14.0, "end", &words::short(&b.name));
        let dw = b.dealt as f32 / most * bar_w;
        let tw = b.taken as f32 / most * bar_w;
        if dealt {
            let _ = write!(
                out,
                "<rect class=\"dealt\" x=\"{label_w}\" y=\"{y:.1}\" width=\"{dw:.1}\" height=\"11\" fill=\"{}\"/>",
                colour(&b.colour)
            );
        }
        let _ = write!(
            out,
            "<rect class=\"taken\" x=\"{label_w}\" y=\"{:.1}\" width=\"{tw:.1}\" height=\"9\" fill=\"{TAKEN}\"/>",
            y + 13.0
        );
        let figure = if dealt { format!("{} / {}", b.dealt, b.taken) } else { b.taken.to_string() };
        text(out, label_w + dw.max(tw) + 6.0, y + 15.0, "start", &figure);
    }
    out.push_str("</svg>");
}

/// One line of the health chart: whose, and its health as a share of its full at each point
/// (`x` in rounds from the chart's start).
pub(crate) struct Series {
    /// The name, shortened when drawn.
    pub name: String,
    /// `(x, share)`: 1.0 is full health, 0 none.
    pub points: Vec<(f32, f32)>,
}

/// Each of the party's harm tracks summed, as a share of their maximum, round by round.
pub(crate) fn health_lines(out: &mut String, r: &FightRecap) {
    let party: Vec<Series> = words::rows(r)
        .filter(|f| f.health_max > 0 && r.sides.iter().any(|s| s.id == f.side && s.party))
        .map(|f| Series {
            name: f.name.clone(),
            points: f
                .health
                .iter()
                .map(|(round, v)| (*round as f32, *v as f32 / f.health_max as f32))
                .collect(),
        })
        .collect();
    if r.rounds == 0 {
        return;
    }
    let ticks: Vec<(f32, String)> = (0..=r.rounds)
        .map(|round| {
            (round as f32, if round == 0 { "start".to_owned() } else { format!("R{round}") })
        })
        .collect();
    lines(out, &party, r.rounds as f32, &ticks, "Each character's health, round by round");
}

/// The health chart of `party` over `span` rounds, `ticks` labelled under it; nothing when
/// there is no one or no round to draw.
pub(crate) fn lines(
    out: &mut String,
    party: &[Series],
    span: f32,
    ticks: &[(f32, String)],
    label: &str,
) {
    if party.is_empty() || span <= 0.0 {
        return;
    }
    let (left, top, w, h) = (44.0, 12.0, 410.0, 160.0);
    let legend_rows = party.len().div_ceil(2) as f32;
    let total_h = top + h + 30.0 + legend_rows * 20.0;
    open(out, "lines", 480.0, total_h, label);
    let x_of = |x: f32| left + x / span * w;
    let y_of = |share: f32| top + (1.0 - share.clamp(-0.25, 1.0)) * h;
    for pct in [0u32, 50, 100] {
        let y = y_of(pct as f32 / 100.0);
        let _ = write!(
            out,
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"currentColor\" stroke-opacity=\".2\"/>",
            left + w
        );
        text(out, left - 6.0, y + 4.0, "end", &format!("{pct}%"));
    }
    for (x, tick) in ticks {
        text(out, x_of(*x), top + h + 18.0, "middle", tick);
    }
    for (i, s) in party.iter().enumerate() {
        let c = PALETTE[i % PALETTE.len()];
        let pts: Vec<String> =
            s.points.iter().map(|(x, v)| format!("{:.1},{:.1}", x_of(*x), y_of(*v))).collect();
        // Each line also has a dash of its own in print (`l0`..`l3`), told apart in grey.
        let dash = i % 4;
        let _ = write!(
            out,
            "<polyline class=\"line l{dash}\" points=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"2.5\"/>",
            pts.join(" ")
        );
        let (lx, ly) = (left + (i % 2) as f32 * 210.0, top + h + 40.0 + (i / 2) as f32 * 20.0);
        let _ = write!(
            out,
            "<line class=\"line l{dash}\" x1=\"{lx}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"{c}\" stroke-width=\"3\"/>",
            lx + 24.0,
            ly - 4.0,
            ly - 4.0
        );
        text(out, lx + 30.0, ly, "start", &words::short(&s.name));
    }
    out.push_str("</svg>");
}

/// One die's faces: a bar per face (ten bands for a d%), the fair count dashed.
pub(crate) fn histogram(out: &mut String, t: &DieTally) {
    let counts = t.bars();
    let n = counts.len().max(1) as f32;
    let fair = t.throws() as f32 / n;
    let most = counts.iter().copied().max().unwrap_or(0).max(1) as f32;
    let top = most.max(fair) * 1.1;
    let (left, w, h) = (8.0, 300.0, 110.0);
    open(out, "dice", 316.0, h + 24.0, &t.words());
    let step = w / n;
    for (i, c) in counts.iter().enumerate() {
        let bh = *c as f32 / top * h;
        let _ = write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"currentColor\" fill-opacity=\".55\"/>",
            left + i as f32 * step + 1.0,
            h - bh,
            (step - 2.0).max(1.0)
        );
        // Every face labelled on a small die; the first and every fifth on a d20 and up.
        if counts.len() <= 12 || i == 0 || (i + 1) % 5 == 0 {
            let label = if t.counts.len() > 20 {
                format!("{}", (i + 1) * 10)
            } else {
                format!("{}", i + 1)
            };
            text(out, left + (i as f32 + 0.5) * step, h + 16.0, "middle", &label);
        }
    }
    let fy = h - fair / top * h;
    let _ = write!(
        out,
        "<line x1=\"{left}\" x2=\"{}\" y1=\"{fy:.1}\" y2=\"{fy:.1}\" stroke=\"{FAIR}\" stroke-dasharray=\"5 4\" stroke-width=\"1.5\"/>",
        left + w
    );
    out.push_str("</svg>");
}

/// The board as it ended: zone cards with their tokens, or the grid with walls and tokens.
pub(crate) fn board(out: &mut String, b: &EndBoard) {
    match b.grid {
        Some((gw, gh)) => grid_board(out, b, gw, gh),
        None => zone_board(out, b),
    }
}

fn token(out: &mut String, x: f32, y: f32, radius: f32, t: &crate::recap::board::Token) {
    let fill = if t.out { "#8c959f" } else { colour(&t.colour) };
    out.push_str("<g>");
    let _ = write!(
        out,
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{radius:.1}\" fill=\"{fill}\" stroke=\"currentColor\" stroke-width=\"1\"/>"
    );
    if t.out {
        let d = radius * 0.6;
        let _ = write!(
            out,
            "<path d=\"M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}\" stroke=\"#fff\" stroke-width=\"2\"/>",
            x - d,
            y - d,
            x + d,
            y + d,
            x - d,
            y + d,
            x + d,
            y - d
        );
    }
    // An anonymous token is a question mark, not the first letters of "an unknown creature".
    let initials: String = if t.name == crate::table_view::UNKNOWN {
        "?".to_owned()
    } else {
        t.name.chars().filter(|c| !c.is_whitespace()).take(2).collect()
    };
    let _ = write!(
        out,
        "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"{:.0}\" fill=\"#fff\">",
        y + radius * 0.35,
        radius
    );
    esc(out, &initials);
    out.push_str("</text><title>");
    esc(out, &t.name);
    if !t.word.is_empty() {
        out.push_str(" — ");
        esc(out, &t.word);
    }
    out.push_str("</title></g>");
}

fn zone_board(out: &mut String, b: &EndBoard) {
    if b.zones.is_empty() {
        return;
    }
    let min_x = b.zones.iter().map(|z| z.rect[0]).fold(f32::MAX, f32::min);
    let min_y = b.zones.iter().map(|z| z.rect[1]).fold(f32::MAX, f32::min);
    let max_x = b.zones.iter().map(|z| z.rect[0] + z.rect[2]).fold(f32::MIN, f32::max);
    let max_y = b.zones.iter().map(|z| z.rect[1] + z.rect[3]).fold(f32::MIN, f32::max);
    let (w, h) = ((max_x - min_x).max(1.0) + 20.0, (max_y - min_y).max(1.0) + 20.0);
    open(out, "board", w, h, "The board as the fight ended");
    for (i, z) in b.zones.iter().enumerate() {
        let (x, y) = (z.rect[0] - min_x + 10.0, z.rect[1] - min_y + 10.0);
        let _ = write!(
            out,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"8\" fill=\"currentColor\" fill-opacity=\".06\" stroke=\"currentColor\" stroke-opacity=\".4\"/>",
            z.rect[2], z.rect[3]
        );
        text(out, x + 8.0, y + 18.0, "start", &words::short(&z.name));
        let here: Vec<_> = b
            .tokens
            .iter()
            .filter(|t| matches!(t.spot, Spot::Zone { zone } if zone == i))
            .collect();
        let per_row = ((z.rect[2] - 16.0) / 30.0).floor().max(1.0) as usize;
        for (k, t) in here.iter().enumerate() {
            let tx = x + 22.0 + (k % per_row) as f32 * 30.0;
            let ty = y + 44.0 + (k / per_row) as f32 * 30.0;
            token(out, tx, ty, 11.0, t);
        }
    }
    out.push_str("</svg>");
}

fn grid_board(out: &mut String, b: &EndBoard, gw: u16, gh: u16) {
    let cell = 24.0;
    let (w, h) = (f32::from(gw) * cell, f32::from(gh) * cell);
    open(out, "board", w + 2.0, h + 2.0, "The board as the fight ended");
    out.push_str("<g stroke=\"currentColor\" stroke-opacity=\".15\">");
    for x in 0..=gw {
        // One line per column and row: a grid is at most a few hundred squares across.
        let px = f32::from(x) * cell + 1.0;
        let _ = write!(out, "<line x1=\"{px}\" x2=\"{px}\" y1=\"1\" y2=\"{}\"/>", h + 1.0);
    }
    for y in 0..=gh {
        let py = f32::from(y) * cell + 1.0;
        let _ = write!(out, "<line y1=\"{py}\" y2=\"{py}\" x1=\"1\" x2=\"{}\"/>", w + 1.0);
    }
    out.push_str("</g><g stroke=\"currentColor\" stroke-width=\"4\" stroke-linecap=\"round\">");
    for (x, y, across) in &b.walls {
        let (x0, y0) = (f32::from(*x) * cell + 1.0, f32::from(*y) * cell + 1.0);
        let (x1, y1) = if *across { (x0 + cell, y0) } else { (x0, y0 + cell) };
        let _ = write!(out, "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y1}\"/>");
    }
    out.push_str("</g>");
    for t in &b.tokens {
        if let Spot::Square { x, y, size } = t.spot {
            let s = f32::from(size) * cell;
            token(
                out,
                f32::from(x) * cell + 1.0 + s / 2.0,
                f32::from(y) * cell + 1.0 + s / 2.0,
                s * 0.4,
                t,
            );
        }
    }
    out.push_str("</svg>");
}
