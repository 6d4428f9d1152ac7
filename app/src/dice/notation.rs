//! The dice expression types, their canonical printing and their limits.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::DiceError;

/// Most dice one term may roll (`1000d6` is the largest pool).
pub const MAX_DICE_PER_TERM: u32 = 1_000;
/// Most sides one die may have (`d10000`).
pub const MAX_SIDES: u32 = 10_000;
/// Most terms one expression may have.
pub const MAX_TERMS: usize = 20;
/// Largest constant, either sign.
pub const MAX_CONSTANT: i64 = 1_000_000;

/// A parsed dice expression such as `2d6+1` or `4d6kh3`.
///
/// Parse with [`Dice::parse`] or [`str::parse`]; print with `Display`, which gives the
/// canonical form (lowercase, no spaces, count 1 omitted). Serde uses that string too.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Dice {
    /// The terms, added up in order.
    pub terms: Vec<Term>,
}

/// One term of an expression: a group of dice or a signed constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Term {
    /// A group of identical dice, such as `2d8kh1`.
    Dice(DiceTerm),
    /// A constant, negative when subtracted (`d20-2` ends with `Constant(-2)`).
    Constant(i64),
}

/// A group of identical dice, such as `4d6kh3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiceTerm {
    /// How many dice, 1 to [`MAX_DICE_PER_TERM`].
    pub count: u32,
    /// The kind of die.
    pub sides: Sides,
    /// Which dice count towards the total; `None` keeps them all.
    pub keep: Option<Keep>,
    /// Whether the term is subtracted (`d20-d4`).
    pub negative: bool,
}

/// The kind of die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sides {
    /// A die numbered 1 to N, printed `dN`.
    N(u32),
    /// Percentile dice, 1 to 100, printed `d%`.
    Percent,
}

/// Which dice of a group count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Keep {
    /// Keep the N highest (`kh`).
    Highest(u32),
    /// Keep the N lowest (`kl`).
    Lowest(u32),
}

impl Sides {
    /// The highest face; the lowest is always 1.
    pub fn faces(self) -> u32 {
        match self {
            Sides::N(n) => n,
            Sides::Percent => 100,
        }
    }
}

impl fmt::Display for Sides {
    /// Prints the die alone: `d6`, `d%`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sides::N(n) => write!(f, "d{n}"),
            Sides::Percent => f.write_str("d%"),
        }
    }
}

impl Keep {
    /// How many dice are kept.
    pub fn count(self) -> u32 {
        match self {
            Keep::Highest(n) | Keep::Lowest(n) => n,
        }
    }
}

impl DiceTerm {
    /// How many dice count towards the total.
    pub fn kept_count(&self) -> u32 {
        self.keep.map_or(self.count, Keep::count)
    }

    /// Smallest and largest value of the term, sign included.
    fn range(&self) -> (i64, i64) {
        // Saturating, so dice built in code far past the limits cannot overflow.
        let kept = i64::from(self.kept_count());
        let low = kept;
        let high = kept.saturating_mul(i64::from(self.sides.faces()));
        if self.negative { (-high, -low) } else { (low, high) }
    }

    /// The first limit this term breaks, if any.
    fn problem(&self) -> Option<String> {
        if self.count == 0 {
            return Some("a term needs at least 1 die".into());
        }
        if self.count > MAX_DICE_PER_TERM {
            return Some(format!("at most {MAX_DICE_PER_TERM} dice per term"));
        }
        match self.sides {
            Sides::N(0) => return Some("a die needs at least 1 side".into()),
            Sides::N(n) if n > MAX_SIDES => {
                return Some(format!("at most {MAX_SIDES} sides per die"));
            }
            _ => {}
        }
        match self.keep {
            Some(keep) if keep.count() == 0 || keep.count() > self.count => {
                Some(format!("cannot keep {} of {} dice", keep.count(), self.count))
            }
            _ => None,
        }
    }
}

impl fmt::Display for DiceTerm {
    /// Prints the term without its sign: `d20`, `4d6kh3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "{}", self.sides)?;
        match self.keep {
            Some(Keep::Highest(n)) => write!(f, "kh{n}"),
            Some(Keep::Lowest(n)) => write!(f, "kl{n}"),
            None => Ok(()),
        }
    }
}

impl Dice {
    /// Parses standard notation: `d20`, `2d6+1`, `4d6kh3`, `d%`, `d6 + d8`, `5`.
    ///
    /// Spaces are allowed around terms and uppercase is accepted; see [`DiceError`] for
    /// the messages.
    pub fn parse(input: &str) -> Result<Dice, DiceError> {
        super::parse::parse(input)
    }

    /// One die with `sides` sides (`Dice::die(20)` is `d20`). Not checked against the
    /// limits: rolling an out-of-range die returns [`DiceError::Invalid`].
    pub fn die(sides: u32) -> Dice {
        Dice::pool(1, sides)
    }

    /// `count` dice with `sides` sides, all kept (`Dice::pool(3, 6)` is `3d6`). Not checked
    /// against the limits, like [`Dice::die`].
    pub fn pool(count: u32, sides: u32) -> Dice {
        Dice {
            terms: vec![Term::Dice(DiceTerm {
                count,
                sides: Sides::N(sides),
                keep: None,
                negative: false,
            })],
        }
    }

    /// The same dice with `n` added (`d12` plus −2 is `d12-2`); a trailing constant absorbs
    /// it, and adding 0 changes nothing.
    pub fn plus(mut self, n: i64) -> Dice {
        if n == 0 {
            return self;
        }
        let several = self.terms.len() > 1;
        match self.terms.last_mut() {
            Some(Term::Constant(c)) if several => {
                *c += n;
                if *c == 0 {
                    self.terms.pop();
                }
            }
            _ => self.terms.push(Term::Constant(n)),
        }
        self
    }

    /// The mean total (`5d8+15` averages 37.5). Exact for dice kept whole; a keep-highest or
    /// keep-lowest term counts as the middle of its range.
    pub fn average(&self) -> f64 {
        (self.min() + self.max()) as f64 / 2.0
    }

    /// Total number of dice to roll, across all terms (dropped dice included).
    pub fn dice_count(&self) -> u32 {
        // Saturating, so dice built in code far past the limits cannot overflow.
        self.dice_terms().fold(0, |sum, t| sum.saturating_add(t.count))
    }

    /// The dice terms, in order, skipping constants.
    pub fn dice_terms(&self) -> impl Iterator<Item = &DiceTerm> {
        self.terms.iter().filter_map(|term| match term {
            Term::Dice(dice) => Some(dice),
            Term::Constant(_) => None,
        })
    }

    /// Smallest possible total.
    pub fn min(&self) -> i64 {
        self.terms.iter().fold(0, |sum, t| sum.saturating_add(term_range(t).0))
    }

    /// Largest possible total.
    pub fn max(&self) -> i64 {
        self.terms.iter().fold(0, |sum, t| sum.saturating_add(term_range(t).1))
    }

    /// Checks a `Dice` built in code against the limits the parser enforces: 1 to
    /// [`MAX_TERMS`] terms, 1 to [`MAX_DICE_PER_TERM`] dice of 1 to [`MAX_SIDES`] sides,
    /// keep counts between 1 and the term's dice, constants within ±[`MAX_CONSTANT`].
    /// Parsed dice always pass.
    pub fn validate(&self) -> Result<(), DiceError> {
        let problem = if self.terms.is_empty() {
            Some("no terms".to_string())
        } else if self.terms.len() > MAX_TERMS {
            Some(format!("at most {MAX_TERMS} terms"))
        } else {
            self.terms.iter().find_map(|term| match term {
                Term::Dice(dice) => dice.problem(),
                Term::Constant(c) if c.abs() > MAX_CONSTANT => {
                    Some(format!("constants are at most {MAX_CONSTANT}"))
                }
                Term::Constant(_) => None,
            })
        };
        match problem {
            None => Ok(()),
            Some(reason) => Err(DiceError::Invalid { dice: self.to_string(), reason }),
        }
    }
}

/// Smallest and largest value of one term.
fn term_range(term: &Term) -> (i64, i64) {
    match term {
        Term::Dice(dice) => dice.range(),
        Term::Constant(c) => (*c, *c),
    }
}

impl fmt::Display for Dice {
    /// The canonical form: terms in order, `+`/`-` between them, no spaces, lowercase,
    /// count 1 omitted. A leading subtraction prints as `-d4`, never `+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            match term {
                Term::Dice(dice) => {
                    if dice.negative {
                        f.write_str("-")?;
                    } else if i > 0 {
                        f.write_str("+")?;
                    }
                    write!(f, "{dice}")?;
                }
                Term::Constant(c) => {
                    if *c < 0 {
                        write!(f, "-{}", c.unsigned_abs())?;
                    } else if i > 0 {
                        write!(f, "+{c}")?;
                    } else {
                        write!(f, "{c}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for Dice {
    type Err = DiceError;

    fn from_str(s: &str) -> Result<Dice, DiceError> {
        Dice::parse(s)
    }
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Dice, D::Error> {
        // A Cow would avoid a copy for borrowed input, but an owned String accepts every
        // format (escaped JSON strings cannot be borrowed) and dice strings are tiny.
        let text = String::deserialize(deserializer)?;
        Dice::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn plus_and_average() {
        let d = |s: &str| super::Dice::parse(s).unwrap();
        assert_eq!(d("d12").plus(-2).to_string(), "d12-2");
        assert_eq!(d("d12").plus(1).to_string(), "d12+1");
        assert_eq!(d("d12").plus(0).to_string(), "d12");
        assert_eq!(d("5d8+3").plus(12).to_string(), "5d8+15");
        assert_eq!(d("d6+2").plus(-2).to_string(), "d6");
        // The chapter's Leonin: 5d8+15 averages 37.5 (not the 41 the text gives).
        assert_eq!(d("5d8+15").average(), 37.5);
        assert_eq!(d("3d6").average(), 10.5);
    }

    use super::*;

    fn d(s: &str) -> Dice {
        Dice::parse(s).unwrap()
    }

    #[test]
    fn prints_canonically() {
        for (input, printed) in [
            ("d20", "d20"),
            ("1d20", "d20"),
            ("3d6", "3d6"),
            ("2d6+1", "2d6+1"),
            ("1d12-2", "d12-2"),
            ("2d8kh1", "2d8kh1"),
            ("2d20kl1", "2d20kl1"),
            ("4d6kh3", "4d6kh3"),
            ("d%", "d%"),
            ("D%", "d%"),
            ("d6+d8", "d6+d8"),
            ("2d6 + 3", "2d6+3"),
            ("  4D6KH3 ", "4d6kh3"),
            ("5", "5"),
            ("-d4+2", "-d4+2"),
            ("+d4", "d4"),
            ("3+d6", "3+d6"),
            ("d20 - d4 - 1", "d20-d4-1"),
            ("007d6", "7d6"),
            ("d6-0", "d6+0"),
        ] {
            assert_eq!(d(input).to_string(), printed, "input {input:?}");
        }
    }

    #[test]
    fn counts_and_ranges() {
        assert_eq!(d("d20").dice_count(), 1);
        assert_eq!(d("4d6kh3+d8-2").dice_count(), 5);
        assert_eq!(d("5").dice_count(), 0);
        assert_eq!((d("2d6+1").min(), d("2d6+1").max()), (3, 13));
        assert_eq!((d("4d6kh3").min(), d("4d6kh3").max()), (3, 18));
        assert_eq!((d("d%").min(), d("d%").max()), (1, 100));
        assert_eq!((d("d20-d4").min(), d("d20-d4").max()), (-3, 19));
        assert_eq!((d("-5").min(), d("-5").max()), (-5, -5));
    }

    #[test]
    fn convenience_constructors() {
        assert_eq!(Dice::die(20), d("d20"));
        assert_eq!(Dice::pool(3, 6), d("3d6"));
        assert_eq!(Dice::pool(3, 6).to_string(), "3d6");
    }

    #[test]
    fn validate_reports_code_built_problems() {
        assert!(d("4d6kh3").validate().is_ok());
        assert_eq!(
            Dice::die(0).validate().unwrap_err().to_string(),
            "invalid dice 'd0': a die needs at least 1 side"
        );
        assert_eq!(
            Dice { terms: vec![] }.validate().unwrap_err().to_string(),
            "invalid dice '': no terms"
        );
        let mut keep_too_many = d("2d20kh1");
        if let Term::Dice(t) = &mut keep_too_many.terms[0] {
            t.keep = Some(Keep::Highest(3));
        }
        assert_eq!(
            keep_too_many.validate().unwrap_err().to_string(),
            "invalid dice '2d20kh3': cannot keep 3 of 2 dice"
        );
        assert!(Dice::pool(1001, 6).validate().is_err());
        // Far past the limits: counting and ranges saturate instead of overflowing.
        let huge = Dice { terms: vec![Dice::pool(u32::MAX, u32::MAX).terms[0]; 3] };
        assert_eq!((huge.dice_count(), huge.max()), (u32::MAX, i64::MAX));
        assert!(Dice::die(10_001).validate().is_err());
        assert!(Dice { terms: vec![Term::Constant(MAX_CONSTANT + 1)] }.validate().is_err());
    }

    #[test]
    fn serde_uses_the_canonical_string() {
        let dice = d("4D6 KH3".replace(' ', "").as_str());
        assert_eq!(serde_json::to_string(&dice).unwrap(), "\"4d6kh3\"");
        let back: Dice = serde_json::from_str("\"2d6 + 1\"").unwrap();
        assert_eq!(back, d("2d6+1"));
        let err = serde_json::from_str::<Dice>("\"2x6\"").unwrap_err();
        assert!(err.to_string().contains("unexpected 'x' at column 2"), "{err}");
    }
}
