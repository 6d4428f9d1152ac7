//! The procedures as the core meets them: one blanket impl makes every [`Procedure`] a
//! [`System`] (its own command, fact and state reached by downcasting an [`Own`] or the
//! encounter's state), and the list of procedures is installed here at run time by the layer
//! above (`systems::install`, once, from its list in `systems/mod.rs`). Nothing here names a
//! procedure, and nothing in the core depends on `systems`.

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::{Encounter, ProcedureState};
use crate::event::{Event, EventKind};
use crate::journal::Style;
use crate::system::own::{Own, OwnValue};
use crate::system::{BlockSchema, Kept, Phase, Procedure, RuleError, Step, System};
use std::sync::OnceLock;

/// The procedures, as installed.
static INSTALLED: OnceLock<&'static [&'static dyn System]> = OnceLock::new();

/// Makes `procedures` the ones Fray knows, in menu order. Only the first call counts (the
/// list is one, in `systems/mod.rs`); ids must differ.
pub fn install(procedures: &'static [&'static dyn System]) {
    INSTALLED.get_or_init(|| procedures);
}

/// Every procedure Fray knows, in menu order: the installed list, empty before it is
/// installed (and then every id is refused as unknown, by name).
pub fn all() -> &'static [&'static dyn System] {
    // The core's own tests run against the real procedures without a program to install
    // them.
    #[cfg(test)]
    crate::systems::install();
    INSTALLED.get().copied().unwrap_or(&[])
}

/// How a procedure's own values sit in the core's types: its command and fact as an [`Own`],
/// its state as the encounter's [`ProcedureState`].
pub trait Owned: Procedure {
    /// Its own command, if `command` is one.
    fn own_ref(command: &Command) -> Option<&Self::Command> {
        match command {
            Command::Own(own) if own.procedure() == Self::ID => own.get(),
            _ => None,
        }
    }

    /// Its state, when the encounter is one of its own.
    fn state(state: &ProcedureState) -> Option<&Self::State> {
        state.value().as_any().downcast_ref()
    }

    /// Its state to change, when the encounter is one of its own.
    fn state_mut(state: &mut ProcedureState) -> Option<&mut Self::State> {
        state.value_mut().as_any_mut().downcast_mut()
    }

    /// An empty state, what another procedure's encounter keeps of this one.
    fn empty() -> &'static Self::State {
        crate::system::own::empty()
    }
}

impl<P: Procedure> Owned for P {}

impl<P: Procedure> System for P {
    fn id(&self) -> &'static str {
        P::ID
    }

    fn name(&self) -> &'static str {
        P::NAME
    }

    fn phases(&self) -> &'static [Phase] {
        P::PHASES
    }

    fn step_ids(&self) -> Vec<&'static str> {
        P::Step::ALL.iter().map(|step| step.id()).collect()
    }

    fn handle(
        &self,
        encounter: &Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match P::own_ref(&command) {
            Some(own) => self.handle_own(encounter, own.clone(), dice),
            None => self.handle_other(encounter, command, dice),
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

    fn fresh_state(&'static self) -> ProcedureState {
        ProcedureState::new(self, P::State::default())
    }

    fn waiting_for(&self, encounter: &Encounter, command: &Command) -> Option<String> {
        if P::waits(encounter, command) { P::awaiting(encounter) } else { None }
    }

    fn state_is_empty(&self, state: &dyn OwnValue) -> bool {
        state.as_any().downcast_ref::<P::State>().is_none_or(Kept::is_empty)
    }

    fn apply_own(&self, state: &mut ProcedureState, event: &Own) {
        if let (Some(own), Some(event)) = (P::state_mut(state), event.get::<P::Event>()) {
            own.apply(event);
        }
    }

    fn journal_own(&self, out: &mut String, encounter: &Encounter, event: &Own, style: &dyn Style) {
        if let Some(event) = event.get::<P::Event>() {
            P::journal(out, encounter, event, style);
        }
    }

    fn read_command(&self, value: serde_json::Value) -> serde_json::Result<Command> {
        let own: P::Command = serde_json::from_value(value)?;
        Ok(Command::Own(Own::new(P::ID, own)))
    }

    fn read_event(&self, value: serde_json::Value) -> serde_json::Result<EventKind> {
        let own: P::Event = serde_json::from_value(value)?;
        Ok(EventKind::Own(Own::new(P::ID, own)))
    }

    fn read_state(&self, value: serde_json::Value) -> serde_json::Result<Box<dyn OwnValue>> {
        let own: P::State = serde_json::from_value(value)?;
        Ok(Box::new(own))
    }
}

/// A procedure's own event applied to the encounter's state: only to the state of the same
/// procedure (an event of another one, which only a forged journal can hold, changes
/// nothing). The core's events change nothing here either.
pub(crate) fn apply_own(state: &mut ProcedureState, kind: &EventKind) {
    if let EventKind::Own(own) = kind
        && own.procedure() == state.system().id()
    {
        let procedure = state.system();
        procedure.apply_own(state, own);
    }
}

/// A procedure's own event as a journal line (nothing for the core's events, nor for the
/// event of a procedure that is not installed).
pub(crate) fn journal_own(
    out: &mut String,
    encounter: &Encounter,
    kind: &EventKind,
    style: &dyn Style,
) {
    if let EventKind::Own(own) = kind
        && let Some(procedure) = super::by_id(own.procedure())
    {
        procedure.journal_own(out, encounter, own, style);
    }
}
