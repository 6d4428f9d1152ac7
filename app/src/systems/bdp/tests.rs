//! Unit tests of the procedure's pieces; the golden scenarios in `tests/scenarios/bdp-*.fray`
//! cover the checklist end to end with table dice.

use super::model::{Arms, BdpCommand, Intent};
use super::script;
use crate::command::Command;
use crate::scenario;

/// The state a short bdp script leaves.
fn run(body: &str) -> crate::History {
    let text = format!(
        "system bdp\nside P party\nside F\nzone Hall\nzone Yard\nconnect Hall Yard\n\
         add Ann side P zone Hall track hp=4 str=10 dex=12 wil=9 block {{\"weapons\": [{{\"name\": \"Sword\", \"die\": 8}}, {{\"name\": \"Dagger\", \"die\": 6}}]}}\n\
         add Orc side F zone Hall track hp=5 str=12 dex=9 wil=8 block {{\"weapons\": [{{\"name\": \"Axe\", \"die\": 10}}]}}\n{body}"
    );
    scenario::run("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn script_lines_become_commands_with_names_looked_up() {
    let h = run("");
    let enc = h.state();
    let words = |line: &str| line.split(' ').map(str::to_owned).collect::<Vec<_>>();
    let ann = enc.combatant_named("Ann").unwrap().id;
    let orc = enc.combatant_named("Orc").unwrap().id;
    let c = script::command(enc, "declare", &words("Ann attack Orc with sword+dagger moving full"))
        .unwrap();
    assert_eq!(
        c,
        BdpCommand::Declare {
            id: ann,
            intent: Intent::Attack { target: orc, arms: Arms::Dual(0, 1), moving: true },
            class: Some(super::model::TurnClass::Full),
            no_reach: false,
        }
    );
    let e = script::command(enc, "declare", &words("Ann attack Orc with bow")).unwrap_err();
    assert_eq!(e, "Ann has no weapon called 'bow'");
    let e = script::command(enc, "attack", &words("Ann Orc")).unwrap_err();
    assert_eq!(e, "expected 'on' and the target");
    let e = script::command(enc, "save", &words("Ann luck")).unwrap_err();
    assert_eq!(e, "'luck' is not str, dex or wil");
    let e = script::command(enc, "morale", &words("F half leader Orc run")).unwrap_err();
    assert_eq!(e, "'run' is not flee or surrender");
}

#[test]
fn a_bdp_command_is_refused_by_another_system() {
    let mut h = crate::History::new(crate::Encounter::new("freeform", "x", 1));
    let mut dice = crate::dice::SeededDice::new(1, 0);
    let e = h.execute(Command::Bdp(BdpCommand::EndSpell), &mut dice).unwrap_err();
    assert_eq!(
        e.to_string(),
        "that is a Block, Dodge, Parry command; this encounter runs Freeform"
    );
}

#[test]
fn a_malformed_block_names_the_combatant_and_the_field() {
    let h = run("");
    let mut enc = h.state().clone();
    let orc = enc.combatant_named("Orc").unwrap().id;
    enc.combatants.get_mut(&orc).unwrap().block =
        serde_json::json!({"weapons": [{"name": "Club", "die": 7}]});
    let e = super::block::BdpBlock::of(&enc.combatants[&orc]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Orc's stat block: weapons[0] (Club): die must be 4, 6, 8, 10 or 12, not 7"
    );
    enc.combatants.get_mut(&orc).unwrap().block = serde_json::json!({"weapons": "lots"});
    let e = super::block::BdpBlock::of(&enc.combatants[&orc]).unwrap_err();
    assert!(e.to_string().starts_with("Orc's stat block: invalid type"), "{e}");
}
