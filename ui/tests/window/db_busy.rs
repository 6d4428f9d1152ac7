//! The window while another program writes: a real second process holds the database's
//! write lock (as a long `fray import` does). The GM's clicks take effect at once, say that
//! they wait, and reach the disk in order as soon as the lock is free: the window never
//! waits on the database and never drops a command.

use crate::common;

use crate::common::Window;
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use fray_data::{Db, EncounterId, Session};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command as Process, Stdio};

/// Another process holding the database's write lock until released.
struct Locker(Child);

impl Locker {
    /// Starts a Python process that takes the write lock of `db` (BEGIN IMMEDIATE, what any
    /// SQLite writer does) and holds it until its input closes.
    fn hold(db: &Path) -> Self {
        let script = "import sqlite3, sys\n\
                      c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)\n\
                      c.execute('BEGIN IMMEDIATE')\n\
                      print('locked', flush=True)\n\
                      sys.stdin.read()\n\
                      c.execute('COMMIT')\n";
        let mut child = Process::new("python3")
            .args(["-c", script])
            .arg(db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 runs (CI installs it)");
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
        assert_eq!(line.trim(), "locked", "the second process holds the lock");
        Self(child)
    }

    /// Lets the lock go and waits for the process to end.
    fn release(mut self) {
        self.0.stdin.take().unwrap().flush().unwrap();
        assert!(self.0.wait().unwrap().success());
    }
}

/// A window reopening a freeform encounter with two fighters, not started yet.
fn fight() -> (Window, EncounterId) {
    common::freeform_fight(&["Harald", "Narvi"])
}

/// The commands of encounter `id` on disk, read by a connection of its own.
fn commands_on_disk(w: &Window, id: EncounterId) -> i64 {
    let conn = rusqlite::Connection::open(w.path("fray.db")).unwrap();
    conn.query_row("SELECT count(*) FROM commands WHERE encounter_id = ?1", [id.0], |r| r.get(0))
        .unwrap()
}

#[test]
fn clicks_while_another_program_writes_take_effect_and_are_saved_when_it_is_done() {
    let (mut w, id) = fight();
    let stored = commands_on_disk(&w, id);
    let locker = Locker::hold(&w.path("fray.db"));

    // The lock is held throughout: each click still moves the fight on at once.
    w.press("Next");
    assert_eq!(w.session().state().round, 1);
    assert_eq!(w.app().model.unsaved(), 1);
    w.harness.get_by_label("Saving… 1 change waits for the database");
    w.press("Next");
    w.press("Undo");
    let state = w.session().state().clone();
    let cursor = w.session().history().cursor();
    assert_eq!(w.app().model.unsaved(), 3);
    w.harness.get_by_label("Saving… 3 changes wait for the database");
    assert_eq!(commands_on_disk(&w, id), stored, "nothing written while the lock is held");
    assert!(w.app().model.status.is_none(), "no error: the changes wait, they did not fail");

    // A new command after the undo replaces the redo tail, in memory now and on disk later.
    w.press("Next");
    let state = (w.session().state().clone(), state);
    assert_eq!(w.app().model.unsaved(), 4);

    locker.release();
    w.settle();
    assert_eq!(w.app().model.unsaved(), 0);
    assert!(w.harness.query_by_label_contains("Saving…").is_none());
    // The fight joined today's session as soon as the lock was free, not at its next command.
    let sessions = w.app().model.db.play_sessions();
    let today = sessions.current_if_any(&fray_ui::window::campaign_ops::today()).unwrap();
    assert_eq!(sessions.encounters(today.expect("a session today")).unwrap(), [id]);

    // What the window shows is what is on disk, undone command included.
    let db = Db::open(w.path("fray.db")).unwrap();
    let back = Session::open(&db, id).unwrap();
    assert_eq!(back.state(), &state.0);
    assert_eq!(back.history().cursor(), cursor + 1);
    assert_eq!(back.history().undone(), w.session().history().undone());
    assert_eq!(back.history().undone().len(), 1);
    assert_ne!(state.0, state.1);
    let doc = fray_app::journal::JournalDoc::from_history(back.history());
    let report = fray_app::journal::replay(&doc).unwrap();
    assert_eq!((report.undone, report.accounted_from), (1, 0));
}

#[test]
fn an_encounter_left_with_changes_waiting_keeps_them_and_opens_as_shown() {
    let (mut w, id) = fight();
    let locker = Locker::hold(&w.path("fray.db"));
    w.press("Next");
    let shown = w.session().state().clone();
    // Another encounter is opened (the sessions list stays readable: WAL readers never
    // wait); the first is kept with its change until the lock is free.
    let other = {
        let model = &mut w.harness.state_mut().model;
        model.set_session(None);
        assert_eq!((model.left_unsaved.len(), model.unsaved()), (1, 1));
        model.open_encounter(id).unwrap()
    };
    // Opened again before the write: it comes back from memory, as shown, not from disk.
    assert_eq!(other.state(), &shown);
    w.harness.state_mut().model.set_session(Some(other));
    assert!(w.app().model.left_unsaved.is_empty());
    locker.release();
    w.settle();
    assert_eq!(w.app().model.unsaved(), 0);
    let db = Db::open(w.path("fray.db")).unwrap();
    assert_eq!(Session::open(&db, id).unwrap().state(), &shown);
}

#[test]
fn a_library_save_while_another_program_writes_is_refused_at_once_and_keeps_the_form() {
    let (mut w, _) = fight();
    // The window's writes wait a moment for another program, not the command line's 5 s.
    assert_eq!(w.app().model.db.busy_wait(), fray_ui::window::WINDOW_BUSY_WAIT);
    w.type_into("Search", "Goblin");
    w.harness.get_by_label("Goblin").click_secondary();
    w.settle();
    w.press("Edit Goblin");
    w.type_into("HP", "17");
    let locker = Locker::hold(&w.path("fray.db"));
    w.press("Save");
    let status = w.app().model.status.clone().expect("the refusal is said");
    assert!(status.error && status.text.contains("the database is busy"), "{}", status.text);
    // The editor is still open with what was typed.
    let hp = w.harness.get_by_role_and_label(Role::TextInput, "HP").value();
    assert_eq!(hp.as_deref(), Some("17"));
    locker.release();
    w.press("Save");
    let db = Db::open(w.path("fray.db")).unwrap();
    let found = db.creatures().search(&fray_data::search::Search::text("Goblin")).unwrap();
    let goblin = found.iter().find(|c| c.name == "Goblin" && c.system == "freeform").unwrap();
    assert_eq!(goblin.block["tracks"]["hp"], 17, "saved once the lock is free");
}
