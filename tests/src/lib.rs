//! tests.
//!
//! What several end-to-end tests share: the bundled library of one procedure, read back from
//! a fresh SQLite database as random play and encounter odds drop it on the board.

use fray_app::ids::SideId;
use fray_app::simulate::Library;
use fray_data::{Db, Search};

/// The bundled creatures, characters and roll tables of `system` (their `side` is 0, for
/// the caller to set).
pub fn library(system: &str) -> Library {
    let db = Db::open_in_memory().expect("a fresh database with the bundled content");
    let system = system.parse().expect("a registered procedure");
    let search = Search::default().system(system).limit(500);
    let creatures = db.creatures().search(&search).expect("creatures");
    let characters = db.characters().search(&search).expect("characters");
    Library {
        creatures: creatures.iter().map(|c| c.to_combatant(SideId(0))).collect(),
        characters: characters.iter().map(|c| c.to_combatant(SideId(0))).collect(),
        tables: fray_data::session::library_tables(&db, system).expect("tables"),
    }
}
