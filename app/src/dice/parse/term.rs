//! A number or a roll, and the modifiers, keeps, comparisons and label after a die.

use super::*;

impl Parser {
    /// A number or a roll.
    pub(super) fn leaf(&mut self) -> Result<Node, DiceError> {
        let number = self.number();
        if self.peek() != Some('d') {
            let Some((value, column)) = number else {
                return Err(self.error(TERM_START));
            };
            if self.peek() == Some('.') {
                return Err(DiceError::Bad {
                    what: "decimal".into(),
                    column,
                    why: "a decimal may only multiply or divide what comes before it ('3d6*1.5')"
                        .into(),
                });
            }
            if self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
                return Err(self.error(AFTER_NUMBER));
            }
            let value = i64::try_from(value).unwrap_or(i64::MAX);
            if value > MAX_CONSTANT {
                return Err(DiceError::ConstantTooLarge { column, max: MAX_CONSTANT });
            }
            return Ok(Node::Number(value));
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
        let sides = match self.peek() {
            Some('%') => {
                self.bump();
                Sides::Percent
            }
            Some('f') => {
                self.bump();
                Sides::Fudge
            }
            _ => match self.number() {
                None => return Err(self.error("die size after 'd'")),
                Some((0, column)) => return Err(DiceError::NoSides { column }),
                Some((n, column)) if n > u64::from(MAX_SIDES) => {
                    return Err(DiceError::TooManySides { column, max: MAX_SIDES });
                }
                Some((n, _)) => Sides::N(n as u32),
            },
        };
        let mut term = DiceTerm::plain(count, sides);
        self.modifiers(&mut term)?;
        if self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || "!<>=".contains(c)) {
            return Err(self.error(AFTER_DIE));
        }
        Ok(Node::Dice(term))
    }

    /// The modifiers after a die, each at most once, in any order.
    pub(super) fn modifiers(&mut self, term: &mut DiceTerm) -> Result<(), DiceError> {
        loop {
            // A comparison may stand apart from its die (`6d10 >= 8`); nothing else may.
            let before = self.at;
            self.skip_spaces();
            if !matches!(self.peek(), Some('<' | '>' | '=')) {
                self.at = before;
            }
            let column = self.column();
            let twice = |what: &str| DiceError::Bad {
                what: what.into(),
                column,
                why: "given twice for one term".into(),
            };
            match (self.peek(), self.peek2()) {
                (Some('k' | 'd'), _) => {
                    // Keeps and drops one after another (`4d6dl1dh1`): each on the dice the
                    // one before it kept.
                    term.keep = match term.keep {
                        None => self.keep(term.count, "the term rolls", "dice")?,
                        Some(before) => {
                            let left = before.kept_of(term.count);
                            let next = self.keep(left, "the keep before it leaves", "dice")?;
                            next.map(|next| before.then(next, term.count))
                        }
                    };
                }
                (Some('r'), _) => {
                    if term.reroll.is_some() {
                        return Err(twice("reroll"));
                    }
                    self.bump();
                    let once = self.eat('o');
                    // d20's `rr` ("reroll while it matches") is Fray's `r`.
                    if !once {
                        self.eat('r');
                    }
                    let when = self.condition("a face to reroll after 'r'")?;
                    term.reroll = Some(Reroll { when, once });
                }
                (Some('!'), _) => {
                    if term.explode.is_some() {
                        return Err(twice("explode"));
                    }
                    self.bump();
                    let compound = self.eat('!');
                    let penetrating = self.eat('p');
                    term.explode = Some(Explode { penetrating, compound });
                }
                (Some('<' | '>' | '='), _) => {
                    if term.success.is_some() {
                        return Err(twice("success count"));
                    }
                    let hit = self.condition("a number after the comparison")?;
                    let fail = if self.eat('f') {
                        Some(self.condition("a failure face after 'f'")?)
                    } else {
                        None
                    };
                    term.success = Some(Success { hit, fail });
                }
                (Some('s' | 'c'), _) => {
                    if !self.display_mark()? {
                        break;
                    }
                }
                _ => break,
            }
        }
        // Keep counts are checked where they are read, with their own column.
        self.checked(term, self.column())
    }

    /// An optional `khN`, `klN`, `dhN` or `dlN` over `of` things.
    pub(super) fn keep(
        &mut self,
        of: u32,
        holds: &'static str,
        things: &'static str,
    ) -> Result<Option<Keep>, DiceError> {
        let first = match self.peek() {
            Some(c @ ('k' | 'd')) => c,
            _ => return Ok(None),
        };
        self.bump();
        let highest = match self.peek() {
            Some('h') => {
                self.bump();
                true
            }
            Some('l') => {
                self.bump();
                false
            }
            // The short forms Roll20 reads: `4d6k3` keeps the highest three, `4d6d1` drops
            // the lowest one.
            Some(c) if c.is_ascii_digit() => first == 'k',
            _ if first == 'k' => return Err(self.error("'h' or 'l' after 'k'")),
            _ => return Err(self.error("'h' or 'l' after 'd'")),
        };
        let Some((n, column)) = self.number() else {
            return Err(self.error(match (first, highest) {
                ('k', true) => "keep count after 'kh'",
                ('k', false) => "keep count after 'kl'",
                (_, true) => "drop count after 'dh'",
                (_, false) => "drop count after 'dl'",
            }));
        };
        let n32 = u32::try_from(n).unwrap_or(u32::MAX);
        let keep = match (first, highest) {
            ('k', true) => Keep::Highest(n32),
            ('k', false) => Keep::Lowest(n32),
            (_, true) => Keep::DropHighest(n32),
            (_, false) => Keep::DropLowest(n32),
        };
        let bad = match keep {
            Keep::Highest(_) | Keep::Lowest(_) => n == 0 || n > u64::from(of),
            _ => n == 0 || n >= u64::from(of),
        };
        if bad {
            if things == "dice" && first == 'k' && holds == "the term rolls" {
                return Err(DiceError::BadKeep { column, keep: n32, count: of });
            }
            let verb = if first == 'k' { "keep" } else { "drop" };
            return Err(DiceError::Bad {
                what: format!("cannot {verb} {n}"),
                column,
                why: format!("{holds} {of} {things}"),
            });
        }
        Ok(Some(keep))
    }

    /// `>= 8`, `1`, `<3`: an optional operator (`=` when left out), then a signed number.
    pub(super) fn condition(&mut self, expected: &'static str) -> Result<Compare, DiceError> {
        let op = self.op().unwrap_or(CompareOp::Eq);
        self.skip_spaces();
        let value = self.signed(expected)?;
        Ok(Compare { op, value })
    }

    /// Takes `c` if it comes next.
    pub(super) fn eat(&mut self, c: char) -> bool {
        let next = self.peek() == Some(c);
        if next {
            self.bump();
        }
        next
    }

    pub(super) fn op(&mut self) -> Option<CompareOp> {
        let op = match (self.peek(), self.peek2()) {
            (Some('<'), Some('=')) => CompareOp::Le,
            (Some('>'), Some('=')) => CompareOp::Ge,
            (Some('<'), _) => CompareOp::Lt,
            (Some('>'), _) => CompareOp::Gt,
            (Some('='), _) => CompareOp::Eq,
            _ => return None,
        };
        self.bump();
        if matches!(op, CompareOp::Le | CompareOp::Ge) {
            self.bump();
        }
        Some(op)
    }

    /// `[fire]`: the words in brackets, trimmed, not empty.
    pub(super) fn label(&mut self) -> Result<String, DiceError> {
        let column = self.column();
        self.bump();
        let start = self.at;
        while self.peek().is_some_and(|c| c != ']') {
            self.bump();
        }
        if self.peek() != Some(']') {
            return Err(self.error("']' to close the label"));
        }
        let text: String = self.chars[start..self.at].iter().collect::<String>().trim().to_owned();
        self.bump();
        if text.is_empty() {
            return Err(DiceError::Bad {
                what: "empty label".into(),
                column,
                why: "write words between the brackets or leave them out".into(),
            });
        }
        Ok(text)
    }
}
