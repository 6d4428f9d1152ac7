//! Templates the GM prepares between sessions: a detachment (a stat block and how many) and an
//! encounter board (zones, sides, combatants where they stand) to start new encounters from.

use crate::db::now_ms;
use crate::entry::uid_sql;
use crate::ids::TemplateId;
use crate::search::required;
use crate::{Db, DbError};
use fray_app::Encounter;
use fray_app::ids::SystemId;
use fray_app::system::MAX_ADD_COUNT;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What a template holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TemplateKind {
    /// A stat block and a count, dropped as one detachment ([`Detachment`]).
    Detachment,
    /// An encounter board ([`Board`]).
    Encounter,
}

impl TemplateKind {
    /// The word stored in the database and in Fray JSON files.
    pub fn word(self) -> &'static str {
        match self {
            Self::Detachment => "detachment",
            Self::Encounter => "encounter",
        }
    }

    fn from_word(word: &str) -> Option<Self> {
        [Self::Detachment, Self::Encounter].into_iter().find(|k| k.word() == word)
    }
}

/// The body of a detachment template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Detachment {
    /// The name of one member ("Goblin"): the token is named from it.
    pub creature: String,
    /// The stat block of one member.
    pub block: Value,
    /// How many members, 2 to 100.
    pub count: u32,
}

/// The body of an encounter template: the board as it was saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// The encounter state to start from (zones, sides, combatants, settings, tables).
    pub board: Encounter,
}

/// A template as the GM saves or edits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewTemplate {
    /// What it holds.
    pub kind: TemplateKind,
    /// The system it belongs to.
    pub system: SystemId,
    /// Its name ("Goblin war band", "The ferry at night").
    pub name: String,
    /// A [`Detachment`] or a [`Board`], as JSON.
    pub body: Value,
}

impl NewTemplate {
    /// A detachment template of `count` × the creature `creature` with `block`.
    pub fn detachment(system: SystemId, name: &str, d: &Detachment) -> Self {
        Self {
            kind: TemplateKind::Detachment,
            system,
            name: name.to_owned(),
            body: serde_json::to_value(d).expect("a detachment serializes"),
        }
    }

    /// An encounter template of `board` (its system is the board's).
    pub fn board(name: &str, board: &Encounter) -> Self {
        Self {
            kind: TemplateKind::Encounter,
            system: board.system_id(),
            name: name.to_owned(),
            body: serde_json::to_value(Board { board: board.clone() })
                .expect("an encounter serializes"),
        }
    }

    /// Checks the body against its kind; the message names the template and the field.
    pub fn check(&self) -> Result<(), String> {
        let name = self.name.trim();
        match self.kind {
            TemplateKind::Detachment => {
                let d: Detachment = serde_json::from_value(self.body.clone())
                    .map_err(|e| format!("detachment {name}: {e}"))?;
                if d.creature.trim().is_empty() {
                    return Err(format!("detachment {name}, field 'creature': must not be empty"));
                }
                if !d.block.is_object() {
                    return Err(format!("detachment {name}, field 'block': must be a JSON object"));
                }
                if !(2..=MAX_ADD_COUNT).contains(&d.count) {
                    return Err(format!(
                        "detachment {name}, field 'count': must be between 2 and {MAX_ADD_COUNT}, not {}",
                        d.count
                    ));
                }
                Ok(())
            }
            TemplateKind::Encounter => {
                let b: Board = serde_json::from_value(self.body.clone())
                    .map_err(|e| format!("encounter template {name}: {e}"))?;
                if b.board.system_id() != self.system {
                    return Err(format!(
                        "encounter template {name}, field 'board.system': {} is not {}",
                        b.board.system_id(),
                        self.system
                    ));
                }
                Ok(())
            }
        }
    }
}

/// A stored template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Template {
    /// Row id.
    pub id: TemplateId,
    /// The id it travels with in Fray JSON files.
    pub uid: String,
    /// What it holds.
    pub kind: TemplateKind,
    /// The system it belongs to.
    pub system: SystemId,
    /// Its name.
    pub name: String,
    /// A [`Detachment`] or a [`Board`], as JSON.
    pub body: Value,
    /// When it was added (Unix milliseconds).
    pub created: i64,
    /// When it last changed (Unix milliseconds).
    pub updated: i64,
}

impl Template {
    /// The detachment it holds (a detachment template's body, checked when stored).
    pub fn detachment(&self) -> Result<Detachment, DbError> {
        serde_json::from_value(self.body.clone())
            .map_err(|e| DbError::corrupt(self.id.to_string(), e))
    }

    /// The board it holds (an encounter template's body, checked when stored).
    pub fn board(&self) -> Result<Encounter, DbError> {
        let b: Board = serde_json::from_value(self.body.clone())
            .map_err(|e| DbError::corrupt(self.id.to_string(), e))?;
        Ok(b.board)
    }

    /// The template as written, for editing or export.
    pub fn to_new(&self) -> NewTemplate {
        NewTemplate {
            kind: self.kind,
            system: self.system,
            name: self.name.clone(),
            body: self.body.clone(),
        }
    }
}

/// The templates of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct Templates<'a> {
    db: &'a Db,
}

impl Db {
    /// The saved templates.
    pub fn templates(&self) -> Templates<'_> {
        Templates { db: self }
    }
}

const COLUMNS: &str = "id, uid, kind, system, name, body, created, updated";

impl Templates<'_> {
    /// Saves a template (checked: see [`NewTemplate::check`]).
    pub fn insert(&self, new: &NewTemplate) -> Result<TemplateId, DbError> {
        insert(&self.db.lock(), new, None)
    }

    /// A template by id.
    pub fn get(&self, id: TemplateId) -> Result<Option<Template>, DbError> {
        let conn = self.db.lock();
        let sql = format!("SELECT {COLUMNS} FROM templates WHERE id = ?1");
        conn.query_row(&sql, [id.0], raw).optional()?.map(Raw::parse).transpose()
    }

    /// Replaces a template's name and body (its kind and system stay).
    pub fn update(&self, id: TemplateId, new: &NewTemplate) -> Result<(), DbError> {
        update(&self.db.lock(), id, new)
    }

    /// Deletes a template and hands it back, for [`Templates::restore`] (undo).
    pub fn remove(&self, id: TemplateId) -> Result<Option<Template>, DbError> {
        let found = self.get(id)?;
        if found.is_some() {
            self.db.lock().execute("DELETE FROM templates WHERE id = ?1", [id.0])?;
        }
        Ok(found)
    }

    /// Puts a removed template back as it was: same id, uid and dates.
    pub fn restore(&self, t: &Template) -> Result<(), DbError> {
        let (name, body) = columns(&t.to_new())?;
        self.db.lock().execute(
            "INSERT INTO templates (id, uid, kind, system, name, body, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                t.id.0,
                t.uid,
                t.kind.word(),
                t.system.as_str(),
                name,
                body,
                t.created,
                t.updated
            ],
        )?;
        Ok(())
    }

    /// A copy of a template ("… (copy)") with a new uid; its id.
    pub fn duplicate(&self, id: TemplateId) -> Result<TemplateId, DbError> {
        let t = self.get(id)?.ok_or(DbError::NotFound { what: TemplateId::WHAT, id: id.0 })?;
        let mut new = t.to_new();
        new.name = format!("{} (copy)", t.name);
        self.insert(&new)
    }

    /// The templates of a kind (and of one system, or all), by name.
    pub fn list(
        &self,
        kind: TemplateKind,
        system: Option<SystemId>,
    ) -> Result<Vec<Template>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM templates WHERE kind = ?1 AND (?2 IS NULL OR system = ?2)
             ORDER BY name COLLATE NOCASE, id"
        ))?;
        let rows = stmt.query_map(params![kind.word(), system.map(SystemId::as_str)], raw)?;
        rows.map(|r| r?.parse()).collect()
    }

    /// The template carrying `uid`, if any.
    pub fn by_uid(&self, uid: &str) -> Result<Option<TemplateId>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached("SELECT id FROM templates WHERE uid = ?1")?;
        Ok(stmt.query_row([uid], |r| r.get(0)).optional()?.map(TemplateId))
    }
}

/// Inserts a template with `uid` (or a fresh one).
pub(crate) fn insert(
    conn: &Connection,
    new: &NewTemplate,
    uid: Option<&str>,
) -> Result<TemplateId, DbError> {
    let (name, body) = columns(new)?;
    let system = new.system.as_str();
    let id = conn
        .prepare_cached(&format!(
            "INSERT INTO templates (uid, kind, system, name, body, created, updated)
             VALUES ({}, ?2, ?3, ?4, ?5, ?6, ?6) RETURNING id",
            uid_sql(1)
        ))?
        .query_row(params![uid, new.kind.word(), system, name, body, now_ms()], |r| r.get(0))?;
    Ok(TemplateId(id))
}

/// Inserts a bundled template once: nothing when one with `origin` is there already (kept as
/// the GM left it, edited or not).
pub(crate) fn insert_bundled(
    conn: &Connection,
    new: &NewTemplate,
    origin: &str,
) -> Result<Option<TemplateId>, DbError> {
    let (name, body) = columns(new)?;
    let system = new.system.as_str();
    let id = conn
        .prepare_cached(
            "INSERT INTO templates (uid, kind, system, name, body, origin, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?1, ?6, ?6)
             ON CONFLICT (origin) DO NOTHING RETURNING id",
        )?
        .query_row(params![origin, new.kind.word(), system, name, body, now_ms()], |r| r.get(0))
        .optional()?;
    Ok(id.map(TemplateId))
}

/// Replaces a template's name and body (inside the caller's transaction).
pub(crate) fn update(conn: &Connection, id: TemplateId, new: &NewTemplate) -> Result<(), DbError> {
    let (name, body) = columns(new)?;
    let changed = conn
        .prepare_cached("UPDATE templates SET name = ?2, body = ?3, updated = ?4 WHERE id = ?1")?
        .execute(params![id.0, name, body, now_ms()])?;
    if changed == 0 {
        return Err(DbError::NotFound { what: TemplateId::WHAT, id: id.0 });
    }
    Ok(())
}

/// The checked name and body of a template.
fn columns(new: &NewTemplate) -> Result<(String, String), DbError> {
    let name = required(&new.name, "template name")?;
    new.check().map_err(DbError::Invalid)?;
    Ok((name, new.body.to_string()))
}

struct Raw {
    id: i64,
    uid: String,
    kind: String,
    system: String,
    name: String,
    body: String,
    created: i64,
    updated: i64,
}

fn raw(row: &Row<'_>) -> rusqlite::Result<Raw> {
    Ok(Raw {
        id: row.get(0)?,
        uid: row.get(1)?,
        kind: row.get(2)?,
        system: row.get(3)?,
        name: row.get(4)?,
        body: row.get(5)?,
        created: row.get(6)?,
        updated: row.get(7)?,
    })
}

impl Raw {
    fn parse(self) -> Result<Template, DbError> {
        let id = TemplateId(self.id);
        let kind = TemplateKind::from_word(&self.kind).ok_or_else(|| {
            DbError::corrupt(id.to_string(), format!("unknown kind {}", self.kind))
        })?;
        Ok(Template {
            body: serde_json::from_str(&self.body)
                .map_err(|e| DbError::corrupt(id.to_string(), e))?,
            id,
            uid: self.uid,
            kind,
            system: crate::entry::system_column(&id.to_string(), &self.system)?,
            name: self.name,
            created: self.created,
            updated: self.updated,
        })
    }
}
