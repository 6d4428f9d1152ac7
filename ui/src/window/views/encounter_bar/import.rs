//! The library's Import and Export dialogs. Import: the problems of a refused file (nothing
//! written), or the column mapping of a CSV file, then a preview of every entry with its
//! New / Changed / Same badge and "Import N". Export: the whole library or one system to a
//! Fray JSON file. The file dialogs only pick a path.

use super::dialogs::{Outcome, buttons_ui, title_ui};
use super::import_form::{ImportForm, Stage, writes};
use crate::window::{Action, Model, PrepAction};
use eframe::egui::{self, Color32, RichText};
use fray_data::exchange::{CsvMapping, Format, Preview, Problems, Selection, Status, csv_targets};

/// Asks for a file to import (the system's file dialog) and opens the import dialog on it.
pub(super) fn pick_import(out: &mut Vec<Action>) {
    let picked = rfd::FileDialog::new()
        .set_title("Import into the library")
        .add_filter("Fray JSON, CSV, bestiaries", &["json", "csv", "txt", "md"])
        .pick_file();
    if let Some(path) = picked {
        out.push(Action::Prep(PrepAction::OpenImport(path)));
    }
}

/// The import dialog.
pub(super) fn import_ui(
    ui: &mut egui::Ui,
    model: &Model,
    form: &mut ImportForm,
    out: &mut Vec<Action>,
) -> Outcome {
    title_ui(ui, &format!("Import {}", form.file_name()));
    let mut remap = None;
    match &mut form.stage {
        Stage::Refused(problems) => {
            problems_ui(ui, problems);
            let (_, cancel) =
                buttons_ui(ui, "Import", Some("The file was refused: nothing to import"), false);
            return if cancel { Outcome::Close } else { Outcome::Keep };
        }
        Stage::Csv { system, mapping, read, .. } => {
            if let Some(change) = mapping_ui(ui, system, mapping) {
                remap = Some(change);
            }
            ui.add_space(8.0);
            match read {
                Ok((_, preview)) => preview_ui(ui, preview),
                Err(problems) => problems_ui(ui, problems),
            }
        }
        Stage::Ready(_, preview) => preview_ui(ui, preview),
        Stage::Creatures { format, system, read, .. } => {
            ui.label(format!("{} ({})", capitalised(format.describe()), form_path_note(*format)));
            if let Some(picked) = system_ui(ui, system, "import-creatures-system") {
                remap = Some((picked, None));
            }
            ui.add_space(8.0);
            match read {
                Ok(c) => {
                    for why in &c.left_out {
                        ui.label(
                            RichText::new(format!("Left out: {why}"))
                                .color(ui.visuals().warn_fg_color),
                        );
                    }
                    preview_ui(ui, &c.preview);
                }
                Err(problems) => problems_ui(ui, problems),
            }
        }
    }
    if let Some((system, mapping)) = remap {
        form.remap(&model.db, &system, mapping);
    }
    let n = form.ready().map_or(0, |(_, p)| writes(p));
    let label = if n == 1 { "Import 1".to_owned() } else { format!("Import {n}") };
    let why = (n == 0).then_some("Nothing new or changed to import");
    let (import, cancel) = buttons_ui(ui, &label, why, false);
    if import && let Some((file, _)) = form.ready() {
        let source = form
            .path
            .file_name()
            .map_or_else(|| form.path.display().to_string(), |n| n.to_string_lossy().into_owned());
        out.push(Action::Prep(PrepAction::Import { source, file: file.clone() }));
    }
    if cancel { Outcome::Close } else { Outcome::Keep }
}

/// Every problem, with where it is: nothing will be written.
fn problems_ui(ui: &mut egui::Ui, problems: &Problems) {
    ui.label(RichText::new("This file cannot be imported; nothing was written.").strong());
    ui.add_space(6.0);
    let max = (ui.ctx().content_rect().height() * 0.45).max(160.0);
    egui::ScrollArea::vertical().id_salt("import-problems").max_height(max).show(ui, |ui| {
        for p in &problems.list {
            ui.label(RichText::new(p.to_string()).color(ui.visuals().warn_fg_color));
        }
        if problems.more > 0 {
            ui.label(RichText::new(format!("…and {} more", problems.more)).weak());
        }
    });
}

/// Counts, then every entry with its badge.
fn preview_ui(ui: &mut egui::Ui, preview: &Preview) {
    ui.label(RichText::new(preview.counts()).strong());
    ui.add_space(6.0);
    let max = (ui.ctx().content_rect().height() * 0.45).max(160.0);
    egui::ScrollArea::vertical().id_salt("import-preview").max_height(max).show(ui, |ui| {
        egui::Grid::new("import-preview-grid").num_columns(3).spacing([12.0, 6.0]).show(ui, |ui| {
            for e in &preview.entries {
                badge_ui(ui, e.status);
                ui.label(&e.name);
                ui.label(RichText::new(format!("{} · {}", e.kind.word(), e.system)).weak());
                ui.end_row();
                // What changes in it, field by field.
                for line in &e.changes.lines {
                    ui.label("");
                    ui.label(RichText::new(line).weak());
                    ui.end_row();
                }
            }
        });
    });
    let removals = preview.removals();
    if !removals.is_empty() {
        ui.add_space(6.0);
        ui.label(RichText::new("This import deletes:").strong().color(ui.visuals().warn_fg_color));
        for line in removals {
            ui.label(RichText::new(line).color(ui.visuals().warn_fg_color));
        }
    }
}

fn badge_ui(ui: &mut egui::Ui, status: Status) {
    let (text, fill) = match status {
        Status::New => ("New", Color32::from_rgb(0x2e, 0x7d, 0x4f)),
        Status::Changed => ("Changed", Color32::from_rgb(0xa8, 0x6b, 0x16)),
        Status::Same => ("Same", Color32::from_gray(0x60)),
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(8, 2))
        .show(ui, |ui| {
            ui.label(RichText::new(text).color(Color32::WHITE).strong());
        });
}

/// The CSV's system and each column's target; returns the new choice when the GM changed one
/// (`None` mapping: propose again for the new system).
fn mapping_ui(
    ui: &mut egui::Ui,
    system: &str,
    mapping: &CsvMapping,
) -> Option<(String, Option<CsvMapping>)> {
    let mut change = system_ui(ui, system, "import-csv-system").map(|picked| (picked, None));
    ui.label(RichText::new("Columns: what each one fills").strong());
    let targets = csv_targets(system);
    let mut edited = mapping.clone();
    egui::Grid::new("import-csv-columns").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
        for (i, (header, target)) in edited.columns.iter_mut().enumerate() {
            let label = ui.label(header.as_str());
            let shown = target
                .as_ref()
                .and_then(|k| targets.iter().find(|(t, _)| t == k))
                .map_or("(ignore)".to_owned(), |(_, l)| l.clone());
            egui::ComboBox::from_id_salt(("import-csv-column", i))
                .selected_text(shown)
                .width(240.0)
                .show_ui(ui, |ui| {
                    ui.selectable_value(target, None, "(ignore)");
                    for (key, l) in &targets {
                        ui.selectable_value(target, Some(key.clone()), l.as_str());
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
        }
    });
    // A column the GM sets to "(ignore)" is left out on purpose: no warning for it.
    for i in 0..edited.columns.len() {
        if edited.columns[i].1.is_none() && mapping.columns[i].1.is_some() {
            edited.ignore(i);
        }
    }
    for warning in edited.warnings(system) {
        ui.label(RichText::new(format!("⚠ {warning}")).color(ui.visuals().warn_fg_color));
    }
    if change.is_none() && edited != *mapping {
        change = Some((system.to_owned(), Some(edited)));
    }
    change
}

/// "Creatures of [system]": the system the file's creatures are read for; the new one when
/// the GM picks another.
fn system_ui(ui: &mut egui::Ui, system: &str, salt: &str) -> Option<String> {
    let mut change = None;
    ui.horizontal(|ui| {
        let label = ui.label("Creatures of");
        let name = fray_app::system::by_id(system).map_or(system, |s| s.name());
        let mut picked = system.to_owned();
        egui::ComboBox::from_id_salt(salt)
            .selected_text(name)
            .show_ui(ui, |ui| {
                for s in fray_app::system::all() {
                    ui.selectable_value(&mut picked, s.id().to_owned(), s.name());
                }
            })
            .response
            .labelled_by(label.id);
        if picked != system {
            change = Some(picked);
        }
    });
    change
}

/// What the GM should know of how a bestiary is read.
fn form_path_note(format: Format) -> &'static str {
    match format {
        Format::Text => {
            "each block read by the system's fields; what is not read goes to the notes"
        }
        _ => "each creature read for the system below; what no field takes goes to the notes",
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// What "Export library…" exports: everything, or one system's entries.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct ExportLibraryForm {
    /// The system, or `None` for the whole library.
    system: Option<String>,
}

/// The export dialog: all or one system, then the save dialog picks the file.
pub(super) fn export_library_ui(
    ui: &mut egui::Ui,
    form: &mut ExportLibraryForm,
    out: &mut Vec<Action>,
) -> Outcome {
    title_ui(ui, "Export the library");
    ui.label("A Fray JSON file another Fray can import (portraits included).");
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let label = ui.label("Export");
        let shown = form
            .system
            .as_deref()
            .map_or("The whole library", |s| fray_app::system::by_id(s).map_or(s, |x| x.name()));
        egui::ComboBox::from_id_salt("export-library-system")
            .selected_text(shown)
            .width(280.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut form.system, None, "The whole library");
                for s in fray_app::system::all() {
                    ui.selectable_value(&mut form.system, Some(s.id().to_owned()), s.name());
                }
            })
            .response
            .labelled_by(label.id);
    });
    let (export, cancel) = buttons_ui(ui, "Export…", None, false);
    if export {
        let name = form
            .system
            .as_deref()
            .map_or("fray-library.json".to_owned(), |s| format!("fray-{s}.json"));
        let path = rfd::FileDialog::new()
            .set_title("Export the library")
            .add_filter("Fray JSON", &["json"])
            .set_file_name(name)
            .save_file();
        if let Some(path) = path {
            let selection = match &form.system {
                Some(s) => Selection::System(s.clone()),
                None => Selection::All,
            };
            out.push(Action::Prep(PrepAction::ExportLibrary { selection, path }));
            return Outcome::Close;
        }
    }
    if cancel { Outcome::Close } else { Outcome::Keep }
}
