//! The parser from notation to [`Dice`].
//!
//! Grammar (case-insensitive; spaces allowed around operators, commas and brackets, never
//! inside a dice term; `−` reads as `-`):
//!
//! ```text
//! dice     = expr [ "[" label "]" ]
//! expr     = product { ("+" | "-") product }
//! product  = unary { ("*" | "/") unary }
//! unary    = ("-" | "+") unary | power
//! power    = primary [ "**" number ]           a constant exponent, 0 to 40
//! primary  = number | roll | "(" expr ")" | function "(" expr ")"
//!          | "{" expr { "," expr } "}" [keep] { sort } [compare ["f" condition]]
//! function = "floor" | "ceil" | "round" | "abs"
//! roll     = [number] "d" (number | "%" | "f") { modifier }
//! modifier = ("r" | "rr" | "ro") condition      reroll (once)
//!          | sort | ("cs" | "cf") [condition]  marks that change nothing (see `peers`)
//!          | "!" ["p"]                   explode (penetrating: one less per added die)
//!          | keep                        which dice count
//!          | compare ["f" condition]     count successes (and failures)
//! keep     = ("kh" | "kl" | "dh" | "dl") number
//! compare  = ("=" | "<" | "<=" | ">" | ">=") signed
//! condition = [ "=" | "<" | "<=" | ">" | ">=" ] signed
//! ```
//!
//! A signed number may follow any operator (`1d20+-5` is `1d20-5`). Each modifier appears
//! at most once; whatever their order, they apply as documented on [`DiceTerm`].

mod peers;
mod term;

use super::notation::{MAX_CONSTANT, MAX_DEPTH, MAX_DICE_PER_TERM, MAX_SIDES, MAX_TERMS};
use super::{
    Compare, CompareOp, Dice, DiceError, DiceTerm, Explode, Keep, Node, Reroll, Sides, Success,
};

/// What may follow a finished term.
const AFTER_TERM: &str = "an operator, ')' or end";
/// What may follow a number.
const AFTER_NUMBER: &str = "'d', an operator or end";
/// Most digits after a decimal point (`3d6*1.125`).
const MAX_DECIMALS: u32 = 3;
/// What may follow a die.
const AFTER_DIE: &str = "a modifier ('kh', 'dl', '!', 'r', '>='...), an operator or end";
/// What may start a term.
const TERM_START: &str = "a number, 'd', '(' or '{'";

/// Parses `input`; see the module docs for the grammar. An error whose spot a small edit
/// mends (`4d6d1`) suggests the mended form.
pub(super) fn parse(input: &str) -> Result<Dice, DiceError> {
    parse_exact(input).map_err(|error| match suggestion(input, &error) {
        Some(suggestion) => DiceError::Suggest { error: Box::new(error), suggestion },
        None => error,
    })
}

fn parse_exact(input: &str) -> Result<Dice, DiceError> {
    if input.trim().is_empty() {
        return Err(DiceError::Empty);
    }
    let mut p = Parser { chars: input.chars().collect(), at: 0, leaves: 0, depth: 0 };
    p.skip_spaces();
    let nodes = p.expr()?;
    p.skip_spaces();
    let label = if p.peek() == Some('[') { Some(p.label()?.into_boxed_str()) } else { None };
    p.skip_spaces();
    if let Some(found) = p.peek_raw() {
        return Err(DiceError::Unexpected { found, column: p.column(), expected: AFTER_TERM });
    }
    Ok(Dice { nodes: nodes.into(), label })
}

/// Refuses `nodes` when their total could run past ±[`MAX_TOTAL`](super::MAX_TOTAL): the
/// operator at `column` is where it happens.
fn within_bounds(nodes: &[Node], what: &str, column: usize) -> Result<(), DiceError> {
    let range = Dice { nodes: nodes.into(), label: None }.range();
    match super::notation::out_of_bounds(range) {
        None => Ok(()),
        Some(why) => Err(DiceError::Bad { what: what.into(), column, why }),
    }
}

/// The first small edit at the error's spot that makes `input` parse: the nearest form the
/// user may have meant.
fn suggestion(input: &str, error: &DiceError) -> Option<String> {
    let column = match error {
        DiceError::Unexpected { column, .. } | DiceError::Expected { column, .. } => *column,
        _ => return None,
    };
    let chars: Vec<char> = input.chars().collect();
    let at = (column - 1).min(chars.len());
    let edit = |insert: &str, remove: usize| {
        let mut s: String = chars[..at].iter().collect();
        s.push_str(insert);
        s.extend(chars[(at + remove).min(chars.len())..].iter());
        s
    };
    let here = chars.get(at).map(|c| c.to_ascii_lowercase());
    let before = at.checked_sub(1).and_then(|i| chars.get(i)).map(|c| c.to_ascii_lowercase());
    // After `k` the highest is kept most often; after `d` the lowest dropped.
    let (first, second) = if before == Some('k') { ("h", "l") } else { ("l", "h") };
    let mut candidates = vec![edit(first, 0), edit(second, 0), edit("k", 0)];
    match here {
        Some('x' | '×' | '·') => candidates.push(edit("*", 1)),
        Some('e') => candidates.push(edit("!", 1)),
        _ => {}
    }
    // A stray letter goes, unless a number follows it (that would change the number).
    let after = chars.get(at + 1);
    if here.is_some_and(char::is_alphabetic) && !after.is_some_and(char::is_ascii_digit) {
        candidates.push(edit("", 1));
    }
    candidates.extend([edit(")", 0), edit("}", 0)]);
    candidates.into_iter().find_map(|c| parse_exact(&c).ok().map(|d| d.to_string()))
}

/// One step of parsing: a position in the input, counted in characters so columns match
/// what the user sees.
struct Parser {
    chars: Vec<char>,
    at: usize,
    /// Leaves read so far, against [`MAX_TERMS`].
    leaves: usize,
    /// Parentheses and braces open now, against [`MAX_DEPTH`].
    depth: usize,
}

impl Parser {
    /// The next character, lowercased, with the minus sign read as `-`.
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied().map(folded)
    }

    /// The character after the next one, the same way.
    fn peek2(&self) -> Option<char> {
        self.chars.get(self.at + 1).copied().map(folded)
    }

    /// The next character exactly as typed, for error messages.
    fn peek_raw(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) {
        if self.at < self.chars.len() {
            self.at += 1;
        }
    }

    /// 1-based column of the next character (one past the end at the end).
    fn column(&self) -> usize {
        self.at + 1
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// "expected X" at the end, or "unexpected 'c': expected X" on a character.
    fn error(&self, expected: &'static str) -> DiceError {
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

    /// A decimal such as `1.5` or `0.25` (digits, a point, one to [`MAX_DECIMALS`] digits) as
    /// a fraction over a power of ten, `(15, 10)`; `None`, reading nothing, when what follows
    /// is not one.
    fn decimal(&mut self) -> Result<Option<(i64, i64)>, DiceError> {
        let start = self.at;
        let column = self.column();
        let whole = self.number();
        if self.peek() != Some('.') {
            self.at = start;
            return Ok(None);
        }
        self.bump();
        let mut digits = 0u32;
        let mut value = whole.map_or(0, |(w, _)| i64::try_from(w).unwrap_or(i64::MAX));
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            digits += 1;
            if digits > MAX_DECIMALS {
                return Err(DiceError::Bad {
                    what: "decimal".into(),
                    column,
                    why: format!("at most {MAX_DECIMALS} digits after the point"),
                });
            }
            value = value.saturating_mul(10).saturating_add(i64::from(d));
            self.bump();
        }
        if digits == 0 {
            return Err(self.error("a digit after the decimal point"));
        }
        if value > MAX_CONSTANT {
            return Err(DiceError::ConstantTooLarge { column, max: MAX_CONSTANT });
        }
        Ok(Some((value, 10i64.pow(digits))))
    }

    /// A number with an optional sign, within ±[`MAX_CONSTANT`].
    fn signed(&mut self, expected: &'static str) -> Result<i64, DiceError> {
        let negative = match self.peek() {
            Some('-') => {
                self.bump();
                true
            }
            Some('+') => {
                self.bump();
                false
            }
            _ => false,
        };
        let Some((value, column)) = self.number() else { return Err(self.error(expected)) };
        let value = i64::try_from(value).unwrap_or(i64::MAX);
        if value > MAX_CONSTANT {
            return Err(DiceError::ConstantTooLarge { column, max: MAX_CONSTANT });
        }
        Ok(if negative { -value } else { value })
    }

    /// expr = product { ("+" | "-") product }
    fn expr(&mut self) -> Result<Vec<Node>, DiceError> {
        let mut nodes = self.product()?;
        loop {
            self.skip_spaces();
            let minus = match self.peek() {
                Some('+') => false,
                Some('-') => true,
                _ => return Ok(nodes),
            };
            let column = self.column();
            self.bump();
            self.skip_spaces();
            let right = self.product()?;
            join_sum(&mut nodes, right, minus);
            within_bounds(&nodes, if minus { "subtraction" } else { "addition" }, column)?;
        }
    }

    /// product = unary { ("*" | "/" | "%") unary }
    fn product(&mut self) -> Result<Vec<Node>, DiceError> {
        let mut nodes = self.unary()?;
        loop {
            self.skip_spaces();
            let op = match self.peek() {
                Some('*') => Node::Mul,
                Some('/') => Node::Div,
                Some('%') => Node::Rem,
                _ => return Ok(nodes),
            };
            let column = self.column();
            self.bump();
            self.skip_spaces();
            // "3d6*1.5", "2d6/1.5": a decimal is a fraction over a power of ten, so the term is
            // multiplied by its numerator and divided by its denominator (or the other way
            // round), rounding down as every division does: "3d6*15/10".
            if matches!(op, Node::Mul | Node::Div)
                && let Some((num, den)) = self.decimal()?
            {
                let (times, by) = if op == Node::Mul { (num, den) } else { (den, num) };
                if by == 0 {
                    return Err(DiceError::Bad {
                        what: "division".into(),
                        column,
                        why: "by a decimal that is 0".into(),
                    });
                }
                nodes.extend([Node::Number(times), Node::Mul, Node::Number(by), Node::Div]);
                within_bounds(&nodes, "multiplication", column)?;
                continue;
            }
            let right = self.unary()?;
            if matches!(op, Node::Div | Node::Rem) {
                let divisor = Dice { nodes: right.as_slice().into(), label: None };
                let (lo, hi) = divisor.range();
                if lo <= 0 && hi >= 0 {
                    return Err(DiceError::Bad {
                        what: if op == Node::Rem { "remainder" } else { "division" }.into(),
                        column,
                        why: format!("{divisor} can be 0"),
                    });
                }
            }
            nodes.extend(right);
            nodes.push(op);
            let what = match op {
                Node::Div => "division",
                Node::Rem => "remainder",
                _ => "multiplication",
            };
            within_bounds(&nodes, what, column)?;
        }
    }

    /// unary = ("-" | "+") unary | power
    fn unary(&mut self) -> Result<Vec<Node>, DiceError> {
        match self.peek() {
            Some('-') => {
                self.bump();
                self.skip_spaces();
                let mut nodes = self.unary()?;
                negate(&mut nodes);
                Ok(nodes)
            }
            Some('+') => {
                self.bump();
                self.skip_spaces();
                self.unary()
            }
            _ => self.power(),
        }
    }

    /// primary = number | roll | "(" expr ")" | "{" expr { "," expr } "}" [keep]
    fn primary(&mut self) -> Result<Vec<Node>, DiceError> {
        match self.peek() {
            Some('(') => {
                self.open()?;
                let nodes = self.expr()?;
                self.skip_spaces();
                if self.peek() != Some(')') {
                    return Err(self.error("an operator or ')'"));
                }
                self.bump();
                self.depth -= 1;
                Ok(nodes)
            }
            Some('{') => self.group(),
            Some('f' | 'c' | 'r' | 'a') if let Some(nodes) = self.function()? => Ok(nodes),
            _ => {
                if self.leaves == MAX_TERMS {
                    return Err(DiceError::TooManyTerms { column: self.column(), max: MAX_TERMS });
                }
                self.leaves += 1;
                Ok(vec![self.leaf()?])
            }
        }
    }

    /// Enters a parenthesis or brace, within [`MAX_DEPTH`].
    fn open(&mut self) -> Result<(), DiceError> {
        if self.depth == MAX_DEPTH {
            return Err(DiceError::Bad {
                what: "too deep".into(),
                column: self.column(),
                why: format!("at most {MAX_DEPTH} levels of parentheses"),
            });
        }
        self.depth += 1;
        self.bump();
        self.skip_spaces();
        Ok(())
    }

    /// "{" expr { "," expr } "}" [keep]
    fn group(&mut self) -> Result<Vec<Node>, DiceError> {
        self.open()?;
        let mut nodes = Vec::new();
        let mut items: u8 = 0;
        loop {
            nodes.extend(self.expr()?);
            items += 1;
            self.skip_spaces();
            match self.peek() {
                Some(',') => {
                    self.bump();
                    self.skip_spaces();
                }
                Some('}') => break,
                _ => return Err(self.error("an operator, ',' or '}'")),
            }
        }
        self.bump();
        self.depth -= 1;
        self.group_tail(nodes, items)
    }
}

/// A character as the grammar reads it: lowercased, the minus sign as `-`.
fn folded(c: char) -> char {
    if c == '−' { '-' } else { c.to_ascii_lowercase() }
}

/// Turns `nodes` into its negation: a leaf flips its own sign, a negation is undone,
/// anything else is negated by a [`Node::Neg`].
fn negate(nodes: &mut Vec<Node>) {
    match nodes.as_mut_slice() {
        [Node::Number(c)] => *c = -*c,
        [Node::Dice(t)] => t.negative = !t.negative,
        [.., Node::Neg] => {
            nodes.pop();
        }
        _ => nodes.push(Node::Neg),
    }
}

/// Appends `right` to the sum `nodes` (subtracted when `minus`), one way for each meaning:
/// a leaf carries its sign and is added, a negated expression is subtracted.
fn join_sum(nodes: &mut Vec<Node>, mut right: Vec<Node>, minus: bool) {
    let leaf = right.len() == 1;
    let op = match (leaf, minus, right.last()) {
        (true, true, _) => {
            negate(&mut right);
            Node::Add
        }
        (true, false, _) => Node::Add,
        (false, _, Some(Node::Neg)) => {
            right.pop();
            if minus { Node::Add } else { Node::Sub }
        }
        (false, true, _) => Node::Sub,
        (false, false, _) => Node::Add,
    };
    nodes.extend(right);
    nodes.push(op);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> String {
        parse(input).unwrap_err().to_string()
    }

    fn canon(input: &str) -> String {
        parse(input).unwrap_or_else(|e| panic!("{input}: {e}")).to_string()
    }

    /// Keeps and drops one after another, each on the dice the one before it kept: what they
    /// come to, printed in one form that reads back the same.
    #[test]
    fn keeps_and_drops_in_a_row_apply_one_after_another() {
        let keep = |input: &str| match parse(input).unwrap().nodes[0] {
            Node::Dice(t) => t.keep,
            _ => None,
        };
        assert_eq!(keep("4d6dl1dh1"), Some(Keep::Middle { low: 1, high: 1 }));
        // The highest two, then the lower of those: the middle die.
        assert_eq!(keep("3d6kh2kl1"), Some(Keep::Middle { low: 1, high: 1 }));
        // The highest, then the lowest of that one die: still the highest.
        assert_eq!(keep("3d6kh1kl1"), Some(Keep::DropLowest(2)));
        assert_eq!(keep("6d6dl1dl1dh2"), Some(Keep::Middle { low: 2, high: 2 }));
        assert_eq!(keep("4d6k3d1"), Some(Keep::DropLowest(2)));
        for (typed, printed) in
            [("4d6dl1dh1", "4d6dl1dh1"), ("3d6kh2kl1", "3d6dl1dh1"), ("3d6kh1kl1", "3d6dl2")]
        {
            assert_eq!(canon(typed), printed);
            assert_eq!(canon(printed), printed, "reads back the same");
        }
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
    fn builds_the_expected_nodes() {
        let term = |count, sides, keep, negative| {
            Node::Dice(DiceTerm { keep, negative, ..DiceTerm::plain(count, sides) })
        };
        assert_eq!(
            *parse("2d8kh1 - 3").unwrap().nodes,
            [term(2, Sides::N(8), Some(Keep::Highest(1)), false), Node::Number(-3), Node::Add]
        );
        assert_eq!(
            *parse("-2d%kl1").unwrap().nodes,
            [term(2, Sides::Percent, Some(Keep::Lowest(1)), true)]
        );
        // Products and groups in postfix order.
        assert_eq!(
            *parse("(d6+1)*2").unwrap().nodes,
            [
                term(1, Sides::N(6), None, false),
                Node::Number(1),
                Node::Add,
                Node::Number(2),
                Node::Mul
            ]
        );
        assert_eq!(
            *parse("{2d8,d12}kh1").unwrap().nodes,
            [
                term(2, Sides::N(8), None, false),
                term(1, Sides::N(12), None, false),
                Node::Group { items: 2, keep: Some(Keep::Highest(1)), success: None }
            ]
        );
    }

    #[test]
    fn the_forms_gms_type_each_with_one_meaning() {
        for (input, printed) in [
            // Drop beside keep.
            ("4d6dl1", "4d6dl1"),
            ("4d6DH1", "4d6dh1"),
            // Exploding, and the variant that adds one less per added die.
            ("d6!", "d6!"),
            ("3d6!p", "3d6!p"),
            // Fudge dice.
            ("4dF", "4dF"),
            ("4df+1", "4dF+1"),
            // Rerolls.
            ("4d6r1", "4d6r1"),
            ("4d6ro1", "4d6ro1"),
            ("4d6r<3", "4d6r<3"),
            ("4d6r=1", "4d6r1"),
            // Successes, with failures.
            ("6d10>=8", "6d10>=8"),
            ("6d10>=8f1", "6d10>=8f1"),
            ("6d10 >= 8", "6d10>=8"),
            // Arithmetic, parentheses, rounding down.
            ("2d6*2", "2d6*2"),
            ("d20/2", "d20/2"),
            ("(d6+1)*2", "(d6+1)*2"),
            ("((d6))", "d6"),
            ("d6*(2+1)", "d6*(2+1)"),
            ("d20-(d4+1)", "d20-(d4+1)"),
            ("d20+(d4+1)", "d20+(d4+1)"),
            ("-(d4+1)", "-(d4+1)"),
            ("2*-d4", "2*-d4"),
            ("2*-(d4+1)", "2*-(d4+1)"),
            ("d8*2+1", "d8*2+1"),
            ("1+d8*2", "1+d8*2"),
            // A signed number after an operator.
            ("1d20+-5", "d20-5"),
            ("1d20 - -5", "d20+5"),
            ("d20+-(d4+1)", "d20-(d4+1)"),
            ("d20--(d4+1)", "d20+(d4+1)"),
            ("--d6", "d6"),
            // Keep across different dice.
            ("{2d8,1d12}kh1", "{2d8,d12}kh1"),
            ("{ 2d8 , d12 } kh1", "{2d8,d12}kh1"),
            ("{d20+5, d20}kl1", "{d20+5,d20}kl1"),
            ("{d6,d8}", "{d6,d8}"),
            // A label.
            ("2d6+1 [fire]", "2d6+1 [fire]"),
            ("2d6+1[  Fire damage ]", "2d6+1 [Fire damage]"),
            // The minus sign Fray prints.
            ("1d12−2", "d12-2"),
            ("d20 − d4", "d20-d4"),
            // Modifiers in any order, printed in one.
            ("4d6kh3r1", "4d6r1kh3"),
            ("4d6kh3!", "4d6!kh3"),
        ] {
            assert_eq!(canon(input), printed, "input {input:?}");
        }
    }

    #[test]
    fn exact_error_messages() {
        assert_eq!(err("2d"), "expected die size after 'd' at column 3");
        assert_eq!(
            err("2x6"),
            "unexpected 'x' at column 2: expected 'd', an operator or end; did you mean '2*6'?"
        );
        assert_eq!(err("2000d6"), "too many dice at column 1: at most 1000 per term");
        assert_eq!(err("d0"), "die size 0 at column 2: a die needs at least 1 side");
        assert_eq!(err(""), "empty dice expression");
        assert_eq!(err("   "), "empty dice expression");
        assert_eq!(err("0d6"), "no dice at column 1: a term needs at least 1 die");
        assert_eq!(err("d100001"), "die too large at column 2: at most 100000 sides");
        assert_eq!(err("2d20kh3"), "cannot keep 3 at column 7: the term rolls 2 dice");
        assert_eq!(err("2d20kl0"), "cannot keep 0 at column 7: the term rolls 2 dice");
        assert_eq!(err("4d6dl4"), "cannot drop 4 at column 6: the term rolls 4 dice");
        assert_eq!(err("{d6,d8}kh3"), "cannot keep 3 at column 10: the group holds 2 items");
        assert_eq!(err("2d20kh"), "expected keep count after 'kh' at column 7");
        assert_eq!(err("2d6+"), "expected a number, 'd', '(' or '{' at column 5");
        assert_eq!(
            err("2d6 + x"),
            "unexpected 'x' at column 7: expected a number, 'd', '(' or '{'"
        );
        assert_eq!(
            err("d6kh1q"),
            "unexpected 'q' at column 6: expected a modifier ('kh', 'dl', '!', 'r', '>='...), \
             an operator or end; did you mean 'd6kh1'?"
        );
        assert_eq!(err("2 3"), "unexpected '3' at column 3: expected an operator, ')' or end");
        assert_eq!(err("dx"), "unexpected 'x' at column 2: expected die size after 'd'");
        assert_eq!(err("d6++"), "expected a number, 'd', '(' or '{' at column 5");
        assert_eq!(
            err("1000000001"),
            "number too large at column 1: constants are at most 1000000000"
        );
        assert_eq!(
            err("d6-99999999999999999999999"),
            "number too large at column 4: constants are at most 1000000000"
        );
        assert_eq!(
            err("99999999999999999999999d6"),
            "too many dice at column 1: at most 1000 per term"
        );
        assert_eq!(err("d6/(d2-1)"), "division at column 3: d2-1 can be 0");
        assert_eq!(err("d6r<7"), "d6r<7 at column 6: rerolling <7 would never stop");
        assert_eq!(err("dF!"), "dF! at column 4: a Fudge die cannot explode");
        assert_eq!(err("d1!"), "d1! at column 4: a one-sided die cannot explode");
        assert_eq!(err("d6!!!"), "explode at column 5: given twice for one term");
        assert_eq!(err("4d6kh1kl2"), "cannot keep 2 at column 9: the keep before it leaves 1 dice");
        assert_eq!(err("2d6dl1dh1"), "cannot drop 1 at column 9: the keep before it leaves 1 dice");
        assert_eq!(err("(d6"), "expected an operator or ')' at column 4; did you mean 'd6'?");
        assert_eq!(
            err("d6 []"),
            "empty label at column 4: write words between the brackets or leave them out"
        );
        assert_eq!(err("d6 [fire"), "expected ']' to close the label at column 9");
        // Columns count characters, not bytes.
        assert_eq!(err("d6+é"), "unexpected 'é' at column 4: expected a number, 'd', '(' or '{'");
        // The found character is shown as typed.
        assert_eq!(
            err("2X6"),
            "unexpected 'X' at column 2: expected 'd', an operator or end; did you mean '2*6'?"
        );
    }

    #[test]
    fn percent_between_numbers_is_the_remainder_and_after_d_the_percentile_die() {
        let total = |s: &str| {
            let d = parse(s).unwrap();
            assert_eq!(d.min(), d.max(), "{s} is a constant");
            d.min()
        };
        assert_eq!(total("10%3"), 1);
        assert_eq!(total("-7%3"), 2, "the divisor's sign, as floored division");
        assert_eq!(total("7%-3"), -2);
        assert_eq!(total("2*7%4"), 2, "as tight as * and /, left to right");
        assert_eq!(parse("d%%7").unwrap().to_string(), "d%%7");
        let d = parse("3d6%4").unwrap();
        assert_eq!((d.min(), d.max()), (0, 3));
        assert_eq!(err("d6%(d2-1)"), "remainder at column 3: d2-1 can be 0");
    }

    #[test]
    fn keep_and_drop_without_h_or_l_read_as_roll20_reads_them() {
        // `k` keeps the highest, `d` drops the lowest; printed in full.
        assert_eq!(parse("4d6k3").unwrap().to_string(), "4d6kh3");
        assert_eq!(parse("4d6d1").unwrap().to_string(), "4d6dl1");
        assert_eq!(parse("4d6k3").unwrap(), parse("4d6kh3").unwrap());
        assert_eq!(parse("{d6,d8}k1").unwrap(), parse("{d6,d8}kh1").unwrap());
        assert_eq!(err("4d6d4"), "cannot drop 4 at column 5: the term rolls 4 dice");
    }

    #[test]
    fn near_misses_suggest_the_nearest_form() {
        assert_eq!(err("4d6dx1"), "unexpected 'x' at column 5: expected 'h' or 'l' after 'd'");
        let hint = |input: &str| match parse(input).unwrap_err() {
            DiceError::Suggest { suggestion, .. } => suggestion,
            other => panic!("{input}: no suggestion in {other}"),
        };
        assert_eq!(hint("2d6x2"), "2d6*2");
        assert_eq!(hint("d6e"), "d6!");
        assert_eq!(hint("{d6,d8kh1"), "{d6,d8kh1}");
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
        let deep = format!("{}d6{}", "(".repeat(8), ")".repeat(8));
        assert!(parse(&deep).is_ok());
        let deeper = format!("{}d6{}", "(".repeat(9), ")".repeat(9));
        assert_eq!(err(&deeper), "too deep at column 9: at most 8 levels of parentheses");
    }

    /// A decimal multiplies or divides what comes before it, as a fraction over a power of
    /// ten, rounding down: `3d6*1.5` is `3d6*15/10` (3 to 18 become 4 to 27).
    #[test]
    fn a_decimal_multiplies_or_divides_rounding_down() {
        assert_eq!(canon("3d6*1.5"), "3d6*15/10");
        assert_eq!(canon("2d6 / 1.5 + 1"), "2d6*10/15+1");
        assert_eq!(canon("d20*0.25"), "d20*25/100");
        assert_eq!(canon("d8*.5"), "d8*5/10");
        assert_eq!(parse("3d6*1.5").unwrap().range(), (4, 27));
        let dist = parse("1d2*1.5").unwrap().distribution();
        // 1 becomes 1 (1.5 rounded down), 2 becomes 3: never 2.
        assert_eq!((dist.min(), dist.max()), (1, 3));
        assert_eq!((dist.chance(1), dist.chance(2), dist.chance(3)), (0.5, 0.0, 0.5));
        assert!(
            err("1.5*3d6").contains("a decimal may only multiply or divide"),
            "{}",
            err("1.5*3d6")
        );
        assert!(err("3d6+0.5").contains("a decimal may only multiply or divide"));
        assert!(err("3d6*1.2345").contains("at most 3 digits after the point"));
        assert!(err("3d6/0.0").contains("by a decimal that is 0"));
        assert!(err("3d6*1.").contains("a digit after the decimal point"), "{}", err("3d6*1."));
    }
}

#[cfg(test)]
mod bounds {
    use super::parse;
    use crate::dice::{DiceError, MAX_TOTAL};

    fn refused(input: &str) -> (String, usize, String) {
        match parse(input) {
            Err(DiceError::Bad { what, column, why }) => (what, column, why),
            other => panic!("{input}: {other:?}"),
        }
    }

    #[test]
    fn arithmetic_past_the_bound_is_refused_at_its_operator_never_wrapped() {
        // The product reaches 10^18 at the second '*': refused there, not saturated to
        // i64::MAX nor wrapped negative.
        let (what, column, why) = refused("1000000+1000000*1000000*1000000*1000000");
        assert_eq!((what.as_str(), column), ("multiplication", 24), "{why}");
        assert!(why.contains("1000000000000000000") && why.contains("at most ±1000000000000"));
        let (what, column, _) = refused("-1000000*1000000*2");
        assert_eq!((what.as_str(), column), ("multiplication", 17));
        let (what, column, _) = refused("d6*1000000*1000000");
        assert_eq!((what.as_str(), column), ("multiplication", 11));
        let (what, _, _) = refused("1000000*1000000+1");
        assert_eq!(what, "addition");
        let (what, _, _) = refused("-1000000*1000000-1");
        assert_eq!(what, "subtraction");
        // Exactly at the bound is fine, and so is every total within it.
        let at = parse("1000000*1000000").unwrap();
        assert_eq!(at.range(), (MAX_TOTAL, MAX_TOTAL));
        assert_eq!(parse("-(1000000*1000000)").unwrap().range(), (-MAX_TOTAL, -MAX_TOTAL));
    }

    #[test]
    fn dice_built_in_code_past_the_bound_do_not_validate() {
        use crate::dice::{Dice, Node};
        let big = Node::Number(1_000_000);
        let dice = Dice { nodes: [big, big, Node::Mul, big, Node::Mul].into(), label: None };
        let err = dice.validate().unwrap_err().to_string();
        assert!(err.contains("at most ±1000000000000"), "{err}");
    }
}
