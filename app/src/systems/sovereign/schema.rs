//! The Sovereign stat block as the editor, the CSV import and the export see it: HP, AC,
//! attack bonus, Move in feet, hit dice, save, skill and morale for NPCs; attribute scores,
//! level and the Heal skill for characters; attacks with damage dice, Shock and range.

use crate::system::BlockSchema;
use crate::system::schema::{Field, Kind};

/// A line of text.
const LINE: Kind = Kind::Text { multiline: false };

/// An attribute score (3 to 18).
const SCORE: Kind = Kind::Whole { min: 3, max: 18, only: &[] };

/// One attack (`attacks[i]`).
const ATTACK: &[Field] = &[
    Field::new("name", "Name", LINE).required(),
    Field::new("dmg", "Damage", Kind::Dice).required().help("Dice, e.g. 1d8"),
    Field::new("shock.dmg", "Shock", Kind::Whole { min: 0, max: 20, only: &[] })
        .help("Damage a miss still deals"),
    Field::new("shock.max_ac", "Shock up to AC", Kind::Whole { min: 0, max: 30, only: &[] })
        .help("The highest AC the Shock reaches; blank: any AC"),
    Field::new("range", "Range (ft)", Kind::Whole { min: 5, max: 2000, only: &[] })
        .help("For what shoots or is thrown"),
    Field::new("long_range", "Long range (ft)", Kind::Whole { min: 5, max: 5000, only: &[] })
        .help("Beyond the range, −2 to hit"),
    Field::new("thrown", "Thrown", Kind::Flag),
    Field::new("hands", "Hands", Kind::Whole { min: 1, max: 2, only: &[] })
        .help("1 or 2; a one-handed shot or throw may be made in melee at −4, a two-handed not"),
    Field::new("attr", "Attribute", Kind::Choice(&[("str", "STR"), ("dex", "DEX")]))
        .help("Blank: STR in melee, DEX at range"),
    Field::new("skill", "Skill", LINE).help("The stat of the skill it adds (stab, shoot...)"),
    Field::new("traits", "Traits", Kind::Words),
];

/// The Sovereign stat block and character sheet.
pub const SCHEMA: BlockSchema = BlockSchema {
    fields: &[
        Field::new("tracks.hp", "HP", Kind::Track { min: 1, max: 500 }).required().default("8"),
        Field::new("stats.ac", "AC", Kind::Whole { min: 0, max: 30, only: &[] })
            .required()
            .default("10"),
        Field::new("stats.atk", "Attack bonus", Kind::Whole { min: -5, max: 20, only: &[] })
            .default("1"),
        Field::new("stats.move", "Move (ft)", Kind::Whole { min: 0, max: 200, only: &[] })
            .default("30"),
        Field::new("stats.hd", "Hit dice", Kind::Whole { min: 0, max: 40, only: &[] }).creatures(),
        Field::new("stats.save", "Save", Kind::Whole { min: 2, max: 20, only: &[] }).creatures(),
        Field::new("stats.skill", "Skill", Kind::Whole { min: 0, max: 5, only: &[] }).creatures(),
        Field::new("stats.morale", "Morale", Kind::Whole { min: 2, max: 12, only: &[] })
            .creatures(),
        Field::new("unarmed", "Unarmed", Kind::Dice).help("Unarmed damage; 1d2 when blank"),
        Field::new("stats.brawl", "Brawl", Kind::Whole { min: -1, max: 4, only: &[] }).characters(),
        Field::new("veterans_luck", "Veteran's Luck", Kind::Flag)
            .characters()
            .help("Once a fight (a Turn): a miss of its own becomes a hit, or a hit on it a miss"),
        Field::new("killing_blow", "Killing Blow", Kind::Flag)
            .characters()
            .help("Half its level, rounded up, added to damage and Shock"),
        Field::new("morale_exempt", "No morale", Kind::Flag)
            .creatures()
            .help("Undead, constructs, zealots, the militarized: never checks morale"),
        Field::new("snap_capable", "Snap Attacks", Kind::Flag)
            .creatures()
            .help("Trained to make Snap Attacks off its turn"),
        Field::new("named", "Named", Kind::Flag)
            .creatures()
            .help("At 0 HP it lies mortally injured instead of dying"),
        Field::new("stats.level", "Level", Kind::Whole { min: 1, max: 10, only: &[] })
            .characters()
            .default("1"),
        Field::new("stats.str", "STR", SCORE).characters(),
        Field::new("stats.dex", "DEX", SCORE).characters(),
        Field::new("stats.con", "CON", SCORE).characters(),
        Field::new("stats.int", "INT", SCORE).characters(),
        Field::new("stats.wis", "WIS", SCORE).characters(),
        Field::new("stats.cha", "CHA", SCORE).characters(),
        Field::new("stats.heal", "Heal", Kind::Whole { min: -1, max: 4, only: &[] }).characters(),
        Field::new("shield", "Shield", Kind::Flag).help("Turns aside the first Shock each round"),
        Field::new("attacks", "Attacks", Kind::List { item: ATTACK, noun: "attack" }),
        Field::new("notes", "Notes", Kind::Text { multiline: true }),
    ],
};
