//! The d12 stat block as the editor, the CSV import and the export see it: the stats the
//! procedure reads (their keys have spaces: `stats.str mod`), the Hit Dice, attacks and
//! spells [`D12Block`](super::block::D12Block) reads, and the tracks
//! [`complete`](super::block::complete) works out when the block leaves them out. One schema
//! serves creatures and characters; mana is for characters.

use crate::system::BlockSchema;
use crate::system::schema::{Field, Kind};

/// A line of text.
const LINE: Kind = Kind::Text { multiline: false };

/// An ability modifier.
const MODIFIER: Kind = Kind::Whole { min: -5, max: 10, only: &[] };

/// A skill or a bonus.
const BONUS: Kind = Kind::Whole { min: -10, max: 30, only: &[] };

/// The fields of one attack (`attacks[i]`).
pub const ATTACK: &[Field] = &[
    Field::new("name", "Name", LINE).required(),
    Field::new("damage", "Damage", Kind::Dice).required().help("Dice, e.g. 1d8 or 2d4+1"),
    Field::new("types", "Damage types", Kind::Words)
        .help("blunt, piercing, slashing, chopping...; the first picks the injury table"),
    Field::new("speed", "Speed", Kind::Whole { min: -10, max: 20, only: &[] })
        .help("Added to the count when it attacks with this; 0 when blank"),
    Field::new("crit", "Crit ×", Kind::Whole { min: 2, max: 4, only: &[2, 3, 4] })
        .help("What a critical hit multiplies the damage by; 2 when blank"),
    Field::new("bonus", "Attack bonus", BONUS),
];

/// The fields of one spell (`spells[i]`).
pub const SPELL: &[Field] = &[
    Field::new("name", "Name", LINE).required(),
    Field::new("tn", "TN", Kind::Whole { min: 1, max: 30, only: &[] })
        .required()
        .help("Casting target number; it adds TN − 10 to the count"),
];

/// The d12 stat block and character sheet.
pub const SCHEMA: BlockSchema = BlockSchema {
    fields: &[
        Field::new("stats.str", "STR", Kind::Whole { min: 1, max: 30, only: &[] })
            .required()
            .default("10")
            .help("Strength score, and the Wound Points"),
        Field::new("stats.str mod", "STR mod", MODIFIER)
            .default("0")
            .help("Added to Stress once per Hit Die"),
        Field::new("stats.agi mod", "AGI mod", MODIFIER)
            .default("0")
            .help("Adds to Defense and lowers the initiative die"),
        Field::new("stats.ins mod", "INS mod", MODIFIER).default("0").help("Adds to morale rolls"),
        Field::new("hd", "Hit Dice", Kind::Dice)
            .default(r#""1d8""#)
            .help("e.g. 3d8: Stress starts at their average plus STR mod for each die"),
        Field::new("stats.defense bonus", "Defense bonus", BONUS)
            .default("0")
            .help("On top of 10 + AGI mod"),
        Field::new("stats.armour", "Armour", Kind::Whole { min: 0, max: 20, only: &[] })
            .default("0")
            .help("Taken off every hit"),
        Field::new("stats.speed", "Speed (ft)", Kind::Whole { min: 0, max: 200, only: &[] })
            .default("30")
            .help("How far it moves"),
        Field::new("stats.heal", "Heal", BONUS).help("Bonus when tending the dying"),
        Field::new("stats.intimidate", "Intimidate", BONUS)
            .help("Bonus when scaring a foe into a morale check"),
        Field::new("attacks", "Attacks", Kind::List { item: ATTACK, noun: "attack" }),
        Field::new("spells", "Spells", Kind::List { item: SPELL, noun: "spell" }),
        Field::new("tracks.mana", "Mana", Kind::Track { min: 0, max: 99 })
            .characters()
            .help("Points for spells; Stress can pay for them too"),
        Field::new("tracks.stress", "Stress", Kind::Track { min: 0, max: 999 })
            .help("Blank: the average of the Hit Dice plus STR mod for each"),
        Field::new("tracks.wp", "Wound Points", Kind::Track { min: 1, max: 30 })
            .help("Blank: the STR score"),
        Field::new("stats.hd", "HD count", Kind::Whole { min: 0, max: 30, only: &[] })
            .help("Blank: how many Hit Dice it rolls (morale adds it)"),
        Field::new("notes", "Notes", Kind::Text { multiline: true }),
    ],
};
