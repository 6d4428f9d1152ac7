//! The prep bench's store additions: uids, portraits, text search, duplicate, delete and
//! undo for every library entry, parties and templates.

use crate::{OWN, bare_db, reopen, sys};
use fray_app::Encounter;
use fray_app::checks::{RollTable, TableRow};
use fray_app::dice::Dice;
use fray_data::templates::Detachment;
use fray_data::{
    DbError, Effect, NewCharacter, NewCreature, NewTable, NewTemplate, Search, TemplateKind,
};
use serde_json::json;

fn skeleton() -> NewCreature {
    NewCreature {
        system: crate::sys("bdp"),
        name: "Crypt skeleton".into(),
        tags: vec!["undead".into()],
        block: json!({
            "tracks": {"hp": 3},
            "weapons": [{"name": "Gravedigger's spade", "die": 6}],
            "notes": "Rattles when it walks",
        }),
    }
}

/// A tiny PNG's first bytes: the stores only keep bytes, the window makes thumbnails.
/// A real 1 × 1 PNG: portraits are read whole before they are stored.
const PNG: &[u8] = b"\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\x0d\x49\x44\x41\x54\x78\xda\x63\x64\xf8\xcf\x50\x0f\x00\x03\x86\x01\x80\x5a\x34\x7d\x6b\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82";

#[test]
fn creatures_get_uids_portraits_and_text_search() {
    let (dir, db, _) = bare_db();
    let store = db.creatures();
    let id = store.insert(&skeleton()).unwrap();
    let c = store.get(id).unwrap().unwrap();
    assert_eq!(c.uid.len(), 32, "a fresh random uid");
    assert_eq!(store.by_uid(&c.uid).unwrap(), Some(id));
    // Words of the notes and the weapons are found, not only the name.
    let found = |text: &str| -> Vec<String> {
        store
            .search(&Search::text(text).system(crate::sys("bdp")))
            .unwrap()
            .into_iter()
            .map(|c| c.name)
            .collect()
    };
    assert_eq!(found("rattles"), ["Crypt skeleton"]);
    assert_eq!(found("gravedig"), ["Crypt skeleton"]);
    // An edit reindexes the text.
    let mut edit = skeleton();
    edit.block["notes"] = json!("Hums an old hymn");
    store.update(id, &edit).unwrap();
    assert!(found("rattles").is_empty());
    assert_eq!(found("hymn"), ["Crypt skeleton"]);
    // Portraits: set, read back after a restart, cleared; too big refused.
    assert_eq!(store.portrait(id).unwrap(), None);
    store.set_portrait(id, Some(PNG)).unwrap();
    let db = {
        drop(db);
        reopen(&dir)
    };
    let store = db.creatures();
    assert_eq!(store.portrait(id).unwrap().as_deref(), Some(PNG));
    assert_eq!(store.with_portraits().unwrap(), [id]);
    let huge = vec![0u8; fray_data::entry::MAX_PORTRAIT_BYTES + 1];
    assert!(matches!(store.set_portrait(id, Some(&huge)), Err(DbError::Invalid(_))));
    assert_eq!(store.portrait(id).unwrap().as_deref(), Some(PNG), "unchanged");
    // Bundled entries carry their origin as uid, the same in every database.
    let goblins = store.search(&Search::text("skeleton archer").system(crate::sys("bdp"))).unwrap();
    assert_eq!(goblins[0].uid, "bundled:bdp/creature/skeleton-archer");
}

#[test]
fn duplicate_delete_and_undo() {
    let (_dir, db, _) = bare_db();
    let store = db.creatures();
    let id = store.insert(&skeleton()).unwrap();
    store.set_portrait(id, Some(PNG)).unwrap();
    let copy = store.duplicate(id).unwrap();
    let (a, b) = (store.get(id).unwrap().unwrap(), store.get(copy).unwrap().unwrap());
    assert_eq!(b.name, "Crypt skeleton (copy)");
    assert_eq!((&b.block, &b.tags), (&a.block, &a.tags));
    assert_ne!(a.uid, b.uid);
    assert_eq!(store.portrait(copy).unwrap().as_deref(), Some(PNG));

    let removed = store.remove(id).unwrap().unwrap();
    assert_eq!(store.get(id).unwrap(), None);
    assert!(store.search(&Search::text("rattles")).unwrap().iter().all(|c| c.id != id));
    assert_eq!(store.remove(id).unwrap(), None);
    store.restore(&removed).unwrap();
    assert_eq!(store.get(id).unwrap().unwrap(), a, "same id, uid, dates and block");
    assert_eq!(store.portrait(id).unwrap().as_deref(), Some(PNG));
    let found = store.search(&Search::text("rattles").system(crate::sys("bdp"))).unwrap();
    assert_eq!(found.len(), 2, "the restored one is searchable again, beside its copy");
    assert!(matches!(
        store.duplicate(fray_data::CreatureId(999_999)),
        Err(DbError::NotFound { .. })
    ));
}

#[test]
fn characters_parties_and_undo() {
    let (_dir, db, _) = bare_db();
    let store = db.characters();
    let new = |name: &str, party: Option<&str>| NewCharacter {
        system: sys(OWN),
        name: name.into(),
        tags: vec![],
        sheet: json!({"tracks": {"hp": 6}, "notes": "Keeps a lantern lit"}),
        party: party.map(str::to_owned),
    };
    let a = store.insert(&new("Ada", Some("Lanterns"))).unwrap();
    store.insert(&new("Bo", Some("Lanterns"))).unwrap();
    store.insert(&new("Cy", Some("Crows"))).unwrap();
    store.insert(&new("Di", None)).unwrap();
    assert_eq!(
        store.parties(Some(sys(OWN))).unwrap(),
        [("Crows".to_owned(), 1), ("Lanterns".to_owned(), 2)]
    );
    let found = store.search(&Search::text("lantern lit").system(sys(OWN))).unwrap();
    assert_eq!(found.len(), 4, "sheet text is searchable");
    let before = store.get(a).unwrap().unwrap();
    store.set_portrait(a, Some(PNG)).unwrap();
    let copy = store.duplicate(a).unwrap();
    assert_eq!(store.get(copy).unwrap().unwrap().party.as_deref(), Some("Lanterns"));
    let removed = store.remove(a).unwrap().unwrap();
    assert_eq!(store.party("Lanterns").unwrap().len(), 2, "Bo and the copy");
    store.restore(&removed).unwrap();
    assert_eq!(store.get(a).unwrap().unwrap(), before);
    assert_eq!(store.portrait(a).unwrap().as_deref(), Some(PNG));
    assert_eq!(store.by_uid(&before.uid).unwrap(), Some(a));
}

#[test]
fn tables_duplicate_delete_and_undo() {
    let (_dir, db, _) = bare_db();
    let store = db.tables();
    let row = |low, high, text: &str| TableRow {
        low,
        high,
        result: Effect { text: text.into(), structured: Some(json!({"conditions": [text]})) },
    };
    let id = store
        .insert(&NewTable {
            system: sys(OWN),
            damage_type: Some("fire".into()),
            table: RollTable {
                name: "Burns".into(),
                dice: Dice::parse("d6").unwrap(),
                rows: vec![row(1, 3, "singed"), row(4, 6, "scarred")],
            },
        })
        .unwrap();
    let before = store.get(id).unwrap().unwrap();
    let copy = store.duplicate(id).unwrap();
    let c = store.get(copy).unwrap().unwrap();
    assert_eq!((c.table.name.as_str(), &c.table.rows), ("Burns (copy)", &before.table.rows));
    assert_ne!(c.uid, before.uid);
    let removed = store.remove(id).unwrap().unwrap();
    assert_eq!(store.get(id).unwrap(), None);
    store.restore(&removed).unwrap();
    assert_eq!(store.get(id).unwrap().unwrap(), before, "rows, uid and dates come back");
    assert_eq!(store.by_uid(&before.uid).unwrap(), Some(id));
}

#[test]
fn templates_round_trip_and_are_checked() {
    let (dir, db, _) = bare_db();
    let store = db.templates();
    let band =
        Detachment { creature: "Goblin".into(), block: json!({"tracks": {"hp": 3}}), count: 6 };
    let id =
        store.insert(&NewTemplate::detachment(crate::sys("bdp"), "Goblin band", &band)).unwrap();
    let mut board =
        Encounter::new(fray_app::systems::registry().get("murdham").unwrap(), "The ferry", 7);
    board.round = 0;
    let b = store.insert(&NewTemplate::board("Ferry at night", &board)).unwrap();
    let db = {
        drop(db);
        reopen(&dir)
    };
    let store = db.templates();
    let t = store.get(id).unwrap().unwrap();
    assert_eq!((t.kind, t.name.as_str()), (TemplateKind::Detachment, "Goblin band"));
    assert_eq!(t.detachment().unwrap(), band);
    assert_eq!(store.get(b).unwrap().unwrap().board().unwrap(), board);
    assert_eq!(store.list(TemplateKind::Detachment, Some(crate::sys("bdp"))).unwrap().len(), 1);
    assert!(store.list(TemplateKind::Detachment, Some(crate::sys("d12"))).unwrap().is_empty());
    assert_eq!(store.list(TemplateKind::Encounter, None).unwrap()[0].system, crate::sys("murdham"));

    // Bad bodies are refused, naming the template and the field; nothing is written.
    let one = Detachment { count: 1, ..band.clone() };
    let err =
        store.insert(&NewTemplate::detachment(crate::sys("bdp"), "Lone goblin", &one)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "detachment Lone goblin, field 'count': must be between 2 and 100, not 1"
    );
    let mut wrong = NewTemplate::board("Mixed", &board);
    wrong.system = crate::sys("bdp");
    let err = store.insert(&wrong).unwrap_err();
    assert_eq!(
        err.to_string(),
        "encounter template Mixed, field 'board.system': murdham is not bdp"
    );
    assert_eq!(store.list(TemplateKind::Detachment, None).unwrap().len(), 1);

    // Edit, duplicate, delete and undo.
    let bigger = Detachment { count: 10, ..band };
    store.update(id, &NewTemplate::detachment(crate::sys("bdp"), "Goblin horde", &bigger)).unwrap();
    let t = store.get(id).unwrap().unwrap();
    assert_eq!((t.name.as_str(), t.detachment().unwrap().count), ("Goblin horde", 10));
    let copy = store.duplicate(id).unwrap();
    assert_eq!(store.get(copy).unwrap().unwrap().name, "Goblin horde (copy)");
    let removed = store.remove(id).unwrap().unwrap();
    assert_eq!(store.get(id).unwrap(), None);
    store.restore(&removed).unwrap();
    assert_eq!(store.get(id).unwrap().unwrap(), t);
    assert_eq!(store.by_uid(&t.uid).unwrap(), Some(id));
}

#[test]
fn name_matches_come_first_and_text_matches_fill_the_limit() {
    let (_dir, db, _) = bare_db();
    let store = db.creatures();
    let new = |name: &str, notes: &str| NewCreature {
        system: sys(OWN),
        name: name.into(),
        tags: vec![],
        block: json!({"notes": notes}),
    };
    // "Ash" matches by name; the others only by a word of their notes, listed by name.
    store.insert(&new("Zephyr", "Smells of ashes")).unwrap();
    store.insert(&new("Ash wight", "Cold")).unwrap();
    store.insert(&new("Bog hag", "Keeps an ash staff")).unwrap();
    let names = |limit: u32| -> Vec<String> {
        let search = Search::text("ash").system(sys(OWN)).limit(limit);
        store.search(&search).unwrap().into_iter().map(|c| c.name).collect()
    };
    assert_eq!(names(10), ["Ash wight", "Bog hag", "Zephyr"]);
    // With a limit, the text pass takes the first entries the index finds (not the first by
    // name): it stops early instead of listing every note that mentions the word.
    let two = names(2);
    assert_eq!(two.len(), 2, "the limit holds across both passes");
    assert_eq!(two[0], "Ash wight");
    assert!(two[1] == "Bog hag" || two[1] == "Zephyr", "{two:?}");
    assert_eq!(names(1), ["Ash wight"]);
    // Filters apply to the text pass too.
    let tagged = store.search(&Search::text("ash").system(sys(OWN)).tag("none")).unwrap();
    assert!(tagged.is_empty());
}
