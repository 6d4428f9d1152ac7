//! What the command-line tests share: the real `fray` binary run as a user runs it, what it
//! printed, and the repository's own files (scenarios, corpus) by their path from its root.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `fray ARGS…`.
pub fn fray<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray")).args(args).output().expect("the fray binary runs")
}

/// Runs `fray --db DB ARGS…`.
pub fn fray_in<S: AsRef<OsStr>>(db: &Path, args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("the fray binary runs")
}

/// What `fray` printed on one stream (it writes UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("fray writes UTF-8")
}

/// `output` of `fray ARGS…`, which must have succeeded: its standard output.
pub fn succeeded<S: AsRef<OsStr>>(output: &Output, args: &[S]) -> String {
    let shown: Vec<_> = args.iter().map(|a| a.as_ref().to_string_lossy()).collect();
    assert!(output.status.success(), "fray {shown:?} failed: {}", text(&output.stderr));
    text(&output.stdout)
}

/// Runs `fray ARGS…`, which must succeed: its standard output.
pub fn ok<S: AsRef<OsStr>>(args: &[S]) -> String {
    succeeded(&fray(args), args)
}

/// Runs `fray --db DB ARGS…`, which must succeed: its standard output.
pub fn ok_in<S: AsRef<OsStr>>(db: &Path, args: &[S]) -> String {
    succeeded(&fray_in(db, args), args)
}

/// A scenario script of `tests/scenarios`, as a path argument.
pub fn scenario(name: &str) -> String {
    repo("tests/scenarios").join(name).display().to_string()
}

/// A file of the repository by its path from the root (`tests/corpus/maps/gatehouse.png`).
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}
