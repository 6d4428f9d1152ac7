//! The procedures as the core meets them: one blanket impl makes every [`Procedure`] a
//! [`System`] (its own command, fact and state reached by downcasting an [`Own`] or the
//! encounter's state). The core holds no list of procedures: the registry value is built once
//! by the layer above (`systems::registry`, from its list in `systems/mod.rs`) and passed to
//! whoever lists them; building it hands the layers under the rules the ids they read text
//! as ([`install`]). Nothing here names a procedure, and nothing in the core depends on
//! `systems`.

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::{Encounter, ProcedureState};
use crate::event::{Event, EventKind};
use crate::own::{Kind, Own, OwnValue, SystemId};
use crate::style::Style;
use crate::system::{BlockSchema, Kept, Phase, Procedure, RuleError, Step, System};
use std::any::Any;
use std::sync::Arc;

/// Makes `procedures` the ones whose ids text reads as (serde meets an id without a registry
/// to ask): called once, by the registry as it is built (`systems::registry`).
pub(crate) fn install(procedures: &[&'static dyn System]) {
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

    /// Its own command, if `command` is one, taken out of it; else `command` unchanged.
    fn own_take(command: Command) -> Result<Self::Command, Command> {
        match command {
            Command::Own(own) if own.procedure() == Self::ID => own.take().map_err(Command::Own),
            other => Err(other),
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
        encounter: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        // Moved out of the command, not copied: every step of a simulated fight comes here.
        match P::own_take(command) {
            Ok(own) => self.handle_own(encounter, own, dice),
            Err(command) => self.handle_other(encounter, command, dice),
        }
    }

    fn block_schema(&self) -> BlockSchema {
        P::SCHEMA
    }

    fn parts(&self) -> &'static [crate::system::Part] {
        P::PARTS
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
            #[doc = concat!("What `", stringify!($procedure), "` keeps of the encounter (as it")]
            #[doc = "began, on another procedure's encounter)."]
            pub fn $accessor(&self) -> &$state {
                static EMPTY: std::sync::LazyLock<$state> =
                    std::sync::LazyLock::new(<$state>::default);
                <$procedure as $crate::system::Owned>::state(&self.procedure).unwrap_or(&EMPTY)
            }
        }
    };
}
pub(crate) use own_types;
