//! A session's writes not yet on disk. The window hands the GM's command to the rules and
//! shows the result at once; when another program (a large `fray import`) holds the
//! database's write lock, the write waits here, in order, and is made as soon as the lock is
//! free — the window never waits on the database and never drops a command.

use std::collections::VecDeque;
use std::time::Duration;

use fray_app::History;
use fray_app::history::UndoneCommand;
use rusqlite::{Connection, TransactionBehavior};

use crate::ids::EncounterId;
use crate::journal;

/// One write of a session, as it was decided when the GM gave the command.
#[derive(Debug, Clone)]
pub(crate) enum Write {
    /// A command handled at `seq`: the redo tail it replaces goes to the undone commands,
    /// then the command and its events are added at `first`, drawn from `stream`.
    Append {
        seq: i64,
        first: i64,
        stream: i64,
        command: String,
        events: Vec<String>,
        replaced: Vec<UndoneCommand>,
        /// Whether it changes the fight (not only what the table is shown): an ended fight
        /// refuses it.
        fight: bool,
    },
    /// The undo cursor moved to this many commands in effect.
    Cursor(usize),
}

impl Write {
    /// The write of a command `history` has just prepared, at its cursor (call it before
    /// [`History::record`]).
    pub(crate) fn append(
        history: &History,
        command: String,
        events: Vec<String>,
        fight: bool,
    ) -> Self {
        Write::Append {
            seq: i64::try_from(history.cursor()).expect("fewer than 2^63 commands"),
            first: i64::try_from(history.event_cursor()).expect("fewer than 2^63 events"),
            stream: journal::u64_to_sql(history.next_stream()),
            command,
            events,
            replaced: history.redo_tail(),
            fight,
        }
    }

    /// Whether an ended fight refuses it: a command of the fight, or a move of the undo
    /// cursor (which takes commands of the fight back or puts them back).
    fn changes_the_fight(&self) -> bool {
        match self {
            Write::Append { fight, .. } => *fight,
            Write::Cursor(_) => true,
        }
    }

    fn run(&self, conn: &Connection, id: EncounterId) -> rusqlite::Result<()> {
        match self {
            Write::Append { seq, first, stream, command, events, replaced, .. } => {
                journal::replace_tail(conn, id, *seq, *first, replaced)?;
                journal::append_at(conn, id, *seq, *first, *stream, command, events)
            }
            Write::Cursor(cursor) => journal::set_cursor(conn, id, *cursor),
        }
    }
}

/// The writes not yet made, oldest first.
#[derive(Debug, Default)]
pub(crate) struct Unsaved {
    writes: VecDeque<Write>,
}

impl Unsaved {
    /// How many writes wait.
    pub(crate) fn len(&self) -> usize {
        self.writes.len()
    }

    /// Queues a write after the others.
    pub(crate) fn push(&mut self, write: Write) {
        self.writes.push_back(write);
    }

    /// Takes back the last write queued (the command it belongs to was refused).
    pub(crate) fn pop_last(&mut self) {
        self.writes.pop_back();
    }

    /// Makes every waiting write, in order, in one transaction, waiting at most `wait` for
    /// the write lock (then `usual` again). On any error nothing is written and every write
    /// still waits.
    pub(crate) fn flush(
        &mut self,
        conn: &mut Connection,
        id: EncounterId,
        wait: Duration,
        usual: Duration,
    ) -> Result<(), FlushError> {
        if self.writes.is_empty() {
            return Ok(());
        }
        conn.busy_timeout(wait)?;
        let result = write_all(conn, id, &self.writes);
        // The connection is shared with the window's other stores, which wait as they did.
        conn.busy_timeout(usual)?;
        result?;
        self.writes.clear();
        Ok(())
    }
}

/// Why waiting writes were not made (all of them still wait).
#[derive(Debug)]
pub(crate) enum FlushError {
    /// SQLite refused or failed (busy, among others).
    Sql(rusqlite::Error),
    /// The fight was ended and written back (perhaps by another program): an ended fight
    /// takes no command from any path until it is reopened.
    Ended,
}

impl From<rusqlite::Error> for FlushError {
    fn from(e: rusqlite::Error) -> Self {
        FlushError::Sql(e)
    }
}

fn write_all(
    conn: &mut Connection,
    id: EncounterId,
    writes: &VecDeque<Write>,
) -> Result<(), FlushError> {
    // IMMEDIATE takes the write lock up front: no upgrade deadlock with a reader.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // Read inside the transaction that writes: no other program can end the fight between.
    let ended: Option<i64> =
        tx.query_row("SELECT ended FROM encounters WHERE id = ?1", [id.0], |r| r.get(0))?;
    if ended.is_some() && writes.iter().any(Write::changes_the_fight) {
        return Err(FlushError::Ended);
    }
    for write in writes {
        write.run(&tx, id)?;
    }
    Ok(tx.commit()?)
}

/// Whether SQLite refused because another connection holds the lock.
pub(crate) fn is_busy(e: &rusqlite::Error) -> bool {
    use rusqlite::ErrorCode::{DatabaseBusy, DatabaseLocked};
    matches!(e.sqlite_error_code(), Some(DatabaseBusy | DatabaseLocked))
}
