//! Encounters from the GM's side: create one on the welcome screen, rename, duplicate,
//! delete (with a confirmation that can be cancelled), open a recent one, and find the last
//! one open again, exactly as it was, when the window reopens.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::encounter::BoardRect;
use fray_data::{Db, EncounterId};
use fray_ui::window::{Action, apply};

/// Creates an encounter the way a GM does: system picker, name, Create.
fn create(w: &mut Window, name: &str) {
    w.harness.get_by_label("System").click();
    w.settle();
    // The picker lists every system; the last "Freeform" node is the one in the open list.
    w.harness.get_all_by_label("Freeform").last().unwrap().click();
    w.settle();
    w.harness.get_by_label("Name").click();
    w.settle();
    w.harness.get_by_label("Name").type_text(name);
    w.settle();
    w.harness.get_by_label("Create").click();
    w.settle();
}

/// Runs an action as if a view had pushed it (setup that is not the flow under test).
fn act(w: &mut Window, action: Action) {
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, action);
    w.settle();
}

fn rect() -> BoardRect {
    BoardRect { x: 40.0, y: 40.0, w: 240.0, h: 160.0 }
}

fn open_id(w: &Window) -> EncounterId {
    w.app().model.session.as_ref().expect("an encounter is open").encounter_id()
}

fn menu(w: &mut Window, item: &str) {
    w.harness.get_by_label("Encounter").click();
    w.settle();
    w.harness.get_by_label(item).click();
    w.settle();
}

/// Replaces the whole text of a field, as a GM selecting all and typing does.
fn retype(w: &mut Window, label: &str, text: &str) {
    w.harness.get_by_label(label).click();
    w.settle();
    w.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    w.settle();
    w.harness.get_by_label(label).type_text(text);
    w.settle();
}

#[test]
fn the_gm_creates_an_encounter_on_the_welcome_screen() {
    let mut w = common::window();
    assert!(w.harness.query_by_label("No encounters yet. Create one to start.").is_some());
    assert!(w.harness.get_by_label("Create").accesskit_node().is_disabled(), "no name yet");
    create(&mut w, "Crypt");

    let session = w.app().model.session.as_ref().unwrap();
    assert_eq!(session.state().name, "Crypt");
    assert_eq!(session.state().system_id(), "freeform");
    // The bar now shows it, and the database lists it as the one to reopen.
    w.harness.get_by_label("Crypt");
    w.harness.get_by_label("Undo");
    let list = w.app().model.db.encounters().list().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].name, "Crypt");
    let last = w.app().model.db.settings().get_json::<i64>("ui.last_encounter").unwrap();
    assert_eq!(last, Some(list[0].id.0));
}

#[test]
fn the_gm_renames_the_open_encounter() {
    let mut w = common::window();
    create(&mut w, "Crypt");
    menu(&mut w, "Rename…");
    retype(&mut w, "New name", "Crypt of bones");
    w.harness.get_by_label("Rename").click();
    w.settle();

    assert_eq!(w.app().model.session.as_ref().unwrap().state().name, "Crypt of bones");
    assert!(w.harness.query_by_label("Rename the encounter").is_none(), "dialog closed");
    w.harness.get_by_label("Crypt of bones");
    let stored = w.app().model.db.encounters().get(open_id(&w)).unwrap().unwrap();
    assert_eq!(stored.name, "Crypt of bones");
}

#[test]
fn cancelling_a_rename_changes_nothing() {
    let mut w = common::window();
    create(&mut w, "Crypt");
    menu(&mut w, "Rename…");
    retype(&mut w, "New name", "Something else");
    w.harness.get_by_label("Cancel").click();
    w.settle();
    assert_eq!(w.app().model.session.as_ref().unwrap().state().name, "Crypt");
}

#[test]
fn duplicating_opens_a_copy_of_the_board_as_a_template() {
    let mut w = common::window();
    create(&mut w, "Crypt");
    let original = open_id(&w);
    let zone = Command::AddZone { name: "Nave".into(), capacity: Some(3), rect: rect() };
    act(&mut w, Action::Game(zone));

    menu(&mut w, "Duplicate");

    let copy = open_id(&w);
    assert_ne!(copy, original);
    let state = w.app().model.session.as_ref().unwrap().state();
    assert_eq!(state.name, "Crypt (copy)");
    assert!(state.zone_named("Nave").is_some(), "the board came along");
    let names: Vec<_> = w.app().model.encounters.iter().map(|e| e.name.clone()).collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Crypt".to_owned()) && names.contains(&"Crypt (copy)".to_owned()));
}

#[test]
fn deleting_asks_first_and_cancel_keeps_the_encounter() {
    let mut w = common::window();
    create(&mut w, "Crypt");
    let id = open_id(&w);

    menu(&mut w, "Delete…");
    w.harness.get_by_label("Delete 'Crypt'? This cannot be undone.");
    w.harness.get_by_label("Cancel").click();
    w.settle();
    assert_eq!(open_id(&w), id, "still open");
    assert!(w.app().model.db.encounters().get(id).unwrap().is_some(), "still stored");

    menu(&mut w, "Delete…");
    w.harness.get_by_label("Delete").click();
    w.settle();
    assert!(w.app().model.session.is_none());
    assert!(w.app().model.db.encounters().get(id).unwrap().is_none(), "gone from the database");
    // Back on the welcome screen, with nothing to reopen next time.
    w.harness.get_by_label("Welcome");
    let last = w.app().model.db.settings().get_json::<i64>("ui.last_encounter").unwrap();
    assert_eq!(last, None);
}

#[test]
fn the_welcome_list_opens_and_deletes_stored_encounters() {
    let mut w = common::window();
    create(&mut w, "Crypt");
    let crypt = open_id(&w);
    act(
        &mut w,
        Action::NewEncounter { system: "freeform".parse().unwrap(), name: "Bridge".into() },
    );
    let bridge = open_id(&w);
    act(&mut w, Action::DeleteEncounter(bridge));
    assert!(w.app().model.session.is_none());

    // "Bridge" is gone; "Crypt" is listed. Delete asks, Cancel keeps it.
    assert!(w.harness.query_by_label("Open Bridge").is_none());
    w.harness.get_by_label("Delete Crypt…").click();
    w.settle();
    w.harness.get_by_label("Cancel").click();
    w.settle();
    w.harness.get_by_label("Open Crypt").click();
    w.settle();
    assert_eq!(open_id(&w), crypt);
}

#[test]
fn the_menu_opens_a_recent_encounter() {
    let mut w = common::window();
    create(&mut w, "Crypt");
    let crypt = open_id(&w);
    act(
        &mut w,
        Action::NewEncounter { system: "freeform".parse().unwrap(), name: "Bridge".into() },
    );
    assert_ne!(open_id(&w), crypt);

    menu(&mut w, "Open…");
    w.harness.get_by_label("Open Crypt").click();
    w.settle();
    assert_eq!(open_id(&w), crypt);
    assert!(w.harness.query_by_label("Open an encounter").is_none(), "dialog closed");
}

#[test]
fn the_last_encounter_reopens_exactly_as_it_was() {
    let mut w = common::window();
    create(&mut w, "Crypt");
    let id = open_id(&w);
    for command in [
        Command::AddZone { name: "Nave".into(), capacity: None, rect: rect() },
        Command::AddZone { name: "Crypt door".into(), capacity: Some(1), rect: rect() },
        Command::Narrate { text: "Candles gutter.".into() },
        Command::Narrate { text: "Something moves.".into() },
    ] {
        act(&mut w, Action::Game(command));
    }
    act(&mut w, Action::Undo);
    let (state, cursor, lines) = {
        let m = &w.app().model;
        let s = m.session.as_ref().unwrap();
        (s.state().clone(), s.history().cursor(), m.journal.len())
    };
    assert_eq!(cursor, 3);

    // Close the window (everything dropped) and open a new one over the same file.
    let Window { harness, dir } = w;
    drop(harness.into_state());
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let w = common::window_with(dir, db);

    let m = &w.app().model;
    let s = m.session.as_ref().expect("the last encounter reopened");
    assert_eq!(s.encounter_id(), id);
    assert_eq!(s.state(), &state);
    assert_eq!(s.history().cursor(), cursor, "same undo cursor");
    assert!(s.history().can_redo(), "the undone command can still be redone");
    assert_eq!(m.journal.len(), lines);
    assert!(w.harness.query_by_label("Welcome").is_none());
    assert!(!w.harness.get_by_label("Redo").accesskit_node().is_disabled());
}
