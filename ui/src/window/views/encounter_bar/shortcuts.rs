//! Keyboard shortcuts for undo and redo: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on a Mac).

use crate::window::{Action, Model};
use eframe::egui::{self, Key, Modifiers};

/// Turns this frame's undo/redo key presses into actions, one per press (held keys repeat).
///
/// Quiet while a text field has focus (it undoes its own typing), while a dialog is open,
/// and when no encounter is open.
pub(super) fn undo_redo_keys(
    ctx: &egui::Context,
    model: &Model,
    dialog_open: bool,
    out: &mut Vec<Action>,
) {
    if model.session.is_none() || dialog_open || ctx.text_edit_focused() {
        return;
    }
    let (undo, redo) = ctx.input_mut(|i| {
        // Most specific first: Ctrl+Z would also match Ctrl+Shift+Z (extra Shift is ignored).
        let redo = i.count_and_consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z)
            + i.count_and_consume_key(Modifiers::COMMAND, Key::Y);
        let undo = i.count_and_consume_key(Modifiers::COMMAND, Key::Z);
        (undo, redo)
    });
    out.extend(std::iter::repeat_n(Action::Undo, undo));
    out.extend(std::iter::repeat_n(Action::Redo, redo));
}
