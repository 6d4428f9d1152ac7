//! The card's numbers: stats as typed fields, tracks with − / + buttons, a typed value and
//! maximum, and a bar.

use super::CardView;
use super::edits::{Field, field_ui};
use crate::window::Action;
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::encounter::{Combatant, stat_label};
use fray_app::system::presentation::Meaning;

/// Width of a number field: room for "-999".
const NUMBER_WIDTH: f32 = 52.0;
/// Height of a number field, its label and the − / + buttons beside it.
const FIELD_HEIGHT: f32 = 38.0;
/// Side of the − / + buttons.
const STEP_SIZE: f32 = FIELD_HEIGHT;

/// Draws the stats, each a label and a field; typing a value and pressing Enter (or leaving
/// the field) sets it.
pub(super) fn stats_ui(
    ui: &mut egui::Ui,
    c: &Combatant,
    view: &mut CardView,
    out: &mut Vec<Action>,
) {
    if c.stats.is_empty() {
        return;
    }
    // A grid as wide as the column allows: a row of many stats (an injury's "STR damage")
    // wraps instead of widening the column under the pointer. Each label stays with its field.
    let columns = ((ui.available_width() / STAT_CELL) as usize).max(1);
    egui::Grid::new(("card-stats", c.id.0)).num_columns(columns).spacing([10.0, 6.0]).show(
        ui,
        |ui| {
            for (i, stat) in c.stats.iter().enumerate() {
                ui.horizontal(|ui| {
                    let name = stat_label(&stat.name);
                    centred_label_ui(ui, RichText::new(&name).strong());
                    let field = Field::Stat(stat.name.clone());
                    let current = stat.value.to_string();
                    if let Some(text) =
                        field_ui(ui, &mut view.buffers, field.clone(), &current, &name, number)
                    {
                        view.commit(c, &field, &text, out);
                    }
                });
                if (i + 1) % columns == 0 {
                    ui.end_row();
                }
            }
        },
    );
}

/// The width a stat takes in the card's grid (its label and its field).
const STAT_CELL: f32 = 150.0;

/// Draws the tracks: name, −, value / max, +, and a bar of how much is left.
pub(super) fn tracks_ui(
    ui: &mut egui::Ui,
    system: &dyn fray_app::System,
    c: &Combatant,
    view: &mut CardView,
    out: &mut Vec<Action>,
) {
    if c.tracks.is_empty() {
        return;
    }
    let grid = egui::Grid::new(("card-tracks", c.id.0)).num_columns(7).spacing([6.0, 6.0]);
    // The default minimum column width would leave a wide gap around the "/".
    grid.min_col_width(0.0).show(ui, |ui| {
        for track in &c.tracks {
            let name = stat_label(&track.name);
            centred_label_ui(ui, RichText::new(&name).strong());
            if step_ui(ui, "−", &format!("Lower {name}"), &format!("{name} −1")) {
                out.push(adjust(c, &track.name, -1));
            }
            let field = Field::Track(track.name.clone());
            let current = track.value.to_string();
            if let Some(text) =
                field_ui(ui, &mut view.buffers, field.clone(), &current, &name, number)
            {
                view.commit(c, &field, &text, out);
            }
            centred_label_ui(ui, RichText::new("/"));
            let field = Field::Max(track.name.clone());
            let current = track.max.to_string();
            let max_name = format!("{name} max");
            if let Some(text) =
                field_ui(ui, &mut view.buffers, field.clone(), &current, &max_name, number)
            {
                view.commit(c, &field, &text, out);
            }
            if step_ui(ui, "+", &format!("Raise {name}"), &format!("{name} +1")) {
                out.push(adjust(c, &track.name, 1));
            }
            bar_ui(ui, system.track_meaning(&track.name), track.value, track.max);
            ui.end_row();
        }
    });
}

/// A label as tall as the number fields, its text centred, so it sits level with them.
fn centred_label_ui(ui: &mut egui::Ui, text: RichText) {
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    ui.add_sized(egui::vec2(galley.size().x, FIELD_HEIGHT), egui::Label::new(galley));
}

/// A number field: narrow, centred, in the heading font so it reads from afar.
fn number(text: &mut String) -> egui::TextEdit<'_> {
    egui::TextEdit::singleline(text)
        .desired_width(NUMBER_WIDTH)
        // A grid cell offers only last frame's column width; never shrink below the number.
        .min_size(egui::vec2(NUMBER_WIDTH, FIELD_HEIGHT))
        .align(egui::Align2::CENTER_CENTER)
        .font(egui::TextStyle::Heading)
}

/// A square − or + button; true when clicked.
fn step_ui(ui: &mut egui::Ui, symbol: &str, name: &str, help: &str) -> bool {
    let button = egui::Button::new(RichText::new(symbol).size(22.0).strong())
        .min_size(egui::vec2(STEP_SIZE, STEP_SIZE));
    ui.add(button).accessible_name(name).on_hover_text(help).clicked()
}

fn adjust(c: &Combatant, track: &str, delta: i64) -> Action {
    Action::Game(Command::AdjustTrack { id: c.id, track: track.to_owned(), delta })
}

/// How full a track is, as a thin bar in the colour of what it measures (the tokens'
/// colours): harm calm green, then amber, then red as it empties; a track that fills as it
/// worsens (Fatigue) is drawn filling, so an empty one (0 of 10) reads as fresh, not as dying.
fn bar_ui(ui: &mut egui::Ui, meaning: Meaning, value: i64, max: i64) {
    if max <= 0 {
        ui.label("");
        return;
    }
    let part = (value as f32 / max as f32).clamp(0.0, 1.0);
    let colour = crate::window::views::board::meter_colour(ui.visuals(), meaning, part);
    let width = ui.available_width().clamp(24.0, 80.0);
    let hint = match meaning {
        Meaning::Fatigue => format!("{value} of {max}: fills as it worsens"),
        _ => format!("{value} of {max}"),
    };
    ui.add(egui::ProgressBar::new(part).fill(colour).desired_width(width).desired_height(10.0))
        .on_hover_text(hint);
}
