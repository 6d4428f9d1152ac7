//! What the bestiary and the characters share beyond search: the `uid` an entry travels with
//! in Fray JSON files, its portrait, the searchable text of its block, and the rows themselves:
//! both tables keep the same columns but one (a character's party, a creature's `recurring`)
//! and call their block differently (`sheet`, `block`), so reading, checking, deleting and
//! taking a row out for undo are written once here.

use crate::DbError;
use crate::search::{normalize_tags, required};
use fray_app::ids::SystemId;
use rusqlite::types::FromSql;
use rusqlite::{Connection, OptionalExtension, Row, params};

/// A stored row's `system` column as a registered procedure's id: an id no procedure has is
/// damage, named with the row (`label`), never read as another procedure.
pub(crate) fn system_column(label: &str, text: &str) -> Result<SystemId, DbError> {
    SystemId::parse(text).map_err(|e| DbError::corrupt(label, e))
}

/// The same for a row mapper: column `index` of the row `label` names.
pub(crate) fn system_at(row: &Row<'_>, index: usize, label: &str) -> rusqlite::Result<SystemId> {
    let text: String = row.get(index)?;
    SystemId::parse(&text).map_err(|e| {
        let why = format!("{label} is damaged: {e}");
        rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, why.into())
    })
}

/// SQL for the searchable text of a block given as parameter `?{n}`: every string in it
/// (notes, weapon names, features), space-separated. Migration step 8 fills the column of
/// older rows with the same expression over the stored block.
pub(crate) fn text_sql(n: u8) -> String {
    format!(
        "(SELECT coalesce(group_concat(value, ' '), '') FROM json_tree(?{n}) WHERE type = 'text')"
    )
}

/// SQL for a uid given as parameter `?{n}`, or a fresh random one when it is NULL.
pub(crate) fn uid_sql(n: u8) -> String {
    format!("coalesce(?{n}, lower(hex(randomblob(16))))")
}

/// Largest portrait accepted by the stores, in bytes (a thumbnail is far smaller).
pub const MAX_PORTRAIT_BYTES: usize = 512 * 1024;

/// One store's table (`creatures` or `characters`) and how its rows are named in messages.
#[derive(Clone, Copy)]
pub(crate) struct EntryTable {
    pub table: &'static str,
    pub what: &'static str,
    /// How a message calls its block ("stat block", "sheet").
    pub block_words: &'static str,
    /// Every column a row is read from, in [`RawEntry::read`]'s order: the block's own column
    /// (`sheet`, `block`) fifth, the one only this table has last.
    pub columns: &'static str,
}

/// What an entry is written from, checked: the system and name given, the block an object,
/// the tags cleaned up and written as JSON.
pub(crate) struct Checked {
    pub system: &'static str,
    pub name: String,
    pub tags: String,
    pub block: String,
}

/// A row as stored, before its JSON is parsed: the columns both tables have, and `own`.
pub(crate) struct RawEntry<T> {
    pub id: i64,
    /// The procedure's id as stored, read into a [`SystemId`] by [`RawEntry::parse`].
    system: String,
    pub name: String,
    tags: String,
    block: String,
    pub created: i64,
    pub updated: i64,
    pub uid: String,
    condition: String,
    pub own: T,
}

/// A row's JSON, parsed, and its procedure.
pub(crate) struct Parsed {
    pub system: SystemId,
    pub tags: Vec<String>,
    pub block: serde_json::Value,
    pub condition: fray_app::campaign::Condition,
}

impl<T: FromSql> RawEntry<T> {
    /// Reads a row selected with [`EntryTable::columns`].
    pub fn read(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(RawEntry {
            id: row.get(0)?,
            system: row.get(1)?,
            name: row.get(2)?,
            tags: row.get(3)?,
            block: row.get(4)?,
            created: row.get(5)?,
            updated: row.get(6)?,
            uid: row.get(7)?,
            condition: row.get(8)?,
            own: row.get(9)?,
        })
    }
}

impl<T> RawEntry<T> {
    /// Its JSON and its procedure parsed; a column that does not read is corruption, named
    /// with `label` (the entry's id as messages give it).
    pub fn parse(&self, label: &str) -> Result<Parsed, DbError> {
        Ok(Parsed {
            system: system_column(label, &self.system)?,
            tags: serde_json::from_str(&self.tags).map_err(|e| DbError::corrupt(label, e))?,
            block: serde_json::from_str(&self.block).map_err(|e| DbError::corrupt(label, e))?,
            condition: serde_json::from_str(&self.condition)
                .map_err(|e| DbError::corrupt(format!("{label}'s condition"), e))?,
        })
    }
}

/// A row taken out for undo: the row, its portrait and its origin (bundled content's key).
pub(crate) type Taken<T> = (RawEntry<T>, Option<Vec<u8>>, Option<String>);

impl EntryTable {
    /// Checks what an entry is written from (`kind`: "creature", "character", for messages).
    pub fn check(
        &self,
        kind: &str,
        system: SystemId,
        name: &str,
        tags: &[String],
        block: &serde_json::Value,
    ) -> Result<Checked, DbError> {
        let system = system.as_str();
        let name = required(name, &format!("{kind} name"))?;
        if !block.is_object() {
            let words = self.block_words;
            return Err(DbError::Invalid(format!("{name}: the {words} must be a JSON object")));
        }
        let tags = serde_json::to_string(&normalize_tags(tags)).expect("strings serialize");
        Ok(Checked { system, name, tags, block: block.to_string() })
    }

    /// A row by id, unparsed.
    pub fn get<T: FromSql>(
        &self,
        conn: &Connection,
        id: i64,
    ) -> Result<Option<RawEntry<T>>, DbError> {
        let sql = format!("SELECT {} FROM {} t WHERE t.id = ?1", self.columns, self.table);
        Ok(conn.query_row(&sql, [id], RawEntry::read).optional()?)
    }

    /// Deletes a row; false when there was none.
    pub fn delete(&self, conn: &Connection, id: i64) -> Result<bool, DbError> {
        Ok(conn.execute(&format!("DELETE FROM {} WHERE id = ?1", self.table), [id])? > 0)
    }

    /// Deletes a row and hands back all of it, in one transaction (none when there was none).
    pub fn take<T: FromSql>(
        &self,
        conn: &mut Connection,
        id: i64,
    ) -> Result<Option<Taken<T>>, DbError> {
        let tx = conn.transaction()?;
        let sql = format!(
            "SELECT {}, t.portrait, t.origin FROM {} t WHERE t.id = ?1",
            self.columns, self.table
        );
        let found = tx
            .query_row(&sql, [id], |r| Ok((RawEntry::read(r)?, r.get(10)?, r.get(11)?)))
            .optional()?;
        if found.is_some() {
            tx.execute(&format!("DELETE FROM {} WHERE id = ?1", self.table), [id])?;
        }
        tx.commit()?;
        Ok(found)
    }

    /// How many rows there are.
    pub fn count(&self, conn: &Connection) -> Result<u64, DbError> {
        let sql = format!("SELECT count(*) FROM {}", self.table);
        let n: i64 = conn.query_row(&sql, [], |r| r.get(0))?;
        Ok(n.unsigned_abs())
    }

    /// The portrait of an entry (PNG bytes), if it has one.
    pub fn portrait(&self, conn: &Connection, id: i64) -> Result<Option<Vec<u8>>, DbError> {
        let sql = format!("SELECT portrait FROM {} WHERE id = ?1", self.table);
        let found: Option<Option<Vec<u8>>> = conn.query_row(&sql, [id], |r| r.get(0)).optional()?;
        found.ok_or(DbError::NotFound { what: self.what, id })
    }

    /// Sets (or with `None` clears) an entry's portrait.
    pub fn set_portrait(
        &self,
        conn: &Connection,
        id: i64,
        png: Option<&[u8]>,
    ) -> Result<(), DbError> {
        if let Some(png) = png
            && png.len() > MAX_PORTRAIT_BYTES
        {
            return Err(DbError::Invalid(format!(
                "{} {id}: the portrait is {} KB, more than the {} KB a thumbnail may take",
                self.what,
                png.len() / 1024,
                MAX_PORTRAIT_BYTES / 1024
            )));
        }
        // Nothing is stored unread: every portrait, whoever hands it over, is read whole
        // within limits here, and a large one is kept as a thumbnail.
        let png = png
            .map(crate::picture::portrait)
            .transpose()
            .map_err(|e| DbError::Invalid(format!("{} {id}: the portrait {e}", self.what)))?;
        let sql = format!("UPDATE {} SET portrait = ?2 WHERE id = ?1", self.table);
        if conn.execute(&sql, params![id, png])? == 0 {
            return Err(DbError::NotFound { what: self.what, id });
        }
        Ok(())
    }

    /// The ids of the entries that have a portrait, among `ids`.
    pub fn with_portraits(&self, conn: &Connection) -> Result<Vec<i64>, DbError> {
        let sql = format!("SELECT id FROM {} WHERE portrait IS NOT NULL", self.table);
        let mut stmt = conn.prepare_cached(&sql)?;
        let ids = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
        Ok(ids)
    }

    /// The id of the entry with `uid`, if there is one.
    pub fn by_uid(&self, conn: &Connection, uid: &str) -> Result<Option<i64>, DbError> {
        let sql = format!("SELECT id FROM {} WHERE uid = ?1", self.table);
        Ok(conn.prepare_cached(&sql)?.query_row([uid], |r| r.get(0)).optional()?)
    }
}
