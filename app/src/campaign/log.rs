//! The campaign's steps: a fight's write-back, a rest, a heal by hand, an injury healed.
//!
//! Each step carries every condition it changed, before and after, so undoing it puts back
//! exactly what was there and redoing it exactly what it wrote; applying one cannot fail.

use super::condition::Condition;
use super::review::{Change, changes};
use crate::dice::Roll;
use serde::{Deserialize, Serialize};

/// What happened between fights (or at a fight's end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Happening {
    /// A fight ended and what lasts of it was written back.
    FightEnded {
        /// The encounter's name.
        encounter: String,
    },
    /// A rest, for the whole party or one character.
    Rested {
        /// The recovery's id (`night`).
        rest: String,
        /// Its name ("A night's sleep").
        name: String,
    },
    /// The GM healed, harmed or lifted an injury by hand.
    ByHand {
        /// What the GM did, in a few words ("Healed by the priest").
        what: String,
    },
}

/// One character's condition, before and after a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Written {
    /// Who: the library entry's key (`character:3`, `creature:12`).
    pub who: String,
    /// The procedure whose sheet it is.
    pub system: String,
    /// Its name, for the journal.
    pub name: String,
    /// The sheet the condition is read against (maxima), as it was.
    #[serde(default)]
    pub sheet: serde_json::Value,
    /// The condition before the step.
    pub before: Condition,
    /// The condition after it.
    pub after: Condition,
}

impl Written {
    /// What changed, one line per change.
    pub fn changes(&self) -> Vec<Change> {
        let first = super::condition::main_tracks(&self.system);
        changes(&self.sheet, first, &self.before, &self.after)
    }
}

/// A step of the campaign: what happened, the dice it rolled, what it wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignStep {
    /// What happened.
    pub happening: Happening,
    /// The dice it rolled, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    /// Every condition it changed.
    pub written: Vec<Written>,
}

impl CampaignStep {
    /// The step's title in a journal: "The fight *Crypt* is over", "A night's sleep".
    pub fn title(&self) -> String {
        match &self.happening {
            Happening::FightEnded { encounter } => format!("After the fight: {encounter}"),
            Happening::Rested { name, .. } => name.clone(),
            Happening::ByHand { what } => what.clone(),
        }
    }

    /// The conditions as the step leaves them, by who.
    pub fn applied(&self) -> impl Iterator<Item = (&str, &Condition)> {
        self.written.iter().map(|w| (w.who.as_str(), &w.after))
    }

    /// The conditions as they were before it, by who: what undoing it writes.
    pub fn undone(&self) -> impl Iterator<Item = (&str, &Condition)> {
        self.written.iter().map(|w| (w.who.as_str(), &w.before))
    }
}
