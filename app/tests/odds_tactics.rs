//! Fights that are fought: on a grid the simulated sides walk round walls, open the doors in
//! their way and take a square from which they can shoot; a fight whose sides are walled
//! apart ends as "no way between the sides", not as undecided.

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
    // Before the doors were opened, 16 % were undecided: nobody walked in.
    assert!(odds.undecided.estimate < 0.01, "undecided {}", odds.undecided.percent());
    assert_eq!(odds.no_way.hits, 0);
    assert!(odds.party_wins.estimate + odds.party_loses.estimate > 0.98);
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
        // a few reach the round limit still fighting.
        assert!(odds.undecided.estimate < 0.08, "{name}: undecided {}", odds.undecided.percent());
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
