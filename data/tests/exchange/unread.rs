//! What a reader cannot read is said, with the creature's name, never stored as the schema's
//! default in silence (issue 66, items 3 to 6 and 10): an attack in words Fray cannot read, a
//! default that stands, a block with no stat, a block refused among others, a page whose
//! heading has a comma, a sidebar's second attack and a misprinted die.

use fray_data::exchange::{Format, read_foreign, read_stat_blocks, sniff};
use serde_json::json;

/// An Improved Initiative stat block with `actions` (name, content).
fn improved_initiative(actions: &[(&str, &str)]) -> String {
    let actions: Vec<_> = actions.iter().map(|(n, c)| json!({"Name": n, "Content": c})).collect();
    json!([{"Name": "Hound", "HP": {"Value": 22}, "AC": {"Value": 13}, "Speed": ["40 ft."],
            "Actions": actions}])
    .to_string()
}

#[test]
fn an_attack_fray_cannot_read_is_said_and_the_default_bonus_too() {
    let text = improved_initiative(&[("Vicious bite", "+8 vs. AC: 18 damage")]);
    let got = read_foreign("hounds.json", &text, crate::sys("sovereign")).unwrap();
    let b = &got.blocks[0];
    assert_eq!(b.entry.name, "Hound");
    assert_eq!(b.unread, ["Vicious bite, an attack Fray cannot read: +8 vs. AC: 18 damage"]);
    assert!(b.entry.block["attacks"].is_null(), "no attack made up: {:?}", b.entry.block);
    assert!(
        b.warnings.contains(&"Attack bonus: none read; the default 1 stands".to_owned()),
        "{:?}",
        b.warnings
    );
    // Kept in the notes too, word for word.
    let notes = b.entry.block["notes"].as_str().unwrap();
    assert!(notes.contains("+8 vs. AC: 18 damage"), "{notes}");
}

#[test]
fn an_attack_with_a_full_stop_for_its_colon_reads_whole() {
    let text = improved_initiative(&[(
        "Claw",
        "Melee Weapon Attack. +6, reach 5 ft., one target. Hit. 7 (1d8 + 3) slashing damage.",
    )]);
    let got = read_foreign("hounds.json", &text, crate::sys("sovereign")).unwrap();
    let b = &got.blocks[0];
    assert_eq!(b.entry.block["stats"]["atk"], 6, "not the default 1");
    assert_eq!(b.entry.block["attacks"][0]["dmg"], "d8+3");
    assert!(b.unread.is_empty(), "{:?}", b.unread);
    assert!(!b.warnings.iter().any(|w| w.starts_with("Attack bonus")), "{:?}", b.warnings);
}

#[test]
fn a_statblock_fence_with_no_stat_is_left_out_by_name() {
    fray_app::systems::registry();
    let note = "# Notes\n\n```statblock\nFlight\n```\n\n```statblock\n> [!note]\n```\n\n\
                ```statblock\nname: Flight\ndesc: It flies when the moon is up.\n```\n\n\
                ```statblock\nname: Boss\nhp: 21\nac: 17\n```\n";
    assert_eq!(sniff(note), Format::FantasyStatblocks);
    let got = read_foreign("notes.md", note, crate::sys("sovereign")).unwrap();
    let names: Vec<&str> = got.blocks.iter().map(|b| b.entry.name.as_str()).collect();
    assert_eq!(names, ["Boss"], "nothing stored with HP 8 and AC 10 made up");
    let left_out: Vec<String> = got.left_out.iter().map(ToString::to_string).collect();
    assert_eq!(left_out.len(), 3, "{left_out:#?}");
    assert_eq!(
        left_out[2],
        "notes.md, creature 3 (Flight): has no stat Fray can read (only words): not a stat block"
    );
    // A paste of words alone is no stat block either, and a page of them none that reads.
    let err =
        read_stat_blocks("paste", "Flight\nIt flies when the moon is up.\n", crate::sys("bdp"))
            .unwrap_err();
    assert!(err.to_string().contains("(Flight): has no stat Fray can read"), "{err}");
}

#[test]
fn a_pasted_block_refused_leaves_the_others_in_each_named() {
    fray_app::systems::registry();
    let text = "Ogre: 13 HP, 16 STR, club (d10)\n\nGiant: 90 HP, 18 STR, fist (d12)\n\n\
                Rat: 2 HP, bite (d4)\n";
    let read = read_stat_blocks("paste", text, crate::sys("bdp")).unwrap();
    let names: Vec<&str> = read.blocks.iter().map(|b| b.entry.name.as_str()).collect();
    assert_eq!(names, ["Ogre", "Rat"]);
    let left_out: Vec<String> = read.left_out.iter().map(ToString::to_string).collect();
    assert_eq!(left_out.len(), 1);
    assert!(left_out[0].starts_with("paste, block 2, line 3 (Giant), field 'HP'"), "{left_out:?}");
    // The Ogre's DEX and WIL are Block, Dodge, Parry's defaults, said; no armour printed is
    // Armour 0, what the book means, so not said.
    let ogre = &read.blocks[0].warnings;
    assert!(ogre.contains(&"DEX: none read; the default 10 stands".to_owned()), "{ogre:?}");
    assert!(!ogre.iter().any(|w| w.starts_with("Armour")), "{ogre:?}");
}

#[test]
fn a_page_whose_heading_has_a_comma_is_a_stat_block_not_a_sheet() {
    fray_app::systems::registry();
    let page = "## Elf, Drow\n\n*Medium humanoid (elf), neutral evil*\n\n**Armor Class** 15 \
                (chain shirt)\n\n**Hit Points** 13 (3d8)\n\n**Speed** 30 ft.\n\n###### Actions\n\n\
                ***Shortsword***. *Melee Weapon Attack:* +4 to hit, reach 5 ft., one target. \
                *Hit:* 5 (1d6+2) piercing damage.\n";
    assert_eq!(sniff(page), Format::Text);
    let read = read_stat_blocks("Elf, Drow.md", page, crate::sys("sovereign")).unwrap();
    let drow = &read.blocks[0];
    assert_eq!(drow.entry.name, "Elf, Drow");
    assert_eq!(
        (&drow.entry.block["tracks"]["hp"], &drow.entry.block["stats"]["ac"]),
        (&json!(13), &json!(15))
    );
}

#[test]
fn a_sidebar_adds_no_attack_and_a_misprinted_die_is_read_and_said() {
    fray_app::systems::registry();
    let page = "### Giant Rat\n\n**Armor Class** 12\n\n**Hit Points** 7 (2d6)\n\n###### Actions\n\n\
                ***Bite***. *Melee Weapon Attack:* +4 to hit, reach 5 ft., one target. *Hit:* 4 \
                (1d4+2) piercing damage.\n\n>**Variant: Diseased Giant Rats**\n>\n\
                >***Bite***. *Melee Weapon Attack:* +4 to hit, reach 5 ft., one target. *Hit:* 4 \
                (1d4+2) piercing damage. If the target is a creature, it must succeed on a DC 10 \
                Constitution saving throw or contract a disease.\n";
    let read = read_stat_blocks("rats.md", page, crate::sys("sovereign")).unwrap();
    let rat = &read.blocks[0].entry;
    assert_eq!(rat.block["attacks"].as_array().unwrap().len(), 1, "{:?}", rat.block);
    assert!(rat.block["notes"].as_str().unwrap().contains("Variant: Diseased Giant Rats"));
    // Improved Initiative's Satyr: "6 (1 d6 + 3)".
    let text = improved_initiative(&[(
        "Shortsword",
        "Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 6 (1 d6 + 3) piercing \
         damage.",
    )]);
    let got = read_foreign("satyr.json", &text, crate::sys("sovereign")).unwrap();
    let b = &got.blocks[0];
    assert_eq!(b.entry.block["attacks"][0]["dmg"], "d6+3");
    assert_eq!(b.unread, ["Shortsword, dice misprinted: '6 (1 d6 + 3)' read as d6+3"]);
}

/// Open5e's page of results, its attack fields (`attack_bonus`, `damage_dice`) given for one
/// action and missing for another written in another game's words.
#[test]
fn an_open5e_action_without_dice_fields_or_an_srd_sentence_is_said() {
    fray_app::systems::registry();
    let page = json!({"results": [{
    "name": "Hound", "slug": "hound", "hit_points": 22, "armor_class": 13,
    "speed": {"walk": 40},
    "actions": [
        {"name": "Vicious bite", "desc": "+8 vs. AC: 18 damage", "attack_bonus": 8},
        {"name": "Claw", "desc": "Melee Weapon Attack: +5 to hit, reach 5 ft., one target. \
          Hit: 6 (1d6 + 3) slashing damage.", "attack_bonus": 5, "damage_dice": "1d6",
         "damage_bonus": 3}
    ]}]})
    .to_string();
    assert_eq!(sniff(&page), Format::SrdApi);
    let got = read_foreign("open5e.json", &page, crate::sys("sovereign")).unwrap();
    let b = &got.blocks[0];
    assert_eq!(b.unread, ["Vicious bite, an attack Fray cannot read: +8 vs. AC: 18 damage"]);
    assert_eq!(b.entry.block["attacks"][0]["dmg"], "d6+3");
    assert_eq!(b.entry.block["stats"]["atk"], 5, "the bonus of the attack read");
}
