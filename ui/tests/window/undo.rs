//! Undo and redo from the bar's buttons and from the keyboard (Ctrl+Z, Ctrl+Shift+Z,
//! Ctrl+Y), any number of steps: the model and the journal follow, the database too.

use crate::common;

use crate::common::Window;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_data::Db;
use fray_ui::window::{Action, apply};

/// An open encounter with `n` narrated lines, one command each.
fn fight(n: usize) -> Window {
    let mut w = common::window();
    let app = w.harness.state_mut();
    let new = Action::NewEncounter { system: "freeform".parse().unwrap(), name: "Crypt".into() };
    apply(&mut app.model, &mut app.view, new);
    for i in 0..n {
        let line = Command::Narrate { text: format!("Line {i}") };
        apply(&mut app.model, &mut app.view, Action::Game(line));
    }
    w.settle();
    w
}

/// (commands in effect, journal lines shown, events in effect).
fn where_we_are(w: &Window) -> (usize, usize, usize) {
    let m = &w.app().model;
    let h = m.session.as_ref().unwrap().history();
    (h.cursor(), m.journal.len(), h.events().len())
}

fn click(w: &mut Window, label: &str) {
    w.harness.get_by_label(label).click();
    w.settle();
}

fn keys(w: &mut Window, modifiers: Modifiers, key: Key) {
    w.harness.key_press_modifiers(modifiers, key);
    w.settle();
}

fn disabled(w: &Window, label: &str) -> bool {
    w.harness.get_by_label(label).accesskit_node().is_disabled()
}

#[test]
fn the_buttons_undo_and_redo_any_number_of_steps() {
    let mut w = fight(4);
    assert_eq!(where_we_are(&w), (4, 4, 4));
    assert!(disabled(&w, "Redo"), "nothing to redo yet");

    for expected in [3, 2, 1, 0] {
        click(&mut w, "Undo");
        assert_eq!(where_we_are(&w), (expected, expected, expected));
    }
    assert!(disabled(&w, "Undo"), "nothing left to undo");
    assert!(w.harness.query_by_label_contains("Line 0").is_none(), "the journal lost its lines");

    click(&mut w, "Redo");
    click(&mut w, "Redo");
    click(&mut w, "Redo");
    assert_eq!(where_we_are(&w), (3, 3, 3));
    w.harness.get_by_label("Line 2");
    assert!(!disabled(&w, "Redo"));
}

#[test]
fn ctrl_z_ctrl_shift_z_and_ctrl_y_step_through_the_history() {
    let mut w = fight(5);
    for _ in 0..4 {
        keys(&mut w, Modifiers::COMMAND, Key::Z);
    }
    assert_eq!(where_we_are(&w), (1, 1, 1));

    keys(&mut w, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(where_we_are(&w), (2, 2, 2), "Ctrl+Shift+Z redoes (and does not undo)");
    keys(&mut w, Modifiers::COMMAND, Key::Y);
    keys(&mut w, Modifiers::COMMAND, Key::Y);
    assert_eq!(where_we_are(&w), (4, 4, 4));

    // Past either end nothing happens.
    for _ in 0..3 {
        keys(&mut w, Modifiers::COMMAND, Key::Y);
    }
    assert_eq!(where_we_are(&w), (5, 5, 5));
    for _ in 0..8 {
        keys(&mut w, Modifiers::COMMAND, Key::Z);
    }
    assert_eq!(where_we_are(&w), (0, 0, 0));
}

#[test]
fn the_undo_cursor_is_saved_as_it_moves() {
    let mut w = fight(3);
    keys(&mut w, Modifiers::COMMAND, Key::Z);
    click(&mut w, "Undo");
    let Window { harness, dir } = w;
    drop(harness.into_state());
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut w = common::window_with(dir, db);
    assert_eq!(where_we_are(&w), (1, 1, 1));
    keys(&mut w, Modifiers::COMMAND, Key::Y);
    assert_eq!(where_we_are(&w), (2, 2, 2), "the redo tail survived the reopening");
}

#[test]
fn a_new_command_after_undo_replaces_the_redo_tail_in_the_journal() {
    let mut w = fight(3);
    click(&mut w, "Undo");
    click(&mut w, "Undo");
    let app = w.harness.state_mut();
    let line = Command::Narrate { text: "A new turn of events".into() };
    apply(&mut app.model, &mut app.view, Action::Game(line));
    w.settle();
    assert_eq!(where_we_are(&w), (2, 2, 2));
    assert!(disabled(&w, "Redo"));
    w.harness.get_by_label("A new turn of events");
    assert!(w.harness.query_by_label("Line 1").is_none());
}

#[test]
fn shortcuts_stay_quiet_while_a_dialog_is_open() {
    let mut w = fight(2);
    click(&mut w, "Encounter");
    click(&mut w, "Rename…");
    keys(&mut w, Modifiers::COMMAND, Key::Z);
    assert_eq!(where_we_are(&w), (2, 2, 2), "Ctrl+Z belongs to the name being typed");
    click(&mut w, "Cancel");
    keys(&mut w, Modifiers::COMMAND, Key::Z);
    assert_eq!(where_we_are(&w), (1, 1, 1));
}
