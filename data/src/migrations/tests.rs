//! One test per migration step: migrate a real file to that step and check what it did.

use super::{MIGRATIONS, STEPS};
use rusqlite::{Connection, params};
use tempfile::TempDir;

/// A database file migrated to `version`, with the pragmas the app uses.
fn at(version: usize) -> (TempDir, Connection) {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = Connection::open(dir.path().join("fray.db")).unwrap();
    conn.execute_batch("PRAGMA foreign_keys = ON;").unwrap();
    MIGRATIONS.to_version(&mut conn, version).unwrap();
    let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(v, i64::try_from(version).unwrap());
    (dir, conn)
}

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn the_list_validates() {
    MIGRATIONS.validate().unwrap();
}

#[test]
fn the_app_runs_every_step() {
    let dir = tempfile::tempdir().unwrap();
    let db = crate::Db::open(dir.path().join("fray.db")).unwrap();
    assert_eq!(db.schema_version().unwrap() as usize, STEPS.len());
}

#[test]
fn step_1_creatures_with_tag_and_text_indexes() {
    let (_dir, conn) = at(1);
    conn.execute(
        "INSERT INTO creatures (id, system, name, tags, block, created, updated)
         VALUES (7, 'freeform', 'Goblin', '[\"humanoid\",\"small\"]', '{}', 0, 0)",
        [],
    )
    .unwrap();
    assert_eq!(count(&conn, "SELECT count(*) FROM creature_tags WHERE creature_id = 7"), 2);
    let fts = "SELECT count(*) FROM creatures_fts WHERE creatures_fts MATCH";
    assert_eq!(count(&conn, &format!("{fts} '\"gob\"*'")), 1);
    conn.execute("UPDATE creatures SET name = 'Hobgoblin', tags = '[\"big\"]' WHERE id = 7", [])
        .unwrap();
    assert_eq!(count(&conn, &format!("{fts} '\"gob\"*'")), 0);
    assert_eq!(count(&conn, &format!("{fts} '\"hob\"*'")), 1);
    assert_eq!(count(&conn, "SELECT count(*) FROM creature_tags WHERE tag = 'big'"), 1);
    assert_eq!(count(&conn, "SELECT count(*) FROM creature_tags WHERE tag = 'small'"), 0);
    conn.execute("DELETE FROM creatures WHERE id = 7", []).unwrap();
    assert_eq!(count(&conn, &format!("{fts} '\"hob\"*'")), 0);
    assert_eq!(count(&conn, "SELECT count(*) FROM creature_tags"), 0);
    // Tags must be a JSON array, names must not be blank, bundled origins are unique.
    let bad =
        "INSERT INTO creatures (system, name, tags, created, updated) VALUES (?1, ?2, ?3, 0, 0)";
    assert!(conn.execute(bad, params!["freeform", "Imp", "\"imp\""]).is_err());
    assert!(conn.execute(bad, params!["freeform", "  ", "[]"]).is_err());
    let origin = "INSERT INTO creatures (system, name, origin, created, updated)
                  VALUES ('freeform', 'Imp', 'bundled:x', 0, 0)";
    conn.execute(origin, []).unwrap();
    assert!(conn.execute(origin, []).is_err());
}

#[test]
fn step_2_characters_searchable_by_party() {
    let (_dir, conn) = at(2);
    conn.execute(
        "INSERT INTO characters (id, system, name, tags, sheet, party, created, updated)
         VALUES (3, 'freeform', 'Harald', '[\"fighter\"]', '{}', 'Lantern Company', 0, 0)",
        [],
    )
    .unwrap();
    let fts = "SELECT count(*) FROM characters_fts WHERE characters_fts MATCH";
    assert_eq!(count(&conn, &format!("{fts} '\"lant\"*'")), 1);
    assert_eq!(count(&conn, "SELECT count(*) FROM character_tags WHERE tag = 'fighter'"), 1);
    conn.execute("UPDATE characters SET party = NULL WHERE id = 3", []).unwrap();
    assert_eq!(count(&conn, &format!("{fts} '\"lant\"*'")), 0);
    conn.execute("DELETE FROM characters", []).unwrap();
    assert_eq!(count(&conn, &format!("{fts} '\"har\"*'")), 0);
    assert_eq!(count(&conn, "SELECT count(*) FROM character_tags"), 0);
}

#[test]
fn step_3_roll_tables_and_their_rows() {
    let (_dir, conn) = at(3);
    conn.execute(
        "INSERT INTO roll_tables (id, system, name, dice, created, updated)
         VALUES (1, 'freeform', 'Injuries', 'd6', 0, 0)",
        [],
    )
    .unwrap();
    let row = "INSERT INTO roll_table_rows (table_id, low, high, effect) VALUES (?1, ?2, ?3, 'x')";
    conn.execute(row, params![1, 1, 3]).unwrap();
    conn.execute(row, params![1, 4, 6]).unwrap();
    assert!(conn.execute(row, params![1, 1, 1]).is_err(), "two rows start at 1");
    assert!(conn.execute(row, params![1, 9, 8]).is_err(), "high below low");
    assert!(conn.execute(row, params![2, 1, 1]).is_err(), "no table 2");
    conn.execute("DELETE FROM roll_tables WHERE id = 1", []).unwrap();
    assert_eq!(count(&conn, "SELECT count(*) FROM roll_table_rows"), 0);
}

#[test]
fn step_4_encounters() {
    let (_dir, conn) = at(4);
    conn.execute(
        "INSERT INTO encounters (id, system, name, seed, base, created, updated)
         VALUES (1, 'freeform', 'Crypt', -1, '{}', 0, 0)",
        [],
    )
    .unwrap();
    let (cursor, stream, opened): (i64, i64, Option<i64>) = conn
        .query_row("SELECT cursor, next_stream, last_opened FROM encounters", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    assert_eq!((cursor, stream, opened), (0, 0, None));
    assert!(conn.execute("UPDATE encounters SET cursor = -1", []).is_err());
    assert!(conn.execute("UPDATE encounters SET base = 'not json'", []).is_err());
}

#[test]
fn step_5_journal_goes_with_its_encounter() {
    let (_dir, conn) = at(5);
    conn.execute(
        "INSERT INTO encounters (id, system, name, seed, base, created, updated)
         VALUES (1, 'freeform', 'Crypt', 0, '{}', 0, 0)",
        [],
    )
    .unwrap();
    let command =
        "INSERT INTO commands (encounter_id, seq, command, stream, first_event, event_count)
                   VALUES (1, ?1, '{}', ?1, ?2, 1)";
    let event = "INSERT INTO events (encounter_id, idx, seq, event) VALUES (1, ?1, ?2, '{}')";
    for seq in 0..3 {
        conn.execute(command, params![seq, seq]).unwrap();
        conn.execute(event, params![seq, seq]).unwrap();
    }
    assert!(conn.execute(event, params![9, 9]).is_err(), "an event needs its command");
    assert!(conn.execute(command, params![0, 0]).is_err(), "seq is unique per encounter");
    // Dropping a redo tail: deleting commands deletes their events.
    conn.execute("DELETE FROM commands WHERE encounter_id = 1 AND seq >= 2", []).unwrap();
    assert_eq!(count(&conn, "SELECT count(*) FROM events"), 2);
    conn.execute("DELETE FROM encounters WHERE id = 1", []).unwrap();
    assert_eq!(count(&conn, "SELECT count(*) FROM commands"), 0);
    assert_eq!(count(&conn, "SELECT count(*) FROM events"), 0);
}

#[test]
fn step_6_settings() {
    let (_dir, conn) = at(6);
    conn.execute("INSERT INTO settings (key, value) VALUES ('theme', 'dark')", []).unwrap();
    assert!(conn.execute("INSERT INTO settings (key, value) VALUES ('theme', 'x')", []).is_err());
    let v: String =
        conn.query_row("SELECT value FROM settings WHERE key = 'theme'", [], |r| r.get(0)).unwrap();
    assert_eq!(v, "dark");
}

#[test]
fn step_7_weapons() {
    let (_dir, conn) = at(7);
    let insert = "INSERT INTO weapons (system, name, entry, origin, created, updated)
                  VALUES (?1, ?2, ?3, ?4, 0, 0)";
    let spear = r#"{"key": "spear", "name": "Spear", "die": 8, "speed": "balanced"}"#;
    conn.execute(insert, params!["bdp", "Spear", spear, "bundled:bdp/weapon/spear"]).unwrap();
    let axe = r#"{"key": "axe", "name": "axe", "die": 10, "speed": "slow"}"#;
    conn.execute(insert, params!["bdp", "axe", axe, None::<String>]).unwrap();
    // The GM's own entries have no origin, so any number of them may share none.
    conn.execute(insert, params!["bdp", "Club", "{}", None::<String>]).unwrap();
    assert!(
        conn.execute(insert, params!["bdp", "Spear", spear, "bundled:bdp/weapon/spear"]).is_err(),
        "bundled origins are unique"
    );
    assert!(conn.execute(insert, params!["bdp", " ", "{}", None::<String>]).is_err(), "blank");
    assert!(conn.execute(insert, params!["bdp", "X", "not json", None::<String>]).is_err());
    assert!(conn.execute(insert, params!["bdp", "X", "[1]", None::<String>]).is_err(), "array");
    // Listed by system and name (case-insensitive) through the index.
    let mut stmt = conn
        .prepare("SELECT name FROM weapons WHERE system = 'bdp' ORDER BY name COLLATE NOCASE")
        .unwrap();
    let names: Vec<String> =
        stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert_eq!(names, ["axe", "Club", "Spear"]);
    let plan: String = conn
        .query_row(
            "EXPLAIN QUERY PLAN SELECT name FROM weapons WHERE system = 'bdp'
             ORDER BY name COLLATE NOCASE",
            [],
            |r| r.get(3),
        )
        .unwrap();
    assert!(plan.contains("weapons_by_system_name"), "{plan}");
}

#[test]
fn step_8_uids_portraits_text_search_and_templates() {
    // Rows written before the step keep working: they get a uid (their origin when bundled),
    // their block's strings become searchable, and the tag index is untouched.
    let (_dir, mut conn) = at(7);
    conn.execute(
        "INSERT INTO creatures (id, system, name, tags, block, origin, created, updated)
         VALUES (1, 'bdp', 'Skeleton', '[\"undead\"]',
                 '{\"notes\": \"Rattles when it walks\", \"weapons\": [{\"name\": \"Rusty scimitar\"}]}',
                 'bundled:bdp/skeleton', 0, 0),
                (2, 'bdp', 'Wolf', '[\"beast\"]', '{}', NULL, 0, 0)",
        [],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO characters (id, system, name, sheet, party, created, updated)
         VALUES (1, 'bdp', 'Harald', '{\"notes\": \"Dented shield\"}', 'Lanterns', 0, 0)",
        [],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO roll_tables (id, system, name, dice, created, updated)
         VALUES (1, 'd12', 'Blunt', 'd20', 0, 0)",
        [],
    )
    .unwrap();
    MIGRATIONS.to_version(&mut conn, 8).unwrap();
    let uid = |sql: &str| -> String { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    assert_eq!(uid("SELECT uid FROM creatures WHERE id = 1"), "bundled:bdp/skeleton");
    assert_eq!(uid("SELECT uid FROM creatures WHERE id = 2").len(), 32, "random hex");
    assert_eq!(uid("SELECT uid FROM characters WHERE id = 1").len(), 32);
    assert_eq!(uid("SELECT uid FROM roll_tables WHERE id = 1").len(), 32);
    let fts = "SELECT count(*) FROM creatures_fts WHERE creatures_fts MATCH";
    assert_eq!(count(&conn, &format!("{fts} '\"rattl\"*'")), 1, "notes are searchable");
    assert_eq!(count(&conn, &format!("{fts} '\"scim\"*'")), 1, "weapon names too");
    assert_eq!(count(&conn, &format!("{fts} '\"skel\"*'")), 1, "names still are");
    assert_eq!(count(&conn, &format!("{fts} '\"undead\"*'")), 1, "tags still are");
    let cfts = "SELECT count(*) FROM characters_fts WHERE characters_fts MATCH";
    assert_eq!(count(&conn, &format!("{cfts} '\"dent\"*'")), 1);
    assert_eq!(count(&conn, &format!("{cfts} '\"lant\"*'")), 1, "party still is");
    // The new triggers keep the index in step with later writes of text.
    conn.execute("UPDATE creatures SET text = 'howls at night' WHERE id = 2", []).unwrap();
    assert_eq!(count(&conn, &format!("{fts} '\"howl\"*'")), 1);
    conn.execute("DELETE FROM creatures WHERE id = 2", []).unwrap();
    assert_eq!(count(&conn, &format!("{fts} '\"howl\"*'")), 0);
    // Uids are unique; portraits are blobs.
    assert!(conn.execute("UPDATE creatures SET uid = 'x'", []).is_ok());
    conn.execute(
        "INSERT INTO creatures (system, name, uid, created, updated) VALUES ('bdp', 'A', 'y', 0, 0)",
        [],
    )
    .unwrap();
    assert!(
        conn.execute(
            "INSERT INTO creatures (system, name, uid, created, updated) VALUES ('bdp', 'B', 'y', 0, 0)",
            [],
        )
        .is_err()
    );
    conn.execute("UPDATE characters SET portrait = x'89504e47' WHERE id = 1", []).unwrap();
    // Templates: a known kind and a JSON object body.
    let insert = "INSERT INTO templates (uid, kind, system, name, body, created, updated)
                  VALUES (?1, ?2, 'bdp', 'Goblin band', ?3, 0, 0)";
    conn.execute(insert, params!["t1", "detachment", "{}"]).unwrap();
    assert!(conn.execute(insert, params!["t2", "party", "{}"]).is_err(), "kind");
    assert!(conn.execute(insert, params!["t3", "encounter", "[]"]).is_err(), "object body");
    assert!(conn.execute(insert, params!["t1", "encounter", "{}"]).is_err(), "uid unique");
}

#[test]
fn step_9_battle_maps() {
    let (_dir, conn) = at(9);
    let insert =
        "INSERT INTO maps (key, image, width_px, height_px, created) VALUES (?1, ?2, ?3, ?4, 0)";
    conn.execute(insert, params!["m1", vec![1u8, 2, 3], 640, 480]).unwrap();
    assert!(conn.execute(insert, params!["m1", vec![1u8], 1, 1]).is_err(), "one image a key");
    assert!(conn.execute(insert, params!["m2", vec![1u8], 0, 10]).is_err(), "a real size");
    assert_eq!(count(&conn, "SELECT count(*) FROM maps"), 1);
}

#[test]
fn step_10_undone_commands_and_where_streams_are_accounted_from() {
    let (_dir, conn) = at(9);
    let encounter = "INSERT INTO encounters (id, system, name, seed, base, next_stream, created,
                     updated) VALUES (?1, 'freeform', 'Crypt', 0, '{}', ?2, 0, 0)";
    let command = "INSERT INTO commands (encounter_id, seq, command, stream, first_event,
                   event_count) VALUES (?1, ?2, '{}', ?3, 0, 0)";
    // 1 drew streams 0, 1, 2 and keeps them all; 2 drew 0..5 and kept 0 and 4 (undone
    // commands were deleted then).
    conn.execute(encounter, params![1, 3]).unwrap();
    conn.execute(encounter, params![2, 5]).unwrap();
    for (id, seq, stream) in [(1, 0, 0), (1, 1, 1), (1, 2, 2), (2, 0, 0), (2, 1, 4)] {
        conn.execute(command, params![id, seq, stream]).unwrap();
    }
    let mut conn = conn;
    MIGRATIONS.to_version(&mut conn, 10).unwrap();
    let from = |id: i64| -> i64 {
        conn.query_row("SELECT accounted_from FROM encounters WHERE id = ?1", [id], |r| r.get(0))
            .unwrap()
    };
    assert_eq!((from(1), from(2)), (0, 5));
    let undone = "INSERT INTO undone_commands (encounter_id, stream, seq, command, events)
                  VALUES (?1, ?2, 0, '{}', ?3)";
    conn.execute(undone, params![1, 3, "[]"]).unwrap();
    assert!(conn.execute(undone, params![1, 3, "[]"]).is_err(), "a stream is drawn once");
    assert!(conn.execute(undone, params![1, 4, "{}"]).is_err(), "events are an array");
    assert!(conn.execute(undone, params![9, 4, "[]"]).is_err(), "an encounter of its own");
    conn.execute("DELETE FROM encounters WHERE id = 1", []).unwrap();
    assert_eq!(count(&conn, "SELECT count(*) FROM undone_commands"), 0);
}

#[test]
fn step_11_conditions_sessions_and_their_parts() {
    let (_dir, conn) = at(10);
    conn.execute(
        "INSERT INTO characters (id, system, name, created, updated, uid) VALUES (1, 'bdp', 'Harald', 0, 0, 'c1')",
        [],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO encounters (id, system, name, seed, base, next_stream, created, updated)
         VALUES (1, 'bdp', 'Crypt', 0, '{}', 0, 0, 0)",
        [],
    )
    .unwrap();
    let mut conn = conn;
    MIGRATIONS.to_version(&mut conn, 11).unwrap();
    // A character made before is unhurt.
    let condition: String =
        conn.query_row("SELECT condition FROM characters WHERE id = 1", [], |r| r.get(0)).unwrap();
    assert_eq!(condition, "{}");
    let set = "UPDATE characters SET condition = ?1 WHERE id = 1";
    assert!(conn.execute(set, ["[]"]).is_err(), "a condition is an object");
    assert!(conn.execute(set, ["{"]).is_err(), "valid JSON");
    conn.execute(
        "INSERT INTO play_sessions (id, name, day, created) VALUES (1, 'Night 1', '2026-11-27', 0)",
        [],
    )
    .unwrap();
    assert!(
        conn.execute("INSERT INTO play_sessions (name, day, created) VALUES (' ', 'd', 0)", [])
            .is_err()
    );
    let part = "INSERT INTO session_parts (session_id, kind, encounter_id, body, created)
                VALUES (1, ?1, ?2, '{}', 0)";
    conn.execute(part, params!["encounter", 1]).unwrap();
    conn.execute(part, params!["step", None::<i64>]).unwrap();
    assert!(
        conn.execute(part, params!["encounter", None::<i64>]).is_err(),
        "an encounter part names one"
    );
    assert!(conn.execute(part, params!["step", 1]).is_err(), "only an encounter part names one");
    assert!(conn.execute(part, params!["party", None::<i64>]).is_err(), "a known kind");
    // A session names the encounter: it cannot go; the session can, and its parts with it.
    assert!(conn.execute("DELETE FROM encounters WHERE id = 1", []).is_err());
    conn.execute("DELETE FROM play_sessions WHERE id = 1", []).unwrap();
    assert_eq!(count(&conn, "SELECT count(*) FROM session_parts"), 0);
    conn.execute("DELETE FROM encounters WHERE id = 1", []).unwrap();
}

#[test]
fn every_step_has_a_test() {
    // Appending a step without its `step_N_...` test above fails here.
    let source = include_str!("tests.rs");
    for n in 1..=STEPS.len() {
        assert!(source.contains(&format!("fn step_{n}_")), "no test for migration step {n}");
    }
}
