//! The sixth procedure end to end: a fight with table dice, its journal through every format
//! and `replay`, random play, and its commands and facts written under its own key. That it
//! needs nothing outside this folder but its line in the list is the point.

use super::{Skirmish, SkirmishCommand};
use crate::command::{Command, NewCombatant};
use crate::encounter::Track;
use crate::ids::{CombatantId, SideId};
use crate::journal;
use crate::simulate::{self, Library};
use crate::system::System;

const FIGHT: &str = "system skirmish\nname Ford\nseed 3\n\
    side Party party\nside Raiders\nzone Ford\n\
    add Ann side Party zone Ford track hp=5\n\
    add Bo side Party zone Ford track hp=5\n\
    add Raider side Raiders zone Ford count 2 track hp=3\n";

#[test]
fn it_is_registered_once_and_found_everywhere_by_its_id() {
    let found = crate::systems::registry().get("skirmish").expect("on the list");
    assert_eq!((found.id().as_str(), found.name()), ("skirmish", "Skirmish"));
    assert_eq!(crate::systems::registry().all().iter().filter(|s| s.id() == "skirmish").count(), 1);
    // Its commands are written under its key, like every procedure's, and read back.
    let command = Command::from(SkirmishCommand::Pass { id: CombatantId(4) });
    let json = serde_json::to_string(&command).unwrap();
    assert_eq!(json, r#"{"type":"skirmish","skirmish":"pass","id":4}"#);
    assert_eq!(serde_json::from_str::<Command>(&json).unwrap(), command);
    assert_eq!(command.procedure(), Some(found.id()));
    assert_eq!(Skirmish.script_verbs_of(&command), vec!["pass"]);
}

#[test]
fn the_side_that_wins_the_d6_acts_first_and_the_higher_d20_hits() {
    let script = format!(
        "{FIGHT}\
         next table 2 | 5\n\
         expect phase turns\n\
         expect prompt \"Raider 1's turn\"\n\
         attack \"Raider 1\" Ann table 9 | 9\n\
         expect Ann hp 5\n\
         attack \"Raider 2\" Ann table 14 | 3 | 4\n\
         expect Ann hp 1\n\
         expect prompt \"Ann's turn\"\n\
         attack Ann \"Raider 1\" table 20 | 1 | 6\n\
         expect \"Raider 1\" hp 0\n\
         expect \"Raider 1\" is dead\n\
         pass Bo\n\
         expect prompt \"Everyone has acted\"\n\
         next table 6 6\n\
         expect phase morale\n\
         expect \"Raider 2\" is fled\n\
         attack Bo \"Raider 2\"\n\
         expect error \"not to act now\"\n"
    );
    let h = crate::systems::run_script("ford.fray", &script).unwrap_or_else(|e| panic!("{e}"));
    let md = journal::markdown(h.base(), h.events());
    assert!(md.contains("- Raiders acts first"), "{md}");
    assert!(md.contains("9 against 9: Raider 1 misses"), "{md}");
    assert!(md.contains("**Ann** has acted"), "{md}");
    // The journal goes out and comes back in every format, and replays.
    let doc = journal::from_json(&journal::to_json(&h)).expect("reads back");
    journal::replay(&doc).expect("replays");
    let back = doc.to_history().unwrap();
    assert_eq!(journal::markdown(back.base(), back.events()), md);
    assert_eq!(back.state(), h.state());
    assert!(journal::html(h.base(), h.events()).contains("acts first"));
}

#[test]
fn random_play_finds_nothing_wrong() {
    let fighter = |name: &str, hp: i64| NewCombatant {
        name: name.into(),
        side: SideId(0),
        zone: None,
        square: None,
        stats: Vec::new(),
        tracks: vec![Track { name: "hp".into(), value: hp, max: hp }],
        conditions: Vec::new(),
        source: None,
        block: serde_json::json!({"tracks": {"hp": hp}}),
    };
    let library = Library {
        creatures: vec![fighter("Raider", 3), fighter("Hound", 2)],
        characters: vec![fighter("Ann", 6), fighter("Bo", 5)],
        tables: Vec::new(),
    };
    for seed in 1..=6 {
        let report = simulate::play(
            crate::systems::registry().get("skirmish").unwrap().id(),
            seed,
            300,
            &library,
        )
        .unwrap_or_else(|f| {
            panic!("{f}\n{}", f.script);
        });
        assert!(report.accepted > 75, "seed {seed}: {report:?}");
    }
}
