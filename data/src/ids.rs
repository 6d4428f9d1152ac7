//! Typed row ids, so a creature id can never be passed where an encounter id is expected.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} {}", $what, self.0)
            }
        }

        impl $name {
            /// The kind of row, for messages ("creature").
            pub const WHAT: &'static str = $what;
        }
    };
}

row_id!(
    /// A bestiary entry.
    CreatureId,
    "creature"
);
row_id!(
    /// A character.
    CharacterId,
    "character"
);
row_id!(
    /// A roll table (injuries, morale...).
    TableId,
    "table"
);
row_id!(
    /// A stored encounter.
    EncounterId,
    "encounter"
);
row_id!(
    /// A weapon of a system's weapon list.
    WeaponId,
    "weapon"
);
row_id!(
    /// An evening of play: its fights, rests, write-backs, tray rolls and notes.
    PlaySessionId,
    "session"
);
row_id!(
    /// A saved template (a detachment or an encounter board).
    TemplateId,
    "template"
);
