//! Random play of every procedure: a seeded GM who clicks any option, presses Next, undoes,
//! redoes and edits anything (see `fray_app::simulate::random_play`), with the bundled
//! library's creatures, characters and tables read back from a fresh SQLite database.
//!
//! The default run plays a few seeds per system, well inside a minute for all of them
//! together. A longer soak: `FRAY_SOAK=200 cargo test -p fray-tests --test random_play
//! --release` plays 200 seeds of each. A failure names its seed and writes a `fray play`
//! script that reproduces it under the test's temporary folder; `FRAY_SEED=N` plays one seed.

use fray_app::scenario;
use fray_app::simulate;
use fray_tests::library;
use std::path::PathBuf;

/// Steps per seed.
const STEPS: usize = 500;
/// Seeds per system in the default run.
const SEEDS: u64 = 10;

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
    // What the random GM got through: harm to several at once, and edits to a threshold.
    let (mut harms, mut to_zero) = (0, 0);
    for seed in seeds() {
        match simulate::play(system.parse().unwrap(), seed, STEPS, &library) {
            Ok(report) => {
                assert!(
                    report.accepted > STEPS / 4,
                    "{system} seed {seed}: few commands went through: {report:?}"
                );
                rounds = rounds.max(report.rounds);
                for record in report.history.live_commands() {
                    match &record.command {
                        fray_app::Command::Harm { .. } => harms += 1,
                        fray_app::Command::SetTrack { value: 0, .. } => to_zero += 1,
                        _ => {}
                    }
                }
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
    if std::env::var_os("FRAY_SEED").is_none() {
        assert!(harms > 0, "{system}: random play never harmed several at once");
        assert!(to_zero > 0, "{system}: random play never edited a track to 0");
    }
}

/// One test per procedure (they run side by side); [`every_procedure_is_played`] checks that
/// the list names every registered one.
macro_rules! procedures {
    ($($test:ident: $id:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                play($id);
            }
        )*

        /// The procedures the tests above play.
        const PLAYED: &[&str] = &[$($id),*];
    };
}

procedures! {
    freeform: "freeform",
    block_dodge_parry: "bdp",
    d12: "d12",
    murdham: "murdham",
    dr12: "dr12",
    sovereign: "sovereign",
}

/// A procedure registered without its random play here fails this.
#[test]
fn every_procedure_is_played() {
    fray_app::systems::registry();
    let registered: Vec<&str> =
        fray_app::systems::registry().all().iter().map(|s| s.id().as_str()).collect();
    let mut played = PLAYED.to_vec();
    played.sort_unstable();
    let mut all = registered.clone();
    all.sort_unstable();
    assert_eq!(played, all, "random play must play every registered procedure: {registered:?}");
}

/// The script a run writes plays the very same fight: what a failure writes reproduces it.
#[test]
fn a_run_is_reproduced_by_its_script() {
    for system in fray_app::systems::registry().all().iter().map(|s| s.id()) {
        let report =
            simulate::play(system, 11, 150, &library(system.as_str())).expect("a clean run");
        let replayed =
            scenario::run(&format!("{system}-11.fray"), &report.script).unwrap_or_else(|e| {
                panic!("{system}: the script does not run: {e}\n{}", report.script)
            });
        assert_eq!(replayed.events(), report.history.events(), "{system}: another fight");
        assert_eq!(replayed.state(), report.history.state(), "{system}");
    }
}

/// Every fault random play found, kept as the script it wrote (`tests/random-play/`): played
/// up to its failing step, that step's command must now agree with the prompts. Offered as
/// allowed, it is accepted; offered as forbidden (with a reason), it is refused.
#[test]
fn the_faults_random_play_found_stay_fixed() {
    fray_app::systems::registry();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("random-play");
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/random-play exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "fray"))
        .collect();
    scripts.sort();
    assert!(!scripts.is_empty());
    for path in scripts {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (before, last) = text.trim_end().rsplit_once('\n').unwrap();
        let history = scenario::run(&name, before).unwrap_or_else(|e| panic!("{e}"));
        // The JSON right after `command`; a dice plan may follow it.
        let json = last.trim_start().trim_start_matches("command").trim_start();
        let command: fray_app::Command = serde_json::Deserializer::from_str(json)
            .into_iter()
            .next()
            .and_then(Result::ok)
            .unwrap_or_else(|| panic!("{name}: the last line is no command: {last}"));
        let enc = history.state();
        let system = history.system();
        // As the window asks: every option that must wait marked so (`system::waiting`).
        let mut offered: Vec<fray_app::PromptOption> =
            fray_app::system::waiting::prompts(system, enc)
                .into_iter()
                .flat_map(|p| p.options)
                .collect();
        for id in enc.combatants.keys() {
            offered.extend(fray_app::system::waiting::card_actions(system, enc, *id));
        }
        assert!(
            offered.iter().any(|o| o.command == command),
            "{name}: the last command is offered nowhere: {last}"
        );
        let mut dice = fray_app::dice::SeededDice::new(enc.seed, history.next_stream());
        let outcome = fray_app::system::handle_on_copy(system, enc, command.clone(), &mut dice);
        for option in offered.iter().filter(|o| o.command == command) {
            if option.enabled {
                assert!(
                    outcome.is_ok(),
                    "{name}: '{}' is offered but refused: {:?}",
                    option.label,
                    outcome.err()
                );
            } else {
                assert!(outcome.is_err(), "{name}: '{}' is forbidden but accepted", option.label);
                assert!(
                    option.reason.as_deref().is_some_and(|r| !r.is_empty()),
                    "{name}: no reason"
                );
            }
        }
    }
}

#[test]
fn grid_encounters_are_played_too() {
    use fray_app::event::EventKind;
    let library = library("freeform");
    let (mut grids, mut steps, mut walls) = (0, 0, 0);
    for seed in 1..=SEEDS {
        let report =
            simulate::play("freeform".parse().unwrap(), seed, STEPS, &library).expect("plays");
        if report.history.state().grid.is_none() {
            continue;
        }
        grids += 1;
        for e in report.history.events() {
            match &e.kind {
                EventKind::Placed { cost_ft: Some(_), .. } => steps += 1,
                EventKind::WallsSet { .. } => walls += 1,
                _ => {}
            }
        }
    }
    assert!(grids >= 2, "only {grids} of {SEEDS} runs were on a grid");
    assert!(steps >= 10, "only {steps} steps along a path were accepted");
    assert!(walls >= 10, "only {walls} wall edits were accepted");
}
