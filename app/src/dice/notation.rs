//! The dice expression types, their canonical printing and their limits.
//!
//! An expression is stored as its nodes in postfix order ([`Node`]): the leaves (numbers and
//! groups of dice) in the order they are written and rolled, each operator after its
//! operands. A sum of signed leaves, the form nearly every rule rolls, is its leaves joined
//! by [`Node::Add`]; a subtracted leaf carries its own sign (`d20-d4-1` is `d20`, `-d4`,
//! `+`, `-1`, `+`), so each leaf's result is its share of the total.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::DiceError;

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
    /// The expression in postfix order (see the module docs).
    pub nodes: Vec<Node>,
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

impl Success {
    /// What one value counts: 1 when it is a success, -1 when it is a failure, else 0.
    pub fn count(self, value: i64) -> i64 {
        i64::from(self.hit.holds(value)) - i64::from(self.fail.is_some_and(|c| c.holds(value)))
    }
}

impl Sides {
    /// The highest face; the lowest is always 1.
    pub fn faces(self) -> u32 {
        match self {
            Sides::N(n) => n,
            Sides::Percent => 100,
            Sides::Fudge => 3,
        }
    }

    /// What a face counts for: itself, or -1, 0, 1 on a Fudge die.
    pub fn value(self, face: u32) -> i64 {
        match self {
            Sides::Fudge => i64::from(face) - 2,
            _ => i64::from(face),
        }
    }

    /// The lowest and highest values of one die.
    pub fn value_range(self) -> (i64, i64) {
        (self.value(1), self.value(self.faces()))
    }
}

impl fmt::Display for Sides {
    /// Prints the die alone: `d6`, `d%`, `dF`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sides::N(n) => write!(f, "d{n}"),
            Sides::Percent => f.write_str("d%"),
            Sides::Fudge => f.write_str("dF"),
        }
    }
}

impl Keep {
    /// How many dice it drops of `of`: the count a term must exceed.
    pub fn dropped_of(self, of: u32) -> u32 {
        of - self.kept_of(of)
    }

    /// How many of `of` count.
    pub fn kept_of(self, of: u32) -> u32 {
        match self {
            Keep::Highest(n) | Keep::Lowest(n) => n.min(of),
            Keep::DropLowest(n) | Keep::DropHighest(n) => of.saturating_sub(n),
            Keep::Middle { low, high } => of.saturating_sub(low.saturating_add(high)),
        }
    }

    /// Whether the highest are the ones kept (for [`Keep::Middle`], neither end is).
    pub fn keeps_highest(self) -> bool {
        matches!(self, Keep::Highest(_) | Keep::DropLowest(_))
    }

    /// How many of the lowest of `of` things it drops, and how many of the highest.
    pub fn drops_of(self, of: u32) -> (u32, u32) {
        match self {
            Keep::Highest(n) => (of.saturating_sub(n), 0),
            Keep::Lowest(n) => (0, of.saturating_sub(n)),
            Keep::DropLowest(n) => (n.min(of), 0),
            Keep::DropHighest(n) => (0, n.min(of)),
            Keep::Middle { low, high } => (low.min(of), high.min(of - low.min(of))),
        }
    }

    /// This keep, then `next` on the things it kept of `of`: keeps and drops written one
    /// after another (`4d6dl1dh1`, `3d6kh2kl1`), each on what the one before it kept.
    pub fn then(self, next: Keep, of: u32) -> Keep {
        let (low, high) = self.drops_of(of);
        let (more_low, more_high) = next.drops_of(self.kept_of(of));
        match (low + more_low, high + more_high) {
            (low, 0) => Keep::DropLowest(low),
            (0, high) => Keep::DropHighest(high),
            (low, high) => Keep::Middle { low, high },
        }
    }

    /// The first problem with keeping this of `of` things, if any.
    fn problem(self, of: u32, what: &str) -> Option<String> {
        match self {
            Keep::Highest(n) | Keep::Lowest(n) if n == 0 || n > of => {
                Some(format!("cannot keep {n} of {of} {what}"))
            }
            Keep::DropLowest(n) | Keep::DropHighest(n) if n == 0 || n >= of => {
                Some(format!("cannot drop {n} of {of} {what}"))
            }
            Keep::Middle { low, high }
                if low == 0 || high == 0 || u64::from(low) + u64::from(high) >= u64::from(of) =>
            {
                Some(format!("cannot drop {low} and {high} of {of} {what}"))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Keep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Keep::Highest(n) => write!(f, "kh{n}"),
            Keep::Lowest(n) => write!(f, "kl{n}"),
            Keep::DropLowest(n) => write!(f, "dl{n}"),
            Keep::DropHighest(n) => write!(f, "dh{n}"),
            Keep::Middle { low, high } => write!(f, "dl{low}dh{high}"),
        }
    }
}

impl CompareOp {
    fn symbol(self) -> &'static str {
        match self {
            CompareOp::Eq => "=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        }
    }
}

impl Compare {
    /// Whether `value` meets it.
    pub fn holds(self, value: i64) -> bool {
        match self.op {
            CompareOp::Eq => value == self.value,
            CompareOp::Lt => value < self.value,
            CompareOp::Le => value <= self.value,
            CompareOp::Gt => value > self.value,
            CompareOp::Ge => value >= self.value,
        }
    }
}

impl fmt::Display for Compare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.op.symbol(), self.value)
    }
}

impl DiceTerm {
    /// `count` plain dice of `sides`.
    pub fn plain(count: u32, sides: Sides) -> Self {
        DiceTerm {
            count,
            sides,
            reroll: None,
            explode: None,
            keep: None,
            success: None,
            negative: false,
        }
    }

    /// How many dice count towards the total when none explodes.
    pub fn kept_count(&self) -> u32 {
        self.keep.map_or(self.count, |k| k.kept_of(self.count))
    }

    /// Whether a rolled face is rerolled (before `ro`'s one chance is used).
    pub fn rerolls(&self, face: u32) -> bool {
        self.reroll.is_some_and(|r| r.when.holds(self.sides.value(face)))
    }

    /// Smallest and largest value of the term, sign included.
    pub(super) fn range(&self) -> (i64, i64) {
        // Saturating, so dice built in code far past the limits cannot overflow.
        let (low, high) = if let Some(s) = self.success {
            // Every face of a kept die counts, the faces its explosions added too.
            let per_die = 1 + if self.explode.is_some() { i64::from(MAX_EXPLOSIONS) } else { 0 };
            let faces = i64::from(self.kept_count()) * per_die;
            (if s.fail.is_some() { -faces } else { 0 }, faces)
        } else {
            let kept = i64::from(self.kept_count());
            let (lo, hi) = self.sides.value_range();
            let hi = match self.explode {
                // Every kept die exploding to the limit.
                Some(e) => {
                    let extra = if e.penetrating { hi - 1 } else { hi };
                    hi.saturating_add(extra.saturating_mul(i64::from(MAX_EXPLOSIONS)))
                }
                None => hi,
            };
            (kept.saturating_mul(lo), kept.saturating_mul(hi))
        };
        if self.negative { (-high, -low) } else { (low, high) }
    }

    /// The first limit this term breaks, if any.
    pub(super) fn problem(&self) -> Option<String> {
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
        if let Some(why) = self.keep.and_then(|k| k.problem(self.count, "dice")) {
            return Some(why);
        }
        if let Some(r) = self.reroll {
            let all = (1..=self.sides.faces()).all(|f| r.when.holds(self.sides.value(f)));
            if all && !r.once {
                return Some(format!("rerolling {} would never stop", r.when));
            }
        }
        if self.explode.is_some() {
            if self.sides == Sides::Fudge {
                return Some("a Fudge die cannot explode".into());
            }
            if self.sides.faces() < 2 {
                return Some("a one-sided die cannot explode".into());
            }
        }
        None
    }
}

impl fmt::Display for DiceTerm {
    /// Prints the term without its sign, modifiers in their fixed order: `d20`, `4d6kh3`,
    /// `4d6r1!kh3`, `6d10>=8f1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "{}", self.sides)?;
        if let Some(r) = self.reroll {
            f.write_str(if r.once { "ro" } else { "r" })?;
            write_condition(f, r.when)?;
        }
        if let Some(e) = self.explode {
            f.write_str(if e.compound { "!!" } else { "!" })?;
            if e.penetrating {
                f.write_str("p")?;
            }
        }
        if let Some(k) = self.keep {
            write!(f, "{k}")?;
        }
        match self.success {
            Some(s) => write_success(f, s),
            None => Ok(()),
        }
    }
}

/// A success count as written after a die or a group: `>=8`, `>=8f1`.
fn write_success(out: &mut dyn fmt::Write, s: Success) -> fmt::Result {
    write!(out, "{}", s.hit)?;
    match s.fail {
        Some(fail) if fail.op == CompareOp::Eq => write!(out, "f{}", fail.value),
        Some(fail) => write!(out, "f{fail}"),
        None => Ok(()),
    }
}

/// A condition after `r`, `ro` or `f`: `=` is left out (`r1`, `f1`).
fn write_condition(f: &mut fmt::Formatter<'_>, c: Compare) -> fmt::Result {
    if c.op == CompareOp::Eq { write!(f, "{}", c.value) } else { write!(f, "{c}") }
}

/// How tightly a node binds, for printing parentheses only where they are needed.
fn precedence(node: &Node) -> u8 {
    match node {
        Node::Add | Node::Sub => 1,
        Node::Mul | Node::Div | Node::Rem => 2,
        Node::Neg | Node::Pow => 3,
        // Written as functions: `ceil(a/b)`, `abs(x)`.
        Node::DivUp | Node::DivNearest | Node::Abs => 4,
        Node::Number(_) | Node::Dice(_) | Node::Group { .. } => 4,
    }
}

/// How many expressions a node takes from the stack.
fn arity(node: &Node) -> usize {
    match node {
        Node::Number(_) | Node::Dice(_) => 0,
        Node::Neg | Node::Abs => 1,
        Node::Add | Node::Sub | Node::Mul | Node::Div | Node::Rem => 2,
        Node::DivUp | Node::DivNearest | Node::Pow => 2,
        Node::Group { items, .. } => usize::from(*items),
    }
}

/// Where each operand of the node at `at` starts, in order (each ends just before the next
/// starts; the last just before `at`).
fn operand_starts(nodes: &[Node], at: usize) -> Vec<usize> {
    let mut starts = Vec::with_capacity(arity(&nodes[at]));
    let mut end = at;
    for _ in 0..arity(&nodes[at]) {
        let start = subtree_start(nodes, end - 1);
        starts.push(start);
        end = start;
    }
    starts.reverse();
    starts
}

/// The first node of the expression ending at `last`.
fn subtree_start(nodes: &[Node], last: usize) -> usize {
    let mut need = 1usize;
    let mut i = last + 1;
    while need > 0 {
        i -= 1;
        need = need - 1 + arity(&nodes[i]);
    }
    i
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
        Dice { nodes, label: None }
    }

    /// One die with `sides` sides (`Dice::die(20)` is `d20`). Not checked against the
    /// limits: rolling an out-of-range die returns [`DiceError::Invalid`].
    pub fn die(sides: u32) -> Dice {
        Dice::pool(1, sides)
    }

    /// `count` dice with `sides` sides, all kept (`Dice::pool(3, 6)` is `3d6`). Not checked
    /// against the limits, like [`Dice::die`].
    pub fn pool(count: u32, sides: u32) -> Dice {
        Dice::sum([Node::Dice(DiceTerm::plain(count, Sides::N(sides)))])
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
                self.nodes.truncate(len - 2);
            } else {
                self.nodes[len - 2] = Node::Number(sum);
            }
            return self;
        }
        self.nodes.push(Node::Number(n));
        self.nodes.push(Node::Add);
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

    fn problem(&self) -> Option<String> {
        if self.nodes.is_empty() {
            return Some("no terms".into());
        }
        if self.leaves().count() > MAX_TERMS {
            return Some(format!("at most {MAX_TERMS} terms"));
        }
        if !well_formed(&self.nodes) {
            return Some("operators and terms do not match".into());
        }
        // A plain sum (what the rules roll, many times a step in a simulation) has no
        // parentheses and no divisor: the walks below are only for the other forms.
        let sum = self.is_sum();
        if !sum && nesting(&self.nodes) > MAX_DEPTH {
            return Some(format!("at most {MAX_DEPTH} levels of parentheses"));
        }
        let ranges = if sum { Vec::new() } else { ranges(&self.nodes) };
        for (i, node) in self.nodes.iter().enumerate() {
            let problem = match node {
                Node::Dice(dice) => dice.problem(),
                Node::Number(c) if c.abs() > MAX_CONSTANT => {
                    Some(format!("constants are at most {MAX_CONSTANT}"))
                }
                // `ceil(a/b)` reads back only when neither side holds a division rounded
                // down (the parser refuses that: see `parse::peers`).
                Node::DivUp | Node::DivNearest
                    if self.nodes[subtree_start(&self.nodes, i)..i].contains(&Node::Div) =>
                {
                    Some("a rounded division cannot hold a division rounded down".into())
                }
                Node::Div | Node::Rem | Node::DivUp | Node::DivNearest => {
                    let (lo, hi) = ranges[i - 1];
                    (lo <= 0 && hi >= 0).then(|| "the divisor can be 0".to_string())
                }
                // A plain sum stays far inside the bound (see `MAX_SIDES`), so only the other
                // forms are walked.
                Node::Pow if !matches!(self.nodes[i - 1], Node::Number(0..=MAX_EXPONENT)) => {
                    Some(format!("an exponent is a number from 0 to {MAX_EXPONENT}"))
                }
                Node::Add | Node::Sub | Node::Mul | Node::Neg | Node::Abs | Node::Pow => {
                    ranges.get(i).and_then(|r| out_of_bounds(*r))
                }
                // Read back, a keep after braces of one expression keeps that one's dice.
                Node::Group { items: 1, keep: Some(_), .. } => {
                    Some("a keep over a group of one would read as keeping its dice".into())
                }
                Node::Group { keep: Some(_), success: Some(_), .. } => {
                    Some("a group keeps totals or counts them, not both".into())
                }
                Node::Group { items, keep: Some(keep), .. } => {
                    keep.problem(u32::from(*items), "items")
                }
                _ => None,
            };
            if problem.is_some() {
                return problem;
            }
        }
        None
    }

    /// Writes the expression with each leaf written by `leaf` (its index among the leaves
    /// and the leaf): the canonical form when `leaf` prints the leaf itself, a roll's faces
    /// in the journal.
    pub fn write_with(
        &self,
        out: &mut dyn fmt::Write,
        leaf: &mut dyn FnMut(&mut dyn fmt::Write, usize, &Node) -> fmt::Result,
    ) -> fmt::Result {
        if self.nodes.is_empty() {
            return Ok(());
        }
        if !well_formed(&self.nodes) {
            // Only dice built wrongly in code get here: shown as they are, in postfix.
            for (i, node) in self.nodes.iter().enumerate() {
                if i > 0 {
                    out.write_str(" ")?;
                }
                match node {
                    Node::Number(_) | Node::Dice(_) => write_leaf(out, node)?,
                    Node::Group { items, .. } => write!(out, "{{{items}}}")?,
                    op => out.write_str(symbol(op))?,
                }
            }
            return Ok(());
        }
        let mut leaves = 0;
        write_node(&self.nodes, self.nodes.len() - 1, out, leaf, &mut leaves)
    }
}

/// Whether every operator finds its operands and one expression is left.
fn well_formed(nodes: &[Node]) -> bool {
    let mut depth = 0usize;
    for node in nodes {
        let need = arity(node);
        if depth < need || matches!(node, Node::Group { items: 0, .. }) {
            return false;
        }
        depth = depth - need + 1;
    }
    depth == 1
}

/// An operator's sign.
fn symbol(node: &Node) -> &'static str {
    match node {
        Node::Neg | Node::Sub => "-",
        Node::Add => "+",
        Node::Mul => "*",
        Node::Div => "/",
        Node::Rem => "%",
        Node::DivUp => "ceil/",
        Node::DivNearest => "round/",
        Node::Abs => "abs",
        Node::Pow => "**",
        _ => "",
    }
}

/// The range of every node's expression, by node index.
fn ranges(nodes: &[Node]) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::with_capacity(nodes.len());
    let mut stack: Vec<(i64, i64)> = Vec::new();
    for node in nodes {
        let r = match node {
            Node::Number(c) => (*c, *c),
            Node::Dice(t) => t.range(),
            Node::Neg => {
                let (lo, hi) = stack.pop().unwrap_or((0, 0));
                (hi.saturating_neg(), lo.saturating_neg())
            }
            Node::Abs => {
                let (lo, hi) = stack.pop().unwrap_or((0, 0));
                if lo >= 0 {
                    (lo, hi)
                } else if hi <= 0 {
                    (hi.saturating_neg(), lo.saturating_neg())
                } else {
                    (0, hi.max(lo.saturating_neg()))
                }
            }
            Node::Add | Node::Sub | Node::Mul | Node::Div | Node::Rem => {
                let b = stack.pop().unwrap_or((0, 0));
                let a = stack.pop().unwrap_or((0, 0));
                binary_range(*node, a, b)
            }
            Node::DivUp | Node::DivNearest | Node::Pow => {
                let b = stack.pop().unwrap_or((0, 0));
                let a = stack.pop().unwrap_or((0, 0));
                binary_range(*node, a, b)
            }
            Node::Group { items, success: Some(success), .. } => {
                let at = stack.len().saturating_sub(usize::from(*items));
                let n = i64::from(*items);
                stack.truncate(at);
                // Each total counts 1, 0 or (when it fails) -1.
                (if success.fail.is_some() { -n } else { 0 }, n)
            }
            Node::Group { items, keep, .. } => {
                let at = stack.len().saturating_sub(usize::from(*items));
                let parts = stack.split_off(at);
                let take = keep.map_or(parts.len(), |k| k.kept_of(parts.len() as u32) as usize);
                // Whichever items end up kept, the kept sum is at least the sum of the `take`
                // best (highest when keeping the highest) minima, and at most likewise of the
                // maxima.
                let highest = keep.is_none_or(|k| k.keeps_highest());
                let best = |mut ends: Vec<i64>| {
                    ends.sort_unstable();
                    if highest {
                        ends.reverse();
                    }
                    ends.iter().take(take).fold(0i64, |s, v| s.saturating_add(*v))
                };
                (
                    best(parts.iter().map(|p| p.0).collect()),
                    best(parts.iter().map(|p| p.1).collect()),
                )
            }
        };
        stack.push(r);
        out.push(r);
    }
    out
}

/// Why a part of an expression whose totals run over `range` is refused, if it is: beyond
/// ±[`MAX_TOTAL`].
pub(super) fn out_of_bounds((lo, hi): (i64, i64)) -> Option<String> {
    (lo < -MAX_TOTAL || hi > MAX_TOTAL).then(|| {
        let far = if hi > MAX_TOTAL { hi } else { lo };
        let reach =
            if far == i64::MAX || far == i64::MIN { "past".into() } else { far.to_string() };
        format!("the total could reach {reach}: at most ±{MAX_TOTAL} either way")
    })
}

impl Node {
    /// `a op b` for a binary operator (saturating, division rounding as its operator says):
    /// the one definition the roll, its exact odds and its range share; `None` for a node that
    /// is not a binary operator.
    pub(super) fn apply(self, a: i64, b: i64) -> Option<i64> {
        Some(match self {
            Node::Add => a.saturating_add(b),
            Node::Sub => a.saturating_sub(b),
            Node::Mul => a.saturating_mul(b),
            Node::Div => div_floor(a, b),
            Node::Rem => rem_floor(a, b),
            Node::DivUp => div_ceil(a, b),
            Node::DivNearest => div_nearest(a, b),
            Node::Pow => pow_saturating(a, b),
            _ => return None,
        })
    }
}

/// The range of `a op b`.
fn binary_range(op: Node, a: (i64, i64), b: (i64, i64)) -> (i64, i64) {
    match op {
        Node::Add => (a.0.saturating_add(b.0), a.1.saturating_add(b.1)),
        Node::Sub => (a.0.saturating_sub(b.1), a.1.saturating_sub(b.0)),
        Node::Mul | Node::Div | Node::DivUp | Node::DivNearest => {
            // Each rounding of a quotient is monotone in either operand (for a divisor of
            // one sign), so the corners bound it.
            let f = |x: i64, y: i64| op.apply(x, y).unwrap_or(0);
            // A divisor range holding 0 is refused by `validate`; its ends then bound it.
            let corners = [f(a.0, b.0), f(a.0, b.1), f(a.1, b.0), f(a.1, b.1)];
            let (mut lo, mut hi) = (corners[0], corners[0]);
            for c in corners {
                lo = lo.min(c);
                hi = hi.max(c);
            }
            (lo, hi)
        }
        // A remainder lies between 0 and the divisor, on the divisor's side (its range
        // never holds 0: `validate` refuses it).
        Node::Rem if a.0 == a.1 && b.0 == b.1 => {
            let r = rem_floor(a.0, b.0);
            (r, r)
        }
        Node::Rem if b.0 > 0 => (0, b.1 - 1),
        Node::Rem => (b.0 + 1, 0),
        // An even power is lowest at the base nearest 0; an odd one keeps the order.
        Node::Pow => {
            let e = b.0;
            if e % 2 == 1 {
                (pow_saturating(a.0, e), pow_saturating(a.1, e))
            } else {
                let near = if a.0 <= 0 && a.1 >= 0 {
                    0
                } else {
                    a.0.saturating_abs().min(a.1.saturating_abs())
                };
                let far = a.0.saturating_abs().max(a.1.saturating_abs());
                (pow_saturating(near, e), pow_saturating(far, e))
            }
        }
        _ => (0, 0),
    }
}

/// The remainder of `a / b` rounded toward minus infinity (the divisor's sign); 0 when `b`
/// is 0 (never reached by valid dice).
pub(super) fn rem_floor(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) { r + b } else { r }
}

/// `a / b` rounded toward minus infinity; 0 when `b` is 0 (never reached by valid dice).
pub(super) fn div_floor(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    // The one quotient past i64 (i64::MIN / -1) comes of a bound already saturated by a
    // power: it stays saturated, on the other side.
    let Some(q) = a.checked_div(b) else { return i64::MAX };
    if (a.wrapping_rem(b) != 0) && ((a < 0) != (b < 0)) { q - 1 } else { q }
}

/// `a` to the power `e` (0 to [`MAX_EXPONENT`]), saturating past `i64`.
pub(super) fn pow_saturating(a: i64, e: i64) -> i64 {
    let e = u32::try_from(e.clamp(0, MAX_EXPONENT)).unwrap_or(0);
    a.checked_pow(e).unwrap_or(if a < 0 && e % 2 == 1 { i64::MIN } else { i64::MAX })
}

/// `a / b` rounded toward plus infinity; 0 when `b` is 0 (never reached by valid dice).
pub(super) fn div_ceil(a: i64, b: i64) -> i64 {
    div_floor(a.saturating_neg(), b).saturating_neg()
}

/// `a / b` rounded to the nearest, a half up (`floor(a/b + 1/2)`); 0 when `b` is 0.
pub(super) fn div_nearest(a: i64, b: i64) -> i64 {
    // a/b + 1/2 = (2a + b) / 2b, exact in i64 for totals within `MAX_TOTAL`.
    div_floor(a.saturating_mul(2).saturating_add(b), b.saturating_mul(2))
}

/// How deeply parentheses and braces nest in the printed form.
fn nesting(nodes: &[Node]) -> usize {
    fn depth(nodes: &[Node], at: usize) -> usize {
        let node = &nodes[at];
        let starts = operand_starts(nodes, at);
        (0..starts.len())
            .map(|i| {
                let end = if i + 1 < starts.len() { starts[i + 1] - 1 } else { at - 1 };
                let braces =
                    matches!(node, Node::Group { .. } | Node::DivUp | Node::DivNearest | Node::Abs);
                let parens = braces || needs_parens(node, &nodes[end], i == 1);
                usize::from(parens) + depth(nodes, end)
            })
            .max()
            .unwrap_or(0)
    }
    if nodes.is_empty() { 0 } else { depth(nodes, nodes.len() - 1) }
}

/// Whether `child` (the right operand when `right`) prints in parentheses under `parent`.
fn needs_parens(parent: &Node, child: &Node, right: bool) -> bool {
    match parent {
        Node::Neg => precedence(child) < 4,
        // The base is an atom or in parentheses (`(d6+1)**2`, `(-d6)**2`); the exponent is a
        // number.
        Node::Pow => {
            let negative_leaf = match child {
                Node::Number(c) => *c < 0,
                Node::Dice(t) => t.negative,
                _ => false,
            };
            !right && (precedence(child) < 4 || negative_leaf)
        }
        Node::Add | Node::Sub | Node::Mul | Node::Div | Node::Rem => {
            let (p, c) = (precedence(parent), precedence(child));
            // Operators group to the left: a right operand of the same rank needs them.
            if right { c <= p } else { c < p }
        }
        _ => false,
    }
}

fn write_node(
    nodes: &[Node],
    at: usize,
    out: &mut dyn fmt::Write,
    leaf: &mut dyn FnMut(&mut dyn fmt::Write, usize, &Node) -> fmt::Result,
    leaves: &mut usize,
) -> fmt::Result {
    let node = &nodes[at];
    let starts = operand_starts(nodes, at);
    let end_of = |i: usize| if i + 1 < starts.len() { starts[i + 1] - 1 } else { at - 1 };
    let child = |out: &mut dyn fmt::Write,
                 i: usize,
                 leaf: &mut dyn FnMut(&mut dyn fmt::Write, usize, &Node) -> fmt::Result,
                 leaves: &mut usize| {
        let end = end_of(i);
        let parens = needs_parens(node, &nodes[end], i == 1);
        if parens {
            out.write_str("(")?;
        }
        write_node(nodes, end, out, leaf, leaves)?;
        if parens {
            out.write_str(")")?;
        }
        Ok(())
    };
    match node {
        Node::Number(_) | Node::Dice(_) => {
            let i = *leaves;
            *leaves += 1;
            leaf(out, i, node)
        }
        Node::Neg => {
            out.write_str("-")?;
            child(out, 0, leaf, leaves)
        }
        // A function's argument stands in its own parentheses.
        Node::Abs => {
            out.write_str("abs(")?;
            write_node(nodes, end_of(0), out, leaf, leaves)?;
            out.write_str(")")
        }
        Node::DivUp | Node::DivNearest => {
            out.write_str(if *node == Node::DivUp { "ceil(" } else { "round(" })?;
            // The quotient inside prints as a division would, with its own parentheses.
            let (a, b) = (end_of(0), end_of(1));
            for (i, at, sign) in [(0, a, ""), (1, b, "/")] {
                out.write_str(sign)?;
                let parens = needs_parens(&Node::Div, &nodes[at], i == 1);
                if parens {
                    out.write_str("(")?;
                }
                write_node(nodes, at, out, leaf, leaves)?;
                if parens {
                    out.write_str(")")?;
                }
            }
            out.write_str(")")
        }
        Node::Add | Node::Sub | Node::Mul | Node::Div | Node::Rem | Node::Pow => {
            child(out, 0, leaf, leaves)?;
            let right = &nodes[end_of(1)];
            let negative_leaf = match right {
                Node::Number(c) => *c < 0,
                Node::Dice(t) => t.negative,
                _ => false,
            };
            // A negative leaf added prints its own minus: `d20-d4`, `d20-1`.
            if !(*node == Node::Add && negative_leaf) {
                out.write_str(symbol(node))?;
            }
            child(out, 1, leaf, leaves)
        }
        Node::Group { keep, success, .. } => {
            out.write_str("{")?;
            for i in 0..starts.len() {
                if i > 0 {
                    out.write_str(",")?;
                }
                // Items are whole expressions between commas: never parenthesised.
                write_node(nodes, end_of(i), out, leaf, leaves)?;
            }
            out.write_str("}")?;
            if let Some(k) = keep {
                write!(out, "{k}")?;
            }
            match success {
                Some(s) => write_success(out, *s),
                None => Ok(()),
            }
        }
    }
}

/// Prints one leaf as written: `-d4`, `2d6`, `-5`.
pub(super) fn write_leaf(out: &mut dyn fmt::Write, node: &Node) -> fmt::Result {
    match node {
        Node::Number(c) => write!(out, "{c}"),
        Node::Dice(t) => {
            if t.negative {
                out.write_str("-")?;
            }
            write!(out, "{t}")
        }
        _ => Ok(()),
    }
}

/// The expression of a [`Dice`] without its label, in its canonical form.
pub struct Notation<'a>(&'a Dice);

impl fmt::Display for Notation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_with(f, &mut |out, _, node| write_leaf(out, node))
    }
}

impl Dice {
    /// The expression without its label (`2d6+1` of `2d6+1 [fire]`): nothing but the
    /// notation's own characters, never a backtick.
    pub fn notation(&self) -> Notation<'_> {
        Notation(self)
    }
}

impl fmt::Display for Dice {
    /// The canonical form: no spaces, lowercase (`dF` aside), count 1 omitted, modifiers in
    /// their fixed order, parentheses only where the meaning needs them, the label last in
    /// brackets after one space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.notation())?;
        if let Some(label) = &self.label {
            write!(f, " [{label}]")?;
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
            Dice { nodes: vec![], label: None }.validate().unwrap_err().to_string(),
            "invalid dice '': no terms"
        );
        let mut keep_too_many = d("2d20kh1");
        if let Node::Dice(t) = &mut keep_too_many.nodes[0] {
            t.keep = Some(Keep::Highest(3));
        }
        assert_eq!(
            keep_too_many.validate().unwrap_err().to_string(),
            "invalid dice '2d20kh3': cannot keep 3 of 2 dice"
        );
        assert!(Dice::pool(1001, 6).validate().is_err());
        let dangling = Dice { nodes: vec![Node::Number(1), Node::Add], label: None };
        assert!(dangling.validate().is_err());
        let two = Dice { nodes: vec![Node::Number(1), Node::Number(2)], label: None };
        assert!(two.validate().is_err());
        let by_zero =
            Dice { nodes: vec![Node::Number(1), Node::Number(0), Node::Div], label: None };
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
