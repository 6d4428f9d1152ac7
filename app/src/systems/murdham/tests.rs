//! Unit tests of the procedure's pieces; the golden scenarios in
//! `tests/scenarios/murdham-*.fray` cover the checklist end to end with table dice.

use super::attack::to_hit;
use super::model::{Aim, AttackSpec, Circumstances};
use super::{morale, script, turn};
use crate::command::Command;

const ANN: &str = r#"{"stats": {"str": 12, "agi": 11, "wit": 10}, "armour": {"name": "Light armour", "value": 1}, "weapons": [{"name": "Sword", "die": 8}, {"name": "Bow", "die": 6, "range": 8}, {"name": "Mortar", "die": 6, "range": 8, "indirect": true}]}"#;
const ORC: &str =
    r#"{"stats": {"str": 9, "agi": 8, "wit": 7}, "weapons": [{"name": "Club", "die": 6}]}"#;
const HELM: &str = r#"{"stats": {"str": 12, "agi": 8, "wit": 7}, "helmet": true}"#;
const BONES: &str = r#"{"stats": {"str": 8, "agi": 8, "wit": 3}, "kind": "undead"}"#;

/// The state a short Murdham script leaves: Ann of the party in the Hall, two orcs there,
/// a line of zones Hall – Yard – Gate – Road – Field.
fn run(body: &str) -> crate::History {
    let text = format!(
        "system murdham\nside P party\nside F\nzone Hall\nzone Yard\nzone Gate\nzone Road\n\
         zone Field\nconnect Hall Yard\nconnect Yard Gate\nconnect Gate Road\n\
         connect Road Field\n\
         add Ann side P zone Hall block {ANN}\n\
         add Orc side F zone Hall count 2 block {ORC}\n{body}"
    );
    crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// The refusal a script's last line gets.
fn refused(body: &str, line: &str) -> String {
    let mut h = run(body);
    // Words split on spaces; `_` stands for a space inside a name.
    let words: Vec<String> = line.split(' ').map(|w| w.replace('_', " ")).collect();
    let c = script::command(h.state(), &words[0], &words[1..]).unwrap();
    let mut dice = crate::dice::SeededDice::new(1, 0);
    h.execute(c, &mut dice).unwrap_err().to_string()
}

fn health(h: &crate::History, name: &str) -> i64 {
    h.state().combatant_named(name).and_then(|c| c.track("health")).map_or(-99, |t| t.value)
}

fn is(h: &crate::History, name: &str, condition: &str) -> bool {
    h.state().combatant_named(name).is_some_and(|c| c.conditions.contains(condition))
}

/// Ann's turn has begun (round 1, the party first).
const ANN_TURN: &str = "holder P\nnext\nfirst P\nactivate Ann\n";

#[test]
fn health_is_str_and_armour_comes_from_the_worn_armour() {
    let h = run("");
    let ann = h.state().combatant_named("Ann").unwrap();
    assert_eq!(ann.track("health").map(|t| (t.value, t.max)), Some((12, 12)));
    assert_eq!(ann.stat("armour"), Some(1));
    let e = crate::systems::run_script(
        "t.fray",
        "system murdham\nside P\nadd Odd side P stat str=25\n",
    )
    .unwrap_err();
    assert!(e.message.contains("stats.str is 25"), "{e}");
    let e = crate::systems::run_script(
        "t.fray",
        "system murdham\nside P\nadd Wisp side P stat str=9 stat agi=9\n",
    )
    .unwrap_err();
    assert!(e.message.contains("Wisp: the stat block needs stats.wit"), "{e}");
    let e = crate::systems::run_script(
        "t.fray",
        "system murdham\nside P\nadd Imp side P stat str=5 stat agi=5 stat wit=5 block {\"weapons\": [{\"name\": \"Lob\", \"die\": 6, \"indirect\": true}]}\n",
    )
    .unwrap_err();
    assert!(e.message.contains("weapons[0] (Lob): an indirect weapon needs a range"), "{e}");
}

fn spec(h: &crate::History, weapon: usize, target: &str, how: Circumstances) -> AttackSpec {
    let s = h.state();
    AttackSpec {
        attacker: s.combatant_named("Ann").unwrap().id,
        aim: Aim::One { target: s.combatant_named(target).unwrap().id },
        weapon: Some(weapon),
        how,
        stunt: None,
        nonlethal: None,
        final_blow: false,
    }
}

#[test]
fn which_attacks_need_a_wit_save_and_which_cannot_be_made() {
    // Orc 2 stands 4 zones away (the bow's half range), Orc 1 in the Hall with Ann.
    let h = run("move \"Orc 2\" Road\n");
    let none = Circumstances::default();
    let unseen = Circumstances { unseen: true, ..none };
    let moving = Circumstances { moving: true, ..none };
    let check = |w, t, how| match to_hit(h.state(), &spec(&h, w, t, how)) {
        Ok(None) => "hits".to_owned(),
        Ok(Some(_)) => "save".to_owned(),
        Err(e) => format!("no: {e}"),
    };
    assert_eq!(check(0, "Orc 1", none), "hits");
    assert_eq!(check(0, "Orc 1", unseen), "save");
    assert!(check(0, "Orc 2", none).contains("not nearby"));
    // The bow at 3 zones (within half of 8) hits; on the move it needs a save; blind, no.
    assert_eq!(check(1, "Orc 2", none), "hits");
    assert_eq!(check(1, "Orc 2", moving), "save");
    assert!(check(1, "Orc 2", unseen).starts_with("no:"));
}

#[test]
fn ranged_bands_follow_half_range() {
    let none = Circumstances::default();
    let moving = Circumstances { moving: true, ..none };
    let unseen = Circumstances { unseen: true, ..none };
    let at = |zone: &str, w: usize, how: Circumstances| {
        let h = run(&format!("move \"Orc 2\" {zone}\n"));
        match to_hit(h.state(), &spec(&h, w, "Orc 2", how)) {
            Ok(None) => "hits".to_owned(),
            Ok(Some(_)) => "save".to_owned(),
            Err(e) => format!("no: {e}"),
        }
    };
    // Hall → Gate is 2 steps (within half of 8), → Field is 4 (half exactly: still within).
    assert_eq!(at("Gate", 1, none), "hits");
    assert_eq!(at("Field", 1, none), "hits");
    assert_eq!(at("Gate", 1, moving), "save");
    assert!(at("Gate", 1, unseen).starts_with("no:"));
    // The mortar shoots only beyond half range: never within 4 zones here.
    assert!(at("Field", 2, none).contains("beyond half range"));
}

#[test]
fn indirect_and_far_shots_on_a_longer_line() {
    // Six zones in a line: Hall → F is 5 steps, beyond half of 8.
    let h = run("zone F\nconnect Field F\nmove \"Orc 2\" F\n");
    let none = Circumstances::default();
    let r = |w: usize, how: Circumstances| to_hit(h.state(), &spec(&h, w, "Orc 2", how));
    assert!(matches!(r(1, none), Ok(Some(_))), "beyond half range: a WIT save");
    let moving = Circumstances { moving: true, ..none };
    assert!(r(1, moving).is_err(), "beyond half range while moving: impossible");
    assert!(matches!(r(2, none), Ok(Some(_))), "indirect: always a save");
    assert!(r(2, moving).is_err(), "indirect while moving: impossible");
    let unseen = Circumstances { unseen: true, ..none };
    assert!(matches!(r(2, unseen), Ok(Some(_))), "indirect shoots at the unseen");
    let barrier = Circumstances { barrier: true, ..none };
    assert!(r(1, barrier).is_err());
    let peeking = Circumstances { barrier: true, peeking: true, ..none };
    assert!(matches!(r(1, peeking), Ok(Some(_))));
}

#[test]
fn damage_dice_explode_and_lose_one_each_time() {
    // The orcs have had their turn in nothing: Orc 1 dodging would need a prompt, so it
    // is unaware. d8: 8, 8, 3 → 8 + 7 + 2 = 17, as much as its STR and more: dead.
    let h = run(&format!("{ANN_TURN}attack Ann \"Orc 1\" unaware table 8 | 8 | 3\n"));
    assert!(is(&h, "Orc 1", "dead"));
    // d8: 8, 2 → 9, still as much as STR 9.
    let h = run(&format!("{ANN_TURN}attack Ann \"Orc 1\" unaware table 8 | 2\n"));
    assert!(is(&h, "Orc 1", "dead"));
    // d8: 7 → 7 of 9: a critical hit (half or more of the current health), not a kill.
    let h = run(&format!("{ANN_TURN}attack Ann \"Orc 1\" unaware table 7\n"));
    assert_eq!(health(&h, "Orc 1"), 2);
    assert!(is(&h, "Orc 1", "incapacitated") && !is(&h, "Orc 1", "dead"));
}

#[test]
fn impaired_keeps_the_lower_enhanced_the_higher_and_both_cancel() {
    // Bare hands: d4 impaired, 3 and 1 → 1.
    let h = run(&format!("{ANN_TURN}attack Ann \"Orc 1\" bare unaware table 3 | 1\n"));
    assert_eq!(health(&h, "Orc 1"), 8);
    // Sword held back: 2 and 6 → 2 (lower).
    let h = run(&format!("{ANN_TURN}attack Ann \"Orc 1\" held-back unaware table 2 | 6\n"));
    assert_eq!(health(&h, "Orc 1"), 7);
    // Enhanced: 2 and 4 → 4.
    let h = run(&format!("{ANN_TURN}attack Ann \"Orc 1\" enhanced unaware table 2 | 4\n"));
    assert_eq!(health(&h, "Orc 1"), 5);
    // Held back and enhanced cancel: one die.
    let h = run(&format!("{ANN_TURN}attack Ann \"Orc 1\" held-back enhanced unaware table 3\n"));
    assert_eq!(health(&h, "Orc 1"), 6);
    // Bare hands held back: impaired twice, no damage and no die.
    let h = run(&format!("{ANN_TURN}attack Ann \"Orc 1\" bare held-back unaware\n"));
    assert_eq!(health(&h, "Orc 1"), 9);
}

#[test]
fn a_critical_hit_is_half_the_current_health_and_a_helmet_raises_it() {
    let with = |block: &str, faces: &str| {
        run(&format!(
            "add Brute side F zone Hall block {block}\n{ANN_TURN}\
             attack Ann Brute unaware table {faces}\n"
        ))
    };
    // 12 health: 6 is half, a critical hit; 5 is not.
    let bare = r#"{"stats": {"str": 12, "agi": 8, "wit": 7}}"#;
    assert!(is(&with(bare, "6"), "Brute", "incapacitated"));
    assert!(!is(&with(bare, "5"), "Brute", "incapacitated"));
    // With a helmet 6 is not enough, 7 is.
    assert!(!is(&with(HELM, "6"), "Brute", "incapacitated"));
    assert!(is(&with(HELM, "7"), "Brute", "incapacitated"));
}

#[test]
fn zero_health_is_dying_and_death_comes_at_the_end_of_the_next_round() {
    // The orc at 2 health: a hit of 3 takes it to 0 in round 1.
    let body =
        format!("track \"Orc 1\" health =2\n{ANN_TURN}attack Ann \"Orc 1\" unaware table 3\n");
    let h = run(&body);
    assert!(is(&h, "Orc 1", "dying"));
    assert_eq!(h.state().murdham().dying.values().copied().collect::<Vec<_>>(), [2]);
}

#[test]
fn the_round_ends_only_when_every_faction_passes_in_a_row() {
    let h = run("holder P\nnext\nfirst P\npass P\n");
    // The party passed; the orcs act: passing is not leaving the round.
    assert_eq!(h.state().phase, "turns");
    let h = run("holder P\nnext\nfirst P\npass P\nactivate \"Orc 1\"\nend-turn\npass P\n");
    // A pass, an activation, a pass: not all in a row yet; the orcs choose.
    assert_eq!(h.state().phase, "turns");
    let h = run("holder P\nnext\nfirst P\npass P\npass F\n");
    assert_eq!(h.state().phase, "end");
}

#[test]
fn each_character_acts_once_a_round_and_a_reaction_spends_the_turn() {
    let e = refused(
        "holder P\nnext\nfirst P\nactivate Ann\nend-turn\nactivate \"Orc 1\"\nend-turn\n",
        "activate Ann",
    );
    assert!(e.contains("had its turn this round"), "{e}");
    // Orc 1 dodges Ann's blow: its turn is spent, it cannot be activated.
    let e = refused(
        &format!("{ANN_TURN}attack Ann \"Orc 1\"\nreact \"Orc 1\" dodge table 3\nend-turn\n"),
        "activate Orc_1",
    );
    assert!(e.contains("had its turn this round"), "{e}");
}

/// The characters a faction can still activate come first, then Pass, then who had its
/// turn: on a short window the answers in view are the ones the GM can take.
#[test]
fn a_factions_choice_lists_who_can_act_before_who_had_its_turn() {
    let h = run("holder F\nnext\nfirst F\nactivate \"Orc 1\"\nend-turn\npass P\n");
    let prompts = super::prompts::prompts(h.state(), crate::system::Wording::Written);
    let labels: Vec<(&str, bool)> =
        prompts[0].options.iter().map(|o| (o.label.as_str(), o.enabled)).collect();
    assert_eq!(
        labels,
        [("Activate Orc 2", true), ("Pass", true), ("Activate Orc 1", false)],
        "{}",
        prompts[0].title
    );
}

#[test]
fn movement_is_one_zone_or_full_movement_capped_by_the_setting() {
    let allowance = |body: &str| {
        let h = run(&format!("{ANN_TURN}{body}"));
        let id = h.state().combatant_named("Ann").unwrap().id;
        turn::allowance(h.state(), id)
    };
    assert_eq!(allowance(""), 1);
    assert_eq!(allowance("full-move\n"), 2, "three zones capped at two a round");
    assert_eq!(allowance("setting zones_per_round 3\nfull-move\n"), 3);
    let mut h = run(ANN_TURN);
    let s = h.state();
    let id = s.combatant_named("Ann").unwrap().id;
    let gate = s.zone_named("Gate").unwrap().id;
    let mut dice = crate::dice::SeededDice::new(1, 0);
    let e = h.execute(Command::Move { id, to: Some(gate) }, &mut dice).unwrap_err().to_string();
    assert!(e.contains("may move 1 more zone"), "{e}");
}

#[test]
fn morale_is_due_for_a_group_at_half_and_a_loner_at_half_health() {
    // Two orcs, one dead: half the group.
    let h = run("condition \"Orc 1\" +dead\nholder P\nnext\nfirst P\npass P\npass F\n");
    let due = morale::due(h.state());
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].ids.len(), 1);
    // Both standing: nothing due.
    let h = run("holder P\nnext\nfirst P\npass P\npass F\n");
    assert!(morale::due(h.state()).is_empty());
    // A lone skeleton at half health is fearless: nothing due; a lone orc would check.
    let lone = |block: &str| {
        let text = format!(
            "system murdham\nside P party\nside F\nzone Hall\nadd Ann side P zone Hall block {ANN}\n\
             add Lone side F zone Hall block {block}\ntrack Lone health =4\n\
             holder P\nnext\nfirst P\npass P\npass F\n"
        );
        let h = crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"));
        morale::due(h.state()).len()
    };
    assert_eq!(lone(BONES), 0);
    assert_eq!(lone(r#"{"stats": {"str": 8, "agi": 8, "wit": 7}}"#), 1);
}

#[test]
fn script_mistakes_are_named() {
    let h = run("");
    let err = |line: &str| {
        let words: Vec<String> = line.split(' ').map(str::to_owned).collect();
        script::command(h.state(), &words[0], &words[1..]).unwrap_err()
    };
    assert!(err("attack Ann Orc").contains("no combatant called 'Orc'"));
    assert!(err("attack Ann Ann with Axe").contains("no weapon called 'Axe'"));
    assert!(err("react Ann parry").contains("not none, dodge, counter"));
    assert!(err("give-up Ann flee").contains("not surrender or retreat"));
    assert!(err("attack Ann Ann sideways").contains("is not held-back"));
    let ok = script::command(h.state(), "holder", &["roll".into()]).unwrap();
    assert!(matches!(
        <super::Murdham as crate::system::Owned>::own_ref(&ok),
        Some(super::MurdhamCommand::Holder { side: None })
    ));
}

#[test]
fn a_counter_lands_in_order_of_damage_and_a_tie_lands_together() {
    // The club's die is rolled first, then the sword's.
    let fight = |club: u32, sword: u32| {
        run(&format!(
            "{ANN_TURN}attack Ann \"Orc 1\"\nreact \"Orc 1\" counter table {club} | {sword}\n"
        ))
    };
    // Sword 5 on the orc, club 2 − 1 armour on Ann: the orc is hit first, incapacitated
    // (5 of 9), and drops before striking back.
    let h = fight(2, 5);
    assert!(is(&h, "Orc 1", "incapacitated"));
    assert_eq!((health(&h, "Ann"), health(&h, "Orc 1")), (12, 4));
    // Club 5 − 1 on Ann, sword 1 on the orc: Ann first, she stands, her blow lands.
    let h = fight(5, 1);
    assert_eq!((health(&h, "Ann"), health(&h, "Orc 1")), (8, 8));
    // 3 − 1 = 2 each way: together.
    let h = fight(3, 2);
    assert_eq!((health(&h, "Ann"), health(&h, "Orc 1")), (10, 7));
}

#[test]
fn a_missed_ranged_blast_lands_in_a_neighbouring_zone_by_the_die() {
    let flask = r#"{"stats": {"str": 10, "agi": 10, "wit": 5}, "weapons": [{"name": "Flask", "die": 6, "range": 4, "blast": true}]}"#;
    // Yard has two neighbours: 1 Hall, 2 Gate. A shot on the move misses on 9 > WIT 5 and
    // the d2 says 2: the Gate, where Orc 2 stands.
    let h = run(&format!(
        "add Alch side P zone Hall block {flask}\nmove \"Orc 2\" Gate\nholder P\nnext\nfirst P\n\
         activate Alch\nattack Alch zone Yard moving table 9 | 2\n\
         react \"Orc 2\" none table 4\n"
    ));
    let s = h.state();
    let (yard, gate) = (s.zone_named("Yard").unwrap().id, s.zone_named("Gate").unwrap().id);
    assert_eq!(s.murdham().deviation, Some((yard, gate)));
    assert_eq!(health(&h, "Orc 2"), 5);
    assert_eq!(health(&h, "Orc 1"), 9);
}

/// What the schema finds wrong with a block, as the GM reads it.
fn problems(block: &serde_json::Value) -> Vec<String> {
    super::schema::SCHEMA.check(block, false).iter().map(ToString::to_string).collect()
}

/// What [`crate::system::validate_block`] finds wrong with an entry named Orc.
fn refusals(block: &serde_json::Value, character: bool) -> Vec<String> {
    crate::system::validate_block(&super::Murdham, "Orc", block, character)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_schema_takes_a_good_block_and_names_the_bad_field() {
    for text in [ANN, ORC, HELM, BONES] {
        let block: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(refusals(&block, false), Vec::<String>::new(), "{text}");
        assert_eq!(refusals(&block, true), Vec::<String>::new(), "{text}");
    }
    let mut bad: serde_json::Value = serde_json::from_str(ANN).unwrap();
    bad["stats"]["agi"] = serde_json::json!(20);
    bad["armour"]["value"] = serde_json::json!(7);
    bad["shield"] = serde_json::json!({"name": "Buckler", "robust": "yes"});
    bad["weapons"][1]["die"] = serde_json::json!(5);
    bad["weapons"][2]["range"] = serde_json::json!(0);
    bad["morale_immune"] = serde_json::json!(1);
    assert_eq!(
        problems(&bad),
        [
            "field 'stats.agi' (AGI): must be between 1 and 19, not 20",
            "field 'morale_immune' (No morale): must be true or false, not a number",
            "field 'armour.value' (Armour value): must be between 0 and 5, not 7",
            "field 'shield.robust' (Shield is robust): must be true or false, not text",
            "field 'weapons[1].die' (Damage die): must be one of 2, 3, 4, 6, 8, 10, 12, 20, not 5",
            "field 'weapons[2].range' (Range): must be between 1 and 20, not 0",
        ]
    );
    assert_eq!(
        problems(&serde_json::json!({"stats": {"str": 9}})),
        ["field 'stats.agi' (AGI): is required", "field 'stats.wit' (WIT): is required"]
    );
}

#[test]
fn check_block_refuses_what_only_the_reader_knows() {
    // Which keys go together: an indirect weapon shoots, armour has a name.
    let mortar = serde_json::json!({
        "stats": {"str": 9, "agi": 8, "wit": 7},
        "weapons": [{"name": "Mortar", "die": 6, "indirect": true}],
    });
    assert!(problems(&mortar).is_empty());
    assert_eq!(
        refusals(&mortar, false),
        ["Orc's stat block: weapons[0] (Mortar): an indirect weapon needs a range"]
    );
    let nameless =
        serde_json::json!({"stats": {"str": 9, "agi": 8, "wit": 7}, "armour": {"value": 1}});
    assert!(problems(&nameless).is_empty());
    let refused = refusals(&nameless, true);
    assert!(refused[0].starts_with("Orc's stat block: missing field `name`"), "{refused:?}");
    let typo = serde_json::json!({
        "stats": {"str": 9, "agi": 8, "wit": 7},
        "weapons": [{"name": "Club", "die": 6, "keyword": ["simple"]}],
    });
    assert!(refusals(&typo, false)[0].contains("unknown field `keyword`"));
}

#[test]
fn a_new_block_validates_once_named() {
    use super::schema::SCHEMA;
    for character in [false, true] {
        let block = SCHEMA.new_block(character);
        assert_eq!(block["stats"], serde_json::json!({"str": 10, "agi": 10, "wit": 10}));
        assert_eq!(refusals(&block, character), Vec::<String>::new(), "{block}");
    }
}

#[test]
fn the_schema_names_every_key_the_reader_reads() {
    use super::block::{AGI, ARMOUR, HEALTH, STR, WIT};
    use super::schema::SCHEMA;
    // Every field filled at once is a block the reader takes (weapons, armour and shield
    // refuse unknown keys, so a field the reader does not know fails here).
    let mut full = crate::systems::full_block(SCHEMA.fields_for(false));
    // A durability is text of a form ("12/4") that the filler's "x" is not.
    for piece in ["/weapons/0", "/armour", "/shield", "/gear/0"] {
        full.pointer_mut(piece).expect("the schema fills it")["durability"] = "12/4".into();
    }
    assert_eq!(refusals(&full, false), Vec::<String>::new(), "{full}");
    let stats = [STR, AGI, WIT, ARMOUR].map(|s| format!("stats.{s}"));
    let top = ["weapons", "gear", "helmet", "kind", "intelligence", "morale_immune", "armour.name"];
    for key in stats.into_iter().chain([format!("tracks.{HEALTH}")]).chain(top.map(String::from)) {
        assert!(SCHEMA.fields.iter().any(|f| f.key == key), "the schema has no {key:?}");
    }
    for item in ["armour", "shield"] {
        for key in ["name", "robust", "damaged", "durability"] {
            let key = format!("{item}.{key}");
            assert!(SCHEMA.fields.iter().any(|f| f.key == key), "the schema has no {key:?}");
        }
    }
}
