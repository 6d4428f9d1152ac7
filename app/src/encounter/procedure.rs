//! The procedure's own state, one per encounter, and which procedure it is: the procedure
//! beside what it keeps (intentions and pending blows, declarations, turns...), so the
//! encounter's system is derived from it and the two can never disagree. The core holds the
//! state without knowing its type; each procedure reaches its own through [`Owned`].
//!
//! Stored as it always was: the system's id under `system`, and the state under its
//! procedure's key (`"<id>": {…}`) among the encounter's fields, nothing when it is empty,
//! so journals written before this type existed load unchanged. An unknown id, or a state
//! kept under another procedure's key, is refused with its name.

use crate::own::{Kind, Own, OwnValue, SystemId};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The procedure running the encounter, with the state it keeps (empty before its fight
/// begins).
///
/// The state is shared between copies until one of them changes it: a command's scratch copy
/// of the encounter ([`crate::system::Ctx`]) costs nothing until the command changes the
/// procedure's own state, and a simulated fight copies the encounter at every step.
pub struct ProcedureState {
    procedure: &'static dyn Kind,
    state: Arc<dyn OwnValue>,
}

impl ProcedureState {
    /// `state`, kept by `procedure`.
    pub fn new(procedure: &'static dyn Kind, state: impl OwnValue) -> Self {
        ProcedureState { procedure, state: Arc::new(state) }
    }

    /// The state of an encounter of `procedure` before anything happened.
    pub fn fresh(procedure: &'static dyn Kind) -> Self {
        ProcedureState { procedure, state: procedure.fresh() }
    }

    /// The procedure running the encounter, as this layer knows it (`Encounter::system`
    /// gives it as the rules meet it).
    pub fn kind(&self) -> &'static dyn Kind {
        self.procedure
    }

    /// One of the procedure's own facts folded into its state (nothing for a fact of another
    /// procedure, which only a forged journal can hold).
    pub(crate) fn apply_own(&mut self, event: &Own) {
        if event.procedure() == self.procedure.id() {
            let procedure = self.procedure;
            procedure.apply_own(self.value_mut(), event);
        }
    }

    /// Whether the procedure keeps nothing yet (or nothing any more).
    pub fn is_empty(&self) -> bool {
        self.procedure.state_is_empty(&*self.state)
    }

    /// The state, as the core holds it.
    pub(crate) fn value(&self) -> &dyn OwnValue {
        &*self.state
    }

    /// The state to change, as the core holds it.
    pub(crate) fn value_mut(&mut self) -> &mut dyn OwnValue {
        if Arc::get_mut(&mut self.state).is_none() {
            // Shared with another copy: this one gets its own before it changes.
            self.state = Arc::from(self.state.clone_box());
        }
        Arc::get_mut(&mut self.state).expect("a state just copied has no other owner")
    }

    /// The stored form: the state under its procedure's key, an empty one left out.
    pub(super) fn to_stored(&self) -> Stored<'_> {
        Stored { own: (!self.is_empty()).then(|| (self.procedure.id().as_str(), &*self.state)) }
    }

    /// The state of the procedure `system` names, read from its key (empty when the key is
    /// absent). Refused: a state that does not read, and a state kept under the key of
    /// another procedure. Keys no procedure has are not states and are left alone, as they
    /// always were.
    pub(super) fn from_stored(
        system: SystemId,
        stored: BTreeMap<String, serde_json::Value>,
    ) -> Result<Self, String> {
        let procedure = system.kind();
        let mut found = ProcedureState::fresh(procedure);
        for (key, value) in stored {
            let Some(keeper) = crate::own::kind(&key) else { continue };
            let state = keeper
                .read_state(value)
                .map_err(|e| format!("the state of '{key}' does not read: {e}"))?;
            if keeper.id() == procedure.id() {
                found.state = Arc::from(state);
            } else if !keeper.state_is_empty(&*state) {
                return Err(format!("the encounter is '{system}' but keeps the state of '{key}'"));
            }
        }
        Ok(found)
    }
}

impl Clone for ProcedureState {
    fn clone(&self) -> Self {
        ProcedureState { procedure: self.procedure, state: Arc::clone(&self.state) }
    }
}

impl std::fmt::Debug for ProcedureState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple(self.procedure.id().as_str()).field(&self.state).finish()
    }
}

/// An empty state equals none at all: the same encounter whether its procedure has begun
/// keeping state and emptied it, or never kept any (as it reads back from the journal, where
/// an empty state is not written).
impl PartialEq for ProcedureState {
    fn eq(&self, other: &Self) -> bool {
        self.procedure.id() == other.procedure.id()
            && (self.state.eq_dyn(&*other.state) || (self.is_empty() && other.is_empty()))
    }
}

/// How the state is written, flattened among the encounter's fields: under its procedure's
/// key, an empty one left out.
pub(super) struct Stored<'a> {
    own: Option<(&'static str, &'a dyn OwnValue)>,
}

impl Serialize for Stored<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(usize::from(self.own.is_some())))?;
        if let Some((key, state)) = self.own {
            map.serialize_entry(key, state.as_serialize())?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use crate::encounter::Encounter;
    use crate::ids::CombatantId;
    use crate::system::Owned;
    use crate::systems::bdp::Bdp;

    /// A state kept mid-fight, with maps keyed by combatant, reads back as it was written:
    /// it is read through JSON under its key, where a map's keys are text.
    #[test]
    fn a_state_keyed_by_combatants_reads_back_as_written() {
        let mut enc =
            Encounter::new(crate::systems::registry().get("bdp").unwrap(), "Mid-fight", 3);
        let state = Bdp::state_mut(&mut enc.procedure).unwrap();
        std::sync::Arc::make_mut(&mut state.ties).insert(CombatantId(4), true);
        std::sync::Arc::make_mut(&mut state.acted).insert(CombatantId(7));
        state.counter = Some((CombatantId(4), CombatantId(7)));
        let written = serde_json::to_string(&enc).unwrap();
        assert!(written.contains(r#""bdp":{"#), "{written}");
        let read: Encounter = serde_json::from_str(&written).unwrap();
        assert_eq!(read, enc);
        assert_eq!(read.bdp().ties.get(&CombatantId(4)), Some(&true));
        assert_eq!(serde_json::to_string(&read).unwrap(), written, "byte for byte");
    }

    /// A fight begun now keeps today's rules edition when written and read; one written before
    /// editions existed reads as edition 0 and is written back without it, byte for byte.
    #[test]
    fn the_rules_edition_is_kept_and_an_earlier_fight_reads_as_edition_0() {
        let enc = Encounter::new(crate::systems::registry().get("sovereign").unwrap(), "Now", 3);
        assert_eq!(enc.rules, crate::encounter::RULES);
        let written = serde_json::to_string(&enc).unwrap();
        let edition = format!(r#","rules":{}"#, crate::encounter::RULES);
        assert!(written.contains(&edition), "{written}");
        let read_back = serde_json::from_str::<Encounter>(&written).unwrap().rules;
        assert_eq!(read_back, crate::encounter::RULES);
        let before = written.replace(&edition, "");
        assert_ne!(before, written);
        let read: Encounter = serde_json::from_str(&before).unwrap();
        assert_eq!(read.rules, 0);
        assert_eq!(serde_json::to_string(&read).unwrap(), before);
        // A new fight from an earlier fight's board plays by today's rules.
        assert_eq!(read.board().rules, crate::encounter::RULES);
    }
}
