//! Bundled content (example bestiaries, characters and roll tables in our own words), embedded
//! from `data/content/` and loaded on first run.
//!
//! Each entry is stored with an origin (`bundled:<system>/<kind>/<key>`) that is unique in
//! its table, so loading again never duplicates anything and never overwrites the GM's edits.
//! The `content_version` setting records what was loaded; raising [`CONTENT_VERSION`] (when
//! files are added) makes the next start load the new entries.

use crate::characters::{self, NewCharacter};
use crate::creatures::{self, NewCreature};
use crate::tables::{self, Effect, NewTable};
use crate::{Db, DbError, settings};
use fray_app::checks::{RollTable, TableRow};
use fray_app::dice::Dice;
use rusqlite::Connection;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Version of the bundled content; raise it whenever a file or entry is added.
/// 2: the Block, Dodge, Parry (`bdp`) bestiary, party and tables.
pub const CONTENT_VERSION: u32 = 2;

/// The settings key holding the loaded content version.
pub const CONTENT_VERSION_KEY: &str = "content_version";

/// What a content file holds.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Creatures,
    Characters,
    Tables,
}

/// One embedded file: its path under `data/content/`, kind and text.
struct File(&'static str, Kind, &'static str);

macro_rules! file {
    ($path:literal, $kind:expr) => {
        File($path, $kind, include_str!(concat!("../content/", $path)))
    };
}

/// Every bundled file. Later systems add theirs here.
const FILES: &[File] = &[
    file!("freeform/creatures.json", Kind::Creatures),
    file!("freeform/characters.json", Kind::Characters),
    file!("freeform/tables.json", Kind::Tables),
    file!("bdp/creatures.json", Kind::Creatures),
    file!("bdp/characters.json", Kind::Characters),
    file!("bdp/tables.json", Kind::Tables),
];

/// The Block, Dodge, Parry weapon list (`{"system": "bdp", "entries": [...]}`; each entry has
/// `key`, `name`, `die`, `speed`, and optionally `reach`, `ranged`, `bulky`, `damage_type`,
/// `tags` and `notes`). Not stored in the database: a reference the UI can offer when a GM
/// arms a stat block.
pub const BDP_WEAPONS: &str = include_str!("../content/bdp/weapons.json");

impl Db {
    /// Loads every bundled entry that is not in the database (deleted examples come back);
    /// returns how many were added. Entries already there, edited or not, are left alone.
    pub fn load_bundled_content(&self) -> Result<usize, DbError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let added = load_all(&tx)?;
        tx.commit()?;
        Ok(added)
    }
}

/// Loads the bundled content unless this version was loaded already (first run, upgrade).
pub(crate) fn load_bundled(conn: &mut Connection) -> Result<(), DbError> {
    let tx = conn.transaction()?;
    let loaded = settings::get(&tx, CONTENT_VERSION_KEY)?.and_then(|v| v.parse::<u32>().ok());
    if loaded.is_some_and(|v| v >= CONTENT_VERSION) {
        return Ok(());
    }
    load_all(&tx)?;
    settings::set(&tx, CONTENT_VERSION_KEY, &CONTENT_VERSION.to_string())?;
    tx.commit()?;
    Ok(())
}

fn load_all(conn: &Connection) -> Result<usize, DbError> {
    let mut added = 0;
    for file in FILES {
        added += load_file(conn, file)?;
    }
    Ok(added)
}

/// A content file: the system its entries belong to, and the entries.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ContentFile {
    system: String,
    entries: Vec<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreatureEntry {
    key: String,
    name: String,
    #[serde(default)]
    tags: Vec<String>,
    block: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterEntry {
    key: String,
    name: String,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    party: Option<String>,
    sheet: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableEntry {
    key: String,
    name: String,
    dice: String,
    #[serde(default)]
    damage_type: Option<String>,
    rows: Vec<RowEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RowEntry {
    low: i64,
    high: i64,
    effect: String,
    #[serde(default)]
    structured: Option<Value>,
}

fn load_file(conn: &Connection, &File(path, kind, text): &File) -> Result<usize, DbError> {
    let error = |entry: String, message: String| DbError::Content { file: path, entry, message };
    let file: ContentFile =
        serde_json::from_str(text).map_err(|e| error("(file)".into(), e.to_string()))?;
    let system = file.system;
    let mut added = 0;
    for (i, value) in file.entries.into_iter().enumerate() {
        let name =
            value.get("key").and_then(Value::as_str).map_or(format!("#{}", i + 1), str::to_owned);
        let origin = |key: &str, kind: &str| format!("bundled:{system}/{kind}/{key}");
        // Store errors become content errors naming this entry; SQLite failures stay as they are.
        let named = |e: DbError| match e {
            DbError::Invalid(message) => error(name.clone(), message),
            e => e,
        };
        let new = match kind {
            Kind::Creatures => {
                let e: CreatureEntry = entry(value).map_err(|m| error(name.clone(), m))?;
                let new = NewCreature {
                    system: system.clone(),
                    name: e.name,
                    tags: e.tags,
                    block: e.block,
                };
                creatures::insert(conn, &new, Some(&origin(&e.key, "creature")))
                    .map_err(named)?
                    .is_some()
            }
            Kind::Characters => {
                let e: CharacterEntry = entry(value).map_err(|m| error(name.clone(), m))?;
                let new = NewCharacter {
                    system: system.clone(),
                    name: e.name,
                    tags: e.tags,
                    sheet: e.sheet,
                    party: e.party,
                };
                characters::insert(conn, &new, Some(&origin(&e.key, "character")))
                    .map_err(named)?
                    .is_some()
            }
            Kind::Tables => {
                let e: TableEntry = entry(value).map_err(|m| error(name.clone(), m))?;
                let dice = Dice::parse(&e.dice)
                    .map_err(|err| error(name.clone(), format!("dice: {err}")))?;
                let rows = e
                    .rows
                    .into_iter()
                    .map(|r| TableRow {
                        low: r.low,
                        high: r.high,
                        result: Effect { text: r.effect, structured: r.structured },
                    })
                    .collect();
                let new = NewTable {
                    system: system.clone(),
                    damage_type: e.damage_type,
                    table: RollTable { name: e.name, dice, rows },
                };
                tables::insert(conn, &new, Some(&origin(&e.key, "table"))).map_err(named)?.is_some()
            }
        };
        added += usize::from(new);
    }
    Ok(added)
}

/// An entry read as `T`; the message names the missing or unexpected field.
fn entry<T: DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_loads_into_a_fresh_database() {
        let db = Db::open_in_memory().unwrap();
        assert_eq!(db.load_bundled_content().unwrap(), 0, "first run loaded everything");
    }

    /// One entry of [`BDP_WEAPONS`], every field checked.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct WeaponRef {
        key: String,
        name: String,
        die: u32,
        speed: String,
        #[serde(default)]
        reach: bool,
        #[serde(default)]
        ranged: bool,
        #[serde(default)]
        bulky: bool,
        #[serde(default)]
        damage_type: Option<String>,
        #[serde(default)]
        tags: Vec<String>,
        notes: String,
    }

    #[test]
    fn the_bdp_weapon_list_is_consistent() {
        let file: ContentFile = serde_json::from_str(BDP_WEAPONS).unwrap();
        assert_eq!(file.system, "bdp");
        assert!(file.entries.len() >= 20, "{} weapons", file.entries.len());
        let mut keys = std::collections::HashSet::new();
        for value in file.entries {
            let w: WeaponRef = entry(value).unwrap();
            assert!(keys.insert(w.key.clone()), "{}: duplicate key", w.key);
            assert!(!w.name.is_empty() && !w.notes.is_empty(), "{}", w.key);
            assert!(matches!(w.die, 4 | 6 | 8 | 10 | 12), "{}: d{}", w.key, w.die);
            assert!(matches!(w.speed.as_str(), "fast" | "balanced" | "slow"), "{}", w.key);
            // Missile weapons are all fast whatever their die; hand weapons follow the die.
            let by_die = match w.die {
                6 => "fast",
                8 => "balanced",
                10 => "slow",
                _ => w.speed.as_str(),
            };
            if w.ranged {
                assert_eq!(w.speed, "fast", "{}", w.key);
            } else {
                assert_eq!(w.speed, by_die, "{}: speed against d{}", w.key, w.die);
            }
            assert!(!(w.reach && w.ranged), "{}: reach is for hand weapons", w.key);
            // Slow weapons take both hands.
            assert!(w.speed != "slow" || w.bulky, "{}: slow but not bulky", w.key);
            if let Some(t) = &w.damage_type {
                assert!(matches!(t.as_str(), "piercing" | "bludgeoning" | "slashing"), "{t}");
            }
            for tag in &w.tags {
                let (word, x) = tag.rsplit_once(' ').unwrap_or((tag, ""));
                assert!(
                    matches!(
                        word,
                        "Heavy"
                            | "Sweep"
                            | "Push"
                            | "Counter"
                            | "Brutal"
                            | "Shock"
                            | "Bleed"
                            | "Quick"
                            | "Magic"
                    ) && x.parse::<u32>().is_ok(),
                    "{}: tag {tag:?}",
                    w.key
                );
            }
        }
        for key in ["dagger", "shortsword", "longsword", "spear", "greataxe", "shortbow"] {
            assert!(keys.contains(key), "{key} missing");
        }
    }

    #[test]
    fn a_bad_entry_is_named() {
        let conn = Connection::open_in_memory().unwrap();
        let text =
            r#"{"system": "freeform", "entries": [{"key": "imp", "nam": "Imp", "block": {}}]}"#;
        let err = load_file(&conn, &File("test.json", Kind::Creatures, text)).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("test.json") && msg.contains("imp") && msg.contains("nam"), "{msg}");
    }
}
