//! The database handle: opening, pragmas, migrations and first-run content.

use crate::DbError;
use crate::content;
use crate::migrations::MIGRATIONS;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// An open Fray database. Cloning is cheap and shares the connection, so the window can keep
/// one for the library while a [`Session`](crate::Session) keeps another for its journal.
#[derive(Clone)]
pub struct Db {
    conn: Arc<Mutex<Connection>>,
    path: Option<Arc<PathBuf>>,
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db").field("path", &self.path).finish_non_exhaustive()
    }
}

impl Db {
    /// Opens (or creates) the database at `path`: creates missing folders, brings the schema
    /// up to date and loads the bundled content the first time.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, DbError> {
        let path = path.as_ref();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|source| DbError::Io { path: dir.to_owned(), source })?;
        }
        let conn = Connection::open(path)?;
        Self::setup(conn, Some(path.to_owned()))
    }

    /// A throwaway database in memory, for quick tests only: it is not durable.
    pub fn open_in_memory() -> Result<Self, DbError> {
        Self::setup(Connection::open_in_memory()?, None)
    }

    fn setup(mut conn: Connection, path: Option<PathBuf>) -> Result<Self, DbError> {
        // Another Fray (or a backup tool) may hold the lock for a moment; wait rather than fail.
        conn.busy_timeout(Duration::from_secs(5))?;
        // Every write transaction takes the write lock when it begins (BEGIN IMMEDIATE), so
        // the wait above applies to it: a transaction that read first and then found another
        // process had written meanwhile would fail at once ("database is locked").
        conn.set_transaction_behavior(rusqlite::TransactionBehavior::Immediate);
        // WAL: readers never block the journal's writes and a commit is one append.
        // Switching a new file to WAL needs it alone for a moment, and SQLite does not wait
        // for that by itself: several first opens at once retry until it is theirs.
        retry_busy(|| conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0)))?;
        // FULL syncs the WAL on every commit: what the GM has seen survives a power cut, not
        // only a killed process. It costs about 0.1 ms a command, well inside the 2 ms budget
        // (see benches/store.rs).
        conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")?;
        // 8 MB of page cache: enough for search-as-you-type over a big bestiary to stay warm, small
        // enough that a long journal does not fill the window's memory with pages it wrote.
        conn.execute_batch("PRAGMA cache_size = -8000;")?;
        migrate(&mut conn)?;
        content::load_bundled(&mut conn)?;
        Ok(Self { conn: Arc::new(Mutex::new(conn)), path: path.map(Arc::new) })
    }

    /// Where the database lives (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref().map(PathBuf::as_path)
    }

    /// The schema version (number of migration steps run).
    pub fn schema_version(&self) -> Result<u32, DbError> {
        Ok(self.lock().query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// SQLite's own consistency check: `Ok(())` when it answers `ok`, else its findings.
    pub fn integrity_check(&self) -> Result<(), DbError> {
        let conn = self.lock();
        let mut stmt = conn.prepare("PRAGMA integrity_check")?;
        let lines: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
        if lines == ["ok"] {
            Ok(())
        } else {
            Err(DbError::Corrupt { what: "the database file".into(), detail: lines.join("; ") })
        }
    }

    /// The connection, for this crate's stores.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock dropped its transaction, which rolled back: the
        // connection is consistent, so poisoning carries no information here.
        self.conn.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Now, in milliseconds since the Unix epoch (the stores' timestamps).
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Runs `f` again while the database is busy (up to ten seconds).
fn retry_busy<T>(mut f: impl FnMut() -> rusqlite::Result<T>) -> rusqlite::Result<T> {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        match f() {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::DatabaseBusy
                    && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

/// Brings the schema up to date. Several Frays opening a brand-new database at once race for
/// the first migration: one whose attempt fails because another moved the schema on under it
/// (its tables "already exist") tries again, and finds nothing left to do. A failure where
/// nobody else moved on is the real one, said in one line (the failing SQL is not repeated).
fn migrate(conn: &mut Connection) -> Result<(), DbError> {
    let version = |conn: &Connection| MIGRATIONS.current_version(conn).ok();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let before = version(conn);
        let Err(e) = MIGRATIONS.to_latest(conn) else { return Ok(()) };
        if version(conn) == before || std::time::Instant::now() > deadline {
            let why = match e {
                rusqlite_migration::Error::RusqliteError { err, .. } => err.to_string(),
                other => other.to_string().lines().next().unwrap_or_default().to_owned(),
            };
            return Err(DbError::Migration(why));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pragmas_are_set_on_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path().join("nested/folder/fray.db")).unwrap();
        let conn = db.lock();
        let pragma = |name: &str| -> String {
            conn.query_row(&format!("PRAGMA {name}"), [], |r| r.get::<_, rusqlite::types::Value>(0))
                .map(|v| format!("{v:?}"))
                .unwrap()
        };
        assert_eq!(pragma("journal_mode"), "Text(\"wal\")");
        assert_eq!(pragma("synchronous"), "Integer(2)", "FULL");
        assert_eq!(pragma("foreign_keys"), "Integer(1)");
        drop(conn);
        db.integrity_check().unwrap();
        assert!(db.path().unwrap().ends_with("nested/folder/fray.db"));
    }

    #[test]
    fn a_write_transaction_holds_the_write_lock_from_its_start() {
        // So another process's writer waits its turn (the busy timeout) instead of the two
        // finding out at their first write that one must fail.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fray.db");
        let db = Db::open(&path).unwrap();
        let mut conn = db.lock();
        let tx = conn.transaction().unwrap();
        let other = Connection::open(&path).unwrap();
        other.busy_timeout(Duration::ZERO).unwrap();
        let err = other.execute_batch("BEGIN IMMEDIATE").unwrap_err();
        assert!(err.to_string().contains("locked"), "{err}");
        tx.commit().unwrap();
        other.execute_batch("BEGIN IMMEDIATE; COMMIT").unwrap();
    }
}
