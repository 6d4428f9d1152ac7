//! Which turn it is: the round and the place of the order. A procedure that records what a
//! turn has spent (a move, an action) keys the record with it, so a new turn starts with
//! nothing spent without an event of its own.

use crate::encounter::Encounter;
use serde::{Deserialize, Serialize};

/// A turn: the round and the place of the order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnAt {
    /// The round.
    pub round: u32,
    /// The place in the order.
    pub place: usize,
}

impl TurnAt {
    /// The turn going on now (none between turns).
    pub fn now(enc: &Encounter) -> Option<TurnAt> {
        enc.turn.map(|place| TurnAt { round: enc.round, place })
    }
}

/// What one turn has spent (`T`: a move made, feet walked, an action used), kept with the turn
/// it belongs to: read during another turn it is nothing spent, so a new turn needs no event
/// of its own to start afresh. Written flat, `{"at": …, <T's fields>}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerTurn<T> {
    /// Which turn.
    #[serde(default)]
    pub at: TurnAt,
    /// What it spent.
    #[serde(flatten)]
    pub spent: T,
}

impl<T: Clone + Default + PartialEq> PerTurn<T> {
    /// Whether nothing was ever recorded (it is then not written).
    pub fn is_unused(&self) -> bool {
        *self == PerTurn::default()
    }

    /// What the turn going on now has spent.
    pub fn now(&self, enc: &Encounter) -> T {
        match TurnAt::now(enc) {
            Some(at) if at == self.at => self.spent.clone(),
            _ => T::default(),
        }
    }

    /// The record of turn `at`, to change: started afresh when it is a new turn.
    pub fn at_mut(&mut self, at: TurnAt) -> &mut T {
        if self.at != at {
            *self = PerTurn { at, spent: T::default() };
        }
        &mut self.spent
    }
}
