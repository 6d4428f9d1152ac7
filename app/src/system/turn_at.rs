//! Which turn it is: the round and the place of the order. A procedure that records what a
//! turn has spent (a move, an action) keys the record with it, so a new turn starts with
//! nothing spent without an event of its own.

use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::{RuleError, Step};
use serde::{Deserialize, Serialize};

/// Whether `id` acts now: the fight is in the procedure's phase of turns (`turns`) and `id`
/// is among those acting.
pub fn acts_now(enc: &Encounter, turns: impl Step, id: CombatantId) -> bool {
    turns.now(enc) && enc.acting().contains(&id)
}

/// Refuses what only comes before the fight (a surprise, an execution of the helpless):
/// round 1 has begun.
pub fn check_before(enc: &Encounter) -> Result<(), RuleError> {
    if enc.round > 0 {
        return Err(RuleError::NotAllowed("the fight has begun".into()));
    }
    Ok(())
}

/// Refuses unless the fight is on: round 1 begun, and out of the procedure's phase before
/// the fight (`before`).
pub fn check_begun(enc: &Encounter, before: impl Step) -> Result<(), RuleError> {
    if before.now(enc) || enc.round == 0 {
        return Err(RuleError::NotAllowed("the fight has not begun: press Next".into()));
    }
    Ok(())
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::OrderEntry;
    use std::sync::Arc;

    /// An encounter in `phase` of `round`, with `acting` at the place whose turn it is.
    fn at(phase: &str, round: u32, acting: Option<CombatantId>) -> Encounter {
        let mut enc = Encounter::new(crate::system::get("freeform").unwrap(), "t", 1);
        enc.phase = phase.into();
        enc.round = round;
        if let Some(id) = acting {
            enc.order =
                Arc::new(vec![OrderEntry { combatants: vec![id], count: None, reason: "".into() }]);
            enc.turn = Some(0);
        }
        enc
    }

    #[test]
    fn who_acts_now_and_whether_the_fight_is_on() {
        let (a, b) = (CombatantId(1), CombatantId(2));
        use crate::systems::freeform::Step::{Setup, Turns};
        let turns = at("turns", 1, Some(a));
        assert!(acts_now(&turns, Turns, a));
        assert!(!acts_now(&turns, Turns, b), "not its turn");
        assert!(!acts_now(&at("end", 1, Some(a)), Turns, a), "between turns");
        assert_eq!(
            check_before(&turns).unwrap_err().to_string(),
            "the fight has begun",
            "round 1 has begun"
        );
        assert!(check_before(&at("setup", 0, None)).is_ok());
        assert!(check_begun(&turns, Setup).is_ok());
        for not_yet in [at("setup", 0, None), at("setup", 1, None), at("turns", 0, None)] {
            let err = check_begun(&not_yet, Setup).unwrap_err().to_string();
            assert_eq!(err, "the fight has not begun: press Next");
        }
    }
}
