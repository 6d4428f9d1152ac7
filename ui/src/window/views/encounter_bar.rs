//! The bar on top: the encounter's name and menu (new, open, rename, duplicate, delete),
//! undo and redo, export and settings; and the welcome screen when nothing is open.

use crate::window::{Action, Model};
use eframe::egui;

/// Widget state of the bar and its dialogs.
#[derive(Default)]
pub struct EncounterBarView {}

/// Draws the bar.
pub fn encounter_bar_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut EncounterBarView,
    out: &mut Vec<Action>,
) {
    let _ = (model, view, out);
    ui.label("Fray");
}

/// Draws the screen shown when no encounter is open.
pub fn welcome_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut EncounterBarView,
    out: &mut Vec<Action>,
) {
    let _ = (model, view, out);
    ui.label("Welcome");
}
