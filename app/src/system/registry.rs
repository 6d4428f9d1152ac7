//! The procedures as the core meets them: one blanket impl makes every [`Procedure`] a
//! [`System`] (its own command, fact and state reached by downcasting an [`Own`] or the
//! encounter's state), and the list of procedures is installed here at run time by the layer
//! above (`systems::install`, once, from its list in `systems/mod.rs`). Nothing here names a
//! procedure, and nothing in the core depends on `systems`.

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::{Encounter, ProcedureState};
use crate::event::{Event, EventKind};
use crate::own::{Kind, Own, OwnValue, SystemId};
use crate::style::Style;
use crate::system::{BlockSchema, Kept, Phase, Procedure, RuleError, Step, System};
use std::any::Any;
use std::sync::Arc;
use std::sync::OnceLock;

/// The procedures, as installed.
static INSTALLED: OnceLock<&'static [&'static dyn System]> = OnceLock::new();

/// Makes `procedures` the ones Fray knows, in menu order. Only the first call counts (the
/// list is one, in `systems/mod.rs`); ids must differ.
pub fn install(procedures: &'static [&'static dyn System]) {
    INSTALLED.get_or_init(|| procedures);
    // The layers under the rules know the same procedures, as kinds.
    crate::own::install(procedures.iter().map(|&system| system as &dyn Kind).collect());
}

/// What a [`Kind`] hands back as its procedure: `system::System` is above the layer that
/// holds kinds, so the handle is this, downcast.
struct Handle(&'static dyn System);

/// The procedure a kind is, as the rules meet it.
pub fn of_kind(kind: &dyn Kind) -> &'static dyn System {
    match kind.system_any().downcast_ref::<Handle>() {
        Some(handle) => handle.0,
        // Every kind is a procedure (the only impl of `Kind` is the blanket one below).
        None => unreachable!("a kind that is not a procedure: {}", kind.id()),
    }
}

impl SystemId {
    /// The procedure it names, as the rules meet it (an id is only ever a registered
    /// procedure's, so this cannot miss).
    pub fn system(self) -> &'static dyn System {
        of_kind(self.kind())
    }
}

impl Encounter {
    /// The procedure that runs it.
    pub fn system(&self) -> &'static dyn System {
        of_kind(self.procedure.kind())
    }
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

    /// Its state, empty when the encounter is another procedure's.
    fn of(state: &ProcedureState) -> &Self::State {
        Self::state(state).unwrap_or_else(|| Self::empty())
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

impl<P: Procedure> Kind for P {
    fn id(&self) -> SystemId {
        const { SystemId::of_procedure(P::ID, P::SYSTEM) }
    }

    fn system_any(&self) -> &'static dyn Any {
        const { &Handle(P::SYSTEM) }
    }

    fn has_phase(&self, id: &str) -> bool {
        P::PHASES.iter().any(|p| p.id == id)
    }

    fn fresh(&self) -> Arc<dyn OwnValue> {
        Arc::new(P::State::default())
    }

    fn state_is_empty(&self, state: &dyn OwnValue) -> bool {
        state.as_any().downcast_ref::<P::State>().is_none_or(Kept::is_empty)
    }

    fn apply_own(&self, state: &mut dyn OwnValue, event: &Own) {
        if let (Some(own), Some(event)) =
            (state.as_any_mut().downcast_mut::<P::State>(), event.get::<P::Event>())
        {
            own.apply(event);
        }
    }

    fn read_command(&self, value: serde_json::Value) -> serde_json::Result<Own> {
        Own::read::<P::Command>(self.id(), value)
    }

    fn read_event(&self, value: serde_json::Value) -> serde_json::Result<Own> {
        Own::read::<P::Event>(self.id(), value)
    }

    fn read_state(&self, value: serde_json::Value) -> serde_json::Result<Box<dyn OwnValue>> {
        let own: P::State = serde_json::from_value(value)?;
        Ok(Box::new(own))
    }
}

impl<P: Procedure> System for P {
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

    fn waiting_for(&self, encounter: &Encounter, command: &Command) -> Option<String> {
        if P::waits(encounter, command) { P::awaiting(encounter) } else { None }
    }

    fn journal_own(&self, out: &mut String, encounter: &Encounter, event: &Own, style: &dyn Style) {
        if let Some(event) = event.get::<P::Event>() {
            P::journal(out, encounter, event, style);
        }
    }
}

/// A procedure's own event as a journal line (nothing for the core's events).
pub(crate) fn journal_own(
    out: &mut String,
    encounter: &Encounter,
    kind: &EventKind,
    style: &dyn Style,
) {
    if let EventKind::Own(own) = kind {
        own.procedure().system().journal_own(out, encounter, own, style);
    }
}

/// Says whose its own types are, in a procedure's module: `own_types!(Proc: ProcCommand,
/// ProcEvent, ProcState => accessor)` makes the command and fact types the procedure's (so
/// `.into()` makes them the core's) and gives the encounter `enc.accessor()`, the procedure's
/// state (empty on another procedure's encounter).
macro_rules! own_types {
    ($procedure:ident: $command:ty, $event:ty, $state:ty => $accessor:ident) => {
        impl $crate::command::OwnCommand for $command {
            const PROCEDURE: $crate::ids::SystemId = $crate::ids::SystemId::of_procedure(
                <$procedure as $crate::system::Procedure>::ID,
                <$procedure as $crate::system::Procedure>::SYSTEM,
            );
        }

        impl $crate::event::OwnEvent for $event {
            const PROCEDURE: $crate::ids::SystemId = $crate::ids::SystemId::of_procedure(
                <$procedure as $crate::system::Procedure>::ID,
                <$procedure as $crate::system::Procedure>::SYSTEM,
            );
        }

        impl $crate::encounter::Encounter {
            #[doc = concat!("What `", stringify!($procedure), "` keeps of the encounter.")]
            pub fn $accessor(&self) -> &$state {
                <$procedure as $crate::system::Owned>::of(&self.procedure)
            }
        }
    };
}
pub(crate) use own_types;
