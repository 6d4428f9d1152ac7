//! Random play of every procedure: a seeded GM who clicks any option, presses Next, undoes,
//! redoes and edits anything (see `fray_app::simulate::random_play`), with the bundled
//! library's creatures, characters and tables read back from a fresh SQLite database.
//!
//! The default run plays a few seeds per system, well inside a minute for all of them
//! together. A longer soak: `FRAY_SOAK=200 cargo test -p fray-tests --test random_play
//! --release` plays 200 seeds of each. A failure names its seed and writes a `fray play`
//! script that reproduces it under the test's temporary folder; `FRAY_SEED=N` plays one seed.

use fray_app::ids::SideId;
use fray_app::simulate::{self, Library};
use fray_data::{Db, Search};
use std::path::PathBuf;

/// Steps per seed.
const STEPS: usize = 400;
/// Seeds per system in the default run.
const SEEDS: u64 = 6;

fn library(system: &str) -> Library {
    let db = Db::open_in_memory().expect("a fresh database with the bundled content");
    let search = Search::default().system(system).limit(500);
    let creatures = db.creatures().search(&search).expect("creatures");
    let characters = db.characters().search(&search).expect("characters");
    Library {
        creatures: creatures.iter().map(|c| c.to_combatant(SideId(0))).collect(),
        characters: characters.iter().map(|c| c.to_combatant(SideId(0))).collect(),
        tables: fray_data::session::library_tables(&db, system).expect("tables"),
    }
}

fn seeds() -> Vec<u64> {
    if let Some(seed) = std::env::var("FRAY_SEED").ok().and_then(|s| s.parse().ok()) {
        return vec![seed];
    }
    let n = std::env::var("FRAY_SOAK").ok().and_then(|s| s.parse().ok()).unwrap_or(SEEDS);
    (1..=n).collect()
}

fn play(system: &str) {
    let library = library(system);
    let mut rounds = 0;
    for seed in seeds() {
        match simulate::play(system, seed, STEPS, &library) {
            Ok(report) => {
                assert!(
                    report.accepted > STEPS / 4,
                    "{system} seed {seed}: few commands went through: {report:?}"
                );
                rounds = rounds.max(report.rounds);
            }
            Err(failure) => {
                let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("random-play");
                std::fs::create_dir_all(&dir).expect("a folder for the script");
                let path = dir.join(format!("{system}-{seed}.fray"));
                std::fs::write(&path, &failure.script).expect("the script is written");
                panic!("{failure}\nreproduce with: fray play {}", path.display());
            }
        }
    }
    assert!(rounds >= 2, "{system}: random play never got past round {rounds}");
}

#[test]
fn freeform() {
    play("freeform");
}

#[test]
fn block_dodge_parry() {
    play("bdp");
}

#[test]
fn d12() {
    play("d12");
}

#[test]
fn murdham() {
    play("murdham");
}
