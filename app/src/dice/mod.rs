//! Dice: standard notation, rolls with their faces and source, and the sources that answer
//! the engine's requests for dice.
//!
//! - [`Dice`] parses and prints notation such as `d20`, `2d6+1`, `4d6kh3`, `4d6dl1`, `d%`,
//!   `4dF`, `d6!p`, `4d6r1`, `6d10>=8f1`, `(d6+1)*2`, `{2d8,d12}kh1`, `2d6 [fire]`.
//! - [`Distribution`] is the chance of each total of an expression ([`Dice::distribution`]):
//!   exact by convolution, or estimated from seeded rolls where exact is too big.
//! - [`Roll`] records every face, which were kept, the total, a label and a [`RollSource`]:
//!   the app's seeded RNG or physical dice typed in by the GM.
//! - [`DiceSource`] is what rules code rolls through: [`SeededDice`] (ChaCha, reproducible
//!   per seed and stream), [`PlannedDice`] (typed-in dice first, then the RNG or a request
//!   for more), [`ReplayDice`] (a recorded journal) and [`RecordingDice`] (a wrapper that
//!   keeps what was rolled).

mod distribution;
mod error;
mod notation;
mod parse;
mod planned;
mod replay;
mod roll;
mod seeded;
mod source;
mod typed;

#[cfg(test)]
mod proptests;

pub use distribution::{Distribution, MAX_OUTCOMES, SAMPLES, sampled};
pub use error::DiceError;
pub use notation::{
    Compare, CompareOp, Dice, DiceTerm, Explode, Keep, MAX_CONSTANT, MAX_DEPTH, MAX_DICE_PER_TERM,
    MAX_EXPLOSIONS, MAX_EXPONENT, MAX_REROLLS, MAX_SIDES, MAX_TERMS, MAX_TOTAL, Node, Notation,
    Reroll, Sides, Success,
};
pub use planned::{DieChoice, PlannedDice};
pub use replay::ReplayDice;
pub use roll::{Faces, KeptFlags, Roll, TermRoll, Terms, push_face};
pub use seeded::SeededDice;
pub use source::{DiceSource, RecordingDice, RollSource};
pub use typed::read_faces;
