//! The dice tray: roll notation, type table dice, answer the engine's requests for dice.

use crate::window::{Action, Model};
use eframe::egui;

/// Widget state of the dice tray.
#[derive(Default)]
pub struct DiceTrayView {}

/// Draws the dice tray.
pub fn dice_tray_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut DiceTrayView,
    out: &mut Vec<Action>,
) {
    let _ = (model, view, out);
    ui.label("Dice");
}
