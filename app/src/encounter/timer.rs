//! Conditions that end by themselves: "blessed for 2 rounds", "dazed until the end of
//! Harald's next turn", "hidden until the start of the goblin's next turn". A timer names the
//! combatant holding the condition and when it ends; `system::handle` removes the condition
//! on time, with a journal line, in each procedure's own notion of a turn (a place of the
//! order, a count, an activation).

use crate::ids::CombatantId;
use serde::{Deserialize, Serialize};

/// How long a condition lasts, as the GM says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum Duration {
    /// This many rounds, the current one included: it ends when the last of them does.
    Rounds {
        /// How many (1 or more).
        rounds: u32,
    },
    /// Until the end of `of`'s next turn (the turn after this one, when it is acting now).
    EndOfTurn {
        /// Whose turn.
        of: CombatantId,
    },
    /// Until the start of `of`'s next turn.
    StartOfTurn {
        /// Whose turn.
        of: CombatantId,
    },
}

/// When a timed condition ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "until", rename_all = "snake_case")]
pub enum Until {
    /// When round `round` is over (the next one starts).
    RoundOver {
        /// The last round it lasts.
        round: u32,
    },
    /// At the end of a turn of `of`; `ends` turn ends still to come (2 when set during one).
    EndOfTurn {
        /// Whose turn.
        of: CombatantId,
        /// Turn ends of `of` still to come before it ends.
        ends: u32,
    },
    /// At the start of the next turn of `of`.
    StartOfTurn {
        /// Whose turn.
        of: CombatantId,
    },
}

/// A condition that ends by itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timer {
    /// Who has the condition.
    pub id: CombatantId,
    /// Which condition.
    pub condition: String,
    /// When it ends.
    pub until: Until,
}

impl Timer {
    /// How it reads on a token chip: the rounds left in the current `round` ("2"), or "turn"
    /// for one that ends with a turn.
    pub fn short(&self, round: u32) -> String {
        match self.until {
            Until::RoundOver { round: last } => (last + 1).saturating_sub(round.max(1)).to_string(),
            Until::EndOfTurn { .. } | Until::StartOfTurn { .. } => "turn".into(),
        }
    }
}

/// When a timer ends, in words: "until round 3 is over", "until the end of Harald's next turn".
pub fn timer_words(enc: &crate::encounter::Encounter, until: &Until) -> String {
    match until {
        Until::RoundOver { round } => format!("until round {round} is over"),
        Until::EndOfTurn { of, ends } if *ends > 1 => {
            format!("until the end of {}'s next turn", enc.name_of(*of))
        }
        Until::EndOfTurn { of, .. } => format!("until the end of {}'s turn", enc.name_of(*of)),
        Until::StartOfTurn { of } => format!("until the start of {}'s next turn", enc.name_of(*of)),
    }
}
