//! `fray map import`, run as a user would: the real binary, a throwaway `--db`, the corpus map.

use crate::cli_common::{fray_in as fray, ok_in as ok, repo};
use std::path::PathBuf;

fn map(name: &str) -> PathBuf {
    repo("tests/corpus/maps").join(name)
}

/// The same words as the window's, a dry run that writes nothing, then the board in the
/// encounter's journal; a procedure fought in zones refuses it, naming why.
#[test]
fn a_map_goes_into_a_stored_encounter_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    ok(&db, &["new", "Gate", "--system", "freeform"]);
    // Named .json: read by what it holds.
    let file = dir.path().join("gatehouse.json");
    std::fs::copy(map("gatehouse.dd2vtt"), &file).unwrap();
    let file = file.display().to_string();
    let out = ok(&db, &["map", "import", &file, "Gate", "--dry-run"]);
    assert_eq!(
        out,
        "gatehouse.json: a Universal VTT map of 12 × 8 squares: 11 wall edges, 1 door edge, its \
         picture under them\n  1 object outline (statues, furniture) left open: ask for them as \
         walls to keep them\ndry run: 'Gate' would take it; nothing written\n"
    );
    let journal = ok(&db, &["export", "Gate", "--format", "md", "--for", "gm"]);
    assert!(!journal.contains("Board loaded"), "the dry run wrote nothing");
    let out = ok(&db, &["map", "import", &file, "Gate", "--objects-as-walls"]);
    assert!(out.contains("15 wall edges"), "the pillar's four sides too: {out}");
    assert!(out.contains("  1 object outline made walls, as asked\n"), "{out}");
    let journal = ok(&db, &["export", "Gate", "--format", "md", "--for", "gm"]);
    assert!(journal.contains("Board loaded: 12 × 8 squares of 5 ft"), "{journal}");

    ok(&db, &["new", "Crypt", "--system", "bdp"]);
    let o = fray(&db, &["map", "import", &file, "Crypt"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the board was not changed: Block, Dodge, Parry is fought in zones"),
        "{err}"
    );
}

/// An ended fight takes no command from any path: `fray map import` onto a fight written back
/// is refused (the dry run too, which runs every check the real one does), the journal as it
/// was; reopened, it takes the map.
#[test]
fn a_map_is_refused_by_a_fight_already_written_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    ok(&db, &["new", "Gate", "--system", "freeform"]);
    ok(&db, &["session", "end-fight", "Gate"]);
    let file = map("gatehouse.dd2vtt").display().to_string();
    let before = ok(&db, &["export", "Gate", "--format", "json"]);
    for dry in [true, false] {
        let mut args = vec!["map", "import", &file, "Gate"];
        if dry {
            args.push("--dry-run");
        }
        let o = fray(&db, &args);
        assert!(!o.status.success(), "dry run {dry}: an ended fight took the map");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("over and written back"), "{err}");
    }
    assert_eq!(ok(&db, &["export", "Gate", "--format", "json"]), before, "nothing written");
}
