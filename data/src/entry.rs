//! What the bestiary and the characters share beyond search: the `uid` an entry travels with
//! in Fray JSON files, its portrait, and the searchable text of its block.

use crate::DbError;
use rusqlite::{Connection, OptionalExtension, params};

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
}

impl EntryTable {
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
