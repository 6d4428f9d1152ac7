//! Characters: the players' characters (and recurring NPCs), per system, with a sheet as JSON
//! and an optional party, searchable by name, tags and party.

use crate::db::now_ms;
use crate::entry::{Checked, EntryTable, RawEntry, text_sql, uid_sql};
use crate::ids::CharacterId;
use crate::search::{Index, Search};
use crate::{Db, DbError};
use fray_app::ids::SystemId;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// A character as the GM writes or edits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewCharacter {
    /// The system whose sheet this is.
    pub system: SystemId,
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
    /// The id it travels with in Fray JSON files (the same in every database it reaches).
    pub uid: String,
    /// The system whose sheet this is.
    pub system: SystemId,
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
    /// How it is now, against its sheet (what the last fight and rest left).
    pub condition: fray_app::campaign::Condition,
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
    named: "{name tags party}",
};
pub(crate) const TABLE: EntryTable = EntryTable {
    table: "characters",
    what: CharacterId::WHAT,
    block_words: "sheet",
    columns: "t.id, t.system, t.name, t.tags, t.sheet, t.created, t.updated, t.uid, t.condition, \
              t.party",
};

/// A deleted character with everything it had, so the deletion can be undone.
#[derive(Debug, Clone, PartialEq)]
pub struct RemovedCharacter {
    /// The character as it was.
    pub character: Character,
    /// Its portrait, if it had one.
    pub portrait: Option<Vec<u8>>,
    origin: Option<String>,
}

impl Characters<'_> {
    /// Adds a character.
    pub fn insert(&self, new: &NewCharacter) -> Result<CharacterId, DbError> {
        let id = insert(&self.db.lock(), new, None, None)?;
        Ok(id.expect("entries without an origin never conflict"))
    }

    /// A character by id.
    pub fn get(&self, id: CharacterId) -> Result<Option<Character>, DbError> {
        TABLE.get(&self.db.lock(), id.0)?.map(parse).transpose()
    }

    /// Replaces a character's system, name, tags, sheet and party.
    pub fn update(&self, id: CharacterId, new: &NewCharacter) -> Result<(), DbError> {
        update(&self.db.lock(), id, new)
    }

    /// Deletes a character; false when there was none.
    pub fn delete(&self, id: CharacterId) -> Result<bool, DbError> {
        TABLE.delete(&self.db.lock(), id.0)
    }

    /// Deletes a character and hands back all of it, for [`Characters::restore`] (undo).
    pub fn remove(&self, id: CharacterId) -> Result<Option<RemovedCharacter>, DbError> {
        let Some((row, portrait, origin)) = TABLE.take(&mut self.db.lock(), id.0)? else {
            return Ok(None);
        };
        Ok(Some(RemovedCharacter { character: parse(row)?, portrait, origin }))
    }

    /// Puts a removed character back as it was: same id, uid, portrait and dates.
    pub fn restore(&self, removed: &RemovedCharacter) -> Result<(), DbError> {
        let ch = &removed.character;
        let new = NewCharacter {
            system: ch.system,
            name: ch.name.clone(),
            tags: ch.tags.clone(),
            sheet: ch.sheet.clone(),
            party: ch.party.clone(),
        };
        let c = columns(&new)?;
        self.db.lock().execute(
            &format!(
                "INSERT INTO characters (id, uid, system, name, tags, sheet, party, origin,
                 portrait, created, updated, condition, text)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, {})",
                text_sql(6)
            ),
            params![
                ch.id.0,
                ch.uid,
                c.system,
                c.name,
                c.tags,
                c.block,
                c.party,
                removed.origin,
                removed.portrait,
                ch.created,
                ch.updated,
                serde_json::to_string(&ch.condition).expect("a condition serializes")
            ],
        )?;
        Ok(())
    }

    /// A copy of a character ("Harald (copy)", its portrait too) with a new uid; its id.
    pub fn duplicate(&self, id: CharacterId) -> Result<CharacterId, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        let sql = format!(
            "INSERT INTO characters
             (uid, system, name, tags, sheet, party, portrait, text, created, updated, condition)
             SELECT {}, system, name || ' (copy)', tags, sheet, party, portrait, text, ?2, ?2,
             condition
             FROM characters WHERE id = ?1 RETURNING id",
            uid_sql(3)
        );
        let copy: Option<i64> =
            tx.query_row(&sql, params![id.0, now_ms(), None::<String>], |r| r.get(0)).optional()?;
        let copy = copy.ok_or(DbError::NotFound { what: CharacterId::WHAT, id: id.0 })?;
        tx.commit()?;
        Ok(CharacterId(copy))
    }

    /// A character's portrait (a square PNG), if it has one.
    pub fn portrait(&self, id: CharacterId) -> Result<Option<Vec<u8>>, DbError> {
        TABLE.portrait(&self.db.lock(), id.0)
    }

    /// Sets (or with `None` clears) a character's portrait: PNG bytes of a thumbnail.
    pub fn set_portrait(&self, id: CharacterId, png: Option<&[u8]>) -> Result<(), DbError> {
        TABLE.set_portrait(&self.db.lock(), id.0, png)
    }

    /// The characters that have a portrait.
    pub fn with_portraits(&self) -> Result<Vec<CharacterId>, DbError> {
        Ok(TABLE.with_portraits(&self.db.lock())?.into_iter().map(CharacterId).collect())
    }

    /// The character carrying `uid`, if any.
    pub fn by_uid(&self, uid: &str) -> Result<Option<CharacterId>, DbError> {
        Ok(TABLE.by_uid(&self.db.lock(), uid)?.map(CharacterId))
    }

    /// Every party name, in order, with how many characters of `system` (or all) are in it.
    pub fn parties(&self, system: Option<SystemId>) -> Result<Vec<(String, u32)>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT party, count(*) FROM characters
             WHERE party IS NOT NULL AND (?1 IS NULL OR system = ?1)
             GROUP BY party ORDER BY party COLLATE NOCASE",
        )?;
        let rows =
            stmt.query_map([system.map(SystemId::as_str)], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Characters matching a search (the text also matches the party), ordered by name.
    pub fn search(&self, search: &Search) -> Result<Vec<Character>, DbError> {
        let conn = self.db.lock();
        let rows = INDEX.search(&conn, TABLE.columns, search, RawEntry::read)?;
        rows.into_iter().map(|(_, r)| parse(r)).collect()
    }

    /// The members of a party, ordered by name.
    pub fn party(&self, party: &str) -> Result<Vec<Character>, DbError> {
        let conn = self.db.lock();
        let sql = format!(
            "SELECT {} FROM characters t WHERE t.party = ?1
             ORDER BY t.name COLLATE NOCASE, t.id",
            TABLE.columns
        );
        let mut stmt = conn.prepare_cached(&sql)?;
        let rows = stmt.query_map([party.trim()], RawEntry::read)?;
        rows.map(|r| parse(r?)).collect()
    }
}

/// Inserts a character; with an `origin` (bundled content) that already exists, does
/// nothing and returns `None`. Its uid is `uid`, else the origin, else a fresh random one.
pub(crate) fn insert(
    conn: &Connection,
    new: &NewCharacter,
    origin: Option<&str>,
    uid: Option<&str>,
) -> Result<Option<CharacterId>, DbError> {
    let c = columns(new)?;
    let uid = uid.or(origin);
    let id = conn
        .prepare_cached(&format!(
            "INSERT INTO characters
             (system, name, tags, sheet, party, origin, created, updated, uid, text)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, {}, {})
             ON CONFLICT (origin) DO NOTHING RETURNING id",
            uid_sql(8),
            text_sql(4)
        ))?
        .query_row(
            params![c.system, c.name, c.tags, c.block, c.party, origin, now_ms(), uid],
            |r| r.get(0),
        )
        .optional()?;
    Ok(id.map(CharacterId))
}

/// Replaces a character's system, name, tags, sheet and party (inside the caller's
/// transaction).
pub(crate) fn update(
    conn: &Connection,
    id: CharacterId,
    new: &NewCharacter,
) -> Result<(), DbError> {
    let c = columns(new)?;
    let changed = conn
        .prepare_cached(&format!(
            "UPDATE characters SET system = ?2, name = ?3, tags = ?4, sheet = ?5, party = ?6,
             updated = ?7, text = {} WHERE id = ?1",
            text_sql(5)
        ))?
        .execute(params![id.0, c.system, c.name, c.tags, c.block, c.party, now_ms()])?;
    if changed == 0 {
        return Err(DbError::NotFound { what: CharacterId::WHAT, id: id.0 });
    }
    Ok(())
}

/// The validated column values of a character, and its party.
struct Columns {
    checked: Checked,
    party: Option<String>,
}

impl std::ops::Deref for Columns {
    type Target = Checked;

    fn deref(&self) -> &Checked {
        &self.checked
    }
}

fn columns(new: &NewCharacter) -> Result<Columns, DbError> {
    let checked = TABLE.check("character", new.system, &new.name, &new.tags, &new.sheet)?;
    // A blank party is no party, so it never shows up as a group of its own.
    let party = new.party.as_deref().map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned);
    Ok(Columns { checked, party })
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(serde_json::Map::new())
}

/// A stored row, parsed.
fn parse(row: RawEntry<Option<String>>) -> Result<Character, DbError> {
    let id = CharacterId(row.id);
    let parsed = row.parse(&id.to_string())?;
    Ok(Character {
        id,
        uid: row.uid,
        system: parsed.system,
        name: row.name,
        tags: parsed.tags,
        sheet: parsed.block,
        party: row.own,
        created: row.created,
        updated: row.updated,
        condition: parsed.condition,
    })
}
