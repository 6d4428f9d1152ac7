//! A procedure's typed face.
//!
//! Each procedure implements [`Procedure`]: its id, name and phases, its own command, event
//! and state types (cqrs-style: `handle_own` may fail, before its first event; its state's
//! `apply` cannot), its journal wording, and [`Rules`] for everything the screens and the simulator ask. One
//! blanket impl in [`super::registry`] makes every procedure a [`System`]; the core holds its
//! own values without naming their types (see [`super::own`]), and the list in
//! `systems/mod.rs` is the only place that names the procedures.

use crate::command::{Command, OwnCommand};
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::{Event, OwnEvent};
use crate::style::Style;
use crate::system::{BlockSchema, Phase, RuleError, Rules, Step, System};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// One part a procedure hands a layer above the rules, whose type that layer names
/// (`&'static dyn recap::Tally`, `&'static dyn campaign::Aftermath`): the rules cannot name
/// those layers, so they carry it without knowing its type.
pub type Part = &'static (dyn std::any::Any + Send + Sync);

/// What a procedure keeps between events: empty before its fight begins, changed only by
/// its own events (`apply` cannot fail).
pub trait Kept<E>:
    Debug + Clone + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Whether nothing is kept (it is then not written): by default, when it is as it began.
    fn is_empty(&self) -> bool {
        *self == Self::default()
    }
    /// The state after `event`.
    fn apply(&mut self, event: &E);
}

/// A combat procedure with its own types. Implement this (and [`Rules`]), say which procedure
/// its command and fact types belong to ([`crate::command::OwnCommand`],
/// [`crate::event::OwnEvent`]) and add one line to the list in `systems/mod.rs`; everything
/// else follows.
pub trait Procedure: Rules + Sized + Send + Sync + 'static {
    /// Stable id, stored in every encounter and journal (`system <id>` in scripts).
    const ID: &'static str;
    /// Name shown to the GM.
    const NAME: &'static str;
    /// The phases of a round, in order: the stepper's rows.
    const PHASES: &'static [Phase];
    /// The same phases as a type its rules match on, in the same order (checked).
    type Step: Step;
    /// The fields of its stat blocks and character sheets.
    const SCHEMA: BlockSchema;
    /// Its own commands (the steps only it knows).
    type Command: OwnCommand + Clone + DeserializeOwned;
    /// Its own facts.
    type Event: OwnEvent + Clone + DeserializeOwned;
    /// The procedure itself, as the core holds it (`&Self`): how the layers under the rules,
    /// which hold a procedure as a [`crate::own::Kind`], give it back as a [`System`].
    const SYSTEM: &'static dyn System;
    /// What it keeps between events.
    type State: Kept<Self::Event>;
    /// What it hands the layers above the rules (its recap's tally, its rules between
    /// fights): each layer finds its own part by type ([`System::part`]) and uses its own
    /// default when a procedure hands none. None by default.
    const PARTS: &'static [Part] = &[];

    /// Checks one of its own commands and applies its events to `enc`, rolling through
    /// `dice`; returns the events. Every refusal comes before the first event.
    fn handle_own(
        &self,
        enc: &mut Encounter,
        command: Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError>;

    /// Every other command: the shared handling, unless the procedure treats one specially
    /// (applied to `enc` like [`Procedure::handle_own`]).
    fn handle_other(
        &self,
        enc: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError>
    where
        Self: System,
    {
        crate::system::handle_common(self, enc, command, dice)
    }

    /// What the procedure waits for before the fight can move on (a reaction to a blow,
    /// a Test against an attack), in the GM's words ("first answer the blow on Harald: how
    /// does it react?"); `None` when nothing waits. Checked in one place ([`super::waiting`]),
    /// before any handler, for the commands [`Procedure::waits`] names.
    fn awaiting(enc: &Encounter) -> Option<String> {
        let _ = enc;
        None
    }

    /// Whether `command` must wait while [`Procedure::awaiting`] says something does: a
    /// command that moves the fight on, as opposed to an answer or a GM's own edit. By
    /// default only the stepper's Next.
    fn waits(enc: &Encounter, command: &Command) -> bool {
        let _ = enc;
        matches!(command, Command::Advance)
    }

    /// The script verbs one of its commands stands for.
    fn verbs_of(command: &Self::Command) -> Vec<&'static str> {
        let _ = command;
        Vec::new()
    }

    /// A script line starting with one of [`Rules::script_verbs`] as a command.
    fn script(&self, enc: &Encounter, verb: &str, args: &[String]) -> Result<Command, String> {
        let _ = (enc, args);
        Err(format!("{} has no '{verb}' command", Self::NAME))
    }

    /// One of its events as a journal line.
    fn journal(out: &mut String, enc: &Encounter, event: &Self::Event, style: &dyn Style);
}
