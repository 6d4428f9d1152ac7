//! The DR12 stat block as the editor, the CSV import and the export see it: a creature's
//! Level, Skill, HP, attacks and armour; a character's STR, DEX, Level, HP and weapons.

use crate::system::BlockSchema;
use crate::system::schema::{Field, Kind};

/// A line of text.
const LINE: Kind = Kind::Text { multiline: false };

/// An attribute added to a d20 Test.
const ATTRIBUTE: Kind = Kind::Whole { min: -5, max: 10, only: &[] };

/// A damage die.
const DIE: Kind = Kind::Whole { min: 4, max: 12, only: &[4, 6, 8, 10, 12] };

/// One weapon of a character (`weapons[i]`).
const WEAPON: &[Field] = &[
    Field::new("name", "Name", LINE).required(),
    Field::new("die", "Damage die", DIE).required(),
    Field::new("hands", "Hands", Kind::Whole { min: 1, max: 2, only: &[] })
        .help("1 or 2; two one-handed weapons can be used together"),
    Field::new("ranged", "Ranged", Kind::Flag).help("Shoots: DEX to hit"),
    Field::new("usage_max", "Usages", Kind::Whole { min: 1, max: 99, only: &[] })
        .help("Fumbles it takes before it is spent; blank: the encounter's setting"),
];

/// One attack of a creature (`attacks[i]`).
const ATTACK: &[Field] = &[
    Field::new("name", "Name", LINE).required(),
    Field::new("die", "Damage die", DIE).required(),
    Field::new("ranged", "Ranged", Kind::Flag),
];

/// The DR12 stat block and character sheet.
pub const SCHEMA: BlockSchema = BlockSchema {
    fields: &[
        Field::new("tracks.hp", "HP", Kind::Track { min: 1, max: 200 }).required().default("6"),
        Field::new("stats.level", "Level", Kind::Whole { min: 0, max: 20, only: &[] })
            .required()
            .default("1")
            .help("Ongoing damage takes this many HP at the start of each turn"),
        Field::new("stats.skill", "Skill", ATTRIBUTE)
            .creatures()
            .default("2")
            .help("Added to the creature's Tests: morale, stopping ongoing damage, stunts"),
        Field::new("stats.armor", "Armor", Kind::Whole { min: 0, max: 10, only: &[] })
            .help("Taken off each hit"),
        Field::new("attacks", "Attacks", Kind::List { item: ATTACK, noun: "attack" }).creatures(),
        Field::new("leader", "Leader", Kind::Flag)
            .creatures()
            .help("Its fall makes its group Test morale (with the morale presets on)"),
        Field::new("stats.str", "STR", ATTRIBUTE)
            .characters()
            .required()
            .default("0")
            .help("Added to melee attacks"),
        Field::new("stats.dex", "DEX", ATTRIBUTE)
            .characters()
            .required()
            .default("0")
            .help("Added to ranged attacks, to avoiding blows and to the order"),
        Field::new("weapons", "Weapons", Kind::List { item: WEAPON, noun: "weapon" }).characters(),
        Field::new("notes", "Notes", Kind::Text { multiline: true }),
    ],
};
