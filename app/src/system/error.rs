//! Why a command was refused.

use crate::dice::DiceError;
use crate::ids::{CombatantId, SideId, ZoneId};
use thiserror::Error;

/// A command the rules (or the state) do not allow, with a reason the GM can read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The combatant does not exist (any more).
    #[error("no combatant {0} in this encounter")]
    UnknownCombatant(CombatantId),
    /// The zone does not exist.
    #[error("no zone {0} in this encounter")]
    UnknownZone(ZoneId),
    /// The side does not exist.
    #[error("no side {0} in this encounter")]
    UnknownSide(SideId),
    /// The zone is at capacity.
    #[error("{zone} is full ({capacity} at most)")]
    ZoneFull {
        /// Zone name.
        zone: String,
        /// Its capacity.
        capacity: u32,
    },
    /// A value is out of range or malformed.
    #[error("{0}")]
    Invalid(String),
    /// The rules forbid it now.
    #[error("{0}")]
    NotAllowed(String),
    /// The dice could not be rolled (bad table dice, replay mismatch...).
    #[error(transparent)]
    Dice(#[from] DiceError),
}
