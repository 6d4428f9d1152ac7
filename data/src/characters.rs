//! Characters: the players' characters (and recurring NPCs), per system, with a sheet as JSON
//! and an optional party, searchable by name, tags and party.

use crate::db::now_ms;
use crate::ids::CharacterId;
use crate::search::{Index, Search, normalize_tags, required};
use crate::{Db, DbError};
use rusqlite::{Connection, OptionalExtension, Row, params, params_from_iter};
use serde::{Deserialize, Serialize};

/// A character as the GM writes or edits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewCharacter {
    /// The system whose sheet this is.
    pub system: String,
    /// Name ("Harald").
    pub name: String,
    /// Tags for filtering; stored lowercase.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The system's character sheet, a JSON object (see [`crate::block`] for the shared part).
    #[serde(default = "empty_object")]
    pub sheet: serde_json::Value,
    /// The party (or group) the character belongs to, if any.
    #[serde(default)]
    pub party: Option<String>,
}

/// A stored character.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Character {
    /// Row id.
    pub id: CharacterId,
    /// The system whose sheet this is.
    pub system: String,
    /// Name.
    pub name: String,
    /// Tags, lowercase.
    pub tags: Vec<String>,
    /// The sheet.
    pub sheet: serde_json::Value,
    /// The party, if any.
    pub party: Option<String>,
    /// When it was added (Unix milliseconds).
    pub created: i64,
    /// When it last changed (Unix milliseconds).
    pub updated: i64,
}

/// The characters of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct Characters<'a> {
    db: &'a Db,
}

impl Db {
    /// The characters.
    pub fn characters(&self) -> Characters<'_> {
        Characters { db: self }
    }
}

const INDEX: Index = Index {
    table: "characters",
    fts: "characters_fts",
    tags: "character_tags",
    key: "character_id",
};
const COLUMNS: &str = "t.id, t.system, t.name, t.tags, t.sheet, t.party, t.created, t.updated";

impl Characters<'_> {
    /// Adds a character.
    pub fn insert(&self, new: &NewCharacter) -> Result<CharacterId, DbError> {
        let id = insert(&self.db.lock(), new, None)?;
        Ok(id.expect("entries without an origin never conflict"))
    }

    /// A character by id.
    pub fn get(&self, id: CharacterId) -> Result<Option<Character>, DbError> {
        let conn = self.db.lock();
        let sql = format!("SELECT {COLUMNS} FROM characters t WHERE t.id = ?1");
        let row = conn.query_row(&sql, [id.0], raw).optional()?;
        row.map(Raw::parse).transpose()
    }

    /// Replaces a character's system, name, tags, sheet and party.
    pub fn update(&self, id: CharacterId, new: &NewCharacter) -> Result<(), DbError> {
        let c = columns(new)?;
        let changed = self.db.lock().execute(
            "UPDATE characters SET system = ?2, name = ?3, tags = ?4, sheet = ?5, party = ?6,
             updated = ?7 WHERE id = ?1",
            params![id.0, c.system, c.name, c.tags, c.sheet, c.party, now_ms()],
        )?;
        if changed == 0 {
            return Err(DbError::NotFound { what: CharacterId::WHAT, id: id.0 });
        }
        Ok(())
    }

    /// Deletes a character; false when there was none.
    pub fn delete(&self, id: CharacterId) -> Result<bool, DbError> {
        Ok(self.db.lock().execute("DELETE FROM characters WHERE id = ?1", [id.0])? > 0)
    }

    /// Characters matching a search (the text also matches the party), ordered by name.
    pub fn search(&self, search: &Search) -> Result<Vec<Character>, DbError> {
        let conn = self.db.lock();
        let (sql, params) = INDEX.select(&conn, COLUMNS, search)?;
        let mut stmt = conn.prepare_cached(&sql)?;
        let rows = stmt.query_map(params_from_iter(params), raw)?;
        rows.map(|r| r?.parse()).collect()
    }

    /// The members of a party, ordered by name.
    pub fn party(&self, party: &str) -> Result<Vec<Character>, DbError> {
        let conn = self.db.lock();
        let sql = format!(
            "SELECT {COLUMNS} FROM characters t WHERE t.party = ?1
             ORDER BY t.name COLLATE NOCASE, t.id"
        );
        let mut stmt = conn.prepare_cached(&sql)?;
        let rows = stmt.query_map([party.trim()], raw)?;
        rows.map(|r| r?.parse()).collect()
    }
}

/// Inserts a character; with an `origin` (bundled content) that already exists, does
/// nothing and returns `None`.
pub(crate) fn insert(
    conn: &Connection,
    new: &NewCharacter,
    origin: Option<&str>,
) -> Result<Option<CharacterId>, DbError> {
    let c = columns(new)?;
    let id = conn
        .prepare_cached(
            "INSERT INTO characters (system, name, tags, sheet, party, origin, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
             ON CONFLICT (origin) DO NOTHING RETURNING id",
        )?
        .query_row(params![c.system, c.name, c.tags, c.sheet, c.party, origin, now_ms()], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(id.map(CharacterId))
}

/// The validated column values of a character.
struct Columns {
    system: String,
    name: String,
    tags: String,
    sheet: String,
    party: Option<String>,
}

fn columns(new: &NewCharacter) -> Result<Columns, DbError> {
    let system = required(&new.system, "character system")?;
    let name = required(&new.name, "character name")?;
    if !new.sheet.is_object() {
        return Err(DbError::Invalid(format!("{name}: the sheet must be a JSON object")));
    }
    let tags = serde_json::to_string(&normalize_tags(&new.tags)).expect("strings serialize");
    // A blank party is no party, so it never shows up as a group of its own.
    let party = new.party.as_deref().map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned);
    Ok(Columns { system, name, tags, sheet: new.sheet.to_string(), party })
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(serde_json::Map::new())
}

/// A row as stored, before its JSON is parsed.
struct Raw {
    id: i64,
    system: String,
    name: String,
    tags: String,
    sheet: String,
    party: Option<String>,
    created: i64,
    updated: i64,
}

fn raw(row: &Row<'_>) -> rusqlite::Result<Raw> {
    Ok(Raw {
        id: row.get(0)?,
        system: row.get(1)?,
        name: row.get(2)?,
        tags: row.get(3)?,
        sheet: row.get(4)?,
        party: row.get(5)?,
        created: row.get(6)?,
        updated: row.get(7)?,
    })
}

impl Raw {
    fn parse(self) -> Result<Character, DbError> {
        let id = CharacterId(self.id);
        Ok(Character {
            tags: serde_json::from_str(&self.tags)
                .map_err(|e| DbError::corrupt(id.to_string(), e))?,
            sheet: serde_json::from_str(&self.sheet)
                .map_err(|e| DbError::corrupt(id.to_string(), e))?,
            id,
            system: self.system,
            name: self.name,
            party: self.party,
            created: self.created,
            updated: self.updated,
        })
    }
}
