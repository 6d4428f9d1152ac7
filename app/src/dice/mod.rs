//! Dice: standard notation, rolls with their faces and source, and the sources that answer
//! the engine's requests for dice.
//!
//! - [`Dice`] parses and prints notation such as `d20`, `2d6+1`, `4d6kh3`, `d%`.
//! - [`Roll`] records every face, which were kept, the total, a label and a [`RollSource`]:
//!   the app's seeded RNG or physical dice typed in by the GM.
//! - [`DiceSource`] is what rules code rolls through: [`SeededDice`] (ChaCha, reproducible
//!   per seed and stream), [`PlannedDice`] (typed-in dice first, then the RNG or a request
//!   for more), [`ReplayDice`] (a recorded journal) and [`RecordingDice`] (a wrapper that
//!   keeps what was rolled).

mod error;
mod notation;
mod parse;
mod planned;
mod replay;
mod roll;
mod seeded;
mod source;

#[cfg(test)]
mod proptests;

pub use error::DiceError;
pub use notation::{
    Dice, DiceTerm, Keep, MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_SIDES, MAX_TERMS, Sides, Term,
};
pub use planned::{DieChoice, PlannedDice};
pub use replay::ReplayDice;
pub use roll::{Roll, TermRoll};
pub use seeded::SeededDice;
pub use source::{DiceSource, RecordingDice, RollSource};
