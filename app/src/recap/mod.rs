//! The recap of a fight or a session: figures that are pure functions of the events — who
//! dealt and took what, blows and reactions as each procedure counts them, who took whom out,
//! the round the fight turned ([`fight`]), and how the dice fell, per die and per player,
//! tested against fair dice ([`dice`]).

pub mod board;
pub mod dice;
mod facts;
mod fight;
mod figures;
mod session;
mod sides;
pub mod story;
pub mod words;

pub use facts::{Fact, NoBlows, Outcome, Step, Tally, tally_of};
pub use fight::fight;
pub(crate) use fight::fight_and_end;
pub use figures::{Biggest, Closest, FightRecap, Figures, Points, SideFigures, Turned, total};
pub use session::{Person, SessionRecap, evening};

/// The recap of the fight a history holds (the commands in effect).
pub fn of_history(history: &crate::History) -> FightRecap {
    fight(history.base(), history.live_commands(), history.events())
}

#[cfg(test)]
mod tests;
