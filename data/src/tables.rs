//! Roll tables (injuries, morale, reactions...): a die expression and rows of ranges, each
//! with an effect in words and optionally as structured JSON for the rules to act on.

use crate::db::now_ms;
use crate::entry::uid_sql;
use crate::ids::TableId;
use crate::search::required;
use crate::{Db, DbError};
use fray_app::checks::{RollTable, TableError, TableRow};
use fray_app::dice::Dice;
use fray_app::ids::SystemId;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};

/// What one row of a table says (the rules core's type: an encounter keeps the same rows).
pub use fray_app::checks::Effect;

/// A roll table as the GM writes or edits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewTable {
    /// The system it belongs to.
    pub system: SystemId,
    /// The damage type it is rolled for ("slashing", "fire"), if any.
    #[serde(default)]
    pub damage_type: Option<String>,
    /// Name, dice and rows.
    pub table: RollTable<Effect>,
}

/// A stored roll table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredTable {
    /// Row id.
    pub id: TableId,
    /// The id it travels with in Fray JSON files (the same in every database it reaches).
    pub uid: String,
    /// The system it belongs to.
    pub system: SystemId,
    /// The damage type it is rolled for, if any.
    pub damage_type: Option<String>,
    /// Name, dice and rows (ordered by their low end); ready to roll with
    /// [`RollTable::roll`]. No rows for a placeholder not filled in yet: every roll on it
    /// finds no row.
    pub table: RollTable<Effect>,
    /// When it was added (Unix milliseconds).
    pub created: i64,
    /// When it last changed (Unix milliseconds).
    pub updated: i64,
}

/// The roll tables of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct Tables<'a> {
    db: &'a Db,
}

impl Db {
    /// The roll tables.
    pub fn tables(&self) -> Tables<'_> {
        Tables { db: self }
    }
}

impl Tables<'_> {
    /// Adds a table after checking that its rows cover every total exactly once. A table
    /// with no rows at all is accepted: a placeholder the GM fills in later.
    pub fn insert(&self, new: &NewTable) -> Result<TableId, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        let id = insert(&tx, new, None, None)?.expect("entries without an origin never conflict");
        tx.commit()?;
        Ok(id)
    }

    /// A table by id, with its rows.
    pub fn get(&self, id: TableId) -> Result<Option<StoredTable>, DbError> {
        let conn = self.db.lock();
        let head = conn
            .query_row(
                "SELECT id, system, name, dice, damage_type, created, updated, uid
                 FROM roll_tables WHERE id = ?1",
                [id.0],
                head,
            )
            .optional()?;
        head.map(|h| h.load(&conn)).transpose()
    }

    /// Replaces a table's fields and rows (checked like [`Tables::insert`]).
    pub fn update(&self, id: TableId, new: &NewTable) -> Result<(), DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        update(&tx, id, new)?;
        tx.commit()?;
        Ok(())
    }

    /// Deletes a table and its rows; false when there was none.
    pub fn delete(&self, id: TableId) -> Result<bool, DbError> {
        Ok(self.db.lock().execute("DELETE FROM roll_tables WHERE id = ?1", [id.0])? > 0)
    }

    /// Every table (of one system, or all), ordered by name.
    pub fn list(&self, system: Option<SystemId>) -> Result<Vec<StoredTable>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT id, system, name, dice, damage_type, created, updated, uid FROM roll_tables
             WHERE ?1 IS NULL OR system = ?1 ORDER BY name COLLATE NOCASE, id",
        )?;
        let heads: Vec<Head> =
            stmt.query_map([system.map(SystemId::as_str)], head)?.collect::<Result<_, _>>()?;
        heads.into_iter().map(|h| h.load(&conn)).collect()
    }

    /// Deletes a table and hands back all of it, for [`Tables::restore`] (undo).
    pub fn remove(&self, id: TableId) -> Result<Option<RemovedTable>, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        let head = tx
            .query_row(
                "SELECT id, system, name, dice, damage_type, created, updated, uid, origin
                 FROM roll_tables WHERE id = ?1",
                [id.0],
                |r| Ok((head(r)?, r.get::<_, Option<String>>(8)?)),
            )
            .optional()?;
        let Some((head, origin)) = head else { return Ok(None) };
        let table = head.load(&tx)?;
        tx.execute("DELETE FROM roll_tables WHERE id = ?1", [id.0])?;
        tx.commit()?;
        Ok(Some(RemovedTable { table, origin }))
    }

    /// Puts a removed table back as it was: same id, uid, rows and dates.
    pub fn restore(&self, removed: &RemovedTable) -> Result<(), DbError> {
        let t = &removed.table;
        let new = NewTable {
            system: t.system,
            damage_type: t.damage_type.clone(),
            table: t.table.clone(),
        };
        let c = columns(&new)?;
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO roll_tables
             (id, uid, system, name, dice, damage_type, origin, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                t.id.0,
                t.uid,
                c.system,
                c.name,
                c.dice,
                c.damage_type,
                removed.origin,
                t.created,
                t.updated
            ],
        )?;
        insert_rows(&tx, t.id, &t.table)?;
        tx.commit()?;
        Ok(())
    }

    /// A copy of a table ("Injuries (copy)") with a new uid; its id.
    pub fn duplicate(&self, id: TableId) -> Result<TableId, DbError> {
        let stored = self.get(id)?.ok_or(DbError::NotFound { what: TableId::WHAT, id: id.0 })?;
        let mut table = stored.table;
        table.name = format!("{} (copy)", table.name);
        self.insert(&NewTable { system: stored.system, damage_type: stored.damage_type, table })
    }

    /// The table carrying `uid`, if any.
    pub fn by_uid(&self, uid: &str) -> Result<Option<TableId>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached("SELECT id FROM roll_tables WHERE uid = ?1")?;
        Ok(stmt.query_row([uid], |r| r.get(0)).optional()?.map(TableId))
    }
}

/// A deleted table with everything it had, so the deletion can be undone.
#[derive(Debug, Clone, PartialEq)]
pub struct RemovedTable {
    /// The table as it was, rows included.
    pub table: StoredTable,
    origin: Option<String>,
}

/// Inserts a table and its rows (inside the caller's transaction); with an `origin`
/// (bundled content) that already exists, does nothing and returns `None`. Its uid is `uid`,
/// else the origin, else a fresh random one.
pub(crate) fn insert(
    conn: &Connection,
    new: &NewTable,
    origin: Option<&str>,
    uid: Option<&str>,
) -> Result<Option<TableId>, DbError> {
    let c = columns(new)?;
    let now = now_ms();
    let uid = uid.or(origin);
    let id: Option<i64> = conn
        .prepare_cached(&format!(
            "INSERT INTO roll_tables
             (system, name, dice, damage_type, origin, created, updated, uid)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, {})
             ON CONFLICT (origin) DO NOTHING RETURNING id",
            uid_sql(7)
        ))?
        .query_row(params![c.system, c.name, c.dice, c.damage_type, origin, now, uid], |r| r.get(0))
        .optional()?;
    let Some(id) = id.map(TableId) else { return Ok(None) };
    insert_rows(conn, id, &new.table)?;
    Ok(Some(id))
}

/// Replaces a table's fields and rows (inside the caller's transaction).
pub(crate) fn update(conn: &Connection, id: TableId, new: &NewTable) -> Result<(), DbError> {
    let c = columns(new)?;
    let changed = conn
        .prepare_cached(
            "UPDATE roll_tables SET system = ?2, name = ?3, dice = ?4, damage_type = ?5,
             updated = ?6 WHERE id = ?1",
        )?
        .execute(params![id.0, c.system, c.name, c.dice, c.damage_type, now_ms()])?;
    if changed == 0 {
        return Err(DbError::NotFound { what: TableId::WHAT, id: id.0 });
    }
    conn.prepare_cached("DELETE FROM roll_table_rows WHERE table_id = ?1")?.execute([id.0])?;
    insert_rows(conn, id, &new.table)
}

fn insert_rows(conn: &Connection, id: TableId, table: &RollTable<Effect>) -> Result<(), DbError> {
    let mut stmt = conn.prepare_cached(
        "INSERT INTO roll_table_rows (table_id, low, high, effect, structured)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for row in &table.rows {
        let structured = row.result.structured.as_ref().map(serde_json::Value::to_string);
        stmt.execute(params![id.0, row.low, row.high, row.result.text.trim(), structured])?;
    }
    Ok(())
}

/// The validated column values of a table.
struct Columns {
    system: &'static str,
    name: String,
    dice: String,
    damage_type: Option<String>,
}

fn columns(new: &NewTable) -> Result<Columns, DbError> {
    let system = new.system.as_str();
    let name = required(&new.table.name, "table name")?;
    // A table without rows is a placeholder the GM fills in later (its dice are still
    // checked); one with rows must cover every total the dice can roll exactly once.
    let checked = if new.table.rows.is_empty() {
        new.table.dice.validate().map_err(TableError::from)
    } else {
        new.table.validate()
    };
    checked.map_err(|e| DbError::Invalid(format!("table {name}: {e}")))?;
    for (i, row) in new.table.rows.iter().enumerate() {
        if row.result.text.trim().is_empty() {
            return Err(DbError::Invalid(format!("table {name}, row {}: effect is empty", i + 1)));
        }
    }
    let damage_type =
        new.damage_type.as_deref().map(str::trim).filter(|d| !d.is_empty()).map(str::to_owned);
    Ok(Columns { system, name, dice: new.table.dice.to_string(), damage_type })
}

/// A table's own row, before its rows are read.
struct Head {
    id: i64,
    system: String,
    name: String,
    dice: String,
    damage_type: Option<String>,
    created: i64,
    updated: i64,
    uid: String,
}

fn head(row: &Row<'_>) -> rusqlite::Result<Head> {
    Ok(Head {
        id: row.get(0)?,
        system: row.get(1)?,
        name: row.get(2)?,
        dice: row.get(3)?,
        damage_type: row.get(4)?,
        created: row.get(5)?,
        updated: row.get(6)?,
        uid: row.get(7)?,
    })
}

impl Head {
    fn load(self, conn: &Connection) -> Result<StoredTable, DbError> {
        let id = TableId(self.id);
        let dice = Dice::parse(&self.dice).map_err(|e| DbError::corrupt(id.to_string(), e))?;
        let mut stmt = conn.prepare_cached(
            "SELECT low, high, effect, structured FROM roll_table_rows
             WHERE table_id = ?1 ORDER BY low",
        )?;
        let rows = stmt.query_map([id.0], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, Option<String>>(3)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (low, high, text, structured) = row?;
            let structured = structured
                .map(|s| serde_json::from_str(&s))
                .transpose()
                .map_err(|e| DbError::corrupt(format!("{id}, row {low}"), e))?;
            out.push(TableRow { low, high, result: Effect { text, structured } });
        }
        Ok(StoredTable {
            id,
            uid: self.uid,
            system: crate::entry::system_column(&id.to_string(), &self.system)?,
            damage_type: self.damage_type,
            table: RollTable { name: self.name, dice, rows: out },
            created: self.created,
            updated: self.updated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[(i64, i64)]) -> NewTable {
        let rows = rows
            .iter()
            .map(|&(low, high)| TableRow {
                low,
                high,
                result: Effect { text: format!("{low}-{high}"), structured: None },
            })
            .collect();
        fray_app::systems::registry();
        NewTable {
            // A procedure without bundled tables: a list of it holds only the test's.
            system: SystemId::parse("sovereign").unwrap(),
            damage_type: Some("acid".into()),
            table: RollTable {
                name: "Acid injuries".into(),
                dice: Dice::parse("d20").unwrap(),
                rows,
            },
        }
    }

    #[test]
    fn an_empty_table_is_a_placeholder() {
        let db = Db::open_in_memory().unwrap();
        let id = db.tables().insert(&table(&[])).unwrap();
        let stored = db.tables().get(id).unwrap().unwrap();
        assert!(stored.table.rows.is_empty());
        assert_eq!(stored.damage_type.as_deref(), Some("acid"));
        assert_eq!(stored.table.dice.to_string(), "d20");
        let listed = db.tables().list(Some(SystemId::parse("sovereign").unwrap())).unwrap();
        assert_eq!(listed.len(), 1);
        assert!(listed[0].table.rows.is_empty());
        // Filled in later, then emptied again.
        db.tables().update(id, &table(&[(1, 10), (11, 20)])).unwrap();
        assert_eq!(db.tables().get(id).unwrap().unwrap().table.rows.len(), 2);
        db.tables().update(id, &table(&[])).unwrap();
        assert!(db.tables().get(id).unwrap().unwrap().table.rows.is_empty());
    }

    #[test]
    fn a_table_with_rows_is_still_checked() {
        let db = Db::open_in_memory().unwrap();
        let err = db.tables().insert(&table(&[(1, 10), (12, 20)])).unwrap_err();
        assert_eq!(err.to_string(), "table Acid injuries: rows leave 11 uncovered");
        let err = db.tables().insert(&table(&[(1, 15)])).unwrap_err();
        assert_eq!(err.to_string(), "table Acid injuries: rows leave 16–20 uncovered");
        assert!(db.tables().list(Some(SystemId::parse("sovereign").unwrap())).unwrap().is_empty());
        let id = db.tables().insert(&table(&[])).unwrap();
        assert!(matches!(db.tables().update(id, &table(&[(2, 20)])), Err(DbError::Invalid(_))));
        assert!(db.tables().get(id).unwrap().unwrap().table.rows.is_empty(), "nothing changed");
    }
}
