//! The board's dialogs: a new zone (name, capacity), and editing one (name, capacity, note,
//! its connections, removal with confirmation).

use super::geometry::{self, CARD_SIZE};
use crate::window::Action;
use eframe::egui::{self, Id, Rect, vec2};
use fray_app::Command;
use fray_app::encounter::{Encounter, Zone};
use fray_app::ids::ZoneId;

/// An open board dialog and what is typed in it.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// A new zone.
    AddZone {
        /// Its name.
        name: String,
        /// Its capacity, empty for no limit.
        capacity: String,
        /// Whether the name field still has to take the focus.
        focus: bool,
    },
    /// Editing a zone.
    EditZone {
        /// Which zone.
        id: ZoneId,
        /// New name.
        name: String,
        /// New capacity, empty for no limit.
        capacity: String,
        /// New note.
        note: String,
        /// The GM asked to remove it and must confirm.
        confirm_remove: bool,
    },
}

impl Dialog {
    /// A new-zone dialog with empty fields.
    pub fn add() -> Self {
        Self::AddZone { name: String::new(), capacity: String::new(), focus: true }
    }

    /// An edit dialog filled with the zone as it is.
    pub fn edit(zone: &Zone) -> Self {
        Self::EditZone {
            id: zone.id,
            name: zone.name.clone(),
            capacity: zone.capacity.map(|c| c.to_string()).unwrap_or_default(),
            note: zone.note.clone(),
            confirm_remove: false,
        }
    }
}

/// What the capacity field means: empty is no limit.
pub fn parse_capacity(text: &str) -> Result<Option<u32>, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(Some(n)),
        _ => Err("Capacity is a whole number, at least 1 (empty: no limit)"),
    }
}

/// Draws the open dialog, if any; `occupied` are the cards on the board (board units), to
/// put a new zone in a free spot.
pub fn dialog_ui(
    ctx: &egui::Context,
    state: &Encounter,
    dialog: &mut Option<Dialog>,
    occupied: &[Rect],
    out: &mut Vec<Action>,
) {
    let Some(open) = dialog else { return };
    let mut close = false;
    let modal = egui::Modal::new(Id::unique("board-dialog")).show(ctx, |ui| {
        ui.set_width(420.0);
        match open {
            Dialog::AddZone { name, capacity, focus } => {
                close = add_zone_ui(ui, name, capacity, focus, occupied, out);
            }
            Dialog::EditZone { id, name, capacity, note, confirm_remove } => {
                let Some(zone) = state.zone(*id) else {
                    // Undone or removed meanwhile: nothing left to edit.
                    close = true;
                    return;
                };
                close = edit_zone_ui(ui, state, zone, name, capacity, note, confirm_remove, out);
            }
        }
    });
    if close || modal.should_close() {
        *dialog = None;
    }
}

fn add_zone_ui(
    ui: &mut egui::Ui,
    name: &mut String,
    capacity: &mut String,
    focus: &mut bool,
    occupied: &[Rect],
    out: &mut Vec<Action>,
) -> bool {
    ui.heading("New zone");
    ui.add_space(6.0);
    let mut enter = false;
    egui::Grid::new("board-add-zone").num_columns(2).spacing([10.0, 8.0]).show(ui, |ui| {
        let label = ui.label("Zone name");
        let field = ui.add(egui::TextEdit::singleline(name).desired_width(260.0));
        field.clone().labelled_by(label.id);
        if std::mem::take(focus) {
            field.request_focus();
        }
        enter |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();
        let label = ui.label("Capacity");
        let field =
            ui.add(egui::TextEdit::singleline(capacity).hint_text("no limit").desired_width(80.0));
        field.clone().labelled_by(label.id);
        enter |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();
    });
    let parsed = parse_capacity(capacity);
    if let Err(why) = parsed {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    ui.add_space(8.0);
    let mut close = false;
    ui.horizontal(|ui| {
        let ready = !name.trim().is_empty() && parsed.is_ok();
        let add = ui.add_enabled(ready, big_button("Add zone"));
        if ready && (add.clicked() || enter) {
            let rect = geometry::to_board(geometry::free_spot(occupied, CARD_SIZE));
            let capacity = parsed.unwrap_or(None);
            out.push(Action::Game(Command::AddZone {
                name: name.trim().to_owned(),
                capacity,
                rect,
            }));
            close = true;
        }
        if ui.add(big_button("Cancel")).clicked() {
            close = true;
        }
    });
    close
}

#[allow(clippy::too_many_arguments)]
fn edit_zone_ui(
    ui: &mut egui::Ui,
    state: &Encounter,
    zone: &Zone,
    name: &mut String,
    capacity: &mut String,
    note: &mut String,
    confirm_remove: &mut bool,
    out: &mut Vec<Action>,
) -> bool {
    if *confirm_remove {
        return confirm_remove_ui(ui, state, zone, confirm_remove, out);
    }
    ui.heading(format!("Zone: {}", zone.name));
    ui.add_space(6.0);
    egui::Grid::new("board-edit-zone").num_columns(2).spacing([10.0, 8.0]).show(ui, |ui| {
        let label = ui.label("Zone name");
        ui.add(egui::TextEdit::singleline(name).desired_width(260.0)).labelled_by(label.id);
        ui.end_row();
        let label = ui.label("Capacity");
        ui.add(egui::TextEdit::singleline(capacity).hint_text("no limit").desired_width(80.0))
            .labelled_by(label.id);
        ui.end_row();
        let label = ui.label("Note");
        ui.add(
            egui::TextEdit::multiline(note)
                .hint_text("terrain, light, hazards")
                .desired_rows(2)
                .desired_width(260.0),
        )
        .labelled_by(label.id);
        ui.end_row();
    });
    let parsed = parse_capacity(capacity);
    if let Err(why) = parsed {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }

    ui.add_space(6.0);
    if zone.adjacent.is_empty() {
        ui.weak("Not connected: use Link on the card, then click another zone.");
    } else {
        ui.label("Connected to");
        for other in &zone.adjacent {
            let Some(o) = state.zone(*other) else { continue };
            ui.horizontal(|ui| {
                ui.label(&o.name);
                let button = egui::Button::new("Disconnect");
                let response = ui.add(button);
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::Role::Button,
                        true,
                        format!("Disconnect {}", o.name),
                    )
                });
                if response.clicked() {
                    out.push(Action::Game(Command::DisconnectZones { a: zone.id, b: o.id }));
                }
            });
        }
    }

    ui.add_space(8.0);
    let mut close = false;
    ui.horizontal(|ui| {
        let ready = !name.trim().is_empty() && parsed.is_ok();
        if ui.add_enabled(ready, big_button("Save zone")).clicked() {
            let capacity = parsed.unwrap_or(None);
            let unchanged =
                name.trim() == zone.name && capacity == zone.capacity && *note == zone.note;
            if !unchanged {
                out.push(Action::Game(Command::EditZone {
                    id: zone.id,
                    name: name.trim().to_owned(),
                    capacity,
                    note: note.clone(),
                }));
            }
            close = true;
        }
        if ui.add(big_button("Cancel")).clicked() {
            close = true;
        }
        if ui.add(big_button("Remove zone…")).clicked() {
            *confirm_remove = true;
        }
    });
    close
}

fn confirm_remove_ui(
    ui: &mut egui::Ui,
    state: &Encounter,
    zone: &Zone,
    confirm_remove: &mut bool,
    out: &mut Vec<Action>,
) -> bool {
    ui.heading(format!("Remove {}?", zone.name));
    let n = state.in_zone(zone.id).count();
    let who = match n {
        0 => "Nobody stands in it.".to_owned(),
        1 => "The combatant in it goes off the board.".to_owned(),
        n => format!("The {n} combatants in it go off the board."),
    };
    ui.label(who);
    ui.weak("Undo brings it back.");
    ui.add_space(8.0);
    let mut close = false;
    ui.horizontal(|ui| {
        if ui.add(big_button("Remove")).clicked() {
            out.push(Action::Game(Command::RemoveZone { id: zone.id }));
            close = true;
        }
        if ui.add(big_button("Keep it")).clicked() {
            *confirm_remove = false;
        }
    });
    close
}

fn big_button(text: &str) -> egui::Button<'_> {
    egui::Button::new(text).min_size(vec2(96.0, 34.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_is_empty_or_a_positive_number() {
        assert_eq!(parse_capacity(""), Ok(None));
        assert_eq!(parse_capacity(" 3 "), Ok(Some(3)));
        assert!(parse_capacity("0").is_err());
        assert!(parse_capacity("two").is_err());
    }
}
