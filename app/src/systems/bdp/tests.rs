//! Unit tests of the procedure's pieces; the golden scenarios in `tests/scenarios/bdp-*.fray`
//! cover the checklist end to end with table dice.

use super::model::{Arms, BdpCommand, Intent};
use super::script;

/// The state a short bdp script leaves.
fn run(body: &str) -> crate::History {
    let text = format!(
        "system bdp\nside P party\nside F\nzone Hall\nzone Yard\nconnect Hall Yard\n\
         add Ann side P zone Hall track hp=4 str=10 dex=12 wil=9 block {{\"weapons\": [{{\"name\": \"Sword\", \"die\": 8}}, {{\"name\": \"Dagger\", \"die\": 6}}]}}\n\
         add Orc side F zone Hall track hp=5 str=12 dex=9 wil=8 block {{\"weapons\": [{{\"name\": \"Axe\", \"die\": 10}}]}}\n{body}"
    );
    crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
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
    let mut h = crate::History::new(crate::Encounter::new(
        crate::systems::registry().get("freeform").unwrap(),
        "x",
        1,
    ));
    let mut dice = crate::dice::SeededDice::new(1, 0);
    let e = h.execute(BdpCommand::EndSpell.into(), &mut dice).unwrap_err();
    assert_eq!(
        e.to_string(),
        "that is a command of Block, Dodge, Parry; this encounter runs Freeform"
    );
}

#[test]
fn a_malformed_block_names_the_combatant_and_the_field() {
    let h = run("");
    let mut enc = h.state().clone();
    let orc = enc.combatant_named("Orc").unwrap().id;
    *enc.combatants.get_mut(&orc).unwrap().block =
        serde_json::json!({"weapons": [{"name": "Club", "die": 7}]});
    let e = super::block::BdpBlock::of(&enc.combatants[&orc]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Orc's stat block: weapons[0] (Club): die must be 4, 6, 8, 10 or 12, not 7"
    );
    *enc.combatants.get_mut(&orc).unwrap().block = serde_json::json!({"weapons": "lots"});
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
        free: false,
    };
    let dodge = |enc: &crate::Encounter| {
        super::reactions::reaction_options(enc, &pending(enc))
            .unwrap()
            .into_iter()
            .find(|o| o.reaction == super::model::Reaction::Dodge)
            .unwrap()
    };
    let mut enc = enc.clone();
    let ann = enc.combatant_named("Ann").unwrap().id;
    // Her dagger is fast: light armour alone dodges for free.
    *enc.combatants.get_mut(&ann).unwrap().block =
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

/// What the schema finds wrong with a block, as the GM reads it.
fn problems(block: &serde_json::Value, character: bool) -> Vec<String> {
    super::schema::SCHEMA.check(block, character).iter().map(ToString::to_string).collect()
}

/// What [`crate::system::validate_block`] finds wrong with an entry named Orc.
fn refusals(block: &serde_json::Value, character: bool) -> Vec<String> {
    crate::system::validate_block(&super::Bdp, "Orc", block, character)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_schema_takes_a_good_block_and_names_the_bad_field() {
    let good = serde_json::json!({
        "stats": {"armor": 1, "shield": 1},
        "tracks": {"hp": 5, "str": 12, "dex": 9, "wil": {"value": 6, "max": 8}, "members": 6},
        "weapons": [
            {"name": "Spear", "die": 8, "speed": "balanced", "reach": true, "tags": ["Push 6"]},
            {"name": "Sling", "die": 4, "ranged": true},
        ],
        "armor_item": "Leather",
        "shield": true,
        "reactions": {"fight_back": true, "block": true},
        "features": ["Charge"],
        "detachment": true,
        "leader": true,
        "magic_dice": 2,
        "notes": "Holds the bridge.",
    });
    assert_eq!(refusals(&good, false), Vec::<String>::new());

    let mut bad = good.clone();
    bad["stats"]["armor"] = serde_json::json!(4);
    bad["weapons"][0]["die"] = serde_json::json!(5);
    bad["weapons"][1]["speed"] = serde_json::json!("quick");
    bad["reactions"]["dodge"] = serde_json::json!("yes");
    bad["magic_dice"] = serde_json::json!(5);
    assert_eq!(
        problems(&bad, false),
        [
            "field 'stats.armor' (Armour): must be between 0 and 3, not 4",
            "field 'weapons[0].die' (Damage die): must be one of 4, 6, 8, 10, 12, not 5",
            "field 'weapons[1].speed' (Speed): 'quick' is not one of fast, balanced, slow",
            "field 'reactions.dodge' (Dodges): must be true or false, not text",
            "field 'magic_dice' (Magic Dice): must be between 0 and 4, not 5",
        ]
    );
    assert_eq!(refusals(&bad, false), problems(&bad, false), "the schema speaks first");
    assert_eq!(
        problems(&serde_json::json!({"weapons": [{"die": 6}]}), false),
        [
            "field 'tracks.hp' (HP): is required",
            "field 'tracks.str' (STR): is required",
            "field 'tracks.dex' (DEX): is required",
            "field 'tracks.wil' (WIL): is required",
            "field 'weapons[0].name' (Name): is required",
        ]
    );

    // A character's Fatigue and slots are checked on sheets, not on creatures.
    let sheet = serde_json::json!({
        "tracks": {"hp": 4, "str": 9, "dex": 12, "wil": 11, "fatigue": {"value": 2, "max": 11}},
        "slots_used": 12,
    });
    assert_eq!(
        problems(&sheet, true),
        [
            "field 'tracks.fatigue' (Fatigue): must be between 0 and 10, not 11",
            "field 'slots_used' (Slots used): must be between 0 and 10, not 12",
        ]
    );
    assert!(problems(&sheet, false).is_empty());
}

#[test]
fn check_block_refuses_what_only_the_reader_knows() {
    // Unknown keys of a weapon or of the reactions fit no field, so only the reader sees them.
    let block = serde_json::json!({
        "tracks": {"hp": 5, "str": 12, "dex": 9, "wil": 8},
        "weapons": [{"name": "Club", "die": 6, "dmg": 8}],
    });
    assert!(problems(&block, false).is_empty());
    let refused = refusals(&block, false);
    assert_eq!(refused.len(), 1);
    assert!(refused[0].starts_with("Orc's stat block: unknown field `dmg`"), "{refused:?}");
    let block = serde_json::json!({
        "tracks": {"hp": 5, "str": 12, "dex": 9, "wil": 8},
        "reactions": {"block": true, "uses": 2},
    });
    assert!(refusals(&block, false)[0].contains("unknown field `uses`"));
    // The reader's own checks, as `of` makes them.
    let e = super::block::BdpBlock::read("Orc", &serde_json::json!({"magic_dice": 6})).unwrap_err();
    assert_eq!(e.to_string(), "Orc's stat block: magic_dice is at most 4, not 6");
    let e = super::block::BdpBlock::read("Orc", &serde_json::json!({"wand_dice": 3})).unwrap_err();
    assert_eq!(e.to_string(), "Orc's stat block: wand_dice is at most 2 (a staff), not 3");
}

#[test]
fn a_new_block_validates_once_named() {
    use super::schema::SCHEMA;
    for character in [false, true] {
        let block = SCHEMA.new_block(character);
        assert_eq!(refusals(&block, character), Vec::<String>::new(), "{block}");
        assert_eq!(block["tracks"]["hp"], 4);
    }
    // Fatigue starts empty: a full track of 10 would fill every slot.
    assert_eq!(
        SCHEMA.new_block(true)["tracks"]["fatigue"],
        serde_json::json!({"value": 0, "max": 10})
    );
    assert!(SCHEMA.new_block(false)["tracks"].get("fatigue").is_none());
}

#[test]
fn the_schema_names_every_key_the_reader_reads_and_no_other() {
    use super::schema::{SCHEMA, WEAPON};
    use serde_json::Value;
    // Every field filled at once is a block the reader takes (weapons and reactions refuse
    // unknown keys, so a field the reader does not know fails here).
    for character in [false, true] {
        let full = crate::systems::full_block(SCHEMA.fields_for(character));
        assert_eq!(refusals(&full, character), Vec::<String>::new(), "{full}");
    }
    // And the reader has no key the schema leaves out.
    let keys = |v: Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    let top: Vec<&str> = SCHEMA.fields.iter().map(|f| f.key.split('.').next().unwrap()).collect();
    for key in keys(serde_json::to_value(super::block::BdpBlock::default()).unwrap()) {
        assert!(top.contains(&key.as_str()), "the schema has no {key:?}");
    }
    for key in keys(serde_json::to_value(super::block::Reactions::ALL).unwrap()) {
        let key = format!("reactions.{key}");
        assert!(SCHEMA.fields.iter().any(|f| f.key == key), "the schema has no {key:?}");
    }
    let weapon: Vec<&str> = WEAPON.iter().map(|f| f.key).collect();
    for key in keys(serde_json::to_value(super::block::Weapon::unarmed()).unwrap()) {
        assert!(weapon.contains(&key.as_str()), "a weapon has no {key:?} in the schema");
    }
}

/// A declared move the GM already made by dragging the token is not offered again (it would
/// journal "moved from Stairs to Stairs").
#[test]
fn a_move_made_by_hand_is_not_offered_again() {
    let h = run(
        "zone Stairs\nconnect Hall Stairs\nnext\ndeclare Ann move Stairs\ndeclare Orc hold\nnext\nnext\n",
    );
    let offered = |h: &crate::History| {
        crate::system::Rules::prompts(&crate::systems::bdp::Bdp, h.state())
            .iter()
            .flat_map(|p| p.options.iter().map(|o| o.label.clone()))
            .any(|l| l.contains("moves to Stairs"))
    };
    assert!(offered(&h), "the declared move is offered on Ann's turn");
    let mut h = h;
    let ann = h.state().combatant_named("Ann").unwrap().id;
    let stairs = h.state().zone_named("Stairs").unwrap().id;
    let mut dice = crate::dice::SeededDice::new(0, 9);
    h.execute(crate::Command::Move { id: ann, to: Some(stairs) }, &mut dice).unwrap();
    // The orc lets her go (she left its zone): the turn's prompt is back.
    let orc = h.state().combatant_named("Orc").unwrap().id;
    let let_go = super::BdpCommand::LetGo { attacker: orc, target: ann };
    h.execute(let_go.into(), &mut dice).unwrap();
    let prompts = crate::system::Rules::prompts(&crate::systems::bdp::Bdp, h.state());
    assert_eq!(prompts[0].id, "turn", "Ann's turn is asked again");
    assert!(!offered(&h), "dragged there: no stale move");
}

/// A foe that falls while a declaration is asked keeps its row, refused ("down") and marked a
/// leftover (the window draws it only where the question listed it), and the rules refuse a
/// blow declared on it.
#[test]
fn a_foe_fallen_keeps_its_row_in_the_declaration_refused() {
    let declaration = |h: &crate::History| {
        let bdp = crate::systems::registry().get("bdp").unwrap();
        let prompts = bdp.prompts(h.state());
        let p = prompts.into_iter().find(|p| p.id.starts_with("declare-")).expect("a declaration");
        p.options.into_iter().map(|o| (o.label.clone(), o)).collect::<Vec<_>>()
    };
    let standing = declaration(&run("next\n"));
    let mut h = run("next\ncondition Orc +unconscious\n");
    let fallen = declaration(&h);
    let labels = |rows: &[(String, crate::system::PromptOption)]| {
        rows.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>()
    };
    assert_eq!(labels(&fallen), labels(&standing), "every row in its place");
    let on_orc: Vec<_> = fallen.iter().filter(|(l, _)| l.contains("Orc")).collect();
    assert!(!on_orc.is_empty());
    for (label, o) in &on_orc {
        assert!(o.leftover && !o.enabled, "{label}");
        assert_eq!(o.reason.as_deref(), Some("Orc is down"), "{label}");
    }
    assert!(standing.iter().all(|(_, o)| !o.leftover));
    let mut dice = crate::dice::SeededDice::new(1, 0);
    let e = h.execute(on_orc[0].1.command.clone(), &mut dice).unwrap_err();
    assert!(e.to_string().contains("Orc is down"), "{e}");
}
