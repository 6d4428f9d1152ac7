use crate::{OWN, bare_db, reopen, sys};
use fray_data::{DbError, NewCreature, Search};
use serde_json::json;

fn creature(name: &str, tags: &[&str]) -> NewCreature {
    NewCreature {
        system: sys(OWN),
        name: name.into(),
        tags: tags.iter().map(|t| (*t).to_owned()).collect(),
        block: json!({"stats": {"armor": 12}, "tracks": {"hp": 5}}),
    }
}

fn names(db: &fray_data::Db, search: Search) -> Vec<String> {
    db.creatures().search(&search.system(sys(OWN))).unwrap().into_iter().map(|c| c.name).collect()
}

#[test]
fn round_trip() {
    let (dir, db, _) = bare_db();
    let id = db
        .creatures()
        .insert(&creature(" Goblin Boss ", &["Humanoid", "humanoid", " Boss"]))
        .unwrap();
    let db = {
        drop(db);
        reopen(&dir)
    };
    let c = db.creatures().get(id).unwrap().unwrap();
    assert_eq!(c.name, "Goblin Boss");
    assert_eq!(c.system, OWN);
    assert_eq!(c.tags, ["humanoid", "boss"]);
    assert_eq!(c.block["stats"]["armor"], 12);
    assert!(c.created > 0 && c.updated >= c.created);

    let mut edit = creature("Goblin Chief", &["leader"]);
    edit.block = json!({"notes": "bigger"});
    db.creatures().update(id, &edit).unwrap();
    let c = db.creatures().get(id).unwrap().unwrap();
    assert_eq!((c.name.as_str(), c.tags.as_slice()), ("Goblin Chief", &["leader".to_owned()][..]));
    assert_eq!(c.block, json!({"notes": "bigger"}));

    assert!(db.creatures().delete(id).unwrap());
    assert!(!db.creatures().delete(id).unwrap());
    assert_eq!(db.creatures().get(id).unwrap(), None);
    assert!(matches!(db.creatures().update(id, &edit), Err(DbError::NotFound { .. })));
}

#[test]
fn refuses_blank_names_and_non_object_blocks() {
    let (_dir, db, _) = bare_db();
    let err = db.creatures().insert(&creature("  ", &[])).unwrap_err();
    assert_eq!(err.to_string(), "creature name must not be empty");
    let mut bad = creature("Imp", &[]);
    bad.block = json!([1, 2]);
    assert!(matches!(db.creatures().insert(&bad), Err(DbError::Invalid(_))));
}

#[test]
fn search_as_you_type() {
    let (_dir, db, _) = bare_db();
    for (name, tags) in [
        ("Goblin", &["humanoid", "goblinoid"][..]),
        ("Goblin Archer", &["humanoid", "goblinoid", "ranged"]),
        ("Hobgoblin", &["humanoid", "goblinoid"]),
        ("Skeleton", &["undead"]),
        ("Skeletal Horse", &["undead", "beast"]),
        ("Wolf", &["beast"]),
        ("Élan Sprite", &["fey"]),
    ] {
        db.creatures().insert(&creature(name, tags)).unwrap();
    }
    // Prefix of a word of the name; the tag "goblinoid" also matches "gob".
    assert_eq!(names(&db, Search::text("gob")), ["Goblin", "Goblin Archer", "Hobgoblin"]);
    assert_eq!(names(&db, Search::text("g")), ["Goblin", "Goblin Archer", "Hobgoblin"]);
    assert_eq!(names(&db, Search::text("gob arc")), ["Goblin Archer"]);
    assert_eq!(names(&db, Search::text("SKEL")), ["Skeletal Horse", "Skeleton"]);
    assert_eq!(names(&db, Search::text("und")), ["Skeletal Horse", "Skeleton"]);
    assert_eq!(names(&db, Search::text("elan")), ["Élan Sprite"], "diacritics fold");
    // Tag filters are exact and combine with text.
    assert_eq!(names(&db, Search::text("").tag("Beast")), ["Skeletal Horse", "Wolf"]);
    assert_eq!(names(&db, Search::text("sk").tag("beast")), ["Skeletal Horse"]);
    assert_eq!(names(&db, Search::text("").tag("undead").tag("beast")), ["Skeletal Horse"]);
    assert!(names(&db, Search::text("").tag("goblin")).is_empty(), "no partial tags");
    // Limit, and FTS syntax typed by the GM is just text.
    // NOCASE folds ASCII only: accented names sort after z.
    assert_eq!(names(&db, Search::text("").limit(2)), ["Goblin", "Goblin Archer"]);
    assert!(names(&db, Search::text("gob OR wolf")).is_empty());
    assert!(names(&db, Search::text("\"wolf")).contains(&"Wolf".to_owned()));
    assert_eq!(names(&db, Search::text("- * (")).len(), 7, "no words: everything");
}

#[test]
fn search_index_follows_updates_and_deletes() {
    let (dir, db, _) = bare_db();
    let id = db.creatures().insert(&creature("Goblin", &["small"])).unwrap();
    db.creatures().update(id, &creature("Kobold", &["scaly"])).unwrap();
    assert!(names(&db, Search::text("gob")).is_empty());
    assert!(names(&db, Search::text("").tag("small")).is_empty());
    assert_eq!(names(&db, Search::text("kob")), ["Kobold"]);
    assert_eq!(names(&db, Search::text("").tag("scaly")), ["Kobold"]);
    let db = {
        drop(db);
        reopen(&dir)
    };
    assert_eq!(names(&db, Search::text("scal")), ["Kobold"]);
    db.creatures().delete(id).unwrap();
    assert!(names(&db, Search::text("kob")).is_empty());
    assert!(names(&db, Search::text("").tag("scaly")).is_empty());
    db.integrity_check().unwrap();
}

#[test]
fn search_filters_by_system() {
    let (_dir, db, _) = bare_db();
    db.creatures().insert(&creature("Goblin", &[])).unwrap();
    let bdp = db.creatures().search(&Search::text("gob").system(crate::sys("bdp"))).unwrap();
    assert!(!bdp.is_empty(), "bdp's bundled goblins");
    assert!(bdp.iter().all(|c| c.system == "bdp"), "{bdp:?}");
    let all = db.creatures().search(&Search::text("gob")).unwrap();
    let systems: Vec<&str> = all.iter().map(|c| c.system.as_str()).collect();
    assert!(systems.contains(&"bdp") && systems.contains(&OWN), "{systems:?}");
    assert_eq!(names(&db, Search::text("gob")), ["Goblin"], "one goblin of the test's system");
}

#[test]
fn broad_and_narrow_searches_agree_with_a_plain_filter() {
    // Enough entries that broad queries walk the name index and narrow ones sort their
    // matches: both ways must give the same answer as filtering by hand.
    let (_dir, db, _) = bare_db();
    let nouns = ["Goblin", "Gnoll", "Orc", "Ghoul", "Wolf"];
    let tags = ["undead", "beast", "humanoid", "goblinoid"];
    let all: Vec<NewCreature> = (0..2000)
        .map(|i| creature(&format!("{} {i}", nouns[i % 5]), &[tags[i % 4], tags[i % 3]]))
        .collect();
    let ids = db.creatures().insert_many(&all).unwrap();
    let words = |c: &NewCreature| -> Vec<String> {
        let text = format!("{} {}", c.name, c.tags.join(" ")).to_lowercase();
        text.split(|ch: char| !ch.is_alphanumeric()).map(str::to_owned).collect()
    };
    for (text, tag, limit) in [
        ("g", None, 10),
        ("g", Some("beast"), 10),
        ("gob", None, 25),
        ("goblin 17", None, 10),
        ("", Some("undead"), 7),
        ("wolf", Some("goblinoid"), 500),
        ("1999", None, 10),
        ("zzz", None, 10),
    ] {
        let mut search = Search::text(text).system(sys(OWN)).limit(limit);
        if let Some(tag) = tag {
            search = search.tag(tag);
        }
        let found: Vec<_> =
            db.creatures().search(&search).unwrap().into_iter().map(|c| c.id).collect();
        let mut expected: Vec<_> = all
            .iter()
            .zip(&ids)
            .filter(|(c, _)| {
                let w = words(c);
                text.split_whitespace().all(|q| w.iter().any(|w| w.starts_with(q)))
                    && tag.is_none_or(|t| c.tags.iter().any(|x| x == t))
            })
            .map(|(c, id)| (c.name.to_lowercase(), *id))
            .collect();
        expected.sort();
        let expected: Vec<_> =
            expected.into_iter().take(limit as usize).map(|(_, id)| id).collect();
        assert_eq!(found, expected, "{text:?} {tag:?} {limit}");
    }
}

/// A stored row whose procedure Fray does not know (written by hand, or by a build with a
/// procedure since removed) is refused, naming the row and the id, never read as another.
#[test]
fn a_row_of_an_unknown_system_is_refused_by_name() {
    let (dir, db, _) = bare_db();
    let id = db.creatures().insert(&creature("Imp", &[])).unwrap();
    drop(db);
    let conn = rusqlite::Connection::open(dir.path().join("fray.db")).unwrap();
    conn.execute("UPDATE creatures SET system = 'chess' WHERE id = ?1", [id.0]).unwrap();
    drop(conn);
    let db = reopen(&dir);
    let err = db.creatures().get(id).unwrap_err().to_string();
    assert!(err.starts_with(&format!("{id} is damaged: unknown system 'chess'")), "{err}");
    let all = Search::default().limit(u32::MAX);
    assert!(db.creatures().search(&all).is_err(), "a listing names the damage too");
}
