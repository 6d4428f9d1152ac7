//! The dice expression types, their canonical printing and their limits.
//!
//! An expression is stored as its nodes in postfix order ([`Node`]): the leaves (numbers and
//! groups of dice) in the order they are written and rolled, each operator after its
//! operands. A sum of signed leaves, the form nearly every rule rolls, is its leaves joined
//! by [`Node::Add`]; a subtracted leaf carries its own sign (`d20-d4-1` is `d20`, `-d4`,
//! `+`, `-1`, `+`), so each leaf's result is its share of the total.

use std::fmt;
use std::sync::Arc;

use super::DiceError;

mod bounds;
mod print;
mod term;

pub(super) use bounds::out_of_bounds;
// The parts see one another through here (`use super::*`).
#[allow(unused_imports)]
use {bounds::*, print::*, term::*};

pub use print::Notation;
pub(super) use print::write_leaf;

/// Most dice one term may roll (`1000d6` is the largest pool).
pub const MAX_DICE_PER_TERM: u32 = 1_000;
/// Most sides one die may have (`d100000`: other dice tools take `d10001` and beyond). A
/// plain sum stays far inside [`MAX_TOTAL`] even so: 20 terms of 1,000 such dice, each
/// exploding 30 times, reach 6.2 × 10^10.
pub const MAX_SIDES: u32 = 100_000;
/// Most terms (numbers and groups of dice) one expression may have.
pub const MAX_TERMS: usize = 20;
/// Largest constant, either sign (20 of them stay inside [`MAX_TOTAL`]).
pub const MAX_CONSTANT: i64 = 1_000_000_000;
/// Largest total an expression, or any part of it, may reach either way (a trillion): every
/// sum, difference, product and quotient is checked against it when the expression is read,
/// so no roll, odds or journal line ever meets a number that wrapped or saturated.
pub const MAX_TOTAL: i64 = 1_000_000_000_000;
/// Largest exponent of `**` (past it, any base but 0 and ±1 leaves [`MAX_TOTAL`]).
pub const MAX_EXPONENT: i64 = 40;
/// Deepest nesting of parentheses and braces.
pub const MAX_DEPTH: usize = 8;
/// Most times one exploding die may explode: the app's dice never get there in practice,
/// and typed-in dice past it are refused rather than looping.
pub const MAX_EXPLOSIONS: u32 = 30;
/// Most times one die may be rerolled by `r` (`ro` rerolls once).
pub const MAX_REROLLS: u32 = 30;

/// A parsed dice expression such as `2d6+1`, `4d6dl1`, `{2d8,d12}kh1` or `(d6+1)*2 [fire]`.
///
/// Parse with [`Dice::parse`] or [`str::parse`]; print with `Display`, which gives the
/// canonical form (lowercase, no spaces, count 1 omitted, parentheses only where needed).
/// Serde uses that string too.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Dice {
    /// The expression in postfix order (see the module docs). Shared: every roll keeps its
    /// dice, and a fight's state holds many, so a copy is a count, not an allocation (issue
    /// 67); changed by making anew (or `Arc::make_mut`).
    pub nodes: Arc<[Node]>,
    /// The words in brackets after it (`2d6+1 [fire]`), if any. Boxed: dice sit in many
    /// procedures' state, and this keeps them small.
    pub label: Option<Box<str>>,
}

/// One node of an expression, in postfix order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Node {
    /// A signed constant.
    Number(i64),
    /// A group of identical dice with its modifiers, such as `4d6dl1` or `-d4`.
    Dice(DiceTerm),
    /// Negates the expression before it (a leaf is negated in place instead).
    Neg,
    /// Adds the two expressions before it.
    Add,
    /// Subtracts the last expression (never a leaf: that is a negative leaf added).
    Sub,
    /// Multiplies the two expressions before it.
    Mul,
    /// Divides, rounding down (toward minus infinity): `7/2` is 3, `-7/2` is -4.
    Div,
    /// The remainder of that division (`%`), with the divisor's sign: `7%3` is 1, `-7%3` is
    /// 2, so `a = (a/b)*b + a%b` always.
    Rem,
    /// Divides, rounding up (`ceil(a/b)`): `7/2` is 4, `-7/2` is -3.
    DivUp,
    /// Divides, rounding to the nearest, a half up (`round(a/b)`, as Roll20 and
    /// rpg-dice-roller round): `5/2` is 3, `-5/2` is -2, `7/3` is 2.
    DivNearest,
    /// The size of the expression before it, without its sign (`abs(x)`).
    Abs,
    /// Raises the expression before the exponent to it (`d6**2`): the exponent is always a
    /// constant from 0 to [`MAX_EXPONENT`], so the same roll is multiplied by itself.
    Pow,
    /// `{a,b,...}`: the last `items` expressions, each totalled, summed or kept as `keep`
    /// says (`{2d8,d12}kh1` keeps the single highest total), or counted as `success` says
    /// (`{3d6+2,2d8}>10` counts the totals of 10 or more).
    Group {
        /// How many expressions the braces hold.
        items: u8,
        /// Which totals count; all of them when `None`.
        keep: Option<Keep>,
        /// Counting the totals that meet a number instead of adding them.
        success: Option<Success>,
    },
}

/// A group of identical dice, such as `4d6kh3`, `6d10>=8f1` or `d6!p`.
///
/// The modifiers apply in one order whatever order they are typed in: each die is rerolled
/// first, then explodes, then the kept dice are chosen, then successes are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiceTerm {
    /// How many dice, 1 to [`MAX_DICE_PER_TERM`].
    pub count: u32,
    /// The kind of die.
    pub sides: Sides,
    /// Rerolling faces that match (`r1`, `ro<3`).
    pub reroll: Option<Reroll>,
    /// Exploding on the highest face (`!`, `!p`).
    pub explode: Option<Explode>,
    /// Which dice count towards the total; `None` keeps them all.
    pub keep: Option<Keep>,
    /// Counting successes instead of adding faces (`>=8`, `>=8f1`).
    pub success: Option<Success>,
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
    /// A Fudge die: minus, blank, plus (-1, 0, +1), printed `dF`. Its faces are recorded as
    /// 1, 2 and 3.
    Fudge,
}

/// Which dice of a group count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Keep {
    /// Keep the N highest (`kh`).
    Highest(u32),
    /// Keep the N lowest (`kl`).
    Lowest(u32),
    /// Drop the N lowest (`dl`): keeps the rest.
    DropLowest(u32),
    /// Drop the N highest (`dh`): keeps the rest.
    DropHighest(u32),
    /// Drop the `low` lowest and the `high` highest, both at least 1 (`dl1dh1`): what keeps
    /// and drops written one after another come to (`3d6kh2kl1` keeps the middle die).
    Middle {
        /// How many of the lowest are dropped.
        low: u32,
        /// How many of the highest are dropped.
        high: u32,
    },
}

/// A comparison with a number: `>=8`, `<3`, `=1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Compare {
    /// How to compare.
    pub op: CompareOp,
    /// With what (a die's value: a Fudge die's is -1, 0 or 1).
    pub value: i64,
}

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompareOp {
    /// `=`
    Eq,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Rerolling: a face that matches is set aside (shown dropped) and the die rolled again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reroll {
    /// Which faces are rerolled.
    pub when: Compare,
    /// `ro`: at most once per die; `r`: until it no longer matches.
    pub once: bool,
}

/// Exploding: a die showing its highest face adds another die, which may explode in turn,
/// at most [`MAX_EXPLOSIONS`] times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Explode {
    /// `!p`: each added die counts one less (Murdham's damage, HackMaster's "penetrating").
    pub penetrating: bool,
    /// `!!`: the added dice compound into the one that exploded, which counts as a single
    /// die of that total (a success is counted on it, not on each face).
    pub compound: bool,
}

/// Counting successes: each kept die that meets `hit` counts 1, each that meets `fail`
/// takes 1 away; the term is that count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Success {
    /// What counts as a success.
    pub hit: Compare,
    /// What takes one away (`f1`), if anything.
    pub fail: Option<Compare>,
}

impl Dice {
    /// Parses notation: `d20`, `2d6+1`, `4d6kh3`, `4d6dl1`, `d%`, `4dF`, `d6!`, `d6!p`,
    /// `4d6r1`, `6d10>=8f1`, `(d6+1)*2`, `d20/2`, `{2d8,d12}kh1`, `2d6+1 [fire]`.
    ///
    /// Spaces are allowed between terms and operators, uppercase is accepted, and the minus
    /// sign `−` reads as `-`; see [`DiceError`] for the messages.
    pub fn parse(input: &str) -> Result<Dice, DiceError> {
        super::parse::parse(input)
    }

    /// A sum of signed leaves, as the parser builds it: `leaves[0] + leaves[1] + ...`.
    pub fn sum(leaves: impl IntoIterator<Item = Node>) -> Dice {
        let mut nodes = Vec::new();
        for (i, leaf) in leaves.into_iter().enumerate() {
            nodes.push(leaf);
            if i > 0 {
                nodes.push(Node::Add);
            }
        }
        Dice { nodes: nodes.into(), label: None }
    }

    /// One die with `sides` sides (`Dice::die(20)` is `d20`). Not checked against the
    /// limits: rolling an out-of-range die returns [`DiceError::Invalid`].
    ///
    /// The dice up to a `d100` are made once per thread and shared after: the rules roll one
    /// die thousands of times a fight, and a die so made costs no allocation (issue 67).
    pub fn die(sides: u32) -> Dice {
        let shared = COMMON_DICE.with(|dice| dice.get(sides as usize).cloned());
        shared.map_or_else(|| Dice::pool(1, sides), |nodes| Dice { nodes, label: None })
    }

    /// `count` dice with `sides` sides, all kept (`Dice::pool(3, 6)` is `3d6`). Not checked
    /// against the limits, like [`Dice::die`].
    pub fn pool(count: u32, sides: u32) -> Dice {
        Dice { nodes: Arc::new([plain_leaf(count, sides)]), label: None }
    }

    /// The same dice with `n` added (`d12` plus −2 is `d12-2`); a trailing added constant
    /// absorbs it, and adding 0 changes nothing.
    pub fn plus(mut self, n: i64) -> Dice {
        if n == 0 {
            return self;
        }
        let len = self.nodes.len();
        if len >= 3
            && let (Node::Number(c), Node::Add) = (self.nodes[len - 2], self.nodes[len - 1])
        {
            let sum = c + n;
            if sum == 0 {
                self.nodes = self.nodes[..len - 2].into();
            } else {
                Arc::make_mut(&mut self.nodes)[len - 2] = Node::Number(sum);
            }
            return self;
        }
        // Made in one allocation: the length is known.
        self.nodes = self.nodes.iter().copied().chain([Node::Number(n), Node::Add]).collect();
        self
    }

    /// The same dice with its label (`2d6 [fire]`).
    pub fn labelled(self, label: impl Into<String>) -> Dice {
        Dice { label: Some(label.into().into_boxed_str()), ..self }
    }

    /// Whether the number of faces is fixed: no die explodes or is rerolled.
    pub fn is_fixed_count(&self) -> bool {
        self.dice_terms().all(|t| t.reroll.is_none() && t.explode.is_none())
    }

    /// Whether the expression is a plain sum of signed leaves (`d20+d4-1`): each leaf's
    /// result is then its share of the total.
    pub fn is_sum(&self) -> bool {
        self.nodes.iter().all(|n| matches!(n, Node::Number(_) | Node::Dice(_) | Node::Add))
    }

    /// The mean total. Exact for sums of dice kept whole without modifiers; otherwise the
    /// middle of the range (the exact mean is in [`Dice::distribution`]).
    pub fn average(&self) -> f64 {
        let plain = self.is_sum()
            && self.dice_terms().all(|t| {
                t.keep.is_none() && t.reroll.is_none() && t.explode.is_none() && t.success.is_none()
            });
        if plain {
            self.leaves()
                .map(|n| match n {
                    Node::Number(c) => *c as f64,
                    Node::Dice(t) => {
                        let (lo, hi) = t.sides.value_range();
                        let mean = f64::from(t.count) * (lo + hi) as f64 / 2.0;
                        if t.negative { -mean } else { mean }
                    }
                    _ => 0.0,
                })
                .sum()
        } else {
            (self.min() + self.max()) as f64 / 2.0
        }
    }

    /// Total number of dice to roll before any explodes or is rerolled, across all terms.
    pub fn dice_count(&self) -> u32 {
        // Saturating, so dice built in code far past the limits cannot overflow.
        self.dice_terms().fold(0, |sum, t| sum.saturating_add(t.count))
    }

    /// The leaves (numbers and dice), in the order written and rolled.
    pub fn leaves(&self) -> impl Iterator<Item = &Node> {
        self.nodes.iter().filter(|n| arity(n) == 0)
    }

    /// The dice terms, in order, skipping constants.
    pub fn dice_terms(&self) -> impl Iterator<Item = &DiceTerm> {
        self.nodes.iter().filter_map(|n| match n {
            Node::Dice(dice) => Some(dice),
            _ => None,
        })
    }

    /// Smallest possible total.
    pub fn min(&self) -> i64 {
        self.range().0
    }

    /// Largest possible total.
    pub fn max(&self) -> i64 {
        self.range().1
    }

    /// Smallest and largest possible totals.
    pub fn range(&self) -> (i64, i64) {
        ranges(&self.nodes).last().copied().unwrap_or((0, 0))
    }

    /// Checks a `Dice` built in code against the limits the parser enforces (see the
    /// constants of this module). Parsed dice always pass.
    pub fn validate(&self) -> Result<(), DiceError> {
        match self.problem() {
            None => Ok(()),
            Some(reason) => Err(DiceError::Invalid { dice: self.to_string(), reason }),
        }
    }
}

/// The most sides of a die [`Dice::die`] shares rather than makes (`d100`).
const COMMON_SIDES: u32 = 100;

thread_local! {
    /// `d0` to `d100`, each made once per thread and shared by every [`Dice::die`] after:
    /// per thread, so that two threads simulating fights never count on one shared counter.
    static COMMON_DICE: Vec<Arc<[Node]>> =
        (0..=COMMON_SIDES).map(|sides| Arc::new([plain_leaf(1, sides)]) as Arc<[Node]>).collect();
}

/// `count` plain dice of `sides`, as a leaf.
fn plain_leaf(count: u32, sides: u32) -> Node {
    Node::Dice(DiceTerm::plain(count, Sides::N(sides)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dice {
        Dice::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    /// Found by the proptest in CI: a saturated bound (a power past i64) divided by -1.
    /// Every integer rounding is total, and a bound past i64 stays past it.
    #[test]
    fn roundings_of_saturated_bounds_never_overflow() {
        for b in [-1, 1, -2, 2, i64::MIN, i64::MAX] {
            for a in [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX] {
                let _ = (div_floor(a, b), div_ceil(a, b), div_nearest(a, b), rem_floor(a, b));
            }
        }
        assert_eq!(div_floor(i64::MIN, -1), i64::MAX);
        assert_eq!(div_floor(-7, 2), -4);
        assert_eq!(div_ceil(-7, 2), -3);
        assert_eq!(div_nearest(7, 2), 4);
        // Typed, such a total is refused at the power already, naming it.
        let e = Dice::parse("floor(((-d2)**40*-d2)/-1)").unwrap_err().to_string();
        assert!(e.contains("power") && e.contains("at most"), "{e}");
    }

    #[test]
    fn plus_and_average() {
        assert_eq!(d("d12").plus(-2).to_string(), "d12-2");
        assert_eq!(d("d12").plus(1).to_string(), "d12+1");
        assert_eq!(d("d12").plus(0).to_string(), "d12");
        assert_eq!(d("5d8+3").plus(12).to_string(), "5d8+15");
        assert_eq!(d("d6+2").plus(-2).to_string(), "d6");
        assert_eq!(d("(d6+1)*2").plus(1).to_string(), "(d6+1)*2+1");
        // The chapter's Leonin: 5d8+15 averages 37.5 (not the 41 the text gives).
        assert_eq!(d("5d8+15").average(), 37.5);
        assert_eq!(d("3d6").average(), 10.5);
        assert_eq!(d("4dF").average(), 0.0);
        assert_eq!(d("d20-d4").average(), 8.0);
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
        assert_eq!(d("2d6+1").range(), (3, 13));
        assert_eq!(d("4d6kh3").range(), (3, 18));
        assert_eq!(d("4d6dl1").range(), (3, 18));
        assert_eq!(d("d%").range(), (1, 100));
        assert_eq!(d("d20-d4").range(), (-3, 19));
        assert_eq!(d("-5").range(), (-5, -5));
        assert_eq!(d("4dF").range(), (-4, 4));
        assert_eq!(d("6d10>=8f1").range(), (-6, 6));
        assert_eq!(d("6d10>=8").range(), (0, 6));
        assert_eq!(d("(d6+1)*2").range(), (4, 14));
        assert_eq!(d("d6*-2").range(), (-12, -2));
        assert_eq!(d("d20/3").range(), (0, 6));
        assert_eq!(d("-d20/3").range(), (-7, -1));
        assert_eq!(d("{2d8,d12}kh1").range(), (2, 16));
        assert_eq!(d("{2d8,d12}kl1").range(), (1, 12));
        assert_eq!(d("{d6,d8}").range(), (2, 14));
        assert_eq!(d("d6!").range(), (1, 6 + 6 * i64::from(MAX_EXPLOSIONS)));
        assert_eq!(d("d6!p").range(), (1, 6 + 5 * i64::from(MAX_EXPLOSIONS)));
    }

    #[test]
    fn floor_division() {
        assert_eq!(div_floor(7, 2), 3);
        assert_eq!(div_floor(-7, 2), -4);
        assert_eq!(div_floor(7, -2), -4);
        assert_eq!(div_floor(-7, -2), 3);
        assert_eq!(div_floor(6, 3), 2);
        assert_eq!(div_floor(-6, 3), -2);
    }

    #[test]
    fn convenience_constructors() {
        assert_eq!(Dice::die(20), d("d20"));
        // A common die is shared, the same as one made; an uncommon one is made.
        assert!(Arc::ptr_eq(&Dice::die(20).nodes, &Dice::die(20).nodes));
        assert_eq!(Dice::die(20), Dice::pool(1, 20));
        assert_eq!(Dice::die(101), d("d101"));
        assert_eq!(Dice::die(0).to_string(), "d0");
        assert_eq!(Dice::die(12).plus(2).to_string(), "d12+2", "a shared die changed is a copy");
        assert_eq!(Dice::die(12).to_string(), "d12");
        assert_eq!(Dice::die(12).plus(2).plus(-2).to_string(), "d12");
        assert_eq!(Dice::die(12).plus(2).plus(1).to_string(), "d12+3");
        assert_eq!(Dice::pool(3, 6), d("3d6"));
        assert_eq!(Dice::pool(3, 6).to_string(), "3d6");
        assert_eq!(Dice::die(6).labelled("fire").to_string(), "d6 [fire]");
    }

    #[test]
    fn validate_reports_code_built_problems() {
        assert!(d("4d6kh3").validate().is_ok());
        assert_eq!(
            Dice::die(0).validate().unwrap_err().to_string(),
            "invalid dice 'd0': a die needs at least 1 side"
        );
        assert_eq!(
            Dice { nodes: Arc::new([]), label: None }.validate().unwrap_err().to_string(),
            "invalid dice '': no terms"
        );
        let mut keep_too_many = d("2d20kh1");
        if let Node::Dice(t) = &mut Arc::make_mut(&mut keep_too_many.nodes)[0] {
            t.keep = Some(Keep::Highest(3));
        }
        assert_eq!(
            keep_too_many.validate().unwrap_err().to_string(),
            "invalid dice '2d20kh3': cannot keep 3 of 2 dice"
        );
        assert!(Dice::pool(1001, 6).validate().is_err());
        let dangling = Dice { nodes: Arc::new([Node::Number(1), Node::Add]), label: None };
        assert!(dangling.validate().is_err());
        let two = Dice { nodes: Arc::new([Node::Number(1), Node::Number(2)]), label: None };
        assert!(two.validate().is_err());
        let by_zero =
            Dice { nodes: Arc::new([Node::Number(1), Node::Number(0), Node::Div]), label: None };
        assert_eq!(
            by_zero.validate().unwrap_err().to_string(),
            "invalid dice '1/0': the divisor can be 0"
        );
        // Far past the limits: counting and ranges saturate instead of overflowing.
        let huge = Dice::sum([Dice::pool(u32::MAX, u32::MAX).nodes[0]; 3]);
        assert_eq!((huge.dice_count(), huge.max()), (u32::MAX, i64::MAX));
        assert!(Dice::die(100_001).validate().is_err());
        assert!(Dice::sum([Node::Number(MAX_CONSTANT + 1)]).validate().is_err());
    }

    #[test]
    fn serde_uses_the_canonical_string() {
        let dice = d("4D6KH3");
        assert_eq!(serde_json::to_string(&dice).unwrap(), "\"4d6kh3\"");
        let back: Dice = serde_json::from_str("\"2d6 + 1\"").unwrap();
        assert_eq!(back, d("2d6+1"));
        let labelled: Dice = serde_json::from_str("\"2d6+1 [fire]\"").unwrap();
        assert_eq!(labelled.label.as_deref(), Some("fire"));
        let err = serde_json::from_str::<Dice>("\"2q6\"").unwrap_err();
        assert!(err.to_string().contains("unexpected 'q' at column 2"), "{err}");
    }
}
