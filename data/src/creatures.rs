//! The bestiary: creatures per system, with a stat block as JSON, searchable by name and tags.

use crate::db::now_ms;
use crate::entry::{Checked, EntryTable, RawEntry, text_sql, uid_sql};
use crate::ids::CreatureId;
use crate::search::{Index, Search};
use crate::{Db, DbError};
use fray_app::ids::SystemId;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// A creature as the GM writes or edits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewCreature {
    /// The system whose stat block this is (`freeform`, `bdp`...).
    pub system: SystemId,
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
    pub system: SystemId,
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
pub(crate) const TABLE: EntryTable = EntryTable {
    table: "creatures",
    what: CreatureId::WHAT,
    block_words: "stat block",
    columns: "t.id, t.system, t.name, t.tags, t.block, t.created, t.updated, t.uid, t.condition, \
              t.recurring",
};

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
        TABLE.get(&self.db.lock(), id.0)?.map(parse).transpose()
    }

    /// Replaces a creature's system, name, tags and stat block.
    pub fn update(&self, id: CreatureId, new: &NewCreature) -> Result<(), DbError> {
        update(&self.db.lock(), id, new)
    }

    /// Deletes a creature; false when there was none.
    pub fn delete(&self, id: CreatureId) -> Result<bool, DbError> {
        TABLE.delete(&self.db.lock(), id.0)
    }

    /// Deletes a creature and hands back all of it, for [`Creatures::restore`] (undo).
    pub fn remove(&self, id: CreatureId) -> Result<Option<RemovedCreature>, DbError> {
        let Some((row, portrait, origin)) = TABLE.take(&mut self.db.lock(), id.0)? else {
            return Ok(None);
        };
        Ok(Some(RemovedCreature { creature: parse(row)?, portrait, origin }))
    }

    /// Puts a removed creature back as it was: same id, uid, portrait and dates.
    pub fn restore(&self, removed: &RemovedCreature) -> Result<(), DbError> {
        let c = &removed.creature;
        let new = NewCreature {
            system: c.system,
            name: c.name.clone(),
            tags: c.tags.clone(),
            block: c.block.clone(),
        };
        let Checked { system, name, tags, block } = columns(&new)?;
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
        let rows = INDEX.search(&conn, TABLE.columns, search, RawEntry::read)?;
        rows.into_iter().map(|(_, r)| parse(r)).collect()
    }

    /// How many creatures there are.
    pub fn count(&self) -> Result<u64, DbError> {
        TABLE.count(&self.db.lock())
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
    let Checked { system, name, tags, block } = columns(new)?;
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
    let Checked { system, name, tags, block } = columns(new)?;
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
fn columns(new: &NewCreature) -> Result<Checked, DbError> {
    TABLE.check("creature", new.system, &new.name, &new.tags, &new.block)
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(serde_json::Map::new())
}

/// A stored row, parsed.
fn parse(row: RawEntry<bool>) -> Result<Creature, DbError> {
    let id = CreatureId(row.id);
    let parsed = row.parse(&id.to_string())?;
    Ok(Creature {
        id,
        uid: row.uid,
        system: parsed.system,
        name: row.name,
        tags: parsed.tags,
        block: parsed.block,
        created: row.created,
        updated: row.updated,
        recurring: row.own,
        condition: parsed.condition,
    })
}
