//! The card's conditions: chips with × to take one off, a field to add any label, and
//! buttons for the common ones.

use super::CardView;
use crate::window::Action;
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::encounter::Combatant;

/// Conditions most fights need, offered as one-click buttons.
const COMMON: [&str; 8] =
    ["prone", "stunned", "grappled", "hidden", "fleeing", "fled", "down", "dead"];

/// Draws the conditions, the add field and the suggestions.
pub(super) fn conditions_ui(
    ui: &mut egui::Ui,
    c: &Combatant,
    view: &mut CardView,
    out: &mut Vec<Action>,
) {
    if c.conditions.is_empty() {
        ui.label(RichText::new("No conditions").weak());
    } else {
        ui.horizontal_wrapped(|ui| {
            for condition in &c.conditions {
                chip_ui(ui, c, condition, out);
            }
        });
    }
    let mut add = None;
    ui.horizontal(|ui| {
        let field = egui::TextEdit::singleline(&mut view.condition)
            .hint_text("Add a condition…")
            .desired_width((ui.available_width() - 70.0).max(100.0));
        let response = ui.add(field).accessible_name("New condition");
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let clicked = ui.add(egui::Button::new("Add").min_size(egui::vec2(56.0, 30.0))).clicked();
        if (entered || clicked) && !view.condition.trim().is_empty() {
            add = Some(view.condition.trim().to_owned());
        }
    });
    // Suggestions narrow down as the GM types.
    let typed = view.condition.trim().to_lowercase();
    ui.horizontal_wrapped(|ui| {
        for common in COMMON {
            if c.conditions.contains(common) || !common.contains(typed.as_str()) {
                continue;
            }
            let button = egui::Button::new(RichText::new(format!("+ {common}")).small());
            if ui.add(button).on_hover_text(format!("Mark {} as {common}", c.name)).clicked() {
                add = Some(common.to_owned());
            }
        }
    });
    if let Some(condition) = add {
        if c.conditions.contains(&condition) {
            view.error = Some(format!("{} is already {condition}", c.name));
        } else {
            out.push(Action::Game(Command::AddCondition { id: c.id, condition }));
            view.error = None;
        }
        view.condition.clear();
    }
}

/// One condition as a rounded chip with its × button.
fn chip_ui(ui: &mut egui::Ui, c: &Combatant, condition: &str, out: &mut Vec<Action>) {
    let visuals = ui.visuals();
    egui::Frame::new()
        .fill(visuals.widgets.inactive.weak_bg_fill)
        .stroke(egui::Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color))
        .corner_radius(12.0)
        .inner_margin(egui::Margin { left: 10, right: 4, top: 2, bottom: 2 })
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                ui.label(condition);
                let remove = egui::Button::new(RichText::new("×").size(18.0)).frame(false);
                let response = ui
                    .add(remove)
                    .accessible_name(format!("Remove {condition}"))
                    .on_hover_text(format!("Take {condition} off {}", c.name));
                if response.clicked() {
                    out.push(Action::Game(Command::RemoveCondition {
                        id: c.id,
                        condition: condition.to_owned(),
                    }));
                }
            });
        });
}
