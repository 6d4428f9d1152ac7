//! What outlives a fight, stored: the conditions of the characters and recurring foes, and the
//! campaign steps that change them (a fight's write-back, a rest, a heal by hand).
//!
//! Every step is one read-modify-write transaction (`BEGIN IMMEDIATE`, so a second program's
//! step waits for the first): the conditions it starts from are read inside the transaction
//! that writes it ([`Campaign::take`]), or, for a step the GM reviewed on screen, checked
//! there to be still what the GM saw ([`Campaign::apply`]: refused with what changed). A kill
//! in the middle leaves all or nothing. Undo and redo turn a step's own fields only, and
//! refuse, naming the later step, where one changed them since (`fray_app::campaign::turn`).

use crate::db::now_ms;
use crate::ids::{EncounterId, PlaySessionId};
use crate::{Db, DbError};
use fray_app::campaign::company::Member;
use fray_app::campaign::turn::{Turn, touches, turned};
use fray_app::campaign::{CampaignStep, Change, Company, Condition, Written};
use fray_app::ids::SystemId;
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
    pub fn company(&self, system: SystemId) -> Result<Company, DbError> {
        company_in(&self.db.lock(), system)
    }

    /// Takes a step made from the company of `system` as it is inside the write transaction
    /// (`make` sees what no other program can change before the step is written), and writes
    /// it into `session`: a heal, a rest, a write-back from the command line. Returns it.
    pub fn take(
        &self,
        session: PlaySessionId,
        system: SystemId,
        ended: Option<EncounterId>,
        make: impl FnOnce(&Company) -> Result<CampaignStep, DbError>,
    ) -> Result<CampaignStep, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        let step = make(&company_in(&tx, system)?)?;
        write_step(&tx, session, &step, ended)?;
        tx.commit()?;
        Ok(step)
    }

    /// Writes a step made earlier (a review the GM read on screen) into `session`: every
    /// condition it changes, the step itself, and for a write-back the encounter it ends
    /// (marked played in the session and ended), in one transaction. Refused, with what
    /// changed, when a member's condition is no longer the step's *before* (another program
    /// took a step since the GM looked). Steps undone before it are dropped (a new step
    /// replaces the redo tail).
    pub fn apply(
        &self,
        session: PlaySessionId,
        step: &CampaignStep,
        ended: Option<EncounterId>,
    ) -> Result<(), DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        write_step(&tx, session, step, ended)?;
        tx.commit()?;
        Ok(())
    }

    /// Takes back the session's latest step in effect: its own fields put back, the
    /// encounter it ended open again. `None` when there is nothing to undo; refused, naming
    /// the later step, when one changed a field of it since.
    pub fn undo(&self, session: PlaySessionId) -> Result<Option<Stepped>, DbError> {
        self.turn(session, Turn::Undo)
    }

    /// Puts back the step undone last (refused, naming it, where a later step changed one of
    /// its fields). `None` when there is nothing to redo.
    pub fn redo(&self, session: PlaySessionId) -> Result<Option<Stepped>, DbError> {
        self.turn(session, Turn::Redo)
    }

    fn turn(&self, session: PlaySessionId, turn: Turn) -> Result<Option<Stepped>, DbError> {
        let mut conn = self.db.lock();
        let tx = conn.transaction()?;
        // Undo takes the newest step in effect; redo the oldest undone one.
        let sql = match turn {
            Turn::Undo => {
                "SELECT id, body FROM session_parts WHERE session_id = ?1 AND kind = 'step'
                 AND undone = 0 ORDER BY id DESC LIMIT 1"
            }
            Turn::Redo => {
                "SELECT id, body FROM session_parts WHERE session_id = ?1 AND kind = 'step'
                 AND undone = 1 ORDER BY id ASC LIMIT 1"
            }
        };
        let found: Option<(i64, String)> =
            tx.query_row(sql, [session.0], |r| Ok((r.get(0)?, r.get(1)?))).optional()?;
        let Some((part, body)) = found else { return Ok(None) };
        let stored = parse_step(part, &body)?;
        for w in &stored.step.written {
            let Some(now) = read_condition(&tx, &w.who)? else { continue };
            let after =
                turned(w, &now, turn).map_err(|drift| blocked(&tx, part, turn, w, &drift))?;
            write_condition(&tx, &w.who, &after)?;
        }
        if let Some(id) = stored.ended {
            let ended = (turn == Turn::Redo).then(now_ms);
            tx.execute("UPDATE encounters SET ended = ?2 WHERE id = ?1", params![id.0, ended])?;
        }
        tx.execute(
            "UPDATE session_parts SET undone = ?2 WHERE id = ?1",
            params![part, turn == Turn::Undo],
        )?;
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

/// The company of `system` as `conn` reads it (inside a step's transaction, or alone).
fn company_in(conn: &Connection, system: SystemId) -> Result<Company, DbError> {
    let mut company = Company::default();
    let sql = "SELECT 'character:' || id, name, sheet, condition FROM characters WHERE system = ?1
               UNION ALL
               SELECT 'creature:' || id, name, block, condition FROM creatures
               WHERE system = ?1 AND recurring = 1";
    let mut stmt = conn.prepare_cached(sql)?;
    let rows = stmt.query_map([system.as_str()], |r| {
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

/// Writes `step` inside `tx`: checks each member is as the step found it, writes the
/// conditions, the encounter it ends (played in the session, ended; refused if another
/// program ended it first) and the step.
fn write_step(
    tx: &Connection,
    session: PlaySessionId,
    step: &CampaignStep,
    ended: Option<EncounterId>,
) -> Result<(), DbError> {
    for w in &step.written {
        if let Some(now) = read_condition(tx, &w.who)?
            && now != w.before
        {
            return Err(DbError::Invalid(stale(w, &now)));
        }
    }
    tx.execute(
        "DELETE FROM session_parts WHERE session_id = ?1 AND kind = 'step' AND undone = 1",
        [session.0],
    )?;
    for (who, condition) in step.applied() {
        write_condition(tx, who, condition)?;
    }
    if let Some(id) = ended {
        let already: Option<i64> =
            tx.query_row("SELECT ended FROM encounters WHERE id = ?1", [id.0], |r| r.get(0))?;
        if already.is_some() {
            return Err(DbError::Invalid(format!(
                "{id} is already over and written back (by another program?): nothing was written"
            )));
        }
        crate::play_sessions::played_in(tx, session, id)?;
        tx.execute("UPDATE encounters SET ended = ?2 WHERE id = ?1", params![id.0, now_ms()])?;
    }
    let body = serde_json::to_string(&StoredStep { step: step.clone(), ended })
        .expect("a step serializes");
    tx.execute(
        "INSERT INTO session_parts (session_id, kind, body, created) VALUES (?1, 'step', ?2, ?3)",
        params![session.0, body, now_ms()],
    )?;
    Ok(())
}

/// "Harald's condition changed since it was shown (HP 5 → 4): nothing was written; look again".
fn stale(w: &Written, now: &Condition) -> String {
    let first = fray_app::campaign::condition::main_tracks(w.system);
    let lines: Vec<String> = fray_app::campaign::review::changes(&w.sheet, first, &w.before, now)
        .iter()
        .map(Change::text)
        .collect();
    format!(
        "{}'s condition changed since it was read ({}), by another program or window: nothing \
         was written; look again",
        w.name,
        lines.join(", ")
    )
}

/// Why a step cannot be turned: the step (of any session) that must be turned first — a later
/// one in effect that changed one of its fields since, or, for a redo, an earlier one undone
/// that changed them — named with its session; or what the field reads now if no step did.
fn blocked(tx: &Connection, part: i64, turn: Turn, w: &Written, drift: &[Change]) -> DbError {
    let fields: Vec<String> = drift.iter().map(Change::field).collect();
    let what: Vec<String> = drift.iter().map(Change::field_label).collect();
    let what = format!("{}'s {}", w.name, what.join(", "));
    let later = "SELECT p.id, p.body, s.name FROM session_parts p JOIN play_sessions s
         ON s.id = p.session_id WHERE p.kind = 'step' AND p.undone = 0 AND p.id > ?1
         ORDER BY p.id DESC";
    let earlier = "SELECT p.id, p.body, s.name FROM session_parts p JOIN play_sessions s
         ON s.id = p.session_id WHERE p.kind = 'step' AND p.undone = 1 AND p.id < ?1
         ORDER BY p.id DESC";
    let found = step_touching(tx, later, part, &w.who, &fields).and_then(|found| match found {
        None if turn == Turn::Redo => step_touching(tx, earlier, part, &w.who, &fields)
            .map(|f| f.map(|(s, t)| (s, t, "an earlier step undone", "redo"))),
        found => Ok(found.map(|(s, t)| (s, t, "a later step", "undo"))),
    });
    match found {
        Ok(Some((session, title, which, verb))) => DbError::Invalid(format!(
            "{which} changed {what}: {verb} \"{title}\" of the session \"{session}\" first"
        )),
        Ok(None) => {
            let now: Vec<String> = drift.iter().map(Change::text).collect();
            DbError::Invalid(format!(
                "{what} changed since, outside the sessions' steps ({}, now → as the step \
                 left it): nothing was turned",
                now.join(", ")
            ))
        }
        Err(e) => e,
    }
}

/// The first step `sql` lists (given `part`) that changed one of `fields` of `who`: its
/// session's name and its title.
fn step_touching(
    tx: &Connection,
    sql: &str,
    part: i64,
    who: &str,
    fields: &[String],
) -> Result<Option<(String, String)>, DbError> {
    let mut stmt = tx.prepare_cached(sql)?;
    let rows = stmt.query_map([part], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    for row in rows {
        let (id, body, session): (i64, String, String) = row?;
        let step = parse_step(id, &body)?.step;
        if step.written.iter().any(|l| l.who == who && touches(l, fields)) {
            return Ok(Some((session, step.title())));
        }
    }
    Ok(None)
}

fn parse_step(part: i64, body: &str) -> Result<StoredStep, DbError> {
    serde_json::from_str(body).map_err(|e| DbError::corrupt(format!("session part {part}"), e))
}

/// The table and row id a member's key names, or an error that names the key.
fn row_of(who: &str) -> Result<(&'static str, i64), DbError> {
    let unknown = || DbError::Invalid(format!("no character or recurring foe '{who}'"));
    let (table, id) = match who.split_once(':') {
        Some(("script", name)) => {
            return Err(DbError::Invalid(format!(
                "'{name}' is a character of an evening played from a script (`fray play \
                 --save`), not of the library: its steps are a record and cannot be taken back"
            )));
        }
        Some(("character", id)) => ("characters", id),
        Some(("creature", id)) => ("creatures", id),
        _ => return Err(unknown()),
    };
    Ok((table, id.parse().map_err(|_| unknown())?))
}

/// A member's condition as stored; `None` for one deleted since (a step keeps its copy).
fn read_condition(conn: &Connection, who: &str) -> Result<Option<Condition>, DbError> {
    let (table, id) = row_of(who)?;
    let json: Option<String> = conn
        .query_row(&format!("SELECT condition FROM {table} WHERE id = ?1"), [id], |r| r.get(0))
        .optional()?;
    json.map(|j| {
        serde_json::from_str(&j).map_err(|e| DbError::corrupt(format!("{who}'s condition"), e))
    })
    .transpose()
}

/// Writes a member's condition; one deleted since is skipped (its copy stays in the step).
fn write_condition(conn: &Connection, who: &str, condition: &Condition) -> Result<(), DbError> {
    let (table, id) = row_of(who)?;
    let json = serde_json::to_string(condition).expect("a condition serializes");
    conn.execute(&format!("UPDATE {table} SET condition = ?2 WHERE id = ?1"), params![id, json])?;
    Ok(())
}
