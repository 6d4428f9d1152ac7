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
        /// Which fight, and where it stood when written back: what `fray replay` recomputes
        /// the write-back from (none in files written before Fray kept it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fight: Option<FightRef>,
        /// The GM's edits to the review (lines unticked, numbers changed), by field.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        edits: Vec<Edit>,
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
        /// The heal or cure it was, when it was one (what a replay takes again).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Hand>,
    },
    /// Never stored: in a session's journal, what steps of other sessions changed between
    /// this session's parts (an evening taken up again after another), so that each step's
    /// *before* follows from the parts before it.
    Elsewhere,
}

/// A change the GM made by hand that a replay can make again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Hand {
    /// A track healed (or harmed, negative) by an amount.
    Heal {
        /// The track.
        track: String,
        /// How much.
        amount: i64,
    },
    /// A lasting harm lifted.
    Cure {
        /// Its label.
        label: String,
    },
}

/// The fight a write-back ends: its encounter's seed (each encounter draws its own) and how
/// many commands were in effect when it was written back (a fight reopened and played on
/// keeps its first write-back's place).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightRef {
    /// The encounter's seed.
    pub seed: u64,
    /// Commands in effect at the write-back.
    pub commands: usize,
}

impl FightRef {
    /// The fight `history` holds, at its cursor.
    pub fn of(history: &crate::history::History) -> FightRef {
        FightRef { seed: history.base().seed, commands: history.cursor() }
    }
}

/// The GM's edit of one review line: unticked (the field stays as it was), or another
/// number written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    /// The member's key.
    pub who: String,
    /// The line's field ([`super::review::Change::field`]: `track:hp`, `lasting:frail`).
    pub field: String,
    /// Whether the line was kept.
    pub keep: bool,
    /// The number written instead of the proposed one, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
}

/// Where a rest's app dice came from: a seed and a stream, as a fight's come from the
/// encounter's seed and the command's stream; `fray replay` draws them again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepDice {
    /// The seed.
    pub seed: u64,
    /// The stream.
    pub stream: u64,
}

/// One character's condition, before and after a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Written {
    /// Who: the library entry's key (`character:3`, `creature:12`).
    pub who: String,
    /// The procedure whose sheet it is.
    pub system: crate::ids::SystemId,
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
        let first = super::condition::main_tracks(self.system);
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
    /// A rest's dice: where its app rolls came from (none for steps that roll nothing, and in
    /// files written before Fray kept it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<StepDice>,
    /// A rest's rule settings in force (what the GM changed from the defaults).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub settings: super::aftermath::Settings,
    /// The edition of the rules between fights a rest was taken under
    /// ([`super::aftermath::RULES`] for one taken now); 0, and not written, for a rest taken
    /// before rests kept one and for the other steps (a write-back follows its fight's edition).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rules: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl CampaignStep {
    /// The step's title in a journal: "The fight *Crypt* is over", "A night's sleep".
    pub fn title(&self) -> String {
        match &self.happening {
            Happening::FightEnded { encounter, .. } => format!("After the fight: {encounter}"),
            Happening::Rested { name, .. } => name.clone(),
            Happening::ByHand { what, .. } => what.clone(),
            Happening::Elsewhere => "Changed in another session since".to_owned(),
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
