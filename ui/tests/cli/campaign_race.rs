//! Two programs on one campaign at once, and programs killed mid-step: processes, not threads.
//! The real `fray` binary is started twice at the same moment on one database file (heal +
//! heal, end-fight + heal, rest + undo), 50 pairs of each; or started and killed with SIGKILL
//! at a random moment. Afterwards the file is whole and the evening proves itself: replaying
//! the session's steps in effect member by member (each step's *before* the condition the
//! steps before it left, each write-back and rest recomputed) ends at the condition stored.

use crate::cli_common;

use fray_data::Db;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const MAX_HP: i64 = 500;

/// A database with Harald (bdp, HP 500) and `fights` stored fights in which he took 4 HP.
fn campaign(path: &Path, fights: usize) -> String {
    fray_app::systems::registry();
    let db = Db::open(path).unwrap();
    let sheet = serde_json::json!({"tracks": {"hp": MAX_HP, "fatigue": {"value": 0, "max": 10}}});
    let new = fray_data::NewCharacter {
        system: "bdp".parse().unwrap(),
        name: "Harald".into(),
        tags: vec![],
        sheet,
        party: None,
    };
    let id = db.characters().insert(&new).unwrap();
    let harald = db.characters().get(id).unwrap().unwrap();
    for i in 0..fights {
        let mut s = fray_data::Session::create(
            &db,
            "bdp".parse().unwrap(),
            &format!("Fight {i}"),
            i as u64,
        )
        .unwrap();
        let party = fray_app::Command::AddSide {
            name: "Party".into(),
            colour: "#3366cc".into(),
            party: true,
        };
        s.apply(party).unwrap();
        let side = s.state().side_named("Party").unwrap().id;
        let token = Box::new(harald.to_combatant(side));
        s.apply(fray_app::Command::AddCombatant { combatant: token, count: 1 }).unwrap();
        let who = s.state().combatant_named("Harald").unwrap().id;
        let hurt = fray_app::Command::AdjustTrack { id: who, track: "hp".into(), delta: -4 };
        s.apply(hurt).unwrap();
    }
    format!("character:{}", id.0)
}

fn start(db: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .arg("--db")
        .arg(db)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fray binary starts")
}

/// Runs both at the same moment; each must succeed, or be refused with a reason that says
/// nothing was written (an undo a later step blocks). Returns how many succeeded.
fn pair(db: &Path, a: &[&str], b: &[&str]) -> usize {
    let (a, b) = (start(db, a), start(db, b));
    [a, b]
        .into_iter()
        .map(|child| {
            let out = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr).to_string();
            if out.status.success() {
                return 1;
            }
            assert!(
                err.contains("undo") || err.contains("nothing to"),
                "a step failed for another reason than a refusal: {err}"
            );
            0
        })
        .sum()
}

/// The whole file is sound and every session proves itself, ending at Harald's condition.
fn sound(path: &Path, harald: &str) -> usize {
    let db = Db::open(path).unwrap();
    db.integrity_check().unwrap();
    let now =
        db.campaign().company("bdp".parse().unwrap()).unwrap().members[harald].condition.clone();
    let mut steps = 0;
    let sessions = db.play_sessions().list().unwrap();
    assert!(sessions.len() <= 1, "two programs at once open one session of the day, not two");
    for s in sessions {
        let log = db.play_sessions().log(s.id).unwrap();
        let report = log.replay().unwrap_or_else(|e| panic!("session {}: {e}", s.id.0));
        assert!(report.partial.is_empty(), "{:?}", report.partial);
        let last = log.parts.iter().rev().find_map(|p| match p {
            fray_app::campaign::session::Part::Step(step) => {
                step.written.iter().find(|w| w.who == harald).map(|w| w.after.clone())
            }
            _ => None,
        });
        if let Some(last) = last {
            assert_eq!(last, now, "the last step in effect is what is stored");
        }
        steps += s.steps as usize;
    }
    steps
}

fn hp(path: &Path, harald: &str) -> i64 {
    let db = Db::open(path).unwrap();
    let m = &db.campaign().company("bdp".parse().unwrap()).unwrap().members[harald];
    m.condition.track(&m.sheet, "hp").unwrap()
}

#[test]
fn two_heals_at_once_both_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fray.db");
    let harald = campaign(&path, 0);
    let heal = ["session", "heal", "Harald", "hp", "-1", "--system", "bdp"];
    for _ in 0..50 {
        assert_eq!(pair(&path, &heal, &heal), 2);
    }
    assert_eq!(hp(&path, &harald), MAX_HP - 100, "100 heals of -1, each counted");
    assert_eq!(sound(&path, &harald), 100);
}

#[test]
fn an_end_fight_and_a_heal_at_once_both_follow_from_what_was_there() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fray.db");
    let harald = campaign(&path, 50);
    let heal = ["session", "heal", "Harald", "hp", "-1", "--system", "bdp"];
    for i in 0..50 {
        let fight = format!("Fight {i}");
        assert_eq!(pair(&path, &["session", "end-fight", &fight], &heal), 2);
    }
    assert_eq!(sound(&path, &harald), 100);
}

#[test]
fn a_rest_and_an_undo_at_once_leave_a_session_that_proves_itself() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fray.db");
    let harald = campaign(&path, 0);
    let (heal, night) = (
        ["session", "heal", "Harald", "hp", "-30", "--system", "bdp"],
        ["session", "rest", "night", "--system", "bdp"],
    );
    for _ in 0..50 {
        cli_common::ok_in(&path, &heal);
        pair(&path, &night, &["session", "undo"]);
    }
    sound(&path, &harald);
}

/// Runs `FRAY_KILL_RUNS` times (20 unless set; 200 and more by hand) a random session
/// command, killed with SIGKILL after a random few milliseconds, then checks the file.
#[test]
fn a_session_command_killed_at_any_moment_leaves_the_campaign_whole() {
    let runs: u64 = std::env::var("FRAY_KILL_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(20);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fray.db");
    let harald = campaign(&path, runs as usize);
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for i in 0..runs {
        let fight = format!("Fight {i}");
        let args: Vec<&str> = match next(5) {
            0 => vec!["session", "heal", "Harald", "hp", "-3", "--system", "bdp"],
            1 => vec!["session", "rest", "night", "--system", "bdp"],
            2 => vec!["session", "end-fight", &fight],
            3 => vec!["session", "undo"],
            _ => vec!["session", "redo"],
        };
        let mut child = start(&path, &args);
        std::thread::sleep(Duration::from_millis(next(60)));
        let _ = child.kill();
        let _ = child.wait();
        sound(&path, &harald);
    }
}
