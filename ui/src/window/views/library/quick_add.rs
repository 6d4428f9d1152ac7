//! Quick-add: an ad-hoc combatant by name (a party toggle, optional HP), off the board or
//! into a chosen zone, for the NPC the GM makes up mid-fight.

use crate::window::{Action, Model};
use eframe::egui::{self, vec2};
use fray_app::command::NewCombatant;
use fray_app::encounter::Track;
use fray_app::ids::{SideId, ZoneId};

/// What the GM is typing in the quick-add fields.
#[derive(Default)]
pub(super) struct QuickAdd {
    name: String,
    party: bool,
    hp: String,
    zone: Option<ZoneId>,
}

impl QuickAdd {
    /// The action the fields describe, or why not yet.
    fn action(&self) -> Result<Action, &'static str> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err("Type a name first");
        }
        let hp = self.hp.trim();
        let tracks = if hp.is_empty() {
            Vec::new()
        } else {
            let max: i64 = hp.parse().map_err(|_| "HP must be a whole number")?;
            if max < 0 {
                return Err("HP cannot be negative");
            }
            vec![Track { name: "hp".into(), value: max, max }]
        };
        let combatant = NewCombatant {
            name: name.to_owned(),
            side: SideId(0),
            zone: self.zone,
            square: None,
            stats: Vec::new(),
            tracks,
            conditions: Vec::new(),
            source: None,
            block: serde_json::Value::Object(serde_json::Map::new()),
        };
        Ok(Action::AddCombatant { combatant, party: self.party, count: 1 })
    }
}

/// Draws the quick-add fields.
pub(super) fn quick_add_ui(
    ui: &mut egui::Ui,
    model: &Model,
    q: &mut QuickAdd,
    out: &mut Vec<Action>,
) {
    let Some(session) = &model.session else { return };
    let zones = &session.state().zones;
    // A zone removed (or undone) since it was picked is no longer a choice.
    if q.zone.is_some_and(|z| !zones.contains_key(&z)) {
        q.zone = None;
    }
    let mut submit = false;
    let name = ui.add(
        egui::TextEdit::singleline(&mut q.name)
            .hint_text("name")
            .desired_width(ui.available_width()),
    );
    // Named apart from the other "Name" fields of the window (encounter, card).
    name.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Quick-add name");
        info.current_text_value = Some(q.name.clone());
        info
    });
    submit |= name.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    ui.horizontal(|ui| {
        ui.label("HP");
        let hp = ui.add(egui::TextEdit::singleline(&mut q.hp).desired_width(56.0));
        // Named apart from the combatant card's "HP" field, which may show at the same time.
        hp.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Quick-add HP");
            info.current_text_value = Some(q.hp.clone());
            info
        });
        ui.add_space(8.0);
        ui.checkbox(&mut q.party, "Party");
    });
    ui.horizontal(|ui| {
        let label = ui.label("Where");
        let shown = q.zone.and_then(|z| zones.get(&z)).map_or("Not on the board", |z| &z.name);
        egui::ComboBox::from_id_salt("library-quick-add-zone")
            .selected_text(shown)
            .width(ui.available_width() - 8.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut q.zone, None, "Not on the board");
                for z in zones.values() {
                    ui.selectable_value(&mut q.zone, Some(z.id), &z.name);
                }
            })
            .response
            .labelled_by(label.id);
    });
    let ready = q.action();
    let button = egui::Button::new("Add combatant").min_size(vec2(ui.available_width(), 34.0));
    let response = ui.add_enabled(ready.is_ok(), button);
    let response = match &ready {
        Err(why) => response.on_disabled_hover_text(*why),
        Ok(_) => response,
    };
    submit |= response.clicked();
    if submit && let Ok(action) = ready {
        out.push(action);
        q.name.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_add_needs_a_name_and_a_number_for_hp() {
        let mut q = QuickAdd::default();
        assert!(q.action().is_err());
        q.name = "  Old Tom ".into();
        q.hp = "x".into();
        assert_eq!(q.action().unwrap_err(), "HP must be a whole number");
        q.hp = "6".into();
        q.party = true;
        let Ok(Action::AddCombatant { combatant, party, count }) = q.action() else { panic!() };
        assert_eq!(combatant.name, "Old Tom");
        assert_eq!(combatant.tracks, [Track { name: "hp".into(), value: 6, max: 6 }]);
        assert!(party);
        assert_eq!(count, 1);
    }
}
