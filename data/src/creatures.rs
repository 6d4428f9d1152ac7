//! The bestiary: creatures per system, with a stat block as JSON, searchable by name and tags.

use crate::db::now_ms;
use crate::entry::{EntryTable, text_sql, uid_sql};
use crate::ids::CreatureId;
use crate::search::{Index, Search, normalize_tags, required};
use crate::{Db, DbError};
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};

/// A creature as the GM writes or edits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewCreature {
    /// The system whose stat block this is (`freeform`, `bdp`...).
    pub system: String,
    /// Name ("Goblin").
    pub name: String,
    /// Tags for filtering ("humanoid", "undead"); stored lowercase.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The system's stat block, a JSON object (see [`crate::block`] for the shared part).
    #[serde(default = "empty_object")]
    pub block: serde_json::Value,
}

/// A stored bestiary entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Creature {
    /// Row id.
    pub id: CreatureId,
    /// The id it travels with in Fray JSON files (the same in every database it reaches).
    pub uid: String,
    /// The system whose stat block this is.
    pub system: String,
    /// Name.
    pub name: String,
    /// Tags, lowercase.
    pub tags: Vec<String>,
    /// The stat block.
    pub block: serde_json::Value,
    /// When it was added (Unix milliseconds).
    pub created: i64,
    /// When it last changed (Unix milliseconds).
    pub updated: i64,
    /// A recurring foe carries its condition from fight to fight like a character; a plain
    /// creature is a template and enters every fight fresh.
    pub recurring: bool,
    /// How a recurring foe is now (always whole for a plain creature).
    pub condition: fray_app::campaign::Condition,
}

/// The bestiary of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct Creatures<'a> {
    db: &'a Db,
}

impl Db {
    /// The bestiary.
    pub fn creatures(&self) -> Creatures<'_> {
        Creatures { db: self }
    }
}

const INDEX: Index = Index {
    table: "creatures",
    fts: "creatures_fts",
    tags: "creature_tags",
    key: "creature_id",
    named: "{name tags}",
};
const COLUMNS: &str = "t.id, t.system, t.name, t.tags, t.block, t.created, t.updated, t.uid, t.recurring, t.condition";
const TABLE: EntryTable = EntryTable { table: "creatures", what: CreatureId::WHAT };

/// A deleted creature with everything it had, so the deletion can be undone.
#[derive(Debug, Clone, PartialEq)]
pub struct RemovedCreature {
    /// The creature as it was.
    pub creature: Creature,
    /// Its portrait, if it had one.
    pub portrait: Option<Vec<u8>>,
    origin: Option<String>,
}

impl Creatures<'_> {
    /// Adds a creature.
    pub fn insert(&self, new: &NewCreature) -> Result<CreatureId, DbError> {
        let id = insert(&self.db.lock(), new, None, None)?;
        Ok(id.expect("entries without an origin never conflict"))
    }

    /// Adds many creatures in one transaction (all or none).
    pub fn insert_many(&self, new: &[NewCreature]) -> Result<Vec<CreatureId>, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        let ids = new
            .iter()
            .map(|c| {
                Ok(insert(&tx, c, None, None)?.expect("entries without an origin never conflict"))
            })
            .collect::<Result<_, DbError>>()?;
        tx.commit()?;
        Ok(ids)
    }

    /// A creature by id.
    pub fn get(&self, id: CreatureId) -> Result<Option<Creature>, DbError> {
        let conn = self.db.lock();
        let sql = format!("SELECT {COLUMNS} FROM creatures t WHERE t.id = ?1");
        let row = conn.query_row(&sql, [id.0], raw).optional()?;
        row.map(Raw::parse).transpose()
    }

    /// Replaces a creature's system, name, tags and stat block.
    pub fn update(&self, id: CreatureId, new: &NewCreature) -> Result<(), DbError> {
        update(&self.db.lock(), id, new)
    }

    /// Deletes a creature; false when there was none.
    pub fn delete(&self, id: CreatureId) -> Result<bool, DbError> {
        Ok(self.db.lock().execute("DELETE FROM creatures WHERE id = ?1", [id.0])? > 0)
    }

    /// Deletes a creature and hands back all of it, for [`Creatures::restore`] (undo).
    pub fn remove(&self, id: CreatureId) -> Result<Option<RemovedCreature>, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        let sql =
            format!("SELECT {COLUMNS}, t.portrait, t.origin FROM creatures t WHERE t.id = ?1");
        let found =
            tx.query_row(&sql, [id.0], |r| Ok((raw(r)?, r.get(10)?, r.get(11)?))).optional()?;
        let Some((row, portrait, origin)) = found else { return Ok(None) };
        tx.execute("DELETE FROM creatures WHERE id = ?1", [id.0])?;
        tx.commit()?;
        Ok(Some(RemovedCreature { creature: row.parse()?, portrait, origin }))
    }

    /// Puts a removed creature back as it was: same id, uid, portrait and dates.
    pub fn restore(&self, removed: &RemovedCreature) -> Result<(), DbError> {
        let c = &removed.creature;
        let new = NewCreature {
            system: c.system.clone(),
            name: c.name.clone(),
            tags: c.tags.clone(),
            block: c.block.clone(),
        };
        let (system, name, tags, block) = columns(&new)?;
        self.db.lock().execute(
            &format!(
                "INSERT INTO creatures
                 (id, uid, system, name, tags, block, origin, portrait, created, updated,
                  recurring, condition, text)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, {})",
                text_sql(6)
            ),
            params![
                c.id.0,
                c.uid,
                system,
                name,
                tags,
                block,
                removed.origin,
                removed.portrait,
                c.created,
                c.updated,
                c.recurring,
                serde_json::to_string(&c.condition).expect("a condition serializes")
            ],
        )?;
        Ok(())
    }

    /// Marks a creature recurring (it carries its condition from fight to fight) or plain
    /// again (a template: its condition is forgotten); false when there is none.
    pub fn set_recurring(&self, id: CreatureId, recurring: bool) -> Result<bool, DbError> {
        let sql = if recurring {
            "UPDATE creatures SET recurring = 1 WHERE id = ?1"
        } else {
            "UPDATE creatures SET recurring = 0, condition = '{}' WHERE id = ?1"
        };
        Ok(self.db.lock().execute(sql, [id.0])? > 0)
    }

    /// A copy of a creature ("Goblin (copy)", its portrait too) with a new uid; its id.
    pub fn duplicate(&self, id: CreatureId) -> Result<CreatureId, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        let sql = format!(
            "INSERT INTO creatures (uid, system, name, tags, block, portrait, text, created, updated)
             SELECT {}, system, name || ' (copy)', tags, block, portrait, text, ?2, ?2
             FROM creatures WHERE id = ?1 RETURNING id",
            uid_sql(3)
        );
        let copy: Option<i64> =
            tx.query_row(&sql, params![id.0, now_ms(), None::<String>], |r| r.get(0)).optional()?;
        let copy = copy.ok_or(DbError::NotFound { what: CreatureId::WHAT, id: id.0 })?;
        tx.commit()?;
        Ok(CreatureId(copy))
    }

    /// A creature's portrait (a square PNG), if it has one.
    pub fn portrait(&self, id: CreatureId) -> Result<Option<Vec<u8>>, DbError> {
        TABLE.portrait(&self.db.lock(), id.0)
    }

    /// Sets (or with `None` clears) a creature's portrait: PNG bytes of a thumbnail.
    pub fn set_portrait(&self, id: CreatureId, png: Option<&[u8]>) -> Result<(), DbError> {
        TABLE.set_portrait(&self.db.lock(), id.0, png)
    }

    /// The creatures that have a portrait.
    pub fn with_portraits(&self) -> Result<Vec<CreatureId>, DbError> {
        Ok(TABLE.with_portraits(&self.db.lock())?.into_iter().map(CreatureId).collect())
    }

    /// The creature carrying `uid`, if any.
    pub fn by_uid(&self, uid: &str) -> Result<Option<CreatureId>, DbError> {
        Ok(TABLE.by_uid(&self.db.lock(), uid)?.map(CreatureId))
    }

    /// Creatures matching a search, ordered by name.
    pub fn search(&self, search: &Search) -> Result<Vec<Creature>, DbError> {
        let conn = self.db.lock();
        let rows = INDEX.search(&conn, COLUMNS, search, raw)?;
        rows.into_iter().map(|(_, r)| r.parse()).collect()
    }

    /// How many creatures there are.
    pub fn count(&self) -> Result<u64, DbError> {
        let n: i64 =
            self.db.lock().query_row("SELECT count(*) FROM creatures", [], |r| r.get(0))?;
        Ok(n.unsigned_abs())
    }
}

/// Inserts a creature; with an `origin` (bundled content) that already exists, does nothing
/// and returns `None`. Its uid is `uid`, else the origin, else a fresh random one.
pub(crate) fn insert(
    conn: &Connection,
    new: &NewCreature,
    origin: Option<&str>,
    uid: Option<&str>,
) -> Result<Option<CreatureId>, DbError> {
    let (system, name, tags, block) = columns(new)?;
    let now = now_ms();
    let uid = uid.or(origin);
    let id = conn
        .prepare_cached(&format!(
            "INSERT INTO creatures (system, name, tags, block, origin, created, updated, uid, text)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, {}, {})
             ON CONFLICT (origin) DO NOTHING RETURNING id",
            uid_sql(7),
            text_sql(4)
        ))?
        .query_row(params![system, name, tags, block, origin, now, uid], |r| r.get(0))
        .optional()?;
    Ok(id.map(CreatureId))
}

/// Replaces a creature's system, name, tags and stat block (inside the caller's transaction).
pub(crate) fn update(conn: &Connection, id: CreatureId, new: &NewCreature) -> Result<(), DbError> {
    let (system, name, tags, block) = columns(new)?;
    let changed = conn
        .prepare_cached(&format!(
            "UPDATE creatures SET system = ?2, name = ?3, tags = ?4, block = ?5, updated = ?6,
             text = {} WHERE id = ?1",
            text_sql(5)
        ))?
        .execute(params![id.0, system, name, tags, block, now_ms()])?;
    if changed == 0 {
        return Err(DbError::NotFound { what: CreatureId::WHAT, id: id.0 });
    }
    Ok(())
}

/// The validated column values of a creature.
fn columns(new: &NewCreature) -> Result<(String, String, String, String), DbError> {
    let system = required(&new.system, "creature system")?;
    let name = required(&new.name, "creature name")?;
    if !new.block.is_object() {
        return Err(DbError::Invalid(format!("{name}: the stat block must be a JSON object")));
    }
    let tags = serde_json::to_string(&normalize_tags(&new.tags)).expect("strings serialize");
    Ok((system, name, tags, new.block.to_string()))
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
    block: String,
    created: i64,
    updated: i64,
    uid: String,
    recurring: bool,
    condition: String,
}

fn raw(row: &Row<'_>) -> rusqlite::Result<Raw> {
    Ok(Raw {
        id: row.get(0)?,
        system: row.get(1)?,
        name: row.get(2)?,
        tags: row.get(3)?,
        block: row.get(4)?,
        created: row.get(5)?,
        updated: row.get(6)?,
        uid: row.get(7)?,
        recurring: row.get(8)?,
        condition: row.get(9)?,
    })
}

impl Raw {
    fn parse(self) -> Result<Creature, DbError> {
        let id = CreatureId(self.id);
        Ok(Creature {
            tags: serde_json::from_str(&self.tags)
                .map_err(|e| DbError::corrupt(id.to_string(), e))?,
            block: serde_json::from_str(&self.block)
                .map_err(|e| DbError::corrupt(id.to_string(), e))?,
            condition: serde_json::from_str(&self.condition)
                .map_err(|e| DbError::corrupt(format!("{id}'s condition"), e))?,
            recurring: self.recurring,
            id,
            uid: self.uid,
            system: self.system,
            name: self.name,
            created: self.created,
            updated: self.updated,
        })
    }
}
