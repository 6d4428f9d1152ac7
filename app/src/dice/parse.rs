//! The parser from standard notation to [`Dice`].
//!
//! Grammar (case-insensitive; spaces allowed before and after each sign and at both ends,
//! never inside a term):
//!
//! ```text
//! expr  = [sign] term { sign term }
//! sign  = "+" | "-"
//! term  = number | [number] "d" size [keep]
//! size  = number | "%"
//! keep  = ("kh" | "kl") number
//! ```

use super::notation::{MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_SIDES, MAX_TERMS};
use super::{Dice, DiceError, DiceTerm, Keep, Sides, Term};

/// What may follow a finished term.
const AFTER_TERM: &str = "'+', '-' or end";
/// What may follow a number.
const AFTER_NUMBER: &str = "'d', '+', '-' or end";
/// What may follow a die without a keep.
const AFTER_DIE: &str = "'kh', 'kl', '+', '-' or end";
/// What may start a term.
const TERM_START: &str = "a number or 'd'";

/// Parses `input`; see the module docs for the grammar.
pub(super) fn parse(input: &str) -> Result<Dice, DiceError> {
    if input.trim().is_empty() {
        return Err(DiceError::Empty);
    }
    let mut cursor = Cursor::new(input);
    let mut terms = Vec::new();
    cursor.skip_spaces();
    let mut negative = match cursor.peek() {
        Some('-') => {
            cursor.bump();
            true
        }
        Some('+') => {
            cursor.bump();
            false
        }
        _ => false,
    };
    loop {
        cursor.skip_spaces();
        if terms.len() == MAX_TERMS {
            return Err(DiceError::TooManyTerms { column: cursor.column(), max: MAX_TERMS });
        }
        terms.push(cursor.term(negative)?);
        cursor.skip_spaces();
        negative = match cursor.peek() {
            None => break,
            Some('+') => false,
            Some('-') => true,
            Some(found) => {
                return Err(DiceError::Unexpected {
                    found,
                    column: cursor.column(),
                    expected: AFTER_TERM,
                });
            }
        };
        cursor.bump();
    }
    Ok(Dice { terms })
}

/// A position in the input, counted in characters so columns match what the user sees.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    /// 0-based index of the next character.
    index: usize,
}

impl<'a> Cursor<'a> {
    fn new(input: &'a str) -> Self {
        Cursor { chars: input.chars().peekable(), index: 0 }
    }

    /// The next character, lowercased for matching.
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(char::to_ascii_lowercase)
    }

    /// The next character exactly as typed, for error messages.
    fn peek_raw(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) {
        if self.chars.next().is_some() {
            self.index += 1;
        }
    }

    /// 1-based column of the next character (one past the end at the end).
    fn column(&self) -> usize {
        self.index + 1
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// "expected X" at the end, or "unexpected 'c': expected X" on a character.
    fn error(&mut self, expected: &'static str) -> DiceError {
        let column = self.column();
        match self.peek_raw() {
            None => DiceError::Expected { expected, column },
            Some(found) => DiceError::Unexpected { found, column, expected },
        }
    }

    /// Reads a run of ASCII digits, if any, as `(value, column)`. Values past `u64` saturate:
    /// every caller's limit is far below that, so saturation still reports "too large".
    fn number(&mut self) -> Option<(u64, usize)> {
        let column = self.column();
        let mut value: Option<u64> = None;
        while let Some(digit) = self.peek().and_then(|c| c.to_digit(10)) {
            let so_far = value.unwrap_or(0);
            value = Some(so_far.saturating_mul(10).saturating_add(u64::from(digit)));
            self.bump();
        }
        value.map(|v| (v, column))
    }

    /// One term after its sign.
    fn term(&mut self, negative: bool) -> Result<Term, DiceError> {
        let number = self.number();
        if self.peek() != Some('d') {
            let Some((value, column)) = number else {
                return Err(self.error(TERM_START));
            };
            if self.peek().is_some_and(|c| !c.is_whitespace() && c != '+' && c != '-') {
                return Err(self.error(AFTER_NUMBER));
            }
            let value = i64::try_from(value).unwrap_or(i64::MAX);
            if value > MAX_CONSTANT {
                return Err(DiceError::ConstantTooLarge { column, max: MAX_CONSTANT });
            }
            return Ok(Term::Constant(if negative { -value } else { value }));
        }
        let count = match number {
            None => 1,
            Some((0, column)) => return Err(DiceError::NoDice { column }),
            Some((n, column)) if n > u64::from(MAX_DICE_PER_TERM) => {
                return Err(DiceError::TooManyDice { column, max: MAX_DICE_PER_TERM });
            }
            // In range by the check above.
            Some((n, _)) => n as u32,
        };
        self.bump(); // The 'd'.
        let sides = if self.peek() == Some('%') {
            self.bump();
            Sides::Percent
        } else {
            match self.number() {
                None => return Err(self.error("die size after 'd'")),
                Some((0, column)) => return Err(DiceError::NoSides { column }),
                Some((n, column)) if n > u64::from(MAX_SIDES) => {
                    return Err(DiceError::TooManySides { column, max: MAX_SIDES });
                }
                Some((n, _)) => Sides::N(n as u32),
            }
        };
        let keep = self.keep(count)?;
        if self.peek().is_some_and(|c| !c.is_whitespace() && c != '+' && c != '-') {
            let expected = if keep.is_some() { AFTER_TERM } else { AFTER_DIE };
            return Err(self.error(expected));
        }
        Ok(Term::Dice(DiceTerm { count, sides, keep, negative }))
    }

    /// An optional `khN` / `klN` after a die.
    fn keep(&mut self, count: u32) -> Result<Option<Keep>, DiceError> {
        if self.peek() != Some('k') {
            return Ok(None);
        }
        self.bump();
        let highest = match self.peek() {
            Some('h') => true,
            Some('l') => false,
            _ => return Err(self.error("'h' or 'l' after 'k'")),
        };
        self.bump();
        let Some((keep, column)) = self.number() else {
            return Err(self.error(if highest {
                "keep count after 'kh'"
            } else {
                "keep count after 'kl'"
            }));
        };
        if keep == 0 || keep > u64::from(count) {
            return Err(DiceError::BadKeep {
                column,
                keep: u32::try_from(keep).unwrap_or(u32::MAX),
                count,
            });
        }
        // At most `count`, so it fits.
        let keep = keep as u32;
        Ok(Some(if highest { Keep::Highest(keep) } else { Keep::Lowest(keep) }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> String {
        parse(input).unwrap_err().to_string()
    }

    #[test]
    fn accepts_the_documented_examples() {
        for input in [
            "d20", "3d6", "2d6+1", "1d12-2", "2d8kh1", "2d20kl1", "4d6kh3", "d%", "d6+d8",
            "2d6 + 3", "5",
        ] {
            assert!(parse(input).is_ok(), "{input}");
        }
    }

    #[test]
    fn builds_the_expected_terms() {
        assert_eq!(
            parse("2d8kh1 - 3").unwrap().terms,
            vec![
                Term::Dice(DiceTerm {
                    count: 2,
                    sides: Sides::N(8),
                    keep: Some(Keep::Highest(1)),
                    negative: false,
                }),
                Term::Constant(-3),
            ]
        );
        assert_eq!(
            parse("-2d%kl1").unwrap().terms,
            vec![Term::Dice(DiceTerm {
                count: 2,
                sides: Sides::Percent,
                keep: Some(Keep::Lowest(1)),
                negative: true,
            })]
        );
    }

    #[test]
    fn exact_error_messages() {
        assert_eq!(err("2d"), "expected die size after 'd' at column 3");
        assert_eq!(err("2x6"), "unexpected 'x' at column 2: expected 'd', '+', '-' or end");
        assert_eq!(err("2000d6"), "too many dice at column 1: at most 1000 per term");
        assert_eq!(err("d0"), "die size 0 at column 2: a die needs at least 1 side");
        assert_eq!(err(""), "empty dice expression");
        assert_eq!(err("   "), "empty dice expression");
        assert_eq!(err("0d6"), "no dice at column 1: a term needs at least 1 die");
        assert_eq!(err("d10001"), "die too large at column 2: at most 10000 sides");
        assert_eq!(err("2d20kh3"), "cannot keep 3 at column 7: the term rolls 2 dice");
        assert_eq!(err("2d20kl0"), "cannot keep 0 at column 7: the term rolls 2 dice");
        assert_eq!(err("2d20k"), "expected 'h' or 'l' after 'k' at column 6");
        assert_eq!(err("2d20kx1"), "unexpected 'x' at column 6: expected 'h' or 'l' after 'k'");
        assert_eq!(err("2d20kh"), "expected keep count after 'kh' at column 7");
        assert_eq!(err("2d6+"), "expected a number or 'd' at column 5");
        assert_eq!(err("2d6 + x"), "unexpected 'x' at column 7: expected a number or 'd'");
        assert_eq!(err("d6x"), "unexpected 'x' at column 3: expected 'kh', 'kl', '+', '-' or end");
        assert_eq!(err("d6kh1x"), "unexpected 'x' at column 6: expected '+', '-' or end");
        assert_eq!(err("2 3"), "unexpected '3' at column 3: expected '+', '-' or end");
        assert_eq!(err("dx"), "unexpected 'x' at column 2: expected die size after 'd'");
        assert_eq!(err("d6++1"), "unexpected '+' at column 4: expected a number or 'd'");
        assert_eq!(err("1000001"), "number too large at column 1: constants are at most 1000000");
        assert_eq!(
            err("d6-99999999999999999999999"),
            "number too large at column 4: constants are at most 1000000"
        );
        assert_eq!(
            err("99999999999999999999999d6"),
            "too many dice at column 1: at most 1000 per term"
        );
        // Columns count characters, not bytes.
        assert_eq!(err("d6+é"), "unexpected 'é' at column 4: expected a number or 'd'");
        // The found character is shown as typed.
        assert_eq!(err("2X6"), "unexpected 'X' at column 2: expected 'd', '+', '-' or end");
    }

    #[test]
    fn limits_at_the_edges() {
        assert!(parse("1000d10000").is_ok());
        assert!(parse("-1000000").is_ok());
        assert!(parse("1000d6kh1000").is_ok());
        let twenty = vec!["d6"; 20].join("+");
        assert!(parse(&twenty).is_ok());
        let twenty_one = vec!["d6"; 21].join("+");
        assert_eq!(err(&twenty_one), "too many terms at column 61: at most 20");
    }
}
