//! What a procedure waits for is checked in one place (`system::waiting`): a command that
//! must wait is refused with the procedure's words before any handler runs, every prompt and
//! card option for it shows the same words, and the answers and the GM's own edits go
//! through. Played on the fight random play found (Block, Dodge, Parry: a blow waits for its
//! target's reaction).

use fray_app::system::{self, waiting};
use fray_app::{Command, History, scenario};

/// The fight of `tests/random-play/bdp-11.fray` up to its last line: a blow on Orc warrior 2
/// waits for its reaction.
fn blow_waiting() -> History {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/random-play/bdp-11.fray");
    let text = std::fs::read_to_string(path).unwrap();
    let (before, _) = text.trim_end().rsplit_once('\n').unwrap();
    scenario::run("bdp-11.fray", before).unwrap_or_else(|e| panic!("{e}"))
}

const WAITS: &str = "first answer the blow on Orc warrior 2: how does it react?";

#[test]
fn a_command_that_must_wait_is_refused_with_the_procedures_words_everywhere() {
    fray_app::systems::registry();
    let history = blow_waiting();
    let (system, enc) = (history.system(), history.state());
    assert_eq!(system.waiting_for(enc, &Command::Advance).as_deref(), Some(WAITS));
    let mut dice = fray_app::dice::SeededDice::new(enc.seed, history.next_stream());
    let err = system::handle_on_copy(system, enc, Command::Advance, &mut dice).unwrap_err();
    assert_eq!(err.to_string(), WAITS);
    // Every option that must wait says so, wherever it is offered; the answer is offered.
    let mut options: Vec<_> =
        waiting::prompts(system, enc).into_iter().flat_map(|p| p.options).collect();
    for id in enc.combatants.keys() {
        options.extend(waiting::card_actions(system, enc, *id));
    }
    let held: Vec<_> =
        options.iter().filter(|o| system.waiting_for(enc, &o.command).is_some()).collect();
    assert!(!held.is_empty());
    for o in &held {
        assert!(!o.enabled && o.reason.as_deref() == Some(WAITS), "{}: {:?}", o.label, o.reason);
    }
    assert!(
        options.iter().any(|o| o.enabled && system.waiting_for(enc, &o.command).is_none()),
        "the reaction is offered"
    );
    // The GM's own edits are no step of the procedure: they do not wait.
    let note = Command::Narrate { text: "The orc staggers.".into() };
    assert!(system::handle_on_copy(system, enc, note, &mut dice).is_ok());
}

#[test]
fn nothing_waits_in_a_fight_at_rest() {
    fray_app::systems::registry();
    let mut history = blow_waiting();
    // Before the fight began, no procedure waits for anything, whatever the command.
    history.set_cursor(0);
    let (system, enc) = (history.system(), history.state());
    assert_eq!(system.waiting_for(enc, &Command::Advance), None);
}
