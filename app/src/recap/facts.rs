//! What a procedure says about one command of a fight, for the recap: the blows it struck and
//! how they fell, the reactions taken, critical hits and fumbles, and who harmed whom. The
//! core counts damage, who went down, turns and rounds itself; only the procedure knows what
//! a blow, a reaction or a critical hit is in its rules, so each answers through [`Tally`],
//! reading the command, its events and the encounter as it stood before (never new state).

use std::any::Any;

use crate::command::Command;
use crate::dice::Roll;
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;

/// How a blow fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It reached the target (armour may still have stopped the harm).
    Landed,
    /// The attack roll failed.
    Missed,
    /// The target's reaction turned it aside.
    Avoided,
}

/// One fact of a command, as the procedure reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// `by` struck at `on`, and how it fell. Also says whose harm `on` takes in this command.
    Blow {
        /// The striker.
        by: CombatantId,
        /// The target.
        on: CombatantId,
        /// How it fell.
        outcome: Outcome,
    },
    /// Harm `on` takes in this command is `by`'s (a blow counted at an earlier command, whose
    /// damage is rolled now; a counter-blow).
    Harms {
        /// Who deals it.
        by: CombatantId,
        /// Who takes it.
        on: CombatantId,
    },
    /// `who` reacted to `against`'s blow with `what`; `turned_aside` when it kept the blow
    /// off entirely.
    Reaction {
        /// The one reacting.
        who: CombatantId,
        /// The attacker, if one is known.
        against: Option<CombatantId>,
        /// The reaction in the procedure's words ("dodge", "counter").
        what: String,
        /// The blow was kept off.
        turned_aside: bool,
    },
    /// A critical hit, as the procedure defines one.
    Critical {
        /// Who scored it.
        by: Option<CombatantId>,
        /// On whom.
        on: CombatantId,
    },
    /// A fumble, as the procedure defines one.
    Fumble {
        /// Who fumbled.
        by: CombatantId,
    },
}

/// One command of the fight as the recap reads it: the encounter before it, the command and
/// the events it produced.
pub struct Step<'a> {
    /// The encounter as it stood before the command.
    pub before: &'a Encounter,
    /// The command.
    pub command: &'a Command,
    /// Its events, in order.
    pub events: &'a [Event],
}

impl<'a> Step<'a> {
    /// The command as the procedure's own type, if it is one.
    pub fn own_command<T: Any>(&self) -> Option<&'a T> {
        match self.command {
            Command::Own(own) => own.get::<T>(),
            _ => None,
        }
    }

    /// The procedure's own facts of type `T`, with their events.
    pub fn own_events<T: Any>(&self) -> impl Iterator<Item = (&'a Event, &'a T)> + 'a {
        self.events.iter().filter_map(|e| match &e.kind {
            EventKind::Own(own) => own.get::<T>().map(|t| (e, t)),
            _ => None,
        })
    }

    /// The rolls of the command, with their events.
    pub fn rolls(&self) -> impl Iterator<Item = (&'a Event, &'a Roll)> + 'a {
        self.events.iter().filter_map(|e| match &e.kind {
            EventKind::Rolled { roll, .. } => Some((e, &**roll)),
            _ => None,
        })
    }

    /// Points `id` lost on any track in this command (healing not subtracted).
    pub fn lost(&self, id: CombatantId) -> i64 {
        self.events
            .iter()
            .map(|e| match &e.kind {
                EventKind::TrackSet { id: who, from, to, .. } if *who == id && to < from => {
                    from - to
                }
                _ => 0,
            })
            .sum()
    }

    /// Whether `id` gained `condition` in this command.
    pub fn gained(&self, id: CombatantId, condition: &str) -> bool {
        self.events.iter().any(|e| {
            matches!(&e.kind, EventKind::ConditionAdded { id: who, condition: c }
                if *who == id && c == condition)
        })
    }

    /// The first kept face of the first roll made by `id` in this command.
    pub fn natural_of(&self, id: CombatantId) -> Option<u32> {
        self.rolls()
            .find(|(e, _)| e.actor == Some(id))
            .and_then(|(_, r)| r.kept_faces().first().copied())
    }
}

/// How one procedure reads its commands for the recap.
pub trait Tally: Sync {
    /// The facts of one command, pushed onto `out`.
    fn read(&self, step: &Step<'_>, out: &mut Vec<Fact>);

    /// The tracks whose loss is harm, when not the procedure's main tracks of harm and stress
    /// (a track a blow reaches that no token shows first).
    fn harm_tracks(&self) -> Option<&'static [&'static str]> {
        None
    }

    /// How this procedure counts each figure, in the app's words, for the recap's legend:
    /// `(figure, how)` pairs ("Critical hits", "a blow that reaches STR past the HP").
    fn words(&self) -> &'static [(&'static str, &'static str)];
}

/// How `system` reads its blows: the part it hands over as a `&'static dyn Tally`
/// (`Procedure::PARTS`), or [`NoBlows`] for a procedure with no rules of blows (freeform).
pub fn tally_of(system: &dyn crate::system::System) -> &'static dyn Tally {
    let handed = system.parts().iter().find_map(|part| part.downcast_ref::<&dyn Tally>());
    handed.copied().unwrap_or(&NoBlows)
}

/// A procedure with no rules of blows (freeform): the recap counts damage, who went down and
/// turns from the events alone.
pub struct NoBlows;

impl Tally for NoBlows {
    fn read(&self, _step: &Step<'_>, _out: &mut Vec<Fact>) {}

    fn words(&self) -> &'static [(&'static str, &'static str)] {
        &[("Blows", "not counted: this procedure has no rules of blows")]
    }
}
