//! `fray session …` and session scripts, run as a user would: the real binary, a throwaway
//! `--db`, a character of the library hurt in a stored fight.

use crate::cli_common::{fray, ok};
use std::path::Path;

fn fails(args: &[&str]) -> String {
    let o = fray(args);
    assert!(!o.status.success(), "fray {args:?} succeeded");
    String::from_utf8(o.stderr).unwrap()
}

/// A database with Harald of the library, hurt in the stored fight "Crypt".
fn hurt(db: &Path) -> fray_data::CharacterId {
    fray_app::systems::registry();
    let d = fray_data::Db::open(db).unwrap();
    let sheet = serde_json::json!({"tracks": {"hp": 5, "fatigue": {"value": 0, "max": 10}}});
    let new = fray_data::NewCharacter {
        system: "bdp".parse().unwrap(),
        name: "Harald".into(),
        tags: vec![],
        sheet,
        party: None,
    };
    let id = d.characters().insert(&new).unwrap();
    let harald = d.characters().get(id).unwrap().unwrap();
    let mut s = fray_data::Session::create(&d, "bdp".parse().unwrap(), "Crypt", 3).unwrap();
    s.apply(fray_app::Command::AddSide {
        name: "Party".into(),
        colour: "#3366cc".into(),
        party: true,
    })
    .unwrap();
    let side = s.state().side_named("Party").unwrap().id;
    s.apply(fray_app::Command::AddCombatant {
        combatant: Box::new(harald.to_combatant(side)),
        count: 1,
    })
    .unwrap();
    let who = s.state().combatant_named("Harald").unwrap().id;
    s.apply(fray_app::Command::AdjustTrack { id: who, track: "hp".into(), delta: -4 }).unwrap();
    s.apply(fray_app::Command::AdjustTrack { id: who, track: "fatigue".into(), delta: 3 }).unwrap();
    id
}

#[test]
fn end_fight_rest_undo_and_export_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fray.db");
    let id = hurt(&path);
    let db = path.to_str().unwrap();
    // A dry run prints the lines and writes nothing.
    let dry = ok(&[
        "--db",
        db,
        "session",
        "end-fight",
        "Crypt",
        "--untick",
        "Harald:fatigue",
        "--dry-run",
    ]);
    assert!(dry.contains("Harald: HP 5 → 1"), "{dry}");
    assert!(!dry.contains("Fatigue"), "{dry}");
    let condition =
        |id| fray_data::Db::open(&path).unwrap().characters().get(id).unwrap().unwrap().condition;
    assert!(condition(id).is_whole());
    // A number past the sheet is refused, naming the line.
    let e = fails(&["--db", db, "session", "end-fight", "Crypt", "--set", "Harald:HP=9"]);
    assert!(e.contains("HP: 9 is over its maximum 5"), "{e}");
    ok(&["--db", db, "session", "end-fight", "Crypt", "--set", "Harald:HP=2"]);
    assert_eq!(condition(id).tracks["hp"], 2);
    assert_eq!(condition(id).tracks["fatigue"], 3);
    let e = fails(&["--db", db, "session", "end-fight", "Crypt"]);
    assert!(e.contains("already over"), "{e}");
    let rest = ok(&["--db", db, "session", "rest", "night", "--system", "bdp"]);
    assert!(rest.contains("Harald: HP 2 → 5 · Fatigue 3 → 0"), "{rest}");
    assert!(condition(id).is_whole());
    ok(&["--db", db, "session", "undo"]);
    assert_eq!(condition(id).tracks["hp"], 2);
    let e = fails(&["--db", db, "session", "rest", "nap", "--system", "bdp"]);
    assert!(e.contains("no rest 'nap' here; there are: breath, simple-meal, fancy-meal, unfed, sleepless, perilous, night, comfortable, healer, spa, prayer, care, treat-wound"), "{e}");
    let list = ok(&["--db", db, "session", "list"]);
    assert!(list.contains("\t1\t1\tSession of"), "{list}");
    ok(&["--db", db, "session", "note", "Camp by the river"]);
    ok(&["--db", db, "session", "rename", "1", "Night one"]);
    let e = fails(&["--db", db, "session", "rename", "9", "Night nine"]);
    assert!(e.contains("no session 9"), "{e}");
    // The evening as one journal that replays.
    let out = dir.path().join("evening.json");
    ok(&["--db", db, "session", "export", "--format", "json", "-o", out.to_str().unwrap()]);
    let said = ok(&["replay", out.to_str().unwrap()]);
    assert!(said.starts_with("ok: the session \"Night one") && said.contains("1 fight"), "{said}");
    let md = ok(&["--db", db, "session", "export", "--format", "md", "--for", "gm"]);
    assert!(
        md.contains("## After the fight: Crypt")
            && md.contains("**Harald**: HP 5 → 2 · Fatigue 0 → 3"),
        "{md}"
    );
    assert!(md.starts_with("# Night one") && md.contains("*Camp by the river*"), "{md}");
    // Shared by default with the players: the write-back, not the GM's note.
    let players = ok(&["--db", db, "session", "export", "--format", "md"]);
    assert!(players.contains("**Harald**: HP 5 → 2 · Fatigue 0 → 3"), "{players}");
    assert!(!players.contains("Camp by the river"), "{players}");
    // A new session takes today's steps from now on.
    ok(&["--db", db, "session", "start", "Night two"]);
    ok(&["--db", db, "session", "heal", "Harald", "hp", "1", "--system", "bdp"]);
    let list = ok(&["--db", db, "session", "list"]);
    assert!(list.contains("\t0\t1\tNight two"), "{list}");
    // Taken up again, the first evening gets today's next step.
    ok(&["--db", db, "session", "resume", "1"]);
    ok(&["--db", db, "session", "heal", "Harald", "hp", "1", "--system", "bdp"]);
    let list = ok(&["--db", db, "session", "list"]);
    assert!(list.contains("\t1\t2\tNight one"), "{list}");
}

#[test]
fn a_session_script_prints_the_evening_and_its_json_replays() {
    let dir = tempfile::tempdir().unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios/bdp-campaign.fray");
    let md = ok(&["play", script.to_str().unwrap()]);
    assert!(
        md.contains("## A night's sleep") && md.contains("## Dawn raid — Block, Dodge, Parry"),
        "{md}"
    );
    let out = dir.path().join("night.json");
    ok(&["play", script.to_str().unwrap(), "--format", "json", "-o", out.to_str().unwrap()]);
    let said = ok(&["replay", out.to_str().unwrap()]);
    assert!(said.contains("2 fights"), "{said}");
}

/// Every procedure's scripted evening, saved, is a session like one played in the window: it
/// is listed, exported in each format for each audience, its JSON is the script's own to the
/// byte and replays; its steps are a record, which undo refuses by name.
#[test]
fn a_saved_session_script_exports_and_replays_like_a_played_evening() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let db = db.to_str().unwrap();
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios");
    for (n, system) in ["bdp", "d12", "dr12", "murdham", "sovereign"].iter().enumerate() {
        let script = scripts.join(format!("{system}-campaign.fray"));
        let script = script.to_str().unwrap();
        let printed = ok(&["play", script, "--format", "json"]);
        let saved = fray(&["--db", db, "play", script, "--save", "--format", "json"]);
        assert!(saved.status.success(), "{system}: {saved:?}");
        let id = (n + 1).to_string();
        let told = String::from_utf8(saved.stderr).unwrap();
        assert!(told.contains(&format!("saved as session {id}: ")), "{system}: {told}");
        assert_eq!(
            String::from_utf8(saved.stdout).unwrap(),
            printed,
            "{system}: saving changed it"
        );
        let json = dir.path().join(format!("{system}.json"));
        let json = json.to_str().unwrap();
        ok(&["--db", db, "session", "export", "--id", &id, "--format", "json", "-o", json]);
        // The same evening, recorded today (a script gives no day).
        let day = |text: &str| {
            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            let date = v["date"].take();
            v["recap"]["date"].take();
            (date, v)
        };
        let script_path = script;
        let (stored_day, stored) = day(&std::fs::read_to_string(json).unwrap());
        let (script_day, script) = day(&printed);
        assert!(stored == script, "{system}: the stored evening is not the script's");
        assert_eq!((script_day.as_str(), stored_day.as_str().map(str::len)), (Some(""), Some(10)));
        assert!(ok(&["replay", json]).starts_with("ok: the session"), "{system}");
        // The evening `fray play` wrote is the one `session export` writes, through the same
        // function: to the byte but for the day the store gave it.
        let played = ok(&["play", script_path, "--format", "html"]);
        let stored =
            ok(&["--db", db, "session", "export", "--id", &id, "--format", "html", "--for", "gm"]);
        let day = stored_day.as_str().unwrap();
        assert!(stored.contains("chart bars") && stored.contains("<details class=\"journal\">"));
        assert!(stored.replace(day, "Session") == played, "{system}: play and export differ");
        for format in ["md", "html"] {
            for audience in ["players", "gm"] {
                let args = ["--db", db, "session", "export", "--id", &id, "--format", format];
                let text = ok(&[&args[..], &["--for", audience]].concat());
                assert!(text.len() > 1000, "{system} {format} {audience}: {text}");
            }
        }
    }
    let list = ok(&["--db", db, "session", "list"]);
    assert_eq!(list.lines().count(), 6, "a header and five evenings: {list}");
    assert!(list.contains("\t2\t4\tThe long night"), "{list}");
    ok(&["--db", db, "session", "resume", "1"]);
    let e = fails(&["--db", db, "session", "undo"]);
    assert!(e.contains("played from a script") && e.contains("cannot be taken back"), "{e}");
}

#[test]
fn a_session_file_from_before_rests_kept_an_edition_replays() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/corpus/sessions-before-editions/sovereign-first-aid.json");
    let said = ok(&["replay", file.to_str().unwrap()]);
    assert!(said.contains("3 rests rolled again"), "{said}");
}
