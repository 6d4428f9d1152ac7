//! The bar's modal dialogs: new, open, rename, delete (with confirmation); export and
//! settings have their own files. A dialog closes on Cancel, Escape or a click beside it.

use super::welcome::{new_encounter_fields_ui, recent_list_ui};
use super::{Dialog, EncounterBarView, export, settings};
use crate::window::{Action, Model};
use eframe::egui::{self, RichText};

/// What a dialog wants once drawn.
pub(super) enum Outcome {
    /// Stay open.
    Keep,
    /// Close.
    Close,
}

/// Draws the open dialog, if any, and closes it when it is done.
pub(super) fn dialog_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut EncounterBarView,
    out: &mut Vec<Action>,
) {
    let Some(dialog) = &mut view.dialog else { return };
    let ctx = ui.ctx().clone();
    let id = egui::Id::unique(("fray-dialog", kind(dialog)));
    let frame = egui::Frame::popup(&ctx.global_style()).inner_margin(20.0);
    // Anchored by its top edge, not its centre: a dialog whose content grows (a section
    // unfolding, a message) grows downwards, and nothing already shown moves under the
    // pointer.
    let top = (ctx.content_rect().height() * 0.08).clamp(16.0, 90.0);
    let area = egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, top));
    let modal = egui::Modal::new(id).area(area).frame(frame).show(&ctx, |ui| {
        ui.set_width(dialog_width(ui));
        match dialog {
            Dialog::New => new_ui(ui, model, &mut view.new_form, out),
            Dialog::Open => open_ui(ui, model, out),
            Dialog::Rename(name) => rename_ui(ui, name, out),
            Dialog::Delete { id, name } => delete_ui(ui, *id, name, out),
            Dialog::Export(form) => export::export_ui(ui, model, form, out),
            Dialog::Settings(form) => settings::settings_ui(ui, model, form, out),
            Dialog::SaveTemplate(name) => super::templates::save_template_ui(ui, name, out),
            Dialog::Import(form) => super::import::import_ui(ui, model, form, out),
            Dialog::ExportLibrary(form) => {
                super::import::export_library_ui(ui, model.db.procedures(), form, out)
            }
            Dialog::Paste(form) => super::paste::paste_ui(ui, model, form, out),
        }
    });
    let outcome = if modal.should_close() { Outcome::Close } else { modal.inner };
    match outcome {
        Outcome::Keep => {}
        Outcome::Close => view.dialog = None,
    }
}

/// A stable name per dialog kind, so each keeps its own place and size.
fn kind(dialog: &Dialog) -> &'static str {
    match dialog {
        Dialog::New => "new",
        Dialog::Open => "open",
        Dialog::Rename(_) => "rename",
        Dialog::Delete { .. } => "delete",
        Dialog::Export(_) => "export",
        Dialog::Settings(_) => "settings",
        Dialog::SaveTemplate(_) => "save-template",
        Dialog::Import(_) => "import",
        Dialog::Paste(_) => "paste",
        Dialog::ExportLibrary(_) => "export-library",
    }
}

/// Comfortable on a big screen, never wider than the window (200 % scale on a laptop).
fn dialog_width(ui: &egui::Ui) -> f32 {
    let screen = ui.ctx().content_rect().width();
    (screen - 80.0).clamp(280.0, 620.0)
}

// The dialogs' title and buttons are the library dialogs' own: one look for every dialog.
pub(super) use crate::window::views::library::prep::{body_ui, buttons_ui, title_ui};

fn new_ui(
    ui: &mut egui::Ui,
    model: &Model,
    form: &mut super::welcome::NewEncounterForm,
    out: &mut Vec<Action>,
) -> Outcome {
    title_ui(ui, "New encounter");
    let enter = new_encounter_fields_ui(ui, model.db.procedures(), form);
    ui.add_space(8.0);
    super::templates::start_from_ui(ui, model, &mut form.template);
    let why = (!form.ready()).then_some("Type a name first");
    let (create, cancel) = buttons_ui(ui, "Create", why, false);
    if (create || enter) && form.submit(out) || cancel { Outcome::Close } else { Outcome::Keep }
}

fn open_ui(ui: &mut egui::Ui, model: &Model, out: &mut Vec<Action>) -> Outcome {
    title_ui(ui, "Open an encounter");
    let before = out.len();
    let max = (ui.ctx().content_rect().height() * 0.6).max(200.0);
    egui::ScrollArea::vertical().max_height(max).show(ui, |ui| {
        // Deleting is done from the open encounter's menu or the welcome screen, not here.
        let _ = recent_list_ui(ui, model, false, out);
    });
    ui.add_space(10.0);
    // Opening one closes the dialog.
    if out.len() > before || ui.button("Cancel").clicked() { Outcome::Close } else { Outcome::Keep }
}

fn rename_ui(ui: &mut egui::Ui, name: &mut String, out: &mut Vec<Action>) -> Outcome {
    title_ui(ui, "Rename the encounter");
    let label = ui.label("New name");
    let field =
        ui.add(egui::TextEdit::singleline(name).desired_width(f32::INFINITY)).labelled_by(label.id);
    // Focus the field on opening so the GM can type at once.
    if !field.has_focus() && ui.memory(|m| m.focused().is_none()) {
        field.request_focus();
    }
    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let trimmed = name.trim();
    let why = trimmed.is_empty().then_some("Type a name first");
    let (ok, cancel) = buttons_ui(ui, "Rename", why, false);
    if (ok || enter) && !trimmed.is_empty() {
        out.push(Action::RenameEncounter(trimmed.to_owned()));
        return Outcome::Close;
    }
    if cancel { Outcome::Close } else { Outcome::Keep }
}

fn delete_ui(
    ui: &mut egui::Ui,
    id: fray_data::EncounterId,
    name: &str,
    out: &mut Vec<Action>,
) -> Outcome {
    title_ui(ui, "Delete the encounter");
    ui.label(format!("Delete '{name}'? This cannot be undone."));
    ui.label(RichText::new("Its board and its whole journal are removed.").weak());
    let (ok, cancel) = buttons_ui(ui, "Delete", None, true);
    if ok {
        out.push(Action::DeleteEncounter(id));
        return Outcome::Close;
    }
    if cancel { Outcome::Close } else { Outcome::Keep }
}
