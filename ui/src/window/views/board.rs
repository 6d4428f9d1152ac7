//! The board: zone cards the GM places, resizes and connects; tokens dragged between zones.

use crate::window::{Action, Model};
use eframe::egui;

/// Widget state of the board.
#[derive(Default)]
pub struct BoardView {}

/// Draws the board.
pub fn board_ui(ui: &mut egui::Ui, model: &Model, view: &mut BoardView, out: &mut Vec<Action>) {
    let _ = (model, view, out);
    ui.label("Board");
}
