//! A procedure's step of the round as a type, not a string compared by hand.
//!
//! The encounter keeps the phase it is in as its id (`Encounter::phase`, written in every
//! journal and database as it always was); each procedure names its steps as an enum that
//! implements [`Step`], so its rules ask `Step::Declare.now(enc)` or match on
//! `Step::of(enc)`, a misspelt phase does not compile, and the stepper's rows
//! (`Procedure::PHASES`) and the steps are checked to be the same list.

use crate::encounter::Encounter;
use crate::event::EventKind;
use std::fmt::Debug;

/// The steps of one procedure's round, in the order of its stepper's rows.
pub trait Step: Copy + Eq + Debug + Send + Sync + 'static {
    /// Every step, in the order of the procedure's `PHASES`.
    const ALL: &'static [Self];

    /// Its phase id, as the encounter and the journal write it.
    fn id(self) -> &'static str;

    /// The step the encounter is at; none before the fight (or at a phase the procedure does
    /// not have, which only a forged journal holds).
    fn of(enc: &Encounter) -> Option<Self> {
        Self::ALL.iter().copied().find(|step| step.id() == enc.phase)
    }

    /// Whether the encounter is at this step.
    fn now(self, enc: &Encounter) -> bool {
        self.id() == enc.phase
    }

    /// The fact of the fight entering this step.
    fn entered(self) -> EventKind {
        EventKind::PhaseEntered { phase: self.id().to_owned() }
    }
}

/// Declares a procedure's steps once: the enum `Step` its rules match on, its
/// [`Step`] impl, and `PHASES`, the stepper's rows, in the same order:
///
/// ```text
/// steps! {
///     /// Before the fight.
///     Before = "before", "Before the fight";
///     /// The turns.
///     Turns = "turns", "Turns";
/// }
/// ```
macro_rules! steps {
    ($($(#[$doc:meta])* $step:ident = $id:literal, $label:literal;)+) => {
        /// The steps of a round, a type the rules match on: the rows of [`PHASES`], in order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Step {
            $($(#[$doc])* $step,)+
        }

        impl $crate::system::Step for Step {
            const ALL: &'static [Self] = &[$(Self::$step),+];

            fn id(self) -> &'static str {
                match self {
                    $(Self::$step => $id,)+
                }
            }
        }

        /// The phases of a round, as the stepper shows them.
        const PHASES: &[$crate::system::Phase] = &[
            $($crate::system::Phase { id: $id, label: $label },)+
        ];
    };
}
pub(crate) use steps;
