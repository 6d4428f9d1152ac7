//! Typed identifiers, so a side id can never be passed where a combatant id is expected.

pub use crate::own::SystemId;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
    };
}

id_type!(
    /// A combatant of an encounter (a PC, a monster, a detachment).
    CombatantId,
    "c"
);
id_type!(
    /// A side (faction) of an encounter.
    SideId,
    "s"
);
id_type!(
    /// A zone of the board.
    ZoneId,
    "z"
);
