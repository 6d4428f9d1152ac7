//! The Block, Dodge, Parry stat block as the editor, the CSV import and the export see it:
//! the tracks and stats the board reads (`tracks.hp`, `stats.armor`...) and the keys
//! [`BdpBlock`](super::block::BdpBlock) reads (weapons, reactions, Magic Dice...). One schema
//! serves creatures and characters; reactions, detachments and leaders are for creatures,
//! Fatigue, slots and severe wounds for characters.

use crate::system::BlockSchema;
use crate::system::schema::{Field, Kind};

/// A line of text.
const LINE: Kind = Kind::Text { multiline: false };

/// A track of an ability (STR, DEX, WIL): its score.
const ABILITY: Kind = Kind::Track { min: 1, max: 20 };

/// The damage dice a weapon may have.
const DICE: &[i64] = &[4, 6, 8, 10, 12];

/// The fields of one weapon or natural attack (`weapons[i]`).
pub const WEAPON: &[Field] = &[
    Field::new("name", "Name", LINE).required(),
    Field::new("die", "Damage die", Kind::Whole { min: 4, max: 12, only: DICE })
        .required()
        .help("4, 6, 8, 10 or 12"),
    Field::new(
        "speed",
        "Speed",
        Kind::Choice(&[("fast", "Fast"), ("balanced", "Balanced"), ("slow", "Slow")]),
    )
    .help("Blank: from the die (d6 and under fast, d8 balanced, larger slow)"),
    Field::new("reach", "Reach", Kind::Flag)
        .help("A long weapon: first to strike when closing in, last once engaged"),
    Field::new("ranged", "Ranged", Kind::Flag).help("Shoots, so it needs no closing in"),
    Field::new("blast", "Blast", Kind::Flag)
        .help("Hits every target, each with its own roll, and detachments in full"),
    Field::new("magic", "Magic", Kind::Flag)
        .help("Only heavy armour or a shield can be given up to stop it"),
    Field::new("thrown", "Thrown", Kind::Flag)
        .help("Let fly at the foe: a damage roll of 1 loses or breaks it"),
    Field::new("decayed", "Decayed", Kind::Flag)
        .help("Rusty or battered: it breaks the first time it rolls its highest damage"),
    Field::new("tags", "Tags", Kind::Words)
        .help("Heavy 2, Sweep 6, Brutal...: the journal names them when this weapon hits"),
];

/// The Block, Dodge, Parry stat block and character sheet.
pub const SCHEMA: BlockSchema = BlockSchema {
    fields: &[
        Field::new("tracks.hp", "HP", Kind::Track { min: 0, max: 30 })
            .required()
            .default("4")
            .help("The guard: damage comes off it before it reaches STR"),
        Field::new("tracks.str", "STR", ABILITY)
            .required()
            .default("10")
            .help("Strength: damage past HP lowers it, and 0 kills"),
        Field::new("tracks.dex", "DEX", ABILITY)
            .required()
            .default("10")
            .help("Dexterity: saves to get away and to settle ties"),
        // Mindless creatures have WIL 0: legal, and a detachment at 0 is destroyed.
        Field::new("tracks.wil", "WIL", Kind::Track { min: 0, max: 20 })
            .required()
            .default("10")
            .help("Willpower: morale, and a detachment's staying power (0: mindless)"),
        Field::new("stats.armor", "Armour", Kind::Whole { min: 0, max: 3, only: &[] })
            .default("0")
            .help("Worn armour, 0 to 3, taken off each blow"),
        Field::new("armor_item", "Armour worn", LINE)
            .help("What the armour is (Chainmail), for the journal"),
        Field::new("shield", "Shield", Kind::Flag)
            .help("Carries a shield: +1 Armour while held, up to 3"),
        Field::new("stats.shield", "Shield in hand", Kind::Whole { min: 0, max: 1, only: &[] })
            .help("1 while the shield is held, 0 once it is dropped or broken"),
        Field::new("weapons", "Weapons", Kind::List { item: WEAPON, noun: "weapon" })
            .help("The first one is used when nothing else is declared; none: bare hands"),
        Field::new("reactions.fight_back", "Fights back", Kind::Flag)
            .creatures()
            .help("May strike back after taking a blow (characters may always)"),
        Field::new("reactions.block", "Blocks", Kind::Flag)
            .creatures()
            .help("May block fast and balanced blows"),
        Field::new("reactions.dodge", "Dodges", Kind::Flag)
            .creatures()
            .help("May dodge balanced and slow blows"),
        Field::new("reactions.parry", "Parries", Kind::Flag)
            .creatures()
            .help("May meet a blow with its own"),
        Field::new("features", "Features", Kind::Words)
            .help("Charge, Pack tactics, Terrifying...: shown on the token's card"),
        Field::new("magic_dice", "Magic Dice", Kind::Whole { min: 0, max: 4, only: &[] })
            .help("How many d6 it may put into a spell; 0 for none"),
        Field::new("wand_dice", "Wand or staff", Kind::Whole { min: 0, max: 2, only: &[] })
            .help("Magic Dice a held wand (1) or staff (2) adds, unless it is cracked"),
        Field::new("tracks.power", "Power", Kind::Track { min: 0, max: 6 })
            .help("Dice the wand or staff may still negate; at 0 it is cracked"),
        Field::new("detachment", "Detachment", Kind::Flag)
            .creatures()
            .help("A crowd fighting as one token; its Members track counts the bodies"),
        Field::new("tracks.members", "Members", Kind::Track { min: 1, max: 100 })
            .creatures()
            .help("How many bodies a detachment has"),
        Field::new("leader", "Leader", Kind::Flag)
            .creatures()
            .help("Its side may test morale on its WIL"),
        Field::new("tracks.fatigue", "Fatigue", Kind::Track { min: 0, max: 10 })
            .characters()
            .default(r#"{"value": 0, "max": 10}"#)
            .help("Each point takes up an inventory slot"),
        Field::new("slots_used", "Slots used", Kind::Whole { min: 0, max: 10, only: &[] })
            .characters()
            .help("Inventory slots filled by gear, out of 10"),
        Field::new("stats.wounds", "Severe wounds", Kind::Whole { min: 0, max: 10, only: &[] })
            .characters()
            .help("Each takes up an inventory slot"),
        Field::new(
            "stats.light wounds",
            "Light wounds",
            Kind::Whole { min: 0, max: 10, only: &[] },
        )
        .characters()
        .help("Each takes up an inventory slot until treated with the right medicine"),
        Field::new("notes", "Notes", Kind::Text { multiline: true }),
    ],
};
