//! The selected combatant's card: stats, tracks, conditions, notes; every edit an override.

use crate::window::{Action, Model};
use eframe::egui;

/// Widget state of the card.
#[derive(Default)]
pub struct CardView {}

/// Draws the selected combatant's card.
pub fn card_ui(ui: &mut egui::Ui, model: &Model, view: &mut CardView, out: &mut Vec<Action>) {
    let _ = (model, view, out);
    ui.label("Card");
}
