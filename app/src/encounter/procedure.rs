//! The procedure's own state, one per encounter: a Block, Dodge, Parry fight keeps its
//! intentions and pending blows, a d12 fight its declarations, a Murdham fight its turn and
//! initiative — never more than one of them. A new procedure adds its variant here (and its
//! accessors below); nothing else in [`super::Encounter`] changes.
//!
//! Stored as it always was: the state under its procedure's key (`"bdp": {…}`) among the
//! encounter's fields, and nothing when it is empty, so journals written before this type
//! existed load unchanged.

use crate::systems::bdp::BdpState;
use crate::systems::d12::D12State;
use crate::systems::dr12::Dr12State;
use crate::systems::murdham::MurdhamState;
use crate::systems::sovereign::SovState;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The state of the procedure running the encounter, if it keeps any.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(from = "Stored", into = "Stored")]
pub enum ProcedureState {
    /// None kept (freeform, or a procedure that has not begun keeping any).
    #[default]
    None,
    /// Block, Dodge, Parry.
    Bdp(BdpState),
    /// The d12 declared-action procedure.
    D12(D12State),
    /// Murdham.
    Murdham(MurdhamState),
    /// DR12 zones.
    Dr12(Dr12State),
    /// Sovereign.
    Sovereign(SovState),
}

impl ProcedureState {
    /// Whether nothing is kept (no procedure's state, or an empty one).
    pub fn is_empty(&self) -> bool {
        match self {
            ProcedureState::None => true,
            ProcedureState::Bdp(s) => s.is_empty(),
            ProcedureState::D12(s) => s.is_empty(),
            ProcedureState::Murdham(s) => s.is_empty(),
            ProcedureState::Dr12(s) => s.is_empty(),
            ProcedureState::Sovereign(s) => s.is_empty(),
        }
    }
}

/// An empty state equals none at all: the same encounter whether a procedure has begun
/// keeping state and emptied it, or never kept any (as it reads back from the journal).
impl PartialEq for ProcedureState {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (ProcedureState::Bdp(a), ProcedureState::Bdp(b)) => a == b,
            (ProcedureState::D12(a), ProcedureState::D12(b)) => a == b,
            (ProcedureState::Murdham(a), ProcedureState::Murdham(b)) => a == b,
            (ProcedureState::Dr12(a), ProcedureState::Dr12(b)) => a == b,
            (ProcedureState::Sovereign(a), ProcedureState::Sovereign(b)) => a == b,
            (a, b) => a.is_empty() && b.is_empty(),
        }
    }
}

/// How the state is written: under its procedure's key, empty ones left out.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Stored {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bdp: Option<BdpState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    d12: Option<D12State>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    murdham: Option<MurdhamState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dr12: Option<Dr12State>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sovereign: Option<SovState>,
}

impl From<Stored> for ProcedureState {
    fn from(s: Stored) -> Self {
        match s {
            Stored { bdp: Some(b), .. } if !b.is_empty() => ProcedureState::Bdp(b),
            Stored { d12: Some(d), .. } if !d.is_empty() => ProcedureState::D12(d),
            Stored { murdham: Some(m), .. } if !m.is_empty() => ProcedureState::Murdham(m),
            Stored { dr12: Some(d), .. } if !d.is_empty() => ProcedureState::Dr12(d),
            Stored { sovereign: Some(s), .. } if !s.is_empty() => ProcedureState::Sovereign(s),
            _ => ProcedureState::None,
        }
    }
}

impl From<ProcedureState> for Stored {
    fn from(p: ProcedureState) -> Self {
        match p {
            ProcedureState::Bdp(b) if !b.is_empty() => Stored { bdp: Some(b), ..Stored::default() },
            ProcedureState::D12(d) if !d.is_empty() => Stored { d12: Some(d), ..Stored::default() },
            ProcedureState::Murdham(m) if !m.is_empty() => {
                Stored { murdham: Some(m), ..Stored::default() }
            }
            ProcedureState::Sovereign(s) if !s.is_empty() => {
                Stored { sovereign: Some(s), ..Stored::default() }
            }
            ProcedureState::Dr12(d) if !d.is_empty() => {
                Stored { dr12: Some(d), ..Stored::default() }
            }
            _ => Stored::default(),
        }
    }
}

/// Accessors: the state of one procedure, an empty one when another (or none) is kept; the
/// mutable one (for `apply`) makes it the kept one.
macro_rules! access {
    ($get:ident, $get_mut:ident, $variant:ident, $state:ty) => {
        impl ProcedureState {
            /// This procedure's state (empty when it keeps none).
            pub fn $get(&self) -> &$state {
                static EMPTY: OnceLock<$state> = OnceLock::new();
                match self {
                    ProcedureState::$variant(s) => s,
                    _ => EMPTY.get_or_init(<$state>::default),
                }
            }

            /// This procedure's state, to change (it becomes the state kept).
            pub(crate) fn $get_mut(&mut self) -> &mut $state {
                if !matches!(self, ProcedureState::$variant(_)) {
                    *self = ProcedureState::$variant(<$state>::default());
                }
                match self {
                    ProcedureState::$variant(s) => s,
                    _ => unreachable!("just set"),
                }
            }
        }
    };
}

access!(bdp, bdp_mut, Bdp, BdpState);
access!(d12, d12_mut, D12, D12State);
access!(murdham, murdham_mut, Murdham, MurdhamState);
access!(dr12, dr12_mut, Dr12, Dr12State);
access!(sovereign, sovereign_mut, Sovereign, SovState);

#[cfg(test)]
mod tests {
    use super::ProcedureState;
    use crate::encounter::Encounter;
    use crate::ids::CombatantId;

    #[test]
    fn the_state_is_written_under_its_procedures_key_as_before_and_read_back() {
        let mut enc = Encounter::new("murdham", "Ambush", 1);
        let plain = serde_json::to_value(&enc).unwrap();
        for key in ["bdp", "d12", "murdham", "procedure"] {
            assert!(plain.get(key).is_none(), "an empty state writes nothing: {key}");
        }
        enc.procedure.murdham_mut().turn.id = Some(CombatantId(3));
        let json = serde_json::to_value(&enc).unwrap();
        assert_eq!(json["murdham"]["turn"]["id"], 3, "{json}");
        assert!(json.get("procedure").is_none());
        let back: Encounter = serde_json::from_value(json).unwrap();
        assert_eq!(back, enc);
        assert_eq!(back.murdham().turn.id, Some(CombatantId(3)));
        // Another procedure's state reads as empty; asking to change it makes it the one kept.
        assert!(back.bdp().is_empty());
        let mut other = back.clone();
        other.procedure.d12_mut();
        assert!(other.murdham().is_empty(), "one procedure's state at a time");
        // An emptied state is the same as none (as the journal reads it back).
        assert_eq!(other.procedure, ProcedureState::None);
        assert_ne!(back.procedure, ProcedureState::None);
    }
}
