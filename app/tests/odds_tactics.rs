//! Fights that are fought: on a grid the simulated sides walk round walls, open the doors in
//! their way and take a square from which they can shoot; a fight whose sides are walled
//! apart — by walls, or by the fallen lying in the only doorway — ends as "no way between the
//! sides", not as undecided; and the long fights (d12's) are fought to their end.

use fray_app::Encounter;
use fray_app::simulate::odds::{self, Progress, Request};

fn board_of(path: &str, text: &str) -> Encounter {
    fray_app::scenario::run(path, text).expect("it runs").state().board()
}

fn exact(start: &Encounter, runs: u32) -> odds::Odds {
    let request = Request { runs, exact: true, seed: 5, ..Request::default() };
    odds::run(start, &request, &Progress::default()).expect("odds")
}

#[test]
fn in_the_watchtower_the_door_is_opened_and_the_fight_is_fought() {
    fray_app::systems::registry();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/tour/sovereign-tower.fray");
    let start = board_of(path, &std::fs::read_to_string(path).unwrap());
    let odds = exact(&start, 1_000);
    // Before the doors were opened, 16 % were undecided: nobody walked in. Then 1.3 %: some
    // fights stood still with the fallen in the doorway (now no way between the sides), the
    // others went on past round 20 with an archer shooting through the window.
    assert_eq!(odds.undecided.hits, 0, "undecided {}", odds.undecided.percent());
    assert!(odds.no_way.estimate < 0.01, "no way {}", odds.no_way.percent());
    assert!(odds.party_wins.estimate + odds.party_loses.estimate > 0.99);
}

/// A party shut in a stone room with no door, the foes outside.
const WALLED_OFF: &str = "system sovereign\n\
side Party party colour #3366cc\nside Foes colour #aa3333\ngrid 12 8\n\
wall 1 1 5 1\nwall 1 1 1 5\nwall 5 1 5 5\nwall 1 5 5 5\n\
add Aldo side Party at 2 2 block {\"tracks\": {\"hp\": 10}, \"stats\": {\"ac\": 15, \"atk\": 1, \"move\": 30}, \"attacks\": [{\"name\": \"Sword\", \"dmg\": \"1d8\"}]}\n\
add Wolf side Foes at 9 3 block {\"tracks\": {\"hp\": 9}, \"stats\": {\"ac\": 13, \"atk\": 2, \"move\": 40, \"hd\": 2, \"morale\": 8}, \"attacks\": [{\"name\": \"Bite\", \"dmg\": \"1d6\"}]}\n";

#[test]
fn a_party_walled_off_from_its_foes_is_no_way_between_the_sides() {
    fray_app::systems::registry();
    let odds = exact(&board_of("walled.fray", WALLED_OFF), 50);
    assert_eq!(odds.no_way.hits, 50, "{odds:?}");
    assert_eq!((odds.undecided.hits, odds.party_wins.hits, odds.party_loses.hits), (0, 0, 0));
    // Ended when a round changed nothing: round 2, not the round limit.
    assert!(odds.rounds_median.value <= 2, "{}", odds.rounds_words());
}

/// A room whose one doorway is barred by the fallen: a fallen member of the party on its inner
/// square, a dead foe on its outer one. Neither side may pass a foe's body (creatures bar the
/// way by size) and nobody shoots: a GM sees the fight is over.
const DOORWAY_OF_THE_FALLEN: &str = "system sovereign\n\
side Party party colour #3366cc\nside Foes colour #aa3333\ngrid 10 5\n\
wall 1 1 5 1\nwall 1 1 1 4\nwall 1 4 5 4\nwall 5 1 5 2\nwall 5 3 5 4\n\
add Aldo side Party at 8 2 block {\"tracks\": {\"hp\": 10}, \"stats\": {\"ac\": 15, \"atk\": 1, \"move\": 30}, \"attacks\": [{\"name\": \"Sword\", \"dmg\": \"1d8\"}]}\n\
add Brina side Party at 4 2 block {\"tracks\": {\"hp\": 7}, \"stats\": {\"ac\": 13, \"move\": 30}, \"attacks\": [{\"name\": \"Mace\", \"dmg\": \"1d6\"}]}\n\
add Wolf side Foes at 2 2 block {\"tracks\": {\"hp\": 9}, \"stats\": {\"ac\": 13, \"atk\": 2, \"move\": 40, \"hd\": 2, \"morale\": 8}, \"attacks\": [{\"name\": \"Bite\", \"dmg\": \"1d6\"}]}\n\
add Carcass side Foes at 5 2 block {\"tracks\": {\"hp\": 9}, \"stats\": {\"ac\": 13, \"move\": 40}, \"attacks\": [{\"name\": \"Bite\", \"dmg\": \"1d6\"}]}\n\
condition Brina +dead\ncondition Carcass +dead\n";

#[test]
fn a_doorway_barred_by_the_fallen_is_no_way_between_the_sides() {
    fray_app::systems::registry();
    // As it stands, the fallen where they lie (the board before a fight would raise them).
    let start =
        fray_app::scenario::run("fallen.fray", DOORWAY_OF_THE_FALLEN).unwrap().state().clone();
    let odds = exact(&start, 20);
    assert_eq!(odds.no_way.hits, 20, "{odds:?}");
    assert!(odds.rounds_median.value <= 2, "{}", odds.rounds_words());
    // With a bow, Aldo shoots at the wolf he sees through the doorway: a fight, fought.
    let archer = DOORWAY_OF_THE_FALLEN.replace(
        "\"name\": \"Sword\", \"dmg\": \"1d8\"",
        "\"name\": \"Longbow\", \"dmg\": \"1d8\", \"range\": 100, \"traits\": [\"bow\"]",
    );
    let start = fray_app::scenario::run("bow.fray", &archer).unwrap().state().clone();
    let odds = exact(&start, 20);
    assert_eq!(odds.no_way.hits + odds.undecided.hits, 0, "{odds:?}");
}

#[test]
fn with_a_door_in_the_wall_the_sides_open_it_and_fight() {
    fray_app::systems::registry();
    let text = WALLED_OFF
        .replace("wall 5 1 5 5\n", "wall 5 1 5 2\nwall 5 2 5 3 door closed\nwall 5 3 5 5\n");
    let odds = exact(&board_of("door.fray", &text), 50);
    assert_eq!(odds.no_way.hits + odds.undecided.hits, 0, "{odds:?}");
}

/// The benchmark fight of each procedure (`app/benches/odds.rs`): four characters against
/// eight foes, fought to an end — a fight that stalls would make its timing meaningless.
#[test]
fn every_benchmark_fight_is_four_against_eight_and_is_fought_to_an_end() {
    fray_app::systems::registry();
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/odds");
    let mut systems = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "fray") {
            continue;
        }
        let name = path.display().to_string();
        let start = board_of(&name, &std::fs::read_to_string(&path).unwrap());
        let party = start.combatants.values().filter(|c| start.is_party(c.id)).count();
        assert_eq!((party, start.combatants.len() - party), (4, 8), "{name}");
        let odds = exact(&start, 200);
        assert_eq!(odds.no_way.hits, 0, "{name}");
        // d12's fights are the longest (Stress, then Wound Points, and the dying still act):
        // with the round limit at 20, 4.6 % were still going there; a few last 30 rounds.
        assert_eq!(odds.undecided.hits, 0, "{name}: undecided {}", odds.undecided.percent());
        systems.push(start.system().id().as_str());
    }
    systems.sort_unstable();
    // Every procedure the app can play (those with tactics) has its benchmark fight.
    let all = fray_app::systems::registry().all().iter();
    let mut playable: Vec<_> =
        all.filter(|s| s.tactics().is_some()).map(|s| s.id().as_str()).collect();
    playable.sort_unstable();
    assert_eq!(systems, playable);
}

/// In d12 a monster that failed morale flees (an assumption of the odds, as the GM may also
/// call a surrender or a parley): it strikes no blow after the failure, and is marked fled.
/// Before, it went on fighting, and d12's fights were the longest of all.
#[test]
fn a_d12_monster_that_fails_morale_strikes_no_more_and_flees() {
    use fray_app::event::EventKind;
    use fray_app::simulate::autoplay::{Rules, play_journaled};
    fray_app::systems::registry();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/odds/d12-camp.fray");
    let start = board_of(path, &std::fs::read_to_string(path).unwrap());
    let system = start.system();
    let tactics = system.tactics().expect("d12 is played by the app");
    let (mut failed, mut fled) = (0, 0);
    for seed in 0..30 {
        let (_, history) = play_journaled(system, tactics, &start, seed, &Rules::default());
        let mut gave_up = std::collections::HashSet::new();
        for event in history.events() {
            if let EventKind::ConditionAdded { id, condition } = &event.kind {
                if condition == "failed morale" {
                    failed += 1;
                    gave_up.insert(*id);
                } else if condition == "fled" && gave_up.contains(id) {
                    fled += 1;
                }
            }
            let striker = event.actor.filter(|a| gave_up.contains(a));
            assert!(
                !(event.rule == "d12.attack" && striker.is_some()),
                "seed {seed}: {:?} struck after failing morale",
                event.actor
            );
        }
    }
    // Not an empty claim: monsters failed, and fled.
    assert!(failed > 0 && fled > 0, "{failed} failed morale, {fled} fled");
}
