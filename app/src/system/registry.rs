//! The registered procedures as the core meets them. The list in `systems/mod.rs`
//! (`procedures!`) generates, here, how each procedure's own command, event and state sit in
//! the core's types ([`Registered`]), [`all`], and the dispatch of a procedure's own events to
//! its state and its journal; one blanket impl makes every registered procedure a [`System`].
//! Nothing here names a procedure.

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::{Encounter, ProcedureState};
use crate::event::{Event, EventKind};
use crate::journal::Style;
use crate::system::{BlockSchema, Kept, Phase, Procedure, RuleError, System};

/// A procedure on the list in `systems/mod.rs`: how its own command and state sit in the
/// core's types. Implemented only by that list, so a procedure is a [`System`] exactly when
/// it is registered.
pub trait Registered: Procedure {
    /// Its own command out of a core command, or the command back when it is not one.
    fn own(command: Command) -> Result<Self::Command, Command>;
    /// Its own command inside a core command, if it is one.
    fn own_ref(command: &Command) -> Option<&Self::Command>;
    /// Its state, when the encounter is one of its own.
    fn state(state: &ProcedureState) -> Option<&Self::State>;
    /// Its state to change, when the encounter is one of its own.
    fn state_mut(state: &mut ProcedureState) -> Option<&mut Self::State>;
    /// `state` as an encounter's procedure state.
    fn wrap(state: Self::State) -> ProcedureState;
    /// An empty state, what another procedure's encounter keeps of this one.
    fn empty() -> &'static Self::State;
}

impl<P: Registered> System for P {
    fn id(&self) -> &'static str {
        P::ID
    }

    fn name(&self) -> &'static str {
        P::NAME
    }

    fn phases(&self) -> &'static [Phase] {
        P::PHASES
    }

    fn handle(
        &self,
        encounter: &Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match P::own(command) {
            Ok(own) => self.handle_own(encounter, own, dice),
            Err(other) => self.handle_other(encounter, other, dice),
        }
    }

    fn block_schema(&self) -> BlockSchema {
        P::SCHEMA
    }

    fn script_verbs_of(&self, command: &Command) -> Vec<&'static str> {
        P::own_ref(command).map_or_else(Vec::new, P::verbs_of)
    }

    fn script_command(
        &self,
        encounter: &Encounter,
        verb: &str,
        args: &[String],
    ) -> Result<Command, String> {
        self.script(encounter, verb, args)
    }

    fn fresh_state(&self) -> ProcedureState {
        P::wrap(P::State::default())
    }

    fn waiting_for(&self, encounter: &Encounter, command: &Command) -> Option<String> {
        if P::waits(encounter, command) { P::awaiting(encounter) } else { None }
    }
}

/// Generates the registered side of each procedure from the list.
macro_rules! registry {
    ($($(#[$attr:meta])* $variant:ident($key:ident): $procedure:path,)*) => {
        $(
            $(#[$attr])*
            impl Registered for $procedure {
                fn own(command: Command) -> Result<Self::Command, Command> {
                    match command {
                        Command::$variant(own) => Ok(own),
                        other => Err(other),
                    }
                }

                fn own_ref(command: &Command) -> Option<&Self::Command> {
                    match command {
                        Command::$variant(own) => Some(own),
                        _ => None,
                    }
                }

                fn state(state: &ProcedureState) -> Option<&Self::State> {
                    match state {
                        ProcedureState::$variant(own) => Some(own),
                        _ => None,
                    }
                }

                fn state_mut(state: &mut ProcedureState) -> Option<&mut Self::State> {
                    match state {
                        ProcedureState::$variant(own) => Some(own),
                        _ => None,
                    }
                }

                fn wrap(state: Self::State) -> ProcedureState {
                    ProcedureState::$variant(state)
                }

                fn empty() -> &'static Self::State {
                    static EMPTY: std::sync::OnceLock<<$procedure as Procedure>::State> =
                        std::sync::OnceLock::new();
                    EMPTY.get_or_init(Default::default)
                }
            }
        )*

        /// Every procedure Fray ships, in menu order (the order of the list).
        pub fn all() -> &'static [&'static dyn System] {
            &[$($(#[$attr])* &$procedure,)*]
        }

        /// A procedure's own event applied to the encounter's state: only to the state of the
        /// same procedure (an event of another one, which only a forged journal can hold,
        /// changes nothing). The core's events change nothing here either.
        pub(crate) fn apply_own(state: &mut ProcedureState, kind: &EventKind) {
            match kind {
                $(
                    $(#[$attr])*
                    EventKind::$variant(event) => {
                        if let Some(own) = <$procedure as Registered>::state_mut(state) {
                            own.apply(event);
                        }
                    }
                )*
                _ => {}
            }
        }

        /// A procedure's own event as a journal line (nothing for the core's events).
        pub(crate) fn journal_own<S: Style>(
            out: &mut String,
            encounter: &Encounter,
            kind: &EventKind,
            style: &S,
        ) {
            match kind {
                $(
                    $(#[$attr])*
                    EventKind::$variant(event) => {
                        <$procedure as Procedure>::journal(out, encounter, event, style)
                    }
                )*
                _ => {}
            }
        }
    };
}

crate::systems::procedures!(registry);
