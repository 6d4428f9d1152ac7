//! The durability promise: what the GM has seen is on disk. A child process (this test binary,
//! re-executed) applies commands and acknowledges each one on stdout; the parent kills it with
//! SIGKILL mid-stream, reopens the file and finds every acknowledged command.

use fray_app::command::NewCombatant;
use fray_app::encounter::Track;
use fray_app::ids::{CombatantId, SideId};
use fray_app::{Command, EventKind};
use fray_data::{Db, EncounterId, Session};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command as Process, Stdio};

/// Tells the child where the database is; without it the child test does nothing.
const DB_ENV: &str = "FRAY_CRASH_TEST_DB";
const START_HP: i64 = 1_000_000;

/// The child: sets up an encounter, then applies commands until killed, printing `ack N`
/// (N = commands in effect) after each one is applied.
#[test]
#[ignore = "run as a child process by kill_loses_nothing_acknowledged"]
fn crash_child() {
    let Ok(path) = std::env::var(DB_ENV) else { return };
    let db = Db::open(path).unwrap();
    let mut s = Session::create(&db, "freeform".parse().unwrap(), "Crash", 9).unwrap();
    let mut out = std::io::stdout().lock();
    writeln!(out, "encounter {}", s.encounter_id().0).unwrap();
    s.apply(Command::AddSide { name: "Foes".into(), colour: "#aa0000".into(), party: false })
        .unwrap();
    let ogre = NewCombatant {
        name: "Ogre".into(),
        side: SideId(1),
        zone: None,
        square: None,
        stats: Vec::new(),
        tracks: vec![Track { name: "hp".into(), value: START_HP, max: START_HP }],
        conditions: Vec::new(),
        source: None,
        block: serde_json::Value::Null,
    };
    s.apply(Command::AddCombatant { combatant: Box::new(ogre), count: 1 }).unwrap();
    for i in 0..100_000 {
        let cmd = if i % 3 == 2 {
            Command::Narrate { text: format!("The ogre roars ({i}).") }
        } else {
            Command::AdjustTrack { id: CombatantId(2), track: "hp".into(), delta: -1 }
        };
        s.apply(cmd).unwrap();
        writeln!(out, "ack {}", s.history().cursor()).unwrap();
        out.flush().unwrap();
    }
}

/// Kills the child if the parent fails early.
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn kill_loses_nothing_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fray.db");
    drop(Db::open(&path).unwrap());
    let child = Process::new(std::env::current_exe().unwrap())
        .args(["--exact", "crash_child", "--nocapture", "--ignored"])
        .env(DB_ENV, &path)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = Reaper(child);
    let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();

    // Random enough: somewhere between 200 and 700 acknowledgements in.
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
    let kill_at = 200 + u64::from(nanos.subsec_nanos() % 500);
    let mut encounter = None;
    let mut last_ack = 0;
    for line in lines.by_ref() {
        let line = line.unwrap();
        if let Some(id) = line.strip_prefix("encounter ") {
            encounter = Some(EncounterId(id.parse().unwrap()));
        } else if let Some(n) = line.strip_prefix("ack ") {
            last_ack = n.parse().unwrap();
            if last_ack >= kill_at {
                break;
            }
        }
    }
    assert!(last_ack >= kill_at, "the child stopped early at ack {last_ack}");
    child.0.kill().unwrap(); // SIGKILL on Unix: no destructor, no flush, no rollback.
    child.0.wait().unwrap();
    // Acks already in the pipe were shown too: they count.
    for line in lines {
        if let Some(n) = line.unwrap().strip_prefix("ack ") {
            last_ack = n.parse().unwrap();
        }
    }

    let db = Db::open(&path).unwrap();
    db.integrity_check().unwrap();
    let s = Session::open(&db, encounter.expect("the child named its encounter")).unwrap();
    let cursor = s.history().cursor();
    assert!(cursor >= last_ack as usize, "acknowledged {last_ack}, found {cursor}");
    assert!(cursor <= last_ack as usize + 1, "at most the unacknowledged one in flight");
    // The state is the fold of what is there: one hit point per damage command.
    let hits = s
        .history()
        .events()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::TrackSet { .. }))
        .count() as i64;
    let hp = s.state().combatant(CombatantId(2)).unwrap().track("hp").unwrap().value;
    assert_eq!(hp, START_HP - hits);
    eprintln!("killed after ack {last_ack}; reopened with {cursor} commands");
}
