//! Forms other dice tools write that Fray reads too: rounding functions (`ceil(d20/2)`),
//! `abs(…)`, powers (`d6**2`), d20's `rr`, marks that change only how a roll is shown (sorting `s`, `sa`,
//! `sd`; critical marks `cs>19`, `cf1`), and what may follow a group's braces (a keep, or a
//! count of the totals that meet a number).

use super::Parser;
use crate::dice::{DiceError, DiceTerm, MAX_EXPONENT, Node, Success};

/// The functions Fray reads, by name.
const FUNCTIONS: [&str; 4] = ["floor", "ceil", "round", "abs"];

impl Parser {
    /// `floor(x)`, `ceil(x)`, `round(x)`, `abs(x)`, if one starts here.
    ///
    /// Fray's totals are whole numbers, so rounding has something to do only on a division:
    /// `ceil(d20/2)` divides rounding up. The quotient it rounds may hold no other division
    /// (`ceil(d20/2+d4/3)` is refused): that one would already have been rounded down, and
    /// the answer would silently differ from the one the GM means.
    pub(super) fn function(&mut self) -> Result<Option<Vec<Node>>, DiceError> {
        let name: String = self.chars[self.at..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let next = self.chars.get(self.at + name.len()).copied();
        if !FUNCTIONS.contains(&name.as_str()) || next != Some('(') {
            return Ok(None);
        }
        let column = self.column();
        self.at += name.len();
        self.open()?;
        let mut nodes = self.expr()?;
        self.skip_spaces();
        if self.peek() != Some(')') {
            return Err(self.error("an operator or ')'"));
        }
        self.bump();
        self.depth -= 1;
        if name == "abs" {
            nodes.push(Node::Abs);
            return Ok(Some(nodes));
        }
        let top_divides = nodes.last() == Some(&Node::Div);
        let inner = if top_divides { &nodes[..nodes.len() - 1] } else { &nodes[..] };
        if inner.contains(&Node::Div) {
            return Err(DiceError::Bad {
                what: format!("{name}(…)"),
                column,
                why: "it rounds one division; the one inside it would be rounded down first \
                      (write the rounding on each division)"
                    .into(),
            });
        }
        if top_divides {
            let rounded = match name.as_str() {
                "ceil" => Node::DivUp,
                "round" => Node::DivNearest,
                _ => Node::Div,
            };
            if let Some(last) = nodes.last_mut() {
                *last = rounded;
            }
        }
        Ok(Some(nodes))
    }

    /// power = primary [ "**" number ]: Roll20's and rpg-dice-roller's powers, with a
    /// constant exponent (the same roll multiplied by itself; `-d6**2` is `-(d6**2)`).
    pub(super) fn power(&mut self) -> Result<Vec<Node>, DiceError> {
        let mut nodes = self.primary()?;
        let before = self.at;
        self.skip_spaces();
        if !(self.peek() == Some('*') && self.peek2() == Some('*')) {
            self.at = before;
            return Ok(nodes);
        }
        let column = self.column();
        self.bump();
        self.bump();
        self.skip_spaces();
        let exponent = match self.number() {
            Some((e, _)) if e <= MAX_EXPONENT as u64 => e as i64,
            Some((_, at)) => {
                return Err(DiceError::Bad {
                    what: "exponent".into(),
                    column: at,
                    why: format!("at most {MAX_EXPONENT}"),
                });
            }
            None => return Err(self.error("a whole number as the exponent after '**'")),
        };
        nodes.extend([Node::Number(exponent), Node::Pow]);
        super::within_bounds(&nodes, "power", column)?;
        Ok(nodes)
    }

    /// A mark after a die that changes only how another tool shows the roll, never its total:
    /// sorting (`s`, `sa`, `sd`) and critical marks (`cs`, `cf`, with an optional face). Fray
    /// lists dice as rolled and its procedures judge criticals themselves, so the mark is read
    /// and left out of the canonical form. Whether one was read.
    pub(super) fn display_mark(&mut self) -> Result<bool, DiceError> {
        match (self.peek(), self.peek2()) {
            (Some('s'), _) => {
                self.bump();
                if !self.eat('a') {
                    self.eat('d');
                }
                Ok(true)
            }
            (Some('c'), Some('s' | 'f')) => {
                self.bump();
                self.bump();
                if self.peek().is_some_and(|c| c.is_ascii_digit() || "<>=-".contains(c)) {
                    self.condition("a face after the critical mark")?;
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// What follows a group's closing brace: a keep (`{2d8,d12}kh1`), sorting marks, then a
    /// count of the totals meeting a number (`{3d6+2,2d8}>10f<5`). A keep after braces of
    /// one expression keeps its dice, as Roll20 and rpg-dice-roller read it: `{4d6}kh3` is
    /// `4d6kh3`; over several kinds of dice (`{4d6+3d8}k4`, one pool across terms) it is
    /// refused, since Fray keeps dice within one term.
    pub(super) fn group_tail(
        &mut self,
        mut nodes: Vec<Node>,
        items: u8,
    ) -> Result<Vec<Node>, DiceError> {
        // The tail may stand apart from its braces (`{2d8, d12} kh1`).
        let before = self.at;
        self.skip_spaces();
        if !matches!(self.peek(), Some('k' | 'd' | 's' | '<' | '>' | '=')) {
            self.at = before;
        }
        let column = self.column();
        let pooled = items == 1 && matches!(self.peek(), Some('k' | 'd'));
        let keep = if pooled && matches!(self.peek(), Some('k' | 'd')) {
            let [Node::Dice(term)] = nodes.as_mut_slice() else {
                return Err(self.pooled_keep(column));
            };
            if term.keep.is_some() || term.success.is_some() || term.negative {
                return Err(self.pooled_keep(column));
            }
            term.keep = self.keep(term.count, "the term rolls", "dice")?;
            self.checked(term, column)?;
            None
        } else {
            self.keep(u32::from(items), "the group holds", "items")?
        };
        while self.peek() == Some('s') {
            self.display_mark()?;
        }
        let success = if matches!(self.peek(), Some('<' | '>' | '=')) {
            if keep.is_some() {
                return Err(self.error("an operator or end (a group keeps or counts, not both)"));
            }
            let hit = self.condition("a number after the comparison")?;
            let fail =
                if self.eat('f') { Some(self.condition("a failure after 'f'")?) } else { None };
            Some(Success { hit, fail })
        } else {
            None
        };
        // A keep moved onto its one term leaves no group, unless it counts too.
        if !(pooled && success.is_none()) {
            nodes.push(Node::Group { items, keep, success });
        }
        Ok(nodes)
    }

    /// Why `{…}k…` over one expression of several terms is refused.
    fn pooled_keep(&self, column: usize) -> DiceError {
        DiceError::Bad {
            what: "keep over one expression".into(),
            column,
            why: "Fray keeps dice within one term ('4d6kh3') or totals of several \
                  ('{4d6,3d8}kh1'), not one pool across terms"
                .into(),
        }
    }

    /// Refuses a term its modifiers made impossible, at `column`.
    pub(super) fn checked(&self, term: &DiceTerm, column: usize) -> Result<(), DiceError> {
        match term.problem() {
            Some(why) => Err(DiceError::Bad { what: format!("{term}"), column, why }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::dice::{Dice, Roll, RollSource};

    fn canon(input: &str) -> String {
        Dice::parse(input).map_or_else(|e| format!("refused: {e}"), |d| d.to_string())
    }

    /// The total of `input` with these faces typed in.
    fn total(input: &str, faces: &[u32]) -> i64 {
        let dice = Dice::parse(input).unwrap();
        Roll::from_faces(dice, faces, "", None, RollSource::Table).unwrap().total
    }

    #[test]
    fn rounding_functions_round_the_division_they_hold() {
        assert_eq!(canon("ceil(d20/2)"), "ceil(d20/2)");
        assert_eq!(canon("ROUND( (d6+1) / 2 )"), "round((d6+1)/2)");
        assert_eq!(canon("floor(d20/2)"), "d20/2");
        assert_eq!(canon("ceil(2d6)+1"), "2d6+1");
        assert_eq!(canon("ceil(d20*1.5)"), "ceil(d20*15/10)");
        assert_eq!(canon("abs(d20-10)*2"), "abs(d20-10)*2");
        assert_eq!((total("ceil(d20/2)", &[7]), total("floor(d20/2)", &[7])), (4, 3));
        // Halves go up, as Roll20 and rpg-dice-roller round: 2.5 is 3, -2.5 is -2.
        assert_eq!((total("round(d20/2)", &[5]), total("round(-d20/2)", &[5])), (3, -2));
        assert_eq!(total("round(d20/3)", &[7]), 2);
        assert_eq!(total("ceil(-d20/2)", &[7]), -3);
        assert_eq!(total("abs(d20-10)", &[3]), 7);
        let range = |input: &str| Dice::parse(input).map(|d| (d.min(), d.max())).unwrap();
        assert_eq!(range("ceil(d20/2)"), (1, 10));
        assert_eq!(range("round(d20/3)"), (0, 7));
        assert_eq!(range("abs(d20-10)"), (0, 10));
        assert!(canon("ceil(d20/2+d4/3)").starts_with("refused: ceil(…) at column 1"));
        assert!(canon("round(d20/(d4-1))").contains("can be 0"));
        assert!(canon("sqrt(d20)").starts_with("refused: unexpected 's' at column 1"));
    }

    #[test]
    fn the_odds_of_a_rounded_division_and_of_abs_are_exact() {
        let chances = |input: &str| {
            let d = Dice::parse(input).unwrap().distribution();
            assert_eq!(d.samples, 0, "{input} exact");
            d.totals.iter().map(|(v, p)| (*v, (p * 36.0).round() as i64)).collect::<Vec<_>>()
        };
        assert_eq!(chances("ceil(d6/2)"), [(1, 12), (2, 12), (3, 12)]);
        assert_eq!(chances("round(d6/4)"), [(0, 6), (1, 24), (2, 6)]);
        assert_eq!(chances("abs(d6-d6)"), [(0, 6), (1, 10), (2, 8), (3, 6), (4, 4), (5, 2)]);
    }

    #[test]
    fn a_power_multiplies_the_same_roll_by_itself() {
        assert_eq!(canon("2**3"), "2**3");
        assert_eq!(canon("(d6+1) ** 2 * 2"), "(d6+1)**2*2");
        assert_eq!(canon("-d6**2"), "-(d6**2)");
        assert_eq!(canon("2*d6**3"), "2*d6**3");
        assert_eq!((total("2**3", &[]), total("d6**2", &[5]), total("-d6**3", &[2])), (8, 25, -8));
        let range = |input: &str| Dice::parse(input).map(|d| (d.min(), d.max())).unwrap();
        assert_eq!(range("d6**2"), (1, 36));
        assert_eq!(range("(d6-4)**2"), (0, 9));
        assert_eq!(range("(d6-4)**3"), (-27, 8));
        assert_eq!(range("d6**0"), (1, 1));
        let odds = Dice::parse("(d6-4)**2").unwrap().distribution();
        let sixths: Vec<(i64, i64)> =
            odds.totals.iter().map(|(v, p)| (*v, (p * 6.0).round() as i64)).collect();
        assert_eq!((odds.samples, sixths), (0, vec![(0, 1), (1, 2), (4, 2), (9, 1)]));
        assert!(canon("2**d6").contains("a whole number as the exponent"));
        assert!(canon("2**41").contains("exponent at column 4: at most 40"));
        assert!(canon("d100000**3").contains("at most ±1000000000000"));
    }

    #[test]
    fn marks_of_other_tools_that_change_nothing_are_read_and_dropped() {
        assert_eq!(canon("1d20rr<20"), "d20r<20");
        assert_eq!(canon("8d6sd"), "8d6");
        assert_eq!(canon("8d6sa+1"), "8d6+1");
        assert_eq!(canon("1d20cs>18"), "d20");
        assert_eq!(canon("3d6cs>3cf<3kh2"), "3d6kh2");
        assert_eq!(canon("d20cs"), "d20");
        assert_eq!(canon("{4d6,2d10}s"), "{4d6,2d10}");
        assert!(canon("d20cx").starts_with("refused: unexpected 'c'"));
    }

    #[test]
    fn a_group_counts_the_totals_that_meet_a_number() {
        assert_eq!(canon("{4d6+5, 20/2d10, d4-1} > 10"), "{4d6+5,20/2d10,d4-1}>10");
        assert_eq!(canon("{4d6, 2d10}>10f<3"), "{4d6,2d10}>10f<3");
        assert_eq!(canon("{3d20+5}>21"), "{3d20+5}>21");
        // 4d6 = 14 counts, 2d10 = 2 fails: 1 - 1.
        assert_eq!(total("{4d6,2d10}>10f<3", &[2, 3, 4, 5, 1, 1]), 0);
        assert_eq!(total("{4d6,2d10}>10f<3", &[2, 3, 4, 5, 9, 9]), 2);
        let d = Dice::parse("{d6,d6}>4").unwrap();
        assert_eq!((d.min(), d.max()), (0, 2));
        let odds = d.distribution();
        let ninths: Vec<(i64, i64)> =
            odds.totals.iter().map(|(v, p)| (*v, (p * 9.0).round() as i64)).collect();
        assert_eq!((odds.samples, ninths), (0, vec![(0, 4), (1, 4), (2, 1)]));
        assert!(canon("{d6,d8}kh1>4").contains("not both"));
    }

    #[test]
    fn a_keep_after_braces_of_one_expression_keeps_its_dice() {
        assert_eq!(canon("{4d6}kh2"), "4d6kh2");
        assert_eq!(canon("{19d23}k1"), "19d23kh1");
        assert_eq!(total("{4d6}kh2", &[1, 6, 3, 5]), 11);
        assert!(canon("{4d6+3d8}k4").contains("not one pool across terms"));
        assert!(canon("{4d6+3d8}kl1").contains("not one pool across terms"));
        assert!(canon("{4d6kh3}kh1").contains("not one pool across terms"));
        assert!(canon("{4d6}kh5").contains("cannot keep 5"));
    }
}
