//! The Murdham stat block as the editor, the CSV import and the export see it: STR, AGI and
//! WIT (`stats.str`...), the armour and shield records (`armour.name`, `armour.value`...),
//! the weapons, and what [`MurdhamBlock`](super::block::MurdhamBlock) and
//! [`complete`](super::block::complete) read besides. Characters and creatures share every
//! field.

use crate::system::BlockSchema;
use crate::system::schema::{Field, Kind};

/// A line of text.
const LINE: Kind = Kind::Text { multiline: false };

/// An ability: saves roll a d20 under it.
const ABILITY: Kind = Kind::Whole { min: 1, max: 19, only: &[] };

/// The damage dice a weapon may have.
const DICE: &[i64] = &[2, 3, 4, 6, 8, 10, 12, 20];

/// The fields of one weapon (`weapons[i]`).
pub const WEAPON: &[Field] = &[
    Field::new("name", "Name", LINE).required(),
    Field::new("die", "Damage die", Kind::Whole { min: 2, max: 20, only: DICE })
        .required()
        .help("4, 6, 8...; a top roll is rolled again and added"),
    Field::new("range", "Range", Kind::Whole { min: 1, max: 20, only: &[] })
        .help("In zones, for a missile weapon; blank for a hand weapon"),
    Field::new("indirect", "Indirect", Kind::Flag)
        .help("Lobs over cover at unseen targets beyond half range; needs a range"),
    Field::new("blast", "Blast", Kind::Flag).help("Hits a whole zone"),
    Field::new("direct", "Direct", Kind::Flag).help("Armour does not stop it"),
    Field::new("robust", "Robust", Kind::Flag).help("Wears out half as often"),
    Field::new("damaged", "Damaged", Kind::Flag)
        .help("Already damaged: a damage roll of 1 breaks it"),
    Field::new("keywords", "Keywords", Kind::Words)
        .help("simple, martial, missile, two-handed...: as the weapon list has them"),
    Field::new("durability", "Durability", LINE).help(DURABILITY),
];

/// What a durability field holds.
const DURABILITY: &str = "Health/armour of its own, like 12/4: harmed by hand (its bearer's \
                          NAME health track) instead of rolling for durability";

/// The fields of one piece of other gear that can be harmed (`gear[i]`: a cart, a boat).
pub const GEAR: &[Field] = &[
    Field::new("name", "Name", LINE).required(),
    Field::new("durability", "Durability", LINE).required().default("\"12/4\"").help(DURABILITY),
];

/// The Murdham stat block and character sheet.
pub const SCHEMA: BlockSchema = BlockSchema {
    fields: &[
        Field::new("stats.str", "STR", ABILITY)
            .required()
            .default("10")
            .help("Strength, 1 to 19; also the most health"),
        Field::new("stats.agi", "AGI", ABILITY)
            .required()
            .default("10")
            .help("Agility, 1 to 19: dodging, chases"),
        Field::new("stats.wit", "WIT", ABILITY)
            .required()
            .default("10")
            .help("Wits, 1 to 19: hard shots, morale"),
        Field::new("kind", "Kind", LINE)
            .help("human, beast, undead...: constructs, demons and undead feel no fear"),
        Field::new("intelligence", "Intelligence", LINE)
            .help("mindless for a creature with no mind of its own (it feels no fear)"),
        Field::new("morale_immune", "No morale", Kind::Flag)
            .help("Never checks morale, whatever its kind"),
        Field::new("armour.name", "Armour", LINE).help("The worn armour (Light armour)"),
        Field::new("armour.value", "Armour value", Kind::Whole { min: 0, max: 5, only: &[] })
            .help("Taken off each hit but direct ones: light 1, heavy 2"),
        Field::new("armour.robust", "Armour is robust", Kind::Flag).help("Wears out half as often"),
        Field::new("armour.damaged", "Armour is damaged", Kind::Flag)
            .help("Already damaged: a hit of 8 or more breaks it"),
        Field::new("armour.durability", "Armour durability", LINE).help(DURABILITY),
        Field::new("shield.name", "Shield", LINE)
            .help("The shield carried: 1 more armour against attacks its bearer reacts to"),
        Field::new("shield.robust", "Shield is robust", Kind::Flag).help("Wears out half as often"),
        Field::new("shield.damaged", "Shield is damaged", Kind::Flag)
            .help("Already damaged: a hit of 8 or more breaks it"),
        Field::new("shield.durability", "Shield durability", LINE).help(DURABILITY),
        Field::new("helmet", "Helmet", Kind::Flag)
            .help("A critical hit needs one more point of damage"),
        Field::new("weapons", "Weapons", Kind::List { item: WEAPON, noun: "weapon" }),
        Field::new("gear", "Gear", Kind::List { item: GEAR, noun: "piece" })
            .help("Other gear with health of its own: a cart, a boat"),
        Field::new("tracks.health", "Health", Kind::Track { min: 1, max: 19 })
            .help("Blank: equal to STR"),
        Field::new("stats.armour", "Armour in play", Kind::Whole { min: 0, max: 6, only: &[] })
            .help("Blank: the worn armour's value"),
        Field::new("notes", "Notes", Kind::Text { multiline: true }),
    ],
};
