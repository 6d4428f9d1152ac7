//! Stat blocks as Markdown, laid out from each system's schema.

use crate::db;
use fray_data::exchange;
use serde_json::json;

fn bundled(db: &fray_data::Db, uid: &str) -> String {
    let id = db.creatures().by_uid(uid).unwrap().unwrap_or_else(|| panic!("{uid}"));
    exchange::creature_markdown(&db.creatures().get(id).unwrap().unwrap())
}

#[test]
fn a_freeform_block() {
    let (_dir, db) = db();
    assert_eq!(
        bundled(&db, "bundled:freeform/creature/goblin"),
        r#"## Goblin

Freeform · *humanoid, goblinoid, skirmisher*

| Field | Value |
|---|---|
| HP | 5 |
| Armor | 11 |
| Attack | 2 |
| Morale | 6 |

**Attacks**

| Name | Damage |
|---|---|
| Notched knife | d6 |
| Sling | d4 |

Small, quick and loud. Fights in gangs and scatters once the boss falls.
"#
    );
}

#[test]
fn a_bdp_block() {
    let (_dir, db) = db();
    assert_eq!(
        bundled(&db, "bundled:bdp/creature/skeleton-archer"),
        r#"## Skeleton archer

Block, Dodge, Parry · *undead, skeleton, mindless, archer, example*

| Field | Value |
|---|---|
| HP | 3 |
| STR | 8 |
| DEX | 10 |
| WIL | 8 |
| Armour | 0 |
| Features | Mindless |

**Weapons**

| Name | Damage die | Speed | Ranged |
|---|---|---|---|
| Shortbow | 6 | Fast | yes |

Bones held together by an old binding. Shoots at whoever it was told to, and keeps shooting.
"#
    );
}

#[test]
fn a_murdham_block() {
    let (_dir, db) = db();
    assert_eq!(
        bundled(&db, "bundled:murdham/creature/road-bandit"),
        r#"## Road bandit

Murdham · *human, outlaw, example*

| Field | Value |
|---|---|
| STR | 9 |
| AGI | 10 |
| WIT | 8 |
| Kind | human |

**Weapons**

| Name | Damage die | Range | Keywords |
|---|---|---|---|
| Cudgel | 4 |  | simple |
| Javelin | 4 | 8 | missile |

A hungry cutthroat who waits where the track narrows. Throws a javelin first, then closes with a stick; runs as soon as the odds turn.
"#
    );
}

#[test]
fn a_d12_block() {
    let (_dir, db) = db();
    assert_eq!(
        bundled(&db, "bundled:d12/creature/hobgoblin-witch"),
        r#"## Hobgoblin witch

d12 declared actions · *humanoid, goblinoid, hobgoblin, caster, leader, example*

| Field | Value |
|---|---|
| STR | 11 |
| STR mod | 0 |
| AGI mod | 1 |
| INS mod | 2 |
| Hit Dice | 2d8 |
| Defense bonus | 0 |
| Armour | 0 |
| Speed (ft) | 30 |
| Intimidate | 2 |

**Attacks**

| Name | Damage | Damage types | Speed | Crit × | Attack bonus |
|---|---|---|---|---|---|
| Bone knife | 1d4 | piercing | 2 | 2 | 1 |

**Spells**

| Name | TN |
|---|---|
| Sleep | 14 |
| Sapping hex | 12 |
| Grave fire | 16 |

Mutters curses from behind the warriors and keeps a knife for anyone who gets close. The band follows her lead while she stands.
"#
    );
}

#[test]
fn names_and_cells_are_escaped() {
    fray_app::systems::registry();
    let md = exchange::markdown(
        crate::sys("freeform"),
        "*Grim* | the [Bold]",
        &["big_cat".into()],
        Some("The #1 party"),
        &json!({"tracks": {"hp": 4}, "notes": "First line\nsecond <b>\n\nNew paragraph"}),
        true,
    );
    assert_eq!(
        md,
        "## \\*Grim\\* \\| the \\[Bold\\]\n\nFreeform · party: The \\#1 party · *big\\_cat*\n\n\
         | Field | Value |\n|---|---|\n| HP | 4 |\n\n\
         First line  \nsecond &lt;b\\>\n\nNew paragraph\n"
    );
}
