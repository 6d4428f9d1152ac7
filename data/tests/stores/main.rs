//! Store, content and session tests, each on a real SQLite file in a temporary folder.

mod campaign;
mod characters;
mod content;
mod creatures;
mod prep;
mod session;
mod settings;
mod tables;
mod weapons;

use fray_data::Db;
use tempfile::TempDir;

/// A fresh database file (bundled content loaded) and the folder that holds it.
pub fn db() -> (TempDir, Db) {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    (dir, db)
}

/// The same file opened again, as after a restart.
pub fn reopen(dir: &TempDir) -> Db {
    Db::open(dir.path().join("fray.db")).unwrap()
}
