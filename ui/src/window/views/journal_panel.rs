//! The live journal: newest last, one line per event, filter by combatant, virtualised.

use crate::window::{Action, Model};
use eframe::egui;

/// Widget state of the journal panel.
#[derive(Default)]
pub struct JournalPanelView {}

/// Draws the journal.
pub fn journal_panel_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut JournalPanelView,
    out: &mut Vec<Action>,
) {
    let _ = (model, view, out);
    ui.label("Journal");
}
