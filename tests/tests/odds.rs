//! Encounter odds (`fray_app::simulate::odds`): every procedure's fights played out by its
//! tactics, with the bundled library's creatures and characters read back from a fresh
//! SQLite database. Sanity cases per procedure (a hopeless fight, an easy one, a mirror
//! match, a fight under way gone better or worse), the same odds for a seed on any number
//! of threads, and fights played on from whatever random play left (`ODDS_SOAK=N` plays N
//! random boards of each procedure instead of 4).

use fray_app::History;
use fray_app::command::{Command, NewCombatant};
use fray_app::dice::SeededDice;
use fray_app::encounter::{BoardRect, Encounter};
use fray_app::ids::{CombatantId, SideId, ZoneId};
use fray_app::simulate::Library;
use fray_app::simulate::autoplay::Rules;
use fray_app::simulate::odds::{self, Odds, Progress, Request};
use fray_app::space::grid::GridPos;
use fray_tests::library;

/// The procedures that fight (freeform has no rules of its own to play).
const SYSTEMS: [&str; 5] = ["bdp", "d12", "dr12", "murdham", "sovereign"];

/// A strong foe and a weak one of each procedure's bundled bestiary, and its characters.
fn cast(system: &str) -> (&'static str, &'static str, Vec<&'static str>) {
    match system {
        "bdp" => ("Orc warrior", "Skeleton archer", vec!["Harald", "Elmyra", "Thibaldus", "Narvi"]),
        "d12" => (
            "Bugbear scoundrel",
            "Skeleton",
            vec!["Tavorr", "Sister Maud", "Tavorr", "Sister Maud"],
        ),
        "dr12" => ("Swamp troll", "Bog rat", vec!["Hester", "Tamsin", "Odo", "Hester"]),
        "murdham" => (
            "Bandit captain",
            "Walking corpse",
            vec!["Oswin Tarrow", "Mirela Fenn", "Oswin Tarrow", "Mirela Fenn"],
        ),
        "sovereign" => {
            ("Bandit captain", "Bandit archer", vec!["Aldo", "Brina", "Corvin", "Dessa"])
        }
        _ => unreachable!("a fighting procedure"),
    }
}

/// The library entry called `name` (a creature or a character) as a combatant of `side`.
fn entry(library: &Library, system: &str, name: &str, side: SideId) -> NewCombatant {
    let found = library.creatures.iter().chain(&library.characters).find(|c| c.name == name);
    let mut c = found.unwrap_or_else(|| panic!("{system} has no {name}")).clone();
    c.side = side;
    c
}

/// A fight of `system`: the party (`party`, library names) against `foes` (name, how many),
/// the party in one zone and the foes in the next (d12 fights in one zone; Sovereign on a
/// grid, the sides six squares apart). Tables are loaded as the window loads them.
fn fight(system: &str, party: &[&str], foes: &[(&str, u32)]) -> Encounter {
    let library = library(system);
    let mut h = History::new(Encounter::new(
        fray_app::systems::registry().get(system).unwrap(),
        "Odds test",
        7,
    ));
    let run = |h: &mut History, c: Command| {
        let mut dice = SeededDice::new(7, h.next_stream());
        h.execute(c.clone(), &mut dice).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    };
    run(&mut h, Command::AddSide { name: "Party".into(), colour: "#3366cc".into(), party: true });
    run(&mut h, Command::AddSide { name: "Foes".into(), colour: "#aa3333".into(), party: false });
    let (us, them) = (SideId(1), SideId(2));
    let grid = system == "sovereign";
    let (near, far) = if grid {
        run(&mut h, Command::SetGrid { width: 16, height: 10, feet: 5 });
        (None, None)
    } else {
        for (i, name) in ["Near", "Far"].iter().enumerate() {
            let rect = BoardRect { x: 40.0 + 260.0 * i as f32, y: 40.0, w: 220.0, h: 140.0 };
            run(&mut h, Command::AddZone { name: (*name).into(), capacity: None, rect });
        }
        let zones: Vec<ZoneId> = h.state().zones.keys().copied().collect();
        run(&mut h, Command::ConnectZones { a: zones[0], b: zones[1] });
        let far = if system == "d12" { zones[0] } else { zones[1] };
        (Some(zones[0]), Some(far))
    };
    if !library.tables.is_empty() {
        run(&mut h, Command::LoadTables { tables: library.tables.clone() });
    }
    for name in party {
        let mut c = entry(&library, system, name, us);
        c.zone = near;
        run(&mut h, Command::AddCombatant { combatant: Box::new(c), count: 1 });
    }
    for (name, count) in foes {
        let mut c = entry(&library, system, name, them);
        c.zone = far;
        run(&mut h, Command::AddCombatant { combatant: Box::new(c), count: *count });
    }
    if grid {
        let ids: Vec<(CombatantId, bool)> =
            h.state().combatants.values().map(|c| (c.id, c.side == us)).collect();
        let (mut ours, mut theirs) = (0u16, 0u16);
        for (id, party) in ids {
            let at = if party {
                ours += 1;
                GridPos { x: 2, y: 1 + 2 * (ours - 1) }
            } else {
                theirs += 1;
                GridPos { x: 8 + 2 * ((theirs - 1) / 5), y: 2 * ((theirs - 1) % 5) }
            };
            run(&mut h, Command::Place { id, at: Some(at) });
        }
    }
    h.state().clone()
}

fn odds_of(start: &Encounter, runs: u32) -> Odds {
    let request = Request { runs, exact: true, seed: 11, threads: 0, ..Request::default() };
    odds::run(start, &request, &Progress::default()).expect("odds")
}

/// Fights per sanity case: enough for intervals of a few percent, few enough for CI.
const RUNS: u32 = 300;

#[test]
fn one_character_against_twenty_strong_foes_almost_never_wins() {
    for system in SYSTEMS {
        let (strong, _, party) = cast(system);
        let o = odds_of(&fight(system, &party[..1], &[(strong, 20)]), RUNS);
        assert!(o.party_wins.high < 0.05, "{system}: {:?}", o.party_wins);
    }
}

#[test]
fn four_characters_against_one_weak_foe_almost_always_win() {
    for system in SYSTEMS {
        let (_, weak, party) = cast(system);
        let o = odds_of(&fight(system, &party, &[(weak, 1)]), RUNS);
        assert!(o.party_wins.low > 0.9, "{system}: wins {:?} {o:#?}", o.party_wins);
        assert!(o.party_wiped.high < 0.05, "{system}: {:?}", o.party_wiped);
    }
}

/// Each procedure's mirror match: the same bestiary entry twice on each side (one whose
/// rules treat a party member and a foe alike with these tactics, but for d12's morale).
fn mirror(system: &str) -> Encounter {
    let who = match system {
        "bdp" => "Bandit",
        "d12" => "Skeleton",
        "dr12" => "Bog rat",
        "murdham" => "Walking corpse",
        _ => "Bandit archer",
    };
    fight(system, &[who, who], &[(who, 2)])
}

#[test]
fn a_mirror_match_is_even_within_its_interval() {
    for system in SYSTEMS {
        let o = odds_of(&mirror(system), 400);
        let decided = o.party_wins.hits + o.party_loses.hits;
        let share = fray_app::simulate::stats::Proportion::of(o.party_wins.hits, decided);
        assert!(decided > 300, "{system}: most fights end: {o:#?}");
        if system == "d12" {
            // Not alike in d12: monsters check morale and flee when they fail it, characters
            // never do, so the party wins more than half.
            assert!(share.low > 0.5, "{system}: {share:?}");
        } else {
            assert!(share.low <= 0.5 && 0.5 <= share.high, "{system}: {share:?}");
        }
    }
}

/// The fight under way: round 1 begun, then the GM marks `who` dead.
fn under_way(start: &Encounter, who: CombatantId) -> Encounter {
    let system = start.system();
    let mut h = History::new(start.clone());
    for command in [Command::Advance, Command::AddCondition { id: who, condition: "dead".into() }] {
        let mut dice = SeededDice::new(5, h.next_stream());
        // Before round 1 some procedures want initiative first: roll it as the tactics would.
        while h.state().round == 0 && command == Command::Advance {
            let look = fray_app::simulate::policy::Look { refused: &[], stuck: false, taken: &[] };
            let tactics = system.tactics().expect("tactics");
            let next =
                fray_app::simulate::policy::choose(system, tactics, h.state(), &look, &mut dice)
                    .unwrap_or(Command::Advance);
            let mut roll = SeededDice::new(5, h.next_stream());
            h.execute(next, &mut roll).expect("the fight starts");
        }
        if command != Command::Advance {
            h.execute(command, &mut dice).expect("the GM's edit");
        }
    }
    assert!(h.state().round >= 1, "the fight is under way");
    h.state().clone()
}

#[test]
fn odds_from_a_fight_under_way_move_with_what_happened() {
    for system in SYSTEMS {
        let start = mirror(system);
        let ours = start.combatants.values().find(|c| start.is_party(c.id)).expect("a party").id;
        let theirs = start.combatants.values().find(|c| !start.is_party(c.id)).expect("a foe").id;
        let before = odds_of(&start, 300);
        let worse = odds_of(&under_way(&start, ours), 300);
        let better = odds_of(&under_way(&start, theirs), 300);
        assert_eq!((worse.from_round, start.round), (1, 0), "{system}");
        assert!(worse.party_wins.high < before.party_wins.low, "{system}: {worse:?} {before:?}");
        assert!(better.party_wins.low > before.party_wins.high, "{system}: {better:?} {before:?}");
        assert!(worse.assumptions.iter().any(|a| a.contains("from round 1")), "{system}");
    }
}

#[test]
fn a_party_that_may_run_runs_at_half_down_and_fewer_fall() {
    for system in SYSTEMS {
        // Two characters against three strong foes: a fight the party often loses.
        let (strong, _, party) = cast(system);
        let start = fight(system, &party[..2], &[(strong, 3)]);
        let play = |party_flees: bool| {
            let rules = Rules { party_flees, ..Rules::default() };
            odds::run(
                &start,
                &Request {
                    runs: RUNS,
                    exact: true,
                    seed: 11,
                    threads: 0,
                    rules,
                    ..Request::default()
                },
                &Progress::default(),
            )
            .expect("odds")
        };
        let (stays, runs) = (play(false), play(true));
        assert_eq!(stays.party_fled.hits, 0, "{system}: never runs unless told");
        assert!(runs.party_fled.hits > 0, "{system}: {runs:#?}");
        // Running at the first of two down: the party is never all out, so never wiped,
        // and whoever was still standing gets away.
        assert_eq!(runs.party_wiped.hits, 0, "{system}: {runs:#?}");
        // Whoever gets away is not struck down later: fewer fall, and no more die.
        let down = |o: &Odds| o.characters.iter().map(|c| c.down.hits).sum::<u32>();
        let deaths = |o: &Odds| o.characters.iter().map(|c| c.dies.hits).sum::<u32>();
        assert!(down(&runs) < down(&stays), "{system}: {runs:#?} {stays:#?}");
        assert!(deaths(&runs) <= deaths(&stays), "{system}: {runs:#?} {stays:#?}");
        assert!(runs.assumptions.iter().any(|a| a.starts_with("The party runs once half")));
        assert!(stays.assumptions.iter().any(|a| a.starts_with("The party never runs away")));
    }
}

#[test]
fn a_seed_gives_the_same_odds_on_any_number_of_threads() {
    for system in SYSTEMS {
        let start = mirror(system);
        let on = |threads: usize, seed: u64| {
            let request = Request { runs: 60, exact: true, seed, threads, ..Request::default() };
            odds::run(&start, &request, &Progress::default()).expect("odds")
        };
        let one = on(1, 3);
        assert_eq!(one, on(2, 3), "{system}");
        assert_eq!(one, on(3, 3), "{system}");
        assert_eq!(one.runs, 60);
        assert_ne!(one.rounds, on(1, 4).rounds, "{system}: another seed, other fights");
    }
}

#[test]
fn a_cancelled_run_says_so_and_freeform_has_nothing_to_play() {
    let progress = Progress::default();
    progress.cancel();
    let request = Request { runs: 50, ..Request::default() };
    assert_eq!(odds::run(&mirror("bdp"), &request, &progress), Err(odds::OddsError::Cancelled));
    let mut free = mirror("bdp");
    free.procedure = fray_app::encounter::ProcedureState::fresh(
        fray_app::systems::registry().get("freeform").unwrap(),
    );
    let err = odds::run(&free, &request, &Progress::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Freeform has no rules of its own for Fray to play; odds need a combat procedure"
    );
    let empty = Encounter::new(fray_app::systems::registry().get("bdp").unwrap(), "Nobody", 1);
    assert_eq!(odds::run(&empty, &request, &Progress::default()), Err(odds::OddsError::NoFight));
    let none = Request { runs: 0, ..Request::default() };
    assert_eq!(
        odds::run(&mirror("bdp"), &none, &Progress::default()),
        Err(odds::OddsError::NoRuns)
    );
}

#[test]
fn a_fight_of_the_run_read_again_is_the_fight_that_was_counted_and_its_journal_replays() {
    for system in SYSTEMS {
        let start = mirror(system);
        let request = Request { runs: 5, exact: true, seed: 9, threads: 1, ..Request::default() };
        let sys = fray_app::systems::registry().get(system).expect("a procedure");
        let tactics = sys.tactics().expect("tactics");
        for i in 0..3 {
            let counted = fray_app::simulate::autoplay::play_fight(
                sys,
                tactics,
                &start,
                odds::fight_seed(request.seed, i),
                &request.rules,
            );
            let (again, history) = odds::sample_fight(&start, &request, i).expect("a fight");
            assert_eq!(again, counted, "{system} fight {i}");
            let doc = fray_app::journal::from_json(&fray_app::journal::to_json(&history))
                .expect("its journal reads back");
            let report = fray_app::journal::replay(&doc).expect("and replays with its dice");
            assert_eq!(report.commands, history.commands().len(), "{system} fight {i}");
            fray_app::journal::verify_app_dice(&doc).expect("every app die from the seed");
        }
    }
}

#[test]
fn odds_go_on_from_whatever_random_play_left_on_the_board() {
    // Random play edits anything (conditions, sides, zones, half-answered prompts): the
    // fights played on from there must end without a panic, whatever they find.
    for system in SYSTEMS {
        let library = library(system);
        for seed in 1..=std::env::var("ODDS_SOAK").ok().and_then(|s| s.parse().ok()).unwrap_or(4) {
            let report = fray_app::simulate::play(system.parse().unwrap(), seed, 120, &library)
                .unwrap_or_else(|f| panic!("{f}"));
            let state = report.history.state().clone();
            let request = Request { runs: 12, exact: true, seed, threads: 1, ..Request::default() };
            // Over as it stands: the error says the fight from its start may still be asked.
            let over = match odds::run(&state, &request, &Progress::default()) {
                Ok(o) => {
                    assert_eq!(o.runs, 12, "{system} seed {seed}");
                    false
                }
                Err(odds::OddsError::NoFight) => false,
                Err(odds::OddsError::Over(round)) => {
                    assert_eq!(round, state.round, "{system} seed {seed}");
                    true
                }
                Err(e) => panic!("{system} seed {seed}: {e}"),
            };
            let board = state.board();
            match odds::run(&board, &request, &Progress::default()) {
                Ok(o) => assert_eq!(o.runs, 12, "{system} seed {seed}"),
                Err(odds::OddsError::NoFight) => {
                    assert!(!over, "{system} seed {seed}: over, yet no fight from its start")
                }
                Err(e) => panic!("{system} seed {seed}: {e}"),
            }
        }
    }
}

/// A procedure registered with tactics but left out of [`SYSTEMS`] (so of every case above)
/// fails this; so does one listed that has no tactics to play.
#[test]
fn every_procedure_with_tactics_is_tested_here() {
    assert!(fray_app::systems::registry().all().len() >= 6, "every procedure is looked at");
    for procedure in fray_app::systems::registry().all() {
        assert_eq!(
            procedure.tactics().is_some(),
            SYSTEMS.contains(&procedure.id().as_str()),
            "{}: tactics and SYSTEMS disagree",
            procedure.id()
        );
    }
}
