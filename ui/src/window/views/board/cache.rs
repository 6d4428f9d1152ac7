//! What the board draws, prepared once per state change instead of once per frame: who
//! stands in which zone, side colours, and every token's text already laid out. A frame then
//! only places and paints (the board must stay fast with 500 tokens).

use super::geometry::{COMPACT_DISC, COMPACT_TILE, FULL_DISC, FULL_TILE_WIDTH};
use eframe::egui::text::{LayoutJob, TextWrapping};
use eframe::egui::{self, Color32, FontId, Galley};
use fray_app::encounter::Encounter;
use fray_app::ids::{CombatantId, ZoneId};
use fray_app::reach;
use fray_app::system::System;
use fray_app::system::presentation::{Meaning, Standing, TokenView, TrackView, token_view};
use fray_data::{EncounterId, Session};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// Size of a full token's name (the body size).
pub const NAME_FONT: f32 = 17.0;
/// Size of a compact token's name (the body size: the GM reads it from arm's length).
pub const COMPACT_NAME_FONT: f32 = 17.0;
/// Size of the numbers beside a bar.
pub const BAR_FONT: f32 = 14.0;
/// Size of condition and range chips.
pub const CHIP_FONT: f32 = 13.5;
/// Width kept free at the right of a compact token's name for the condition dot.
pub const DOT_ROOM: f32 = 14.0;
/// Conditions shown on a token before a "+N".
const MAX_CHIPS: usize = 3;
/// Size of a compact token's condition chip.
pub const SHORT_CHIP_FONT: f32 = 12.5;
/// Size of the word on an out-of-the-fight token ("DEAD"): read from across the table.
pub const STANDING_FONT: f32 = 14.0;

/// One main track as a bar.
pub struct Bar {
    /// value / max, clamped to 0..=1.
    pub fraction: f32,
    /// What it measures: its colour.
    pub meaning: Meaning,
    /// "HP 5/9".
    pub text: Arc<Galley>,
}

/// A token ready to paint. Galleys are laid out with [`Color32::PLACEHOLDER`] so the painter
/// picks the colour (theme, highlight) at paint time.
pub struct Token {
    /// Whose token.
    pub id: CombatantId,
    /// Its name (for accessibility and tooltips).
    pub name: String,
    /// The side's colour.
    pub colour: Color32,
    /// Text colour on the disc, readable on the side's colour.
    pub ink: Color32,
    /// Initials for a full disc.
    pub initials: Arc<Galley>,
    /// Initials for a compact disc.
    pub initials_small: Arc<Galley>,
    /// Name, cut to a full token's width.
    pub name_full: Arc<Galley>,
    /// Name, cut to a compact token's width.
    pub name_compact: Arc<Galley>,
    /// The main tracks the procedure names (bdp HP then STR, d12 Stress then Wound Points...).
    pub bars: Vec<Bar>,
    /// The bar a compact token shows (it has room for one): the procedure's pick.
    pub compact_bar: Option<usize>,
    /// Condition chips (the first few, then "+N").
    pub chips: Vec<Arc<Galley>>,
    /// The first condition, short, with "+N" for the others: a compact token's chip.
    pub chip_short: Option<Arc<Galley>>,
    /// How many conditions it has.
    pub conditions: usize,
    /// How it stands (dead, dying, down, fled...): out of the fight, it is greyed and marked.
    pub standing: Standing,
    /// The standing's word in capitals ("DEAD"), laid out for its badge.
    pub standing_text: Option<Arc<Galley>>,
    /// Concealed (hidden from its foes): drawn faded, dashed, with a crossed-out eye.
    pub hidden: bool,
    /// It has had its turn this round: drawn faded.
    pub done: bool,
    /// It acts now: lit.
    pub acting: bool,
    /// "↔ Yard": it stands on the border with that zone (Murdham), laid out as a chip.
    pub border: Option<Arc<Galley>>,
}

/// Everything prepared for one state of one encounter.
pub struct Cache {
    key: Key,
    /// Tokens in the order the combatants were added, laid out for the board's zoom.
    pub tokens: Vec<Token>,
    /// Tokens of [`Self::off_board`] (same order), laid out at zoom 1 for the tray.
    pub tray: Vec<Token>,
    /// Token indexes per zone.
    pub members: BTreeMap<ZoneId, Vec<usize>>,
    /// Token indexes of the combatants off the board.
    pub off_board: Vec<usize>,
    /// Steps from the selected combatant's zone (computed once, not per token).
    ranges: Option<(ZoneId, BTreeMap<ZoneId, u32>)>,
    /// Range band labels laid out, per size.
    bands: HashMap<(&'static str, bool), Arc<Galley>>,
}

/// What the prepared data depends on.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Key {
    encounter: EncounterId,
    /// Grows with every command recorded (even after an undo).
    stream: u64,
    /// Commands in effect (moves with undo and redo).
    cursor: usize,
    /// Text is laid out for one scale.
    pixels_per_point: f32,
    /// And one board zoom.
    zoom: f32,
    /// And one theme: switching it may rebuild the font atlas, which would leave the laid-out
    /// text of the other theme blank (the tokens lost their names until the next zoom).
    dark: bool,
}

impl Cache {
    /// The cache for the session's current state, rebuilt only when the state (or the scale,
    /// or the board's `zoom`) changed.
    pub fn refresh<'a>(
        slot: &'a mut Option<Cache>,
        ctx: &egui::Context,
        session: &Session,
        zoom: f32,
    ) -> &'a mut Cache {
        let h = session.history();
        let key = Key {
            encounter: session.encounter_id(),
            stream: h.next_stream(),
            cursor: h.cursor(),
            pixels_per_point: ctx.pixels_per_point(),
            zoom,
            dark: ctx.theme() == egui::Theme::Dark,
        };
        if slot.as_ref().is_none_or(|c| c.key != key) {
            *slot = Some(Self::build(key, ctx, h.system(), session.state()));
        }
        slot.as_mut().expect("just filled")
    }

    fn build(key: Key, ctx: &egui::Context, system: &dyn System, state: &Encounter) -> Self {
        let mut members: BTreeMap<ZoneId, Vec<usize>> =
            state.zones.keys().map(|z| (*z, Vec::new())).collect();
        let mut off_board = Vec::new();
        let colours: HashMap<_, _> = state
            .sides
            .values()
            .map(|s| (s.id, Color32::from_hex(&s.colour).unwrap_or(Color32::GRAY)))
            .collect();
        let (tokens, tray) = ctx.fonts_mut(|fonts| {
            let mut tokens = Vec::with_capacity(state.combatants.len());
            let mut tray = Vec::new();
            for (i, c) in state.combatants.values().enumerate() {
                let view = token_view(system, state, c.id).expect("a combatant of the state");
                match c.zone.and_then(|z| members.get_mut(&z)) {
                    Some(list) => list.push(i),
                    // On a grid: drawn on its squares, not in the tray.
                    None if c.square.is_some() => {}
                    None => {
                        off_board.push(i);
                        tray.push(token(fonts, state, c, &view, &colours, 1.0));
                    }
                }
                tokens.push(token(fonts, state, c, &view, &colours, key.zoom));
            }
            (tokens, tray)
        });
        Self { key, tokens, tray, members, off_board, ranges: None, bands: HashMap::new() }
    }

    /// Steps from `from` to every zone, computed once per selected zone and state.
    pub fn ranges_from(&mut self, state: &Encounter, from: ZoneId) -> &BTreeMap<ZoneId, u32> {
        if self.ranges.as_ref().is_none_or(|(z, _)| *z != from) {
            self.ranges = Some((from, reach::distances(state, from)));
        }
        &self.ranges.as_ref().expect("just filled").1
    }

    /// A range band's label laid out at the board's zoom (small for compact tokens).
    pub fn band(&mut self, ctx: &egui::Context, label: &'static str, small: bool) -> Arc<Galley> {
        let zoom = self.key.zoom;
        self.bands
            .entry((label, small))
            .or_insert_with(|| {
                let size = if small { 12.5 } else { CHIP_FONT } * zoom;
                ctx.fonts_mut(|f| {
                    f.layout_no_wrap(
                        label.to_owned(),
                        FontId::proportional(size),
                        Color32::PLACEHOLDER,
                    )
                })
            })
            .clone()
    }
}

/// A token laid out at `zoom`, showing what the procedure says matters (`view`).
fn token(
    fonts: &mut egui::epaint::FontsView<'_>,
    state: &Encounter,
    c: &fray_app::encounter::Combatant,
    view: &TokenView,
    colours: &HashMap<fray_app::ids::SideId, Color32>,
    zoom: f32,
) -> Token {
    let mut layout = |text: String, size: f32, width: f32| {
        let mut job = LayoutJob::simple_singleline(
            text,
            FontId::proportional(size * zoom),
            Color32::PLACEHOLDER,
        );
        job.wrap = TextWrapping::truncate_at_width(width * zoom);
        fonts.layout_job(job)
    };
    let full_text_w = FULL_TILE_WIDTH - FULL_DISC - 20.0;
    let compact_text_w = COMPACT_TILE.x - COMPACT_DISC - 16.0 - DOT_ROOM;
    let colour = colours.get(&c.side).copied().unwrap_or(Color32::GRAY);
    let initials = initials(&c.name);
    let bars = view
        .main
        .iter()
        .map(|t| Bar {
            fraction: t.fraction(),
            meaning: t.meaning,
            text: layout(bar_text(t), BAR_FONT, 110.0),
        })
        .collect();
    let shown = &view.conditions;
    let mut chips: Vec<_> = shown
        .iter()
        .take(MAX_CHIPS)
        .map(|k| layout(k.clone(), CHIP_FONT, full_text_w - 10.0))
        .collect();
    if shown.len() > MAX_CHIPS {
        let more = format!("+{}", shown.len() - MAX_CHIPS);
        chips.push(layout(more, CHIP_FONT, 40.0));
    }
    let chip_short = shown.first().map(|first| {
        let short: String = if first.chars().count() > 8 {
            first.chars().take(7).chain(std::iter::once('…')).collect()
        } else {
            first.clone()
        };
        let more = if shown.len() > 1 { format!(" +{}", shown.len() - 1) } else { String::new() };
        layout(format!("{short}{more}"), SHORT_CHIP_FONT, 90.0)
    });
    let standing_text = view
        .standing
        .is_out()
        .then(|| layout(view.standing.word().to_uppercase(), STANDING_FONT, 120.0));
    let border = view.border.and_then(|z| state.zone(z));
    let border =
        border.map(|z| layout(format!("\u{2194} {}", z.name), CHIP_FONT, full_text_w - 10.0));
    Token {
        id: c.id,
        colour,
        ink: ink_on(colour),
        initials: layout(initials.clone(), 15.0, FULL_DISC),
        initials_small: layout(initials, 12.5, COMPACT_DISC),
        name_full: name_galley(fonts, &c.name, NAME_FONT * zoom, full_text_w * zoom),
        name_compact: name_galley(fonts, &c.name, COMPACT_NAME_FONT * zoom, compact_text_w * zoom),
        name: c.name.clone(),
        bars,
        compact_bar: view.compact,
        chips,
        chip_short,
        conditions: shown.len(),
        standing: view.standing,
        standing_text,
        hidden: view.hidden,
        done: view.done,
        acting: view.acting,
        border,
    }
}

/// A name on one line of at most `width` points. Cut short, a name ending in a number keeps
/// it ("Hobgoblin w… 2"): two warriors must not both read "Hobgoblin w…".
fn name_galley(
    fonts: &mut egui::epaint::FontsView<'_>,
    name: &str,
    size: f32,
    width: f32,
) -> Arc<Galley> {
    let font = FontId::proportional(size);
    let mut line = |text: String| fonts.layout_no_wrap(text, font.clone(), Color32::PLACEHOLDER);
    let whole = line(name.to_owned());
    let number = name
        .rsplit_once(' ')
        .filter(|(head, n)| !head.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    match number {
        _ if whole.size().x <= width => whole,
        Some((head, n)) => {
            // The longest start of the head that fits with "… N" after it.
            let chars: Vec<char> = head.trim_end().chars().collect();
            let cut =
                |k: usize| format!("{}… {n}", chars[..k].iter().collect::<String>().trim_end());
            let (mut lo, mut hi) = (0, chars.len());
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if line(cut(mid)).size().x <= width {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            line(cut(lo))
        }
        None => {
            let mut job = LayoutJob::simple_singleline(name.to_owned(), font, Color32::PLACEHOLDER);
            job.wrap = TextWrapping::truncate_at_width(width);
            fonts.layout_job(job)
        }
    }
}

/// Up to three characters naming a combatant on its disc: "Goblin 12" → "G12",
/// "Brother Aldo" → "BA", "Harald" → "Ha".
pub fn initials(name: &str) -> String {
    let mut words = name.split_whitespace();
    let Some(first) = words.next() else { return "?".into() };
    let lead: String = first.chars().take(1).flat_map(char::to_uppercase).collect();
    match words.last() {
        Some(last) if last.chars().all(|c| c.is_ascii_digit()) => {
            lead + &last.chars().take(2).collect::<String>()
        }
        Some(last) => lead + &last.chars().take(1).flat_map(char::to_uppercase).collect::<String>(),
        None => lead + &first.chars().skip(1).take(1).collect::<String>(),
    }
}

/// A bar's words: named, so a token with several tracks (HP, STR...) reads at a glance.
fn bar_text(t: &TrackView) -> String {
    format!("{} {}/{}", t.label, crate::window::views::number_text(t.value), t.max)
}

/// Black or white, whichever reads better on `bg`.
pub fn ink_on(bg: Color32) -> Color32 {
    let [r, g, b, _] = bg.to_array();
    let luma = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b);
    if luma > 150.0 { Color32::from_gray(20) } else { Color32::WHITE }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_name_their_track() {
        let t = |label: &str, value: i64| TrackView {
            key: label.to_lowercase(),
            label: label.into(),
            value,
            max: 8,
            meaning: Meaning::Harm,
        };
        assert_eq!(bar_text(&t("HP", 3)), "HP 3/8");
        assert_eq!(bar_text(&t("Members", 3)), "Members 3/8");
        assert_eq!(bar_text(&t("WP", -3)), "WP −3/8");
    }

    #[test]
    fn initials_name_the_token() {
        assert_eq!(initials("Goblin 12"), "G12");
        assert_eq!(initials("Brother Aldo"), "BA");
        assert_eq!(initials("Harald"), "Ha");
        assert_eq!(initials("  "), "?");
    }

    #[test]
    fn ink_contrasts_with_the_side_colour() {
        assert_eq!(ink_on(Color32::from_rgb(0x3d, 0x7f, 0xc4)), Color32::WHITE);
        assert_eq!(ink_on(Color32::from_rgb(0xf0, 0xe0, 0x80)), Color32::from_gray(20));
    }
}

#[cfg(test)]
mod token_tests {
    //! The main track a token shows, per procedure, at every token size: full tokens (bars
    //! of the main tracks), compact ones (one bar) and the tray's (laid out at zoom 1).
    use super::*;

    /// The tokens of `script`'s end state, laid out at `zoom`, with the board's text.
    fn tokens(system: &str, script: &str, zoom: f32) -> Vec<(String, Vec<String>, Option<String>)> {
        let text = format!("system {system}\nside P party\nside F\nzone Hall\n{script}");
        let h = fray_app::scenario::run("t.fray", &text).unwrap();
        let ctx = egui::Context::default();
        let mut out = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let ctx = ui.ctx();
            let key = Key {
                encounter: EncounterId(1),
                stream: 0,
                cursor: 0,
                pixels_per_point: 1.0,
                zoom,
                dark: true,
            };
            let cache = Cache::build(key, ctx, h.system(), h.state());
            for t in cache.tokens.iter().chain(&cache.tray) {
                let bars: Vec<String> = t.bars.iter().map(|b| b.text.text().to_owned()).collect();
                let compact = t.compact_bar.map(|i| bars[i].clone());
                out.push((t.name.clone(), bars, compact));
            }
        });
        // No renderer here: the font atlas's upload is not needed.
        output.textures_delta.clear();
        out
    }

    #[test]
    fn each_procedure_shows_its_main_track_at_every_size() {
        fray_app::systems::registry();
        // bdp: the skeleton of the report, HP spent: HP then STR, the small token STR.
        let bdp = "add Skeleton side F zone Hall track hp=0/3 str=4/8 dex=9/10 wil=7\n\
                   add Lost side F track hp=2/3 str=8 dex=9 wil=7";
        for zoom in [0.5, 1.0, 2.0] {
            let t = tokens("bdp", bdp, zoom);
            assert_eq!(t[0].1, ["HP 0/3", "STR 4/8"], "full, zoom {zoom}");
            assert_eq!(t[0].2.as_deref(), Some("STR 4/8"), "compact, zoom {zoom}");
            // The tray (off the board) has its own token at zoom 1: the same track.
            assert_eq!(t[2].0, "Lost");
            assert_eq!(t[2].2.as_deref(), Some("HP 2/3"), "tray");
        }
        let d12 = r#"add Wolf side F zone Hall block {"stats": {"str": 12, "str mod": 1}, "hd": "2d8", "attacks": []}
track Wolf stress =0"#;
        let t = tokens("d12", d12, 1.0);
        assert_eq!(t[0].1, ["Stress 0/11", "WP 12/12"]);
        assert_eq!(t[0].2.as_deref(), Some("WP 12/12"), "Stress spent: the Wound Points");
        let t = tokens("murdham", "add Hugo side P zone Hall stat str=12 agi=10 wit=10", 1.0);
        assert_eq!(t[0].1, ["Health 12/12"]);
        let t = tokens("freeform", "add Orc side F zone Hall track hp=3/7 fatigue=1/5", 1.0);
        assert_eq!(
            (t[0].1.clone(), t[0].2.clone()),
            (vec!["HP 3/7".to_owned()], Some("HP 3/7".to_owned()))
        );
    }
}
