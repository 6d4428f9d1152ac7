//! Carrying out the prep bench's actions: roll tables and templates saved, copied and
//! deleted, the board saved as a template and encounters started from one. Called from
//! [`super::apply`], the one place the model and the database change.

use super::model::{LAST_ENCOUNTER_KEY, Model, Removed};
use super::views::ViewState;
use super::views::encounter_bar::import_form::ImportForm;
use fray_data::exchange::{self, LibraryFile, Selection};
use fray_data::{NewTable, NewTemplate, Session, TableId, TemplateId, TemplateKind};
use std::path::PathBuf;

/// What the GM did on the prep bench (library tabs Tables, Detachments, Templates; the
/// encounter bar's templates).
#[derive(Debug, Clone, PartialEq)]
pub enum PrepAction {
    /// Store a roll table: a new one (`id` `None`) or over a stored one. The editor closes
    /// when it is stored.
    SaveTable {
        /// The table edited, if it was stored already.
        id: Option<TableId>,
        /// What the GM wrote.
        table: NewTable,
    },
    /// Copy a roll table ("… (copy)").
    DuplicateTable(TableId),
    /// Delete a roll table (the view asked first); undo puts it back.
    RemoveTable(TableId),
    /// Store a template: a new one (`id` `None`) or over a stored one (name and body).
    SaveTemplate {
        /// The template edited, if it was stored already.
        id: Option<TemplateId>,
        /// What the GM made.
        template: NewTemplate,
    },
    /// Copy a template ("… (copy)").
    DuplicateTemplate(TemplateId),
    /// Rename a template.
    RenameTemplate(TemplateId, String),
    /// Delete a template (the view asked first); undo puts it back.
    RemoveTemplate(TemplateId),
    /// Save the open encounter's board, as it was before the fight, as a template.
    SaveBoard(String),
    /// Read a file to import (Fray JSON, or CSV creatures) and open the import dialog on it;
    /// nothing is written yet.
    OpenImport(PathBuf),
    /// Import a file read and previewed: every new and changed entry in one transaction.
    Import {
        /// Where it came from, as messages name it (the file's name, "the pasted blocks").
        source: String,
        /// What to import.
        file: LibraryFile,
    },
    /// Write the library (all of it, or one system's) to a file: Fray JSON, or the creatures
    /// as another tracker's.
    ExportLibrary {
        /// What to export.
        selection: Selection,
        /// As what.
        format: exchange::LibraryFormat,
        /// Where.
        path: PathBuf,
    },
    /// Create an encounter from an encounter template, named `name`, and open it.
    FromTemplate {
        /// The template.
        template: TemplateId,
        /// The new encounter's name.
        name: String,
    },
}

/// Carries out one prep action; every failure ends in the status line.
pub fn apply(model: &mut Model, view: &mut ViewState, action: PrepAction) {
    match action {
        PrepAction::SaveTable { id, table } => save_table(model, view, id, &table),
        PrepAction::DuplicateTable(id) => {
            let result = model.db.tables().duplicate(id).map(|_| ());
            changed(model, result, "The table was copied")
        }
        PrepAction::RemoveTable(id) => match model.db.tables().remove(id) {
            Ok(Some(t)) => removed(model, Removed::Table(t)),
            Ok(None) => model.error("That table was already deleted"),
            Err(e) => model.error(format!("Could not delete the table: {e}")),
        },
        PrepAction::SaveTemplate { id, template } => save_template(model, view, id, &template),
        PrepAction::DuplicateTemplate(id) => {
            let result = model.db.templates().duplicate(id).map(|_| ());
            changed(model, result, "The template was copied")
        }
        PrepAction::RenameTemplate(id, name) => {
            let result = model.db.templates().get(id).and_then(|t| {
                let Some(t) = t else {
                    return Err(fray_data::DbError::Invalid("that template is gone".into()));
                };
                let mut new = t.to_new();
                new.name = name.trim().to_owned();
                model.db.templates().update(id, &new)
            });
            changed(model, result, "The template was renamed")
        }
        PrepAction::RemoveTemplate(id) => match model.db.templates().remove(id) {
            Ok(Some(t)) => removed(model, Removed::Template(t)),
            Ok(None) => model.error("That template was already deleted"),
            Err(e) => model.error(format!("Could not delete the template: {e}")),
        },
        PrepAction::SaveBoard(name) => save_board(model, &name),
        PrepAction::OpenImport(path) => {
            let system = view.library.shown_system(model);
            let form = ImportForm::load(&model.db, &path, system);
            view.bar.open_import(form);
        }
        PrepAction::Import { source, file } => match exchange::apply(&model.db, &source, &file) {
            Ok(s) => {
                view.bar.close_import();
                model.info(format!("Imported {} new, {} changed", s.added, s.changed));
                model.library_version += 1;
            }
            Err(e) => model.error(format!("Nothing was imported: {e}")),
        },
        PrepAction::ExportLibrary { selection, format, path } => {
            export_library(model, &selection, format, &path)
        }
        PrepAction::FromTemplate { template, name } => from_template(model, template, &name),
    }
}

fn changed(model: &mut Model, result: Result<(), fray_data::DbError>, done: &str) {
    match result {
        Ok(()) => {
            model.info(done);
            model.library_version += 1;
        }
        Err(e) => model.error(format!("{done} failed: {e}")),
    }
}

fn removed(model: &mut Model, what: Removed) {
    model.info(format!("{} deleted", what.name()));
    model.removed = Some(what);
    model.library_version += 1;
}

fn save_board(model: &mut Model, name: &str) {
    let Some(session) = &model.session else {
        model.error("Open an encounter to save its board");
        return;
    };
    let board = session.state().board();
    match model.db.templates().insert(&NewTemplate::board(name.trim(), &board)) {
        Ok(_) => {
            model.info(format!("Template {} saved: start new encounters from it", name.trim()));
            model.library_version += 1;
        }
        Err(e) => model.error(format!("Could not save the template: {e}")),
    }
}

/// A new encounter whose base is the template's board, with a new name and dice seed; a
/// system that reads roll tables gets the library's current ones, as a new encounter does.
fn from_template(model: &mut Model, id: TemplateId, name: &str) {
    let template = match model.db.templates().get(id) {
        Ok(Some(t)) if t.kind == TemplateKind::Encounter => t,
        Ok(_) => return model.error("That template is gone"),
        Err(e) => return model.error(format!("Could not read the template: {e}")),
    };
    let mut base = match template.board() {
        Ok(b) => b.board(),
        Err(e) => return model.error(format!("Could not read the template: {e}")),
    };
    base.name = name.trim().to_owned();
    base.seed = super::action::fresh_seed();
    let created = model.db.encounters().create(&base).map_err(|e| e.to_string()).and_then(|id| {
        let mut session = Session::open(&model.db, id).map_err(|e| e.to_string())?;
        if base.system().uses_tables() {
            session.reload_tables().map_err(|e| e.to_string())?;
        }
        Ok(session)
    });
    match created {
        Ok(session) => {
            let id = session.encounter_id();
            model.set_session(Some(session));
            model.selected = None;
            model.pending_roll = None;
            model.info(format!("{} starts from the template {}", base.name, template.name));
            if let Err(e) = model.db.settings().set_json(LAST_ENCOUNTER_KEY, &id.0) {
                model.error(format!("Could not remember the open encounter: {e}"));
            }
            model.refresh_encounters();
        }
        Err(e) => model.error(format!("Could not create the encounter: {e}")),
    }
}

/// A table the GM wrote, saved (new, or over the one it edits); the editor closes.
fn save_table(model: &mut Model, view: &mut ViewState, id: Option<TableId>, table: &NewTable) {
    let name = table.table.name.clone();
    let result = match id {
        Some(id) => model.db.tables().update(id, table),
        None => model.db.tables().insert(table).map(|_| ()),
    };
    match result {
        Ok(()) => {
            view.library.prep.tables.editor = None;
            model.info(format!("Table {name} saved"));
            model.library_version += 1;
        }
        Err(e) => model.error(format!("Could not save the table: {e}")),
    }
}

/// A template the GM made, saved (new, or over the one it edits); the form closes.
fn save_template(
    model: &mut Model,
    view: &mut ViewState,
    id: Option<TemplateId>,
    template: &NewTemplate,
) {
    let name = template.name.trim().to_owned();
    let result = match id {
        Some(id) => model.db.templates().update(id, template),
        None => model.db.templates().insert(template).map(|_| ()),
    };
    match result {
        Ok(()) => {
            view.library.prep.close_template_form();
            model.info(format!("Template {name} saved"));
            model.library_version += 1;
        }
        Err(e) => model.error(format!("Could not save the template: {e}")),
    }
}

/// The library (or the part selected) written to `path` in `format`, whole or not at all.
fn export_library(
    model: &mut Model,
    selection: &Selection,
    format: exchange::LibraryFormat,
    path: &std::path::Path,
) {
    let written = exchange::export(&model.db, selection)
        .map_err(|e| e.to_string())
        .and_then(|lib| exchange::write_library_as(path, &lib, format).map_err(|e| e.to_string()));
    match written {
        Ok(()) => model.info(format!("Library exported to {}", path.display())),
        Err(e) => model.error(format!("Could not export to {}: {e}", path.display())),
    }
}
