//! Export from the bar's dialog through Fray's own path field (the desktop's save dialog is
//! not called in tests): Markdown, HTML and JSON land where the GM typed, with the right
//! content; a path that cannot be written keeps the dialog open and says why.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use fray_app::Command;
use fray_app::dice::Dice;
use fray_ui::window::{Action, apply};
use std::path::Path;

/// An encounter whose name and journal need escaping in HTML.
fn fight() -> Window {
    let mut w = common::window();
    let app = w.harness.state_mut();
    let new = Action::NewEncounter {
        system: "freeform".parse().unwrap(),
        name: "Crypt & <Bones>".into(),
    };
    apply(&mut app.model, &mut app.view, new);
    for command in [
        Command::Narrate { text: "The <script>door</script> creaks & opens.".into() },
        Command::Roll {
            dice: Dice::parse("2d6+1").unwrap(),
            label: "Rats".into(),
            roller: None,
            secret: false,
        },
    ] {
        apply(&mut app.model, &mut app.view, Action::Game(command));
    }
    w.settle();
    w
}

/// Opens the export dialog, picks `format`, types `path` and clicks Export.
fn export(w: &mut Window, format: &str, path: &Path) {
    w.harness.get_by_label("Export…").click();
    w.settle();
    w.harness.get_by_label(format).click();
    w.settle();
    // Select what is prefilled and type over it.
    w.harness.get_by_label("Save to").click();
    w.settle();
    w.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    w.harness.get_by_label("Save to").type_text(&path.display().to_string());
    w.settle();
    w.harness.get_by_label("Export").click();
    w.settle();
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_path_field_is_prefilled_from_the_encounter_name() {
    let mut w = fight();
    w.harness.get_by_label("Export…").click();
    w.settle();
    let path = w.harness.get_by_label("Save to").value().unwrap();
    assert!(path.ends_with("Crypt & -Bones-.md"), "{path}");
    // Switching the format switches the extension.
    w.harness.get_by_label("JSON").click();
    w.settle();
    let path = w.harness.get_by_label("Save to").value().unwrap();
    assert!(path.ends_with("Crypt & -Bones-.json"), "{path}");
    w.harness.get_by_label("Browse…");
}

#[test]
fn markdown_lands_where_the_gm_typed() {
    let mut w = fight();
    let path = w.path("crypt.md");
    export(&mut w, "Markdown", &path);
    let text = read(&path);
    assert!(text.starts_with("# Crypt & &lt;Bones\\> — Freeform"), "{text}");
    assert!(text.contains("creaks & opens"), "{text}");
    assert!(text.contains("2d6+1"), "{text}");
    // The dialog closed and the status line says where the file went.
    assert!(w.harness.query_by_label("Export the journal").is_none());
    let status = w.app().model.status.clone().unwrap();
    assert!(!status.error && status.text.contains("crypt.md"), "{status:?}");
}

#[test]
fn html_escapes_what_the_gm_typed() {
    let mut w = fight();
    let path = w.path("crypt.html");
    export(&mut w, "HTML", &path);
    let text = read(&path);
    assert!(text.contains("Crypt &amp; &lt;Bones&gt;"), "{text}");
    assert!(text.contains("&lt;script&gt;door&lt;/script&gt;"), "{text}");
    assert!(!text.contains("<script>door"), "{text}");
}

#[test]
fn json_reads_back_as_the_same_journal() {
    let mut w = fight();
    let path = w.path("crypt.json");
    export(&mut w, "JSON", &path);
    let doc = fray_app::journal::from_json(&read(&path)).unwrap();
    let history = w.app().model.session.as_ref().unwrap().history();
    assert_eq!(doc.base.name, "Crypt & <Bones>");
    assert_eq!(doc.events, history.all_events());
    assert_eq!(doc.commands.len(), 2);
}

#[test]
fn a_path_that_cannot_be_written_keeps_the_dialog_open_and_says_why() {
    let mut w = fight();
    let path = w.path("no such folder").join("crypt.md");
    export(&mut w, "Markdown", &path);
    assert!(!path.exists());
    w.harness.get_by_label("Export the journal");
    // Said in the dialog (and maybe in the status line too).
    assert!(w.harness.query_all_by_label_contains("Could not write").count() >= 1);
    // Fixing the path and trying again works, from the same dialog.
    w.harness.get_by_label("Save to").click();
    w.settle();
    w.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    let good = w.path("crypt.md");
    w.harness.get_by_label("Save to").type_text(&good.display().to_string());
    w.settle();
    w.harness.get_by_label("Export").click();
    w.settle();
    assert!(good.exists());
    assert!(w.harness.query_by_label("Export the journal").is_none());
}

/// Types `path` into the check field and clicks Check; returns what the dialog says.
fn check(w: &mut Window, path: &Path) -> String {
    if w.harness.query_by_label("Check a journal someone shared…").is_some() {
        w.press("Check a journal someone shared…");
    }
    w.harness.get_by_label("Check a journal (JSON)").click();
    w.settle();
    w.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    w.harness.get_by_label("Check a journal (JSON)").type_text(&path.display().to_string());
    w.settle();
    w.harness.get_by_label("Check").click();
    w.settle();
    w.app().model.status.clone().map(|s| s.text).unwrap_or_default()
}

#[test]
fn a_shared_journal_is_checked_like_fray_replay_and_a_forged_roll_is_named() {
    let mut w = fight();
    let path = w.path("crypt.json");
    export(&mut w, "JSON", &path);
    let good = read(&path);
    w.harness.get_by_label("Export…").click();
    w.settle();
    let said = check(&mut w, &path);
    assert!(
        said.ends_with(
            "crypt.json: ok: 2 commands, 2 events replayed; every dice stream accounted for"
        ),
        "{said}"
    );
    // The dialog stays open and shows the outcome under the field (and the status line).
    assert!(w.harness.query_by_label("Check a journal (JSON)").is_some());
    assert_eq!(w.harness.query_all_by_label_contains("ok: 2 commands").count(), 2);

    // A forged app roll: a face and the total raised together, so they still add up.
    let mut doc: serde_json::Value = serde_json::from_str(&good).unwrap();
    let roll = doc["events"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["kind"]["type"] == "rolled")
        .unwrap();
    let term = &mut roll["kind"]["roll"]["terms"][0];
    let face = term["faces"][0].as_i64().unwrap();
    let forged = if face == 6 { 5 } else { face + 1 };
    term["faces"][0] = forged.into();
    term["subtotal"] = (term["subtotal"].as_i64().unwrap() + forged - face).into();
    let total = roll["kind"]["roll"]["total"].as_i64().unwrap();
    roll["kind"]["roll"]["total"] = (total + forged - face).into();
    let forged_path = w.path("forged.json");
    std::fs::write(&forged_path, doc.to_string()).unwrap();
    let said = check(&mut w, &forged_path);
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["replay", &forged_path.display().to_string()])
        .output()
        .unwrap();
    let cli = String::from_utf8(cli.stderr).unwrap();
    assert_eq!(format!("fray: {said}\n"), cli, "the window says what the command line says");
    assert!(said.contains("the app did not make"), "{said}");
    assert!(w.app().model.status.as_ref().unwrap().error);
}
