//! The views, one file each. Each `*_ui` function reads the [`Model`], keeps its own widget
//! state in [`ViewState`] and pushes [`Action`]s; none changes the model.

pub mod board;
pub mod card;
pub mod dice_tray;
pub mod editor;
pub mod encounter_bar;
pub mod journal_panel;
pub mod library;
pub mod portraits;
pub mod stepper;

use super::{Action, Model};
use eframe::egui;

/// The widget state of every view (text being typed, open dialogs, drags in progress).
#[derive(Default)]
pub struct ViewState {
    /// The library panel.
    pub library: library::LibraryView,
    /// The board.
    pub board: board::BoardView,
    /// The combatant card.
    pub card: card::CardView,
    /// The dice tray.
    pub dice: dice_tray::DiceTrayView,
    /// The encounter bar and its dialogs (new, open, rename, delete, settings, export).
    pub bar: encounter_bar::EncounterBarView,
    /// The journal panel.
    pub journal: journal_panel::JournalPanelView,
    /// The stepper (the GM's attack circumstances, the declaration timer).
    pub stepper: stepper::StepperView,
    /// The stat-block editor window.
    pub editor: editor::EditorView,
    /// Portrait textures of the open encounter's combatants.
    pub portraits: portraits::Portraits,
}

/// Lays out the whole window: bar on top, journal at the bottom, library left, stepper and
/// card right, board in the middle.
pub fn layout_ui(ui: &mut egui::Ui, model: &Model, view: &mut ViewState, out: &mut Vec<Action>) {
    egui::Panel::top("encounter-bar").show(ui, |ui| {
        encounter_bar::encounter_bar_ui(ui, model, &mut view.bar, out);
    });
    view.portraits.sync(ui.ctx(), model);
    editor::editor_ui(ui, model, &mut view.editor, out);
    if model.session.is_none() {
        // The library works without an encounter: the GM prepares any system.
        let width = ui.available_width();
        egui::Panel::left("library")
            .resizable(true)
            .default_size((width * 0.19).clamp(210.0, 320.0))
            .show(ui, |ui| library::library_ui(ui, model, &mut view.library, out));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            encounter_bar::welcome_ui(ui, model, &mut view.bar, out);
        });
        return;
    }
    // Side panels start as a share of the window, so a high UI scale (fewer points on the
    // same screen) still leaves the board room; the GM can resize them.
    let screen = ui.available_size();
    egui::Panel::bottom("journal")
        .resizable(true)
        .default_size((screen.y * 0.22).clamp(110.0, 240.0))
        .max_size(screen.y * 0.45)
        .show(ui, |ui| journal_panel::journal_panel_ui(ui, model, &mut view.journal, out));
    egui::Panel::left("library")
        .resizable(true)
        .default_size((screen.x * 0.19).clamp(210.0, 320.0))
        .show(ui, |ui| library::library_ui(ui, model, &mut view.library, out));
    egui::Panel::right("stepper")
        .resizable(true)
        .default_size((screen.x * 0.24).clamp(280.0, 400.0))
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                stepper::stepper_ui(ui, model, &mut view.stepper, out);
                ui.separator();
                dice_tray::dice_tray_ui(ui, model, &mut view.dice, out);
                ui.separator();
                card::card_ui(ui, model, &mut view.card, out);
            });
        });
    egui::CentralPanel::default_margins().show(ui, |ui| {
        board::board_ui(ui, model, &mut view.board, out);
    });
}
