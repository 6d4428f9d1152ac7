//! The parts of a group of dice (sides, keep, compare, reroll, explode, success) and how each
//! is checked and printed.

use super::*;

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
    pub(super) fn problem(self, of: u32, what: &str) -> Option<String> {
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
    pub(in crate::dice) fn problem(&self) -> Option<String> {
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
pub(super) fn write_success(out: &mut dyn fmt::Write, s: Success) -> fmt::Result {
    write!(out, "{}", s.hit)?;
    match s.fail {
        Some(fail) if fail.op == CompareOp::Eq => write!(out, "f{}", fail.value),
        Some(fail) => write!(out, "f{fail}"),
        None => Ok(()),
    }
}

/// A condition after `r`, `ro` or `f`: `=` is left out (`r1`, `f1`).
pub(super) fn write_condition(f: &mut fmt::Formatter<'_>, c: Compare) -> fmt::Result {
    if c.op == CompareOp::Eq { write!(f, "{}", c.value) } else { write!(f, "{c}") }
}
