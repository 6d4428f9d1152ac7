//! Paths as GMs name their folders and files: every file `fray` writes (`-o`, the manual's
//! folder) and reads (a script, a journal, a library file, a map, the database itself) may sit
//! in a folder whose names hold spaces and letters beyond ASCII, on every system. And the
//! Markdown Fray writes ends its lines with a line feed alone, on every system: every editor
//! GMs paste it into reads that (Windows' Notepad since Windows 10 1809, Obsidian, Discord,
//! GitHub), and a carriage return pasted into a chat shows as junk.

use crate::cli_common;

use crate::cli_common::repo;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// Runs `fray --db DB ARGS…`, which must succeed; its standard output. (Typed arguments: a
/// list of string literals and paths made into `OsStr`s.)
fn ok(db: &Path, args: &[&OsStr]) -> String {
    cli_common::ok_in(db, args)
}

/// A written file: there, not empty, and Markdown without a carriage return.
fn written(path: &Path) -> String {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} was not written: {e}", path.display()));
    assert!(!text.trim().is_empty(), "{} is empty", path.display());
    if path.extension().is_some_and(|e| e == "md") {
        assert!(!text.contains('\r'), "{} has a carriage return", path.display());
    }
    text
}

#[test]
fn every_file_fray_reads_and_writes_may_have_spaces_and_letters_beyond_ascii_in_its_path() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("Spielleiter Ünterlagen").join("Ørkens kamp — 第1夜");
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("Fray Datenbank é.db");
    let at = |name: &str| dir.join(name);
    let os = |p: &PathBuf| p.as_os_str().to_owned();

    // A script read from there, saved, its journal written there in Markdown and JSON.
    let script = at("Schlacht am Fluß.fray");
    std::fs::copy(repo("tests/scenarios/bdp-example-of-play.fray"), &script).unwrap();
    let journal_md = at("Journal — Runde 1.md");
    ok(&db, &["play".as_ref(), &os(&script), "--save".as_ref(), "-o".as_ref(), &os(&journal_md)]);
    assert!(written(&journal_md).contains("crypt"));
    let journal_json = at("Journal ü.json");
    let args: [&OsStr; 6] = [
        "play".as_ref(),
        script.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
        "-o".as_ref(),
        journal_json.as_os_str(),
    ];
    ok(&db, &args);
    written(&journal_json);
    // The journal read back from there.
    ok(&db, &["replay".as_ref(), &os(&journal_json)]);
    // The saved encounter exported there, for the players, in HTML and Markdown.
    for name in ["Ausgabe für Spieler.html", "Ausgabe für Spieler.md"] {
        let out = at(name);
        let format = if name.ends_with("html") { "html" } else { "md" };
        let export: [&OsStr; 6] = [
            "export".as_ref(),
            "The pontiff's crypt".as_ref(),
            "--format".as_ref(),
            format.as_ref(),
            "-o".as_ref(),
            out.as_os_str(),
        ];
        ok(&db, &export);
        assert!(written(&out).contains("crypt"), "{name}");
    }
    // The evening's session written there.
    let session = at("Sitzung año 1.md");
    let args: [&OsStr; 6] = [
        "session".as_ref(),
        "export".as_ref(),
        "--format".as_ref(),
        "md".as_ref(),
        "-o".as_ref(),
        session.as_os_str(),
    ];
    ok(&db, &args);
    written(&session);
    // The library written there and read back (a dry run checks every entry).
    let library = at("Bibliothèque complète.json");
    ok(&db, &["export-library".as_ref(), "-o".as_ref(), &os(&library)]);
    written(&library);
    let said = ok(&db, &["import".as_ref(), &os(&library), "--dry-run".as_ref()]);
    assert!(!said.trim().is_empty());
    // The odds of the script read from there.
    let args: [&OsStr; 4] =
        ["odds".as_ref(), script.as_os_str(), "--exact-runs".as_ref(), "5".as_ref()];
    assert!(ok(&db, &args).contains("5 fights"));
    // A battle map read from there into a new encounter (a dry run: every check, no change).
    let map = at("Torhaus Karte ø.dd2vtt");
    std::fs::copy(repo("tests/corpus/maps/gatehouse.dd2vtt"), &map).unwrap();
    ok(&db, &["new".as_ref(), "Das Tor".as_ref(), "--system".as_ref(), "freeform".as_ref()]);
    let args: [&OsStr; 5] = [
        "map".as_ref(),
        "import".as_ref(),
        map.as_os_str(),
        "Das Tor".as_ref(),
        "--dry-run".as_ref(),
    ];
    ok(&db, &args);
    // The manual pages written into a folder named so.
    let manual = at("Handbuch ä");
    ok(&db, &["manual".as_ref(), &os(&manual)]);
    assert!(manual.join("fray.1").is_file());
}
