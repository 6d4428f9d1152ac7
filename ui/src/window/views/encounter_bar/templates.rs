//! Encounter templates in the bar: "Save as template…" (the board as it stood before the
//! fight) and the "Start from" choice of the new-encounter form.

use super::dialogs::{Outcome, buttons_ui, title_ui};
use crate::window::{Action, Model, PrepAction};
use eframe::egui::{self, RichText};
use fray_data::{TemplateId, TemplateKind};

/// The "Save as template…" dialog: the name being typed.
pub(super) fn save_template_ui(
    ui: &mut egui::Ui,
    name: &mut String,
    out: &mut Vec<Action>,
) -> Outcome {
    title_ui(ui, "Save the board as a template");
    ui.label(
        RichText::new(
            "Zones, sides and combatants where they stand, back before the fight: round 0, \
             everyone at full health, no conditions.",
        )
        .weak(),
    );
    ui.add_space(8.0);
    let label = ui.label("Template name");
    let field =
        ui.add(egui::TextEdit::singleline(name).desired_width(f32::INFINITY)).labelled_by(label.id);
    if !field.has_focus() && ui.memory(|m| m.focused().is_none()) {
        field.request_focus();
    }
    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let trimmed = name.trim();
    let why = trimmed.is_empty().then_some("Type a name first");
    let (ok, cancel) = buttons_ui(ui, "Save template", why, false);
    if (ok || enter) && !trimmed.is_empty() {
        out.push(Action::Prep(PrepAction::SaveBoard(trimmed.to_owned())));
        return Outcome::Close;
    }
    if cancel { Outcome::Close } else { Outcome::Keep }
}

/// The "Start from" choice of the new-encounter form: an empty board or one of the
/// encounter templates of every system (the template decides the system).
pub(super) fn start_from_ui(
    ui: &mut egui::Ui,
    model: &Model,
    chosen: &mut Option<(TemplateId, String)>,
) {
    // Wrapped: on a narrow card the picker goes under its label rather than past the card.
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Start from");
        let shown = chosen.as_ref().map_or("An empty board", |(_, n)| n.as_str()).to_owned();
        egui::ComboBox::from_id_salt("new-encounter-template")
            .width(ui.available_width().clamp(super::welcome::MIN_FIELD, 320.0))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(chosen, None, "An empty board");
                // Read only while the list is open.
                let list = model.db.templates().list(TemplateKind::Encounter, None);
                for t in list.unwrap_or_default() {
                    let system = t.system.system().name();
                    let text = format!("{} ({system})", t.name);
                    ui.selectable_value(chosen, Some((t.id, t.name.clone())), text);
                }
            })
            .response
            .labelled_by(label.id);
    });
    if chosen.is_some() {
        ui.label(
            RichText::new("The template's system is used; its board starts at round 0.").weak(),
        );
    }
}
