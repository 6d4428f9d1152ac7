//! A write-back is all or nothing: a child process (this test binary, re-executed) applies
//! campaign steps that each change every character of the party at once, and acknowledges
//! each on stdout; the parent kills it with SIGKILL mid-stream, many times over, reopens the
//! file each time and finds every character at the same HP, the one the last step in effect
//! wrote, never a step half-written.

use fray_app::campaign::{Change, Condition};
use fray_data::{Db, NewCharacter, PlaySessionId};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command as Process, Stdio};

const DB_ENV: &str = "FRAY_CAMPAIGN_CRASH_DB";
const PARTY: usize = 6;
const MAX_HP: i64 = 1_000_000;

fn sheet() -> serde_json::Value {
    serde_json::json!({"tracks": {"hp": MAX_HP}})
}

/// The child: takes the party as it finds it and harms everyone by 1 HP a step, until killed.
#[test]
#[ignore = "run as a child process by a_killed_write_back_leaves_all_or_nothing"]
fn campaign_crash_child() {
    let Ok(path) = std::env::var(DB_ENV) else { return };
    fray_app::systems::registry();
    let db = Db::open(path).unwrap();
    let session = PlaySessionId(1);
    let mut out = std::io::stdout().lock();
    let (_, done) = state(&db);
    for i in done.. {
        let company = db.campaign().company("freeform".parse().unwrap()).unwrap();
        let keys: Vec<String> = company.members.keys().cloned().collect();
        let mut step = company.by_hand(&keys[0], &format!("Blow {i}"), &[]).unwrap();
        step.written.clear();
        for key in &keys {
            let m = &company.members[key];
            let from = m.condition.track(&m.sheet, "hp").unwrap();
            let one = company
                .by_hand(key, "", &[Change::Track { name: "hp".into(), from, to: from - 1 }])
                .unwrap();
            step.written.extend(one.written);
        }
        db.campaign().apply(session, &step, None).unwrap();
        writeln!(out, "ack {}", i + 1).unwrap();
        out.flush().unwrap();
    }
}

struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Every character's HP lost, and the steps in effect.
fn state(db: &Db) -> (Vec<i64>, i64) {
    let company = db.campaign().company("freeform".parse().unwrap()).unwrap();
    let lost = company
        .members
        .values()
        .map(|m| {
            Condition::default().track(&m.sheet, "hp").unwrap()
                - m.condition.track(&m.sheet, "hp").unwrap()
        })
        .collect();
    let steps = db.play_sessions().get(PlaySessionId(1)).unwrap().unwrap().steps;
    (lost, i64::from(steps))
}

#[test]
fn a_killed_write_back_leaves_all_or_nothing() {
    fray_app::systems::registry();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fray.db");
    {
        let db = Db::open(&path).unwrap();
        for i in 0..PARTY {
            let new = NewCharacter {
                system: "freeform".parse().unwrap(),
                name: format!("Hero {i}"),
                tags: Vec::new(),
                sheet: sheet(),
                party: None,
            };
            db.characters().insert(&new).unwrap();
        }
        db.play_sessions().start("The long night", "2026-11-27").unwrap();
    }
    let bundled = Db::open(&path)
        .unwrap()
        .campaign()
        .company("freeform".parse().unwrap())
        .unwrap()
        .members
        .len();
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
    let mut seed = u64::from(nanos.subsec_nanos());
    for round in 0..8 {
        let child = Process::new(std::env::current_exe().unwrap())
            .args(["--exact", "campaign_crash_child", "--nocapture", "--ignored"])
            .env(DB_ENV, &path)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut child = Reaper(child);
        let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let acks_before_kill = 5 + (seed >> 33) % 40;
        let mut last_ack = 0;
        let mut seen = 0;
        for line in lines.by_ref() {
            if let Some(n) = line.unwrap().strip_prefix("ack ") {
                last_ack = n.parse().unwrap();
                seen += 1;
                if seen >= acks_before_kill {
                    break;
                }
            }
        }
        child.0.kill().unwrap();
        child.0.wait().unwrap();
        for line in lines {
            if let Some(n) = line.unwrap().strip_prefix("ack ") {
                last_ack = n.parse().unwrap();
            }
        }
        let db = Db::open(&path).unwrap();
        db.integrity_check().unwrap();
        let (lost, steps) = state(&db);
        assert_eq!(lost.len(), bundled);
        // All or nothing: every character lost the same, one HP per step in effect.
        assert!(lost.iter().all(|l| *l == steps), "round {round}: {lost:?} after {steps} steps");
        assert!(
            steps >= last_ack && steps <= last_ack + 1,
            "acknowledged {last_ack}, found {steps}"
        );
        eprintln!("round {round}: killed after ack {last_ack}; {steps} steps on disk");
    }
    // And every step undoes back to the party unhurt.
    let db = Db::open(&path).unwrap();
    while db.campaign().undo(PlaySessionId(1)).unwrap().is_some() {}
    let company = db.campaign().company("freeform".parse().unwrap()).unwrap();
    assert!(company.members.values().all(|m| m.condition == Condition::default()));
}
