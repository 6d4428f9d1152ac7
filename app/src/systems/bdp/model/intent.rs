//! What a combatant means to do this round: its intention, what it strikes with, and the
//! class of turn Fray worked out for it.

use crate::ids::{CombatantId, ZoneId};
use serde::{Deserialize, Serialize};

/// What a combatant strikes with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arms {
    /// One listed weapon (index into the block's weapons).
    Weapon(usize),
    /// Two listed weapons at once: both dice rolled, the highest kept.
    Dual(usize, usize),
    /// Fists and feet: d4, knocks out instead of killing.
    Unarmed,
    /// Whatever is at hand (d6, d8 or d10): breaks after one attack.
    Improvised(u32),
}

/// What a combatant means to do this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "intent", rename_all = "snake_case")]
pub enum Intent {
    /// Strike a foe.
    Attack {
        /// Who.
        target: CombatantId,
        /// With what.
        arms: Arms,
        /// Moves before or after striking (a full turn).
        #[serde(default)]
        moving: bool,
    },
    /// Shove, trip, disarm... instead of damage.
    Gambit {
        /// Who.
        target: CombatantId,
        /// The weapon whose die sets the difficulty.
        arms: Arms,
        /// Moves as well (a full turn).
        #[serde(default)]
        moving: bool,
    },
    /// Go to another zone (one zone is quick, two take the whole turn).
    Move {
        /// Where.
        to: ZoneId,
    },
    /// Cast a spell (a full turn; a fast spell or trick is quick).
    Cast {
        /// The intended target, if any.
        #[serde(default)]
        target: Option<CombatantId>,
        /// A fast spell: one action.
        #[serde(default)]
        fast: bool,
    },
    /// Get away from the fight (a DEX save).
    Retreat,
    /// Anything else, in the GM's words.
    Other {
        /// What.
        text: String,
        /// Whether it takes the whole turn.
        full: bool,
    },
    /// Nothing this round.
    Hold,
}

/// Quick turns (one action) go before full turns (move and act, or a spell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnClass {
    /// One action.
    Quick,
    /// Move and act, or something slow.
    Full,
}

impl TurnClass {
    /// The words the GM reads.
    pub fn label(self) -> &'static str {
        match self {
            TurnClass::Quick => "quick turn",
            TurnClass::Full => "full turn",
        }
    }
}

/// A declared intention with the class Fray worked out (or the GM chose) and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaration {
    /// What.
    pub intent: Intent,
    /// Quick or full.
    pub class: TurnClass,
    /// Why that class, in the GM's terms.
    pub reason: String,
    /// The GM chose the class rather than Fray.
    #[serde(default)]
    pub overridden: bool,
    /// The GM ruled this weapon's reach does not count this round (high ground...).
    #[serde(default)]
    pub no_reach: bool,
}
