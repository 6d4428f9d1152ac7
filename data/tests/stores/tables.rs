use crate::{OWN, bare_db, reopen, sys};
use fray_app::checks::{RollTable, TableRow};
use fray_app::dice::{Dice, PlannedDice, SeededDice};
use fray_data::{DbError, Effect, NewTable};
use serde_json::json;

fn row(low: i64, high: i64, text: &str) -> TableRow<Effect> {
    TableRow { low, high, result: Effect { text: text.into(), structured: None } }
}

fn table(rows: Vec<TableRow<Effect>>) -> NewTable {
    NewTable {
        system: sys(OWN),
        damage_type: Some("slashing".into()),
        table: RollTable { name: "Cuts".into(), dice: Dice::parse("d6").unwrap(), rows },
    }
}

#[test]
fn round_trip_and_roll() {
    let (dir, db, _) = bare_db();
    let mut rows = vec![row(4, 6, "Scratch"), row(1, 1, "Lost hand"), row(2, 3, "Deep cut")];
    rows[1].result.structured = Some(json!({"condition": "maimed"}));
    let id = db.tables().insert(&table(rows)).unwrap();
    let db = {
        drop(db);
        reopen(&dir)
    };
    let t = db.tables().get(id).unwrap().unwrap();
    assert_eq!(t.damage_type.as_deref(), Some("slashing"));
    assert_eq!(t.table.dice.to_string(), "d6");
    let lows: Vec<i64> = t.table.rows.iter().map(|r| r.low).collect();
    assert_eq!(lows, [1, 2, 4], "rows come back ordered");
    assert_eq!(t.table.rows[0].result.structured, Some(json!({"condition": "maimed"})));
    let mut dice = PlannedDice::new(SeededDice::new(1, 1)).then_table(vec![3]);
    let (_, hit) = t.table.roll(&mut dice, None).unwrap();
    assert_eq!(hit.unwrap().result.text, "Deep cut");

    let mut edit = table(vec![row(1, 6, "Nothing much")]);
    edit.damage_type = None;
    db.tables().update(id, &edit).unwrap();
    let t = db.tables().get(id).unwrap().unwrap();
    assert_eq!((t.table.rows.len(), t.damage_type), (1, None));

    assert!(db.tables().delete(id).unwrap());
    assert_eq!(db.tables().get(id).unwrap(), None);
    assert!(db.tables().list(Some(sys(OWN))).unwrap().is_empty());
}

#[test]
fn refuses_bad_ranges_and_changes_nothing() {
    let (_dir, db, _) = bare_db();
    let err = db.tables().insert(&table(vec![row(1, 3, "a"), row(3, 6, "b")])).unwrap_err();
    assert_eq!(err.to_string(), "table Cuts: rows 1 and 2 overlap at 3");
    let err = db.tables().insert(&table(vec![row(1, 4, "a")])).unwrap_err();
    assert_eq!(err.to_string(), "table Cuts: rows leave 5–6 uncovered");
    let err = db.tables().insert(&table(vec![row(1, 6, " ")])).unwrap_err();
    assert_eq!(err.to_string(), "table Cuts, row 1: effect is empty");
    assert!(db.tables().list(Some(sys(OWN))).unwrap().is_empty());

    let id = db.tables().insert(&table(vec![row(1, 6, "a")])).unwrap();
    let gap = table(vec![row(1, 2, "a"), row(4, 6, "b")]);
    assert!(matches!(db.tables().update(id, &gap), Err(DbError::Invalid(_))));
    assert_eq!(db.tables().get(id).unwrap().unwrap().table.rows.len(), 1, "rows kept");
}

#[test]
fn an_empty_table_is_kept_as_a_placeholder() {
    let (dir, db, _) = bare_db();
    let id = db.tables().insert(&table(vec![])).unwrap();
    let db = {
        drop(db);
        reopen(&dir)
    };
    let t = db.tables().get(id).unwrap().unwrap();
    assert!(t.table.rows.is_empty());
    // Rolling on it finds no row rather than failing.
    let mut dice = PlannedDice::new(SeededDice::new(1, 1)).then_table(vec![4]);
    let (roll, hit) = t.table.roll(&mut dice, None).unwrap();
    assert_eq!((roll.total, hit), (4, None));
}

#[test]
fn rows_go_with_their_table() {
    let (dir, db, _) = bare_db();
    let id = db.tables().insert(&table(vec![row(1, 6, "a")])).unwrap();
    db.tables().delete(id).unwrap();
    drop(db);
    let conn = rusqlite::Connection::open(dir.path().join("fray.db")).unwrap();
    let n: i64 = conn
        .query_row("SELECT count(*) FROM roll_table_rows WHERE table_id = ?1", [id.0], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 0);
}
