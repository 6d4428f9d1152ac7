//! The Templates tab: the encounter boards saved as templates (every system), each with
//! Start (a new encounter from it), Rename, Duplicate and Delete.

use super::{buttons_ui, confirm_delete_ui, list_row_ui, modal_ui, title_ui};
use crate::window::{Action, Model, PrepAction};
use eframe::egui;
use fray_data::{Template, TemplateId, TemplateKind};

/// Widget state of the Templates tab.
#[derive(Default)]
pub struct TemplatesView {
    /// The templates listed, and the library version they were read at.
    list: Option<(u64, Result<Vec<Template>, String>)>,
    /// The template being renamed, and the name typed.
    pub rename: Option<(TemplateId, String)>,
    /// The template the GM asked to delete.
    deleting: Option<(TemplateId, String)>,
}

/// "d12 · 2 zones · 5 combatants".
pub fn template_detail(t: &Template) -> String {
    let system = t.system.system().name();
    match t.board() {
        Ok(b) => format!("{system} · {} zones · {} combatants", b.zones.len(), b.combatants.len()),
        Err(_) => format!("{system} · unreadable"),
    }
}

/// Draws the Templates tab; `filter` is the library's search text.
pub fn templates_ui(
    ui: &mut egui::Ui,
    model: &Model,
    filter: &str,
    view: &mut TemplatesView,
    out: &mut Vec<Action>,
) {
    if view.list.as_ref().is_none_or(|(v, _)| *v != model.library_version) {
        let list =
            model.db.templates().list(TemplateKind::Encounter, None).map_err(|e| e.to_string());
        view.list = Some((model.library_version, list));
    }
    ui.weak("Save a board with Encounter › Save as template…; start one with Start.");
    ui.separator();
    match view.list.as_ref().map(|(_, l)| l) {
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("Could not read them: {e}"));
        }
        Some(Ok(list)) if list.is_empty() => {
            ui.weak("No encounter template yet.");
        }
        Some(Ok(list)) => {
            let needle = filter.trim().to_lowercase();
            egui::ScrollArea::vertical()
                .id_salt("prep-templates")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for t in list {
                        if !needle.is_empty() && !t.name.to_lowercase().contains(&needle) {
                            continue;
                        }
                        let buttons = ["Start", "Rename…", "Duplicate", "Delete…"];
                        match list_row_ui(ui, &t.name, &template_detail(t), &buttons) {
                            Some("Start") => out.push(Action::Prep(PrepAction::FromTemplate {
                                template: t.id,
                                name: t.name.clone(),
                            })),
                            Some("Rename…") => view.rename = Some((t.id, t.name.clone())),
                            Some("Duplicate") => {
                                out.push(Action::Prep(PrepAction::DuplicateTemplate(t.id)))
                            }
                            Some(_) => view.deleting = Some((t.id, t.name.clone())),
                            None => {}
                        }
                    }
                });
        }
        None => {}
    }
    if let Some((id, name)) = &view.deleting {
        match confirm_delete_ui(ui.ctx(), "template", name) {
            Some(true) => {
                out.push(Action::Prep(PrepAction::RemoveTemplate(*id)));
                view.deleting = None;
            }
            Some(false) => view.deleting = None,
            None => {}
        }
    }
    if let Some((id, name)) = &mut view.rename {
        let done = modal_ui(ui.ctx(), "rename-template", 520.0, |ui| {
            title_ui(ui, "Rename the template");
            let label = ui.label("Template name");
            ui.add(egui::TextEdit::singleline(name).desired_width(f32::INFINITY))
                .labelled_by(label.id);
            let why = name.trim().is_empty().then_some("Give it a name");
            let (ok, cancel) = buttons_ui(ui, "Rename", why, false);
            if ok && why.is_none() {
                out.push(Action::Prep(PrepAction::RenameTemplate(*id, name.trim().to_owned())));
            }
            cancel || ok
        });
        if done {
            view.rename = None;
        }
    }
}
