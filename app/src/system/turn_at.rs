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
