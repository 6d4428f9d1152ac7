//! A simulated fight writes no words (issue 67): its rulings are not made and its rolls carry
//! no label or name, while the same commands on the table write them all, rolling the same
//! dice to the same fight.

use super::autoplay::{self, Rules};
use crate::dice::SeededDice;
use crate::encounter::{Encounter, WordsRead};
use crate::event::{Event, EventKind};
use crate::system;

/// The benchmark fight of `id` (`docs/odds`), on its board before the fight.
fn board(id: &str, file: &str) -> Encounter {
    crate::systems::registry();
    let path = format!("{}/../docs/odds/{file}.fray", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{id}: {e}"));
    crate::scenario::run(&path, &text).expect("the benchmark fight runs").state().board()
}

/// `value` as JSON without its words: no ruling, no roll (in an event or kept in a
/// procedure's state) with a label or a roller, no reason for a place in the order; no command number, and without what the table
/// keeps for the players (recent rolls and rulings, and who they have seen, which a ruling
/// naming a foe decides).
fn wordless(value: &impl serde::Serialize) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                if map.contains_key("terms") && map.contains_key("total") {
                    map.remove("label");
                    map.remove("roller");
                }
                // A place in the turn order: its reason is words too (d12's).
                if map.contains_key("combatants") && map.contains_key("count") {
                    map.remove("reason");
                }
                map.remove("seq");
                map.remove("table");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(list) => {
                let ruling =
                    |e: &serde_json::Value| e.pointer("/kind/type").is_some_and(|t| t == "ruling");
                list.retain(|e| !ruling(e));
                list.iter_mut().for_each(strip);
            }
            _ => {}
        }
    }
    let mut json = serde_json::to_value(value).expect("made to be written");
    strip(&mut json);
    json
}

#[test]
fn a_simulated_fight_writes_no_words_and_rolls_the_same_dice_to_the_same_fight() {
    let rules = Rules::default();
    for (id, file) in [
        ("bdp", "bdp-crypt"),
        ("d12", "d12-camp"),
        ("dr12", "dr12-ford"),
        ("murdham", "murdham-road"),
        ("sovereign", "sovereign-yard"),
    ] {
        let start = board(id, file);
        let system = crate::systems::registry().get(id).expect("a procedure");
        let tactics = system.tactics().expect("tactics");
        let (played, table) = autoplay::play_journaled(system, tactics, &start, 1, &rules);
        let (mut unread, mut events) = (start.clone(), Vec::new());
        unread.words = WordsRead(false);
        unread.seed = 1; // as the journaled fight takes its seed
        for record in table.commands() {
            let mut dice = SeededDice::new(1, record.stream);
            let taken = system::handle(system, &mut unread, record.command.clone(), &mut dice);
            events.extend(taken.expect("the table took it"));
        }
        let rulings = |events: &[Event]| {
            events.iter().filter(|e| matches!(e.kind, EventKind::Ruling { .. })).count()
        };
        let rolls = |events: &[Event]| events.iter().flat_map(|e| e.rolls()).count();
        let labelled = |events: &[Event]| {
            events.iter().flat_map(|e| e.rolls()).filter(|r| !r.label.is_empty()).count()
        };
        assert!(rulings(table.events()) > 10 && labelled(table.events()) > 10, "{id}: words");
        assert_eq!(labelled(table.events()), rolls(table.events()), "{id}: every roll labelled");
        assert_eq!(rulings(&events), 0, "{id}: a simulated fight makes no ruling");
        assert!(events.iter().flat_map(|e| e.rolls()).all(|r| r.roller.is_none()), "{id}");
        assert_eq!((labelled(&events), rolls(&events)), (0, rolls(table.events())), "{id}");
        let kept = wordless(&table.events()).as_array().map_or(0, Vec::len);
        assert_eq!(kept, table.events().len() - rulings(table.events()), "{id}: rulings left out");
        assert_eq!(wordless(&events), wordless(&table.events()), "{id}: the same events");
        assert_eq!(wordless(&unread), wordless(table.state()), "{id}: the same fight");
        assert_ne!(unread.table, table.state().table, "{id}: the table's words are not kept");
        // Played by the simulator from the start, the fight ends as the table's did.
        assert_eq!(autoplay::play_fight(system, tactics, &start, 1, &rules), played, "{id}");
    }
}
