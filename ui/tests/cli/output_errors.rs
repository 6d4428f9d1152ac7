//! Every command's output going wrong three ways: a reader that closed the pipe, a full disk
//! (`/dev/full`) and a stdout the shell closed (`>&-`). A closed pipe ends quietly with exit 0;
//! the other two are one line on stderr and exit 74 whenever the command had something to
//! say on stdout, and what a command wrote to the database stands (the line says so). Never a
//! panic (exit 101).

use crate::cli_common::{ok_in, repo, scenario, text};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// How stdout is broken.
#[derive(Debug, Clone, Copy)]
enum Broken {
    Pipe,
    Full,
    Closed,
}

/// `fray --db DB ARGS…` with stdout broken as `how`.
fn run(db: &Path, args: &[String], how: Broken) -> Output {
    let fray = env!("CARGO_BIN_EXE_fray");
    let mut cmd = match how {
        // The shell closes fd 1 before fray starts, as `fray … >&-` does.
        Broken::Closed => {
            let mut c = Command::new("sh");
            c.arg("-c").arg("exec \"$0\" \"$@\" >&-").arg(fray);
            c
        }
        _ => Command::new(fray),
    };
    cmd.arg("--db").arg(db).args(args).stderr(Stdio::piped());
    match how {
        Broken::Pipe => {
            // The reader is gone before fray writes a byte.
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            cmd.stdout(writer);
        }
        Broken::Full => {
            cmd.stdout(std::fs::File::create("/dev/full").unwrap());
        }
        Broken::Closed => {}
    }
    cmd.output().unwrap()
}

/// The commands, each as a user would type it, over a database holding one saved fight.
fn commands(dir: &Path, db: &Path) -> Vec<Vec<String>> {
    let s = |a: &[&str]| a.iter().map(|x| (*x).to_owned()).collect::<Vec<String>>();
    let script = scenario("freeform-ambush.fray");
    let at = |name: &str| dir.join(name).display().to_string();
    ok_in(db, &["play", &script, "--save"]);
    ok_in(db, &["play", &script, "--format", "json", "-o", &at("journal.json")]);
    ok_in(db, &["export-library", "--system", "bdp", "-o", &at("lib.json")]);
    std::fs::write(at("blocks.txt"), "Ogre: 13 HP, 1 Armor, club (d10)\n").unwrap();
    let map = repo("tests/corpus/maps/gatehouse.dd2vtt").display().to_string();
    ok_in(db, &["new", "Gate", "--system", "freeform"]);
    vec![
        s(&["roll", "d20", "--seed", "1"]),
        s(&["roll", "3d6", "--odds"]),
        s(&["play", &script]),
        s(&["play", &script, "--save"]),
        s(&["export", "1", "--format", "md"]),
        s(&["replay", &at("journal.json")]),
        s(&["odds", &scenario("bdp-example-of-play.fray"), "--runs", "20", "--threads", "1"]),
        s(&["encounters"]),
        s(&["new", "Another"]),
        s(&["import", &at("lib.json")]),
        s(&["import", &at("lib.json"), "--dry-run"]),
        s(&["import", "--text", &at("blocks.txt"), "--system", "bdp"]),
        s(&["import", "--list-fields", "--system", "bdp"]),
        s(&["export-library", "-o", &at("out.json")]),
        s(&["manual"]),
        s(&["completions", "bash"]),
        s(&["map", "import", &map, "Gate", "--dry-run"]),
        s(&["map", "import", &map, "Gate"]),
        s(&["session", "list"]),
        s(&["--help"]),
        s(&["--version"]),
    ]
}

#[test]
fn every_command_says_a_broken_stdout_and_never_panics() {
    if std::fs::File::create("/dev/full").is_err() {
        eprintln!("skipped: no /dev/full on this system");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    for args in commands(dir.path(), &db) {
        // What it prints when all is well decides what a broken stdout must do.
        let fine = Command::new(env!("CARGO_BIN_EXE_fray"))
            .arg("--db")
            .arg(&db)
            .args(&args)
            .output()
            .unwrap();
        assert!(fine.status.success(), "{args:?}: {}", text(&fine.stderr));
        let prints = !fine.stdout.is_empty();
        for how in [Broken::Pipe, Broken::Full, Broken::Closed] {
            let out = run(&db, &args, how);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!err.contains("panicked"), "{args:?} {how:?}: {err}");
            match how {
                Broken::Pipe => {
                    assert_eq!(out.status.code(), Some(0), "{args:?} {how:?}: {err}");
                    assert!(!err.contains("cannot write"), "{args:?} {how:?}: {err}");
                }
                _ if prints => {
                    assert_eq!(out.status.code(), Some(74), "{args:?} {how:?}: {err}");
                    // Said once, last (after what was saved, for `play --save`).
                    let last = err.lines().last().unwrap_or("");
                    assert!(last.starts_with("fray: cannot write to stdout: "), "{args:?}: {err}");
                    assert_eq!(err.matches("cannot write").count(), 1, "once: {err}");
                }
                _ => assert_eq!(out.status.code(), Some(0), "{args:?} {how:?}: {err}"),
            }
        }
    }
}

/// An import whose report is lost still stands, and the error line says so, with the counts.
#[test]
fn an_import_whose_report_is_lost_stands_and_says_so() {
    if std::fs::File::create("/dev/full").is_err() {
        eprintln!("skipped: no /dev/full on this system");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (db, other) = (dir.path().join("fray.db"), dir.path().join("other.db"));
    let file = dir.path().join("lib.json").display().to_string();
    ok_in(&db, &["export-library", "--system", "bdp", "-o", &file]);
    let args = vec!["import".to_owned(), file.clone(), "--dry-run".to_owned()];
    let out = run(&other, &args, Broken::Full);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(74), "{err}");
    assert!(err.ends_with("(a dry run: nothing was written)\n"), "{err}");
    std::fs::write(dir.path().join("blocks.txt"), "Ogre: 13 HP, 1 Armor, club (d10)\n").unwrap();
    let blocks = dir.path().join("blocks.txt").display().to_string();
    let import = |how| {
        let args = ["import", "--text", &blocks, "--system", "bdp"];
        run(&other, &args.map(str::to_owned), how)
    };
    let out = import(Broken::Full);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(74), "{err}");
    assert!(err.ends_with("(the import stands: 1 added, 0 changed)\n"), "{err}");
    let out = import(Broken::Closed);
    let err = text(&out.stderr);
    assert!(err.ends_with("(the import stands: 0 added, 0 changed)\n"), "stood before: {err}");
    // A write command that emits (not a report) says its change stands too.
    let out = run(&other, &["new".to_owned(), "Lost".to_owned()], Broken::Full);
    let err = text(&out.stderr);
    assert!(err.contains("(what it wrote to the database stands)"), "{err}");
    let list = ok_in(&other, &["encounters"]);
    assert!(list.contains("Lost"), "{list}");
}
