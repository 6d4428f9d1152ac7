//! The DR12 weapon list (the library's reference): a damage die, the hands it needs, whether
//! it shoots, and how many usages it takes.

use crate::system::schema::{Field, Kind};
use crate::system::weapon_list::{WeaponList, plain_summary};

/// The fields of one weapon of the list (the same as a character's weapon).
const FIELDS: &[Field] = &[
    Field::new("die", "Damage die", Kind::Whole { min: 4, max: 12, only: &[4, 6, 8, 10, 12] })
        .required(),
    Field::new("hands", "Hands", Kind::Whole { min: 1, max: 2, only: &[] }),
    Field::new("ranged", "Ranged", Kind::Flag),
    Field::new("usage_max", "Usages", Kind::Whole { min: 1, max: 99, only: &[] }),
];

/// The list: each field as the editor shows it ("Damage die 8 · Hands 2 · ranged").
pub const LIST: WeaponList =
    WeaponList { fields: FIELDS, summary: |w| plain_summary(FIELDS, w), check: |_| Ok(()) };
