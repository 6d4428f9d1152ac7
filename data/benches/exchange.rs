//! Import benchmark: 10,000 creatures from a Fray JSON file into a fresh database file (read,
//! check, preview and apply in one transaction); target 2 s.
//!
//! Also: reading (and refusing) a 10.9 MB file whose one entry has a million tags, which took
//! over 300 s when tag clean-up was quadratic.
//!
//! And the two readers a second round of trials found quadratic, each at two sizes ten times
//! apart so the figures show the growth: a key of 25,000 and 250,000 characters over an array
//! of 2,000 entries (1.8 s at 350 KB before), and 45 and 450 pasted weapons (`club d4`; 8,000
//! took 16 s before, and a block now takes at most 500 values).
//!
//! And the third round's readers at two sizes ten times apart: Fantasy Statblocks YAML nested
//! 10,000 and 100,000 deep, to its refusal (45 s for 100,000 before), and 200 and 2,000
//! creatures of it read; Improved Initiative JSON of 200 and 2,000 creatures read.
//!
//! And the real bestiaries of `tests/corpus`: the SRD 5.1 wiki's 319 Markdown pages for
//! Sovereign, once and ten times over (3,190 pages, to show the growth), the OSE SRD wiki's 207
//! stat tables, the 5e-API's 334 monsters as JSON, and a page of Open5e's v1 API (50).
//!
//! And the paste reader on a long paste made here: 1,000 and 10,000 (the most one paste may
//! hold) SRD stat blocks, each with a melee attack, a ranged one with a second damage and a
//! trait, to show it grows in a straight line.
//!
//! `cargo bench -p fray-data --bench exchange -- --warm-up-time 1 --measurement-time 5`

use criterion::{Criterion, criterion_group, criterion_main};
use fray_data::Db;
use fray_data::exchange::{self, CreatureEntry, LibraryFile};
use std::hint::black_box;
use std::time::Duration;

/// 10,000 freeform creatures with tags, attacks and notes.
fn file() -> LibraryFile {
    let creatures = (0..10_000)
        .map(|i| CreatureEntry {
            uid: format!("bench-{i}"),
            system: "freeform".into(),
            name: format!("Goblin raider {i}"),
            tags: vec!["humanoid".into(), "goblinoid".into()],
            block: serde_json::json!({
                "tracks": {"hp": 1 + i % 40},
                "stats": {"armor": 10 + i % 8, "attack": i % 6},
                "attacks": [{"name": "Claw", "damage": "d6"}],
                "notes": "A generated creature for the benchmark, with a line of notes.",
            }),
            portrait: None,
        })
        .collect();
    LibraryFile { creatures, ..LibraryFile::new() }
}

fn import(c: &mut Criterion) {
    fray_app::systems::registry();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bestiary.json");
    exchange::write_library(&path, &file()).unwrap();
    let mut group = c.benchmark_group("exchange");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    let mut n = 0;
    group.bench_function("import_10k_creatures", |b| {
        b.iter(|| {
            n += 1;
            let db = Db::open(dir.path().join(format!("fray-{n}.db"))).unwrap();
            let lib = exchange::read_library(&path).unwrap();
            let preview = exchange::preview(&db, &lib).unwrap();
            assert_eq!(preview.count(exchange::Status::New), 10_000);
            black_box(exchange::apply(&db, "bench", &lib).unwrap())
        });
    });
    group.finish();
}

/// One creature with a million tags (10.9 MB): read, cleaned up and refused for its count.
fn million_tags(c: &mut Criterion) {
    fray_app::systems::registry();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tags.json");
    let tags: Vec<String> = (0..1_000_000).map(|i| format!("tag{i}")).collect();
    let doc = serde_json::json!({"fray": 1, "creatures": [{"uid": "t", "system": "freeform",
        "name": "Tagged", "tags": tags, "block": {"tracks": {"hp": 1}}}]});
    std::fs::write(&path, doc.to_string()).unwrap();
    let mut group = c.benchmark_group("exchange");
    group.sample_size(10);
    group.bench_function("refuse_1m_tags", |b| {
        b.iter(|| {
            let err = exchange::read_library(&path).unwrap_err();
            assert!(err.to_string().contains("1000000 tags"), "{err}");
            black_box(err)
        });
    });
    group.finish();
}

/// A Fray JSON text with one key of `key_len` characters before an array of 2,000 creatures.
fn long_key(key_len: usize) -> String {
    let creatures: Vec<serde_json::Value> = (0..2_000)
        .map(|i| {
            serde_json::json!({"uid": format!("k{i}"), "system": "freeform",
            "name": format!("N{i}"), "block": {"tracks": {"hp": 1}}})
        })
        .collect();
    format!(
        "{{\"fray\": 1, \"{}\": 1, \"creatures\": {}}}",
        "k".repeat(key_len),
        serde_json::Value::Array(creatures)
    )
}

fn quadratic_once(c: &mut Criterion) {
    fray_app::systems::registry();
    let mut group = c.benchmark_group("exchange");
    group.sample_size(10);
    for key_len in [25_000, 250_000] {
        let text = long_key(key_len);
        group.bench_function(format!("long_key_{key_len}_over_2000_entries"), |b| {
            b.iter(|| {
                // Refused for its unknown key, after reading every entry.
                black_box(exchange::parse_library("long.json", &text).unwrap_err())
            });
        });
    }
    // A block takes at most 500 values (`MAX_BLOCK_PIECES`): 45 and 450 weapons.
    for n in [45, 450] {
        let text = format!("Hoarder\nHP 4, {}", vec!["club d4"; n].join(", "));
        group.bench_function(format!("paste_{n}_weapons"), |b| {
            b.iter(|| {
                let blocks =
                    exchange::read_stat_blocks("hoard.txt", &text, "bdp".parse().unwrap()).unwrap();
                black_box(blocks)
            });
        });
    }
    group.finish();
}

/// A file of `tests/corpus/`.
fn corpus(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../tests/corpus/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
}

fn bestiaries(c: &mut Criterion) {
    fray_app::systems::registry();
    let mut group = c.benchmark_group("bestiaries");
    group.sample_size(10);
    let wiki = corpus("statblocks/srd-5.1-wiki-monsters.md");
    for times in [1, 10] {
        let text = vec![wiki.as_str(); times].join("\n");
        group.bench_function(format!("srd_wiki_{}_pages", 319 * times), |b| {
            b.iter(|| {
                // Every page read; the three monsters past Sovereign's 500 HP left out.
                let read =
                    exchange::read_stat_blocks("wiki.md", &text, "sovereign".parse().unwrap());
                black_box(read.unwrap())
            });
        });
    }
    let ose = corpus("statblocks/ose-srd-monsters.md");
    group.bench_function("ose_wiki_207_tables", |b| {
        b.iter(|| {
            black_box(
                exchange::read_stat_blocks("ose.md", &ose, "sovereign".parse().unwrap()).unwrap(),
            )
        });
    });
    let open5e = corpus("bestiaries/open5e-v1-monsters.json");
    group.bench_function("open5e_page_50_monsters", |b| {
        b.iter(|| {
            black_box(
                exchange::read_foreign("o5e.json", &open5e, "sovereign".parse().unwrap()).unwrap(),
            )
        });
    });
    let api = corpus("bestiaries/5e-api-srd-2014-monsters.json");
    group.bench_function("5e_api_334_monsters", |b| {
        b.iter(|| {
            black_box(
                exchange::read_foreign("api.json", &api, "sovereign".parse().unwrap()).unwrap(),
            )
        });
    });
    group.finish();
}

/// `n` stat blocks as the SRD prints them, pasted one after another.
fn srd_paste(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "Goblin Archer {i}\nArmor Class 15 (leather armor, shield)\nHit Points 7 (2d6)\n\
                 Speed 30 ft.\nNimble Escape. The goblin can take the Disengage or Hide action \
                 as a bonus action on each of its turns.\nScimitar. Melee Weapon Attack: +4 to \
                 hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) slashing damage.\nShortbow. \
                 Ranged Weapon Attack: +4 to hit, range 80/320 ft., one target. Hit: 5 (1d6 + \
                 2) piercing damage plus 2 (1d4) poison damage.\n\n"
            )
        })
        .collect()
}

fn long_paste(c: &mut Criterion) {
    fray_app::systems::registry();
    let mut group = c.benchmark_group("paste");
    group.sample_size(10);
    for n in [1_000, exchange::MAX_BLOCKS] {
        let text = srd_paste(n);
        group.bench_function(format!("srd_blocks_{n}"), |b| {
            b.iter(|| {
                let read =
                    exchange::read_stat_blocks("paste.txt", &text, "sovereign".parse().unwrap());
                let read = read.unwrap();
                assert_eq!(read.blocks.len(), n);
                black_box(read)
            });
        });
    }
    group.finish();
}

/// Fantasy Statblocks YAML of `n` creatures, each with two actions and a trait.
fn statblocks_yaml(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "- name: Goblin {i}\n  hp: 7 (2d6)\n  ac: 15\n  speed: 30 ft.\n  actions:\n    \
                 - name: Scimitar\n      desc: \"Melee Weapon Attack: +4 to hit, reach 5 ft., \
                 one target. Hit: 5 (1d6 + 2) slashing damage.\"\n    - name: Shortbow\n      \
                 desc: \"Ranged Weapon Attack: +4 to hit. Hit: 5 (1d6 + 2) piercing damage.\"\n  \
                 traits:\n    - name: Nimble Escape\n      desc: Disengages as a bonus action.\n"
            )
        })
        .collect()
}

/// Improved Initiative JSON of `n` creatures.
fn improved_initiative(n: usize) -> String {
    let creatures: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            serde_json::json!({"Name": format!("Orc {i}"), "HP": {"Value": 15, "Notes": "(2d8+6)"},
                "AC": {"Value": 13}, "Speed": ["30 ft."], "Actions": [{"Name": "Greataxe",
                "Content": "Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 9 \
                (1d12 + 3) slashing damage."}]})
        })
        .collect();
    serde_json::Value::Array(creatures).to_string()
}

fn round_three(c: &mut Criterion) {
    fray_app::systems::registry();
    let mut group = c.benchmark_group("exchange");
    group.sample_size(10);
    for depth in [10_000, 100_000] {
        let text = format!("name: Deep\nhp: 7\ntraits:\n  {}x\n", "- ".repeat(depth));
        group.bench_function(format!("yaml_nested_{depth}"), |b| {
            b.iter(|| {
                black_box(
                    exchange::read_foreign("deep.yaml", &text, "bdp".parse().unwrap()).unwrap_err(),
                )
            });
        });
    }
    for n in [200, 2_000] {
        let text = statblocks_yaml(n);
        group.bench_function(format!("yaml_{n}_creatures"), |b| {
            b.iter(|| {
                black_box(
                    exchange::read_foreign("g.yaml", &text, "sovereign".parse().unwrap()).unwrap(),
                )
            });
        });
        let text = improved_initiative(n);
        group.bench_function(format!("improved_initiative_{n}_creatures"), |b| {
            b.iter(|| {
                black_box(
                    exchange::read_foreign("o.json", &text, "sovereign".parse().unwrap()).unwrap(),
                )
            });
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    import,
    million_tags,
    quadratic_once,
    bestiaries,
    round_three,
    long_paste
);
criterion_main!(benches);
