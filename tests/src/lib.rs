//! tests.
//!
//! What several end-to-end tests share: the bundled library of one procedure, read back from
//! a fresh SQLite database as random play and encounter odds drop it on the board.

use fray_app::encounter::{Combatant, Encounter};
use fray_app::ids::SideId;
use fray_app::simulate::Library;
use fray_app::table_view::Shown;
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

/// Whether the players may not know `c` by name, worked out apart from the table view's own
/// reading: concealed foes, the GM's word, and the default for new foes (hidden until they
/// act, or anonymous).
pub fn unknown_to_players(enc: &Encounter, c: &Combatant) -> bool {
    let party = enc.is_party(c.id);
    if !party && c.conditions.contains("concealed") {
        return true;
    }
    match enc.table.shown.get(&c.id) {
        Some(Shown::Revealed) => false,
        Some(_) => true,
        None if party => false,
        None => match enc.table.view.new_foes {
            Shown::Revealed => false,
            Shown::Anonymous => true,
            Shown::Hidden => !enc.table.acted.contains(&c.id),
        },
    }
}

/// Names of the combatants the players never knew at any moment of the fight (by
/// `unknown_to_players`), less any that is part of a name they did know.
pub fn never_seen(base: &Encounter, events: &[fray_app::Event]) -> Vec<String> {
    let mut enc = base.clone();
    let mut known: Vec<String> = vec![base.name.clone()];
    let mut unknown: std::collections::BTreeMap<fray_app::ids::CombatantId, String> =
        Default::default();
    let mut look = |enc: &Encounter| {
        for c in enc.combatants.values() {
            if unknown_to_players(enc, c) {
                unknown.entry(c.id).or_insert_with(|| c.name.clone());
            } else {
                known.push(c.name.clone());
            }
        }
        known.extend(enc.zones.values().map(|z| z.name.clone()));
        known.extend(enc.sides.values().map(|s| s.name.clone()));
    };
    look(&enc);
    for event in events {
        enc.apply(event);
        look(&enc);
    }
    unknown
        .into_values()
        .filter(|n| !n.trim().is_empty() && !known.iter().any(|k| k.contains(n.as_str())))
        .collect()
}
