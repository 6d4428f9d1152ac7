//! The recap card: an evening on one picture, to paste where the group talks. One SVG of
//! [`WIDTH`] × [`HEIGHT`]: the evening's headline, each character's harm dealt and taken, the
//! party's health over the fights, and the dice's verdict — the charts drawn by the same code
//! as the HTML page's (`svg.rs`), each placed at its spot. Its text is in [`FONTS`], the fonts
//! the window bundles: the window's rasteriser loads exactly those, so the picture is the same
//! on every machine. The players' card is drawn from their evening
//! ([`crate::table_view::players_evening`]): nothing they never saw is in it.

use std::fmt::Write as _;

use super::session::SessionLog;
use crate::journal::Audience;
use crate::journal::html::escape_into as esc;
use crate::journal::svg::{self, Bar, Series};
use crate::recap::dice::{DieTally, Fairness};
use crate::recap::{FightRecap, total, words};

/// The card's width, in pixels.
pub const WIDTH: u32 = 1200;
/// The card's height, in pixels.
pub const HEIGHT: u32 = 1500;
/// The font families the card's text asks for, first choice first: the window's text font
/// and its symbols (`ui/assets/fonts`).
pub const FONTS: &str = "Noto Sans, DejaVu Sans";

const INK: &str = "#1f2328";
const GREY: &str = "#59636e";
const MARGIN: f32 = 60.0;

/// What the card shows, for one audience.
struct Card {
    title: String,
    sub: String,
    headline: Vec<String>,
    bars: Vec<Bar>,
    dealt: bool,
    health: Vec<Series>,
    fights: Vec<String>,
    spans: Vec<u32>,
    last_rounds: u32,
    dice: Vec<DieTally>,
}

/// The card of the evening `log` for `audience`, as a standalone SVG document.
pub fn session_card(log: &SessionLog, audience: Audience) -> String {
    let card = match audience {
        Audience::Gm => gm_card(log),
        Audience::Players => players_card(log),
    };
    draw(&card)
}

fn gm_card(log: &SessionLog) -> Card {
    let recap = log.recap();
    let headline = recap.fights.iter().filter_map(|r| fight_line(r, &words::headline(r))).collect();
    let fights: Vec<&FightRecap> = recap.fights.iter().collect();
    let bars = party_bars(&fights, &recap.party, true);
    let mut card = common(log, &fights, headline, bars, true);
    card.dice = recap.dice;
    card.headline.splice(0..0, standouts(&recap.party, true, true));
    card
}

fn players_card(log: &SessionLog) -> Card {
    let evening = log.players_evening();
    let headline =
        evening.fights.iter().filter_map(|p| fight_line(&p.fight, &p.table.lines)).collect();
    let fights: Vec<&FightRecap> = evening.fights.iter().map(|p| &p.fight).collect();
    let bars = party_bars(&fights, &evening.recap.party, evening.taken);
    let mut card = common(log, &fights, headline, bars, evening.dealt);
    card.sub.push_str(" · as the players saw it");
    card.dice = evening.recap.dice;
    card.headline.splice(0..0, standouts(&evening.recap.party, evening.dealt, evening.taken));
    card
}

/// The parts both audiences' cards share: the title, the fights, the party's health.
fn common(
    log: &SessionLog,
    fights: &[&FightRecap],
    headline: Vec<String>,
    bars: Vec<Bar>,
    dealt: bool,
) -> Card {
    let rounds: u32 = fights.iter().map(|r| r.rounds).sum();
    let n = fights.len();
    let mut sub = if log.date.is_empty() { String::new() } else { format!("{} · ", log.date) };
    let _ = write!(sub, "{n} fight{} · {rounds} round{}", plural(n as u32), plural(rounds));
    let mut procedures: Vec<&str> = Vec::new();
    for name in log.fights().map(|f| f.base.system().name()) {
        if !procedures.contains(&name) {
            procedures.push(name);
        }
    }
    // An evening may change procedure between fights: each is named, in the order first played
    // (" / " because a procedure's own name may hold commas).
    if !procedures.is_empty() {
        let _ = write!(sub, " · {}", procedures.join(" / "));
    }
    let (health, spans) = party_health(fights);
    Card {
        title: log.name.clone(),
        sub,
        headline,
        bars,
        dealt,
        health,
        fights: fights.iter().map(|r| r.name.clone()).collect(),
        spans,
        last_rounds: fights.last().map_or(0, |r| r.rounds),
        dice: Vec::new(),
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A fight's line of the headline: its name, then the first of its headline's sentences
/// after the rounds (its turn or biggest blow), or its rounds.
fn fight_line(r: &FightRecap, headline: &[String]) -> Option<String> {
    let said = headline.get(1).or(headline.first())?;
    Some(format!("{}: {said}", r.name))
}

/// Who stood out over the evening: the most harm dealt, the most taken, the most taken out —
/// each only where its figure may be told.
fn standouts(party: &[crate::recap::Person], dealt: bool, taken: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let most = |key: &dyn Fn(&crate::recap::Person) -> i64| {
        party.iter().max_by_key(|p| key(p)).filter(|p| key(p) > 0)
    };
    let mut said = Vec::new();
    if dealt && let Some(p) = most(&|p| total(&p.dealt)) {
        said.push(format!("most harm dealt: {} ({})", p.name, total(&p.dealt)));
    }
    if taken && let Some(p) = most(&|p| total(&p.taken)) {
        said.push(format!("most harm taken: {} ({})", p.name, total(&p.taken)));
    }
    if let Some(p) = most(&|p| i64::from(p.took_out)) {
        said.push(format!("most foes taken out: {} ({})", p.name, p.took_out));
    }
    if let Some((first, rest)) = said.split_first() {
        let mut line = first[..1].to_uppercase() + &first[1..];
        for s in rest {
            let _ = write!(line, "; {s}");
        }
        lines.push(line + ".");
    }
    lines
}

/// The party's harm bars over the evening, each in the colour of the side it fought on.
fn party_bars(fights: &[&FightRecap], party: &[crate::recap::Person], taken: bool) -> Vec<Bar> {
    party
        .iter()
        .map(|p| {
            let colour = fights
                .iter()
                .find_map(|r| {
                    r.combatants.iter().find(|f| f.name == p.name).map(|f| words::colour_of(r, f))
                })
                .unwrap_or("#888888");
            Bar {
                name: p.name.clone(),
                colour: colour.to_owned(),
                dealt: total(&p.dealt),
                taken: if taken { total(&p.taken) } else { 0 },
            }
        })
        .collect()
}

/// Each of the party's health over every fight, one after the other (a fight of no round
/// still takes one), and each fight's span in rounds.
fn party_health(fights: &[&FightRecap]) -> (Vec<Series>, Vec<u32>) {
    let mut series: Vec<Series> = Vec::new();
    let mut spans = Vec::new();
    let mut at = 0.0;
    for r in fights {
        let party = r
            .combatants
            .iter()
            .filter(|f| f.health_max > 0 && r.sides.iter().any(|s| s.id == f.side && s.party));
        for f in party {
            let i = match series.iter().position(|s| s.name == f.name) {
                Some(i) => i,
                None => {
                    series.push(Series { name: f.name.clone(), points: Vec::new() });
                    series.len() - 1
                }
            };
            let share = |v: i64| v as f32 / f.health_max as f32;
            series[i]
                .points
                .extend(f.health.iter().map(|(round, v)| (at + *round as f32, share(*v))));
        }
        spans.push(r.rounds.max(1));
        at += r.rounds.max(1) as f32;
    }
    (series, spans)
}

/// The card drawn: a light page, its text, and the charts placed down it.
fn draw(card: &Card) -> String {
    let mut out = String::with_capacity(32768);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"{FONTS}\" color=\"{INK}\" \
         fill=\"currentColor\"><rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>"
    );
    line(&mut out, MARGIN, 84.0, 46.0, INK, &words::short_to(&card.title, 44));
    line(&mut out, MARGIN, 126.0, 24.0, GREY, &card.sub);
    let mut y = 178.0;
    for sentence in card.headline.iter().take(6) {
        for l in wrap(sentence, 84).into_iter().take(2) {
            line(&mut out, MARGIN, y, 23.0, INK, &l);
            y += 32.0;
        }
    }
    charts(&mut out, card, y + 14.0);
    line(&mut out, MARGIN, HEIGHT as f32 - 24.0, 18.0, GREY, "Made with Fray");
    out.push_str("</svg>\n");
    out
}

/// The bars, the health and the dice from `top` down to the card's foot, scaled to fit.
fn charts(out: &mut String, card: &Card, top: f32) {
    let mut bars = String::new();
    if !card.bars.is_empty() {
        svg::bars(&mut bars, &card.bars, card.dealt);
    }
    let mut health = String::new();
    let mut ticks = Vec::new();
    let mut at = 0;
    for (i, s) in card.spans.iter().enumerate() {
        ticks.push((at as f32, format!("F{}", i + 1)));
        at += s;
    }
    // The chart ends where the last fight did (one of no round ends where it began).
    let last = card.spans.last().copied().unwrap_or(0);
    let span = (at - last + card.last_rounds).max(1);
    svg::lines(
        &mut health,
        &card.health,
        span as f32,
        &ticks,
        "The party's health over the evening",
    );
    let dice_h = if card.dice.is_empty() { 0.0 } else { 290.0 };
    let legend = fight_legend(card);
    let fixed = 2.0 * 52.0 + dice_h + legend.len() as f32 * 26.0 + 60.0;
    let natural = height_of(&bars) + height_of(&health);
    let room = HEIGHT as f32 - top - fixed;
    let width = (room / natural.max(1.0) * 480.0).clamp(300.0, WIDTH as f32 - 2.0 * MARGIN);
    let mut y = top;
    let bars_title = if card.dealt { "Harm dealt and taken" } else { "Harm taken" };
    for (title, chart) in [(bars_title, &bars), ("The party's health, fight by fight", &health)] {
        if chart.is_empty() {
            continue;
        }
        line(out, MARGIN, y + 30.0, 28.0, INK, title);
        y += 44.0 + place(out, chart, MARGIN, y + 44.0, width);
    }
    for l in &legend {
        line(out, MARGIN, y + 18.0, 18.0, GREY, l);
        y += 26.0;
    }
    if !card.dice.is_empty() {
        dice(out, &card.dice, y + 12.0);
    }
}

/// "F1 The ambush · F2 The bridge": which fight each tick names, wrapped.
fn fight_legend(card: &Card) -> Vec<String> {
    let named: Vec<String> =
        card.fights.iter().enumerate().map(|(i, n)| format!("F{} {}", i + 1, n)).collect();
    wrap(&named.join(" · "), 110).into_iter().take(3).collect()
}

/// The dice's verdict: the three dice thrown most, each a histogram with its sentence.
fn dice(out: &mut String, tallies: &[DieTally], top: f32) {
    line(out, MARGIN, top + 30.0, 28.0, INK, "How the dice fell");
    let mut most: Vec<&DieTally> = tallies.iter().collect();
    most.sort_by_key(|t| std::cmp::Reverse(t.throws()));
    let w = (WIDTH as f32 - 2.0 * MARGIN - 40.0) / 3.0;
    for (i, t) in most.iter().take(3).enumerate() {
        let x = MARGIN + i as f32 * (w + 20.0);
        let mut chart = String::new();
        svg::histogram(&mut chart, t);
        let h = place(out, &chart, x, top + 46.0, w);
        let n = t.throws();
        let rolls = format!("{}: {n} roll{}", t.title(), if n == 1 { "" } else { "s" });
        let verdict = match t.fairness() {
            Fairness::TooFew { .. } => format!("{rolls}, too few to judge"),
            Fairness::Tested { p, .. } => {
                format!("{rolls}, {}", crate::recap::dice::chance_words(p))
            }
        };
        let mut y = top + 46.0 + h + 22.0;
        for l in wrap(&verdict, 34).into_iter().take(3) {
            line(out, x, y, 17.0, GREY, &l);
            y += 22.0;
        }
    }
}

/// One line of text at `x`, `y` (its baseline).
fn line(out: &mut String, x: f32, y: f32, size: f32, fill: &str, text: &str) {
    let _ = write!(out, "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\" fill=\"{fill}\">");
    esc(out, text);
    out.push_str("</text>");
}

/// A chart's height for each unit of its width, from its `viewBox`.
fn aspect(chart: &str) -> f32 {
    let view = chart.split("viewBox=\"").nth(1).and_then(|v| v.split('"').next()).unwrap_or("");
    let n: Vec<f32> = view.split(' ').filter_map(|v| v.parse().ok()).collect();
    match n.as_slice() {
        [_, _, w, h] if *w > 0.0 => h / w,
        _ => 0.0,
    }
}

/// A chart's height at the page's 480 units wide.
fn height_of(chart: &str) -> f32 {
    aspect(chart) * 480.0
}

/// `chart` (one of `svg.rs`'s, made to fill its container's width) placed at `x`, `y`,
/// `width` wide on the card; its height.
fn place(out: &mut String, chart: &str, x: f32, y: f32, width: f32) -> f32 {
    let height = aspect(chart) * width;
    let at = format!(" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"{height:.1}\"");
    out.push_str(&chart.replacen(" width=\"100%\"", &at, 1));
    height
}

/// `text` in lines of at most `chars` characters, broken between words (a longer word is a
/// line of its own).
fn wrap(text: &str, chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > chars {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}
