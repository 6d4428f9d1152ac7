//! The Tables tab: the system's roll tables (injuries, morale, reactions) with New, Edit,
//! Duplicate and Delete; the editor itself is [`super::table_editor`].

use super::table_form::TableForm;
use super::{confirm_delete_ui, list_row_ui, table_editor};
use crate::window::{Action, Model, PrepAction};
use eframe::egui::{self, vec2};
use fray_app::ids::SystemId;
use fray_data::{StoredTable, TableId};

/// Widget state of the Tables tab.
#[derive(Default)]
pub struct TablesView {
    /// The tables listed, and the (system, library version) they were read for.
    list: super::ReadFor<Result<Vec<StoredTable>, String>>,
    /// The table being written or edited.
    pub editor: Option<TableForm>,
    /// The table the GM asked to delete, waiting for the answer.
    deleting: Option<(TableId, String)>,
}

/// Draws the Tables tab; `filter` is the library's search text.
pub fn tables_ui(
    ui: &mut egui::Ui,
    model: &Model,
    system: SystemId,
    filter: &str,
    view: &mut TablesView,
    out: &mut Vec<Action>,
) {
    let key = (system, model.library_version);
    if view.list.as_ref().is_none_or(|(k, _)| *k != key) {
        let list = model.db.tables().list(Some(system)).map_err(|e| e.to_string());
        view.list = Some((key, list));
    }
    let new = egui::Button::new("New table").min_size(vec2(0.0, 34.0));
    if ui.add(new).on_hover_text("Write a roll table: injuries, morale, reactions…").clicked() {
        view.editor = Some(TableForm::new(system));
    }
    ui.separator();
    let Some((_, list)) = &view.list else { return };
    match list {
        Err(e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("The tables could not be read: {e}"),
            );
        }
        Ok(tables) if tables.is_empty() => {
            ui.weak("No roll table for this system yet.");
        }
        Ok(tables) => {
            let needle = filter.trim().to_lowercase();
            egui::ScrollArea::vertical().id_salt("prep-tables").auto_shrink([false, false]).show(
                ui,
                |ui| {
                    for t in tables {
                        let name = &t.table.name;
                        if !needle.is_empty() && !name.to_lowercase().contains(&needle) {
                            continue;
                        }
                        let buttons = ["Edit", "Duplicate", "Delete…"];
                        match list_row_ui(ui, name, &detail(t), &buttons) {
                            Some("Edit") => view.editor = Some(TableForm::edit(t)),
                            Some("Duplicate") => {
                                out.push(Action::Prep(PrepAction::DuplicateTable(t.id)))
                            }
                            Some(_) => view.deleting = Some((t.id, name.clone())),
                            None => {}
                        }
                    }
                },
            );
        }
    }
    if let Some((id, name)) = &view.deleting {
        match confirm_delete_ui(ui.ctx(), "table", name) {
            Some(true) => {
                out.push(Action::Prep(PrepAction::RemoveTable(*id)));
                view.deleting = None;
            }
            Some(false) => view.deleting = None,
            None => {}
        }
    }
    if let Some(form) = &mut view.editor
        && table_editor::table_editor_ui(ui.ctx(), form, out)
    {
        view.editor = None;
    }
}

/// "d20 · 20 rows · blunt", or "d6 · no rows yet".
fn detail(t: &StoredTable) -> String {
    let rows = match t.table.rows.len() {
        0 => "no rows yet".to_owned(),
        1 => "1 row".to_owned(),
        n => format!("{n} rows"),
    };
    let mut parts = vec![t.table.dice.to_string(), rows];
    if let Some(d) = &t.damage_type {
        parts.push(d.clone());
    }
    parts.join(" · ")
}
