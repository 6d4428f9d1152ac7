//! The roll-table editor: name, dice, damage type and rows (low, high, effect, structured
//! effect), with every gap and overlap said inline as the GM types, Save refused while there
//! is any, and "Try a roll" to see where a roll lands.

use super::table_form::{Problems, TableForm, Trial, structured_keys};
use super::{buttons_ui, modal_ui, title_ui};
use crate::window::{Action, PrepAction};
use eframe::egui::{self, Color32, RichText, vec2};
use fray_app::dice::{DiceSource, SeededDice};

/// Draws the editor over the window. Returns true when the GM cancels (saving closes it
/// once the table is stored).
pub fn table_editor_ui(ctx: &egui::Context, form: &mut TableForm, out: &mut Vec<Action>) -> bool {
    modal_ui(ctx, "table-editor", 1100.0, |ui| {
        let title = if form.id.is_some() { "Edit roll table" } else { "New roll table" };
        title_ui(ui, title);
        let problems = form.problems();
        head_ui(ui, form, &problems);
        ui.add_space(12.0);
        rows_ui(ui, form, &problems);
        ui.add_space(8.0);
        trial_ui(ui, form, &problems);
        let why = problems.first().map(|p| format!("Save is off: {p}"));
        let (save, cancel) = buttons_ui(ui, "Save table", why.as_deref(), false);
        if save && let Ok(table) = form.to_new() {
            out.push(Action::Prep(PrepAction::SaveTable { id: form.id, table }));
        }
        cancel || ui.input(|i| i.key_pressed(egui::Key::Escape))
    })
}

/// Name, dice (its error beside it) and damage type, each with its note right beside it.
fn head_ui(ui: &mut egui::Ui, form: &mut TableForm, problems: &Problems) {
    egui::Grid::new("table-head").num_columns(2).spacing([12.0, 10.0]).show(ui, |ui| {
        let label = ui.label("Name");
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut form.name)
                    .hint_text("Blunt injuries")
                    .desired_width(360.0)
                    .min_size(vec2(360.0, 0.0)),
            )
            .labelled_by(label.id);
            problem_ui(ui, problems.name.as_deref());
        });
        ui.end_row();

        let label = ui.label("Dice");
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut form.dice)
                    .hint_text("d20, d%, 2d6")
                    .desired_width(120.0)
                    .min_size(vec2(120.0, 0.0)),
            )
            .labelled_by(label.id);
            match (&problems.dice, form.dice()) {
                (Some(e), _) => problem_ui(ui, Some(e)),
                (None, Ok(d)) => {
                    ui.label(RichText::new(format!("totals {} to {}", d.min(), d.max())).weak());
                }
                _ => problem_ui(ui, None),
            }
        });
        ui.end_row();

        let label = ui.label("Damage type");
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut form.damage_type)
                    .hint_text("optional: blunt, fire…")
                    .desired_width(200.0)
                    .min_size(vec2(200.0, 0.0)),
            )
            .labelled_by(label.id);
            ui.label(RichText::new("the rules look a table up by its damage type").weak());
        });
        ui.end_row();
    });
}

/// A problem in the warning colour, or an empty cell.
fn problem_ui(ui: &mut egui::Ui, problem: Option<&str>) {
    match problem {
        Some(p) => {
            ui.label(RichText::new(p).color(ui.visuals().warn_fg_color));
        }
        None => {
            ui.label("");
        }
    }
}

/// The rows, the messages about them, and "Add row".
fn rows_ui(ui: &mut egui::Ui, form: &mut TableForm, problems: &Problems) {
    ui.label(RichText::new("Rows").strong());
    if form.rows.is_empty() {
        ui.label(
            RichText::new("No rows yet: it can be saved as a placeholder and filled in later.")
                .weak(),
        );
    }
    let landed = form.trial.as_ref().and_then(|t| t.row);
    let max_height = (ui.ctx().content_rect().height() * 0.45).max(160.0);
    let mut remove = None;
    // Grid cells only offer last frame's column width: the fields ask for theirs outright.
    let effect_w = (ui.available_width() - 640.0).clamp(220.0, 560.0);
    egui::ScrollArea::vertical().id_salt("table-rows").max_height(max_height).show(ui, |ui| {
        egui::Grid::new("table-rows-grid").num_columns(6).spacing([10.0, 6.0]).show(ui, |ui| {
            for head in ["", "Low", "High", "Effect", "Structured effect (JSON, optional)", ""] {
                ui.label(RichText::new(head).weak());
            }
            ui.end_row();
            for (i, row) in form.rows.iter_mut().enumerate() {
                let n = i + 1;
                let number = RichText::new(n.to_string()).strong();
                if landed == Some(i) {
                    let fill = ui.visuals().selection.bg_fill;
                    egui::Frame::new().fill(fill).corner_radius(4.0).inner_margin(4.0).show(
                        ui,
                        |ui| {
                            ui.label(number.color(Color32::WHITE))
                                .on_hover_text("The trial roll landed here");
                        },
                    );
                } else {
                    ui.label(number);
                }
                ui.add(field(&mut row.low, 56.0, format!("low{i}")))
                    .accessible_name(format!("Row {n} low"));
                ui.add(field(&mut row.high, 56.0, format!("high{i}")))
                    .accessible_name(format!("Row {n} high"));
                ui.add(
                    field(&mut row.text, effect_w, format!("text{i}")).hint_text("what happens"),
                )
                .accessible_name(format!("Row {n} effect"));
                ui.add(
                    field(&mut row.structured, 300.0, format!("json{i}"))
                        .hint_text("none")
                        .font(egui::TextStyle::Monospace),
                )
                .accessible_name(format!("Row {n} structured effect"));
                if ui.button("Remove").accessible_name(format!("Remove row {n}")).clicked() {
                    remove = Some(i);
                }
                ui.end_row();
            }
        });
    });
    if let Some(i) = remove {
        form.rows.remove(i);
        form.trial = None;
    }
    let warn = ui.visuals().warn_fg_color;
    for (_, message) in &problems.rows {
        ui.label(RichText::new(message).color(warn));
    }
    for message in &problems.coverage {
        ui.label(RichText::new(capitalised(message)).color(warn));
    }
    ui.horizontal(|ui| {
        if ui.add(egui::Button::new("Add row").min_size(vec2(0.0, 32.0))).clicked() {
            form.add_row();
        }
        if let Some(keys) = structured_keys(form.system) {
            ui.add_space(12.0);
            ui.add(egui::Label::new(RichText::new(keys).small().weak()).wrap());
        }
    });
}

/// "Try a roll" and where it landed.
fn trial_ui(ui: &mut egui::Ui, form: &mut TableForm, problems: &Problems) {
    ui.horizontal(|ui| {
        let why = if problems.dice.is_some() {
            Some("The dice are not right yet")
        } else if form.rows.is_empty() {
            Some("Add rows first")
        } else {
            None
        };
        let button = egui::Button::new("Try a roll").min_size(vec2(0.0, 32.0));
        let clicked = match why {
            Some(why) => ui.add_enabled(false, button).on_disabled_hover_text(why).clicked(),
            None => {
                ui.add(button).on_hover_text("Roll the table's dice and show the row").clicked()
            }
        };
        if clicked && let Ok(dice) = form.dice() {
            let mut rng = SeededDice::new(clock_seed(), 0);
            if let Ok(roll) = rng.roll(&dice, "Try a roll", None) {
                let row = form.rows.iter().position(|r| {
                    let (l, h) = (r.low.trim().parse::<i64>(), r.high.trim().parse::<i64>());
                    matches!((l, h), (Ok(l), Ok(h)) if (l..=h).contains(&roll.total))
                });
                form.trial = Some(Trial { summary: roll.summary(), total: roll.total, row });
            }
        }
        if let Some(t) = &form.trial {
            let landed = match t.row.and_then(|i| form.rows.get(i).map(|r| (i, r))) {
                Some((i, r)) => format!("Rolled {} → row {}: {}", t.total, i + 1, r.text.trim()),
                None => format!("Rolled {}: no row covers it", t.total),
            };
            ui.label(RichText::new(landed).strong()).on_hover_text(&t.summary);
        }
    });
}

/// "11 is not covered" → "11 is not covered" at the start of a line ("Rows 3 and 4…").
fn capitalised(message: &str) -> String {
    let mut chars = message.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A seed for trial rolls; the window is the one place allowed a clock.
fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// A one-line field of a row, with its own id.
fn field(text: &mut String, width: f32, salt: String) -> egui::TextEdit<'_> {
    egui::TextEdit::singleline(text).desired_width(width).min_size(vec2(width, 0.0)).id_salt(salt)
}
