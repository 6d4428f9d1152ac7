//! The procedure's own state, one per encounter, and which procedure it is: the variant says
//! which (the encounter's system is derived from it, so the two can never disagree), and it
//! holds what that procedure keeps (intentions and pending blows, declarations, turns...).
//! The variants come from the list in `systems/mod.rs`; nothing here names a procedure.
//!
//! Stored as it always was: the system's id under `system`, and the state under its
//! procedure's key (`"<id>": {…}`) among the encounter's fields, nothing when it is empty,
//! so journals written before this type existed load unchanged. An unknown id, or a state
//! kept under another procedure's key, is refused with its name.

use crate::system::{Kept, Procedure, Registered, System};
use serde::{Deserialize, Serialize};

/// Generates [`ProcedureState`] and its stored form from the list of procedures.
macro_rules! procedure_state {
    ($($(#[$attr:meta])* $variant:ident($key:ident): $procedure:path,)*) => {
        /// The procedure running the encounter, with the state it keeps (empty before its
        /// fight begins).
        #[derive(Debug, Clone)]
        pub enum ProcedureState {
            $(
                $(#[$attr])*
                #[doc = concat!("The `", stringify!($key), "` procedure.")]
                $variant(<$procedure as Procedure>::State),
            )*
        }

        impl ProcedureState {
            /// The procedure running the encounter.
            pub fn system(&self) -> &'static dyn System {
                match self {
                    $($(#[$attr])* ProcedureState::$variant(_) => &$procedure,)*
                }
            }

            /// Whether the procedure keeps nothing yet (or nothing any more).
            pub fn is_empty(&self) -> bool {
                match self {
                    $($(#[$attr])* ProcedureState::$variant(own) => own.is_empty(),)*
                }
            }

            /// The stored form: the state under its procedure's key, an empty one left out.
            pub(super) fn to_stored(&self) -> Stored {
                let mut stored = Stored::default();
                match self {
                    $(
                        $(#[$attr])*
                        ProcedureState::$variant(own) => {
                            if !own.is_empty() {
                                stored.$key = Some(own.clone());
                            }
                        }
                    )*
                }
                stored
            }

            /// The state of the procedure `system` names, read from its key (empty when the
            /// key is absent). Refused: an id no procedure has, and a state kept under the key
            /// of another procedure.
            pub(super) fn from_stored(system: &str, stored: Stored) -> Result<Self, String> {
                let procedure = crate::system::get(system).map_err(|e| e.to_string())?;
                let mut found = procedure.fresh_state();
                $(
                    $(#[$attr])*
                    if let Some(own) = stored.$key {
                        match <$procedure as Registered>::state_mut(&mut found) {
                            Some(kept) => *kept = own,
                            None if own.is_empty() => {}
                            None => {
                                return Err(format!(
                                    "the encounter is '{system}' but keeps the state of '{}'",
                                    <$procedure as Procedure>::ID
                                ))
                            }
                        }
                    }
                )*
                Ok(found)
            }
        }

        /// An empty state equals none at all: the same encounter whether its procedure has
        /// begun keeping state and emptied it, or never kept any (as it reads back from the
        /// journal, where an empty state is not written).
        impl PartialEq for ProcedureState {
            fn eq(&self, other: &Self) -> bool {
                match (self, other) {
                    $(
                        $(#[$attr])*
                        (ProcedureState::$variant(a), ProcedureState::$variant(b)) => {
                            a == b || (a.is_empty() && b.is_empty())
                        }
                    )*
                    _ => false,
                }
            }
        }

        /// Each procedure's state by its id, for its own code (`enc.<id>()`): only ever asked
        /// of its own encounters (another procedure's reads as empty).
        impl super::Encounter {
            $(
                $(#[$attr])*
                #[doc = concat!("The state of the `", stringify!($key), "` procedure.")]
                pub fn $key(&self) -> &<$procedure as Procedure>::State {
                    self.procedure.of::<$procedure>()
                }
            )*
        }

        /// How the state is written: under its procedure's key, empty ones left out.
        #[derive(Debug, Clone, Default, Serialize, Deserialize)]
        pub(super) struct Stored {
            $(
                $(#[$attr])*
                #[serde(default, skip_serializing_if = "Option::is_none")]
                $key: Option<<$procedure as Procedure>::State>,
            )*
        }
    };
}

crate::systems::procedures!(procedure_state);

impl ProcedureState {
    /// The state `P` keeps. Only `P`'s own code asks, and it runs only on `P`'s encounters;
    /// asked of another procedure's encounter it is empty (and never changes it).
    pub fn of<P: Registered>(&self) -> &P::State {
        match P::state(self) {
            Some(own) => own,
            None => P::empty(),
        }
    }
}
