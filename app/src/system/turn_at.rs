//! Which turn it is: the round and the place of the order. A procedure that records what a
//! turn has spent (a move, an action) keys the record with it, so a new turn starts with
//! nothing spent without an event of its own.

use crate::encounter::{Combatant, Encounter};
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

/// The checks an action of one combatant opens with, in the order the GM reads them: the
/// fight on (past the procedure's `before`), `id` known, its turn by the procedure's own
/// `turn` rule, and still in the fight by its own `is_out`. Gives the combatant.
pub fn check_actor(
    enc: &Encounter,
    before: impl Step,
    id: CombatantId,
    turn: impl FnOnce(&Combatant) -> Result<(), RuleError>,
    is_out: impl FnOnce(&Combatant) -> bool,
) -> Result<&Combatant, RuleError> {
    check_begun(enc, before)?;
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    turn(c)?;
    if is_out(c) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
    }
    Ok(c)
}

/// Refuses unless `c` acts now, in the procedure's phase of turns (`turns`): the `turn` rule
/// of [`check_actor`] for an action taken on one's own turn.
pub fn check_turn(enc: &Encounter, turns: impl Step, c: &Combatant) -> Result<(), RuleError> {
    if acts_now(enc, turns, c.id) {
        Ok(())
    } else {
        Err(RuleError::NotAllowed(format!("it is not {}'s turn", c.name)))
    }
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
        let mut enc = Encounter::new(crate::systems::registry().get("freeform").unwrap(), "t", 1);
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

    /// A combatant `id` named `name` (out of the fight below when it has the condition "out").
    fn add(enc: &mut Encounter, id: CombatantId, name: &str) {
        enc.combatants.insert(id, Combatant::blank(id, name, crate::ids::SideId(1)));
    }

    #[test]
    fn an_actor_is_checked_begun_known_on_its_turn_and_in_the_fight_in_that_order() {
        use crate::systems::freeform::Step::{Setup, Turns};
        let (ash, birch, nobody) = (CombatantId(1), CombatantId(2), CombatantId(9));
        let out = |c: &Combatant| c.conditions.contains("out");
        let check = |enc: &Encounter, id| {
            check_actor(enc, Setup, id, |c| check_turn(enc, Turns, c), out)
                .map(|c| c.name.clone())
                .map_err(|e| e.to_string())
        };
        let mut enc = at("turns", 1, Some(ash));
        add(&mut enc, ash, "Ash");
        add(&mut enc, birch, "Birch");
        assert_eq!(check(&enc, ash), Ok("Ash".into()));
        assert_eq!(check(&enc, birch), Err("it is not Birch's turn".into()));
        assert!(check(&enc, nobody).is_err_and(|e| e.contains("9")), "unknown is named");
        let mut before = enc.clone();
        before.phase = "setup".into();
        assert_eq!(check(&before, nobody), Err("the fight has not begun: press Next".into()));
        enc.combatants.get_mut(&ash).unwrap().conditions.insert("out".into());
        assert_eq!(check(&enc, ash), Err("Ash is out of the fight".into()));
        // The turn comes before being out: Birch, out and not acting, hears about its turn.
        enc.combatants.get_mut(&birch).unwrap().conditions.insert("out".into());
        assert_eq!(check(&enc, birch), Err("it is not Birch's turn".into()));
        // A procedure's own turn rule (acting off its turn) replaces the plain one.
        let off_turn = check_actor(&enc, Setup, birch, |_| Ok(()), |_| false);
        assert!(off_turn.is_ok());
    }
}
