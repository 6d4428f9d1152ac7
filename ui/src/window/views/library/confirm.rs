//! "Delete Goblin?": the confirmation asked before a library entry is deleted, from the
//! list's context menu or the editor. The deletion can be undone from the status line.

use crate::window::Action;
use crate::window::library_ops::{EntryRef, LibraryAction};
use eframe::egui::{self, RichText, vec2};

/// A deletion waiting for the GM's confirmation.
#[derive(Debug, Clone, PartialEq)]
pub struct DeleteConfirm {
    /// The entry.
    pub entry: EntryRef,
    /// Its name, for the question.
    pub name: String,
}

/// Asks whether to delete; pushes [`LibraryAction::Delete`] on yes. Closes either way.
pub fn confirm_delete_ui(
    ui: &mut egui::Ui,
    pending: &mut Option<DeleteConfirm>,
    out: &mut Vec<Action>,
) {
    let Some(ask) = pending.as_ref() else { return };
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("library-delete-confirm")).show(ui.ctx(), |ui| {
        ui.set_max_width(460.0);
        ui.label(RichText::new(format!("Delete {}?", ask.name)).size(24.0).strong());
        ui.add_space(8.0);
        ui.label(format!(
            "{} leaves the library. Combatants already on a board stay. \
             You can undo this from the status line.",
            ask.name
        ));
        ui.add_space(14.0);
        ui.horizontal(|ui| {
            let big = vec2(0.0, 38.0);
            let delete = egui::Button::new(format!("Delete {}", ask.name)).min_size(big);
            if ui.add(delete).clicked() {
                out.push(Action::Library(LibraryAction::Delete(ask.entry)));
                close = true;
            }
            if ui.add(egui::Button::new("Keep it").min_size(big)).clicked() {
                close = true;
            }
        });
    });
    if close || modal.should_close() {
        *pending = None;
    }
}
