//! An expression's bounds and limits: whether its nodes are well formed, the range each
//! node can take, and the integer roundings that never overflow.

use super::*;

impl Dice {
    pub(super) fn problem(&self) -> Option<String> {
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
}

/// Whether every operator finds its operands and one expression is left.
pub(super) fn well_formed(nodes: &[Node]) -> bool {
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

/// The range of every node's expression, by node index.
pub(super) fn ranges(nodes: &[Node]) -> Vec<(i64, i64)> {
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
pub(in crate::dice) fn out_of_bounds((lo, hi): (i64, i64)) -> Option<String> {
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
    pub(in crate::dice) fn apply(self, a: i64, b: i64) -> Option<i64> {
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
pub(super) fn binary_range(op: Node, a: (i64, i64), b: (i64, i64)) -> (i64, i64) {
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
pub(super) fn nesting(nodes: &[Node]) -> usize {
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
