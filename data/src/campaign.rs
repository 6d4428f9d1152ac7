//! What outlives a fight, stored: the conditions of the characters and recurring foes, and the
//! campaign steps that change them (a fight's write-back, a rest, a heal by hand). A step and
//! every condition it writes go in one transaction: a kill in the middle leaves all or
//! nothing. Undo puts back the conditions the step found; redo writes its own again.

use crate::db::now_ms;
use crate::ids::{EncounterId, PlaySessionId};
use crate::{Db, DbError};
use fray_app::campaign::company::Member;
use fray_app::campaign::{CampaignStep, Company, Condition};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// A step as a session part keeps it: the step, and the encounter it ended, if it ended one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct StoredStep {
    pub step: CampaignStep,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<EncounterId>,
}

/// The campaign of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct Campaign<'a> {
    db: &'a Db,
}

impl Db {
    /// What outlives a fight: the company, and the steps that change it.
    pub fn campaign(&self) -> Campaign<'_> {
        Campaign { db: self }
    }
}

/// A step taken back or put back: what it was, and the encounter it ended, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct Stepped {
    /// The step.
    pub step: CampaignStep,
    /// The encounter whose fight it ended.
    pub ended: Option<EncounterId>,
}

impl Campaign<'_> {
    /// Everyone of `system` who carries a condition: its characters and its recurring foes,
    /// by the key their tokens carry (`character:3`, `creature:12`).
    pub fn company(&self, system: &str) -> Result<Company, DbError> {
        let conn = self.db.lock();
        let mut company = Company::default();
        let sql =
            "SELECT 'character:' || id, name, sheet, condition FROM characters WHERE system = ?1
                   UNION ALL
                   SELECT 'creature:' || id, name, block, condition FROM creatures
                   WHERE system = ?1 AND recurring = 1";
        let mut stmt = conn.prepare_cached(sql)?;
        let rows = stmt.query_map([system], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?;
        for row in rows {
            let (key, name, sheet, condition) = row?;
            let sheet: serde_json::Value =
                serde_json::from_str(&sheet).map_err(|e| DbError::corrupt(key.clone(), e))?;
            let condition: Condition = serde_json::from_str(&condition)
                .map_err(|e| DbError::corrupt(format!("{key}'s condition"), e))?;
            company.members.insert(key, Member::new(system, &name, &sheet, condition));
        }
        Ok(company)
    }

    /// Writes a step into `session`: every condition it changes, the step itself, and (for a
    /// write-back) the encounter it ends, in one transaction. Steps undone before it are
    /// dropped (a new step replaces the redo tail).
    pub fn apply(
        &self,
        session: PlaySessionId,
        step: &CampaignStep,
        ended: Option<EncounterId>,
    ) -> Result<(), DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM session_parts WHERE session_id = ?1 AND kind = 'step' AND undone = 1",
            [session.0],
        )?;
        write_conditions(&tx, step.applied())?;
        if let Some(id) = ended {
            tx.execute("UPDATE encounters SET ended = ?2 WHERE id = ?1", params![id.0, now_ms()])?;
        }
        let body = serde_json::to_string(&StoredStep { step: step.clone(), ended })
            .expect("a step serializes");
        tx.execute(
            "INSERT INTO session_parts (session_id, kind, body, created) VALUES (?1, 'step', ?2, ?3)",
            params![session.0, body, now_ms()],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Takes back the session's latest step: the conditions it found, the encounter it ended
    /// open again. `None` when there is nothing to undo.
    pub fn undo(&self, session: PlaySessionId) -> Result<Option<Stepped>, DbError> {
        self.turn(session, true)
    }

    /// Puts back the step undone last. `None` when there is nothing to redo.
    pub fn redo(&self, session: PlaySessionId) -> Result<Option<Stepped>, DbError> {
        self.turn(session, false)
    }

    fn turn(&self, session: PlaySessionId, undo: bool) -> Result<Option<Stepped>, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        // Undo takes the newest step in effect; redo the oldest undone one.
        let sql = if undo {
            "SELECT id, body FROM session_parts WHERE session_id = ?1 AND kind = 'step'
             AND undone = 0 ORDER BY id DESC LIMIT 1"
        } else {
            "SELECT id, body FROM session_parts WHERE session_id = ?1 AND kind = 'step'
             AND undone = 1 ORDER BY id ASC LIMIT 1"
        };
        let found: Option<(i64, String)> =
            tx.query_row(sql, [session.0], |r| Ok((r.get(0)?, r.get(1)?))).optional()?;
        let Some((part, body)) = found else { return Ok(None) };
        let stored: StoredStep = serde_json::from_str(&body)
            .map_err(|e| DbError::corrupt(format!("{session}, step {part}"), e))?;
        if undo {
            write_conditions(&tx, stored.step.undone())?;
        } else {
            write_conditions(&tx, stored.step.applied())?;
        }
        if let Some(id) = stored.ended {
            let ended = if undo { None } else { Some(now_ms()) };
            tx.execute("UPDATE encounters SET ended = ?2 WHERE id = ?1", params![id.0, ended])?;
        }
        tx.execute("UPDATE session_parts SET undone = ?2 WHERE id = ?1", params![part, undo])?;
        tx.commit()?;
        Ok(Some(Stepped { step: stored.step, ended: stored.ended }))
    }

    /// Whether the session has a step to undo, and one to redo.
    pub fn can_undo_redo(&self, session: PlaySessionId) -> Result<(bool, bool), DbError> {
        let conn = self.db.lock();
        let count = |undone: bool| -> Result<bool, DbError> {
            Ok(conn.query_row(
                "SELECT EXISTS (SELECT 1 FROM session_parts WHERE session_id = ?1
                 AND kind = 'step' AND undone = ?2)",
                params![session.0, undone],
                |r| r.get(0),
            )?)
        };
        Ok((count(false)?, count(true)?))
    }
}

/// Writes conditions by key. A character or recurring foe deleted since keeps its copy in the
/// step (its sheet and conditions) and is skipped here; a key of another kind is refused.
fn write_conditions<'a>(
    conn: &Connection,
    conditions: impl Iterator<Item = (&'a str, &'a Condition)>,
) -> Result<(), DbError> {
    for (who, condition) in conditions {
        let json = serde_json::to_string(condition).expect("a condition serializes");
        let (table, id) = match who.split_once(':') {
            Some(("character", id)) => ("characters", id),
            Some(("creature", id)) => ("creatures", id),
            _ => return Err(DbError::Invalid(format!("no character or recurring foe '{who}'"))),
        };
        let id: i64 = id
            .parse()
            .map_err(|_| DbError::Invalid(format!("no character or recurring foe '{who}'")))?;
        conn.execute(
            &format!("UPDATE {table} SET condition = ?2 WHERE id = ?1"),
            params![id, json],
        )?;
    }
    Ok(())
}
