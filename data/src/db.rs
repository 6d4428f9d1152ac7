//! The database handle: opening, pragmas, migrations and first-run content.

use crate::DbError;
use crate::content;
use crate::migrations::MIGRATIONS;
use fray_app::systems::Registry;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a write waits for another program's write lock before saying the database is
/// busy (the window's encounter writes do not wait: see `unsaved.rs`).
pub(crate) const BUSY_WAIT: Duration = Duration::from_secs(5);

fn default_busy_wait() -> Arc<AtomicU64> {
    Arc::new(AtomicU64::new(BUSY_WAIT.as_millis() as u64))
}

/// An open Fray database. Cloning is cheap and shares the connection, so the window can keep
/// one for the library while a [`Session`](crate::Session) keeps another for its journal.
#[derive(Clone)]
pub struct Db {
    conn: Arc<Mutex<Connection>>,
    path: Option<Arc<PathBuf>>,
    /// Opened with [`Db::open_read_only`]: every write fails.
    read_only: bool,
    /// How long a write waits for another program's lock, in milliseconds (see
    /// [`Db::set_busy_wait`]).
    busy_wait_ms: Arc<AtomicU64>,
    /// The procedures its rows are read by: asked for as it opens (building the registry is
    /// what lets an id stored as text be read), and passed on to whoever lists them.
    procedures: &'static Registry,
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
        Self::setup(conn, Some(path.to_owned())).map_err(|e| {
            // SQLite opens a file it may not write read-only without a word, then fails at the
            // first write (the switch to WAL) as "unable to open": say what it is.
            if e.is_database() && !writable(path) { DbError::ReadOnly } else { e }
        })
    }

    /// Opens the database at `path` for reading only, for commands that never write (listing
    /// and exporting): nothing is written to it, not even "last opened", so it works on a
    /// read-only file or mount and on a full disk. A database that does not exist yet, or whose
    /// schema is older than this Fray, is opened with [`Db::open`] instead (created, or brought
    /// up to date, which is a write).
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Self, DbError> {
        let path = path.as_ref();
        if !path.exists() {
            return Self::open(path);
        }
        let procedures = fray_app::systems::registry();
        let conn = open_read_only_conn(path)?;
        // rusqlite_migration keeps the number of steps run in `user_version`.
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let latest = usize::try_from(version).is_ok_and(|v| v == crate::migrations::STEPS.len());
        if !latest {
            drop(conn);
            return Self::open(path);
        }
        conn.busy_timeout(BUSY_WAIT)?;
        Ok(Self {
            conn: Arc::new(Mutex::new(conn)),
            path: Some(Arc::new(path.to_owned())),
            read_only: true,
            busy_wait_ms: default_busy_wait(),
            procedures,
        })
    }

    /// A throwaway database in memory, for quick tests only: it is not durable.
    pub fn open_in_memory() -> Result<Self, DbError> {
        Self::setup(Connection::open_in_memory()?, None)
    }

    fn setup(mut conn: Connection, path: Option<PathBuf>) -> Result<Self, DbError> {
        // What the store reads names procedures: the registry is built first.
        let procedures = fray_app::systems::registry();
        // Another Fray (or a backup tool) may hold the lock for a moment; wait rather than fail.
        conn.busy_timeout(BUSY_WAIT)?;
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
        Ok(Self {
            conn: Arc::new(Mutex::new(conn)),
            path: path.map(Arc::new),
            read_only: false,
            busy_wait_ms: default_busy_wait(),
            procedures,
        })
    }

    /// How long a write waits for another program's write lock before it fails with "the
    /// database is busy" (5 s unless set). The window sets a short wait: a GM's save while a
    /// long import writes is refused at once, the form kept, rather than freezing the window.
    pub fn set_busy_wait(&self, wait: Duration) -> Result<(), DbError> {
        self.lock().busy_timeout(wait)?;
        let ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
        self.busy_wait_ms.store(ms, Ordering::Relaxed);
        Ok(())
    }

    /// The procedures Fray knows, the registry its rows are read by: every list of
    /// procedures a screen or a command shows is this one.
    pub fn procedures(&self) -> &'static Registry {
        self.procedures
    }

    /// How long a write waits for another program's write lock (see [`Db::set_busy_wait`]).
    pub fn busy_wait(&self) -> Duration {
        Duration::from_millis(self.busy_wait_ms.load(Ordering::Relaxed))
    }

    /// Where the database lives (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref().map(PathBuf::as_path)
    }

    /// Whether this handle only reads (see [`Db::open_read_only`]).
    pub fn is_read_only(&self) -> bool {
        self.read_only
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

    /// A number that changes whenever another connection (another program, or another
    /// window on the same file) commits a change: the window rereads what it shows when it
    /// moves. SQLite's `data_version`; cheap, no table is read.
    pub fn data_version(&self) -> Result<i64, DbError> {
        Ok(self.lock().query_row("PRAGMA data_version", [], |r| r.get(0))?)
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

/// Whether `path` can be opened for writing (false on a read-only file, folder or mount).
fn writable(path: &Path) -> bool {
    let file_ok = std::fs::OpenOptions::new().append(true).open(path).is_ok();
    // SQLite also writes its `-wal` and `-shm` files beside the database.
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let dir_ok = tempfile::tempfile_in(dir).is_ok();
    file_ok && dir_ok
}

/// A read-only connection to an existing database. SQLite reads a WAL database through its
/// `-shm` index, which it creates beside the file; on a read-only mount or a full disk it
/// cannot, and then,
/// if no write-ahead log was left behind (every commit is in the file itself), the file is
/// read as immutable. A log left behind (a Fray killed mid-session on what is now a read-only
/// mount) holds commits the file lacks: that is refused rather than showing an older state.
fn open_read_only_conn(path: &Path) -> Result<Connection, DbError> {
    use rusqlite::OpenFlags;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let first = Connection::open_with_flags(path, flags)
        .and_then(|c| c.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).map(|_| c));
    match first {
        Ok(conn) => Ok(conn),
        // Cannot make the index: a read-only place (cannot open it) or a full disk (I/O error).
        Err(e)
            if matches!(
                e.sqlite_error_code(),
                Some(
                    rusqlite::ErrorCode::CannotOpen
                        | rusqlite::ErrorCode::SystemIoFailure
                        | rusqlite::ErrorCode::DiskFull
                )
            ) =>
        {
            let wal = path.with_file_name(format!(
                "{}-wal",
                path.file_name().unwrap_or_default().to_string_lossy()
            ));
            if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
                return Err(DbError::Sqlite(e));
            }
            let uri = format!("file:{}?immutable=1", uri_path(path));
            Ok(Connection::open_with_flags(uri, flags)?)
        }
        Err(e) => Err(DbError::Sqlite(e)),
    }
}

/// `path` as the path part of an SQLite `file:` URI (percent-encoding what the URI syntax
/// reserves).
fn uri_path(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut out = String::new();
    for byte in absolute.as_os_str().as_encoded_bytes().iter().copied() {
        match byte {
            b'?' | b'#' | b'%' | b'&' | b'=' | 0x80.. => out.push_str(&format!("%{byte:02X}")),
            _ => out.push(char::from(byte)),
        }
    }
    out
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

    #[test]
    fn a_read_only_handle_reads_and_never_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fray.db");
        let id = {
            let db = Db::open(&path).unwrap();
            crate::Session::create(&db, "freeform".parse().unwrap(), "Crypt", 1)
                .unwrap()
                .encounter_id()
        };
        let before = std::fs::read(&path).unwrap();
        let db = Db::open_read_only(&path).unwrap();
        assert!(db.is_read_only());
        assert_eq!(crate::Session::read(&db, id).unwrap().base().name, "Crypt");
        assert!(db.creatures().count().unwrap() > 0, "the bundled content is there");
        let err = db.encounters().rename(id, "Tomb").unwrap_err();
        assert_eq!(err.to_string(), "the database is read-only here; nothing was written");
        assert!(err.is_database());
        drop(db);
        assert_eq!(std::fs::read(&path).unwrap(), before, "the file is as it was");
    }

    #[test]
    fn a_read_only_open_of_a_missing_or_older_database_creates_or_upgrades_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.db");
        let db = Db::open_read_only(&path).unwrap();
        assert!(!db.is_read_only(), "a first run creates the file");
        assert_eq!(db.schema_version().unwrap() as usize, crate::migrations::STEPS.len());
        drop(db);
        Connection::open(&path).unwrap().execute_batch("PRAGMA user_version = 3").unwrap();
        let db = Db::open_read_only(&path);
        // Step 4 runs again on tables that exist: what matters is that it was tried with
        // write access, not read as if it were current.
        assert!(db.as_ref().is_err_and(|e| e.is_database()) || db.is_ok_and(|d| !d.is_read_only()));
    }

    #[test]
    fn sqlite_failures_are_said_in_the_gms_words_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fray.db");
        let db = Db::open(&path).unwrap();
        let other = Connection::open(&path).unwrap();
        other.execute_batch("BEGIN IMMEDIATE").unwrap();
        db.lock().busy_timeout(Duration::from_millis(50)).unwrap();
        let err = db.encounters().rename(crate::EncounterId(1), "x").unwrap_err();
        let text = anyhow_like(&err);
        assert_eq!(text.matches("busy").count(), 1, "{text}");
        assert!(text.starts_with("the database is busy"), "{text}");
    }

    /// The error and its sources joined as a one-line report would (anyhow's `{:#}`).
    fn anyhow_like(e: &dyn std::error::Error) -> String {
        let mut out = e.to_string();
        let mut source = e.source();
        while let Some(s) = source {
            out.push_str(": ");
            out.push_str(&s.to_string());
            source = s.source();
        }
        out
    }
}
