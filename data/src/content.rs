//! Bundled content (example bestiaries, characters, roll tables and weapon lists in our own
//! words), embedded from `data/content/` and loaded on first run.
//!
//! Each entry is stored with an origin (`bundled:<system>/<kind>/<key>`) that is unique in
//! its table, so loading again never duplicates anything and never overwrites the GM's edits.
//! The `content_version` setting records what was loaded; raising [`CONTENT_VERSION`] (when
//! files are added) makes the next start load the new entries.

use crate::characters::{self, NewCharacter};
use crate::creatures::{self, NewCreature};
use crate::tables::{self, Effect, NewTable};
use crate::templates::{self, NewTemplate};
use crate::weapons::{self, NewWeapon, WeaponRef};
use crate::{Db, DbError, settings};
use fray_app::checks::{RollTable, TableRow};
use fray_app::dice::Dice;
use rusqlite::Connection;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Version of the bundled content; raise it whenever a file or entry is added.
/// 2: the Block, Dodge, Parry (`bdp`) bestiary, party and tables.
/// 3: the d12 declared-action bestiary, party, weapons and injury tables.
/// 4: the weapon lists are stored in the database, editable.
/// 5: the Murdham bestiary, party, injury table and weapon and armour list.
/// 6: the DR12 bestiary, party and weapon list.
/// 7: the Sovereign bestiary and party.
/// 8: the Sovereign battle map (an encounter template); Stab for its fighters.
pub const CONTENT_VERSION: u32 = 8;

/// The settings key holding the loaded content version.
pub const CONTENT_VERSION_KEY: &str = "content_version";

/// What a content file holds.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Creatures,
    Characters,
    Tables,
    /// A system's weapon list: each entry is a [`WeaponRef`].
    Weapons,
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
    file!("bdp/weapons.json", Kind::Weapons),
    file!("d12/creatures.json", Kind::Creatures),
    file!("d12/characters.json", Kind::Characters),
    file!("d12/tables.json", Kind::Tables),
    file!("d12/weapons.json", Kind::Weapons),
    file!("murdham/creatures.json", Kind::Creatures),
    file!("murdham/characters.json", Kind::Characters),
    file!("murdham/tables.json", Kind::Tables),
    file!("murdham/weapons.json", Kind::Weapons),
    file!("dr12/creatures.json", Kind::Creatures),
    file!("dr12/characters.json", Kind::Characters),
    file!("dr12/weapons.json", Kind::Weapons),
    file!("sovereign/creatures.json", Kind::Creatures),
    file!("sovereign/characters.json", Kind::Characters),
];

/// Bundled boards (battle maps with their walls and doors), each a `fray play` script stored
/// as an encounter template; its key is the file's name.
const BOARDS: &[(&str, &str)] =
    &[("sovereign/watchtower.fray", include_str!("../content/sovereign/watchtower.fray"))];

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
    let up_to_date = |conn: &Connection| -> Result<bool, DbError> {
        let loaded = settings::get(conn, CONTENT_VERSION_KEY)?.and_then(|v| v.parse::<u32>().ok());
        Ok(loaded.is_some_and(|v| v >= CONTENT_VERSION))
    };
    // Looked at first without a write transaction: on every open but the first, this is all,
    // and opening must not wait for another program's write (it would fail where the command
    // itself only needed to read, or name the wrong step when it gives up).
    if up_to_date(conn)? {
        return Ok(());
    }
    let tx = conn.transaction()?;
    // Read again under the write lock: another Fray may have loaded it meanwhile.
    if up_to_date(&tx)? {
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
    for (path, text) in BOARDS {
        added += load_board(conn, path, text)?;
    }
    Ok(added)
}

/// A content file: the system its entries belong to, and the entries.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ContentFile {
    system: fray_app::ids::SystemId,
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
                let new = NewCreature { system, name: e.name, tags: e.tags, block: e.block };
                creatures::insert(conn, &new, Some(&origin(&e.key, "creature")), None)
                    .map_err(named)?
                    .is_some()
            }
            Kind::Characters => {
                let e: CharacterEntry = entry(value).map_err(|m| error(name.clone(), m))?;
                let new = NewCharacter {
                    system,
                    name: e.name,
                    tags: e.tags,
                    sheet: e.sheet,
                    party: e.party,
                };
                characters::insert(conn, &new, Some(&origin(&e.key, "character")), None)
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
                    system,
                    damage_type: e.damage_type,
                    table: RollTable { name: e.name, dice, rows },
                };
                tables::insert(conn, &new, Some(&origin(&e.key, "table")), None)
                    .map_err(named)?
                    .is_some()
            }
            Kind::Weapons => {
                let weapon: WeaponRef = entry(value).map_err(|m| error(name.clone(), m))?;
                let origin = origin(&weapon.key, "weapon");
                let new = NewWeapon { system, weapon };
                weapons::insert(conn, &new, Some(&origin)).map_err(named)?.is_some()
            }
        };
        added += usize::from(new);
    }
    Ok(added)
}

/// A board script, played and stored as an encounter template (once: its origin is unique).
fn load_board(conn: &Connection, path: &'static str, text: &str) -> Result<usize, DbError> {
    let key = path.rsplit('/').next().unwrap_or(path).trim_end_matches(".fray");
    let history = fray_app::scenario::run(path, text).map_err(|e| DbError::Content {
        file: path,
        entry: key.into(),
        message: e.to_string(),
    })?;
    let board = history.state();
    let new = NewTemplate::board(&board.name, board);
    let origin = format!("bundled:{}/board/{key}", board.system_id());
    Ok(usize::from(templates::insert_bundled(conn, &new, &origin)?.is_some()))
}

/// An entry read as `T`; the message names the missing or unexpected field.
fn entry<T: DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_app::system::weapon_list::{flag, text, whole, words};

    /// The registered procedure `text` names.
    fn sys(text: &str) -> fray_app::ids::SystemId {
        fray_app::systems::registry();
        text.parse().unwrap()
    }

    #[test]
    fn the_sovereign_battle_map_is_a_template_with_walls_a_door_and_a_window() {
        let db = Db::open_in_memory().unwrap();
        let boards = db
            .templates()
            .list(templates::TemplateKind::Encounter, Some(sys("sovereign")))
            .unwrap();
        let tower = boards.iter().find(|t| t.name == "The old watchtower").expect("bundled");
        let board = tower.board().unwrap();
        let grid = board.grid.as_ref().expect("a grid");
        assert_eq!((grid.width, grid.height), (18, 12));
        let kinds: Vec<_> = grid.walls.iter().map(|w| w.kind).collect();
        use fray_app::space::grid::WallKind;
        assert!(kinds.contains(&WallKind::Door { open: false }), "a closed door");
        assert!(kinds.contains(&WallKind::Window), "a window");
        assert!(kinds.iter().filter(|k| **k == WallKind::Wall).count() > 30, "the tower's walls");
        assert_eq!(board.sides.len(), 2);
        // Loading again adds nothing.
        assert_eq!(db.load_bundled_content().unwrap(), 0);
    }

    #[test]
    fn every_file_loads_into_a_fresh_database() {
        let db = Db::open_in_memory().unwrap();
        assert_eq!(db.load_bundled_content().unwrap(), 0, "first run loaded everything");
    }

    /// The weapons of a bundled list, each checked by the store's own rules
    /// ([`WeaponRef::validate`]: what the system needs), with a unique key and a note.
    fn weapon_list(path: &str, system: &str) -> Vec<WeaponRef> {
        fray_app::systems::registry();
        let file = FILES.iter().find(|f| f.0 == path).unwrap_or_else(|| panic!("no {path}"));
        assert!(matches!(file.1, Kind::Weapons), "{path} is not loaded as weapons");
        let file: ContentFile = serde_json::from_str(file.2).unwrap();
        assert_eq!(file.system, system);
        let mut keys = std::collections::HashSet::new();
        let list: Vec<WeaponRef> = file
            .entries
            .into_iter()
            .map(|value| entry(value).unwrap_or_else(|e| panic!("{path}: {e}")))
            .collect();
        for w in &list {
            w.validate(file.system).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert!(keys.insert(w.key.clone()), "{}: duplicate key", w.key);
            assert!(!w.notes.is_empty(), "{}: no note", w.key);
        }
        list
    }

    #[test]
    fn a_stored_weapon_is_its_entry_as_the_file_writes_it() {
        let db = Db::open_in_memory().unwrap();
        let conn = db.lock();
        for file in FILES.iter().filter(|f| matches!(f.1, Kind::Weapons)) {
            let content: ContentFile = serde_json::from_str(file.2).unwrap();
            for value in content.entries {
                let key = value["key"].as_str().unwrap();
                let origin = format!("bundled:{}/weapon/{key}", content.system);
                let stored: String = conn
                    .query_row("SELECT entry FROM weapons WHERE origin = ?1", [&origin], |r| {
                        r.get(0)
                    })
                    .unwrap();
                assert_eq!(serde_json::from_str::<Value>(&stored).unwrap(), value, "{origin}");
            }
        }
    }

    #[test]
    fn the_bdp_weapon_list_is_consistent() {
        let list = weapon_list("bdp/weapons.json", "bdp");
        assert!(list.len() >= 20, "{} weapons", list.len());
        for weapon in &list {
            let (w, key) = (&weapon.fields, &weapon.key);
            let speed = text(w, "speed").expect("checked");
            let die = whole(w, "die").expect("checked");
            // Missile weapons are all fast whatever their die; hand weapons follow the die.
            let by_die = match die {
                6 => "fast",
                8 => "balanced",
                10 => "slow",
                _ => speed,
            };
            if flag(w, "ranged") {
                assert_eq!(speed, "fast", "{key}");
            } else {
                assert_eq!(speed, by_die, "{key}: speed against d{die}");
            }
            assert!(!(flag(w, "reach") && flag(w, "ranged")), "{key}: reach is for hand weapons");
            // Slow weapons take both hands.
            assert!(speed != "slow" || flag(w, "bulky"), "{key}: slow but not bulky");
            if let Some(t) = text(w, "damage_type") {
                assert!(matches!(t, "piercing" | "bludgeoning" | "slashing"), "{t}");
            }
            for tag in words(w, "tags") {
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
                    "{key}: tag {tag:?}"
                );
            }
        }
        for key in ["dagger", "shortsword", "longsword", "spear", "greataxe", "shortbow"] {
            assert!(list.iter().any(|w| w.key == key), "{key} missing");
        }
    }

    /// The damage types of the `d12` rules, one injury table each.
    const D12_DAMAGE_TYPES: [&str; 11] = [
        "blunt", "piercing", "slashing", "chopping", "fire", "cold", "electric", "sonic", "acid",
        "holy", "unholy",
    ];

    /// The abilities a `d12` injury can lower.
    const D12_ABILITIES: [&str; 5] = ["str", "agi", "dex", "per", "mem"];

    /// `text` read as dice that roll at least one die ("1d8", not "5").
    fn dice(text: &str, what: &str) -> Dice {
        let d = Dice::parse(text).unwrap_or_else(|e| panic!("{what}: {text:?}: {e}"));
        assert!(d.dice_count() > 0, "{what}: {text:?} rolls no die");
        d
    }

    #[test]
    fn the_d12_weapon_list_is_consistent() {
        let list = weapon_list("d12/weapons.json", "d12");
        assert!((15..=25).contains(&list.len()), "{} weapons", list.len());
        for weapon in &list {
            let (w, key) = (&weapon.fields, &weapon.key);
            let types = words(w, "types");
            assert!(!types.is_empty(), "{key}: no damage type");
            for t in types {
                assert!(D12_DAMAGE_TYPES.contains(&t), "{key}: type {t:?}");
            }
            dice(text(w, "damage").expect("checked"), key);
            let speed = whole(w, "speed").expect("checked");
            assert!((0..=12).contains(&speed), "{key}: speed {speed}");
            assert!(whole(w, "hands").is_some(), "{key}: hands missing");
            // Bows and crossbows take both hands, and shoot.
            if key.ends_with("bow") {
                assert!(
                    flag(w, "ranged") && whole(w, "hands") == Some(2),
                    "{key}: a bow is a two-handed missile weapon"
                );
            }
        }
        for key in [
            "unarmed",
            "dagger",
            "shortsword",
            "longsword",
            "greatsword",
            "hand-axe",
            "battleaxe",
            "club",
            "mace",
            "morningstar",
            "warhammer",
            "greatclub",
            "spear",
            "halberd",
            "shortbow",
            "longbow",
            "crossbow",
            "sling",
        ] {
            assert!(list.iter().any(|w| w.key == key), "{key} missing");
        }
    }

    /// The keywords a Murdham weapon list may use as tags.
    const MURDHAM_KEYWORDS: [&str; 13] = [
        "simple",
        "martial",
        "missile",
        "two-handed",
        "indirect",
        "blast",
        "direct",
        "robust",
        "impaired",
        "fire",
        "consumable",
        "shield",
        "helmet",
    ];

    #[test]
    fn the_murdham_weapon_list_is_consistent() {
        let list = weapon_list("murdham/weapons.json", "murdham");
        assert!((12..=25).contains(&list.len()), "{} weapons", list.len());
        for weapon in &list {
            let (w, key) = (&weapon.fields, &weapon.key);
            for tag in words(w, "tags") {
                assert!(MURDHAM_KEYWORDS.contains(&tag), "{key}: tag {tag:?}");
            }
            let tagged = |word: &str| words(w, "tags").contains(&word);
            let armour = whole(w, "armour");
            if armour.is_some() || tagged("shield") || tagged("helmet") {
                // Light armour 1, heavy 2; a shield and a helmet add no armour of their own.
                assert_eq!(armour.is_some(), !tagged("shield") && !tagged("helmet"), "{key}");
                continue;
            }
            let die = whole(w, "die").expect("checked");
            let range = whole(w, "range");
            // Simple weapons d4 (d6 in two hands), martial d6 (d8), missile d4 (d6) at range 8.
            let class: Vec<&str> =
                ["simple", "martial", "missile"].into_iter().filter(|c| tagged(c)).collect();
            let two = i64::from(tagged("two-handed"));
            match class.as_slice() {
                ["simple"] => assert_eq!(die, 4 + 2 * two, "{key}"),
                ["martial"] => assert_eq!(die, 6 + 2 * two, "{key}"),
                ["missile"] => assert_eq!((die, range), (4 + 2 * two, Some(8)), "{key}"),
                [] => {}
                _ => panic!("{key}: classes {class:?}"),
            }
            assert_eq!(range.is_some(), tagged("missile") || tagged("blast"), "{key}");
        }
        let find = |key: &str| {
            list.iter().find(|w| w.key == key).unwrap_or_else(|| panic!("{key} missing"))
        };
        for key in [
            "unarmed",
            "dagger",
            "club",
            "hand-axe",
            "sword",
            "spear",
            "halberd",
            "bow",
            "crossbow",
            "sling",
            "fire-flask",
        ] {
            assert!(whole(&find(key).fields, "die").is_some(), "{key}: no die");
        }
        let tagged = |w: &WeaponRef, word: &str| words(&w.fields, "tags").contains(&word);
        assert_eq!(whole(&find("light-armour").fields, "armour"), Some(1));
        assert_eq!(whole(&find("heavy-armour").fields, "armour"), Some(2));
        assert!(tagged(find("shield"), "shield") && tagged(find("helmet"), "helmet"));
        assert!(list.iter().any(|w| tagged(w, "blast") && w.get("range").is_some()));
        assert!(list.iter().any(|w| tagged(w, "indirect")));
        assert!(list.iter().any(|w| tagged(w, "direct")));
    }

    /// Reads a Murdham block as the rules do and completes it into a combatant (health from
    /// STR, armour from the worn armour), failing with the engine's message.
    fn murdham_combatant(
        name: &str,
        block: &Value,
    ) -> (fray_app::systems::murdham::block::MurdhamBlock, fray_app::command::NewCombatant) {
        use fray_app::systems::murdham::block::{self as rules, MurdhamBlock};
        let b = MurdhamBlock::read(name, block).unwrap_or_else(|e| panic!("{e}"));
        let new = crate::block::new_combatant(name, block, fray_app::ids::SideId(1), "x".into());
        let new = rules::complete(new).unwrap_or_else(|e| panic!("{e}"));
        let obj = block.as_object().unwrap_or_else(|| panic!("{name}: not an object"));
        const KEYS: [&str; 9] = [
            "stats",
            "weapons",
            "armour",
            "shield",
            "helmet",
            "kind",
            "intelligence",
            "morale_immune",
            "notes",
        ];
        for key in obj.keys() {
            assert!(KEYS.contains(&key.as_str()), "{name}: unknown key {key:?}");
        }
        let stats = block["stats"].as_object().unwrap_or_else(|| panic!("{name}: stats"));
        let mut keys: Vec<&str> = stats.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["agi", "str", "wit"], "{name}: stats");
        assert!(!b.weapons.is_empty(), "{name}: unarmed");
        for w in &b.weapons {
            let what = format!("{name}: {}", w.name);
            assert!(matches!(w.die, 4 | 6 | 8 | 10 | 12), "{what}: d{}", w.die);
            assert!(w.range.is_none_or(|r| r > 0), "{what}: range 0");
            assert!(!w.indirect || w.range.is_some(), "{what}: indirect but not a missile");
            for k in &w.keywords {
                assert!(MURDHAM_KEYWORDS.contains(&k.as_str()) || k == "power", "{what}: {k:?}");
            }
        }
        if let Some(a) = &b.armour {
            assert!((1..=3).contains(&a.value), "{name}: armour {}", a.value);
        }
        assert!(!block["notes"].as_str().unwrap_or_default().is_empty(), "{name}: notes");
        (b, new)
    }

    #[test]
    fn the_murdham_examples_hold_together() {
        let db = Db::open_in_memory().unwrap();
        let murdham = crate::Search::default().system(sys("murdham")).limit(10_000);
        let creatures = db.creatures().search(&murdham).unwrap();
        assert!((5..=7).contains(&creatures.len()), "{} creatures", creatures.len());
        let mut blocks = Vec::new();
        for c in &creatures {
            assert!(c.tags.iter().any(|t| t == "example"), "{}: not tagged example", c.name);
            let (b, new) = murdham_combatant(&c.name, &c.block);
            let health = new.tracks.iter().find(|t| t.name == "health").expect("health");
            assert_eq!(
                Some(health.max),
                new.stats.iter().find(|s| s.name == "str").map(|s| s.value)
            );
            let armour = new.stats.iter().find(|s| s.name == "armour").expect("armour");
            assert_eq!(armour.value, b.armour.as_ref().map_or(0, |a| a.value), "{}", c.name);
            blocks.push((c.name.clone(), b));
        }
        let kinds: std::collections::HashSet<Option<&str>> =
            blocks.iter().map(|(_, b)| b.kind.as_deref()).collect();
        assert!(kinds.len() >= 3, "kinds {kinds:?}");
        assert!(blocks.iter().any(|(_, b)| b.fearless().is_some()), "none fear-immune");
        assert!(blocks.iter().any(|(_, b)| b.fearless().is_none()), "all fear-immune");
        let weapons = || blocks.iter().flat_map(|(_, b)| &b.weapons);
        assert!(weapons().any(|w| w.blast && w.ranged()), "no ranged blast weapon");
        assert!(weapons().any(|w| w.indirect && w.range == Some(8)), "no indirect weapon");
        assert!(
            blocks.iter().any(|(_, b)| b.helmet && b.shield.is_some() && b.armour.is_some()),
            "no one in helmet, shield and armour"
        );
        let corpse = blocks.iter().find(|(n, _)| n == "Walking corpse").expect("a walking corpse");
        assert!(corpse.1.fearless().is_some(), "the walking corpse knows fear");

        let party = db.characters().party("The ferry debtors").unwrap();
        assert_eq!(party.len(), 2);
        for c in &party {
            assert_eq!(c.system, "murdham");
            murdham_combatant(&c.name, &c.sheet);
        }
    }

    #[test]
    fn the_murdham_injury_table_holds_together() {
        let db = Db::open_in_memory().unwrap();
        let tables = db.tables().list(Some(sys("murdham"))).unwrap();
        let injury: Vec<_> =
            tables.iter().filter(|t| t.damage_type.as_deref() == Some("injury")).collect();
        assert_eq!(injury.len(), 1, "one injury table");
        let t = &injury[0].table;
        assert_eq!((t.name.as_str(), t.dice.to_string().as_str()), ("Injuries (d6)", "d6"));
        t.validate().unwrap();
        for total in 1..=6 {
            let rows = t.rows.iter().filter(|r| (r.low..=r.high).contains(&total)).count();
            assert_eq!(rows, 1, "{total} is on {rows} rows");
            assert!(t.rows.iter().all(|r| !r.result.text.is_empty()));
        }
    }

    /// A `d12` attack, as a stat block writes it.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct D12Attack {
        name: String,
        damage: String,
        types: Vec<String>,
        speed: i64,
        crit: u32,
        #[expect(dead_code, reason = "read only to check the field's type")]
        bonus: i64,
    }

    /// A `d12` spell: its name and casting target number.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct D12Spell {
        name: String,
        tn: i64,
    }

    /// A `d12` stat block or sheet; unknown keys are typos the rules would silently ignore.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct D12Block {
        stats: serde_json::Map<String, Value>,
        hd: String,
        #[serde(default)]
        tracks: Option<serde_json::Map<String, Value>>,
        attacks: Vec<D12Attack>,
        #[serde(default)]
        spells: Vec<D12Spell>,
        notes: String,
    }

    /// Checks one `d12` stat block or sheet (`pc` for a player character) and returns it.
    fn check_d12_block(name: &str, block: &Value, pc: bool) -> D12Block {
        let b: D12Block = serde_json::from_value(block.clone())
            .unwrap_or_else(|e| panic!("{name}: not a d12 block: {e}"));
        let hd = dice(&b.hd, &format!("{name}: hd"));
        assert_eq!(hd.dice_terms().count(), 1, "{name}: hd {} is one kind of die", b.hd);
        const REQUIRED: [&str; 7] =
            ["str", "str mod", "agi mod", "ins mod", "defense bonus", "armour", "speed"];
        for key in REQUIRED {
            assert!(b.stats.contains_key(key), "{name}: no {key:?} stat");
        }
        for (key, value) in &b.stats {
            let known =
                REQUIRED.contains(&key.as_str()) || ["heal", "intimidate"].contains(&&**key);
            assert!(known, "{name}: unknown stat {key:?}");
            assert!(value.is_i64(), "{name}: {key} = {value}");
        }
        let stat = |key: &str| b.stats[key].as_i64().unwrap();
        assert!(stat("str") > 0, "{name}: STR {}", stat("str"));
        assert!((-5..=5).contains(&stat("str mod")), "{name}: STR mod");
        assert!(stat("armour") >= 0 && stat("defense bonus") >= 0, "{name}");
        assert!(stat("speed") > 0 && stat("speed") % 5 == 0, "{name}: speed {}", stat("speed"));
        // Stress and Wound Points are computed by the rules; only a caster's mana is kept.
        match &b.tracks {
            None => {}
            Some(tracks) => {
                assert!(pc, "{name}: a creature with tracks");
                let keys: Vec<&str> = tracks.keys().map(String::as_str).collect();
                assert_eq!(keys, ["mana"], "{name}: tracks");
                assert!(tracks["mana"].as_i64().is_some_and(|m| m > 0), "{name}: mana");
            }
        }
        assert!(!b.attacks.is_empty(), "{name}: unarmed");
        for a in &b.attacks {
            let what = format!("{name}: {}", a.name);
            assert!(!a.name.is_empty(), "{what}");
            dice(&a.damage, &what);
            assert!(!a.types.is_empty(), "{what}: no damage type");
            for t in &a.types {
                assert!(D12_DAMAGE_TYPES.contains(&t.as_str()), "{what}: type {t:?}");
            }
            assert!((2..=4).contains(&a.crit), "{what}: ×{}", a.crit);
            assert!((0..=12).contains(&a.speed), "{what}: speed {}", a.speed);
        }
        for s in &b.spells {
            assert!(
                !s.name.is_empty() && (11..=20).contains(&s.tn),
                "{name}: {} TN {}",
                s.name,
                s.tn
            );
        }
        assert!(!b.notes.is_empty(), "{name}: notes");
        b
    }

    #[test]
    fn the_d12_examples_hold_together() {
        let db = Db::open_in_memory().unwrap();
        let d12 = crate::Search::default().system(sys("d12")).limit(10_000);
        let creatures = db.creatures().search(&d12).unwrap();
        for name in ["Hobgoblin witch", "Bugbear scoundrel", "Hobgoblin warrior", "Wolf", "Ghoul"] {
            assert!(creatures.iter().any(|c| c.name == name), "{name} missing");
        }
        let mut attacks = Vec::new();
        for c in &creatures {
            let b = check_d12_block(&c.name, &c.block, false);
            assert!(c.tags.iter().any(|t| t == "example"), "{}: not tagged example", c.name);
            attacks.extend(b.attacks.into_iter().map(|a| (c.name.clone(), a)));
        }
        let hd = |name: &str| {
            let c = creatures.iter().find(|c| c.name == name).unwrap();
            c.block["hd"].as_str().unwrap().to_owned()
        };
        assert_eq!(
            ["Hobgoblin warrior", "Hobgoblin witch", "Bugbear scoundrel", "Wolf", "Ghoul"].map(hd),
            ["1d8", "2d8", "3d8", "2d8", "2d8"]
        );
        let witch = creatures.iter().find(|c| c.name == "Hobgoblin witch").unwrap();
        assert!(witch.block["spells"].as_array().is_some_and(|s| !s.is_empty()), "witch spells");
        // The chapter's late ghoul claws at +0.
        assert!(attacks.iter().any(|(c, a)| c == "Ghoul" && a.name == "Claws" && a.speed == 0));
        assert!(attacks.iter().any(|(_, a)| a.types.len() > 1), "no weapon with two types");
        assert!(
            attacks.iter().any(|(_, a)| a.types == ["blunt"] && (2..=3).contains(&a.crit)),
            "no blunt weapon"
        );

        let party = db.characters().party("The lantern company").unwrap();
        assert_eq!(party.len(), 2);
        let mut sheets = Vec::new();
        for c in &party {
            assert_eq!(c.system, "d12");
            sheets.push((c, check_d12_block(&c.name, &c.sheet, true)));
        }
        // The chapter's Leonin hunter: 5d8 + 3 × 5 = 37.5 Stress on average, 17 Wound Points.
        let (_, leonin) = sheets
            .iter()
            .find(|(c, _)| c.tags.iter().any(|t| t == "leonin"))
            .expect("a Leonin hunter");
        let hd = Dice::parse(&leonin.hd).unwrap();
        let stress = (hd.min() + hd.max()) as f64 / 2.0
            + (leonin.stats["str mod"].as_i64().unwrap() * i64::from(hd.dice_count())) as f64;
        assert_eq!((leonin.hd.as_str(), stress), ("5d8", 37.5));
        assert_eq!(leonin.stats["str"], 17);
        // The healer: Heal +3, mana, a blunt weapon that crits ×3.
        let (_, healer) = sheets
            .iter()
            .find(|(_, b)| b.stats.get("heal").and_then(Value::as_i64) == Some(3))
            .expect("a healer");
        assert_eq!(healer.tracks.as_ref().unwrap()["mana"], 6);
        assert!(healer.attacks.iter().any(|a| a.types.contains(&"blunt".into()) && a.crit == 3));
    }

    #[test]
    fn the_d12_injury_tables_hold_together() {
        let db = Db::open_in_memory().unwrap();
        let tables = db.tables().list(Some(sys("d12"))).unwrap();
        // One table per damage type, every one rolled on a d20.
        let mut types: Vec<&str> = tables.iter().filter_map(|t| t.damage_type.as_deref()).collect();
        types.sort_unstable();
        let mut expected = D12_DAMAGE_TYPES;
        expected.sort_unstable();
        assert_eq!(types, expected);
        assert!(tables.iter().all(|t| t.table.dice.to_string() == "d20"));
        for t in tables.iter().filter(|t| t.damage_type.as_deref() != Some("blunt")) {
            assert!(t.table.rows.is_empty(), "{}: a placeholder for the GM", t.table.name);
        }

        let blunt = tables.iter().find(|t| t.damage_type.as_deref() == Some("blunt")).unwrap();
        assert_eq!(blunt.table.name, "Blunt injuries");
        blunt.table.validate().unwrap();
        assert_eq!(blunt.table.rows.len(), 20);
        for (total, row) in (1..=20).zip(&blunt.table.rows) {
            assert_eq!((row.low, row.high), (total, total));
            let what = format!("blunt {total}");
            let s = row.result.structured.as_ref().unwrap_or_else(|| panic!("{what}: structured"));
            let s = s.as_object().unwrap_or_else(|| panic!("{what}: not an object"));
            for key in s.keys() {
                let known = ["injury", "damage", "conditions", "limb"].contains(&key.as_str());
                assert!(known, "{what}: unknown key {key:?}");
            }
            let injury = s["injury"].as_str().unwrap_or_else(|| panic!("{what}: injury"));
            assert!(!injury.is_empty(), "{what}");
            assert!(row.result.text.starts_with(&format!("{injury}: ")), "{what}: effect text");
            if let Some(damage) = s.get("damage") {
                let damage = damage.as_array().unwrap_or_else(|| panic!("{what}: damage"));
                assert!(!damage.is_empty(), "{what}: leave damage out when there is none");
                for d in damage {
                    let abilities = d["abilities"].as_array().unwrap_or_else(|| panic!("{what}"));
                    assert!(!abilities.is_empty(), "{what}: no ability");
                    for a in abilities {
                        let a = a.as_str().unwrap_or_default();
                        assert!(D12_ABILITIES.contains(&a), "{what}: ability {a:?}");
                    }
                    dice(d["dice"].as_str().unwrap_or_default(), &what);
                }
            }
            if let Some(conditions) = s.get("conditions") {
                let conditions = conditions.as_array().unwrap_or_else(|| panic!("{what}"));
                assert!(!conditions.is_empty(), "{what}: leave conditions out when there are none");
                for c in conditions {
                    let c = c.as_str().unwrap_or_default();
                    assert!(!c.is_empty() && c == c.to_lowercase(), "{what}: condition {c:?}");
                }
            }
            // Rows 8 to 12 roll a d4 for the main or the other arm (the hand on 12).
            let limb = s.get("limb").and_then(Value::as_str);
            let expected = match total {
                8..=11 => Some("arm"),
                12 => Some("hand"),
                _ => None,
            };
            assert_eq!(limb, expected, "{what}: limb");
        }
    }

    /// The creatures or characters of a content file that do not fit their system's schema
    /// and reader ([`fray_app::system::validate_block`]), each as "file, entry: problem".
    fn misfits(&File(path, kind, text): &File) -> Vec<String> {
        let (character, block) = match kind {
            Kind::Creatures => (false, "block"),
            Kind::Characters => (true, "sheet"),
            Kind::Tables | Kind::Weapons => return Vec::new(),
        };
        let file: ContentFile =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{path}: {e}"));
        let system = file.system.system();
        let mut found = Vec::new();
        for (i, e) in file.entries.iter().enumerate() {
            let name = e["name"].as_str().unwrap_or_default();
            let key = e["key"].as_str().map_or(format!("#{}", i + 1), str::to_owned);
            for p in fray_app::system::validate_block(system, name, &e[block], character) {
                found.push(format!("{path}, entry {key}: {p}"));
            }
        }
        found
    }

    #[test]
    fn every_bundled_creature_and_character_fits_its_system() {
        fray_app::systems::registry();
        let found: Vec<String> = FILES.iter().flat_map(misfits).collect();
        assert!(found.is_empty(), "{}", found.join("\n"));
        // Every system has its creatures and characters checked.
        for system in fray_app::systems::registry().all() {
            for kind in ["creatures", "characters"] {
                let path = format!("{}/{kind}.json", system.id());
                assert!(FILES.iter().any(|f| f.0 == path), "no {path}");
            }
        }
    }

    #[test]
    fn a_misfit_names_its_file_entry_and_field() {
        fray_app::systems::registry();
        let text = r#"{"system": "bdp", "entries": [{"key": "orc", "name": "Orc", "block": {
            "tracks": {"hp": 5, "str": 12, "dex": 9, "wil": 8},
            "weapons": [{"name": "Club", "die": 5}]}}]}"#;
        assert_eq!(
            misfits(&File("bdp/creatures.json", Kind::Creatures, text)),
            ["bdp/creatures.json, entry orc: field 'weapons[0].die' (Damage die): must be one \
                 of 4, 6, 8, 10, 12, not 5"]
        );
        // A character sheet is checked as one: a sheet's Fatigue, not a creature's.
        let text = r#"{"system": "bdp", "entries": [{"key": "ann", "name": "Ann", "sheet": {
            "tracks": {"hp": 5, "str": 12, "dex": 9, "wil": 8, "fatigue": 12}}}]}"#;
        assert_eq!(
            misfits(&File("bdp/characters.json", Kind::Characters, text)),
            ["bdp/characters.json, entry ann: field 'tracks.fatigue' (Fatigue): must be \
                 between 0 and 10, not 12"]
        );
    }

    #[test]
    fn a_bad_entry_is_named() {
        fray_app::systems::registry();
        let conn = Connection::open_in_memory().unwrap();
        let text =
            r#"{"system": "freeform", "entries": [{"key": "imp", "nam": "Imp", "block": {}}]}"#;
        let err = load_file(&conn, &File("test.json", Kind::Creatures, text)).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("test.json") && msg.contains("imp") && msg.contains("nam"), "{msg}");
    }

    #[test]
    fn a_bad_weapon_is_named_with_its_field() {
        fray_app::systems::registry();
        let conn = Connection::open_in_memory().unwrap();
        let load = |text: &'static str| {
            load_file(&conn, &File("weapons.json", Kind::Weapons, text)).unwrap_err().to_string()
        };
        let no_die = r#"{"system": "bdp", "entries": [{"key": "pike", "name": "Pike",
                                                      "speed": "slow"}]}"#;
        assert_eq!(
            load(no_die),
            "bundled content weapons.json, entry pike: weapon Pike: field 'die' (Damage die): is required"
        );
        let typo = r#"{"system": "d12", "entries": [{"key": "pike", "name": "Pike",
                                                    "damage": "1d8", "speed": 7, "critt": 3}]}"#;
        let msg = load(typo);
        assert!(msg.contains("entry pike") && msg.contains("critt"), "{msg}");
    }
}
