//! The selected combatant's card: name, side, zone, stats, tracks, conditions, notes, and
//! removal. Every edit is an override command, so it lands in the journal and can be undone.
//!
//! Typed edits live in [`CardView`] until the GM commits them (Enter or leaving the field).
//! The buffers belong to one combatant: selecting another commits what was typed for the
//! first (as leaving the field would) and starts afresh.

mod conditions;
mod edits;
mod numbers;

use crate::window::{Action, Model};
use edits::{Buffers, Field, field_ui};
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::Encounter;
use fray_app::encounter::Combatant;
use fray_app::ids::CombatantId;

/// Widget state of the card.
#[derive(Default)]
pub struct CardView {
    /// The combatant the buffers below belong to.
    shown: Option<CombatantId>,
    /// Edits typed but not committed yet.
    buffers: Buffers,
    /// The condition being typed.
    condition: String,
    /// How long the next condition added lasts (`None`: until taken off).
    duration: Option<fray_app::encounter::Duration>,
    /// Why the last edit was refused before it was sent ("STR: 'x' is not a whole number").
    error: Option<String>,
    /// The GM asked to remove the combatant; waiting for the confirmation.
    confirm_remove: bool,
}

impl CardView {
    /// Turns a committed field into its command, or explains why it cannot.
    fn commit(&mut self, c: &Combatant, field: &Field, text: &str, out: &mut Vec<Action>) {
        match field.command(c, text) {
            Ok(Some(command)) => {
                out.push(Action::Game(command));
                self.error = None;
            }
            Ok(None) => self.error = None,
            Err(e) => self.error = Some(e),
        }
    }

    /// Follows the selection: edits typed for the combatant shown before are committed
    /// (if it still exists), then everything is reset for the new one.
    fn follow(&mut self, selected: Option<CombatantId>, state: &Encounter, out: &mut Vec<Action>) {
        if self.shown == selected {
            return;
        }
        let before = self.shown.and_then(|id| state.combatant(id));
        for (field, text) in std::mem::take(&mut self.buffers) {
            if let Some(Ok(Some(command))) = before.map(|c| field.command(c, &text)) {
                out.push(Action::Game(command));
            }
        }
        *self = Self { shown: selected, ..Self::default() };
    }
}

/// Draws the selected combatant's card.
pub fn card_ui(ui: &mut egui::Ui, model: &Model, view: &mut CardView, out: &mut Vec<Action>) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    let selected = model.selected.filter(|id| state.combatant(*id).is_some());
    view.follow(selected, state, out);
    let Some(c) = selected.and_then(|id| state.combatant(id)) else {
        ui.label(RichText::new("Select a token to see its card").weak());
        return;
    };
    header_ui(ui, state, c, view, out);
    if let Some(error) = &view.error {
        let text = RichText::new(error).color(ui.visuals().error_fg_color);
        ui.add(egui::Label::new(text).wrap());
    }
    between_fights_ui(ui, model, c);
    section_ui(ui, "Stats");
    numbers::stats_ui(ui, c, view, out);
    numbers::tracks_ui(ui, session.history().system(), c, view, out);
    section_ui(ui, "Conditions");
    conditions::conditions_ui(ui, state, session.history().system(), c, view, out);
    actions_ui(ui, session.history().system(), state, c, out);
    section_ui(ui, "Notes");
    let notes = field_ui(ui, &mut view.buffers, Field::Notes, &c.notes, "Notes", |text| {
        egui::TextEdit::multiline(text).desired_rows(3).desired_width(f32::INFINITY)
    });
    if let Some(text) = notes {
        view.commit(c, &Field::Notes, &text, out);
    }
    ui.add_space(10.0);
    remove_ui(ui, c, view, out);
}

/// For a character (or recurring foe) of the library: how it stands between fights, what
/// the party window shows and the next write-back starts from.
fn between_fights_ui(ui: &mut egui::Ui, model: &Model, c: &Combatant) {
    let Some(member) = c.source.as_deref().and_then(|key| model.company.members.get(key)) else {
        return;
    };
    section_ui(ui, "Between fights");
    let text = RichText::new(member.summary()).size(16.0);
    ui.add(egui::Label::new(if member.condition.is_whole() { text.weak() } else { text }).wrap());
}

/// The portrait of the combatant's library entry, round, ringed in its side's colour.
fn portrait_ui(ui: &mut egui::Ui, c: &Combatant, colour: egui::Color32) {
    use crate::window::views::portraits;
    let Some(texture) = portraits::of(ui.ctx(), c.id) else { return };
    const SIDE: f32 = 112.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(SIDE, SIDE), egui::Sense::hover());
    let centre = rect.center();
    ui.painter().circle_filled(centre, SIDE / 2.0, colour);
    portraits::paint_round(ui.painter(), centre, SIDE / 2.0 - 4.0, texture);
}

/// The system's buttons for this combatant (saves, shield, detachment moves), in a wrapped
/// row: the GM's tools outside the turn's prompts.
fn actions_ui(
    ui: &mut egui::Ui,
    system: &dyn fray_app::System,
    state: &Encounter,
    c: &Combatant,
    out: &mut Vec<Action>,
) {
    let actions = fray_app::system::waiting::card_actions(system, state, c.id);
    if actions.is_empty() {
        return;
    }
    section_ui(ui, "Actions");
    ui.horizontal_wrapped(|ui| {
        for option in actions {
            let button = egui::Button::new(&option.label).min_size(egui::vec2(0.0, 32.0));
            let mut response = ui.add_enabled(option.enabled, button);
            if let Some(reason) = &option.reason {
                response = response.on_disabled_hover_text(reason);
            }
            if response.clicked() {
                out.push(Action::Game(option.command));
            }
        }
    });
}

/// A small caption over a part of the card.
fn section_ui(ui: &mut egui::Ui, title: &str) {
    ui.add_space(8.0);
    ui.label(RichText::new(title).small().strong().weak());
}

/// Name (editable), a dot in the side's colour, whether it acts now; side and zone pickers.
fn header_ui(
    ui: &mut egui::Ui,
    state: &Encounter,
    c: &Combatant,
    view: &mut CardView,
    out: &mut Vec<Action>,
) {
    let side = state.side(c.side);
    let colour = side.map_or(ui.visuals().weak_text_color(), |s| side_colour(&s.colour));
    portrait_ui(ui, c, colour);
    ui.horizontal(|ui| {
        // As tall as the name field, so the dot sits level with the name.
        let height = ui.text_style_height(&egui::TextStyle::Heading) + 8.0;
        let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, height), egui::Sense::hover());
        ui.painter().circle_filled(rect.center(), 8.0, colour);
        // Measured before the field is added: the closure cannot borrow `ui`.
        let width = ui.available_width();
        let name = field_ui(ui, &mut view.buffers, Field::Name, &c.name, "Name", |text| {
            egui::TextEdit::singleline(text).font(egui::TextStyle::Heading).desired_width(width)
        });
        if let Some(text) = name {
            view.commit(c, &Field::Name, &text, out);
        }
    });
    if state.acting().contains(&c.id) {
        ui.label(RichText::new("Acting now").strong().color(ui.visuals().selection.stroke.color));
    }
    egui::Grid::new(("card-place", c.id.0)).num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
        let label = ui.label("Side");
        ui.label_inputs_by(label.id, |ui| side_picker_ui(ui, state, c, out));
        ui.end_row();
        if state.grid.is_some() {
            let label = ui.label("Square");
            ui.label_inputs_by(label.id, |ui| square_ui(ui, c));
            ui.end_row();
            let label = ui.label("Size");
            ui.label_inputs_by(label.id, |ui| size_picker_ui(ui, c, out));
        } else {
            let label = ui.label("Zone");
            ui.label_inputs_by(label.id, |ui| zone_picker_ui(ui, state, c, out));
        }
        ui.end_row();
        let label = ui.label("Players see");
        ui.label_inputs_by(label.id, |ui| {
            ui.horizontal(|ui| {
                crate::window::views::player_window::shown_picker_ui(ui, state, c, out);
            });
        });
        ui.end_row();
    });
    // Under the grid of fields, at the column's left: the column is exactly its width, and
    // beside the square the button could stand past its edge, out of reach.
    if state.grid.is_some() && c.square.is_some() && ui.button("Off the grid").clicked() {
        out.push(Action::Game(Command::Place { id: c.id, at: None }));
    }
}

/// Where it stands on the grid (onto the grid is a drag; off it, the button under the fields).
fn square_ui(ui: &mut egui::Ui, c: &Combatant) {
    match c.square {
        Some(at) => {
            ui.label(at.to_string());
        }
        None => {
            ui.weak("Off the grid: drag the token onto a square");
        }
    }
}

/// How many squares a side it takes on the grid (medium 1, large 2, huge 3, gargantuan 4).
fn size_picker_ui(ui: &mut egui::Ui, c: &Combatant, out: &mut Vec<Action>) {
    const SIZES: [(u8, &str); 4] =
        [(1, "1×1 (medium)"), (2, "2×2 (large)"), (3, "3×3 (huge)"), (4, "4×4 (gargantuan)")];
    let current = SIZES.iter().find(|(s, _)| *s == c.size).map_or("?", |(_, t)| t);
    egui::ComboBox::from_id_salt(("card-size", c.id.0)).selected_text(current).show_ui(ui, |ui| {
        for (size, text) in SIZES {
            if ui.selectable_label(c.size == size, text).clicked() && c.size != size {
                out.push(Action::Game(Command::SetSize { id: c.id, size }));
            }
        }
    });
}

/// Puts the combatant on another side.
fn side_picker_ui(ui: &mut egui::Ui, state: &Encounter, c: &Combatant, out: &mut Vec<Action>) {
    let current = state.side(c.side).map_or_else(|| c.side.to_string(), |s| s.name.clone());
    egui::ComboBox::from_id_salt(("card-side", c.id.0)).selected_text(current).show_ui(ui, |ui| {
        for side in state.sides.values() {
            if ui.selectable_label(side.id == c.side, &side.name).clicked() && side.id != c.side {
                out.push(Action::Game(Command::ChangeSide { id: c.id, side: side.id }));
            }
        }
    });
}

/// Moves the combatant to another zone (the board does the same by dragging).
fn zone_picker_ui(ui: &mut egui::Ui, state: &Encounter, c: &Combatant, out: &mut Vec<Action>) {
    const OFF: &str = "Off the board";
    let current = c.zone.and_then(|z| state.zone(z)).map_or(OFF, |z| z.name.as_str());
    egui::ComboBox::from_id_salt(("card-zone", c.id.0)).selected_text(current).show_ui(ui, |ui| {
        let mut pick = |ui: &mut egui::Ui, to, text: &str| {
            if ui.selectable_label(c.zone == to, text).clicked() && c.zone != to {
                out.push(Action::Game(Command::Move { id: c.id, to }));
            }
        };
        pick(ui, None, OFF);
        for zone in state.zones.values() {
            pick(ui, Some(zone.id), &zone.name);
        }
    });
}

/// "Remove from encounter", then a confirmation in place.
fn remove_ui(ui: &mut egui::Ui, c: &Combatant, view: &mut CardView, out: &mut Vec<Action>) {
    if !view.confirm_remove {
        if ui.button("Remove from encounter").clicked() {
            view.confirm_remove = true;
        }
        return;
    }
    let ask = format!("Remove {} from the encounter?", c.name);
    ui.add(egui::Label::new(RichText::new(ask).strong()).wrap());
    ui.horizontal(|ui| {
        let danger = ui.visuals().error_fg_color;
        let remove = egui::Button::new(RichText::new("Remove").color(danger))
            .min_size(egui::vec2(100.0, 34.0));
        if ui.add(remove).on_hover_text("Undo brings it back").clicked() {
            out.push(Action::Game(Command::RemoveCombatant { id: c.id }));
            view.confirm_remove = false;
        }
        if ui.add(egui::Button::new("Keep").min_size(egui::vec2(100.0, 34.0))).clicked() {
            view.confirm_remove = false;
        }
    });
}

/// A side's `#rrggbb` colour; grey when it cannot be read.
fn side_colour(hex: &str) -> egui::Color32 {
    let hex = hex.trim_start_matches('#');
    let channel = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok());
    match (hex.len(), channel(0), channel(2), channel(4)) {
        (6, Some(r), Some(g), Some(b)) => egui::Color32::from_rgb(r, g, b),
        _ => egui::Color32::GRAY,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn side_colours_are_read_from_hex() {
        assert_eq!(
            super::side_colour("#3d7fc4"),
            eframe::egui::Color32::from_rgb(0x3d, 0x7f, 0xc4)
        );
        assert_eq!(super::side_colour("blue"), eframe::egui::Color32::GRAY);
    }
}
