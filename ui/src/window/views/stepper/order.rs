//! The turn order as a compact list: the place acting now highlighted, each place's count
//! and reason in small text. Clicking a name shows that combatant's card.

use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_app::Encounter;
use fray_app::encounter::OrderEntry;

/// Draws the turn order under a collapsible header.
pub(super) fn order_ui(ui: &mut egui::Ui, model: &Model, state: &Encounter, out: &mut Vec<Action>) {
    egui::CollapsingHeader::new(RichText::new("Turn order").strong())
        .id_salt("stepper-turn-order")
        .default_open(true)
        .show(ui, |ui| {
            if state.order.is_empty() {
                ui.label(RichText::new("No order yet").small().weak());
                return;
            }
            for (index, entry) in state.order.iter().enumerate() {
                entry_ui(ui, model, state, index, entry, out);
            }
        });
}

/// One place of the order: number, names, then count and reason.
fn entry_ui(
    ui: &mut egui::Ui,
    model: &Model,
    state: &Encounter,
    index: usize,
    entry: &OrderEntry,
    out: &mut Vec<Action>,
) {
    let current = state.turn == Some(index);
    let visuals = ui.visuals();
    let fill = if current { visuals.selection.bg_fill } else { egui::Color32::TRANSPARENT };
    let text_colour = if current { Some(visuals.selection.stroke.color) } else { None };
    egui::Frame::new().fill(fill).corner_radius(4.0).inner_margin(egui::Margin::symmetric(6, 2)).show(
        ui,
        |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                let mut number = RichText::new(format!("{}.", index + 1));
                number = match text_colour {
                    Some(c) => number.color(c),
                    None => number.weak(),
                };
                ui.label(number);
                for id in &entry.combatants {
                    let mut name = RichText::new(state.name_of(*id));
                    if current {
                        name = name.strong();
                    }
                    if let Some(c) = text_colour {
                        name = name.color(c);
                    }
                    let selected = model.selected == Some(*id);
                    let button = egui::Button::selectable(selected, name).frame_when_inactive(false);
                    if ui.add(button).on_hover_text("Show the card").clicked() {
                        out.push(Action::Select(Some(*id)));
                    }
                }
                let mut notes = Vec::new();
                if let Some(count) = entry.count {
                    notes.push(count.to_string());
                }
                if !entry.reason.is_empty() {
                    notes.push(entry.reason.clone());
                }
                if !notes.is_empty() {
                    let mut small = RichText::new(notes.join(" · ")).small();
                    small = match text_colour {
                        Some(c) => small.color(c),
                        None => small.weak(),
                    };
                    ui.label(small);
                }
            });
        },
    );
}
