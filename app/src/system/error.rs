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

impl RuleError {
    /// The reason in the GM's words, as `to_string` says it, taking the words a refusal
    /// already holds instead of writing them out again: prompts turn a refusal into a
    /// forbidden option's reason for every option they list.
    pub fn into_reason(self) -> String {
        match self {
            RuleError::Invalid(why) | RuleError::NotAllowed(why) => why,
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RuleError;
    use crate::ids::{CombatantId, SideId, ZoneId};

    /// A refusal's reason reads the same whether its words are taken or written out.
    #[test]
    fn the_reason_is_what_the_error_says() {
        let errors = [
            RuleError::UnknownCombatant(CombatantId(7)),
            RuleError::UnknownZone(ZoneId(2)),
            RuleError::UnknownSide(SideId(3)),
            RuleError::ZoneFull { zone: "Bridge".into(), capacity: 4 },
            RuleError::Invalid("no such weapon".into()),
            RuleError::NotAllowed("Orc 1 is out of the fight".into()),
        ];
        for error in errors {
            let said = error.to_string();
            assert_eq!(error.into_reason(), said);
        }
    }
}
