use crate::{db, reopen};
use fray_app::command::NewCombatant;
use fray_app::dice::{Dice, DieChoice, RollSource};
use fray_app::encounter::{BoardRect, Track};
use fray_app::ids::{CombatantId, SideId};
use fray_app::{Command, EventKind, RuleError};
use fray_data::{Db, EncounterId, Session, SessionError};
use tempfile::TempDir;

fn add_side() -> Command {
    Command::AddSide { name: "Party".into(), colour: "#3366cc".into(), party: true }
}

fn add_fighter(name: &str) -> Command {
    Command::AddCombatant {
        combatant: Box::new(NewCombatant {
            tracks: vec![Track { name: "hp".into(), value: 10, max: 10 }],
            ..NewCombatant::named(name, SideId(1))
        }),
        count: 1,
    }
}

fn hit(delta: i64) -> Command {
    Command::AdjustTrack { id: CombatantId(2), track: "hp".into(), delta }
}

/// A session with a side, a fighter (c2) and two hits on him.
fn fight() -> (TempDir, Db, Session) {
    let (dir, db) = db();
    let mut s = Session::create(&db, crate::sys("freeform"), "Crypt", 42).unwrap();
    for cmd in [add_side(), add_fighter("Harald"), hit(-3), hit(-2)] {
        s.apply(cmd).unwrap();
    }
    (dir, db, s)
}

fn hp(s: &Session) -> i64 {
    s.state().combatant(CombatantId(2)).unwrap().track("hp").unwrap().value
}

/// Rows of the journal as they are on disk.
fn rows(dir: &TempDir, id: EncounterId) -> (i64, i64, i64) {
    let conn = rusqlite::Connection::open(dir.path().join("fray.db")).unwrap();
    let count = |sql: &str| -> i64 { conn.query_row(sql, [id.0], |r| r.get(0)).unwrap() };
    (
        count("SELECT count(*) FROM commands WHERE encounter_id = ?1"),
        count("SELECT count(*) FROM events WHERE encounter_id = ?1"),
        count("SELECT cursor FROM encounters WHERE id = ?1"),
    )
}

#[test]
fn apply_persists_and_reopens_identically() {
    let (dir, db, s) = fight();
    assert_eq!(hp(&s), 5);
    let id = s.encounter_id();
    let (state, commands, events) =
        (s.state().clone(), s.history().commands().to_vec(), s.history().all_events().to_vec());
    drop((s, db));
    let db = reopen(&dir);
    let s = Session::open(&db, id).unwrap();
    assert_eq!(s.state(), &state);
    assert_eq!(s.history().cursor(), 4);
    assert_eq!(s.history().commands(), commands.as_slice());
    assert_eq!(s.history().all_events(), events.as_slice());
    assert_eq!(s.history().next_stream(), 4);
    assert_eq!(s.state().seed, 42);
    assert_eq!(rows(&dir, id), (4, 4, 4));
    assert!(!s.prompts().is_empty());
}

#[test]
fn apply_returns_the_new_events() {
    let (_dir, _db, mut s) = fight();
    let events = s.apply(hit(-1)).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].seq, 4);
    assert!(matches!(events[0].kind, EventKind::TrackSet { from: 5, to: 4, .. }));
}

#[test]
fn undo_and_redo_persist_the_cursor() {
    let (dir, db, mut s) = fight();
    let id = s.encounter_id();
    assert!(s.undo().unwrap());
    assert_eq!(hp(&s), 7);
    drop((s, db));
    let db = reopen(&dir);
    let mut s = Session::open(&db, id).unwrap();
    assert_eq!((s.history().cursor(), hp(&s)), (3, 7));
    assert!(s.history().can_redo());
    assert!(s.redo().unwrap());
    assert_eq!(hp(&s), 5);
    assert!(!s.redo().unwrap());
    s.set_cursor(2).unwrap();
    assert_eq!(hp(&s), 10);
    let again = Session::open(&db, id).unwrap();
    assert_eq!((again.history().cursor(), hp(&again)), (2, 10));
    assert_eq!(rows(&dir, id), (4, 4, 2), "undo keeps the redo tail on disk");
}

#[test]
fn a_new_command_after_undo_drops_the_redo_tail_on_disk() {
    let (dir, db, mut s) = fight();
    let id = s.encounter_id();
    s.undo().unwrap();
    s.undo().unwrap();
    s.apply(Command::Narrate { text: "Harald ducks.".into() }).unwrap();
    assert_eq!(rows(&dir, id), (3, 3, 3));
    assert!(!s.history().can_redo());
    let state = s.state().clone();
    drop((s, db));
    let s = Session::open(&reopen(&dir), id).unwrap();
    assert_eq!(s.state(), &state);
    assert_eq!(hp(&s), 10);
    assert_eq!(s.history().commands().len(), 3);
    // Streams never repeat, even over the dropped commands.
    assert_eq!(s.history().commands()[2].stream, 4);
    assert_eq!(s.history().next_stream(), 5);
    // The dropped commands are kept on disk, where they stood, with their streams: the
    // exported journal accounts for every stream and replays them.
    let undone: Vec<(u64, u64)> = s.history().undone().iter().map(|u| (u.seq, u.stream)).collect();
    assert_eq!(undone, [(2, 2), (3, 3)]);
    assert!(s.history().undone().iter().all(|u| !u.events.is_empty()));
    let doc = fray_app::journal::JournalDoc::from_history(s.history());
    let report = fray_app::journal::replay(&doc).expect("the journal replays");
    assert_eq!((report.commands, report.undone, report.accounted_from), (3, 2, 0));
    // Deleting the encounter takes its undone commands with it.
    let db = reopen(&dir);
    assert!(db.encounters().delete(id).unwrap());
    let conn = rusqlite::Connection::open(dir.path().join("fray.db")).unwrap();
    let left: i64 =
        conn.query_row("SELECT count(*) FROM undone_commands", [], |r| r.get(0)).unwrap();
    assert_eq!(left, 0);
}

#[test]
fn a_refused_command_writes_nothing() {
    let (dir, db, mut s) = fight();
    let id = s.encounter_id();
    let before = (rows(&dir, id), db.encounters().get(id).unwrap());
    let err = s
        .apply(Command::AdjustTrack { id: CombatantId(99), track: "hp".into(), delta: -1 })
        .unwrap_err();
    assert!(matches!(err, SessionError::Rule(RuleError::UnknownCombatant(CombatantId(99)))));
    s.undo().unwrap();
    s.redo().unwrap();
    let err = s.apply(Command::Narrate { text: "  ".into() }).unwrap_err();
    assert_eq!(err.to_string(), "the journal line cannot be empty");
    assert_eq!(rows(&dir, id), before.0);
    assert_eq!(s.history().commands().len(), 4);
    assert_eq!(hp(&s), 5);
}

#[test]
fn an_unstorable_command_is_refused() {
    let (dir, _db, mut s) = fight();
    let nan = BoardRect { x: f32::NAN, y: 0.0, w: 10.0, h: 10.0 };
    let err =
        s.apply(Command::AddZone { name: "Void".into(), capacity: None, rect: nan }).unwrap_err();
    assert!(matches!(err, SessionError::Rule(RuleError::Invalid(_))), "{err}");
    assert_eq!(rows(&dir, s.encounter_id()), (4, 4, 4));
    assert!(s.state().zones.is_empty());
}

#[test]
fn table_dice_are_journaled_as_typed() {
    let (dir, db, mut s) = fight();
    let id = s.encounter_id();
    let roll = Command::Roll {
        dice: Dice::parse("2d6").unwrap(),
        label: "Morale".into(),
        roller: None,
        secret: false,
    };
    let events = s.apply_with(roll.clone(), vec![DieChoice::Table(vec![6, 5])]).unwrap();
    let EventKind::Rolled { roll: r, .. } = &events[0].kind else { panic!("not a roll") };
    assert_eq!((r.total, r.source), (11, RollSource::Table));
    let events = s.apply(roll).unwrap();
    let EventKind::Rolled { roll: app, .. } = &events[0].kind else { panic!("not a roll") };
    assert_eq!(app.source, RollSource::App);
    let app = app.clone();
    let journal = s.history().all_events().to_vec();
    drop((s, db));
    let s = Session::open(&reopen(&dir), id).unwrap();
    assert_eq!(s.history().all_events(), journal.as_slice());
    let EventKind::Rolled { roll, .. } = &s.history().all_events()[5].kind else { panic!() };
    assert_eq!(roll, &app);
}

#[test]
fn app_dice_follow_seed_and_stream() {
    // Same seed, same commands: same dice, in another file altogether.
    let roll = || Command::Roll {
        dice: Dice::parse("3d20").unwrap(),
        label: "x".into(),
        roller: None,
        secret: false,
    };
    let faces = |_: ()| {
        let (_dir, db) = db();
        let mut s = Session::create(&db, crate::sys("freeform"), "A", 7).unwrap();
        s.apply(roll()).unwrap();
        let mut out = Vec::new();
        for e in s.apply(roll()).unwrap() {
            out.extend(e.rolls().flat_map(|r| r.faces()));
        }
        out
    };
    assert_eq!(faces(()), faces(()));
}

#[test]
fn encounters_list_rename_duplicate_delete() {
    let (dir, db, mut s) = fight();
    let id = s.encounter_id();
    let info = db.encounters().get(id).unwrap().unwrap();
    assert_eq!((info.name.as_str(), info.seed, info.cursor, info.commands), ("Crypt", 42, 4, 4));
    assert!(info.last_opened.is_some());

    s.rename("Crypt, night two").unwrap();
    assert_eq!(s.state().name, "Crypt, night two");
    s.undo().unwrap();
    let copy = db.encounters().duplicate(id, "Crypt template", u64::MAX).unwrap();
    let list = db.encounters().list().unwrap();
    assert_eq!(list.len(), 2);
    assert!(list.iter().any(|e| e.id == copy && e.name == "Crypt template" && e.seed == u64::MAX));

    let c = Session::open(&db, copy).unwrap();
    assert_eq!(c.history().commands().len(), 0, "a duplicate starts with an empty journal");
    assert_eq!(hp(&c), 7, "its base is the source at its cursor");
    assert_eq!(c.state().seed, u64::MAX);
    assert_eq!(c.state().name, "Crypt template");
    let reopened = Session::open(&db, id).unwrap();
    assert_eq!(reopened.state().name, "Crypt, night two");

    assert!(db.encounters().delete(id).unwrap());
    let conn = rusqlite::Connection::open(dir.path().join("fray.db")).unwrap();
    let left: i64 = conn
        .query_row(
            "SELECT (SELECT count(*) FROM commands WHERE encounter_id = ?1)
                  + (SELECT count(*) FROM events WHERE encounter_id = ?1)",
            [id.0],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(left, 0, "the journal went with its encounter");
    assert!(matches!(Session::open(&db, id), Err(SessionError::NotFound(i)) if i == id));
    // The open session notices its encounter is gone rather than writing orphans.
    assert!(matches!(s.apply(hit(-1)), Err(SessionError::NotFound(_) | SessionError::Db(_))));
    assert!(matches!(s.undo(), Err(SessionError::NotFound(_))));
    db.integrity_check().unwrap();
}

#[test]
fn refuses_unknown_systems_and_blank_names() {
    let (_dir, db) = db();
    let chess = "chess".parse::<fray_app::ids::SystemId>().unwrap_err().to_string();
    assert!(chess.starts_with("unknown system 'chess' (known: freeform, "), "{chess}");
    assert!(Session::create(&db, crate::sys("freeform"), " ", 1).is_err());
    assert!(db.encounters().list().unwrap().is_empty());
}

#[test]
fn a_damaged_journal_is_reported_not_guessed() {
    let (dir, db, s) = fight();
    let id = s.encounter_id();
    drop((s, db));
    let conn = rusqlite::Connection::open(dir.path().join("fray.db")).unwrap();
    conn.execute(
        "UPDATE events SET event = '{\"v\":1}' WHERE encounter_id = ?1 AND idx = 2",
        [id.0],
    )
    .unwrap();
    drop(conn);
    let err = Session::open(&reopen(&dir), id).unwrap_err();
    assert!(matches!(err, SessionError::Corrupt { encounter, .. } if encounter == id), "{err}");
    assert!(err.to_string().contains("event 2"), "{err}");
}

#[test]
fn table_default_asks_for_dice_and_stores_nothing() {
    use fray_app::dice::DiceError;
    let (dir, _db, mut s) = fight();
    let roll = Command::Roll {
        dice: Dice::parse("d20").unwrap(),
        label: "Save".into(),
        roller: None,
        secret: false,
    };
    let err = s.apply_planned(roll.clone(), Vec::new(), true).unwrap_err();
    assert!(matches!(err, SessionError::Rule(RuleError::Dice(DiceError::NeedTableDice { .. }))));
    assert_eq!(rows(&dir, s.encounter_id()), (4, 4, 4));
    let events = s.apply_planned(roll, vec![DieChoice::Table(vec![17])], true).unwrap();
    assert!(matches!(&events[0].kind, EventKind::Rolled { roll, .. } if roll.total == 17));
    assert_eq!(rows(&dir, s.encounter_id()), (5, 5, 5));
}

/// The fight, writing behind, with another connection to the file holding the write lock
/// (as another program would) until it commits.
fn fight_while_locked() -> (TempDir, Db, Session, rusqlite::Connection) {
    let (dir, db, mut s) = fight();
    s.write_behind(true);
    let other = rusqlite::Connection::open(dir.path().join("fray.db")).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    (dir, db, s, other)
}

#[test]
fn writing_behind_applies_at_once_and_writes_in_order_when_the_lock_is_free() {
    let (dir, db, mut s, other) = fight_while_locked();
    let id = s.encounter_id();
    s.apply(hit(-1)).unwrap();
    assert!(s.undo().unwrap());
    s.apply(hit(-4)).unwrap();
    assert_eq!((hp(&s), s.unsaved()), (1, 3));
    assert_eq!(s.save_unsaved().unwrap(), 3, "still locked: they wait");
    assert_eq!(rows(&dir, id).0, 4);
    other.execute_batch("COMMIT").unwrap();
    assert_eq!(s.save_unsaved().unwrap(), 0);
    let back = Session::open(&reopen(&dir), id).unwrap();
    assert_eq!((hp(&back), back.history().cursor()), (1, 5));
    assert_eq!(back.history().undone(), s.history().undone());
    drop((s, db));
}

#[test]
fn a_write_behind_that_fails_for_another_reason_keeps_waiting_and_says_why() {
    let (dir, _db, mut s, other) = fight_while_locked();
    let id = s.encounter_id();
    s.apply(hit(-1)).unwrap();
    // The disk "fills up" while the other program writes.
    other
        .execute_batch(
            "CREATE TRIGGER full BEFORE INSERT ON events
             BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END; COMMIT;",
        )
        .unwrap();
    let err = s.save_unsaved().unwrap_err();
    assert!(err.to_string().contains("full"), "{err}");
    assert_eq!((s.unsaved(), hp(&s)), (1, 4), "kept in memory, still waiting");
    // Once the cause is gone, the next try writes it.
    other.execute_batch("DROP TRIGGER full").unwrap();
    assert_eq!(s.save_unsaved().unwrap(), 0);
    assert_eq!(hp(&Session::open(&reopen(&dir), id).unwrap()), 4);
}

#[test]
fn a_session_closed_with_changes_waiting_writes_them_when_the_lock_is_free() {
    let (dir, db, mut s, other) = fight_while_locked();
    let id = s.encounter_id();
    s.apply(hit(-1)).unwrap();
    assert_eq!(s.unsaved(), 1);
    // The other program finishes while the window closes: closing waits for it.
    let done = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        other.execute_batch("COMMIT").unwrap();
    });
    drop(s);
    done.join().unwrap();
    drop(db);
    assert_eq!(hp(&Session::open(&reopen(&dir), id).unwrap()), 4);
}
