//! The export dialog: pick a format, choose where (the desktop's save dialog through `rfd`,
//! or Fray's own path field when the desktop offers none), export.

use super::dialogs::{Outcome, buttons_ui, title_ui};
use crate::window::file_dialog::{self, Files, SaveAs};
use crate::window::{Action, ExportFormat, Model};
use eframe::egui::{self, RichText};
use fray_app::Encounter;
use std::path::{Path, PathBuf};

/// What the GM chose in the export dialog.
pub(super) struct ExportForm {
    /// The chosen format.
    format: ExportFormat,
    /// The GM's full journal rather than the players' (Markdown and HTML).
    for_gm: bool,
    /// Where to write, as typed (`~/` is the home folder).
    path: String,
    /// An export was asked for; the dialog waits for the outcome in the status line.
    waiting: bool,
    /// Why the last export failed, or a hint after the save dialog returned nothing.
    message: Option<(String, bool)>,
    /// The check of a shared journal is unfolded (folded, the dialog fits a short screen).
    show_check: bool,
    /// A journal file to check, as typed.
    check_path: String,
    /// A check was asked for; its outcome is read from the status line next frame.
    checking: bool,
    /// The last check's outcome (text, whether it failed).
    check_message: Option<(String, bool)>,
}

impl ExportForm {
    /// A form for the encounter's journal, in Markdown, to the documents folder.
    pub(super) fn new(state: &Encounter) -> Self {
        let format = ExportFormat::Markdown;
        let path = documents_dir().join(file_name(&state.name, format));
        Self {
            format,
            for_gm: false,
            path: path.display().to_string(),
            waiting: false,
            message: None,
            show_check: false,
            check_path: String::new(),
            checking: false,
            check_message: None,
        }
    }
}

/// Draws the export dialog.
pub(super) fn export_ui(
    ui: &mut egui::Ui,
    model: &Model,
    form: &mut ExportForm,
    out: &mut Vec<Action>,
) -> Outcome {
    if form.waiting {
        // The export ran after the last frame; its outcome is in the status line.
        form.waiting = false;
        match &model.status {
            Some(s) if s.error => form.message = Some((s.text.clone(), true)),
            _ => return Outcome::Close,
        }
    }
    title_ui(ui, "Export the journal");
    ui.horizontal(|ui| {
        for format in ExportFormat::ALL {
            let text = RichText::new(format.label()).size(19.0);
            let button = egui::Button::selectable(form.format == format, text)
                .min_size(egui::vec2(120.0, 38.0));
            if ui.add(button).clicked() && form.format != format {
                form.path = with_extension(&form.path, format);
                form.format = format;
            }
        }
    });
    ui.label(RichText::new(describe(form.format)).weak());
    ui.add_space(6.0);
    // What is shared goes to the players by the player window's rules, unless the GM asks
    // for the whole journal; JSON is always whole (it replays). What each means is on hover,
    // so the dialog keeps its height on a short screen.
    let json = form.format == ExportFormat::Json;
    ui.add_enabled_ui(!json, |ui| {
        ui.horizontal(|ui| {
            let choices = [
                (false, "For the players", "What the player window would show: hidden foes, secret rolls and your notes left out"),
                (true, "The GM's full journal", "Every line, with hidden foes, secret rolls and your notes"),
            ];
            for (gm, text, hint) in choices {
                let button = egui::Button::selectable(form.for_gm == gm && !json, text)
                    .min_size(egui::vec2(120.0, 32.0));
                if ui.add(button).on_hover_text(hint).clicked() {
                    form.for_gm = gm;
                }
            }
        });
    });
    ui.add_space(10.0);

    let label = ui.label("Save to");
    ui.horizontal(|ui| {
        let browse =
            ui.button("Browse…").on_hover_text("Choose the file with the desktop's dialog");
        let field = egui::TextEdit::singleline(&mut form.path)
            .hint_text("~/journal.md")
            .desired_width(ui.available_width());
        ui.add(field).labelled_by(label.id);
        if browse.clicked() {
            browse_for(form);
        }
    });
    if let Some((text, error)) = &form.message {
        let colour =
            if *error { ui.visuals().error_fg_color } else { ui.visuals().weak_text_color() };
        ui.add(egui::Label::new(RichText::new(text).color(colour)).wrap());
    }

    let path = file_dialog::typed_path(&form.path);
    check_ui(ui, model, form, out);
    let why = path.is_none().then_some("Type a path or choose a file first");
    let (ok, cancel) = buttons_ui(ui, "Export", why, false);
    if ok && let Some(path) = path {
        // Clear the old message first: the status line then tells this export's outcome.
        out.push(Action::DismissStatus);
        let audience = if form.for_gm {
            fray_app::journal::Audience::Gm
        } else {
            fray_app::journal::Audience::Players
        };
        out.push(Action::Export { format: form.format, audience, path });
        form.waiting = true;
        form.message = None;
    }
    if cancel { Outcome::Close } else { Outcome::Keep }
}

/// Checking a journal someone shared: replayed with its dice checked against its seed, the
/// same check as `fray replay`, the outcome said under the field.
fn check_ui(ui: &mut egui::Ui, model: &Model, form: &mut ExportForm, out: &mut Vec<Action>) {
    if form.checking {
        form.checking = false;
        form.check_message = model.status.as_ref().map(|s| (s.text.clone(), s.error));
    }
    ui.add_space(12.0);
    ui.separator();
    if !form.show_check {
        let unfold = ui.button("Check a journal someone shared…");
        if unfold.on_hover_text("Replay a JSON journal with its dice checked").clicked() {
            form.show_check = true;
        }
        return;
    }
    let label = ui.label("Check a journal (JSON)");
    ui.horizontal(|ui| {
        let browse =
            ui.button("Choose…").on_hover_text("Choose a journal with the desktop's dialog");
        let path = file_dialog::typed_path(&form.check_path);
        let check = ui.add_enabled(path.is_some(), egui::Button::new("Check"));
        let field = egui::TextEdit::singleline(&mut form.check_path)
            .hint_text("~/journal.json")
            .desired_width(ui.available_width());
        ui.add(field).labelled_by(label.id);
        if browse.clicked()
            && let Some(chosen) = file_dialog::pick(Files {
                kind: "journal",
                title: "Check a journal",
                filter: "JSON",
                extensions: &["json"],
            })
        {
            form.check_path = chosen.display().to_string();
        }
        if check.clicked()
            && let Some(path) = path
        {
            out.push(Action::DismissStatus);
            out.push(Action::CheckJournal(path));
            form.checking = true;
            form.check_message = None;
        }
    });
    if let Some((text, error)) = &form.check_message {
        let colour =
            if *error { ui.visuals().error_fg_color } else { ui.visuals().weak_text_color() };
        ui.add(egui::Label::new(RichText::new(text).color(colour)).wrap());
    }
}

/// Asks the desktop for a file name, starting from the path in the field. Where it offers no
/// dialog (no xdg portal or zenity on a bare Linux) `rfd` returns nothing, as it does on
/// Cancel: the path field stays, so the GM can still type where the file goes.
fn browse_for(form: &mut ExportForm) {
    let current =
        file_dialog::typed_path(&form.path).unwrap_or_else(|| documents_dir().join("journal"));
    let name = current.file_stem().map(|s| s.to_string_lossy()).unwrap_or_default();
    let files = Files {
        kind: "journal",
        title: "Export the journal",
        filter: form.format.label(),
        extensions: &[form.format.extension()],
    };
    let save_as = SaveAs { name: &name, fallback: "journal", folder: current.parent() };
    match file_dialog::save(files, save_as) {
        Some(path) => {
            form.path = path.display().to_string();
            form.message = None;
        }
        None => {
            let hint = "No file chosen. Type the path above and click Export.";
            form.message = Some((hint.into(), false));
        }
    }
}

/// What each format is for, in a line.
fn describe(format: ExportFormat) -> &'static str {
    match format {
        ExportFormat::Markdown => "Markdown: paste into Discord or Obsidian.",
        ExportFormat::Html => "HTML: one page to open in any browser or print.",
        ExportFormat::Json => "JSON: everything, lossless; `fray replay` checks it.",
    }
}

/// The documents folder, else the home folder, else the current one.
fn documents_dir() -> PathBuf {
    file_dialog::documents_folder().unwrap_or_else(|| PathBuf::from("."))
}

/// A file name from the encounter's name that every OS keeps (`file_dialog`).
fn file_name(name: &str, format: ExportFormat) -> String {
    file_dialog::portable_file_name(name, "journal", format.extension())
}

/// The path with the format's extension, when it has none or another format's.
fn with_extension(path: &str, format: ExportFormat) -> String {
    let p = Path::new(path);
    let ours = p
        .extension()
        .and_then(|e| e.to_str())
        .is_none_or(|e| ExportFormat::ALL.iter().any(|f| f.extension().eq_ignore_ascii_case(e)));
    if path.trim().is_empty() || !ours {
        return path.to_owned();
    }
    p.with_extension(format.extension()).display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_come_from_the_encounter_name() {
        assert_eq!(file_name("Crypt", ExportFormat::Markdown), "Crypt.md");
        assert_eq!(file_name("A/B: c?", ExportFormat::Html), "A-B- c-.html");
        assert_eq!(file_name("  ", ExportFormat::Json), "journal.json");
        // Names Windows keeps for its devices, on every system: the file may travel there.
        assert_eq!(file_name("Con", ExportFormat::Markdown), "Con journal.md");
        assert_eq!(file_name("NUL", ExportFormat::Html), "NUL journal.html");
        assert_eq!(file_name("Console", ExportFormat::Markdown), "Console.md");
    }

    #[test]
    fn switching_format_switches_only_our_extensions() {
        assert_eq!(with_extension("/tmp/a.md", ExportFormat::Json), "/tmp/a.json");
        assert_eq!(with_extension("/tmp/a", ExportFormat::Html), "/tmp/a.html");
        assert_eq!(with_extension("/tmp/a.txt", ExportFormat::Html), "/tmp/a.txt");
        assert_eq!(with_extension("", ExportFormat::Html), "");
    }
}
