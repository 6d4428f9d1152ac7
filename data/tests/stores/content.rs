use crate::{db, reopen};
use fray_app::systems::bdp::block::{BdpBlock, Speed};
use fray_data::Search;
use fray_data::content::{CONTENT_VERSION, CONTENT_VERSION_KEY};
use serde::Deserialize;
use serde_json::Value;

fn totals(db: &fray_data::Db) -> (usize, usize, usize, usize) {
    let all = Search::default().limit(10_000);
    (
        db.creatures().search(&all).unwrap().len(),
        db.characters().search(&all).unwrap().len(),
        db.tables().list(None).unwrap().len(),
        db.weapons().list(None).unwrap().len(),
    )
}

/// How many entries a bundled file holds.
fn entries_in(text: &str) -> usize {
    let file: Value = serde_json::from_str(text).unwrap();
    file["entries"].as_array().unwrap().len()
}

#[test]
fn first_run_loads_every_weapon_list() {
    let (_dir, db) = db();
    let count = |system| db.weapons().list(Some(system)).unwrap().len();
    assert_eq!(count(crate::sys("bdp")), 31);
    // Each system with a list has its file's every entry; the others none.
    let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let mut total = 0;
    for system in fray_app::systems::registry().all() {
        let file = content.join(system.id().as_str()).join("weapons.json");
        let expected = match std::fs::read_to_string(&file) {
            Ok(text) => entries_in(&text),
            Err(_) => 0,
        };
        assert_eq!(count(system.id()), expected, "{}", system.id());
        assert_eq!(system.weapon_list().is_some(), expected > 0, "{}", system.id());
        total += expected;
    }
    assert_eq!(db.weapons().list(None).unwrap().len(), total);
    let spear = db
        .weapons()
        .list(Some(crate::sys("bdp")))
        .unwrap()
        .into_iter()
        .find(|w| w.weapon.key == "spear");
    assert_eq!(spear.unwrap().weapon.summary(crate::sys("bdp")), "d8 balanced · reach · Push 6");
    // Ordered by name.
    let names: Vec<String> = db
        .weapons()
        .list(Some(crate::sys("d12")))
        .unwrap()
        .into_iter()
        .map(|w| w.weapon.name)
        .collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted);
}

#[test]
fn a_database_from_before_version_4_gets_the_weapon_lists() {
    let (dir, db) = db();
    // As a database that loaded version 3 (the lists were not stored then) looks.
    let before = totals(&db);
    for w in db.weapons().list(None).unwrap() {
        db.weapons().delete(w.id).unwrap();
    }
    db.settings().set(CONTENT_VERSION_KEY, "3").unwrap();
    drop(db);
    let db = reopen(&dir);
    assert_eq!(totals(&db), before, "the weapons are added, nothing else twice");
    let version = db.settings().get(CONTENT_VERSION_KEY).unwrap();
    assert_eq!(version, Some(CONTENT_VERSION.to_string()));
}

#[test]
fn a_database_from_before_version_5_gets_the_murdham_content() {
    let (dir, db) = db();
    let before = totals(&db);
    let murdham = Search::default().system(crate::sys("murdham")).limit(10_000);
    // As a database that loaded version 4 (no Murdham content then) looks.
    for c in db.creatures().search(&murdham).unwrap() {
        db.creatures().delete(c.id).unwrap();
    }
    for c in db.characters().search(&murdham).unwrap() {
        db.characters().delete(c.id).unwrap();
    }
    for t in db.tables().list(Some(crate::sys("murdham"))).unwrap() {
        db.tables().delete(t.id).unwrap();
    }
    for w in db.weapons().list(Some(crate::sys("murdham"))).unwrap() {
        db.weapons().delete(w.id).unwrap();
    }
    db.settings().set(CONTENT_VERSION_KEY, "4").unwrap();
    drop(db);
    let db = reopen(&dir);
    assert_eq!(totals(&db), before, "the Murdham entries are added, nothing else twice");
    let injuries = db.tables().list(Some(crate::sys("murdham"))).unwrap();
    assert_eq!(injuries[0].damage_type.as_deref(), Some("injury"));
}

#[test]
fn an_edited_bundled_weapon_survives_a_reload() {
    let (dir, db) = db();
    let list = db.weapons().list(Some(crate::sys("d12"))).unwrap();
    let longsword = list.iter().find(|w| w.weapon.key == "longsword").unwrap();
    let mut edit = fray_data::weapons::NewWeapon {
        system: longsword.system,
        weapon: longsword.weapon.clone(),
    };
    edit.weapon.name = "Bastard sword".into();
    edit.weapon.fields.insert("damage".into(), "1d10".into());
    db.weapons().update(longsword.id, &edit).unwrap();
    let mace = list.iter().find(|w| w.weapon.key == "mace").unwrap();
    db.weapons().delete(mace.id).unwrap();

    assert_eq!(db.load_bundled_content().unwrap(), 1, "only the mace comes back");
    db.settings().remove(CONTENT_VERSION_KEY).unwrap();
    drop(db);
    let db = reopen(&dir);
    let kept = db.weapons().get(longsword.id).unwrap().unwrap();
    assert_eq!(kept.weapon, edit.weapon, "the GM's edit is kept");
    let list = db.weapons().list(Some(crate::sys("d12"))).unwrap();
    assert_eq!(list.iter().filter(|w| w.weapon.key == "longsword").count(), 1);
    assert_eq!(list.iter().filter(|w| w.weapon.key == "mace").count(), 1);
    assert_eq!(list.len(), entries_in(include_str!("../../content/d12/weapons.json")));
}

#[test]
fn first_run_loads_the_freeform_examples() {
    let (_dir, db) = db();
    let goblins =
        db.creatures().search(&Search::text("gob").system(crate::sys("freeform"))).unwrap();
    assert_eq!(goblins[0].name, "Goblin");
    assert!(goblins[0].block["tracks"]["hp"].as_i64().unwrap() > 0);
    let freeform = Search::default().system(crate::sys("freeform")).limit(10_000);
    let creatures = db.creatures().search(&freeform).unwrap().len();
    let characters = db.characters().search(&freeform).unwrap().len();
    assert!((6..=10).contains(&creatures), "{creatures} creatures");
    assert!((3..=4).contains(&characters), "{characters} characters");
    assert_eq!(db.tables().list(Some(crate::sys("freeform"))).unwrap().len(), 1);
    let injuries = &db.tables().list(Some(crate::sys("freeform"))).unwrap()[0];
    injuries.table.validate().unwrap();
    let version = db.settings().get(CONTENT_VERSION_KEY).unwrap();
    assert_eq!(version, Some(CONTENT_VERSION.to_string()));
}

#[test]
fn loading_again_never_duplicates() {
    let (dir, db) = db();
    let before = totals(&db);
    assert_eq!(db.load_bundled_content().unwrap(), 0);
    drop(db);
    let db = reopen(&dir);
    // Even with the version forgotten, the second load adds nothing.
    db.settings().remove(CONTENT_VERSION_KEY).unwrap();
    drop(db);
    let db = reopen(&dir);
    assert_eq!(totals(&db), before);
    assert_eq!(db.load_bundled_content().unwrap(), 0);
    assert_eq!(totals(&db), before);
}

#[test]
fn edits_survive_and_deleted_examples_can_come_back() {
    let (_dir, db) = db();
    let wolf = db
        .creatures()
        .search(&Search::text("wolf").system(crate::sys("freeform")))
        .unwrap()
        .remove(0);
    let mut edit = fray_data::NewCreature {
        system: wolf.system,
        name: "Dire Wolf".into(),
        tags: wolf.tags.clone(),
        block: wolf.block.clone(),
    };
    edit.block["tracks"]["hp"] = 20.into();
    db.creatures().update(wolf.id, &edit).unwrap();
    let goblin =
        db.creatures().search(&Search::text("goblin").system(crate::sys("freeform"))).unwrap();
    db.creatures().delete(goblin[0].id).unwrap();
    assert_eq!(db.load_bundled_content().unwrap(), 1, "only the goblin comes back");
    let wolf = db.creatures().get(wolf.id).unwrap().unwrap();
    assert_eq!(wolf.name, "Dire Wolf", "the GM's edit is kept");
}

#[test]
fn bundled_creatures_become_combatants() {
    let (_dir, db) = db();
    for c in db.creatures().search(&Search::default().system(crate::sys("freeform"))).unwrap() {
        let new = c.to_combatant(fray_app::ids::SideId(1));
        assert!(new.tracks.iter().any(|t| t.name == "hp" && t.max > 0), "{}", c.name);
        assert!(new.stats.iter().any(|s| s.name == "armor"), "{}", c.name);
    }
}

/// A weapon of a Block, Dodge, Parry block, as the rules read it (unknown fields refused).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BdpWeapon {
    name: String,
    die: u32,
    #[serde(default)]
    speed: Option<String>,
    #[serde(default)]
    reach: bool,
    #[serde(default)]
    ranged: bool,
    #[serde(default)]
    blast: bool,
    #[serde(default)]
    #[expect(dead_code, reason = "read only to check the field's type")]
    magic: bool,
    #[serde(default)]
    #[expect(dead_code, reason = "read only to check the field's type")]
    thrown: bool,
    #[serde(default)]
    #[expect(dead_code, reason = "read only to check the field's type")]
    decayed: bool,
    #[serde(default)]
    tags: Vec<String>,
}

/// The keys a bdp block may hold; anything else is a typo the rules would silently ignore.
const BDP_KEYS: [&str; 12] = [
    "stats",
    "tracks",
    "weapons",
    "armor_item",
    "shield",
    "reactions",
    "features",
    "detachment",
    "leader",
    "magic_dice",
    "slots_used",
    "notes",
];

/// Checks one bdp stat block or sheet; `pc` for a player character.
fn check_bdp_block(name: &str, block: &Value, pc: bool) {
    let obj = block.as_object().unwrap_or_else(|| panic!("{name}: not an object"));
    for key in obj.keys() {
        assert!(BDP_KEYS.contains(&key.as_str()), "{name}: unknown key {key}");
    }
    for track in ["hp", "str", "dex", "wil"] {
        let n = block["tracks"][track].as_i64().unwrap_or(0);
        assert!((1..=20).contains(&n), "{name}: {track} = {n}");
    }
    let armor = block["stats"]["armor"].as_i64();
    assert!(armor.is_some_and(|a| (0..=3).contains(&a)), "{name}: armor {armor:?}");
    let shield = block["stats"].get("shield").and_then(Value::as_i64).unwrap_or(0);
    assert_eq!(shield > 0, block["shield"] == true, "{name}: shield stat and flag disagree");
    // The rules' own reading of the block agrees.
    let rules: BdpBlock = serde_json::from_value(block.clone())
        .unwrap_or_else(|e| panic!("{name}: the bdp rules refuse the block: {e}"));
    assert_eq!(rules.shield, shield > 0, "{name}");
    for w in rules.weapons.iter().filter(|w| !w.ranged) {
        assert_eq!(w.speed(), Speed::of_die(w.die), "{name}: {} speed against its die", w.name);
    }
    let weapons: Vec<BdpWeapon> = serde_json::from_value(block["weapons"].clone())
        .unwrap_or_else(|e| panic!("{name}: weapons: {e}"));
    assert!(!weapons.is_empty(), "{name}: unarmed");
    for w in &weapons {
        assert!(!w.name.is_empty(), "{name}: a weapon without a name");
        assert!(matches!(w.die, 4 | 6 | 8 | 10 | 12), "{name}: {} d{}", w.name, w.die);
        let speed = w.speed.as_deref().unwrap_or("fast");
        assert!(matches!(speed, "fast" | "balanced" | "slow"), "{name}: {} {speed}", w.name);
        assert!(!(w.blast || w.reach && w.ranged), "{name}: {}", w.name);
        assert!(w.tags.iter().all(|t| !t.is_empty()), "{name}: {}", w.name);
    }
    if let Some(r) = block.get("reactions") {
        let r = r.as_object().unwrap_or_else(|| panic!("{name}: reactions"));
        for (k, v) in r {
            assert!(["fight_back", "block", "dodge", "parry"].contains(&k.as_str()), "{name}: {k}");
            assert!(v.is_boolean(), "{name}: {k}");
        }
    }
    let magic_dice = block.get("magic_dice").map_or(Some(0), Value::as_u64);
    assert!(magic_dice.is_some_and(|m| m <= 4), "{name}: magic_dice {magic_dice:?}");
    if block["detachment"] == true {
        assert!(block["tracks"]["members"].as_i64().unwrap_or(0) > 1, "{name}: members");
    }
    if pc {
        let fatigue = &block["tracks"]["fatigue"];
        assert_eq!((fatigue["value"].as_i64(), fatigue["max"].as_i64()), (Some(0), Some(10)));
        let slots = block["slots_used"].as_u64();
        assert!(slots.is_some_and(|s| (1..=10).contains(&s)), "{name}: slots {slots:?}");
        assert!(block.get("reactions").is_none(), "{name}: player characters react freely");
    }
}

#[test]
fn first_run_loads_the_bdp_examples() {
    let (_dir, db) = db();
    let bdp = Search::default().system(crate::sys("bdp")).limit(10_000);
    let creatures = db.creatures().search(&bdp).unwrap();
    for name in ["Skeleton archer", "Skeleton spearman", "The pontiff", "Goblin detachment"] {
        assert!(creatures.iter().any(|c| c.name == name), "{name} missing");
    }
    assert!(creatures.len() >= 8, "{} bdp creatures", creatures.len());
    for c in &creatures {
        assert_eq!(c.system, "bdp");
        check_bdp_block(&c.name, &c.block, false);
        let new = c.to_combatant(fray_app::ids::SideId(2));
        assert!(new.tracks.iter().any(|t| t.name == "hp" && t.max > 0), "{}", c.name);
        assert!(new.stats.iter().any(|s| s.name == "armor"), "{}", c.name);
    }

    let party = db.characters().party("The crown hunters").unwrap();
    let mut names: Vec<&str> = party.iter().map(|c| c.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Elmyra", "Harald", "Narvi", "Thibaldus"]);
    for c in &party {
        assert_eq!(c.system, "bdp");
        check_bdp_block(&c.name, &c.sheet, true);
        let new = c.to_combatant(fray_app::ids::SideId(1));
        let fatigue = new.tracks.iter().find(|t| t.name == "fatigue").unwrap();
        assert_eq!((fatigue.value, fatigue.max), (0, 10), "{}", c.name);
    }

    let tables = db.tables().list(Some(crate::sys("bdp"))).unwrap();
    let names: Vec<&str> = tables.iter().map(|t| t.table.name.as_str()).collect();
    assert_eq!(names, ["Reaction (2d6)", "Wound location (d10)"]);
    for t in &tables {
        t.table.validate().unwrap();
    }
}

/// The numbers the combat chapter's example of play depends on.
#[test]
fn the_example_of_play_numbers_hold() {
    let (_dir, db) = db();
    let creature = |name: &str| {
        let found = db.creatures().search(&Search::text(name).system(crate::sys("bdp"))).unwrap();
        found.into_iter().find(|c| c.name == name).unwrap_or_else(|| panic!("{name}")).block
    };
    let character = |name: &str| {
        let found = db.characters().search(&Search::text(name).system(crate::sys("bdp"))).unwrap();
        found.into_iter().find(|c| c.name == name).unwrap_or_else(|| panic!("{name}")).sheet
    };
    // An arrow for 5 takes the archer from 3 HP to 0 and STR 8 to 6; the lunge for 9 takes
    // the spearman to STR 2; both have no armour. Their DEX saves are against 10.
    for name in ["Skeleton archer", "Skeleton spearman", "Scimitar skeleton"] {
        let b = creature(name);
        assert_eq!(b["stats"]["armor"], 0, "{name}");
        assert_eq!((b["tracks"]["hp"].as_i64(), b["tracks"]["str"].as_i64()), (Some(3), Some(8)));
    }
    assert_eq!(creature("Skeleton spearman")["tracks"]["dex"], 10);
    assert_eq!(creature("Skeleton spearman")["weapons"][0]["reach"], true);
    assert_eq!(creature("Skeleton archer")["weapons"][0]["die"], 6);
    let pontiff = creature("The pontiff");
    assert_eq!(
        (pontiff["tracks"]["dex"].as_i64(), pontiff["leader"].as_bool()),
        (Some(10), Some(true))
    );
    let goblins = creature("Goblin detachment");
    assert_eq!(
        (goblins["detachment"].as_bool(), goblins["tracks"]["members"].as_i64()),
        (Some(true), Some(8))
    );
    // Chainmail and a shield make Harald's 3 Armour; DEX 12 loses to a 15.
    let harald = character("Harald");
    assert_eq!(harald["stats"], serde_json::json!({"armor": 2, "shield": 1}));
    assert_eq!(harald["tracks"]["dex"], 12);
    assert_eq!(harald["weapons"][0]["die"], 8);
    // Elmyra: DEX 14, leather (1), and 4 HP left after 3 damage.
    let elmyra = character("Elmyra");
    assert_eq!(
        (elmyra["tracks"]["dex"].as_i64(), elmyra["tracks"]["hp"].as_i64()),
        (Some(14), Some(7))
    );
    assert_eq!(elmyra["stats"]["armor"], 1);
    assert_eq!(elmyra["weapons"][0]["ranged"], true);
    // Thibaldus casts with three Magic Dice; Narvi swings a slow d10 with DEX 9.
    assert_eq!(character("Thibaldus")["magic_dice"], 3);
    let narvi = character("Narvi");
    assert_eq!(
        (narvi["tracks"]["dex"].as_i64(), narvi["weapons"][0]["die"].as_i64()),
        (Some(9), Some(10))
    );
}

#[test]
fn many_first_opens_at_once_all_succeed_with_the_content_loaded() {
    // Several Frays started together on a brand-new database: each waits its turn for the
    // migrations and the bundled content, none fails, and the content is there once.
    for _ in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fray.db");
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
        let opens: Vec<_> = (0..8)
            .map(|_| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    fray_data::Db::open(&path).map(|db| db.creatures().count().unwrap())
                })
            })
            .collect();
        let counts: Vec<u64> = opens
            .into_iter()
            .map(|t| t.join().unwrap().unwrap_or_else(|e| panic!("a first open failed: {e}")))
            .collect();
        assert!(counts.iter().all(|&n| n > 0 && n == counts[0]), "{counts:?}");
    }
}
