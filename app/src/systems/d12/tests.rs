//! Unit tests of the procedure's pieces; the golden scenarios in `tests/scenarios/d12-*.fray`
//! cover the checklist end to end with table dice.

use super::block::{self, stress_average};
use super::count::plan;
use super::declare::modifier;
use super::model::{Action, D12Command, Pending};
use super::script;
use crate::command::Command;
use crate::dice::Dice;

const ANN: &str = r#"{"stats": {"str": 12, "str mod": 1, "agi mod": 2, "defense bonus": 1, "armour": 1, "heal": 2}, "hd": "2d8", "attacks": [{"name": "Sword", "damage": "1d8", "types": ["slashing"], "speed": 5, "crit": 2, "bonus": 2}, {"name": "Club", "damage": "1d6", "types": ["blunt", "piercing"], "speed": 3, "crit": 4}], "spells": [{"name": "Spark", "tn": 13}]}"#;
const ORC: &str = r#"{"stats": {"str": 10, "str mod": 0, "agi mod": -1, "armour": 2}, "hd": "1d8", "attacks": [{"name": "Axe", "damage": "1d10", "types": ["chopping"], "speed": 7, "crit": 3}]}"#;

/// The state a short d12 script leaves (Ann of the party against two orcs).
fn run(body: &str) -> crate::History {
    let text = format!(
        "system d12\nside P party\nside F\nzone Hall\n\
         add Ann side P zone Hall block {ANN}\n\
         add Orc side F zone Hall count 2 source creature:7 block {ORC}\n{body}"
    );
    crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// The refusal a script's last line gets.
fn refused(body: &str, line: &str) -> String {
    let h = run(body);
    let mut h = h.clone();
    let words: Vec<String> = line.split(' ').map(str::to_owned).collect();
    let c = script::command(h.state(), &words[0], &words[1..]).unwrap();
    let mut dice = crate::dice::SeededDice::new(1, 0);
    h.execute(c.into(), &mut dice).unwrap_err().to_string()
}

#[test]
fn stress_is_worked_out_from_the_hit_dice_not_the_texts_41() {
    // The chapter's Leonin: 5d8 with a STR modifier of +3 averages 37.5.
    let hd = Dice::parse("5d8").unwrap();
    assert_eq!(stress_average(&hd, 3), 37.5);
    assert_eq!(block::stress_dice(&hd, 3).to_string(), "5d8+15");
    let h = run("");
    let ann = h.state().combatant_named("Ann").unwrap();
    // 2d8 + 2 × 1 = 11 on average; Wound Points are the STR score.
    assert_eq!(ann.track("stress").map(|t| (t.value, t.max)), Some((11, 11)));
    assert_eq!(ann.track("wp").map(|t| (t.value, t.max)), Some((12, 12)));
    assert_eq!(ann.stat("hd"), Some(2));
}

#[test]
fn a_block_without_a_str_score_is_refused_by_name() {
    let e = crate::systems::run_script(
        "t.fray",
        "system d12\nside P\nadd Wisp side P block {\"hd\": \"1d8\"}\n",
    )
    .unwrap_err();
    assert!(e.message.contains("Wisp: the stat block needs a STR score"), "{e}");
    let e = crate::systems::run_script(
        "t.fray",
        "system d12\nside P\nadd Odd side P stat str=9 block {\"attacks\": [{\"name\": \"Bite\"}]}\n",
    )
    .unwrap_err();
    assert!(e.message.contains("Odd's stat block") && e.message.contains("damage"), "{e}");
}

#[test]
fn each_action_has_its_modifier() {
    let h = run("");
    let ann = h.state().combatant_named("Ann").unwrap();
    let orc = h.state().combatant_named("Orc 1").unwrap().id;
    let m = |a: Action| modifier(ann, &a).unwrap();
    assert_eq!(m(Action::Attack { target: orc, weapon: 0 }), 5);
    assert_eq!(m(Action::Attack { target: orc, weapon: 1 }), 3);
    assert_eq!(m(Action::DefensiveAttack { target: Some(orc), weapon: Some(0) }), 6);
    assert_eq!(m(Action::DefensiveAttack { target: None, weapon: None }), 1);
    assert_eq!(m(Action::Spell { name: "Spark".into(), tn: 13, target: None }), 3);
    assert_eq!(m(Action::Consumable { modifier: None }), 6);
    assert_eq!(m(Action::Consumable { modifier: Some(2) }), 2);
    assert_eq!(m(Action::Throw { target: None, modifier: None }), 2);
    assert_eq!(m(Action::FullDefense), -1);
    assert_eq!(m(Action::Other { text: "runs".into(), modifier: 4 }), 4);
    assert!(modifier(ann, &Action::Attack { target: orc, weapon: 5 }).is_err());
}

#[test]
fn base_initiative_subtracts_the_agility_modifier_and_a_group_shares_one_roll() {
    let h = run("initiative Ann table 7\ninitiative \"Orc 1\" \"Orc 2\" table 4");
    let s = &h.state().d12();
    let id = |n: &str| h.state().combatant_named(n).unwrap().id;
    // AGI +2 rolls d12−2; AGI −1 rolls d12+1.
    assert_eq!(s.base[&id("Ann")], 5);
    assert_eq!(s.base[&id("Orc 1")], 5);
    assert_eq!(s.base[&id("Orc 2")], 5);
    let rolls: Vec<String> =
        h.events().iter().flat_map(|e| e.rolls()).map(|r| r.dice.to_string()).collect();
    assert_eq!(rolls, ["d12-2", "d12+1"], "one roll for the two orcs");
    assert_eq!(super::initiative::formula(h.state(), id("Ann")), "1d12−2");
    // Once per fight.
    assert_eq!(
        refused("initiative Ann table 7", "initiative Ann"),
        "Ann has its base initiative for this fight already"
    );
}

#[test]
fn different_agility_cannot_share_a_roll() {
    let h = run("");
    let mut h = h.clone();
    let id = |n: &str| h.state().combatant_named(n).unwrap().id;
    let (ann, orc) = (id("Ann"), id("Orc 1"));
    let mut dice = crate::dice::SeededDice::new(1, 0);
    let e =
        h.execute(D12Command::Initiative { ids: vec![ann, orc] }.into(), &mut dice).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Ann and Orc 1 have different AGI modifiers: they cannot share a roll"
    );
}

#[test]
fn equal_counts_share_one_place_lowest_first() {
    let h = run("initiative Ann table 7\ninitiative \"Orc 1\" \"Orc 2\" table 1\nnext\n\
         declare Ann attack \"Orc 1\"\ndeclare \"Orc 1\" attack Ann\ndeclare \"Orc 2\" consumable 4\nnext");
    let enc = h.state();
    // Ann 5 + 5 = 10; Orc 1 2 + 7 = 9; Orc 2 2 + 4 = 6.
    let counts: Vec<(Option<i64>, usize)> =
        enc.order.iter().map(|e| (e.count, e.combatants.len())).collect();
    assert_eq!(counts, [(Some(6), 1), (Some(9), 1), (Some(10), 1)]);
    assert_eq!(enc.acting(), [enc.combatant_named("Orc 2").unwrap().id]);
    let h = run("initiative Ann table 7\ninitiative \"Orc 1\" \"Orc 2\" table 4\nnext\n\
         declare Ann attack \"Orc 1\"\ndeclare \"Orc 1\" attack Ann with 1\ndeclare \"Orc 2\" other wait 5\nnext");
    // Ann 10, Orc 1 5 + 7 = 12, Orc 2 5 + 5 = 10: Ann and Orc 2 act together.
    let order = plan(h.state());
    assert_eq!(order[0].count, Some(10));
    assert_eq!(order[0].combatants.len(), 2);
}

#[test]
fn a_critical_skips_stress_and_multiplies_before_armour() {
    let h = run("initiative Ann table 12\ninitiative \"Orc 1\" \"Orc 2\" table 1\nnext\n\
         declare Ann attack \"Orc 1\"\ndeclare \"Orc 1\" full-defense\ndeclare \"Orc 2\" full-defense\nnext\n\
         pass \"Orc 1\"\npass \"Orc 2\"\nnext\n\
         attack Ann \"Orc 1\" table 20\ncritical table 4 | 99");
    let orc = h.state().combatant_named("Orc 1").unwrap();
    // Orc on full defense: Defense 10 − 1 + 4 = 13; 20 + 2 hits. 4 × 2 − 2 Armour = 6.
    assert_eq!(orc.track("wp").unwrap().value, 4);
    assert_eq!(orc.track("stress").unwrap().value, orc.track("stress").unwrap().max);
    let w = &h.state().d12().wounds[&orc.id];
    assert_eq!((w[0].amount, w[0].critical, w[0].damage_type.as_str()), (6, true, "slashing"));
    // More than half of 10 in one hit: morale is due at the end of the round.
    assert!(h.state().d12().big_hits.contains(&orc.id));
    // A full-defense target may riposte once the hit is settled.
    assert!(matches!(h.state().d12().pending.first(), Some(Pending::Riposte { .. })));
}

#[test]
fn an_ordinary_hit_spends_stress_first() {
    let h = run("initiative Ann table 12\ninitiative \"Orc 1\" \"Orc 2\" table 1\nnext\n\
         declare Ann attack \"Orc 1\"\ndeclare \"Orc 1\" attack Ann\ndeclare \"Orc 2\" attack Ann\nnext\n\
         next\nattack Ann \"Orc 1\" table 9\ndamage table 8");
    let orc = h.state().combatant_named("Orc 1").unwrap();
    // Stress 4 (1d8 averages 4.5), 8 − 2 Armour = 6: 4 from Stress, 2 to the Wound Points.
    assert_eq!(orc.track("stress").unwrap().value, 0);
    assert_eq!(orc.track("wp").unwrap().value, 8);
    assert_eq!(h.state().d12().wounds[&orc.id][0].amount, 2);
}

#[test]
fn declaring_needs_initiative_and_is_fixed_once_counting_starts() {
    let e = refused(
        "initiative Ann table 7\ninitiative \"Orc 1\" \"Orc 2\" table 1",
        "declare Ann full-defense",
    );
    assert_eq!(e, "the fight has not started: press Next");
    let h =
        run("initiative Ann table 7\ninitiative \"Orc 1\" \"Orc 2\" table 1\nsurprise Ann\nnext");
    let ann = h.state().combatant_named("Ann").unwrap().id;
    let mut h2 = h.clone();
    let mut dice = crate::dice::SeededDice::new(1, 0);
    let e = h2
        .execute(D12Command::Declare { id: ann, action: Action::FullDefense }.into(), &mut dice)
        .unwrap_err();
    assert_eq!(e.to_string(), "Ann is surprised: no action this round");
}

#[test]
fn script_lines_name_their_mistakes() {
    let h = run("");
    let enc = h.state();
    let words = |line: &str| line.split(' ').map(str::to_owned).collect::<Vec<_>>();
    let e = script::command(enc, "declare", &words("Ann attack Ann with bow")).unwrap_err();
    assert_eq!(e, "Ann has no attack called 'bow'");
    let e = script::command(enc, "declare", &words("Ann dance")).unwrap_err();
    assert!(e.starts_with("'dance' is not attack"), "{e}");
    let e = script::command(enc, "declare", &words("Ann spell Fireball")).unwrap_err();
    assert_eq!(e, "Ann has no spell called 'Fireball': give 'tn N'");
    let c = script::command(enc, "declare", &words("Ann spell Spark")).unwrap();
    assert!(matches!(c, D12Command::Declare { action: Action::Spell { tn: 13, .. }, .. }));
    let e = script::command(enc, "damage", &words("now")).unwrap_err();
    assert_eq!(e, "unexpected 'now'");
}

#[test]
fn the_system_is_registered_with_its_phases_and_setting() {
    let sys = crate::systems::registry().get("d12").expect("registered");
    let phases: Vec<&str> = sys.phases().iter().map(|p| p.id).collect();
    assert_eq!(phases, ["before", "declare", "resolve", "end"]);
    let spec = &sys.settings()[0];
    assert_eq!(spec.key, "declare_order");
    assert_eq!(spec.choices.len(), 3);
    assert!(sys.uses_tables());
    let mut h = run("");
    let mut dice = crate::dice::SeededDice::new(1, 0);
    let e = h
        .execute(
            Command::SetSetting { key: "declare_order".into(), value: "alphabetical".into() },
            &mut dice,
        )
        .unwrap_err();
    assert_eq!(e.to_string(), "setting 'declare_order' is one of round_robin, by_agility, hidden");
}

/// What the schema finds wrong with a block, as the GM reads it.
fn problems(block: &serde_json::Value, character: bool) -> Vec<String> {
    super::schema::SCHEMA.check(block, character).iter().map(ToString::to_string).collect()
}

/// What [`crate::system::validate_block`] finds wrong with an entry named Orc.
fn refusals(block: &serde_json::Value, character: bool) -> Vec<String> {
    crate::system::validate_block(&super::D12, "Orc", block, character)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_schema_takes_a_good_block_and_names_the_bad_field() {
    let ann: serde_json::Value = serde_json::from_str(ANN).unwrap();
    let orc: serde_json::Value = serde_json::from_str(ORC).unwrap();
    assert_eq!(refusals(&ann, true), Vec::<String>::new());
    assert_eq!(refusals(&orc, false), Vec::<String>::new());

    let mut bad = ann.clone();
    bad["stats"]["str mod"] = serde_json::json!("+1");
    bad["hd"] = serde_json::json!("2x8");
    bad["attacks"][1]["crit"] = serde_json::json!(5);
    bad["attacks"][1]["damage"] = serde_json::json!(6);
    bad["spells"][0] = serde_json::json!({"name": "Spark"});
    bad["tracks"] = serde_json::json!({"mana": {"value": 4, "max": 3}});
    let found = problems(&bad, true);
    assert_eq!(found.len(), 6, "{found:#?}");
    assert_eq!(found[0], "field 'stats.str mod' (STR mod): must be a whole number, not text");
    assert!(found[1].starts_with("field 'hd' (Hit Dice): "), "{}", found[1]);
    assert_eq!(
        found[2..],
        [
            "field 'attacks[1].damage' (Damage): must be dice like 2d6, not a number",
            "field 'attacks[1].crit' (Crit ×): must be one of 2, 3, 4, not 5",
            "field 'spells[0].tn' (TN): is required",
            "field 'tracks.mana' (Mana): value: must be at most 3, not 4",
        ]
    );
    // Mana is a character's: a creature's block is not checked for it.
    assert_eq!(problems(&bad, false).len(), 5);
    assert_eq!(problems(&serde_json::json!({}), false), ["field 'stats.str' (STR): is required"]);
}

#[test]
fn check_block_refuses_what_only_the_reader_knows() {
    let mut orc: serde_json::Value = serde_json::from_str(ORC).unwrap();
    // Hit Dice with no die give no Stress.
    orc["hd"] = serde_json::json!("5");
    assert!(problems(&orc, false).is_empty());
    assert_eq!(
        refusals(&orc, false),
        ["Orc's stat block: hd is 5, which rolls no die; write dice such as 2d8"]
    );
    // An attack's unknown key fits no field.
    orc["hd"] = serde_json::json!("1d8");
    orc["attacks"][0]["dmg"] = serde_json::json!("1d6");
    assert!(problems(&orc, false).is_empty());
    let refused = refusals(&orc, false);
    assert!(refused[0].starts_with("Orc's stat block: unknown field `dmg`"), "{refused:?}");
}

#[test]
fn a_new_block_validates_once_named() {
    use super::schema::SCHEMA;
    for character in [false, true] {
        let block = SCHEMA.new_block(character);
        assert_eq!(refusals(&block, character), Vec::<String>::new(), "{block}");
        // Added to a fight, it has Wound Points and Stress.
        let new = block::complete(crate::systems::combatant_of("New", &block)).unwrap();
        let tracks: Vec<&str> = new.tracks.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(tracks, ["stress", "wp"]);
    }
}

#[test]
fn the_schema_names_every_key_the_reader_reads() {
    use super::schema::SCHEMA;
    // Every field filled at once is a block the reader takes (attacks and spells refuse
    // unknown keys, so a field the reader does not know fails here).
    for character in [false, true] {
        let full = crate::systems::full_block(SCHEMA.fields_for(character));
        assert_eq!(refusals(&full, character), Vec::<String>::new(), "{full}");
    }
    let stats = [
        block::STR,
        block::STR_MOD,
        block::AGI_MOD,
        block::INS_MOD,
        block::HD,
        block::DEFENSE_BONUS,
        block::ARMOUR,
        block::HEAL,
        block::INTIMIDATE,
    ];
    let keys = stats
        .map(|s| format!("stats.{s}"))
        .into_iter()
        .chain([block::STRESS, block::WP, "mana"].map(|t| format!("tracks.{t}")));
    for key in keys.chain(["hd", "attacks", "spells"].map(String::from)) {
        assert!(SCHEMA.fields.iter().any(|f| f.key == key), "the schema has no {key:?}");
    }
}

/// Who may act at the count and who still has to declare are asked at every step of a
/// simulated fight, the quick way (no words; the roster and the declarations walked side by
/// side): at every state of played fights they answer as the rules written out plainly do.
#[test]
fn the_quick_questions_answer_as_the_plain_ones() {
    use super::count::{cannot_act_now, may_act_now};
    use super::declare::{cannot_declare, to_declare};
    let start = run("initiative Ann table 7\ninitiative \"Orc 1\" \"Orc 2\" table 1");
    let rules = crate::simulate::autoplay::Rules::default();
    let (mut states, mut acting, mut declaring) = (0, 0, 0);
    for seed in 0..6 {
        let (_, h) = crate::simulate::autoplay::play_journaled(
            &super::D12,
            &super::tactics::D12Tactics,
            start.state(),
            seed,
            &rules,
        );
        for n in 0..=h.events().len() {
            let enc = h.fold_to(n);
            states += 1;
            for c in enc.combatants.values() {
                assert_eq!(may_act_now(&enc, c.id), cannot_act_now(&enc, c.id).is_none());
                acting += usize::from(may_act_now(&enc, c.id));
            }
            let declared = &enc.d12().declared;
            let plain: Vec<_> = enc
                .combatants
                .values()
                .filter(|c| !declared.contains_key(&c.id) && cannot_declare(&enc, c).is_none())
                .map(|c| c.id)
                .collect();
            assert_eq!(to_declare(&enc), plain, "after {n} events of seed {seed}");
            declaring += plain.len();
        }
    }
    // The fights went through both questions' answers, not only one of them.
    assert!(states > 100 && acting > 0 && declaring > 0, "{states} {acting} {declaring}");
}

#[test]
fn the_tactics_call_a_hit_critical_only_on_a_natural_20() {
    use crate::simulate::policy::{Look, Tactics};
    use crate::system::Owned;
    // Ann's sword at Orc 1 on full defense (Defense 13): what the damage options are worth.
    let worths = |roll: u32| {
        let h = run(&format!(
            "initiative Ann table 12\ninitiative \"Orc 1\" \"Orc 2\" table 1\nnext\n\
             declare Ann attack \"Orc 1\"\ndeclare \"Orc 1\" full-defense\ndeclare \"Orc 2\" full-defense\nnext\n\
             pass \"Orc 1\"\npass \"Orc 2\"\nnext\n\
             attack Ann \"Orc 1\" table {roll}"
        ));
        let enc = h.state();
        let look = Look { refused: &[], stuck: false, taken: &[] };
        let mut out = Vec::new();
        for prompt in crate::system::waiting::choices(&super::D12, enc) {
            for option in &prompt.options {
                if let Some(D12Command::Damage { critical }) = super::D12::own_ref(&option.command)
                {
                    out.push((
                        *critical,
                        super::tactics::D12Tactics.worth(enc, &prompt, option, &look),
                    ));
                }
            }
        }
        out
    };
    assert_eq!(worths(20), [(false, Some(0)), (true, Some(1))], "a natural 20 is taken critical");
    // 19 + 2 hits Defense 13 as well, but no natural 20: the critical is never chosen.
    assert_eq!(worths(19), [(false, Some(0)), (true, None)]);
}
