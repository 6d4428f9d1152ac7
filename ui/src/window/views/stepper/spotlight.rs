//! The stepper's headline, in big letters, as the procedure answers it
//! ([`fray_app::system::spotlight`]): a small caption, who acts or chooses (led by the side's
//! colour or the initiative count), what the turn has left as chips, and notes under it.

use crate::window::views::fitted::{self, Part};
use eframe::egui::{self, RichText};
use fray_app::Encounter;
use fray_app::system::spotlight::{Spotlight, Tone};

/// Size of the name of whoever acts or chooses: read from arm's length.
const BIG: f32 = 30.0;
/// Size of the lines under it.
const LINE: f32 = 18.0;
/// Size of a lit note (a held action): larger than the lines.
const LIT: f32 = 22.0;
/// The least size a note shrinks to, to stand in one row.
const NOTE_LEAST: f32 = 13.0;
/// Size of the words in a chip.
const CHIP: f32 = 17.0;
/// The least size a chip's words shrink to in the headline's box.
const CHIP_LEAST: f32 = 13.0;
/// The margin between a chip's words and its frame, left and right of them.
const CHIP_PADDING: i8 = 8;
/// The width a chip's frame adds to its words: its margins and its stroke, both sides.
const CHIP_SIDES: f32 = 2.0 * (CHIP_PADDING as f32 + CHIP_STROKE);
/// The margin between a chip's words and its frame, above and below them.
const CHIP_MARGIN: i8 = 3;
/// The width of a chip's frame.
const CHIP_STROKE: f32 = 1.0;
/// The height a chip's frame adds to its words: its margins and its stroke, above and below.
const CHIP_TOPS: f32 = 2.0 * (CHIP_MARGIN as f32 + CHIP_STROKE);

/// Draws the headline: caption and who, then what the turn has left and the notes.
pub(super) fn spotlight_ui(ui: &mut egui::Ui, state: &Encounter, s: &Spotlight) {
    headline_ui(ui, state, s, false);
    details_ui(ui, s);
}

/// The caption and who acts or chooses, in big letters (fewer rows of them on a `short`
/// window).
pub(super) fn headline_ui(ui: &mut egui::Ui, state: &Encounter, s: &Spotlight, short: bool) {
    ui.label(RichText::new(&s.caption).small().weak());
    if s.who.is_empty() {
        ui.label(RichText::new("Nobody").size(28.0).weak());
    } else if let Some(side) = s.side {
        ui.horizontal(|ui| {
            let swatch = BIG * 0.7 + ui.spacing().item_spacing.x;
            let name = big_galley(ui, s, short, ui.available_width() - swatch);
            // On a short window as tall as the name's first row, no taller than its room.
            let row = name.rows.first().map_or(BIG, |r| r.height());
            let size = if short { BIG.min(row / 1.36) } else { BIG };
            swatch_ui(ui, side_colour(state, side), size);
            ui.add(egui::Label::new(name));
        });
    } else {
        let name = big_galley(ui, s, short, ui.available_width());
        ui.add(egui::Label::new(name));
    }
}

/// What the turn has left, as chips, and the notes under the headline, in its box: the chips
/// at the largest size down to [`CHIP_LEAST`] at which they stand in what the box has left
/// (see [`super::box_left`]); at 1366 × 768 at 100 % Sovereign's "Main: free" and "Move used:
/// 30 ft more to walk" took two rows, the second cut at the box's fold.
pub(super) fn details_ui(ui: &mut egui::Ui, s: &Spotlight) {
    let left = super::box_left(ui, CHIP).height;
    let width = ui.available_width();
    let fits = |size| chips_height(ui, s, size, width) <= left + 0.5;
    let size = fitted::largest_fitting(CHIP, CHIP_LEAST, fits).unwrap_or_else(|| {
        past_fold_ui(ui, chips_height(ui, s, CHIP_LEAST, width));
        CHIP_LEAST
    });
    chips_at_ui(ui, s, size);
    notes_in_ui(ui, s, true);
}

/// How tall the chips of `s` at `size` stand in rows `width` wide, as [`chips_at_ui`] lays
/// them out.
fn chips_height(ui: &egui::Ui, s: &Spotlight, size: f32, width: f32) -> f32 {
    let gap = ui.spacing().item_spacing;
    let font = egui::FontId::proportional(size);
    let (mut above, mut row, mut x) = (0.0, 0.0_f32, 0.0);
    for chip in &s.chips {
        let (text, colour) = (chip.text.clone(), egui::Color32::WHITE);
        let wrap = width - CHIP_SIDES;
        let words = ui.fonts_mut(|f| f.layout(text, font.clone(), colour, wrap)).size();
        let (w, h) = (words.x + CHIP_SIDES, words.y + CHIP_TOPS);
        if x > 0.0 && x + w > width {
            above += row + gap.y;
            (row, x) = (0.0, 0.0);
        }
        x += w + gap.x;
        row = row.max(h);
    }
    above + row
}

/// The least the headline's box holds on a tall window, however short the column is: the
/// caption, who acts, a row of what their turn has left and a line under it (a note, the
/// verdict). A fifth of the column at 1366 × 768 at 100 % was three lines, and cut
/// Sovereign's chips under the name and freeform's verdict ("The party fled") at its fold.
pub(super) fn box_least(ui: &egui::Ui) -> f32 {
    let caption = ui.text_style_height(&egui::TextStyle::Small);
    let gaps = 3.0 * ui.spacing().item_spacing.y;
    caption + name_height(ui.ctx()) + chips_row_height(ui.ctx()) + gaps + line_height(ui.ctx())
}

/// Before something `height` tall in the headline's box that is taller than what the box has
/// left, even at its least size (Sovereign at 1366 × 768 at 100 %: a name on two rows, the
/// turn's chips and two notes): room to the box's fold, so it stands whole under it, a scroll
/// away, and is never cut by the fold.
pub(super) fn past_fold_ui(ui: &mut egui::Ui, height: f32) {
    let left = ui.clip_rect().bottom() - ui.cursor().min.y;
    if height > left + 0.5 && left > -0.5 {
        // Past it by a gap, as under anything else: not on its edge.
        ui.add_space(left.max(0.0) + ui.spacing().item_spacing.y);
    }
}

/// The height of the name's row in big letters (its swatch's, if taller).
fn name_height(ctx: &egui::Context) -> f32 {
    row_height(ctx, BIG).max(BIG * 1.36)
}

/// The height of a row of chips.
fn chips_row_height(ctx: &egui::Context) -> f32 {
    row_height(ctx, CHIP) + CHIP_TOPS
}

/// The height of a line under the headline (a note).
fn line_height(ctx: &egui::Context) -> f32 {
    row_height(ctx, LINE)
}

/// The height of a row of text of `size`.
fn row_height(ctx: &egui::Context, size: f32) -> f32 {
    ctx.fonts_mut(|f| f.row_height(&egui::FontId::proportional(size)))
}

/// What the turn has left, as chips.
pub(super) fn chips_ui(ui: &mut egui::Ui, s: &Spotlight) {
    chips_at_ui(ui, s, CHIP);
}

/// What the turn has left, as chips of words of `size`.
fn chips_at_ui(ui: &mut egui::Ui, s: &Spotlight, size: f32) {
    if !s.chips.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for chip in &s.chips {
                chip_ui(ui, &chip.text, chip.free, size);
            }
        });
    }
}

/// The notes ("Corvin dies at the end of round 7 unless stabilized"), a line each.
pub(super) fn notes_ui(ui: &mut egui::Ui, s: &Spotlight) {
    notes_in_ui(ui, s, false);
}

/// The notes, a line each; `in_box`, in the headline's box: no taller than what it has left
/// (see [`super::box_left`]), so one at its fold is smaller rather than cut there, and one
/// that still does not fit stands whole under it (see [`past_fold_ui`]).
fn notes_in_ui(ui: &mut egui::Ui, s: &Spotlight, in_box: bool) {
    for note in &s.notes {
        let visuals = ui.visuals();
        let (colour, size) = match note.tone {
            Tone::Plain => (visuals.text_color(), LINE),
            Tone::Warn => (visuals.warn_fg_color, LINE),
            Tone::Lit => (visuals.selection.stroke.color, LIT),
        };
        if note.tone == Tone::Lit {
            ui.add_space(2.0);
        }
        // One row, smaller when it must be: in the headline's box a second row fell under
        // its fold ("Corvin dies at the end of round 7 unless stabilized", its last word cut;
        // Sovereign's lit "Brina holds an action (an Instant until the round ends)" at 100 %).
        let mut room = fitted::Room::rows(ui.ctx(), ui.available_width(), 1, size, NOTE_LEAST);
        if in_box {
            room.height = room.height.min(super::box_left(ui, size).height);
        }
        let galley = fitted::fitted(ui.ctx(), &note.text, colour, room);
        if in_box {
            past_fold_ui(ui, galley.size().y);
        }
        ui.add(egui::Label::new(galley));
    }
}

/// The big line, laid out as one label so it reads (and is read out) as one sentence: "Count 9: Harald ·
/// Hobgoblin 1 act together". Whole in its room: on a short window what the headline's box
/// has left, otherwise a row of big type; smaller when the name is long ("The pontiff
/// detachment the Quick" at 200 %), on more rows only past its least size (see [`fitted`]).
fn big_galley(
    ui: &egui::Ui,
    s: &Spotlight,
    short: bool,
    width: f32,
) -> std::sync::Arc<egui::Galley> {
    let visuals = ui.visuals();
    let mut parts = Vec::new();
    if !s.lead.is_empty() {
        parts.push(Part { text: &s.lead, colour: visuals.selection.stroke.color, scale: 1.0 });
    }
    parts.push(Part { text: &s.who, colour: visuals.strong_text_color(), scale: 1.0 });
    if s.together {
        parts.push(Part { text: " act together", colour: visuals.text_color(), scale: 20.0 / BIG });
    }
    let mut room = if short {
        super::box_left(ui, BIG)
    } else {
        fitted::Room::rows(ui.ctx(), width, 1, BIG, LINE)
    };
    room.width = width;
    fitted::fitted_parts(ui.ctx(), &parts, room)
}

/// A side's colour, grey when it has none that reads.
pub(super) fn side_colour(state: &Encounter, side: fray_app::ids::SideId) -> egui::Color32 {
    state
        .side(side)
        .and_then(|s| egui::Color32::from_hex(&s.colour).ok())
        .unwrap_or(egui::Color32::GRAY)
}

/// A round swatch of a side's colour, the height of a line of `size` text.
pub(super) fn swatch_ui(ui: &mut egui::Ui, colour: egui::Color32, size: f32) {
    // As tall as a line of text of that size, so the swatch sits in the middle of it.
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(size * 0.7, size * 1.36), egui::Sense::hover());
    let stroke = egui::Stroke::new(1.5, ui.visuals().strong_text_color());
    ui.painter().circle(rect.center(), size * 0.32, colour, stroke);
}

/// What a turn has, as a chip of words of `size`: free ones framed in the text colour, used
/// ones faded.
fn chip_ui(ui: &mut egui::Ui, text: &str, free: bool, size: f32) {
    let visuals = ui.visuals();
    let (colour, stroke) = if free {
        (visuals.strong_text_color(), visuals.text_color())
    } else {
        (visuals.weak_text_color(), visuals.widgets.noninteractive.bg_stroke.color)
    };
    let mut text = RichText::new(text).size(size).color(colour);
    if !free {
        text = text.strikethrough();
    }
    // A framed chip is not one widget, so the wrapping row cannot break before it by itself:
    // measure it, and start a new row when it would not fit (the column must never widen).
    let galley = egui::WidgetText::from(text.clone()).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    let width = galley.size().x + CHIP_SIDES;
    if width > ui.available_size_before_wrap().x {
        ui.end_row();
    }
    // One wider than the whole column (200 %: "Move used: 30 ft more to walk") wraps inside
    // its frame rather than run past the column's edge, cut.
    let label = egui::Label::new(text);
    let label = if width > ui.max_rect().width() { label.wrap() } else { label.extend() };
    egui::Frame::new()
        .stroke(egui::Stroke::new(CHIP_STROKE, stroke))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(CHIP_PADDING, CHIP_MARGIN))
        .show(ui, |ui| ui.add(label));
}
