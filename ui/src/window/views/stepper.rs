//! The phase stepper: the round's phases, the current one lit, the round number, who acts,
//! Next, and the system's prompts as big buttons.

use crate::window::{Action, Model};
use eframe::egui;

/// Draws the stepper and the prompts.
pub fn stepper_ui(ui: &mut egui::Ui, model: &Model, out: &mut Vec<Action>) {
    let _ = (model, out);
    ui.label("Stepper");
}
