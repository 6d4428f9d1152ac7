//! Stored encounters: list, create from a base, rename, duplicate as a template, delete.
//! Playing one is a [`Session`](crate::Session).

use crate::db::now_ms;
use crate::ids::EncounterId;
use crate::journal::{self, LoadError, u64_from_sql};
use crate::search::required;
use crate::{Db, DbError};
use fray_app::Encounter;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};

/// An encounter as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncounterInfo {
    /// Row id.
    pub id: EncounterId,
    /// The rule system that runs it.
    pub system: fray_app::ids::SystemId,
    /// Name.
    pub name: String,
    /// Seed of its app dice.
    pub seed: u64,
    /// Commands in effect (the undo cursor).
    pub cursor: u64,
    /// Commands journaled, the redo tail included.
    pub commands: u64,
    /// When it was created (Unix milliseconds).
    pub created: i64,
    /// When it last changed (Unix milliseconds).
    pub updated: i64,
    /// When it was last opened (Unix milliseconds), if ever.
    pub last_opened: Option<i64>,
    /// When its fight was ended and written back (Unix milliseconds): read-only until the GM
    /// reopens it.
    #[serde(default)]
    pub ended: Option<i64>,
}

/// The encounters of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct Encounters<'a> {
    db: &'a Db,
}

impl Db {
    /// The stored encounters.
    pub fn encounters(&self) -> Encounters<'_> {
        Encounters { db: self }
    }
}

const INFO: &str = "SELECT e.id, e.system, e.name, e.seed, e.cursor,
    (SELECT count(*) FROM commands c WHERE c.encounter_id = e.id),
    e.created, e.updated, e.last_opened, e.ended FROM encounters e";

impl Encounters<'_> {
    /// Every encounter, the most recently opened (or changed) first.
    pub fn list(&self) -> Result<Vec<EncounterInfo>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{INFO} ORDER BY coalesce(e.last_opened, e.updated) DESC, e.id DESC"
        ))?;
        let rows = stmt.query_map([], info)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// One encounter's listing.
    pub fn get(&self, id: EncounterId) -> Result<Option<EncounterInfo>, DbError> {
        let conn = self.db.lock();
        Ok(conn.query_row(&format!("{INFO} WHERE e.id = ?1"), [id.0], info).optional()?)
    }

    /// Stores a new encounter starting from `base` (a fresh or template state), with an empty
    /// journal.
    pub fn create(&self, base: &Encounter) -> Result<EncounterId, DbError> {
        required(&base.name, "encounter name")?;
        Ok(journal::create(&self.db.lock(), base)?)
    }

    /// Renames an encounter (its listing and its base state). A [`Session`](crate::Session)
    /// already open on it keeps the old name until reopened: rename that one with
    /// [`Session::rename`](crate::Session::rename).
    pub fn rename(&self, id: EncounterId, name: &str) -> Result<(), DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        rename(&tx, id, name)?;
        tx.commit()?;
        Ok(())
    }

    /// A new encounter whose base is the current state of `id` (at its undo cursor), with an
    /// empty journal, a new name and a new dice seed: a template to run again.
    pub fn duplicate(
        &self,
        id: EncounterId,
        name: &str,
        seed: u64,
    ) -> Result<EncounterId, DbError> {
        let name = required(name, "encounter name")?;
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        let history = journal::load(&tx, id).map_err(|e| load_error(id, e))?;
        let mut base = history.state().clone();
        base.name = name;
        base.seed = seed;
        let copy = journal::create(&tx, &base)?;
        tx.commit()?;
        Ok(copy)
    }

    /// Deletes an encounter and its whole journal; false when there was none. An encounter a
    /// session played is refused, naming the session: the evening's journal needs it.
    pub fn delete(&self, id: EncounterId) -> Result<bool, DbError> {
        let conn = self.db.lock();
        let named: Option<String> = conn
            .query_row(
                "SELECT s.name FROM session_parts p JOIN play_sessions s ON s.id = p.session_id
                 WHERE p.encounter_id = ?1 LIMIT 1",
                [id.0],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(session) = named {
            return Err(DbError::Invalid(format!(
                "{id} was played in the session \"{session}\"; delete the session first, or keep it"
            )));
        }
        Ok(conn.execute("DELETE FROM encounters WHERE id = ?1", [id.0])? > 0)
    }

    /// Reopens an ended fight: it takes commands again (its write-back stays as it was).
    pub fn reopen(&self, id: EncounterId) -> Result<(), DbError> {
        self.db.lock().execute("UPDATE encounters SET ended = NULL WHERE id = ?1", [id.0])?;
        Ok(())
    }
}

/// Renames an encounter's row and base state; returns the new base.
pub(crate) fn rename(conn: &Connection, id: EncounterId, name: &str) -> Result<Encounter, DbError> {
    let name = required(name, "encounter name")?;
    let base: Option<String> = conn
        .query_row("SELECT base FROM encounters WHERE id = ?1", [id.0], |r| r.get(0))
        .optional()?;
    let base = base.ok_or(DbError::NotFound { what: EncounterId::WHAT, id: id.0 })?;
    // Edit the JSON in Rust, not with SQLite's json_set: a u64 seed above i64::MAX must come
    // back exactly as written.
    let mut base: Encounter =
        serde_json::from_str(&base).map_err(|e| DbError::corrupt(id.to_string(), e))?;
    base.name.clone_from(&name);
    let json = serde_json::to_string(&base).expect("an encounter serializes to JSON");
    conn.execute(
        "UPDATE encounters SET name = ?2, base = ?3, updated = ?4 WHERE id = ?1",
        params![id.0, name, json, now_ms()],
    )?;
    Ok(base)
}

fn load_error(id: EncounterId, e: LoadError) -> DbError {
    match e {
        LoadError::Sqlite(e) => DbError::Sqlite(e),
        LoadError::NotFound => DbError::NotFound { what: EncounterId::WHAT, id: id.0 },
        LoadError::Corrupt(detail) => DbError::Corrupt { what: id.to_string(), detail },
    }
}

fn info(row: &Row<'_>) -> rusqlite::Result<EncounterInfo> {
    let id = EncounterId(row.get(0)?);
    Ok(EncounterInfo {
        id,
        system: crate::entry::system_at(row, 1, &id.to_string())?,
        name: row.get(2)?,
        seed: u64_from_sql(row.get(3)?),
        cursor: u64_from_sql(row.get(4)?),
        commands: u64_from_sql(row.get(5)?),
        created: row.get(6)?,
        updated: row.get(7)?,
        last_opened: row.get(8)?,
        ended: row.get(9)?,
    })
}
