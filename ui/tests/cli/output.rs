//! Where `fray`'s output goes wrong: a reader that closes the pipe early, a full disk behind
//! stdout or stderr. A closed pipe ends quietly, a full disk is one error line (exit 74), and neither is
//! ever a panic (exit 101); whatever was saved before is said and kept.

use crate::cli_common::scenario;
use std::fs::File;
use std::process::{Command, Stdio};

fn fray() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fray"))
}

/// A stream cut short may end inside a character: read it lossily.
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_reader_that_closes_the_pipe_ends_fray_quietly() {
    let script = scenario("bdp-example-of-play.fray");
    // `fray odds … | true`: the reader is gone before the figures are printed.
    let mut child = fray()
        .args(["odds", &script, "--runs", "40", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    // The same for a journal and a roll's odds.
    for args in [vec!["play", &script], vec!["roll", "3d6", "--odds"]] {
        let mut child = fray().args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
        let child = child.as_mut().unwrap();
        drop(child.stdout.take());
        let status = child.wait().unwrap();
        let mut err = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
        assert!(!err.contains("panicked") && status.code() == Some(0), "{args:?}: {status} {err}");
    }
}

#[test]
fn a_full_disk_behind_stdout_is_an_error_line_not_a_panic() {
    let Ok(full) = File::create("/dev/full") else {
        eprintln!("skipped: no /dev/full on this system");
        return;
    };
    let script = scenario("bdp-example-of-play.fray");
    for args in [
        vec!["odds", script.as_str(), "--runs", "20", "--threads", "1"],
        vec!["play", script.as_str()],
    ] {
        let out =
            fray().args(&args).stdout(full.try_clone().unwrap()).stderr(Stdio::piped()).output();
        let out = out.unwrap();
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(74), "{args:?}: {err}");
        assert!(err.starts_with("fray: cannot write to stdout: "), "{args:?}: {err}");
    }
}

#[test]
fn a_full_disk_behind_stderr_still_saves_and_writes_the_journal() {
    let Ok(full) = File::create("/dev/full") else {
        eprintln!("skipped: no /dev/full on this system");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (db, md) = (dir.path().join("fray.db"), dir.path().join("out.md"));
    let out = fray()
        .arg("--db")
        .arg(&db)
        .args(["play", &scenario("freeform-ambush.fray"), "--save", "-o"])
        .arg(&md)
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let journal = std::fs::read_to_string(&md).expect("the journal was written");
    assert!(journal.starts_with("# Ambush on the forest road"), "{journal}");
    let list = fray().arg("--db").arg(&db).arg("encounters").output().unwrap();
    assert!(text(&list.stdout).contains("Ambush on the forest road"), "the fight was saved");
}
