//! The bar on top: the encounter's name and menu (new, open, rename, duplicate, delete),
//! undo and redo, the player window, export, the library and settings; and the welcome screen
//! when nothing is open. Where the window is too narrow for every button side by side, the
//! player window, export and the library fold behind *More* (`bar_fits`): *Settings…* stays.
//!
//! One file per job: [`welcome`] (the start screen and the new-encounter form), `dialogs`
//! (new, open, rename, delete), `export`, `settings`, and `shortcuts` (Ctrl+Z and friends).

mod dialogs;
mod export;
mod import;
pub mod import_form;
mod paste;
mod settings;
mod shortcuts;
mod templates;
mod welcome;

pub use welcome::welcome_ui;

use crate::dates::civil_date;
use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_data::EncounterId;

/// Widget state of the bar and its dialogs.
#[derive(Default)]
pub struct EncounterBarView {
    /// The new-encounter form, shared by the welcome screen and the "New…" dialog.
    new_form: welcome::NewEncounterForm,
    /// The dialog open over the window, if any (one at a time).
    dialog: Option<Dialog>,
    /// Width of the Export/Settings buttons last frame, to right-align them.
    right_width: f32,
    /// Width of every control of the bar but the name, last frame.
    controls_width: f32,
}

impl EncounterBarView {
    /// Whether a dialog is open over the window (the shortcuts stay quiet then).
    pub fn dialog_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// Opens the import dialog on a file read and previewed.
    pub fn open_import(&mut self, form: import_form::ImportForm) {
        self.dialog = Some(Dialog::Import(Box::new(form)));
    }

    /// Closes the import dialog (its file was imported).
    pub fn close_import(&mut self) {
        if matches!(self.dialog, Some(Dialog::Import(_) | Dialog::Paste(_))) {
            self.dialog = None;
        }
    }
}

/// The dialogs the bar opens.
enum Dialog {
    /// Create an encounter.
    New,
    /// Pick a stored encounter.
    Open,
    /// Rename the open encounter; the name being typed.
    Rename(String),
    /// Confirm a deletion.
    Delete {
        /// Which encounter.
        id: EncounterId,
        /// Its name, for the question.
        name: String,
    },
    /// Export the journal.
    Export(export::ExportForm),
    /// Window preferences and the encounter's rules.
    Settings(settings::SettingsForm),
    /// Save the board as an encounter template; the name being typed.
    SaveTemplate(String),
    /// Import a file into the library.
    Import(Box<import_form::ImportForm>),
    /// Export the library to a Fray JSON file.
    ExportLibrary(import::ExportLibraryForm),
    /// Stat blocks pasted as printed.
    Paste(Box<paste::PasteForm>),
}

/// Draws the bar, the dialog it opened, and handles the undo/redo shortcuts (the bar is
/// drawn every frame, so this is the one place they are read).
pub fn encounter_bar_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut EncounterBarView,
    players: &mut crate::window::views::player_window::PlayerWindowView,
    odds: &mut crate::window::views::odds::OddsView,
    out: &mut Vec<Action>,
) {
    shortcuts::undo_redo_keys(ui.ctx(), model, view.dialog_open(), out);
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let folded = model.session.as_ref().is_some_and(|s| !bar_fits(ui, s.state()));
        // The name takes what the buttons leave (their width is last frame's) and is cut
        // short with "…" rather than pushing the buttons off a narrow window.
        let name_max = (ui.available_width() - view.controls_width).max(NAME_LEAST);
        let title = match &model.session {
            Some(session) => &session.state().name,
            None => "Fray",
        };
        ui.scope(|ui| {
            ui.set_max_width(name_max);
            let text = RichText::new(title).heading().strong();
            ui.add(egui::Label::new(text).truncate());
        });
        let mut controls = egui::Rect::NOTHING;
        if let Some(session) = &model.session {
            controls = encounter_controls_ui(ui, session, view, odds, out);
            if !folded {
                ui.add_space(12.0);
                let menu = ui.menu_button("Players", |ui| {
                    crate::window::views::player_window::players_menu_ui(ui, model, players, out);
                });
                controls = controls.union(menu.response.rect);
            }
        }
        // Export and Settings sit at the far right, away from the undo buttons.
        let gap = ui.spacing().item_spacing.x;
        let room = ui.available_width() - view.right_width - gap - 1.0;
        if view.right_width > 0.0 && room > 0.0 {
            ui.add_space(room);
        }
        let right = if folded {
            // Players, Export… and Library behind one button; Settings… stays on screen,
            // for a GM must reach it to set the scale back.
            ui.menu_button("More", |ui| {
                ui.set_min_width(220.0);
                ui.menu_button("Players", |ui| {
                    crate::window::views::player_window::players_menu_ui(ui, model, players, out);
                });
                export_button_ui(ui, model, view);
                ui.menu_button("Library", |ui| library_menu_ui(ui, model, view, out));
            })
            .response
            .on_hover_text("Players, Export…, Library")
            .rect
        } else {
            let export = export_button_ui(ui, model, view);
            let library = ui.menu_button("Library", |ui| library_menu_ui(ui, model, view, out));
            library.response.rect.union(export)
        };
        let settings = ui.button("Settings…");
        let right = right.union(settings.rect);
        if settings.clicked() {
            view.dialog = Some(Dialog::Settings(settings::SettingsForm::new(model)));
        }
        view.right_width = right.width();
        view.controls_width = controls.width().max(0.0) + right.width() + 3.0 * gap + 2.0;
    });
    ui.add_space(4.0);
    dialogs::dialog_ui(ui, model, view, out);
    let waiting = model.unsaved();
    if waiting > 0 {
        waiting_ui(ui.ctx(), waiting);
    }
}

/// The least width of the encounter's name in the bar, in points.
const NAME_LEAST: f32 = 60.0;

/// Whether the bar holds every button of an open encounter side by side in `ui`'s width: its
/// name at its least, the procedure's name (unless narrow), *Encounter*, *Undo*, *Redo*,
/// *Players*, *Export…*, *Library* and *Settings…*, measured in their words (the same every
/// frame, so the bar does not fold and unfold by turns). At 200 % on 1366 × 768 it does not.
fn bar_fits(ui: &egui::Ui, state: &fray_app::Encounter) -> bool {
    let words = |text: &str, style: egui::TextStyle| {
        let font = style.resolve(ui.style());
        ui.fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE).size().x)
    };
    let (padding, gap) = (ui.spacing().button_padding.x, ui.spacing().item_spacing.x);
    let buttons = ["Encounter", "Undo", "Redo", "Players", "Export…", "Library", "Settings…"];
    let mut needed: f32 =
        buttons.iter().map(|b| words(b, egui::TextStyle::Button) + 2.0 * padding + gap).sum();
    // The name at its least, the three gaps of 12 between the groups, a point to spare.
    needed += NAME_LEAST + gap + 3.0 * 12.0 + 1.0;
    if !narrow(ui) {
        needed += words(state.system().name(), egui::TextStyle::Body) + gap + 12.0;
    }
    needed <= ui.available_width()
}

/// *Export…*: opens the export of the open encounter's journal. Returns its rectangle.
fn export_button_ui(ui: &mut egui::Ui, model: &Model, view: &mut EncounterBarView) -> egui::Rect {
    let Some(session) = &model.session else { return egui::Rect::NOTHING };
    let export = ui.button("Export…").on_hover_text("Write the journal to a file");
    if export.clicked() {
        view.dialog = Some(Dialog::Export(export::ExportForm::new(session.state())));
    }
    export.rect
}

/// The *Library* menu's entries: import, paste stat blocks, export the library.
fn library_menu_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut EncounterBarView,
    out: &mut Vec<Action>,
) {
    ui.set_min_width(220.0);
    if ui.button("Import…").on_hover_text("Fray JSON or CSV creatures").clicked() {
        import::pick_import(out);
    }
    let paste = ui.button("Paste stat blocks…");
    if paste.on_hover_text("Creatures as a book or a web page prints them").clicked() {
        // Without an open encounter the form starts on Block, Dodge, Parry's blocks.
        let system = model.session.as_ref().map_or_else(
            || fray_app::own::Kind::id(&fray_app::systems::bdp::Bdp),
            |s| s.state().system_id(),
        );
        view.dialog = Some(Dialog::Paste(Box::new(paste::PasteForm::new(system))));
    }
    if ui.button("Export library…").clicked() {
        view.dialog = Some(Dialog::ExportLibrary(import::ExportLibraryForm::default()));
    }
}

/// Changes another program's write lock holds back, said in a corner of the window: drawn
/// over the rest, so nothing moves when it comes and goes and the bar keeps its room.
fn waiting_ui(ctx: &egui::Context, waiting: usize) {
    let text = match waiting {
        1 => "Saving… 1 change waits for the database".to_owned(),
        n => format!("Saving… {n} changes wait for the database"),
    };
    egui::Area::new(egui::Id::unique("unsaved changes"))
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-16.0, -16.0))
        .order(egui::Order::Foreground)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(text).strong().color(ui.visuals().warn_fg_color));
            });
        });
}

/// The open encounter's system, its menu, and undo/redo. Returns the space they took.
fn encounter_controls_ui(
    ui: &mut egui::Ui,
    session: &fray_data::Session,
    view: &mut EncounterBarView,
    odds: &mut crate::window::views::odds::OddsView,
    out: &mut Vec<Action>,
) -> egui::Rect {
    let state = session.state();
    // On a narrow window (200 % on 1366 × 768) the procedure's name gives its room to the
    // menus, which would otherwise run off the window's edge (the settings name it).
    let first = if narrow(ui) {
        egui::Rect::NOTHING
    } else {
        let name = ui.label(RichText::new(state.system().name()).weak()).rect;
        ui.add_space(12.0);
        name
    };
    let menu = ui.menu_button("Encounter", |ui| {
        ui.set_min_width(220.0);
        if ui.button("New…").clicked() {
            view.dialog = Some(Dialog::New);
        }
        if ui.button("Open…").clicked() {
            view.dialog = Some(Dialog::Open);
        }
        ui.separator();
        if ui.button("Rename…").clicked() {
            view.dialog = Some(Dialog::Rename(state.name.clone()));
        }
        if ui
            .button("Duplicate")
            .on_hover_text("Copy the board as it is now into a new encounter, for next session")
            .clicked()
        {
            out.push(Action::DuplicateEncounter(session.encounter_id()));
        }
        if ui
            .button("Save as template…")
            .on_hover_text("Keep this board (before the fight) to start new encounters from")
            .clicked()
        {
            view.dialog = Some(Dialog::SaveTemplate(state.name.clone()));
        }
        ui.separator();
        if ui
            .button("Odds…")
            .on_hover_text("Play this fight out many times and see what tends to happen")
            .clicked()
        {
            odds.open = true;
        }
        ui.separator();
        if ui.button("Delete…").clicked() {
            view.dialog =
                Some(Dialog::Delete { id: session.encounter_id(), name: state.name.clone() });
        }
    });
    let first = first.union(menu.response.rect);
    ui.add_space(12.0);
    let history = session.history();
    let undo = ui
        .add_enabled(history.can_undo(), egui::Button::new("Undo"))
        .on_hover_text("Take back the last action (Ctrl+Z)")
        .on_disabled_hover_text("Nothing to undo");
    if undo.clicked() {
        out.push(Action::Undo);
    }
    let redo = ui
        .add_enabled(history.can_redo(), egui::Button::new("Redo"))
        .on_hover_text("Put back what was undone (Ctrl+Shift+Z or Ctrl+Y)")
        .on_disabled_hover_text("Nothing to redo");
    if redo.clicked() {
        out.push(Action::Redo);
    }
    // From the procedure's name (or the menu) to Redo: every control the name must leave
    // room for (issue 64: without the menu, the name took its width and pushed Settings… off
    // the window at 200 % on 1366 × 768).
    first.union(undo.rect).union(redo.rect)
}

/// Below this window width in points the bar leaves out the procedure's name.
const NARROW_BAR: f32 = 800.0;

/// Whether the window is too narrow for the procedure's name in the bar.
fn narrow(ui: &egui::Ui) -> bool {
    ui.ctx().content_rect().width() < NARROW_BAR
}

/// The name of a system, or its id when this Fray does not know it.
fn system_name(id: fray_app::ids::SystemId) -> &'static str {
    id.system().name()
}

/// When something happened, as a GM reads it: "just now", "5 min ago", "yesterday", or the
/// date. `ms` and `now` are Unix milliseconds.
fn when(ms: i64, now: i64) -> String {
    let minutes = (now - ms).max(0) / 60_000;
    match minutes {
        0 => "just now".into(),
        1..=59 => format!("{minutes} min ago"),
        60..=1439 => format!("{} h ago", minutes / 60),
        1440..=2879 => "yesterday".into(),
        2880..=10079 => format!("{} days ago", minutes / 1440),
        _ => {
            let (y, m, d) = civil_date(ms.div_euclid(86_400_000));
            format!("{y}-{m:02}-{d:02}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::when;
    use crate::dates::civil_date;

    #[test]
    fn dates_and_ages_read_like_a_person_says_them() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        let now = 1_700_000_000_000;
        assert_eq!(when(now - 10_000, now), "just now");
        assert_eq!(when(now - 5 * 60_000, now), "5 min ago");
        assert_eq!(when(now - 3 * 3_600_000, now), "3 h ago");
        assert_eq!(when(now - 30 * 3_600_000, now), "yesterday");
        assert_eq!(when(now - 4 * 86_400_000, now), "4 days ago");
        assert_eq!(when(0, now), "1970-01-01");
    }
}
