//! The encounter journal on disk: reading an encounter's rows back into a
//! [`History`], and appending one handled command.

use crate::db::now_ms;
use crate::ids::EncounterId;
use fray_app::history::{CommandRecord, Parts, UndoneCommand};
use fray_app::{Command, Encounter, Event, History};
use rusqlite::{Connection, OptionalExtension, params};

/// Why an encounter could not be read back.
#[derive(Debug)]
pub(crate) enum LoadError {
    /// SQLite failed.
    Sqlite(rusqlite::Error),
    /// There is no such encounter.
    NotFound,
    /// The rows do not make a history (the message says where).
    Corrupt(String),
}

impl From<rusqlite::Error> for LoadError {
    fn from(e: rusqlite::Error) -> Self {
        Self::Sqlite(e)
    }
}

/// Reads an encounter's base, journal and cursor into a history.
pub(crate) fn load(conn: &Connection, id: EncounterId) -> Result<History, LoadError> {
    let row = conn
        .prepare_cached(
            "SELECT seed, base, cursor, next_stream, accounted_from FROM encounters WHERE id = ?1",
        )?
        .query_row([id.0], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
            ))
        })
        .optional()?;
    let (seed, base, cursor, next_stream, accounted_from) = row.ok_or(LoadError::NotFound)?;
    let base: Encounter = parse(&base, "the base state")?;
    if base.seed != u64_from_sql(seed) {
        return Err(LoadError::Corrupt("the seed column disagrees with the base state".into()));
    }
    let commands = load_commands(conn, id)?;
    let events = load_events(conn, id, &commands)?;
    History::from_parts(Parts {
        base,
        commands,
        events,
        cursor: count(cursor, "cursor")?,
        next_stream: u64_from_sql(next_stream),
        undone: load_undone(conn, id)?,
        accounted_from: u64_from_sql(accounted_from),
    })
    .map_err(LoadError::Corrupt)
}

fn load_undone(conn: &Connection, id: EncounterId) -> Result<Vec<UndoneCommand>, LoadError> {
    let mut stmt = conn.prepare_cached(
        "SELECT stream, seq, command, events FROM undone_commands
         WHERE encounter_id = ?1 ORDER BY stream",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?, r.get(3)?))
    })?;
    let mut undone = Vec::new();
    for row in rows {
        let (stream, seq, command, events): (i64, i64, String, String) = row?;
        let what = format!("the undone command of dice stream {}", u64_from_sql(stream));
        undone.push(UndoneCommand {
            seq: count(seq, "undone seq")? as u64,
            stream: u64_from_sql(stream),
            command: parse(&command, &what)?,
            events: parse(&events, &format!("the events of {what}"))?,
        });
    }
    Ok(undone)
}

fn load_commands(conn: &Connection, id: EncounterId) -> Result<Vec<CommandRecord>, LoadError> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, command, stream, first_event, event_count FROM commands
         WHERE encounter_id = ?1 ORDER BY seq",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
    })?;
    let mut commands = Vec::new();
    for row in rows {
        let (seq, command, stream, first, n): (i64, String, i64, i64, i64) = row?;
        let start = count(first, "first event")?;
        commands.push(CommandRecord {
            seq: u64_from_sql(seq),
            command: parse::<Command>(&command, &format!("command {seq}"))?,
            events: start..start + count(n, "event count")?,
            stream: u64_from_sql(stream),
        });
    }
    Ok(commands)
}

fn load_events(
    conn: &Connection,
    id: EncounterId,
    commands: &[CommandRecord],
) -> Result<Vec<Event>, LoadError> {
    let mut stmt = conn.prepare_cached(
        "SELECT idx, seq, event FROM events WHERE encounter_id = ?1 ORDER BY idx",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?))
    })?;
    let mut events: Vec<Event> = Vec::new();
    for row in rows {
        let (idx, seq, event) = row?;
        let event: Event = parse(&event, &format!("event {idx}"))?;
        let owner = commands.get(count(seq, "event seq")?);
        if count(idx, "event index")? != events.len()
            || event.seq != u64_from_sql(seq)
            || !owner.is_some_and(|c| c.events.contains(&events.len()))
        {
            return Err(LoadError::Corrupt(format!("event {idx} is out of place in the log")));
        }
        events.push(event);
    }
    Ok(events)
}

/// Moves the redo tail from `seq` on (its events from `first` on) to the undone commands:
/// `replaced` holds those commands as the history had them. Before adding a command at `seq`.
pub(crate) fn replace_tail(
    conn: &Connection,
    id: EncounterId,
    seq: i64,
    first: i64,
    replaced: &[UndoneCommand],
) -> rusqlite::Result<()> {
    if replaced.is_empty() {
        return Ok(());
    }
    for undone in replaced {
        keep_undone(conn, id, undone)?;
    }
    conn.prepare_cached("DELETE FROM events WHERE encounter_id = ?1 AND idx >= ?2")?
        .execute(params![id.0, first])?;
    conn.prepare_cached("DELETE FROM commands WHERE encounter_id = ?1 AND seq >= ?2")?
        .execute(params![id.0, seq])?;
    Ok(())
}

/// Keeps a command dropped from the redo tail, with its stream and events.
pub(crate) fn keep_undone(
    conn: &Connection,
    id: EncounterId,
    undone: &UndoneCommand,
) -> rusqlite::Result<()> {
    let json = |e: serde_json::Result<String>| {
        e.map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
    };
    let command = json(serde_json::to_string(&undone.command))?;
    let events = json(serde_json::to_string(&undone.events))?;
    let seq = i64::try_from(undone.seq).expect("fewer than 2^63 commands");
    conn.prepare_cached(
        "INSERT INTO undone_commands (encounter_id, stream, seq, command, events)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id.0, u64_to_sql(undone.stream), seq, command, events])?;
    Ok(())
}

/// Writes one command and its events at `seq` (the events from index `first`), drawn from
/// dice `stream`, and moves the cursor and the stream on past it.
pub(crate) fn append_at(
    conn: &Connection,
    id: EncounterId,
    seq: i64,
    first: i64,
    stream: i64,
    command: &str,
    events: &[String],
) -> rusqlite::Result<()> {
    let n = i64::try_from(events.len()).expect("fewer than 2^63 events");
    conn.prepare_cached(
        "INSERT INTO commands (encounter_id, seq, command, stream, first_event, event_count)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![id.0, seq, command, stream, first, n])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO events (encounter_id, idx, seq, event) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (idx, event) in (first..).zip(events) {
        insert.execute(params![id.0, idx, seq, event])?;
    }
    let changed = conn
        .prepare_cached(
            "UPDATE encounters SET cursor = ?2, next_stream = ?3, updated = ?4 WHERE id = ?1",
        )?
        .execute(params![id.0, seq + 1, stream.wrapping_add(1), now_ms()])?;
    if changed == 0 {
        return Err(rusqlite::Error::QueryReturnedNoRows);
    }
    Ok(())
}

/// Stores the undo cursor (commands in effect).
pub(crate) fn set_cursor(
    conn: &Connection,
    id: EncounterId,
    cursor: usize,
) -> rusqlite::Result<()> {
    let cursor = i64::try_from(cursor).expect("fewer than 2^63 commands");
    let changed = conn
        .prepare_cached("UPDATE encounters SET cursor = ?2, updated = ?3 WHERE id = ?1")?
        .execute(params![id.0, cursor, now_ms()])?;
    if changed == 0 {
        return Err(rusqlite::Error::QueryReturnedNoRows);
    }
    Ok(())
}

/// Inserts a new encounter starting from `base`, with an empty journal.
pub(crate) fn create(conn: &Connection, base: &Encounter) -> rusqlite::Result<EncounterId> {
    let json = serde_json::to_string(base).expect("an encounter serializes to JSON");
    let now = now_ms();
    conn.execute(
        "INSERT INTO encounters (system, name, seed, base, created, updated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
        params![base.system_id().as_str(), base.name, u64_to_sql(base.seed), json, now],
    )?;
    Ok(EncounterId(conn.last_insert_rowid()))
}

/// SQLite integers are signed: a `u64` (seed, stream) is stored bit for bit as an `i64`.
pub(crate) fn u64_to_sql(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

/// The inverse of [`u64_to_sql`].
pub(crate) fn u64_from_sql(seed: i64) -> u64 {
    u64::from_ne_bytes(seed.to_ne_bytes())
}

fn count(n: i64, what: &str) -> Result<usize, LoadError> {
    usize::try_from(n).map_err(|_| LoadError::Corrupt(format!("{what} {n} is negative")))
}

fn parse<T: serde::de::DeserializeOwned>(json: &str, what: &str) -> Result<T, LoadError> {
    serde_json::from_str(json).map_err(|e| LoadError::Corrupt(format!("{what} does not read: {e}")))
}
