//! Storage benchmarks: one journaled command with its commit (target 2 ms) and library search
//! in a 50,000-creature bestiary (target 5 ms), both on real files in a temporary folder.
//!
//! `cargo bench -p fray-data --bench store -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, criterion_group, criterion_main};
use fray_app::Command;
use fray_app::command::NewCombatant;
use fray_app::encounter::Track;
use fray_app::ids::{CombatantId, SideId};
use fray_data::{Db, NewCreature, Search, Session};
use std::hint::black_box;

fn session(c: &mut Criterion) {
    fray_app::systems::registry();
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut s = Session::create(&db, "freeform".parse().unwrap(), "Bench", 1).unwrap();
    s.apply(Command::AddSide { name: "Foes".into(), colour: "#aa0000".into(), party: false })
        .unwrap();
    let ogre = NewCombatant {
        name: "Ogre".into(),
        side: SideId(1),
        zone: None,
        square: None,
        stats: Vec::new(),
        tracks: vec![Track { name: "hp".into(), value: 1 << 40, max: 1 << 40 }],
        conditions: Vec::new(),
        source: None,
        block: serde_json::Value::Null,
    };
    s.apply(Command::AddCombatant { combatant: Box::new(ogre), count: 1 }).unwrap();
    let hit = Command::AdjustTrack { id: CombatantId(2), track: "hp".into(), delta: -1 };
    c.bench_function("session_apply_adjust_track", |b| {
        b.iter(|| black_box(s.apply(hit.clone()).unwrap().len()));
    });
    let roll = Command::Roll {
        dice: fray_app::dice::Dice::parse("4d6kh3").unwrap(),
        label: "Ogre's smash".into(),
        roller: Some(CombatantId(2)),
        secret: false,
    };
    c.bench_function("session_apply_roll", |b| {
        b.iter(|| black_box(s.apply(roll.clone()).unwrap().len()));
    });
    c.bench_function("session_undo_redo", |b| {
        b.iter(|| {
            s.undo().unwrap();
            s.redo().unwrap();
        });
    });
}

const NOUNS: &[&str] = &[
    "Goblin",
    "Bandit",
    "Wolf",
    "Skeleton",
    "Cultist",
    "Ogre",
    "Rat",
    "Corpse",
    "Spider",
    "Bear",
    "Knight",
    "Archer",
    "Witch",
    "Troll",
    "Wraith",
    "Boar",
    "Serpent",
    "Hound",
    "Golem",
    "Imp",
    "Harpy",
    "Drake",
    "Ghoul",
    "Hag",
    "Crab",
    "Bat",
    "Slime",
    "Mimic",
    "Gnoll",
    "Kobold",
    "Lizardfolk",
    "Mercenary",
    "Priest",
    "Guard",
    "Hobgoblin",
    "Wight",
    "Eel",
    "Owlbeast",
    "Yeti",
    "Centaur",
];
const ADJECTIVES: &[&str] = &[
    "Young", "Old", "Giant", "Dire", "Cave", "Swamp", "Frost", "Fire", "Shadow", "Bone", "Iron",
    "Blood", "Moss", "Ash", "Storm", "Plague", "Grey", "Black", "Red", "Pale", "Feral", "Elder",
    "Lesser", "Greater", "Mad",
];
const TAGS: &[&str] = &[
    "humanoid",
    "beast",
    "undead",
    "construct",
    "fey",
    "giant",
    "vermin",
    "outlaw",
    "zealot",
    "brute",
    "skirmisher",
    "caster",
    "flyer",
    "swimmer",
    "pack",
    "leader",
    "minion",
    "elite",
    "boss",
    "mindless",
];

/// 50,000 varied creatures, deterministic.
fn bestiary() -> Vec<NewCreature> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    (0..50_000)
        .map(|i| {
            let name = format!(
                "{} {} {}",
                ADJECTIVES[next(ADJECTIVES.len())],
                NOUNS[next(NOUNS.len())],
                i
            );
            let tags = (0..1 + next(3)).map(|_| TAGS[next(TAGS.len())].to_owned()).collect();
            NewCreature {
                system: if i % 5 == 0 { "bdp" } else { "freeform" }.parse().unwrap(),
                name,
                tags,
                block: serde_json::json!({
                    "stats": {"armor": 10 + next(8), "attack": next(6)},
                    "tracks": {"hp": 1 + next(40)},
                    "attacks": [{"name": "Claw", "damage": "d6"}],
                    "notes": "A generated creature for the benchmark, with a line of notes.",
                }),
            }
        })
        .collect()
}

fn search(c: &mut Criterion) {
    fray_app::systems::registry();
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    db.creatures().insert_many(&bestiary()).unwrap();
    let cases = [
        ("search_50k_prefix_gob", Search::text("gob").limit(50)),
        ("search_50k_prefix_g", Search::text("g").limit(50)),
        ("search_50k_two_words", Search::text("fro gob").limit(50)),
        // A word of every creature's notes and of no name: the block-text pass alone.
        ("search_50k_word_in_every_note", Search::text("benchm").limit(50)),
        (
            "search_50k_prefix_system",
            Search::text("gob").system("freeform".parse().unwrap()).limit(50),
        ),
        ("search_50k_prefix_and_tag", Search::text("gob").tag("undead").limit(50)),
        ("search_50k_tag_only", Search::default().tag("undead").limit(50)),
        ("search_50k_system_only", Search::default().system("freeform".parse().unwrap()).limit(50)),
        ("search_50k_everything", Search::default().limit(50)),
    ];
    for (name, query) in cases {
        let found = db.creatures().search(&query).unwrap().len();
        assert!(found > 0, "{name} finds nothing");
        c.bench_function(name, |b| b.iter(|| black_box(db.creatures().search(&query).unwrap())));
    }
}

criterion_group!(benches, session, search);
criterion_main!(benches);
