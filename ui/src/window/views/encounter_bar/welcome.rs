//! The screen shown when no encounter is open: create one (system and name), or pick up a
//! recent one where it was left.

use super::{Dialog, EncounterBarView, system_name, when};
use crate::window::action::now_ms;
use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_app::ids::SystemId;
use fray_app::systems::Registry;

/// What the GM is typing into the new-encounter form.
#[derive(Default)]
pub(super) struct NewEncounterForm {
    /// The chosen system; before the GM picks one, the first in menu order.
    system: Option<SystemId>,
    /// The name being typed.
    name: String,
    /// The encounter template to start from, if any (its id and name).
    pub(super) template: Option<(fray_data::TemplateId, String)>,
    /// A 5-ft grid instead of zones (for procedures that may be fought on one), and its size
    /// in squares.
    grid: Option<(u16, u16)>,
}

/// The size a new grid starts at: a good room and its approaches.
const NEW_GRID: (u16, u16) = (20, 14);

/// The narrowest the form's pickers and fields get on a narrow card.
pub(super) const MIN_FIELD: f32 = 150.0;

/// Wide enough for the two cards side by side; narrower windows (or 200 % scale) stack them.
const SIDE_BY_SIDE: f32 = 940.0;

/// Draws the screen shown when no encounter is open.
pub fn welcome_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut EncounterBarView,
    out: &mut Vec<Action>,
) {
    egui::ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
        // Leave room for the scroll bar that floats over the right edge.
        let width = (ui.available_width() - 12.0).clamp(0.0, 1200.0);
        let margin = ((ui.available_width() - width) / 2.0).max(0.0);
        ui.horizontal(|ui| {
            ui.add_space(margin);
            ui.vertical(|ui| {
                ui.set_max_width(width);
                ui.add_space(24.0);
                ui.label(RichText::new("Welcome").size(34.0).strong());
                ui.label(
                    RichText::new(
                        "Create an encounter, or pick up a recent one where you left it.",
                    )
                    .weak(),
                );
                if let Some(status) = &model.status {
                    ui.add_space(8.0);
                    status_ui(ui, model, status, out);
                }
                ui.add_space(20.0);
                if width >= SIDE_BY_SIDE {
                    ui.columns(2, |cols| {
                        card_ui(&mut cols[0], |ui| new_card_ui(ui, model, view, out));
                        card_ui(&mut cols[1], |ui| recent_ui(ui, model, view, out));
                    });
                } else if model.encounters.is_empty() {
                    card_ui(ui, |ui| new_card_ui(ui, model, view, out));
                } else {
                    // Narrow (or 200 %): picking up a recent fight comes first, above the fold.
                    card_ui(ui, |ui| recent_ui(ui, model, view, out));
                    ui.add_space(16.0);
                    card_ui(ui, |ui| new_card_ui(ui, model, view, out));
                }
                ui.add_space(24.0);
            });
        });
    });
}

/// A calm framed card filling the width it is given.
fn card_ui(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    egui::Frame::group(ui.style()).inner_margin(18.0).corner_radius(8.0).show(ui, |ui| {
        ui.set_width(ui.available_width());
        // `columns` lays out justified; the card's buttons keep their own size.
        ui.with_layout(egui::Layout::top_down(egui::Align::Min), add);
    });
}

fn new_card_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut EncounterBarView,
    out: &mut Vec<Action>,
) {
    ui.label(RichText::new("New encounter").heading());
    ui.add_space(8.0);
    let form = &mut view.new_form;
    let enter = new_encounter_fields_ui(ui, model.db.procedures(), form);
    ui.add_space(8.0);
    super::templates::start_from_ui(ui, model, &mut form.template);
    ui.add_space(12.0);
    let button =
        egui::Button::new(RichText::new("Create").size(20.0)).min_size(egui::vec2(160.0, 44.0));
    let create = ui
        .add_enabled(form.ready(), button)
        .on_disabled_hover_text("Give the encounter a name first");
    if create.clicked() || enter {
        form.submit(out);
    }
}

/// The system picker and the name field. Returns whether Enter was pressed in the name.
pub(super) fn new_encounter_fields_ui(
    ui: &mut egui::Ui,
    procedures: &Registry,
    form: &mut NewEncounterForm,
) -> bool {
    let systems = procedures.all();
    // The menu's first until the GM picks one.
    form.system = Some(form.system.unwrap_or_else(|| procedures.first().id()));
    let chosen = form.system.map(SystemId::system);
    let mut enter = false;
    egui::Grid::new("new-encounter").num_columns(2).spacing([12.0, 12.0]).show(ui, |ui| {
        let label = ui.label("System");
        // Narrower when the card is (a high UI scale on a small screen), so that it stays
        // inside the card instead of running under the dice tray.
        egui::ComboBox::from_id_salt("new-encounter-system")
            .width(ui.available_width().clamp(MIN_FIELD, 260.0))
            // Every procedure in view at once, none behind a scroll.
            .height(f32::INFINITY)
            .selected_text(chosen.map_or("", |s| s.name()))
            .show_ui(ui, |ui| {
                for system in systems {
                    ui.selectable_value(&mut form.system, Some(system.id()), system.name());
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();

        let label = ui.label("Name");
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut form.name)
                    .hint_text("The crypt under the chapel")
                    .desired_width(ui.available_width().clamp(MIN_FIELD, 420.0)),
            )
            .labelled_by(label.id);
        enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();

        // Zones or a grid, for the procedures that may be fought on a grid.
        if let Some(system) = form.system.map(SystemId::system).filter(|s| s.allows_grid()) {
            // A procedure fought only on a grid gets one, and says why zones are off.
            let only_grid = system.needs_grid();
            if only_grid {
                form.grid.get_or_insert(NEW_GRID);
            }
            let label = ui.label("Board");
            ui.horizontal(|ui| {
                let zones = egui::Button::selectable(form.grid.is_none(), "Zones");
                let zones = ui
                    .add_enabled(!only_grid, zones)
                    .labelled_by(label.id)
                    .on_disabled_hover_text(format!("{} is fought on a grid", system.name()));
                if zones.clicked() {
                    form.grid = None;
                }
                let grid = egui::Button::selectable(form.grid.is_some(), "5-ft grid");
                if ui.add(grid).on_hover_text("Squares with walls, doors and cover").clicked() {
                    form.grid.get_or_insert(NEW_GRID);
                }
                if let Some((w, h)) = &mut form.grid {
                    ui.add(egui::DragValue::new(w).range(1..=200).suffix(" across"));
                    ui.label("×");
                    ui.add(egui::DragValue::new(h).range(1..=200).suffix(" down"));
                }
            });
            ui.end_row();
        } else {
            form.grid = None;
        }
    });
    enter
}

impl NewEncounterForm {
    /// Whether the form can be submitted (it has a name).
    pub(super) fn ready(&self) -> bool {
        !self.name.trim().is_empty()
    }

    /// Pushes the creation of the encounter and clears the name; false when not ready.
    pub(super) fn submit(&mut self, out: &mut Vec<Action>) -> bool {
        // Set by the fields as they were drawn (the menu's first until the GM picks one).
        let Some(system) = self.system else { return false };
        let name = self.name.trim();
        if name.is_empty() {
            return false;
        }
        match self.template.take() {
            Some((template, _)) => {
                out.push(Action::Prep(crate::window::PrepAction::FromTemplate {
                    template,
                    name: name.into(),
                }))
            }
            None => {
                out.push(Action::NewEncounter { system, name: name.into() });
                // The grid is the new encounter's first command (journaled, undoable).
                if let Some((width, height)) = self.grid {
                    out.push(Action::Game(fray_app::Command::SetGrid { width, height, feet: 5 }));
                }
            }
        }
        self.name.clear();
        true
    }
}

/// The stored encounters, most recently used first, each with Open (and Delete… on the
/// welcome screen, where nothing is open).
fn recent_ui(ui: &mut egui::Ui, model: &Model, view: &mut EncounterBarView, out: &mut Vec<Action>) {
    ui.label(RichText::new("Recent encounters").heading());
    ui.add_space(8.0);
    if let Some(dialog) = recent_list_ui(ui, model, true, out) {
        view.dialog = Some(dialog);
    }
}

/// The list of stored encounters; `deletable` adds a Delete… button to each row. Returns the
/// dialog the GM asked for, if any.
pub(super) fn recent_list_ui(
    ui: &mut egui::Ui,
    model: &Model,
    deletable: bool,
    out: &mut Vec<Action>,
) -> Option<Dialog> {
    if model.encounters.is_empty() {
        ui.label(RichText::new("No encounters yet. Create one to start.").weak());
        return None;
    }
    let open_id = model.session.as_ref().map(|s| s.encounter_id());
    let now = now_ms();
    let mut dialog = None;
    for (i, e) in model.encounters.iter().enumerate() {
        if i > 0 {
            ui.separator();
        }
        // A fixed-height row: buttons on the right first, the text truncated into the rest.
        let size = egui::vec2(ui.available_width(), 58.0);
        let layout = egui::Layout::right_to_left(egui::Align::Center);
        ui.allocate_ui_with_layout(size, layout, |ui| {
            if open_id == Some(e.id) {
                ui.label(RichText::new("open now").weak());
            } else {
                let open = egui::Button::new(RichText::new("Open").size(19.0))
                    .min_size(egui::vec2(100.0, 38.0));
                if ui.add(open).accessible_name(format!("Open {}", e.name)).clicked() {
                    out.push(Action::OpenEncounter(e.id));
                }
                if deletable
                    && ui.button("Delete…").accessible_name(format!("Delete {}…", e.name)).clicked()
                {
                    dialog = Some(Dialog::Delete { id: e.id, name: e.name.clone() });
                }
            }
            ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.add(egui::Label::new(RichText::new(&e.name).size(20.0).strong()).truncate());
                let when = match e.last_opened {
                    Some(t) => format!("opened {}", when(t, now)),
                    None => format!("changed {}", when(e.updated, now)),
                };
                let what = format!("{} · {} · {when}", system_name(e.system), actions(e.cursor));
                ui.add(egui::Label::new(RichText::new(what).weak()).truncate());
            });
        });
    }
    dialog
}

/// "no actions yet", "1 action", "12 actions": how far the encounter went.
fn actions(n: u64) -> String {
    match n {
        0 => "no actions yet".into(),
        1 => "1 action".into(),
        n => format!("{n} actions"),
    }
}

/// The status line, on the welcome screen (the other screens show it elsewhere).
fn status_ui(
    ui: &mut egui::Ui,
    model: &Model,
    status: &crate::window::Status,
    out: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        let colour =
            if status.error { ui.visuals().error_fg_color } else { ui.visuals().text_color() };
        ui.label(RichText::new(&status.text).color(colour));
        if ui.small_button("Dismiss").clicked() {
            out.push(Action::DismissStatus);
        }
        crate::window::views::library::undo_delete_ui(ui, model, out);
    });
}
