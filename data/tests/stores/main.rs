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

use fray_app::ids::SystemId;
use fray_data::{Db, Search};
use tempfile::TempDir;

/// A fresh database file (bundled content loaded) and the folder that holds it.
pub fn db() -> (TempDir, Db) {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    (dir, db)
}

/// The procedure the store tests keep their own entries under.
pub const OWN: &str = "freeform";

/// A registered procedure's id.
pub fn sys(text: &str) -> SystemId {
    fray_app::systems::registry();
    text.parse().unwrap()
}

/// A fresh database file whose [`OWN`] procedure keeps nothing bundled (its bundled
/// creatures, characters and tables deleted), so a search of it finds only what a test
/// stored; and the id.
pub fn bare_db() -> (TempDir, Db, SystemId) {
    let (dir, db) = db();
    let own = sys(OWN);
    let all = Search::default().system(own).limit(u32::MAX);
    for c in db.creatures().search(&all).unwrap() {
        db.creatures().delete(c.id).unwrap();
    }
    for c in db.characters().search(&all).unwrap() {
        db.characters().delete(c.id).unwrap();
    }
    for t in db.tables().list(Some(own)).unwrap() {
        db.tables().delete(t.id).unwrap();
    }
    (dir, db, own)
}

/// The same file opened again, as after a restart.
pub fn reopen(dir: &TempDir) -> Db {
    Db::open(dir.path().join("fray.db")).unwrap()
}
