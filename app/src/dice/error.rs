//! Everything that can go wrong while parsing, rolling, typing in or replaying dice.

use thiserror::Error;

/// A dice expression that does not parse, a typed-in roll that does not fit its dice, or a
/// dice source that cannot answer.
///
/// Parse errors name the 1-based column (in characters) of the offending spot, so the UI can
/// point at it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceError {
    /// The expression is empty or only whitespace.
    #[error("empty dice expression")]
    Empty,
    /// The expression ended where something else was needed.
    #[error("expected {expected} at column {column}")]
    Expected {
        /// What the parser needed, e.g. "die size after 'd'".
        expected: &'static str,
        /// 1-based column just past the end of the input.
        column: usize,
    },
    /// A character that cannot appear here.
    #[error("unexpected '{found}' at column {column}: expected {expected}")]
    Unexpected {
        /// The character found, as typed.
        found: char,
        /// 1-based column of `found`.
        column: usize,
        /// What could have appeared here instead.
        expected: &'static str,
    },
    /// A term with zero dice, such as `0d6`.
    #[error("no dice at column {column}: a term needs at least 1 die")]
    NoDice {
        /// 1-based column of the count.
        column: usize,
    },
    /// More than [`MAX_DICE_PER_TERM`](super::MAX_DICE_PER_TERM) dice in one term.
    #[error("too many dice at column {column}: at most {max} per term")]
    TooManyDice {
        /// 1-based column of the count.
        column: usize,
        /// The limit.
        max: u32,
    },
    /// A die with zero sides, such as `d0`.
    #[error("die size 0 at column {column}: a die needs at least 1 side")]
    NoSides {
        /// 1-based column of the size.
        column: usize,
    },
    /// A die with more than [`MAX_SIDES`](super::MAX_SIDES) sides.
    #[error("die too large at column {column}: at most {max} sides")]
    TooManySides {
        /// 1-based column of the size.
        column: usize,
        /// The limit.
        max: u32,
    },
    /// A keep count of zero or above the number of dice, such as `2d20kh3`.
    #[error("cannot keep {keep} at column {column}: the term rolls {count} dice")]
    BadKeep {
        /// 1-based column of the keep count.
        column: usize,
        /// The keep count written.
        keep: u32,
        /// The number of dice in the term.
        count: u32,
    },
    /// More than [`MAX_TERMS`](super::MAX_TERMS) terms.
    #[error("too many terms at column {column}: at most {max}")]
    TooManyTerms {
        /// 1-based column of the first term past the limit.
        column: usize,
        /// The limit.
        max: usize,
    },
    /// A constant outside ±[`MAX_CONSTANT`](super::MAX_CONSTANT).
    #[error("number too large at column {column}: constants are at most {max}")]
    ConstantTooLarge {
        /// 1-based column of the number.
        column: usize,
        /// The limit.
        max: i64,
    },
    /// Something at a column the parser cannot take, said in words: a keep or drop count the
    /// group cannot give, a divisor that can be 0, a modifier given twice, a reroll that
    /// would never stop.
    #[error("{what} at column {column}: {why}")]
    Bad {
        /// What is wrong ("division", "cannot drop 4").
        what: String,
        /// 1-based column of the spot.
        column: usize,
        /// Why.
        why: String,
    },
    /// A parse error that a small edit at its spot mends: the error, then the mended form.
    #[error("{error}; did you mean '{suggestion}'?")]
    Suggest {
        /// The error itself.
        error: Box<DiceError>,
        /// The nearest form that parses, printed canonically.
        suggestion: String,
    },
    /// A [`Dice`](super::Dice) built in code (not parsed) breaks one of the limits.
    #[error("invalid dice '{dice}': {reason}")]
    Invalid {
        /// The expression as printed.
        dice: String,
        /// Which limit it breaks.
        reason: String,
    },
    /// Typed-in faces whose number does not match the dice (for dice that explode or
    /// reroll: the faces ran out, or some were left over).
    #[error("expected {expected} {} for {dice}, got {got}", face_word(.expected))]
    WrongFaceCount {
        /// The expression.
        dice: String,
        /// Faces needed.
        expected: usize,
        /// Faces given.
        got: usize,
    },
    /// Typed-in faces that ran out: a die exploded or was rerolled and needs another.
    #[error("{dice} needs more faces than the {got} typed: a die exploded or was rerolled")]
    MoreFaces {
        /// The expression.
        dice: String,
        /// Faces given.
        got: usize,
    },
    /// A typed token that is not a face of the die it lands on ("7" on a d6, "x").
    #[error("'{token}' is not a face of a {die}{hint}", hint = if die == "dF" { ": type -, 0 or +" } else { "" })]
    NotATypedFace {
        /// The token as typed.
        token: String,
        /// The die, e.g. "d6" or "dF".
        die: String,
    },
    /// Nothing typed for dice that need faces.
    #[error("type the faces, e.g. 4 3")]
    NoFacesTyped,
    /// A typed-in face the die cannot show, such as 7 on a d6.
    #[error("{face} is not a face of a {die}")]
    NotAFace {
        /// The face typed.
        face: u32,
        /// The die, e.g. "d6" or "d%".
        die: String,
    },
    /// A recorded roll whose kept dice or totals do not follow from its faces.
    #[error("recorded roll does not add up: {roll}")]
    Inconsistent {
        /// The roll's summary.
        roll: String,
    },
    /// The plan ran out in table-dice mode: the GM must type this roll.
    #[error("need table dice for '{label}' ({dice})")]
    NeedTableDice {
        /// The expression to roll.
        dice: String,
        /// What the roll is for.
        label: String,
        /// Whose roll it is, when it is someone's.
        roller: Option<String>,
    },
    /// A replayed journal asked for different dice than were recorded.
    #[error("replay mismatch: the journal has {expected} but the engine asked for {got}")]
    ReplayMismatch {
        /// The recorded roll, as "d8 for 'Harald attack'".
        expected: String,
        /// The request, in the same form.
        got: String,
    },
    /// A replay asked for more rolls than were recorded.
    #[error("replay ran out of recorded rolls")]
    ReplayExhausted,
}

/// "face" for one, "faces" otherwise ("expected 1 face for d8").
fn face_word(n: &usize) -> &'static str {
    if *n == 1 { "face" } else { "faces" }
}
