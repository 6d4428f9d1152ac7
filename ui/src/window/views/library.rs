//! The library: bestiary and characters of the encounter's system, search as you type, tag
//! filter, drag an entry onto a zone; quick-add by name.

use crate::window::{Action, Model};
use eframe::egui;

/// Widget state of the library.
#[derive(Default)]
pub struct LibraryView {}

/// Draws the library.
pub fn library_ui(ui: &mut egui::Ui, model: &Model, view: &mut LibraryView, out: &mut Vec<Action>) {
    let _ = (model, view, out);
    ui.label("Library");
}
