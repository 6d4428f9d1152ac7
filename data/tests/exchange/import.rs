//! Preview and apply: new, changed and same entries, all-or-nothing writes, a 10,000-creature
//! file, and export then import into a fresh database for every kind of entry.

use crate::{counts, db, file_of, goblin};
use fray_app::Encounter;
use fray_app::checks::{RollTable, TableRow};
use fray_app::dice::Dice;
use fray_data::exchange::{
    self, EntryKind, LibraryFile, Selection, Status, TemplateEntry, TemplateKindEntry,
};
use fray_data::templates::Detachment;
use fray_data::{Effect, NewCharacter, NewCreature, NewTable, NewTemplate};
use serde_json::json;

/// A tiny PNG's first bytes: the stores only keep bytes, the window makes thumbnails.
/// A real 1 × 1 PNG: portraits are read whole before they are stored.
const PNG: &[u8] = b"\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\x0d\x49\x44\x41\x54\x78\xda\x63\x64\xf8\xcf\x50\x0f\x00\x03\x86\x01\x80\x5a\x34\x7d\x6b\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82";

#[test]
fn the_preview_sorts_new_changed_and_same() {
    let (_dir, db) = db();
    let first = file_of(vec![goblin("g1", "Goblin", 5), goblin("g2", "Goblin boss", 9)]);
    let before = counts(&db);
    let preview = exchange::preview(&db, &first).unwrap();
    assert_eq!(preview.counts(), "2 new, 0 changed, 0 the same");
    assert_eq!(counts(&db), before, "a preview writes nothing");
    assert_eq!(preview.entries[0].to_string(), "new      creature   Goblin (freeform)");
    let summary = exchange::apply(&db, "test file", &first).unwrap();
    assert_eq!((summary.added, summary.changed, summary.same), (2, 0, 0));
    assert_eq!(counts(&db)[0], before[0] + 2);
    let id = db.creatures().by_uid("g1").unwrap().unwrap();
    assert_eq!(db.creatures().get(id).unwrap().unwrap().name, "Goblin");

    // Same again; one changed, one new.
    assert_eq!(exchange::preview(&db, &first).unwrap().count(Status::Same), 2);
    let second = file_of(vec![
        goblin("g1", "Goblin", 6),
        goblin("g2", "Goblin boss", 9),
        goblin("g3", "Wolf", 3),
    ]);
    let preview = exchange::preview(&db, &second).unwrap();
    let statuses: Vec<Status> = preview.entries.iter().map(|e| e.status).collect();
    assert_eq!(statuses, [Status::Changed, Status::Same, Status::New]);
    exchange::apply(&db, "test file", &second).unwrap();
    assert_eq!(db.creatures().get(id).unwrap().unwrap().block["tracks"]["hp"], 6);
    assert_eq!(counts(&db)[0], before[0] + 3);
}

#[test]
fn names_and_tags_are_compared_as_stored() {
    let (_dir, db) = db();
    let mut g = goblin("g1", " Goblin ", 5);
    g.tags = vec!["Humanoid".into(), " humanoid".into()];
    // A file read from disk is normalized; one built in code is normalized by apply.
    exchange::apply(&db, "test file", &file_of(vec![g.clone()])).unwrap();
    let text = serde_json::to_string(&file_of(vec![g])).unwrap();
    let read = exchange::parse_library("again.json", &text).unwrap();
    assert_eq!(exchange::preview(&db, &read).unwrap().counts(), "0 new, 0 changed, 1 the same");
}

#[test]
fn a_failed_import_writes_nothing() {
    let (_dir, db) = db();
    // A template whose uid the library holds as another kind fails while writing, after the
    // creatures before it were written: the transaction takes them back.
    let band =
        Detachment { creature: "Goblin".into(), block: json!({"tracks": {"hp": 3}}), count: 4 };
    let tid =
        db.templates().insert(&NewTemplate::detachment(crate::sys("bdp"), "Band", &band)).unwrap();
    let uid = db.templates().get(tid).unwrap().unwrap().uid;
    let before = counts(&db);
    let mut file =
        file_of((0..5).map(|i| goblin(&format!("n{i}"), &format!("New {i}"), 4)).collect());
    let board = Encounter::new(fray_app::systems::registry().get("bdp").unwrap(), "Board", 1);
    file.templates.push(TemplateEntry {
        uid,
        kind: TemplateKindEntry::Encounter,
        system: "bdp".into(),
        name: "Board".into(),
        body: json!({"board": board}),
    });
    let err = exchange::apply(&db, "test file", &file).unwrap_err();
    assert!(err.to_string().contains("cannot change its kind or system"), "{err}");
    assert_eq!(counts(&db), before);
    assert_eq!(db.creatures().by_uid("n0").unwrap(), None);

    // A bad last entry is refused by the check before anything is written.
    let mut file =
        file_of((0..5).map(|i| goblin(&format!("m{i}"), &format!("More {i}"), 4)).collect());
    file.creatures.push(goblin("m5", "Broken", -3));
    let err = exchange::apply(&db, "more.json", &file).unwrap_err();
    assert_eq!(
        err.to_string(),
        "more.json, creatures[5] (Broken), field 'block.tracks.hp': must be between 0 and 9999, \
         not -3"
    );
    assert_eq!(counts(&db), before);
}

#[test]
fn ten_thousand_creatures_import_then_are_all_the_same() {
    let (dir, db) = db();
    let file = file_of(
        (0..10_000).map(|i| goblin(&format!("bulk-{i}"), &format!("Goblin {i}"), i % 50)).collect(),
    );
    let path = dir.path().join("bulk.json");
    exchange::write_library(&path, &file).unwrap();
    let read = exchange::read_library(&path).unwrap();
    assert_eq!(read.creatures.len(), 10_000);
    let before = counts(&db)[0];
    let preview = exchange::preview(&db, &read).unwrap();
    assert_eq!(preview.count(Status::New), 10_000);
    exchange::apply(&db, "test file", &read).unwrap();
    assert_eq!(counts(&db)[0], before + 10_000);
    let again = exchange::preview(&db, &read).unwrap();
    assert_eq!(again.count(Status::Same), 10_000);
    let summary = exchange::apply(&db, "test file", &read).unwrap();
    assert_eq!((summary.added, summary.changed, summary.same), (0, 0, 10_000));
    assert_eq!(counts(&db)[0], before + 10_000);
}

/// A library with one of everything the GM makes, portraits included.
fn fill(db: &fray_data::Db) {
    let id = db
        .creatures()
        .insert(&NewCreature {
            system: crate::sys("bdp"),
            name: "Crypt skeleton".into(),
            tags: vec!["undead".into()],
            block: json!({"tracks": {"hp": 3, "str": 8, "dex": 10, "wil": 8},
                          "weapons": [{"name": "Spade", "die": 6}], "notes": "Rattles"}),
        })
        .unwrap();
    db.creatures().set_portrait(id, Some(PNG)).unwrap();
    let id = db
        .characters()
        .insert(&NewCharacter {
            system: crate::sys("freeform"),
            name: "Harald".into(),
            tags: vec!["fighter".into()],
            sheet: json!({"tracks": {"hp": 12}}),
            party: Some("The Lantern Company".into()),
        })
        .unwrap();
    db.characters().set_portrait(id, Some(PNG)).unwrap();
    let rows = vec![
        TableRow { low: 1, high: 3, result: Effect { text: "Scratch".into(), structured: None } },
        TableRow {
            low: 4,
            high: 6,
            result: Effect { text: "Broken arm".into(), structured: Some(json!({"lose": "str"})) },
        },
    ];
    db.tables()
        .insert(&NewTable {
            system: crate::sys("freeform"),
            damage_type: Some("blunt".into()),
            table: RollTable { name: "Bruises".into(), dice: Dice::parse("d6").unwrap(), rows },
        })
        .unwrap();
    let band =
        Detachment { creature: "Goblin".into(), block: json!({"tracks": {"hp": 3}}), count: 6 };
    db.templates()
        .insert(&NewTemplate::detachment(crate::sys("bdp"), "Goblin band", &band))
        .unwrap();
    let board =
        Encounter::new(fray_app::systems::registry().get("murdham").unwrap(), "The ferry", 7);
    db.templates().insert(&NewTemplate::board("Ferry at night", &board)).unwrap();
}

fn sorted(mut lib: LibraryFile) -> LibraryFile {
    lib.exported = None;
    lib.creatures.sort_by(|a, b| a.uid.cmp(&b.uid));
    lib.characters.sort_by(|a, b| a.uid.cmp(&b.uid));
    lib.tables.sort_by(|a, b| a.uid.cmp(&b.uid));
    lib.templates.sort_by(|a, b| a.uid.cmp(&b.uid));
    lib
}

#[test]
fn export_then_import_into_a_fresh_database_round_trips() {
    let (dir, source) = db();
    fill(&source);
    let exported = exchange::export(&source, &Selection::All).unwrap();
    assert!(exported.exported.as_deref().is_some_and(|t| t.ends_with('Z') && t.len() == 20));
    let path = dir.path().join("library.json");
    exchange::write_library(&path, &exported).unwrap();
    assert!(!dir.path().join("library.json.part").exists());

    let (_dir2, target) = db();
    let read = exchange::read_library(&path).unwrap();
    let preview = exchange::preview(&target, &read).unwrap();
    // The bundled entries are in both; what the GM made is new.
    let new: Vec<(EntryKind, &str)> = preview
        .entries
        .iter()
        .filter(|e| e.status == Status::New)
        .map(|e| (e.kind, e.name.as_str()))
        .collect();
    assert_eq!(
        new,
        [
            (EntryKind::Creature, "Crypt skeleton"),
            (EntryKind::Character, "Harald"),
            (EntryKind::Table, "Bruises"),
            (EntryKind::Template, "Goblin band"),
            (EntryKind::Template, "Ferry at night"),
        ]
    );
    assert_eq!(preview.count(Status::Changed), 0);
    exchange::apply(&target, "test file", &read).unwrap();
    let back = exchange::export(&target, &Selection::All).unwrap();
    assert_eq!(sorted(back), sorted(exported));
    let id = target
        .creatures()
        .by_uid(&read.creatures.iter().find(|c| c.name == "Crypt skeleton").unwrap().uid);
    assert_eq!(target.creatures().portrait(id.unwrap().unwrap()).unwrap().as_deref(), Some(PNG));
    assert_eq!(exchange::preview(&target, &read).unwrap().count(Status::New), 0);
}

#[test]
fn export_by_system_and_by_pick() {
    let (_dir, db) = db();
    fill(&db);
    let bdp = exchange::export(&db, &Selection::System(crate::sys("bdp"))).unwrap();
    assert!(bdp.creatures.iter().all(|c| c.system == "bdp"));
    assert!(bdp.creatures.iter().any(|c| c.name == "Crypt skeleton"));
    assert!(bdp.tables.iter().all(|t| t.system == "bdp"));
    assert_eq!(bdp.templates.len(), 1);
    let id = db.characters().with_portraits().unwrap()[0];
    let picked = exchange::export(
        &db,
        &Selection::Entries {
            creatures: vec![],
            characters: vec![id],
            tables: vec![],
            templates: vec![],
        },
    )
    .unwrap();
    assert_eq!(picked.len(), 1);
    assert_eq!(picked.characters[0].name, "Harald");
    assert_eq!(picked.characters[0].party.as_deref(), Some("The Lantern Company"));
    assert!(picked.characters[0].portrait.is_some());
}
