//! Stat blocks pasted as printed, one fixture per system (`tests/corpus/statblocks`): every
//! field read where it belongs, what is not read listed and kept in the notes.

use fray_data::exchange::{PastedBlock, read_stat_blocks};
use serde_json::{Value, json};

use crate::paste_fixture as fixture;

fn read(system: &str, name: &str) -> Vec<PastedBlock> {
    read_stat_blocks(name, &fixture(name), crate::sys(system))
        .unwrap_or_else(|e| panic!("{e:?}"))
        .blocks
}

fn field<'a>(b: &'a PastedBlock, key: &str) -> &'a Value {
    fray_app::system::schema::get(&b.entry.block, key).unwrap_or(&Value::Null)
}

#[test]
fn bdp_reads_cairn_bestiary_lines() {
    fray_app::systems::registry();
    let blocks = read("bdp", "bdp-cairn-form.txt");
    let names: Vec<&str> = blocks.iter().map(|b| b.entry.name.as_str()).collect();
    assert_eq!(names, ["Ogre", "Wolf", "Bandit archer", "Cave bear"]);
    let ogre = &blocks[0];
    assert_eq!(ogre.at, "block 1, line 1");
    assert_eq!(ogre.entry.uid, "paste:bdp/ogre");
    assert_eq!(
        (field(ogre, "tracks.hp"), field(ogre, "stats.armor"), field(ogre, "tracks.str")),
        (&json!(13), &json!(1), &json!(16))
    );
    assert_eq!((field(ogre, "tracks.dex"), field(ogre, "tracks.wil")), (&json!(6), &json!(8)));
    // Dice added alone are as many attacks, as Cairn's books print them ("two daggers
    // (d6+d6)").
    assert_eq!(
        field(ogre, "weapons"),
        &json!([{"name": "Club", "die": 10}, {"name": "Club", "die": 10}])
    );
    assert!(ogre.unread.is_empty(), "{:?}", ogre.unread);
    let archer = &blocks[2];
    assert_eq!(
        field(archer, "weapons"),
        &json!([{"name": "Shortbow", "die": 6, "ranged": true}, {"name": "Dagger", "die": 4}])
    );
    let bear = &blocks[3];
    assert_eq!(field(bear, "weapons"), &json!([{"name": "Claws", "die": 8, "tags": ["Sweep"]}]));
    // Nothing pasted is lost: what no field takes is listed and kept in the notes.
    assert_eq!(bear.unread, ["smells honey from a mile"]);
    assert_eq!(field(bear, "notes"), &json!("Pasted, not read: smells honey from a mile"));
}

#[test]
fn murdham_reads_its_lines_and_paragraphs() {
    fray_app::systems::registry();
    let blocks = read("murdham", "murdham-form.txt");
    assert_eq!(blocks.len(), 2);
    let orc = &blocks[0];
    assert_eq!(orc.entry.name, "Orc raider");
    assert_eq!(
        (field(orc, "stats.str"), field(orc, "stats.agi"), field(orc, "stats.wit")),
        (&json!(9), &json!(8), &json!(6))
    );
    assert_eq!(field(orc, "armour.value"), &json!(1));
    assert_eq!(
        field(orc, "weapons"),
        &json!([{"name": "Spear", "die": 8}, {"name": "Shortbow", "die": 6}])
    );
    let rat = &blocks[1];
    assert_eq!(field(rat, "weapons"), &json!([{"name": "Bite", "die": 4}]));
    assert_eq!(rat.unread, ["Flees when alone"]);
}

#[test]
fn d12_reads_hit_dice_and_attack_dice() {
    fray_app::systems::registry();
    let blocks = read("d12", "d12-form.txt");
    let bugbear = &blocks[0];
    assert_eq!(field(bugbear, "hd"), &json!("3d8"));
    assert_eq!(field(bugbear, "stats.armour"), &json!(4));
    assert_eq!(field(bugbear, "stats.speed"), &json!(30));
    assert_eq!(
        field(bugbear, "attacks"),
        &json!([
            {"name": "Morningstar", "damage": "2d4", "types": ["piercing"]},
            {"name": "Javelin", "damage": "d6"}
        ])
    );
    assert!(bugbear.unread.is_empty(), "{:?}", bugbear.unread);
}

#[test]
fn dr12_reads_creature_attacks() {
    fray_app::systems::registry();
    let blocks = read("dr12", "dr12-form.txt");
    assert_eq!(field(&blocks[0], "tracks.hp"), &json!(6));
    assert_eq!(field(&blocks[0], "stats.armor"), &json!(1));
    assert_eq!(field(&blocks[0], "attacks"), &json!([{"name": "Dagger", "die": 4}]));
    assert_eq!(field(&blocks[1], "attacks"), &json!([{"name": "Bite", "die": 6}]));
}

#[test]
fn sovereign_reads_srd_stat_blocks() {
    fray_app::systems::registry();
    let blocks = read("sovereign", "srd-5.1.txt");
    let names: Vec<&str> = blocks.iter().map(|b| b.entry.name.as_str()).collect();
    assert_eq!(names, ["Ogre", "Goblin"]);
    let ogre = &blocks[0];
    assert_eq!(field(ogre, "stats.ac"), &json!(11));
    assert_eq!(field(ogre, "tracks.hp"), &json!(59));
    assert_eq!(field(ogre, "stats.move"), &json!(40));
    assert_eq!(
        field(ogre, "attacks"),
        &json!([
            {"name": "Greatclub", "dmg": "2d8+4", "traits": ["bludgeoning"]},
            // "Melee or Ranged ... reach 5 ft. or range 30/120 ft.": in hand, and thrown.
            {"name": "Javelin", "dmg": "2d6+4", "traits": ["piercing"]},
            {"name": "Javelin", "dmg": "2d6+4", "traits": ["piercing"], "thrown": true,
             "range": 30, "long_range": 120}
        ])
    );
    // "Ranged Weapon Attack: +4 to hit, range 80/320 ft.": the Goblin's shortbow shoots.
    assert_eq!(
        field(&blocks[1], "attacks")[1],
        json!({"name": "Shortbow", "dmg": "d6+2", "traits": ["piercing"], "range": 80,
               "long_range": 320})
    );
    // The abilities and senses have no field on a Sovereign creature: listed, kept in notes.
    assert!(ogre.unread.iter().any(|u| u.starts_with("STR 19")), "{:?}", ogre.unread);
    assert!(field(ogre, "notes").as_str().unwrap().contains("passive Perception 8"));
    assert_eq!(field(&blocks[1], "tracks.hp"), &json!(7));
    // "+6 to hit": the attack bonus.
    assert_eq!(field(ogre, "stats.atk"), &json!(6));
    assert_eq!(field(&blocks[1], "stats.atk"), &json!(4));
}

#[test]
fn a_value_past_its_field_is_refused_by_name_and_a_trait_never_overwrites_a_stat() {
    fray_app::systems::registry();
    let text = fixture("srd-5.1-edge-cases.txt");
    // The Tarrasque's 676 HP is past Sovereign's 500: it is left out, naming the creature and
    // the field, nothing becomes an attack called "Hit Points", and the Ettercap comes in.
    let read = read_stat_blocks("srd.txt", &text, crate::sys("sovereign")).unwrap();
    let left_out: Vec<String> = read.left_out.iter().map(ToString::to_string).collect();
    assert_eq!(
        left_out,
        ["srd.txt, block 1, line 1 (Tarrasque), field 'HP': 'Hit Points 676 (33d20 + 330)': \
          must be between 1 and 500, not 676"]
    );
    // Alone, it is the paste refused: nothing reads.
    let tarrasque = text.split("\n\n").next().unwrap();
    let err = read_stat_blocks("srd.txt", tarrasque, crate::sys("sovereign")).unwrap_err();
    assert_eq!(format!("{err}"), left_out[0]);
    // The Ettercap: its HP stays 44 whatever its web's "5 hit points" says; the web, with no
    // damage dice, is no attack.
    assert_eq!(read.blocks.len(), 1);
    let e = &read.blocks[0];
    assert_eq!(field(e, "tracks.hp"), &json!(44));
    assert_eq!(field(e, "stats.atk"), &json!(4));
    let attacks: Vec<&str> = field(e, "attacks")
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(attacks, ["Bite"]);
    assert!(e.unread.iter().any(|u| u.contains("5 hit points")), "{:?}", e.unread);
}

#[test]
fn what_cannot_be_read_is_refused_with_its_place() {
    fray_app::systems::registry();
    let err = read_stat_blocks("paste", "   \n\n", crate::sys("bdp")).unwrap_err();
    assert!(format!("{err:?}").contains("holds no stat block"));
    let long = format!("{}: 3 HP", "x".repeat(200));
    let err = read_stat_blocks("paste", &long, crate::sys("bdp")).unwrap_err();
    assert!(format!("{err:?}").contains("block 1, line 1"), "{err:?}");
}

#[test]
fn a_name_the_library_has_is_flagged_and_settled_as_chosen() {
    use fray_data::exchange::{self, OnClash, clashes, pasted_file};
    let (_dir, db) = crate::db();
    let before = exchange::export(&db, &exchange::Selection::All).unwrap();
    let orc =
        before.creatures.iter().find(|c| c.system == "bdp" && c.name == "Orc warrior").unwrap();
    let text = "ORC WARRIOR: 9 HP, 15 STR\nCave rat: 2 HP, bite (d4)\n";
    let blocks = read_stat_blocks("paste", text, crate::sys("bdp")).unwrap().blocks;
    let found = clashes(&db, &blocks).unwrap();
    assert_eq!(found[0].as_ref().map(|c| c.uid.as_str()), Some(orc.uid.as_str()));
    assert!(found[1].is_none());

    // Skip: only the rat comes in.
    let file = pasted_file(&blocks, &found, |_| OnClash::Skip);
    assert_eq!(file.creatures.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Cave rat"]);

    // Update: the library's orc takes the HP and STR read, and keeps its weapons.
    let file = pasted_file(&blocks, &found, |_| OnClash::Update);
    let preview = exchange::preview(&db, &file).unwrap();
    assert_eq!(preview.counts(), "1 new, 1 changed, 0 the same");
    exchange::apply(&db, "test file", &file).unwrap();
    let after = exchange::export(&db, &exchange::Selection::All).unwrap();
    let updated = after.creatures.iter().find(|c| c.uid == orc.uid).unwrap();
    assert_eq!(field_of(&updated.block, "tracks.hp"), &json!(9));
    assert_eq!(field_of(&updated.block, "tracks.str"), &json!(15));
    assert_eq!(field_of(&updated.block, "weapons"), field_of(&orc.block, "weapons"));
    assert_eq!(after.creatures.len(), before.creatures.len() + 1);

    // Keep both: a second orc beside the first, never silently.
    let file = pasted_file(&blocks, &found, |_| OnClash::KeepBoth);
    exchange::apply(&db, "test file", &file).unwrap();
    let again = exchange::export(&db, &exchange::Selection::All).unwrap();
    let orcs =
        again.creatures.iter().filter(|c| c.name.eq_ignore_ascii_case("orc warrior")).count();
    assert_eq!(orcs, 2);
}

fn field_of<'a>(block: &'a Value, key: &str) -> &'a Value {
    fray_app::system::schema::get(block, key).unwrap_or(&Value::Null)
}

#[test]
fn the_cairn_bestiary_reads_as_its_markdown_prints_it() {
    fray_app::systems::registry();
    let blocks = read("bdp", "cairn-bestiary.md");
    let names: Vec<&str> = blocks.iter().map(|b| b.entry.name.as_str()).collect();
    assert_eq!(names, ["Acolyte", "Ankheg", "Ape, White", "Bandit", "Banshee", "Basilisk"]);
    let acolyte = &blocks[0];
    assert_eq!(
        (field(acolyte, "tracks.hp"), field(acolyte, "stats.armor"), field(acolyte, "tracks.wil")),
        (&json!(4), &json!(1), &json!(14))
    );
    // Two weapons to choose from, the second wrapped onto the next line.
    assert_eq!(
        field(acolyte, "weapons"),
        &json!([{"name": "Mace", "die": 8}, {"name": "Ceremonial dagger", "die": 6}])
    );
    assert_eq!(acolyte.unread, ["Holy Symbol (Ward once per day)"]);
    let ankheg = &blocks[1];
    assert_eq!(
        field(ankheg, "weapons"),
        &json!([{"name": "Bite", "die": 10}, {"name": "Acid squirt", "die": 8, "blast": true}])
    );
    // "claws (d6+d6)": two attacks of a d6.
    let ape = &blocks[2];
    assert_eq!(
        field(ape, "weapons"),
        &json!([
            {"name": "Claws", "die": 6},
            {"name": "Claws", "die": 6},
            {"name": "Rocks", "die": 6, "blast": true}
        ])
    );
    for b in &blocks[1..] {
        assert!(b.unread.is_empty(), "{}: {:?}", b.entry.name, b.unread);
    }
    assert_eq!(field(&blocks[5], "tracks.hp"), &json!(10));
}

/// Every weapon of a long list comes in, in order, once, up to the cap of a block (the list
/// is set once at the end of the block; `benches/exchange.rs` times 50 against 500).
#[test]
fn a_long_list_of_weapons_reads_every_one_in_order() {
    fray_app::systems::registry();
    // HP and STR are two of the block's values.
    let n = fray_data::exchange::MAX_BLOCK_PIECES - 2;
    let names: Vec<String> = (0..n).map(|i| format!("club{i} d4")).collect();
    let text = format!("Hoarder\nHP 4, STR 10, {}", names.join(", "));
    let blocks = read_stat_blocks("hoard.txt", &text, crate::sys("bdp")).unwrap().blocks;
    let weapons = field(&blocks[0], "weapons").as_array().unwrap();
    assert_eq!(weapons.len(), n);
    assert_eq!(
        (&weapons[0]["name"], &weapons[n - 1]["name"]),
        (&json!("Club0"), &json!(format!("Club{}", n - 1)))
    );
    assert!(weapons.iter().all(|w| w["die"] == 4));
}

/// One more value than a block takes is refused, naming the block; so is a block of 9 MB of
/// weapons, at once (it took 25 s and 3.7 GB), and both within a second.
#[test]
fn a_block_past_its_cap_is_refused_by_name() {
    fray_app::systems::registry();
    let n = fray_data::exchange::MAX_BLOCK_PIECES - 1;
    let text = format!("Hoarder\nHP 4, STR 10, {}", vec!["club d4"; n].join(", "));
    let start = std::time::Instant::now();
    let refused = read_stat_blocks("hoard.txt", &text, crate::sys("bdp")).unwrap_err().to_string();
    assert!(refused.contains("Hoarder"), "{refused}");
    assert!(refused.contains("has 501 values (weapons, attacks, stats)"), "{refused}");
    let huge = format!("Hoarder\nHP 4, {}", vec!["club d4"; 1_000_000].join(", "));
    let refused = read_stat_blocks("hoard.txt", &huge, crate::sys("bdp")).unwrap_err().to_string();
    assert!(refused.contains("Hoarder") && refused.contains("bytes; a stat block"), "{refused}");
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}

/// The two old-school stat lines the issue quotes, as Sovereign creatures: WWN's (its Dmg is
/// the creature's attack, its Shock that attack's, Save 14+ the save) and OSE's (the bracketed
/// ascending AC and attack bonus, `Att 1 × weapon (1d6)` one weapon, `HD 1-1 (3hp)` one hit
/// die and 3 HP; the saves stay unread, in the notes, never guessed — "D14" is no die).
#[test]
fn sovereign_reads_wwn_and_ose_stat_lines() {
    fray_app::systems::registry();
    let text = "Bandit: HD 2, AC 13, Atk +2, Dmg 1d6, Shock 2/13, Move 30', ML 8, Inst 5, \
                Skill +1, Save 14+\n\n\
                Goblin: AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6), THAC0 19 [0], \
                MV 90' (30'), SV D14 W15 P16 B17 S18 (NH), ML 7\n";
    let blocks = read_stat_blocks("lines.txt", text, crate::sys("sovereign")).unwrap().blocks;
    let wwn = &blocks[0];
    assert_eq!(field(wwn, "stats.hd"), &json!(2));
    assert_eq!(field(wwn, "stats.ac"), &json!(13));
    assert_eq!(field(wwn, "stats.atk"), &json!(2));
    assert_eq!(field(wwn, "stats.move"), &json!(30));
    assert_eq!(field(wwn, "stats.morale"), &json!(8));
    assert_eq!(field(wwn, "stats.skill"), &json!(1));
    assert_eq!(field(wwn, "stats.save"), &json!(14));
    assert_eq!(
        field(wwn, "attacks"),
        &json!([{"name": "Attack", "dmg": "d6", "shock": {"dmg": 2, "max_ac": 13}}])
    );
    assert_eq!(wwn.unread, ["Inst 5"]);
    let ose = &blocks[1];
    assert_eq!(field(ose, "stats.ac"), &json!(13));
    assert_eq!(field(ose, "stats.atk"), &json!(0));
    assert_eq!(field(ose, "stats.morale"), &json!(7));
    assert_eq!(field(ose, "stats.move"), &json!(30), "MV 90' (30'): the rate per round");
    assert_eq!(field(ose, "attacks"), &json!([{"name": "Weapon", "dmg": "d6"}]));
    assert_eq!((field(ose, "stats.hd"), field(ose, "tracks.hp")), (&json!(1), &json!(3)));
    let saves = "SV D14 W15 P16 B17 S18 (NH)";
    assert!(ose.unread.iter().any(|u| u == saves), "{:?}", ose.unread);
}
