//! A session: one encounter being played, its history in memory and its journal on disk.
//!
//! Every change is written and committed before it is applied in memory, so whatever the GM
//! has seen is on disk: killing the process (or, with `synchronous = FULL`, cutting the
//! power) loses nothing shown. Reopening restores the same state and undo cursor.
//!
//! The window's sessions write behind ([`Session::write_behind`]): when another program
//! holds the write lock, the change is applied in memory at once and its write waits, in
//! order, until [`Session::save_unsaved`] finds the lock free — the window never waits on
//! the database and never drops the GM's command.

use crate::db::BUSY_WAIT;
use crate::encounters;
use crate::ids::EncounterId;
use crate::journal::{self, LoadError};
use crate::unsaved::{FlushError, Unsaved, Write, is_busy};
use crate::{Db, DbError};
use fray_app::dice::{DieChoice, PlannedDice, SeededDice};
use fray_app::encounter::EncounterTable;
use fray_app::ids::SystemId;
use fray_app::{Command, Encounter, Event, History, Prompt, RuleError};
use rusqlite::TransactionBehavior;
use std::time::Duration;
use thiserror::Error;

/// Why a session could not do what was asked. Nothing was changed, on disk or in memory.
#[derive(Debug, Error)]
pub enum SessionError {
    /// The rules (or the state) refused the command.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// SQLite failed (not a `source`, see [`DbError::Sqlite`]).
    #[error("{}", crate::error::describe_sqlite(.0))]
    Db(rusqlite::Error),
    /// The stored encounter does not read back as a history.
    #[error("{encounter} cannot be opened, its journal is damaged: {detail}")]
    Corrupt {
        /// Which encounter.
        encounter: EncounterId,
        /// What is wrong, and where.
        detail: String,
    },
    /// The encounter's fight is over and written back: it takes no command until reopened.
    #[error(
        "the fight of {0} is over and written back: it takes no command (reopen it first; \
         nothing was written)"
    )]
    Ended(EncounterId),
    /// There is no such encounter (any more).
    #[error("there is no {0}")]
    NotFound(EncounterId),
    /// A store refused (an empty name, an unknown system...).
    #[error(transparent)]
    Store(#[from] DbError),
}

impl From<rusqlite::Error> for SessionError {
    fn from(e: rusqlite::Error) -> Self {
        Self::Db(e)
    }
}

impl SessionError {
    /// Whether SQLite itself failed: the message is about the database file.
    pub fn is_database(&self) -> bool {
        match self {
            Self::Db(_) => true,
            Self::Store(e) => e.is_database(),
            _ => false,
        }
    }
}

/// The library's roll tables of `system`, as an encounter keeps them.
pub fn library_tables(db: &Db, system: SystemId) -> Result<Vec<EncounterTable>, DbError> {
    Ok(db
        .tables()
        .list(Some(system))?
        .into_iter()
        .map(|t| EncounterTable { damage_type: t.damage_type, table: t.table })
        .collect())
}

/// One encounter being played.
#[derive(Debug)]
pub struct Session {
    db: Db,
    id: EncounterId,
    history: History,
    /// Writes applied in memory and not yet on disk (write-behind only).
    unsaved: Unsaved,
    /// Whether a write that finds the database busy waits in `unsaved` instead of failing.
    write_behind: bool,
}

impl Session {
    /// Creates a new, empty encounter and opens it. A system that reads roll tables (the d12
    /// injury tables) starts with a journaled copy of the library's.
    pub fn create(db: &Db, system: SystemId, name: &str, seed: u64) -> Result<Self, SessionError> {
        let procedure = system.system();
        let base = Encounter::new(procedure, name.trim(), seed);
        let id = db.encounters().create(&base)?;
        touch_opened(&db.lock(), id)?;
        let mut session = Self::with(db, id, History::new(base));
        if procedure.uses_tables() {
            session.reload_tables()?;
        }
        Ok(session)
    }

    /// Stores a history played elsewhere (a script run in memory) as a new encounter, all in
    /// one transaction: on any failure (a full disk) nothing of it is left in the database.
    /// Each command keeps its dice stream, so its app dice still check against the seed.
    pub fn store(db: &Db, history: &History) -> Result<Self, SessionError> {
        let id = {
            let mut conn = db.lock();
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let id = store_in(&tx, history)?;
            tx.commit()?;
            id
        };
        Self::open(db, id)
    }

    /// Copies the library's current roll tables of the encounter's system into it (a
    /// journaled command: undo takes the copy back).
    pub fn reload_tables(&mut self) -> Result<(), SessionError> {
        let tables = library_tables(&self.db, self.history.base().system_id())?;
        self.apply(Command::LoadTables { tables })?;
        Ok(())
    }

    /// Opens a stored encounter where the GM left it, undo cursor included.
    pub fn open(db: &Db, id: EncounterId) -> Result<Self, SessionError> {
        let conn = db.lock();
        let history = load_history(&conn, id)?;
        touch_opened(&conn, id)?;
        drop(conn);
        Ok(Self::with(db, id, history))
    }

    fn with(db: &Db, id: EncounterId, history: History) -> Self {
        Self { db: db.clone(), id, history, unsaved: Unsaved::default(), write_behind: false }
    }

    /// Writes behind from now on: a change that finds the database locked by another program
    /// is applied at once and written, in order, by a later [`Session::save_unsaved`] (the
    /// window calls it every frame while changes wait). Without it a locked database makes
    /// the change wait up to 5 s and then refuses it, changing nothing (scripts, the CLI).
    pub fn write_behind(&mut self, on: bool) {
        self.write_behind = on;
    }

    /// How many changes are applied but not yet on disk.
    pub fn unsaved(&self) -> usize {
        self.unsaved.len()
    }

    /// Writes the changes waiting, in order, if the database is free now (never waits for
    /// it); returns how many still wait. A failure other than a busy database is returned,
    /// and the changes keep waiting.
    pub fn save_unsaved(&mut self) -> Result<usize, SessionError> {
        self.flush(Duration::ZERO)
    }

    /// Drops the changes waiting (the encounter is being deleted).
    pub fn forget_unsaved(&mut self) {
        self.unsaved = Unsaved::default();
    }

    /// Writes the changes waiting, waiting up to 5 s for the database (closing the window).
    pub fn save_unsaved_waiting(&mut self) -> Result<(), SessionError> {
        self.flush(BUSY_WAIT).map(|_| ())
    }

    fn flush(&mut self, wait: Duration) -> Result<usize, SessionError> {
        let usual = self.db.busy_wait();
        match self.unsaved.flush(&mut self.db.lock(), self.id, wait, usual) {
            Ok(()) => Ok(0),
            Err(FlushError::Sql(e)) if is_busy(&e) && wait.is_zero() => Ok(self.unsaved.len()),
            Err(FlushError::Sql(e)) => Err(self.missing(e)),
            Err(FlushError::Ended) => Err(SessionError::Ended(self.id)),
        }
    }

    /// Writes `write` after any waiting: at once if the database is free; when another
    /// program holds it, kept for later (write-behind) or refused (the write taken back).
    fn write(&mut self, write: Write) -> Result<(), SessionError> {
        self.unsaved.push(write);
        let wait = if self.write_behind { Duration::ZERO } else { self.db.busy_wait() };
        let written = self.flush(wait);
        if written.is_err() {
            self.unsaved.pop_last();
        }
        written.map(|_| ())
    }

    /// A stored encounter's history, read without opening it for play: nothing is written
    /// (not even "last opened"), so it works on a database opened with
    /// [`Db::open_read_only`]. For exports and listings.
    pub fn read(db: &Db, id: EncounterId) -> Result<History, SessionError> {
        load_history(&db.lock(), id)
    }

    /// Handles a command with the app's dice, stores it and applies it; returns its events.
    pub fn apply(&mut self, command: Command) -> Result<&[Event], SessionError> {
        self.apply_with(command, Vec::new())
    }

    /// Like [`Session::apply`], answering the command's dice from `plan` first (dice typed in
    /// from the table, or explicit app rolls), then from the app's dice.
    pub fn apply_with(
        &mut self,
        command: Command,
        plan: Vec<DieChoice>,
    ) -> Result<&[Event], SessionError> {
        self.apply_planned(command, plan, false)
    }

    /// Like [`Session::apply_with`]; with `table_default`, a roll the plan does not cover
    /// refuses the command with [`DiceError::NeedTableDice`](fray_app::dice::DiceError)
    /// (nothing stored) so the window can ask the GM for those dice and try again.
    pub fn apply_planned(
        &mut self,
        command: Command,
        plan: Vec<DieChoice>,
        table_default: bool,
    ) -> Result<&[Event], SessionError> {
        let rng = SeededDice::new(self.history.base().seed, self.history.next_stream());
        let mut dice = PlannedDice::new(rng);
        if table_default {
            dice = dice.with_table_default();
        }
        for choice in plan {
            dice.push(choice);
        }
        let events = self.history.prepare(command.clone(), &mut dice)?;
        let (command_json, events_json) = storable(&command, &events)?;
        let fight = !command.is_table_view();
        self.write(Write::append(&self.history, command_json, events_json, fight))?;
        let range = self.history.record(command, events).events.clone();
        Ok(&self.history.all_events()[range])
    }

    /// Takes back the last command in effect; false when there is none.
    pub fn undo(&mut self) -> Result<bool, SessionError> {
        if !self.history.can_undo() {
            return Ok(false);
        }
        self.set_cursor(self.history.cursor() - 1)?;
        Ok(true)
    }

    /// Puts back the next command of the redo tail; false when there is none.
    pub fn redo(&mut self) -> Result<bool, SessionError> {
        if !self.history.can_redo() {
            return Ok(false);
        }
        self.set_cursor(self.history.cursor() + 1)?;
        Ok(true)
    }

    /// Moves the undo cursor to `cursor` commands in effect (clamped to the journal).
    pub fn set_cursor(&mut self, cursor: usize) -> Result<(), SessionError> {
        let cursor = cursor.min(self.history.commands().len());
        if cursor == self.history.cursor() {
            return Ok(());
        }
        self.write(Write::Cursor(cursor))?;
        if cursor + 1 == self.history.cursor() {
            self.history.undo();
        } else if cursor == self.history.cursor() + 1 {
            self.history.redo();
        } else {
            self.history.set_cursor(cursor);
        }
        Ok(())
    }

    /// Renames the encounter, on disk and in memory.
    pub fn rename(&mut self, name: &str) -> Result<(), SessionError> {
        let base = {
            let mut conn = self.db.lock();
            let tx = conn.transaction()?;
            let base = encounters::rename(&tx, self.id, name)?;
            tx.commit()?;
            base
        };
        // The name lives in the base state; rebuilding from the same journal keeps the rest.
        self.history = self
            .history
            .with_base(base)
            .map_err(|detail| SessionError::Corrupt { encounter: self.id, detail })?;
        Ok(())
    }

    /// The history: commands, events, cursor.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The state at the undo cursor: what the GM sees.
    pub fn state(&self) -> &Encounter {
        self.history.state()
    }

    /// What the encounter's system needs from the GM now.
    pub fn prompts(&self) -> Vec<Prompt> {
        fray_app::system::waiting::prompts(self.history.system(), self.history.state())
    }

    /// The stored encounter's id.
    pub fn encounter_id(&self) -> EncounterId {
        self.id
    }

    /// The database the session writes to.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Maps "no row updated" (the encounter was deleted under the session) to `NotFound`.
    fn missing(&self, e: rusqlite::Error) -> SessionError {
        match e {
            rusqlite::Error::QueryReturnedNoRows => SessionError::NotFound(self.id),
            e => SessionError::Db(e),
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // What the GM saw is written before the session goes if the database lets it within
        // the usual wait; if it does not, say so where a terminal may see it.
        if self.unsaved() > 0
            && let Err(e) = self.save_unsaved_waiting()
        {
            eprintln!("fray: {} changes to {} could not be saved: {e}", self.unsaved(), self.id);
        }
    }
}

/// The command and events as JSON, refused if they would not read back as they are (a
/// non-finite number becomes `null` in JSON): a journal must always reopen.
fn storable(command: &Command, events: &[Event]) -> Result<(String, Vec<String>), SessionError> {
    let unstorable = |what: &str| {
        RuleError::Invalid(format!("{what} holds a value that cannot be saved (not a number?)"))
    };
    let command_json = serde_json::to_string(command).map_err(|_| unstorable("the command"))?;
    if serde_json::from_str::<Command>(&command_json).ok().as_ref() != Some(command) {
        return Err(unstorable("the command").into());
    }
    let mut events_json = Vec::with_capacity(events.len());
    for event in events {
        let json = serde_json::to_string(event).map_err(|_| unstorable("an event"))?;
        if serde_json::from_str::<Event>(&json).ok().as_ref() != Some(event) {
            return Err(unstorable("an event").into());
        }
        events_json.push(json);
    }
    Ok((command_json, events_json))
}

/// Reads an encounter back, its failures in the session's terms.
fn load_history(conn: &rusqlite::Connection, id: EncounterId) -> Result<History, SessionError> {
    journal::load(conn, id).map_err(|e| match e {
        LoadError::Sqlite(e) => SessionError::Db(e),
        LoadError::NotFound => SessionError::NotFound(id),
        LoadError::Corrupt(detail) => SessionError::Corrupt { encounter: id, detail },
    })
}

/// Marks an encounter as opened now (the list shows the most recent first).
/// Writes a history played elsewhere as a new encounter inside the caller's transaction (see
/// [`Session::store`]); its id.
pub(crate) fn store_in(
    tx: &rusqlite::Transaction<'_>,
    history: &History,
) -> Result<EncounterId, SessionError> {
    let id = journal::create(tx, history.base())?;
    for record in history.live_commands() {
        let events = &history.all_events()[record.events.clone()];
        let (command_json, events_json) = storable(&record.command, events)?;
        let seq = i64::try_from(record.seq).expect("fewer than 2^63 commands");
        let first = i64::try_from(record.events.start).expect("fewer than 2^63 events");
        let stream = journal::u64_to_sql(record.stream);
        journal::append_at(tx, id, seq, first, stream, &command_json, &events_json)?;
    }
    // Commands undone in the script, and its redo tail: every stream it drew.
    for undone in &history.all_undone() {
        journal::keep_undone(tx, id, undone)?;
    }
    tx.execute(
        "UPDATE encounters SET next_stream = ?2, accounted_from = ?3 WHERE id = ?1",
        rusqlite::params![
            id.0,
            journal::u64_to_sql(history.next_stream()),
            journal::u64_to_sql(history.accounted_from())
        ],
    )?;
    touch_opened(tx, id)?;
    Ok(id)
}

fn touch_opened(conn: &rusqlite::Connection, id: EncounterId) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE encounters SET last_opened = ?2 WHERE id = ?1",
        rusqlite::params![id.0, crate::db::now_ms()],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A short fight with an undo in it (so the dice streams skip one) and app dice.
    fn played() -> History {
        let script = "system freeform\nseed 9\nside A\nadd X side A track hp=5\nroll 2d6\n\
                      hp X -2\nundo\nroll d20\nroll d20 table 7\n";
        fray_app::scenario::run("t.fray", script).unwrap()
    }

    #[test]
    fn a_stored_history_opens_as_it_was_played_and_its_dice_still_check() {
        fray_app::systems::registry();
        let history = played();
        let db = Db::open_in_memory().unwrap();
        let id = Session::store(&db, &history).unwrap().encounter_id();
        let back = Session::open(&db, id).unwrap();
        assert_eq!(back.history().base(), history.base());
        assert_eq!(back.history().events(), history.events());
        assert_eq!(back.history().next_stream(), history.next_stream());
        // The undone `hp X -2` is kept with its stream: the journal accounts for every one.
        assert_eq!(back.history().undone().len(), 1);
        assert_eq!(back.history().undone(), history.all_undone().as_slice());
        let doc = fray_app::journal::JournalDoc::from_history(back.history());
        let report = fray_app::journal::replay(&doc).expect("app dice check against the seed");
        assert_eq!((report.undone, report.accounted_from), (1, 0));
    }

    #[test]
    fn a_store_that_fails_midway_leaves_nothing() {
        fray_app::systems::registry();
        let history = played();
        let db = Db::open_in_memory().unwrap();
        // The disk "fills up" after two events: SQLite refuses the third insert.
        db.lock()
            .execute_batch(
                "CREATE TRIGGER full BEFORE INSERT ON events
                 WHEN (SELECT count(*) FROM events) >= 2
                 BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
            )
            .unwrap();
        assert!(Session::store(&db, &history).is_err());
        assert!(db.encounters().list().unwrap().is_empty(), "no half-stored encounter");
        let events: i64 =
            db.lock().query_row("SELECT count(*) FROM events", [], |r| r.get(0)).unwrap();
        assert_eq!(events, 0);
    }
}
