//! Sessions: an evening's play, named and dated, holding in order the encounters played, the
//! campaign steps (write-backs, rests, heals: see [`crate::campaign`]), the tray's rolls made
//! between fights and the GM's notes. Exported whole as one journal.

use crate::campaign::StoredStep;
use crate::db::now_ms;
use crate::ids::{EncounterId, PlaySessionId};
use crate::search::required;
use crate::{Db, DbError, Session};
use fray_app::campaign::Happening;
use fray_app::campaign::session::{Part, SessionLog};
use fray_app::dice::Roll;
use fray_app::journal::JournalDoc;
use rusqlite::{OptionalExtension, params};

/// A session as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaySession {
    /// Row id.
    pub id: PlaySessionId,
    /// Name ("Session 4: the crypt").
    pub name: String,
    /// Its day (`2026-11-27`).
    pub day: String,
    /// Encounters played in it.
    pub fights: u32,
    /// Steps in effect (write-backs, rests, heals).
    pub steps: u32,
}

/// Settings key of the session the GM chose for a day (started or taken up again).
const CURRENT_KEY: &str = "session.current";

/// The session chosen, and the day it was chosen for (another day starts its own).
#[derive(serde::Serialize, serde::Deserialize)]
struct Current {
    id: i64,
    day: String,
}

/// The sessions of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct PlaySessions<'a> {
    db: &'a Db,
}

impl Db {
    /// The sessions (evenings of play).
    pub fn play_sessions(&self) -> PlaySessions<'_> {
        PlaySessions { db: self }
    }
}

const LIST: &str = "SELECT s.id, s.name, s.day,
    (SELECT count(*) FROM session_parts p WHERE p.session_id = s.id AND p.kind = 'encounter'),
    (SELECT count(*) FROM session_parts p WHERE p.session_id = s.id AND p.kind = 'step'
     AND p.undone = 0)
    FROM play_sessions s";

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PlaySession> {
    Ok(PlaySession {
        id: PlaySessionId(r.get(0)?),
        name: r.get(1)?,
        day: r.get(2)?,
        fights: r.get(3)?,
        steps: r.get(4)?,
    })
}

impl PlaySessions<'_> {
    /// Starts a session: the steps of `day` go to it from now on.
    pub fn start(&self, name: &str, day: &str) -> Result<PlaySessionId, DbError> {
        let name = required(name, "session name")?;
        let id = {
            let conn = self.db.lock();
            conn.execute(
                "INSERT INTO play_sessions (name, day, created) VALUES (?1, ?2, ?3)",
                params![name, day, now_ms()],
            )?;
            PlaySessionId(conn.last_insert_rowid())
        };
        self.resume(id, day)?;
        Ok(id)
    }

    /// Every session, the newest first.
    pub fn list(&self) -> Result<Vec<PlaySession>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached(&format!("{LIST} ORDER BY s.id DESC"))?;
        let rows = stmt.query_map([], row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// One session.
    pub fn get(&self, id: PlaySessionId) -> Result<Option<PlaySession>, DbError> {
        let conn = self.db.lock();
        Ok(conn.query_row(&format!("{LIST} WHERE s.id = ?1"), [id.0], row).optional()?)
    }

    /// The session the day's steps go to: the one the GM started or took up again that day,
    /// else the day's own ([`PlaySessions::of_day`]).
    pub fn current(&self, day: &str) -> Result<PlaySessionId, DbError> {
        match self.current_if_any(day)? {
            Some(id) => Ok(id),
            None => self.of_day(day),
        }
    }

    /// The session the day's steps would go to, if there is one yet (starts none: for views).
    pub fn current_if_any(&self, day: &str) -> Result<Option<PlaySessionId>, DbError> {
        let chosen = self.db.settings().get_json::<Current>(CURRENT_KEY)?;
        if let Some(c) = chosen.filter(|c| c.day == day)
            && self.get(PlaySessionId(c.id))?.is_some()
        {
            return Ok(Some(PlaySessionId(c.id)));
        }
        let conn = self.db.lock();
        let latest: Option<i64> = conn
            .query_row(
                "SELECT id FROM play_sessions WHERE day = ?1 ORDER BY id DESC LIMIT 1",
                [day],
                |r| r.get(0),
            )
            .optional()?;
        Ok(latest.map(PlaySessionId))
    }

    /// Takes up an earlier session again: the steps of `day` go to it.
    pub fn resume(&self, id: PlaySessionId, day: &str) -> Result<(), DbError> {
        if self.get(id)?.is_none() {
            return Err(DbError::NotFound { what: PlaySessionId::WHAT, id: id.0 });
        }
        self.db.settings().set_json(CURRENT_KEY, &Current { id: id.0, day: day.to_owned() })
    }

    /// The session of `day`, started (as "Session of DAY") if there is none yet: the day's
    /// first action opens the evening. Looked for and started in one write transaction: two
    /// programs taking the day's first step at once open one session, not two.
    pub fn of_day(&self, day: &str) -> Result<PlaySessionId, DbError> {
        let (id, started) = {
            let mut conn = self.db.lock();
            let tx = conn.transaction()?;
            let found: Option<i64> = tx
                .query_row(
                    "SELECT id FROM play_sessions WHERE day = ?1 ORDER BY id DESC LIMIT 1",
                    [day],
                    |r| r.get(0),
                )
                .optional()?;
            let id = match found {
                Some(id) => (id, false),
                None => {
                    tx.execute(
                        "INSERT INTO play_sessions (name, day, created) VALUES (?1, ?2, ?3)",
                        params![format!("Session of {day}"), day, now_ms()],
                    )?;
                    (tx.last_insert_rowid(), true)
                }
            };
            tx.commit()?;
            id
        };
        if started {
            self.resume(PlaySessionId(id), day)?;
        }
        Ok(PlaySessionId(id))
    }

    /// Renames a session.
    pub fn rename(&self, id: PlaySessionId, name: &str) -> Result<(), DbError> {
        let name = required(name, "session name")?;
        self.db
            .lock()
            .execute("UPDATE play_sessions SET name = ?2 WHERE id = ?1", params![id.0, name])?;
        Ok(())
    }

    /// Notes that an encounter was played in the session (once: playing it again later that
    /// evening keeps its first place).
    pub fn played(&self, id: PlaySessionId, encounter: EncounterId) -> Result<(), DbError> {
        played_in(&self.db.lock(), id, encounter)
    }

    /// The encounters played in the session, in order.
    pub fn encounters(&self, id: PlaySessionId) -> Result<Vec<EncounterId>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT encounter_id FROM session_parts WHERE session_id = ?1 AND kind = 'encounter'
             ORDER BY id",
        )?;
        let rows = stmt.query_map([id.0], |r| Ok(EncounterId(r.get(0)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Journals a roll of the tray made with no fight open.
    pub fn roll(&self, id: PlaySessionId, roll: &Roll) -> Result<(), DbError> {
        let body = serde_json::to_string(roll).expect("a roll serializes");
        self.part(id, "roll", &body)
    }

    /// Journals the GM's note.
    pub fn note(&self, id: PlaySessionId, text: &str) -> Result<(), DbError> {
        let text = required(text, "note")?;
        self.part(id, "note", &serde_json::to_string(&text).expect("a string serializes"))
    }

    fn part(&self, id: PlaySessionId, kind: &str, body: &str) -> Result<(), DbError> {
        self.db.lock().execute(
            "INSERT INTO session_parts (session_id, kind, body, created) VALUES (?1, ?2, ?3, ?4)",
            params![id.0, kind, body, now_ms()],
        )?;
        Ok(())
    }

    /// Deletes a session and its parts (the encounters and conditions stay); false when
    /// there was none.
    pub fn delete(&self, id: PlaySessionId) -> Result<bool, DbError> {
        Ok(self.db.lock().execute("DELETE FROM play_sessions WHERE id = ?1", [id.0])? > 0)
    }

    /// The evening as one journal: each encounter's journal where it was first played, the
    /// steps in effect, the rolls and notes, in order.
    pub fn log(&self, id: PlaySessionId) -> Result<SessionLog, DbError> {
        let info =
            self.get(id)?.ok_or(DbError::NotFound { what: PlaySessionId::WHAT, id: id.0 })?;
        let rows: Vec<(i64, String, Option<i64>, String)> = {
            let conn = self.db.lock();
            let mut stmt = conn.prepare_cached(
                "SELECT id, kind, encounter_id, body FROM session_parts
                 WHERE session_id = ?1 AND undone = 0 ORDER BY id",
            )?;
            let rows =
                stmt.query_map([id.0], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
            rows.collect::<Result<_, _>>()?
        };
        let mut parts = Vec::with_capacity(rows.len());
        for (part, kind, encounter, body) in rows {
            let corrupt = |e: serde_json::Error| DbError::corrupt(format!("{id}, part {part}"), e);
            parts.push(match (kind.as_str(), encounter) {
                ("encounter", Some(e)) => {
                    let history = Session::read(self.db, EncounterId(e))
                        .map_err(|err| DbError::Invalid(format!("{id}: {err}")))?;
                    Part::Fight(Box::new(JournalDoc::from_history(&history)))
                }
                ("step", _) => {
                    Part::Step(serde_json::from_str::<StoredStep>(&body).map_err(corrupt)?.step)
                }
                ("roll", _) => Part::Roll(serde_json::from_str(&body).map_err(corrupt)?),
                _ => Part::Note(serde_json::from_str(&body).map_err(corrupt)?),
            });
        }
        let parts = fray_app::campaign::session::mark_elsewhere(parts);
        Ok(SessionLog::new(info.name, info.day, parts))
    }
}

impl PlaySessions<'_> {
    /// Stores an evening played elsewhere (a script of several fights) as a new session, in one
    /// transaction (a failure leaves nothing of it): each fight a new encounter, ended by its
    /// write-back; the steps, rolls and notes in their order. The steps are kept as a record:
    /// their characters are the script's own, not the library's, so no condition is written.
    /// Returns the session and its encounters, in order.
    pub fn record(&self, log: &SessionLog) -> Result<(PlaySessionId, Vec<EncounterId>), DbError> {
        let name = required(&log.name, "session name")?;
        // A script gives no day: the evening is recorded today.
        let day = if log.date.trim().is_empty() {
            crate::dates::utc_day(now_ms())
        } else {
            log.date.clone()
        };
        let mut conn = self.db.lock();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO play_sessions (name, day, created) VALUES (?1, ?2, ?3)",
            params![name, day, now_ms()],
        )?;
        let id = PlaySessionId(tx.last_insert_rowid());
        let mut fights = Vec::new();
        let insert = |kind: &str, body: String| {
            tx.execute(
                "INSERT INTO session_parts (session_id, kind, body, created) VALUES (?1, ?2, ?3, ?4)",
                params![id.0, kind, body, now_ms()],
            )
        };
        for part in &log.parts {
            match part {
                Part::Fight(doc) => {
                    let history = doc
                        .to_history()
                        .map_err(|e| DbError::Invalid(format!("{}: {e}", doc.base.name)))?;
                    let fight = crate::session::store_in(&tx, &history).map_err(|e| match e {
                        crate::SessionError::Db(e) => DbError::from(e),
                        other => DbError::Invalid(other.to_string()),
                    })?;
                    played_in(&tx, id, fight)?;
                    fights.push(fight);
                }
                Part::Step(step) => {
                    let ended = match step.happening {
                        Happening::FightEnded { .. } => fights.last().copied(),
                        _ => None,
                    };
                    if let Some(fight) = ended {
                        tx.execute(
                            "UPDATE encounters SET ended = ?2 WHERE id = ?1",
                            params![fight.0, now_ms()],
                        )?;
                    }
                    let stored = crate::campaign::StoredStep { step: step.clone(), ended };
                    insert("step", serde_json::to_string(&stored).expect("a step serializes"))?;
                }
                Part::Roll(roll) => {
                    insert("roll", serde_json::to_string(roll).expect("a roll serializes"))?;
                }
                Part::Note(text) => {
                    insert("note", serde_json::to_string(text).expect("a note serializes"))?;
                }
            }
        }
        tx.commit()?;
        Ok((id, fights))
    }
}

/// [`PlaySessions::played`] on `conn`, inside a caller's transaction (a write-back's).
pub(crate) fn played_in(
    conn: &rusqlite::Connection,
    id: PlaySessionId,
    encounter: EncounterId,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO session_parts (session_id, kind, encounter_id, created)
         SELECT ?1, 'encounter', ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM session_parts
         WHERE session_id = ?1 AND encounter_id = ?2)",
        params![id.0, encounter.0, now_ms()],
    )?;
    Ok(())
}
