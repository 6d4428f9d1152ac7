//! The `fray` command line, run as a user would: the real binary, a throwaway `--db`.

use crate::cli_common::{fray, ok, repo, scenario, text};
use std::path::PathBuf;
use std::process::Output;

fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

fn stderr(o: &Output) -> String {
    text(&o.stderr)
}

/// Asserts failure with one `fray: ...` line on stderr, and returns that line.
fn fails(args: &[&str]) -> String {
    let o = fray(args);
    assert!(!o.status.success(), "fray {args:?} succeeded: {}", stdout(&o));
    let err = stderr(&o);
    assert!(err.starts_with("fray: ") && err.ends_with('\n'), "not a fray error line: {err:?}");
    assert_eq!(err.lines().count(), 1, "more than one line: {err:?}");
    err.trim_end().to_owned()
}

fn ambush() -> PathBuf {
    repo("tests/scenarios/freeform-ambush.fray")
}

/// A temp folder holding the database; `db` is the `--db` value.
struct Temp {
    dir: tempfile::TempDir,
    db: String,
}

fn temp() -> Temp {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db").display().to_string();
    Temp { dir, db }
}

impl Temp {
    fn file(&self, name: &str) -> String {
        self.dir.path().join(name).display().to_string()
    }
}

#[test]
fn roll_with_a_seed_is_deterministic_and_shows_faces_and_total() {
    let first = ok(&["roll", "2d6+1", "--seed", "42"]);
    assert_eq!(first, ok(&["roll", "2d6+1", "--seed", "42"]));
    // `2d6+1: [a, b] +1 = t`, with t = a + b + 1.
    let line = first.strip_suffix('\n').unwrap();
    let rest = line.strip_prefix("2d6+1: [").unwrap_or_else(|| panic!("{line}"));
    let (faces, total) = rest.split_once("] +1 = ").unwrap_or_else(|| panic!("{line}"));
    let faces: Vec<i64> = faces.split(", ").map(|f| f.parse().unwrap()).collect();
    assert_eq!(faces.len(), 2);
    assert!(faces.iter().all(|f| (1..=6).contains(f)), "{line}");
    assert_eq!(total.parse::<i64>().unwrap(), faces.iter().sum::<i64>() + 1, "{line}");
}

#[test]
fn roll_with_table_faces_records_them() {
    assert_eq!(ok(&["roll", "2d6+1", "--table", "4", "3"]), "2d6+1: [4, 3] +1 = 8 (table)\n");
    assert_eq!(
        ok(&["roll", "4d6kh3", "--table", "6,5,4,1"]),
        "4d6kh3: [6, 5, 4, (1)] = 15 (table)\n"
    );
    assert_eq!(fails(&["roll", "2d6", "--table", "7", "1"]), "fray: '7' is not a face of a d6");
    assert_eq!(fails(&["roll", "2d6", "--table", "4"]), "fray: expected 2 faces for 2d6, got 1");
    // Faces as rolled: `00` on a d%, an explosion's added dice, Fudge signs.
    assert_eq!(ok(&["roll", "d%", "--table", "00"]), "d%: [100] = 100 (table)\n");
    assert_eq!(ok(&["roll", "d6!p", "--table", "6", "6", "3"]), "d6!p: [6, 6, 3] = 13 (table)\n");
    assert_eq!(
        ok(&["roll", "4dF", "--table", "+", "-", "0", "+"]),
        "4dF: [+, -, 0, +] = 1 (table)\n"
    );
    assert_eq!(
        ok(&["roll", "{2d8,d12}kh1", "--table", "3,5,7"]),
        "{2d8,d12}kh1: {[3, 5],[(7)]}kh1 = 8 (table)\n"
    );
}

#[test]
fn roll_odds_prints_every_total_and_the_target() {
    let text = ok(&["roll", "2d20kh1", "--odds", "--target", "15"]);
    assert!(text.starts_with("2d20kh1: exact\n"), "{text}");
    assert!(text.ends_with("2d20kh1 ≥ 15: 51.00%\n"), "{text}");
    let err = fails(&["roll", "2d6", "--odds", "--table", "4", "3"]);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn a_near_miss_suggests_the_nearest_form() {
    assert_eq!(
        fails(&["roll", "2d6x2"]),
        "fray: bad dice '2d6x2': unexpected 'x' at column 4: expected a modifier ('kh', 'dl', \
         '!', 'r', '>='...), an operator or end; did you mean '2d6*2'?"
    );
}

#[test]
fn bad_dice_fail_with_the_column() {
    assert_eq!(
        fails(&["roll", "2d"]),
        "fray: bad dice '2d': expected die size after 'd' at column 3"
    );
    let err = fails(&["roll", "2x6"]);
    assert!(err.starts_with("fray: bad dice '2x6': ") && err.contains("column 2"), "{err}");
}

#[test]
fn usage_mistakes_are_one_line_and_exit_2() {
    for args in
        [&["roll"][..], &["frobnicate"], &["export", "x"], &["play", "x", "--format", "pdf"]]
    {
        let o = fray(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.starts_with("fray: ") && err.lines().count() == 1, "{args:?}: {err:?}");
    }
}

#[test]
fn help_works_for_every_subcommand() {
    let top = ok(&["--help"]);
    let subcommands = ["roll", "play", "export", "replay", "encounters", "new"];
    for sub in subcommands {
        assert!(top.contains(sub), "fray --help does not list {sub}");
        let help = ok(&[sub, "--help"]);
        assert!(help.contains(&format!("Usage: fray {sub}")), "{sub}: {help}");
        assert!(help.contains("--db <PATH>"), "{sub} lacks the global --db: {help}");
    }
    assert!(ok(&["help", "play"]).contains("Usage: fray play"));
    assert!(ok(&["--version"]).starts_with("fray "));
}

/// The journal of an export without its recap (the section from `## How it went` to the
/// log's first round), to compare with a golden journal.
fn without_recap(md: &str) -> String {
    let start = md.find("\n## How it went\n").expect("the export has its recap");
    let rest = &md[start + 1..];
    let end = rest[3..].find("\n## ").map(|i| start + 1 + 3 + i).expect("the log after the recap");
    format!("{}{}", &md[..start], &md[end..])
}

#[test]
fn play_prints_the_golden_journal() {
    let script = ambush();
    let md = ok(&["play", script.to_str().unwrap()]);
    let golden = std::fs::read_to_string(script.with_extension("expected.md")).unwrap();
    assert!(md.contains("\n### How the dice fell\n"), "{md}");
    assert_eq!(without_recap(&md), golden);
    let html = ok(&["play", script.to_str().unwrap(), "--format", "html"]);
    assert!(
        html.starts_with("<!DOCTYPE html>") && html.contains("Ambush on the forest road"),
        "{html}"
    );
}

#[test]
fn play_reports_script_errors_with_file_and_line() {
    let t = temp();
    let path = t.file("crypt.fray");
    std::fs::write(
        &path,
        "side Party party\nzone Hall\nadd Harald side Party zone Hall\nmove Haral Hall\n",
    )
    .unwrap();
    assert_eq!(
        fails(&["play", &path]),
        format!("fray: {path} line 4: unknown combatant 'Haral' (there are: Harald)")
    );
    std::fs::write(&path, "side A\nadd X side A\nroll 2d6 table 9 9\n").unwrap();
    assert_eq!(
        fails(&["play", &path]),
        format!("fray: {path} line 3: refused: 9 is not a face of a d6")
    );
    let missing = t.file("missing.fray");
    let err = fails(&["play", &missing]);
    assert!(err.starts_with(&format!("fray: cannot read {missing}: ")), "{err}");
}

/// A journal whose dice can be checked for order only (version 1: undone commands not kept)
/// is never a plain "ok": one line saying what was checked in part, and exit status 3.
#[test]
fn a_journal_checked_in_part_says_so_in_its_exit_status() {
    let t = temp();
    let json = t.file("ambush.json");
    ok(&["play", ambush().to_str().unwrap(), "--format", "json", "-o", &json]);
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    doc["version"] = serde_json::json!(1);
    let old = t.file("ambush-v1.json");
    std::fs::write(&old, doc.to_string()).unwrap();
    let o = fray(&["replay", &old]);
    assert_eq!(o.status.code(), Some(3), "not 0: not everything was proven");
    assert!(o.stdout.is_empty());
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("fray: {old}: checked in part: 59 commands, 66 events replayed"))
            && err.contains("but dice streams before 60 checked for order only"),
        "{err}"
    );
}

#[test]
fn a_played_journal_replays_and_a_tampered_one_does_not() {
    let t = temp();
    let json = t.file("ambush.json");
    ok(&["play", ambush().to_str().unwrap(), "--format", "json", "-o", &json]);
    assert_eq!(
        ok(&["replay", &json]),
        "ok: 59 commands, 66 events replayed; 1 undone command replayed where it stood; \
         every dice stream accounted for\n"
    );
    // The export carries the recap as data, which replay reads past.
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let narvi =
        doc["recap"]["combatants"].as_array().unwrap().iter().find(|c| c["name"] == "Narvi");
    assert_eq!(narvi.unwrap()["dealt"]["hp"], 11, "{}", doc["recap"]);
    assert!(doc["recap"]["dice"].as_array().is_some_and(|d| !d.is_empty()));

    // Raise the total of one recorded roll: its faces no longer add up.
    let text = std::fs::read_to_string(&json).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let roll = doc["events"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["kind"]["type"] == "rolled")
        .expect("the ambush rolls dice");
    let total = roll["kind"]["roll"]["total"].as_i64().unwrap();
    roll["kind"]["roll"]["total"] = (total + 1).into();
    let tampered = t.file("tampered.json");
    std::fs::write(&tampered, doc.to_string()).unwrap();
    let err = fails(&["replay", &tampered]);
    assert!(err.starts_with(&format!("fray: {tampered} does not replay: ")), "{err}");

    // Change what a command asked for: the recorded events no longer follow from it.
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let hp = doc["commands"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["command"]["type"] == "adjust_track")
        .unwrap();
    hp["command"]["delta"] = (-1).into();
    std::fs::write(&tampered, doc.to_string()).unwrap();
    let err = fails(&["replay", &tampered]);
    assert!(err.contains("does not reproduce the journal"), "{err}");

    // Change the seed: the app's dice are no longer the ones it would roll.
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["base"]["seed"] = (doc["base"]["seed"].as_u64().unwrap() + 1).into();
    std::fs::write(&tampered, doc.to_string()).unwrap();
    let err = fails(&["replay", &tampered]);
    assert!(err.contains("has a roll the app did not make"), "{err}");

    std::fs::write(&tampered, "{\"hello\": 1}").unwrap();
    let err = fails(&["replay", &tampered]);
    assert!(err.starts_with(&format!("fray: {tampered} does not replay: ")), "{err}");
}

#[test]
fn a_roll_undone_and_asked_again_shows_in_the_journal_and_cannot_be_hidden() {
    let t = temp();
    let script = t.file("again.fray");
    std::fs::write(&script, "seed 4\nside A\nadd X side A\nroll d20\nundo\nroll d20\n").unwrap();
    let json = t.file("again.json");
    ok(&["play", &script, "--format", "json", "-o", &json]);
    assert_eq!(
        ok(&["replay", &json]),
        "ok: 3 commands, 3 events replayed; 1 undone command replayed where it stood; \
         every dice stream accounted for\n"
    );
    // The first d20 left out: its stream is missing, and replay says so.
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    doc["undone"] = serde_json::json!([]);
    let hidden = t.file("hidden.json");
    std::fs::write(&hidden, doc.to_string()).unwrap();
    let err = fails(&["replay", &hidden]);
    assert!(
        err.ends_with(
            "dice stream 2 is missing: command 2 draws from a later one, but no command \
             of the journal, in effect or undone, drew from it (a command was left out)"
        ),
        "{err}"
    );
}

#[test]
fn saved_plays_are_listed_exported_and_replayed() {
    let t = temp();
    let script = ambush();
    let o = fray(&["--db", &t.db, "play", script.to_str().unwrap(), "--save"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "saved as encounter 1: Ambush on the forest road\n");
    let golden = std::fs::read_to_string(script.with_extension("expected.md")).unwrap();
    assert_eq!(without_recap(&stdout(&o)), golden);

    let list = ok(&["--db", &t.db, "encounters"]);
    let rows: Vec<&str> = list.lines().collect();
    assert_eq!(rows.len(), 2, "{list}");
    assert!(
        rows[0].starts_with("ID") && rows[0].contains("NAME") && rows[0].contains("SYSTEM"),
        "{list}"
    );
    assert!(
        rows[1].starts_with("1 ") && rows[1].contains("Ambush on the forest road  freeform"),
        "{list}"
    );

    // By name (any case) or by id; to stdout or to a file.
    assert_eq!(
        without_recap(&ok(&[
            "--db",
            &t.db,
            "export",
            "ambush on the FOREST road",
            "--format",
            "md",
            "--for",
            "gm"
        ])),
        golden
    );
    // Shared by default with the players: the player window's rules, the TV's recap.
    let players = ok(&["--db", &t.db, "export", "1", "--format", "md"]);
    assert!(
        players.starts_with("# Ambush on the forest road") && players.contains("## How it went")
    );
    assert_ne!(without_recap(&players), golden, "{players}");
    let html = ok(&["--db", &t.db, "export", "1", "--format", "html"]);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("Bandit chief"), "{html}");
    let json = t.file("export.json");
    assert_eq!(ok(&["--db", &t.db, "export", "1", "--format", "json", "-o", &json]), "");
    assert_eq!(
        ok(&["replay", &json]),
        "ok: 59 commands, 66 events replayed; 1 undone command replayed where it stood; \
         every dice stream accounted for\n"
    );

    assert_eq!(
        fails(&["--db", &t.db, "export", "Nowhere", "--format", "md"]),
        "fray: no encounter 'Nowhere' (see 'fray encounters')"
    );
}

#[test]
fn a_failed_save_leaves_nothing_behind() {
    let t = temp();
    let path = t.file("broken.fray");
    std::fs::write(&path, "side A\nadd X side A\nhp Y -1\n").unwrap();
    let err = fails(&["--db", &t.db, "play", &path, "--save"]);
    assert!(err.ends_with("line 3: unknown combatant 'Y' (there are: X)"), "{err}");
    let o = fray(&["--db", &t.db, "encounters"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).starts_with("no encounters yet"), "{}", stderr(&o));
}

#[test]
fn new_encounters_export_empty_journals() {
    let t = temp();
    assert_eq!(ok(&["--db", &t.db, "new", "Crypt", "--seed", "7"]), "created encounter 1: Crypt\n");
    assert_eq!(ok(&["--db", &t.db, "new", "Crypt"]), "created encounter 2: Crypt\n");
    let md = ok(&["--db", &t.db, "export", "1", "--format", "md"]);
    assert!(md.starts_with("# Crypt — Freeform"), "{md}");
    let err = fails(&["--db", &t.db, "export", "crypt", "--format", "md"]);
    assert_eq!(err, "fray: 2 encounters are called 'crypt' (ids 1, 2): give the id");
    let err = fails(&["--db", &t.db, "new", "Chess", "--system", "chess"]);
    assert!(err.starts_with("fray: cannot create 'Chess': ") && err.contains("chess"), "{err}");
    let json = t.file("empty.json");
    ok(&["--db", &t.db, "export", "2", "--format", "json", "-o", &json]);
    assert_eq!(
        ok(&["replay", &json]),
        "ok: 0 commands, 0 events replayed; every dice stream accounted for\n"
    );
}

#[test]
fn an_unopenable_database_is_one_clear_line() {
    let t = temp();
    // A folder where the database file should be.
    let dir = t.file("db-is-a-folder");
    std::fs::create_dir(&dir).unwrap();
    let err = fails(&["--db", &dir, "encounters"]);
    assert!(err.starts_with(&format!("fray: cannot open the database {dir}: ")), "{err}");
}

#[test]
fn reading_commands_leave_the_database_as_it_was() {
    let t = temp();
    ok(&["--db", &t.db, "new", "Crypt", "--system", "freeform"]);
    std::thread::sleep(std::time::Duration::from_millis(5));
    ok(&["--db", &t.db, "new", "Bridge", "--system", "freeform"]);
    let listed = |t: &Temp| -> Vec<String> {
        ok(&["--db", &t.db, "encounters"]).lines().skip(1).map(|l| l.to_owned()).collect()
    };
    let before = listed(&t);
    assert!(before[0].contains("Bridge"), "the newest first: {before:?}");
    let file = std::fs::read(&t.db).unwrap();
    // Exporting the older one does not make it the "last opened" one.
    ok(&["--db", &t.db, "export", "Crypt", "--format", "md"]);
    ok(&["--db", &t.db, "export-library", "-o", &t.file("lib.json")]);
    assert_eq!(listed(&t), before);
    assert_eq!(std::fs::read(&t.db).unwrap(), file, "not a byte changed");
}

#[cfg(unix)]
#[test]
fn output_files_are_written_whole_and_a_device_is_never_replaced() {
    let t = temp();
    // `-o /dev/null` is refused in one line, and /dev/null stays the device.
    let err = fails(&["play", ambush().to_str().unwrap(), "--format", "md", "-o", "/dev/null"]);
    assert!(err.contains("cannot write /dev/null") && err.contains("a device"), "{err}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    // A link planted at the old temporary name is not written through.
    let out = t.file("log.md");
    let victim = t.file("victim");
    std::fs::write(&victim, "untouched").unwrap();
    std::os::unix::fs::symlink(&victim, format!("{out}.part")).unwrap();
    ok(&["play", ambush().to_str().unwrap(), "--format", "md", "-o", &out]);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
    assert!(std::fs::read_to_string(&out).unwrap().starts_with("# "));
}

#[cfg(unix)]
#[test]
fn play_and_replay_take_a_bom_and_refuse_what_is_not_a_file() {
    let t = temp();
    // A script saved with a UTF-8 byte-order mark plays, and its journal (with one) replays.
    let script = std::fs::read(ambush()).unwrap();
    let bom = t.file("bom.fray");
    std::fs::write(&bom, [&[0xEF, 0xBB, 0xBF][..], &script].concat()).unwrap();
    let json = t.file("bom.json");
    ok(&["play", &bom, "--format", "json", "-o", &json]);
    let journal = std::fs::read(&json).unwrap();
    std::fs::write(&json, [&[0xEF, 0xBB, 0xBF][..], &journal].concat()).unwrap();
    assert!(ok(&["replay", &json]).starts_with("ok: "));
    // A device is refused at once instead of read for ever.
    let err = fails(&["replay", "/dev/zero"]);
    assert_eq!(err, "fray: /dev/zero is a device, not a regular file");
    let err = fails(&["play", "/dev/zero"]);
    assert_eq!(err, "fray: /dev/zero is a device, not a regular file");
    // A named pipe too, without waiting for a writer.
    let fifo = t.file("pipe.fray");
    if std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        let err = fails(&["play", &fifo]);
        assert!(err.ends_with("is a named pipe, not a regular file"), "{err}");
    }
}

#[test]
fn names_with_escape_sequences_are_printed_escaped() {
    let t = temp();
    let name = "\u{1b}[2J\u{1b}[31mRed Hand";
    let created = ok(&["--db", &t.db, "new", name]);
    let listed = ok(&["--db", &t.db, "encounters"]);
    for out in [&created, &listed] {
        assert!(!out.contains('\u{1b}'), "a raw escape reached the terminal: {out:?}");
        assert!(out.contains("\\u{1b}[2J\\u{1b}[31mRed Hand"), "{out}");
    }
    let err = fails(&["--db", &t.db, "export", "\u{1b}]0;pwned\u{7}", "--format", "md"]);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
}

#[test]
fn odds_play_a_script_or_a_stored_fight_the_same_for_a_seed_on_any_threads() {
    let script = scenario("bdp-example-of-play.fray");
    let json = |extra: &[&str]| {
        let mut args = vec!["odds", script.as_str(), "--runs", "80", "--seed", "5", "--json"];
        args.extend_from_slice(extra);
        let text = ok(&args);
        (serde_json::from_str::<serde_json::Value>(&text).expect("JSON"), text)
    };
    let (odds, text) = json(&[]);
    assert_eq!(odds["runs"], 80);
    // Fewer than a run stops at by itself (1,000): it plays them all and says why.
    assert_eq!(odds["stop"], "cap");
    let exact = ok(&["odds", &script, "--exact-runs", "60", "--seed", "5", "--json"]);
    let exact: serde_json::Value = serde_json::from_str(&exact).expect("JSON");
    assert_eq!(
        (&exact["runs"], &exact["stop"]),
        (&serde_json::json!(60), &serde_json::json!("exact"))
    );
    let both = fails(&["odds", &script, "--runs", "80", "--exact-runs", "60"]);
    assert!(both.contains("cannot be used with"), "{both}");
    // The script stops in round 2: the fights go on from there unless told otherwise.
    assert_eq!(odds["from_round"], 2);
    assert_eq!(json(&["--from-start"]).0["from_round"], 0);
    assert_eq!(json(&["--threads", "1"]).1, text, "one thread or many, the same odds");
    let share = odds["party_wins"]["estimate"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&share));
    assert_eq!(odds["characters"].as_array().unwrap().len(), 4);

    // The plain text names each figure, each character and how the fights were played, and
    // one of the fights can be read in full.
    let plain = ok(&["odds", &script, "--runs", "40", "--show-fight", "2"]);
    for words in
        ["The party wins", "Total party kill", "Harald", "Narvi", "- The party never runs away"]
    {
        assert!(plain.contains(words), "{words:?} in {plain}");
    }
    assert!(plain.contains("Fight 2 of the run"), "{plain}");
    assert!(plain.contains("## Round "), "the journal of the fight: {plain}");

    // A party that may run: its share is a figure of its own, and the assumption says so.
    let (running, _) = json(&["--party-flees", "--from-start"]);
    assert!(running["party_fled"]["hits"].as_u64().unwrap() > 0, "{running:#}");
    let said = running["assumptions"].as_array().unwrap();
    assert!(said.iter().any(|a| a.as_str().unwrap().starts_with("The party runs once half")));

    // A stored encounter, by name.
    let t = temp();
    ok(&["--db", &t.db, "play", &script, "--save"]);
    let stored = ok(&["--db", &t.db, "odds", "The pontiff's crypt", "--runs", "40"]);
    assert!(stored.starts_with("The pontiff's crypt — 40 fights from round 2"), "{stored}");
}

#[test]
fn odds_of_a_procedure_without_rules_or_no_fights_is_one_clear_error() {
    let err = fails(&["odds", &ambush().display().to_string(), "--runs", "10"]);
    assert_eq!(
        err,
        "fray: Freeform has no rules of its own for Fray to play; odds need a combat procedure"
    );
    let script = scenario("bdp-example-of-play.fray");
    let err = fails(&["odds", &script, "--runs", "0"]);
    assert_eq!(err, "fray: odds need at least one fight (--runs 1 or more)");
    let err = fails(&["odds", &script, "--precision", "0.2"]);
    assert_eq!(
        err,
        "fray: a precision of 0.2 points is not one a run can stop at: from 0.5 to 10 points"
    );
    // A fixed count stops at no precision: asking both is a mistake, said before any fight.
    let both = fails(&["odds", &script, "--precision", "1", "--exact-runs", "10"]);
    assert!(both.contains("cannot be used with"), "{both}");
    // A script that ends with the foes beaten: over as it stands, not from its start.
    let over = scenario("d12-example-fight.fray");
    let err = fails(&["odds", &over, "--exact-runs", "10"]);
    assert!(err.starts_with("fray: the fight is over as it stands in round "), "{err}");
    assert!(err.ends_with("play it from the board before the fight (--from-start)"), "{err}");
    assert!(ok(&["odds", &over, "--exact-runs", "10", "--from-start"]).contains("10 fights"));
    let t = temp();
    let err = fails(&["--db", &t.db, "odds", "Nowhere"]);
    assert_eq!(err, "fray: no encounter 'Nowhere' (see 'fray encounters')");
}
