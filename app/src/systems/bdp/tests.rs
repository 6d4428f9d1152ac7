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

#[test]
fn a_shield_over_light_armour_makes_dodging_tiring() {
    // Ann: a dagger and leather; with a shield in hand her Armor is 2, no longer light.
    let h = run("set Ann armor=1\nnext\ndeclare Orc attack Ann\ndeclare Ann hold\nnext\nnext\n");
    let enc = h.state();
    let pending = |enc: &crate::Encounter| super::model::PendingAttack {
        attackers: vec![enc.combatant_named("Orc").unwrap().id],
        target: enc.combatant_named("Ann").unwrap().id,
        queue: Vec::new(),
        edge: super::model::Edge::Normal,
        nonlethal: false,
    };
    let dodge = |enc: &crate::Encounter| {
        super::attack::reaction_options(enc, &pending(enc))
            .unwrap()
            .into_iter()
            .find(|o| o.reaction == super::model::Reaction::Dodge)
            .unwrap()
    };
    let mut enc = enc.clone();
    let ann = enc.combatant_named("Ann").unwrap().id;
    // Her dagger is fast: light armour alone dodges for free.
    enc.combatants.get_mut(&ann).unwrap().block =
        serde_json::json!({"weapons": [{"name": "Dagger", "die": 6}]});
    assert_eq!(dodge(&enc).fatigue, 0);
    enc.combatants
        .get_mut(&ann)
        .unwrap()
        .stats
        .push(crate::encounter::Stat { name: "shield".into(), value: 1 });
    assert_eq!(dodge(&enc).fatigue, 1);
}

#[test]
fn loose_ends_the_rules_close() {
    // Surprise is rolled once; attacks wait for the attacker's turn; foes who break strike
    // no one who leaves.
    run(r#"
surprise normal table 6
expect Orc is surprised
surprise normal table 1
expect error "surprise is already rolled: undo it to roll again"
undo
next
declare Orc attack Ann
declare Ann move Yard
next
next
expect turn Orc
attack Ann on Orc
expect error "Ann strikes on its turn"
next
expect turn Ann
condition Orc +fleeing
move Ann Yard
expect no prompt "Ann leaves Orc's zone carelessly"
"#);
}

#[test]
fn a_detachment_takes_ruled_body_damage_on_wil_and_is_never_a_lone_foe() {
    run(r#"
remove Orc
add Goblins side F zone Hall track hp=4 str=8 dex=10 wil=7 members=6 block {"detachment": true, "weapons": [{"name": "Knife", "die": 6}]}
next
hurt Goblins 1d4 to-str no-save table 3
expect Goblins wil 4/7
expect Goblins str 8/8
hp Goblins =0
expect no prompt "Morale of F: alone and at 0 HP"
"#);
}
