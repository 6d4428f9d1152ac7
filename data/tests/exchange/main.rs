//! Fray JSON, CSV and Markdown: the broken-file corpus, previews, all-or-nothing imports and
//! round trips, each on a real SQLite file in a temporary folder.

mod cairn_srd;
mod corpus;
mod csv;
mod foreign;
mod foundry_wwn;
mod hostile;
mod import;
mod markdown;
mod merge;
mod open5e;
mod ose_srd;
mod paste;
mod round_trip;
mod score;
mod srd_wiki;
mod unread;

use fray_data::Db;
use fray_data::exchange::{self, LibraryFile, Problems};
use std::path::PathBuf;
use tempfile::TempDir;

/// A registered procedure's id (the registry built first, as a program does).
pub fn sys(text: &str) -> fray_app::ids::SystemId {
    fray_app::systems::registry();
    text.parse().unwrap()
}

/// A fresh database file (bundled content loaded) and the folder that holds it.
pub fn db() -> (TempDir, Db) {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    (dir, db)
}

/// A pasted-text fixture of `tests/corpus/statblocks/`.
pub fn paste_fixture(name: &str) -> String {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/statblocks").join(name);
    std::fs::read_to_string(path).unwrap()
}

/// A file of the broken-file corpus.
pub fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/import").join(name)
}

/// How many entries of each kind the library holds.
pub fn counts(db: &Db) -> [usize; 4] {
    let lib = exchange::export(db, &exchange::Selection::All).unwrap();
    [lib.creatures.len(), lib.characters.len(), lib.tables.len(), lib.templates.len()]
}

/// The problems' lines.
pub fn lines(p: &Problems) -> Vec<String> {
    p.to_string().lines().map(str::to_owned).collect()
}

/// Reads a corpus file, expecting it refused; its problems' lines.
pub fn refused(name: &str) -> Vec<String> {
    match exchange::read_library(&corpus(name)) {
        Ok(lib) => panic!("{name} was accepted: {lib:?}"),
        Err(p) => lines(&p),
    }
}

/// A freeform creature entry.
pub fn goblin(uid: &str, name: &str, hp: i64) -> exchange::CreatureEntry {
    exchange::CreatureEntry {
        uid: uid.into(),
        system: "freeform".into(),
        name: name.into(),
        tags: vec!["humanoid".into()],
        block: serde_json::json!({"tracks": {"hp": hp}, "stats": {"armor": 11}}),
        portrait: None,
    }
}

/// A file of `creatures`.
pub fn file_of(creatures: Vec<exchange::CreatureEntry>) -> LibraryFile {
    LibraryFile { creatures, ..LibraryFile::new() }
}

#[test]
fn a_json_name_or_tag_list_too_long_is_refused() {
    let (dir, _db) = db();
    let file = dir.path().join("bloated.json");
    let tags: Vec<String> = (0..80_000).map(|i| format!("tag{i}")).collect();
    let doc = serde_json::json!({
        "fray": 1,
        "creatures": [
            {"uid": "b-1", "system": "freeform", "name": "N".repeat(10_000), "block": {"tracks": {"hp": 1}}},
            {"uid": "b-2", "system": "freeform", "name": "Tagged", "tags": tags, "block": {"tracks": {"hp": 1}}}
        ]
    });
    std::fs::write(&file, doc.to_string()).unwrap();
    let err = exchange::read_library(&file).unwrap_err();
    let got = lines(&err);
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].ends_with("field 'name': is 10000 characters long; at most 120"), "{got:?}");
    assert_eq!(
        got[1],
        "bloated.json, creatures[1] (Tagged), field 'tags': has 80000 tags; at most 100"
    );
}

#[test]
fn a_json_text_or_tag_too_long_is_refused_where_it_is() {
    let (dir, _db) = db();
    let file = dir.path().join("bloated.json");
    let long = "x".repeat(1024 * 1024);
    let doc = serde_json::json!({
        "fray": 1,
        "creatures": [
            {"uid": "b-1", "system": "freeform", "name": "Wordy",
             "block": {"tracks": {"hp": 1}, "notes": long, "lore": {"pages": ["ok", long]}}},
            {"uid": "b-2", "system": "freeform", "name": "Tagged", "tags": ["fine", "t".repeat(121)],
             "block": {"tracks": {"hp": 1}}}
        ],
        "tables": [
            {"uid": "t-1", "system": "freeform", "name": "Fates", "dice": "1d2",
             "rows": [{"low": 1, "high": 2, "effect": long}]}
        ],
        "templates": [
            {"uid": "p-1", "system": "freeform", "name": "Camp", "kind": "encounter",
             "body": {"notes": long}}
        ]
    });
    std::fs::write(&file, doc.to_string()).unwrap();
    let err = exchange::read_library(&file).unwrap_err();
    let got = lines(&err);
    let n = 1024 * 1024;
    for expected in [
        format!("creatures[0] (Wordy), field 'block.notes': is {n} characters long; at most 20000"),
        format!(
            "creatures[0] (Wordy), field 'block.lore.pages[1]': is {n} characters long; at most 20000"
        ),
        "creatures[1] (Tagged), field 'tags[1]': is 121 characters long; at most 120".to_owned(),
        format!("tables[0] (Fates), field 'rows[0].effect': is {n} characters long; at most 20000"),
        format!("templates[0] (Camp), field 'body.notes': is {n} characters long; at most 20000"),
    ] {
        assert!(got.iter().any(|l| l.ends_with(&expected)), "missing {expected:?} in {got:?}");
    }
}

/// The ids of every system Fray knows, as its messages list them.
pub fn known_systems() -> String {
    fray_app::systems::registry()
        .all()
        .iter()
        .map(|s| s.id().as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
