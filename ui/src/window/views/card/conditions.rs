//! The card's conditions: chips with × to take one off, a field to add any label, and
//! buttons for the common ones.

use super::CardView;
use crate::window::Action;
use eframe::egui::{self, RichText};
use fray_app::encounter::{Combatant, Duration};
use fray_app::{Command, Encounter, System};

/// Conditions most fights need, offered as one-click buttons.
const COMMON: [&str; 8] =
    ["prone", "stunned", "grappled", "hidden", "fleeing", "fled", "down", "dead"];

/// Draws the conditions (a timed one says when it ends), the add field with how long the
/// next one lasts, and the suggestions.
pub(super) fn conditions_ui(
    ui: &mut egui::Ui,
    state: &Encounter,
    system: &dyn System,
    c: &Combatant,
    view: &mut CardView,
    out: &mut Vec<Action>,
) {
    if c.conditions.is_empty() {
        ui.label(RichText::new("No conditions").weak());
    } else {
        ui.horizontal_wrapped(|ui| {
            for condition in &c.conditions {
                chip_ui(ui, state, c, condition, out);
            }
        });
    }
    duration_ui(ui, state, system, c, view);
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
        match view.duration {
            // A timed condition may go on one the combatant has: it gets the time.
            Some(duration) => {
                out.push(Action::Game(Command::AddTimedCondition {
                    id: c.id,
                    condition,
                    duration,
                }));
                view.error = None;
            }
            None if c.conditions.contains(&condition) => {
                view.error = Some(format!("{} is already {condition}", c.name));
            }
            None => {
                out.push(Action::Game(Command::AddCondition { id: c.id, condition }));
                view.error = None;
            }
        }
        view.condition.clear();
    }
}

/// How long the next condition lasts: until taken off, some rounds, or until a turn of its
/// own or of whoever acts now ends or starts.
fn duration_ui(
    ui: &mut egui::Ui,
    state: &Encounter,
    system: &dyn System,
    c: &Combatant,
    view: &mut CardView,
) {
    let mut choices: Vec<(Option<Duration>, String)> = vec![(None, "until taken off".into())];
    for rounds in [1, 2, 3, 10] {
        let words =
            if rounds == 1 { "for 1 round".to_owned() } else { format!("for {rounds} rounds") };
        choices.push((Some(Duration::Rounds { rounds }), words));
    }
    let mut whose = vec![c.id];
    whose.extend(system.acting(state).into_iter().filter(|id| *id != c.id));
    for of in whose {
        let name = state.name_of(of);
        choices.push((
            Some(Duration::EndOfTurn { of }),
            format!("until the end of {name}'s next turn"),
        ));
        choices.push((
            Some(Duration::StartOfTurn { of }),
            format!("until the start of {name}'s next turn"),
        ));
    }
    if !choices.iter().any(|(d, _)| *d == view.duration) {
        view.duration = None;
    }
    let shown = choices.iter().find(|(d, _)| *d == view.duration).map_or("", |(_, w)| w.as_str());
    ui.horizontal(|ui| {
        let label = ui.label("Lasts");
        egui::ComboBox::from_id_salt(("condition-duration", c.id.0))
            .selected_text(shown)
            .width(ui.available_width() - 8.0)
            .show_ui(ui, |ui| {
                for (d, words) in &choices {
                    ui.selectable_value(&mut view.duration, *d, words);
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// One condition as a rounded chip with its × button; a timed one says when it ends.
fn chip_ui(
    ui: &mut egui::Ui,
    state: &Encounter,
    c: &Combatant,
    condition: &str,
    out: &mut Vec<Action>,
) {
    let visuals = ui.visuals();
    egui::Frame::new()
        .fill(visuals.widgets.inactive.weak_bg_fill)
        .stroke(egui::Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color))
        .corner_radius(12.0)
        .inner_margin(egui::Margin { left: 10, right: 4, top: 2, bottom: 2 })
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                let label = ui.label(condition);
                if let Some(t) = state.timer(c.id, condition) {
                    ui.label(RichText::new(format!("({})", t.short(state.round))).weak())
                        .on_hover_text(fray_app::journal::timer_words(state, &t.until));
                    label.on_hover_text(fray_app::journal::timer_words(state, &t.until));
                }
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
