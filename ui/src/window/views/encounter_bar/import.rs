//! The library's Import and Export dialogs. Import: the problems of a refused file (nothing
//! written), or the column mapping of a CSV file, then a preview of every entry with its
//! New / Changed / Same badge and "Import N". Export: the whole library or one system to a
//! Fray JSON file. The file dialogs only pick a path.

use super::dialogs::{Outcome, buttons_ui, title_ui};
use super::import_form::{ImportForm, Stage, writes};
use crate::window::file_dialog::{self, Files, SaveAs};
use crate::window::{Action, Model, PrepAction};
use eframe::egui::{self, Color32, RichText};
use fray_app::ids::SystemId;
use fray_app::systems::Registry;
use fray_data::exchange::{
    CsvMapping, Format, LibraryFormat, OnClash, Preview, Problems, Selection, Status, csv_targets,
};

/// Asks for a file to import (the system's file dialog) and opens the import dialog on it.
pub(super) fn pick_import(out: &mut Vec<Action>) {
    let picked = file_dialog::pick(Files {
        kind: "library",
        title: "Import into the library",
        filter: "Fray JSON, CSV, bestiaries",
        extensions: &["json", "csv", "txt", "md"],
    });
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
    if let Stage::Refused(problems) = &form.stage {
        problems_ui(ui, problems);
        let (_, cancel) =
            buttons_ui(ui, "Import", Some("The file was refused: nothing to import"), false);
        return if cancel { Outcome::Close } else { Outcome::Keep };
    }
    // Room for the title and the buttons; the rest scrolls on a short window (250 %).
    let max = (ui.ctx().content_rect().height() - 170.0).max(160.0);
    let (remap, clash_choice) = egui::ScrollArea::vertical()
        .id_salt("import-body")
        .max_height(max)
        .show(ui, |ui| stage_ui(ui, model.db.procedures(), &mut form.stage))
        .inner;
    if let Some((system, mapping)) = remap {
        form.remap(&model.db, system, mapping);
    } else if let Some(choice) = clash_choice {
        form.settle_clashes(&model.db, choice);
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

/// What the file holds and what importing it would do; the GM's new choice of system or
/// columns, or of what becomes of the names the library has.
#[allow(clippy::type_complexity)]
fn stage_ui(
    ui: &mut egui::Ui,
    procedures: &Registry,
    stage: &mut Stage,
) -> (Option<(SystemId, Option<CsvMapping>)>, Option<OnClash>) {
    let mut remap = None;
    let mut clash_choice = None;
    match stage {
        Stage::Refused(problems) => problems_ui(ui, problems),
        Stage::Csv { system, mapping, read, .. } => {
            if let Some(change) = mapping_ui(ui, procedures, *system, mapping) {
                remap = Some(change);
            }
            ui.add_space(8.0);
            match read {
                Ok((_, preview)) => preview_ui(ui, preview, WHOLE_PREVIEW, None),
                Err(problems) => problems_ui(ui, problems),
            }
        }
        Stage::Ready(_, preview) => preview_ui(ui, preview, WHOLE_PREVIEW, None),
        Stage::Creatures { format, system, on_clash, read, .. } => {
            ui.label(format!("{} ({})", capitalised(format.describe()), form_path_note(*format)));
            if let Some(picked) = system_ui(ui, procedures, *system, "import-creatures-system") {
                remap = Some((picked, None));
            }
            clash_choice = clash_ui(ui, *on_clash);
            ui.add_space(8.0);
            match read {
                Ok(c) => {
                    // Both lists share the room one preview has, so the buttons stay on the
                    // screen whatever the file holds.
                    let shared = if c.left_out.is_empty() { WHOLE_PREVIEW } else { 0.22 };
                    left_out_ui(ui, &c.left_out);
                    preview_ui(ui, &c.preview, shared, Some(&c.how_read));
                }
                Err(problems) => problems_ui(ui, problems),
            }
        }
    }
    (remap, clash_choice)
}

/// The share of the window's height a preview's list may take.
const WHOLE_PREVIEW: f32 = 0.45;

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

/// Counts, then every entry with its badge, in a list at most `share` of the window high;
/// under each, how it was read when the entries were read from a bestiary (`how_read`).
fn preview_ui(
    ui: &mut egui::Ui,
    preview: &Preview,
    share: f32,
    how_read: Option<&std::collections::HashMap<String, String>>,
) {
    ui.label(RichText::new(preview.counts()).strong());
    ui.add_space(6.0);
    let max = (ui.ctx().content_rect().height() * share).max(72.0);
    egui::ScrollArea::vertical().id_salt("import-preview").max_height(max).show(ui, |ui| {
        egui::Grid::new("import-preview-grid").num_columns(3).spacing([12.0, 6.0]).show(ui, |ui| {
            for e in &preview.entries {
                badge_ui(ui, e.status);
                ui.label(&e.name);
                ui.label(RichText::new(format!("{} · {}", e.kind.word(), e.system)).weak());
                ui.end_row();
                if let Some(how) = how_read.and_then(|h| h.get(&e.uid)) {
                    ui.label("");
                    ui.label(RichText::new(how).weak());
                    ui.end_row();
                }
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
    procedures: &Registry,
    system: SystemId,
    mapping: &CsvMapping,
) -> Option<(SystemId, Option<CsvMapping>)> {
    let mut change =
        system_ui(ui, procedures, system, "import-csv-system").map(|picked| (picked, None));
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
        change = Some((system, Some(edited)));
    }
    change
}

/// "Creatures of [system]": the system the file's creatures are read for; the new one when
/// the GM picks another.
fn system_ui(
    ui: &mut egui::Ui,
    procedures: &Registry,
    system: SystemId,
    salt: &str,
) -> Option<SystemId> {
    let mut change = None;
    ui.horizontal(|ui| {
        let label = ui.label("Creatures of");
        let name = system.system().name();
        let mut picked = system;
        egui::ComboBox::from_id_salt(salt)
            .selected_text(name)
            .show_ui(ui, |ui| {
                for s in procedures.all() {
                    ui.selectable_value(&mut picked, s.id(), s.name());
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

/// The creatures that do not come in, each with why, in a list of bounded height (a book
/// read for the wrong procedure leaves out hundreds) so the buttons stay on the screen.
fn left_out_ui(ui: &mut egui::Ui, left_out: &[String]) {
    if left_out.is_empty() {
        return;
    }
    let warn = ui.visuals().warn_fg_color;
    let n = left_out.len();
    let head =
        if n == 1 { "1 creature left out:".to_owned() } else { format!("{n} creatures left out:") };
    ui.label(RichText::new(head).strong().color(warn));
    let max = (ui.ctx().content_rect().height() * 0.12).max(48.0);
    egui::ScrollArea::vertical().id_salt("import-left-out").max_height(max).show(ui, |ui| {
        for why in left_out {
            ui.label(RichText::new(format!("Left out: {why}")).color(warn));
        }
    });
    ui.add_space(6.0);
}

/// What becomes of a creature whose name the library has; the new choice when the GM makes
/// one.
fn clash_ui(ui: &mut egui::Ui, on_clash: OnClash) -> Option<OnClash> {
    let word = |c: OnClash| match c {
        OnClash::Skip => "Leave it out",
        OnClash::Update => "Update the library's",
        OnClash::KeepBoth => "Keep both",
    };
    let mut picked = on_clash;
    ui.horizontal(|ui| {
        let label = ui.label("A name the library has");
        egui::ComboBox::from_id_salt("import-creatures-clash")
            .selected_text(word(on_clash))
            .show_ui(ui, |ui| {
                for c in [OnClash::Skip, OnClash::Update, OnClash::KeepBoth] {
                    ui.selectable_value(&mut picked, c, word(c));
                }
            })
            .response
            .labelled_by(label.id);
    });
    (picked != on_clash).then_some(picked)
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
    system: Option<SystemId>,
    /// The kind of file.
    format: LibraryFormat,
}

/// The export dialog: all or one system, then the save dialog picks the file.
pub(super) fn export_library_ui(
    ui: &mut egui::Ui,
    procedures: &Registry,
    form: &mut ExportLibraryForm,
    out: &mut Vec<Action>,
) -> Outcome {
    title_ui(ui, "Export the library");
    ui.horizontal(|ui| {
        let label = ui.label("As");
        egui::ComboBox::from_id_salt("export-library-format")
            .selected_text(form.format.name())
            .width(360.0)
            .show_ui(ui, |ui| {
                for f in LibraryFormat::ALL {
                    ui.selectable_value(&mut form.format, f, f.name());
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.label(match form.format {
        LibraryFormat::Fray => "A Fray JSON file another Fray can import (portraits included).",
        LibraryFormat::ImprovedInitiative => {
            "The creatures, for Improved Initiative's Import all and add; what it has no place \
             for travels in a trait named Fray, which Fray reads back."
        }
        LibraryFormat::FantasyStatblocks => {
            "The creatures as an Obsidian note, a statblock fence each; what the plugin has no \
             place for travels in a trait named Fray, which Fray reads back."
        }
    });
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let label = ui.label("Export");
        let shown = form.system.map_or("The whole library", |s| s.system().name());
        egui::ComboBox::from_id_salt("export-library-system")
            .selected_text(shown)
            .width(280.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut form.system, None, "The whole library");
                for s in procedures.all() {
                    ui.selectable_value(&mut form.system, Some(s.id()), s.name());
                }
            })
            .response
            .labelled_by(label.id);
    });
    let (export, cancel) = buttons_ui(ui, "Export…", None, false);
    if export {
        let extension = form.format.extension();
        let name = form.system.map_or("fray-library".to_owned(), |s| format!("fray-{s}"));
        let files = Files {
            kind: "library",
            title: "Export the library",
            filter: form.format.name(),
            extensions: &[extension],
        };
        let path = file_dialog::save(
            files,
            SaveAs { name: &name, fallback: "fray-library", folder: None },
        );
        if let Some(path) = path {
            let selection = match &form.system {
                Some(s) => Selection::System(*s),
                None => Selection::All,
            };
            let format = form.format;
            out.push(Action::Prep(PrepAction::ExportLibrary { selection, format, path }));
            return Outcome::Close;
        }
    }
    if cancel { Outcome::Close } else { Outcome::Keep }
}
