//! Hostile files for the other tools' readers (round three), each made here by a generator:
//! nesting past any creature's, alias bombs, keys given twice, numbers JSON cannot hold,
//! blocks of a hundred thousand weapons, keys of a megabyte. Every one is refused naming the
//! file, the entry and the field, in time that grows with the file, and never read again by
//! another reader that would store its keys as creatures.

use fray_data::exchange::{Format, MAX_BLOCK_PIECES, parse_library, read_foreign, sniff};
use std::time::{Duration, Instant};

/// Runs `f`, checking it took less than `limit` (generous: debug builds on a busy machine).
fn within<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    assert!(start.elapsed() < limit, "took {:?}", start.elapsed());
    out
}

/// A Fantasy Statblocks creature nested `depth` deep in block style (`- - - …`, a list in a
/// list: two bytes a level).
pub fn deep_block(depth: usize) -> String {
    format!("name: Deep\nhp: 7\ntraits:\n  {}x\n", "- ".repeat(depth))
}

/// A creature whose `ac` is a flow list nested `depth` deep (and its HP, a stat that reads: a
/// creature with none is refused for that).
pub fn deep_flow(depth: usize) -> String {
    format!("name: Deep\nhp: 7\nac: {}{}\n", "[".repeat(depth), "]".repeat(depth))
}

/// A YAML alias bomb: nine aliases a level over `levels` levels (9^levels copies), its keys
/// `a`, `b`, … as a creature's would be.
pub fn alias_bomb(levels: usize) -> String {
    let key = |i: usize| char::from(b'a' + u8::try_from(i).unwrap()).to_string();
    let mut text =
        format!("{}: &{} [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n", key(0), key(0));
    for i in 1..=levels {
        let items = vec![format!("*{}", key(i - 1)); 9].join(",");
        text += &format!("{}: &{} [{items}]\n", key(i), key(i));
    }
    text
}

#[test]
fn yaml_nested_past_128_is_refused_by_name_in_linear_time() {
    fray_app::systems::registry();
    for text in [deep_block(100_000), deep_flow(100_000), deep_block(3_000), deep_flow(3_000)] {
        let refused = within(Duration::from_secs(3), || {
            assert_eq!(sniff(&text), Format::FantasyStatblocks, "never read as printed blocks");
            read_foreign("deep.yaml", &text, crate::sys("bdp")).unwrap_err().to_string()
        });
        assert!(refused.starts_with("deep.yaml nests deeper than 128 levels (line "), "{refused}");
    }
    // 127 levels of flow under a key still read (the key's mapping is the 128th).
    let text = deep_flow(120);
    assert!(
        read_foreign("ok.yaml", &text, crate::sys("bdp")).is_ok(),
        "a depth within the limit reads"
    );
}

#[test]
fn an_alias_bomb_is_refused_never_read_as_stat_blocks() {
    fray_app::systems::registry();
    let text = alias_bomb(9);
    let refused = within(Duration::from_secs(3), || {
        assert_eq!(sniff(&text), Format::FantasyStatblocks);
        read_foreign("bomb.yaml", &text, crate::sys("bdp")).unwrap_err().to_string()
    });
    assert!(refused.starts_with("bomb.yaml is not YAML Fray reads: "), "{refused}");
    // YAML that starts as a creature and does not read is refused as YAML too.
    let broken = "name: Goblin\nhp: [7\nac: 15\ntraits: x\n";
    assert_eq!(sniff(broken), Format::FantasyStatblocks);
    let refused = read_foreign("broken.yaml", broken, crate::sys("bdp")).unwrap_err().to_string();
    assert!(refused.starts_with("broken.yaml is not YAML Fray reads: "), "{refused}");
}

#[test]
fn a_key_given_twice_is_refused_by_its_entry_in_every_reader() {
    fray_app::systems::registry();
    let cases = [
        (
            "ii.json",
            r#"[{"Name": "Orc", "HP": {"Value": 15}}, {"Name": "Ogre", "HP": {"Value": 59, "Value": 5}}]"#,
            "ii.json, [1] (Ogre), field 'HP': has the key 'Value' twice",
        ),
        (
            "srd.json",
            r#"[{"name": "Orc", "hit_points": 15, "hit_points": 150}]"#,
            "srd.json, [0] (Orc): has the key 'hit_points' twice",
        ),
        (
            "orcs.yaml",
            "- name: Orc\n  hp: 15\n- name: Ogre\n  hp: 59\n  hp: 5\n",
            "orcs.yaml, [1] (Ogre): has the key 'hp' twice",
        ),
    ];
    for (file, text, said) in cases {
        let refused = read_foreign(file, text, crate::sys("bdp")).unwrap_err().to_string();
        assert_eq!(refused, said);
    }
    // In a note's fence, that fence's creature is left out, said so; the file is refused when
    // it was the only one.
    let note = "```statblock\nname: Orc\nhp: 15\nhp: 1\n```\n";
    let refused = read_foreign("n.md", note, crate::sys("bdp")).unwrap_err().to_string();
    assert_eq!(refused, "n.md, creature 1: has the key 'hp' twice");
}

#[test]
fn a_number_json_cannot_hold_names_the_creature_and_the_field() {
    fray_app::systems::registry();
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let cases = [
        (
            r#"[{"Name": "Orc", "HP": {"Value": 1e400}}]"#,
            "x.json, [0] (Orc), field 'HP.Value': number out of range (line 1, column ",
        ),
        (
            r#"[{"name": "Orc", "hit_points": NaN}]"#,
            "x.json, [0] (Orc), field 'hit_points': expected value (line 1, column ",
        ),
    ];
    for (text, said) in cases {
        // Whatever reader gets it: the Fray one (a sniff cannot tell broken JSON's kind).
        let refused = parse_library("x.json", text).unwrap_err().to_string();
        assert!(refused.starts_with(said), "{refused}");
    }
    let actor = format!(r#"{{"name": "Troll", "type": "npc", "system": {{"hp": {deep}}}}}"#);
    let refused = parse_library("x.json", &actor).unwrap_err().to_string();
    assert!(refused.starts_with("x.json, 'Troll', field 'system.hp[0][0]"), "{refused}");
    assert!(refused.contains("recursion limit exceeded"), "{refused}");
}

#[test]
fn a_block_of_a_hundred_thousand_items_is_refused_by_its_name() {
    fray_app::systems::registry();
    let items: Vec<String> = (0..100_000)
        .map(|i| {
            format!(
                r#"{{"name": "Club {i}", "type": "item", "system": {{"damageFormula": "d4"}}}}"#
            )
        })
        .collect();
    let actor = format!(
        r#"{{"name": "Hoarder", "type": "npc", "system": {{"hp": {{"max": 4}}, "abilities": {{"STR": 10, "DEX": 10, "WIL": 10}}}}, "items": [{}]}}"#,
        items.join(",")
    );
    let refused = within(Duration::from_secs(20), || {
        read_foreign("hoard.json", &actor, crate::sys("bdp")).unwrap_err().to_string()
    });
    assert!(refused.contains("(Hoarder)"), "{refused}");
    assert!(
        refused.contains(&format!("a stat block takes at most {MAX_BLOCK_PIECES}")),
        "{refused}"
    );
    let actions: Vec<String> =
        (0..1_000).map(|i| format!("  - name: Trait {i}\n    desc: Does a thing.\n")).collect();
    let yaml = format!("name: Sage\nhp: 7\ntraits:\n{}", actions.concat());
    let refused = read_foreign("sage.yaml", &yaml, crate::sys("bdp")).unwrap_err().to_string();
    assert!(
        refused.contains("(Sage)") && refused.contains("traits, features or spells"),
        "{refused}"
    );
}

#[test]
fn an_unknown_key_of_a_megabyte_is_echoed_as_an_excerpt() {
    let key = "k".repeat(1_000_000);
    let text = format!("{{\"fray\": 1, \"{key}\": 1}}");
    let refused = parse_library("big.json", &text).unwrap_err().to_string();
    assert!(refused.len() < 600, "{} characters", refused.len());
    assert!(refused.contains("more characters)"), "{refused}");
}
