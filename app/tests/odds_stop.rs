//! Encounter odds stop as soon as every headline figure's 95% interval is within ±1 point
//! (after at least 1,000 fights), never before; what a full 10,000-fight run of the same
//! seed says then lies within their intervals; and a seed gives the same stop and the
//! same figures on one thread or several. For every procedure Fray plays, on its example
//! fight's board with one combatant a side.

use fray_app::Encounter;
use fray_app::simulate::odds::{self, Odds, Progress, Request};
use fray_app::simulate::stopping::{self, BATCH, MIN_FIGHTS, Stop};

/// An example fight of each procedure with tactics, from its board before the fight (every
/// such procedure registered has one: checked below).
const FIGHTS: &[(&str, &str)] = &[
    ("bdp", "docs/odds/bdp-crypt.fray"),
    ("d12", "tests/scenarios/d12-example-fight.fray"),
    ("dr12", "tests/scenarios/dr12-attacks.fray"),
    ("murdham", "tests/scenarios/murdham-example-fight.fray"),
    ("sovereign", "docs/tour/sovereign-tower.fray"),
];

/// The board of the example: its setup, the lines before the fight begins (what follows may
/// roll on the library's tables, which a bare rules core has not).
fn board(path: &str) -> Encounter {
    let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the example fight");
    let setup: String = text
        .lines()
        .take_while(|line| !line.starts_with("next"))
        .map(|line| format!("{line}\n"))
        .collect();
    let mut board = fray_app::scenario::run(&path, &setup).expect("it runs").state().board();
    // One combatant a side: a duel on the example's board plays in a fraction of the time,
    // and three runs of 10,000 fights for each procedure stay within a test's time.
    let mut sides = Vec::new();
    let ids: Vec<_> = board.combatants.values().map(|c| (c.id, c.side)).collect();
    for (id, side) in ids {
        if sides.contains(&side) {
            board.combatants.remove(&id);
        } else {
            sides.push(side);
        }
    }
    board
}

fn odds(start: &Encounter, runs: u32, exact: bool, threads: usize) -> Odds {
    let request = Request { runs, exact, seed: 7, threads, ..Request::default() };
    odds::run(start, &request, &Progress::default()).expect("odds")
}

/// The registered procedures the app can play (those with tactics), by id, sorted.
fn playable() -> Vec<&'static str> {
    let all = fray_app::systems::registry().all().iter();
    let mut ids: Vec<_> = all.filter(|s| s.tactics().is_some()).map(|s| s.id().as_str()).collect();
    ids.sort_unstable();
    ids
}

#[test]
fn every_procedure_the_app_plays_has_an_example_fight_here() {
    let mut here: Vec<&str> = FIGHTS.iter().map(|(system, _)| *system).collect();
    here.sort_unstable();
    assert_eq!(here, playable(), "a procedure with tactics needs its example fight in FIGHTS");
}

#[test]
fn a_run_stops_once_every_figure_is_within_a_point_and_agrees_with_ten_thousand_fights() {
    fray_app::systems::registry();
    for (system, path) in FIGHTS {
        let start = board(path);
        assert_eq!(start.system().id(), *system, "{path}");
        let early = odds(&start, 10_000, false, 0);
        match early.stop {
            Stop::Precise => {
                assert!(early.runs >= MIN_FIGHTS, "{system}: {} fights", early.runs);
                assert!(stopping::precise_enough(&early), "{system}");
                // Not one batch sooner: the run stops as soon as the rule holds.
                if early.runs > MIN_FIGHTS {
                    let sooner = odds(&start, early.runs - BATCH, true, 0);
                    assert!(!stopping::precise_enough(&sooner), "{system} could stop sooner");
                }
            }
            Stop::Cap => {
                assert_eq!(early.runs, 10_000, "{system}");
                assert!(!stopping::precise_enough(&early), "{system}");
            }
            other => panic!("{system}: {other:?}"),
        }
        let full = odds(&start, 10_000, true, 0);
        assert_eq!((full.stop, full.runs), (Stop::Exact, 10_000));
        // The early answer's intervals hold what 10,000 fights say.
        for (a, b) in stopping::headline(&early).zip(stopping::headline(&full)) {
            assert!(
                a.low <= b.estimate && b.estimate <= a.high,
                "{system}: {} of 10,000 fights outside {} of {}",
                b.percent(),
                a.percent(),
                early.runs,
            );
        }
        println!("{system}: {} fights, {:?}", early.runs, early.stop);
    }
}

#[test]
fn a_seed_stops_at_the_same_fight_with_the_same_figures_on_any_number_of_threads() {
    fray_app::systems::registry();
    let start = board("tests/scenarios/murdham-example-fight.fray");
    let one = odds(&start, 10_000, false, 1);
    let two = odds(&start, 10_000, false, 2);
    assert_eq!(one, two);
}

#[test]
fn a_cancelled_run_keeps_the_fights_it_counted() {
    fray_app::systems::registry();
    let start = board("docs/odds/bdp-crypt.fray");
    let request = Request { runs: odds::MAX_RUNS, exact: true, seed: 3, ..Request::default() };
    let progress = Progress::default();
    let odds = std::thread::scope(|s| {
        let run = s.spawn(|| odds::run(&start, &request, &progress));
        while progress.so_far().is_none() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        progress.cancel();
        run.join().unwrap()
    })
    .expect("the fights counted before the cancel");
    assert_eq!(odds.stop, Stop::Cancelled);
    assert!(odds.runs > 0 && odds.runs < odds::MAX_RUNS, "{}", odds.runs);
    assert_eq!(odds.party_wins.n, odds.runs);
}
