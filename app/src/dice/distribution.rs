//! The odds of any roll: the exact distribution of an expression's total, worked out by
//! convolution, or, where exact is too big (a thousand d10000, a keep of many groups), an
//! estimate from many seeded rolls with its standard error.
//!
//! Exact for every form the notation has except these, which are sampled: successes counted
//! on kept dice, keeping dice that explode, keeping more than one item of a group, and any
//! step whose table of outcomes would pass [`MAX_OUTCOMES`].

use super::notation::{MAX_EXPLOSIONS, MAX_REROLLS};
use super::{Dice, DiceSource, DiceTerm, Keep, Node, SeededDice};

/// Largest table of outcomes worked out exactly; past it, the roll is sampled.
pub const MAX_OUTCOMES: usize = 200_000;
/// Most pairs of totals one step multiplies out (a convolution, a product): past it, the
/// roll is sampled, so no expression takes the window more than a moment.
pub const MAX_PAIRS: usize = 10_000_000;
/// Rolls made for an estimate.
pub const SAMPLES: u32 = 200_000;

/// The chance of each total of an expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    /// Each total that can come up with its chance, lowest first; the chances add up to 1.
    pub totals: Vec<(i64, f64)>,
    /// How many rolls the estimate was made from; 0 when exact.
    pub samples: u32,
}

impl Distribution {
    /// A total that is certain.
    fn point(value: i64) -> Self {
        Distribution { totals: vec![(value, 1.0)], samples: 0 }
    }

    /// Whether it was worked out exactly.
    pub fn is_exact(&self) -> bool {
        self.samples == 0
    }

    /// The lowest total with a chance.
    pub fn min(&self) -> i64 {
        self.totals.first().map_or(0, |t| t.0)
    }

    /// The highest total with a chance.
    pub fn max(&self) -> i64 {
        self.totals.last().map_or(0, |t| t.0)
    }

    /// The chance of exactly `total`.
    pub fn chance(&self, total: i64) -> f64 {
        self.totals.binary_search_by_key(&total, |t| t.0).map_or(0.0, |i| self.totals[i].1)
    }

    /// The chance of `target` or more.
    pub fn at_least(&self, target: i64) -> f64 {
        let from = self.totals.partition_point(|t| t.0 < target);
        self.totals[from..].iter().map(|t| t.1).sum::<f64>().min(1.0)
    }

    /// The chance of `target` or less.
    pub fn at_most(&self, target: i64) -> f64 {
        let to = self.totals.partition_point(|t| t.0 <= target);
        self.totals[..to].iter().map(|t| t.1).sum::<f64>().min(1.0)
    }

    /// The mean total.
    pub fn mean(&self) -> f64 {
        self.totals.iter().map(|(v, p)| *v as f64 * p).sum()
    }

    /// The smallest total reached with at least `q` of the chance (0.5: the median).
    pub fn quantile(&self, q: f64) -> i64 {
        let mut sum = 0.0;
        for (v, p) in &self.totals {
            sum += p;
            if sum >= q - 1e-12 {
                return *v;
            }
        }
        self.max()
    }

    /// The standard error of a chance `p` read off an estimate (0 when exact).
    pub fn standard_error(&self, p: f64) -> f64 {
        if self.samples == 0 { 0.0 } else { (p * (1.0 - p) / f64::from(self.samples)).sqrt() }
    }

    /// The totals with more than a negligible chance, as a range (for charts).
    pub fn likely_range(&self) -> (i64, i64) {
        let likely = || self.totals.iter().filter(|t| t.1 > 1e-6).map(|t| t.0);
        (likely().next().unwrap_or(0), likely().next_back().unwrap_or(0))
    }

    /// The same chances with every total negated.
    fn negated(&self) -> Self {
        let totals = self.totals.iter().rev().map(|(v, p)| (-v, *p)).collect();
        Distribution { totals, samples: 0 }
    }

    /// Each total put through `f` (`abs`, a success count): the chances of totals that meet
    /// are added.
    fn mapped(&self, f: impl Fn(i64) -> i64) -> Option<Self> {
        Some(from_pairs(self.totals.iter().map(|(v, p)| (f(*v), *p)).collect()))
    }

    /// As a dense table: the lowest total and the chance of each total from there.
    fn dense(&self) -> (i64, Vec<f64>) {
        let min = self.min();
        let mut chances = vec![0.0; (self.max() - min) as usize + 1];
        for (v, p) in &self.totals {
            chances[(v - min) as usize] += p;
        }
        (min, chances)
    }

    /// The distribution of `self + other`; `None` past [`MAX_OUTCOMES`].
    fn plus(&self, other: &Self) -> Option<Self> {
        let span = |d: &Self| usize::try_from(d.max() - d.min()).ok().map(|s| s + 1);
        let (a_span, b_span) = (span(self)?, span(other)?);
        if a_span + b_span > MAX_OUTCOMES
            || self.totals.len().saturating_mul(other.totals.len()) > MAX_PAIRS
        {
            return None;
        }
        let (a_min, a) = self.dense();
        let mut chances = vec![0.0; a_span + b_span - 1];
        for (i, pa) in a.iter().enumerate().filter(|x| *x.1 > 0.0) {
            for (b, pb) in &other.totals {
                chances[i + (b - other.min()) as usize] += pa * pb;
            }
        }
        Some(from_dense(a_min + other.min(), &chances))
    }

    /// The distribution of `f(a, b)` for independent `a` from self and `b` from other.
    fn combine(&self, other: &Self, f: impl Fn(i64, i64) -> i64) -> Option<Self> {
        if self.totals.len().saturating_mul(other.totals.len()) > MAX_PAIRS {
            return None;
        }
        let mut pairs = Vec::with_capacity(self.totals.len() * other.totals.len());
        for (a, pa) in &self.totals {
            for (b, pb) in &other.totals {
                pairs.push((f(*a, *b), pa * pb));
            }
        }
        Some(from_pairs(pairs))
    }
}

/// A distribution from a dense table (impossible totals left out).
fn from_dense(min: i64, chances: &[f64]) -> Distribution {
    let totals = chances
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(i, p)| (min + i as i64, *p))
        .collect();
    Distribution { totals, samples: 0 }
}

/// A distribution from (total, chance) pairs, in any order, totals repeated.
fn from_pairs(mut pairs: Vec<(i64, f64)>) -> Distribution {
    pairs.sort_unstable_by_key(|p| p.0);
    let mut totals: Vec<(i64, f64)> = Vec::with_capacity(pairs.len());
    for (v, p) in pairs {
        match totals.last_mut() {
            Some(last) if last.0 == v => last.1 += p,
            _ if p > 0.0 => totals.push((v, p)),
            _ => {}
        }
    }
    Distribution { totals, samples: 0 }
}

impl Dice {
    /// The chance of each total: exact where it can be worked out (see the module docs),
    /// else estimated from [`SAMPLES`] seeded rolls.
    pub fn distribution(&self) -> Distribution {
        self.exact_distribution().unwrap_or_else(|| sampled(self, SAMPLES))
    }

    /// The exact chance of each total, or `None` where it is not worked out exactly.
    pub fn exact_distribution(&self) -> Option<Distribution> {
        self.validate().ok().and_then(|()| exact(&self.nodes))
    }
}

/// An estimate from up to `n` rolls of the app's dice (a fixed seed: the same estimate each
/// time); fewer for big pools, so no estimate rolls more than 20 million dice.
pub fn sampled(dice: &Dice, n: u32) -> Distribution {
    let per_roll = dice.dice_count().max(1);
    let n = n.min((20_000_000 / per_roll).max(1_000));
    let mut rng = SeededDice::new(0x0dd5, 0);
    let totals: Vec<i64> =
        (0..n).filter_map(|_| rng.roll(dice, "", None).ok().map(|r| r.total)).collect();
    let weight = 1.0 / totals.len().max(1) as f64;
    let mut d = from_pairs(totals.iter().map(|t| (*t, weight)).collect());
    d.samples = n;
    d
}

/// The exact distribution of a postfix expression, or `None` where it is not worked out.
fn exact(nodes: &[Node]) -> Option<Distribution> {
    let mut stack: Vec<Distribution> = Vec::new();
    for node in nodes {
        let d = match node {
            Node::Number(c) => Distribution::point(*c),
            Node::Dice(t) => term(t)?,
            Node::Neg => stack.pop()?.negated(),
            Node::Abs => stack.pop()?.mapped(i64::saturating_abs)?,
            Node::Add
            | Node::Sub
            | Node::Mul
            | Node::Div
            | Node::Rem
            | Node::DivUp
            | Node::DivNearest
            | Node::Pow => {
                let b = stack.pop()?;
                let a = stack.pop()?;
                match node {
                    Node::Add => a.plus(&b)?,
                    Node::Sub => a.plus(&b.negated())?,
                    // Every other operator pairs each total with each (`apply` has a value
                    // for all of them: matched above).
                    _ => a.combine(&b, |x, y| node.apply(x, y).unwrap_or(0))?,
                }
            }
            Node::Group { items, success: Some(success), .. } => {
                let at = stack.len().checked_sub(usize::from(*items))?;
                // Each total counts -1, 0 or 1: the counts of independent totals add up.
                let parts = stack.split_off(at);
                let counts: Vec<Distribution> =
                    parts.iter().map(|p| p.mapped(|v| success.count(v))).collect::<Option<_>>()?;
                counts.iter().skip(1).try_fold(counts[0].clone(), |s, p| s.plus(p))?
            }
            Node::Group { items, keep, .. } => {
                let at = stack.len().checked_sub(usize::from(*items))?;
                let parts = stack.split_off(at);
                match keep {
                    None => parts.iter().skip(1).try_fold(parts[0].clone(), |s, p| s.plus(p))?,
                    Some(k) if k.kept_of(u32::from(*items)) == 1 => {
                        extreme(&parts, k.keeps_highest())?
                    }
                    Some(_) => return None,
                }
            }
        };
        stack.push(d);
    }
    stack.pop()
}

/// The distribution of the highest (or lowest) of independent totals, by their CDFs.
fn extreme(parts: &[Distribution], highest: bool) -> Option<Distribution> {
    let lo = parts.iter().map(Distribution::min).min()?;
    let hi = parts.iter().map(Distribution::max).max()?;
    let span = usize::try_from(hi - lo).ok()? + 1;
    if span > MAX_OUTCOMES {
        return None;
    }
    // P(max <= x) is the product of each P(part <= x); P(min >= x) likewise.
    let tail = |x: i64| -> f64 {
        parts.iter().map(|p| if highest { p.at_most(x) } else { p.at_least(x) }).product()
    };
    let chances = (0..span)
        .map(|i| {
            let x = lo + i as i64;
            if highest { tail(x) - tail(x - 1) } else { tail(x) - tail(x + 1) }
        })
        .map(|p: f64| p.max(0.0))
        .collect::<Vec<f64>>();
    Some(from_dense(lo, &chances))
}

/// One group of dice: each die's own distribution, then all of them added or kept.
fn term(t: &DiceTerm) -> Option<Distribution> {
    let compounds = t.explode.is_some_and(|e| e.compound) && t.success.is_some();
    if t.success.is_some() && t.keep.is_some()
        || t.keep.is_some() && t.explode.is_some()
        || compounds
    {
        return None;
    }
    let die = one_die(t)?;
    let total = match t.keep {
        None => times(&die, t.count)?,
        Some(keep) => kept(&die, t.count, keep)?,
    };
    Some(if t.negative { total.negated() } else { total })
}

/// The sum of `n` dice that each follow `die`, by repeated doubling: a few convolutions, each
/// refused past its limits, rather than `n` of them.
fn times(die: &Distribution, n: u32) -> Option<Distribution> {
    let mut result: Option<Distribution> = None;
    let mut power = die.clone();
    let mut left = n;
    while left > 0 {
        if left & 1 == 1 {
            result = Some(match result {
                None => power.clone(),
                Some(r) => r.plus(&power)?,
            });
        }
        left >>= 1;
        if left > 0 {
            power = power.plus(&power)?;
        }
    }
    result
}

/// What one die of the term counts for: its value (or its successes), after rerolls, with
/// what its explosions add.
fn one_die(t: &DiceTerm) -> Option<Distribution> {
    let top = t.sides.faces();
    let s = f64::from(top);
    // What a face counts for: its value, or its successes less its failures.
    let score = |face: u32| -> i64 {
        let v = t.sides.value(face);
        match t.success {
            Some(c) => i64::from(c.hit.holds(v)) - i64::from(c.fail.is_some_and(|f| f.holds(v))),
            None => v,
        }
    };
    // The first face, after rerolls.
    let mut first = vec![0.0; top as usize];
    match t.reroll {
        None => first.iter_mut().for_each(|p| *p = 1.0 / s),
        Some(r) => {
            let matching = (1..=top).filter(|f| t.rerolls(*f)).count() as f64 / s;
            let tries = if r.once { 1 } else { MAX_REROLLS };
            // Each try reaches here with chance matching^k; the last face stays whatever it is.
            for face in 1..=top {
                let i = face as usize - 1;
                let mut reach = 1.0;
                for _ in 0..tries {
                    if !t.rerolls(face) {
                        first[i] += reach / s;
                    }
                    reach *= matching;
                }
                first[i] += reach / s;
            }
        }
    }
    let pairs: Vec<(i64, f64)> = match t.explode {
        None => (1..=top).map(|f| (score(f), first[f as usize - 1])).collect(),
        // Every added die could show the top face up to the limit: too wide a table to work
        // out for big dice.
        Some(_) if (top as usize).saturating_mul(MAX_EXPLOSIONS as usize + 1) > MAX_OUTCOMES => {
            return None;
        }
        Some(e) => {
            let less = i64::from(e.penetrating && t.success.is_none());
            // What the added dice bring once `depth` explosions are left to come.
            let mut added = Distribution::point(0);
            for _ in 0..MAX_EXPLOSIONS {
                let mut pairs: Vec<(i64, f64)> =
                    (1..top).map(|f| (score(f) - less, 1.0 / s)).collect();
                pairs.extend(added.totals.iter().map(|(v, p)| (score(top) - less + v, p / s)));
                added = from_pairs(pairs);
            }
            let mut pairs: Vec<(i64, f64)> =
                (1..top).map(|f| (score(f), first[f as usize - 1])).collect();
            let p_top = first[top as usize - 1];
            pairs.extend(added.totals.iter().map(|(v, p)| (score(top) + v, p * p_top)));
            pairs
        }
    };
    Some(from_pairs(pairs))
}

/// The sum of the dice `keep` keeps of `count` dice that each follow `die`: over the
/// values from the best down, how many dice show each, and how many of those are kept.
fn kept(die: &Distribution, count: u32, keep: Keep) -> Option<Distribution> {
    // Dropping from both ends (`4d6dl1dh1`) is sampled.
    if matches!(keep, Keep::Middle { .. }) {
        return None;
    }
    let n = count as usize;
    let k = keep.kept_of(count) as usize;
    let mut values: Vec<(i64, f64)> = die.totals.clone();
    if keep.keeps_highest() {
        values.reverse();
    }
    let lo = values.iter().map(|v| v.0).min()?;
    let hi = values.iter().map(|v| v.0).max()?;
    // Kept sums range over k times the die's range.
    let span = usize::try_from((hi - lo).checked_mul(k as i64)?).ok()? + 1;
    if n > 60 || span.saturating_mul(n + 1).saturating_mul(values.len()) > 20_000_000 {
        return None;
    }
    let base = lo * k as i64;
    let choose = binomials(n);
    // dp[j][s]: j dice placed (all showing better values than those still to come), kept
    // sum base + s.
    let mut dp = vec![vec![0.0f64; span]; n + 1];
    dp[0][0] = 1.0;
    for (value, p) in values {
        let mut next = vec![vec![0.0f64; span]; n + 1];
        for (j, row) in dp.iter().enumerate() {
            for (s, &here) in row.iter().enumerate() {
                if here == 0.0 {
                    continue;
                }
                let mut pc = 1.0;
                for c in 0..=(n - j) {
                    let newly = c.min(k.saturating_sub(j));
                    let shift = (value - lo) * newly as i64;
                    let to = s + shift as usize;
                    if to < span {
                        next[j + c][to] += here * choose[n - j][c] * pc;
                    }
                    pc *= p;
                }
            }
        }
        dp = next;
    }
    let chances = dp.pop()?;
    Some(from_dense(base, &chances))
}

/// Pascal's triangle up to `n`.
fn binomials(n: usize) -> Vec<Vec<f64>> {
    let mut rows = vec![vec![1.0]];
    for i in 1..=n {
        let prev = &rows[i - 1];
        let mut row = vec![1.0; i + 1];
        for j in 1..i {
            row[j] = prev[j - 1] + prev[j];
        }
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(s: &str) -> Distribution {
        Dice::parse(s).unwrap().distribution()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn hand_computed_distributions() {
        // 2d6: 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 in 36.
        let d = dist("2d6");
        assert!(d.is_exact());
        assert_eq!((d.min(), d.max()), (2, 12));
        for (total, ways) in (2..=12).zip([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]) {
            assert!(close(d.chance(total), f64::from(ways) / 36.0), "{total}");
        }
        assert!(close(d.mean(), 7.0));
        // 2d20kh1 >= 15: 1 - (14/20)^2 = 0.51.
        assert!(close(dist("2d20kh1").at_least(15), 0.51));
        assert!(close(dist("{d20,d20}kh1").at_least(15), 0.51));
        assert!(close(dist("2d20kl1").at_least(15), 0.09));
        // 4d6 drop the lowest averages 12.2446 (15869 / 1296).
        assert!(close(dist("4d6dl1").mean(), 15869.0 / 1296.0));
        assert!(close(dist("4d6kh3").mean(), 15869.0 / 1296.0));
        // An exploding d6: 3.5 * 6/5 = 4.2 (to within the limit of 30 explosions).
        assert!((dist("d6!").mean() - 4.2).abs() < 1e-9);
        // Penetrating: each added die counts one less: 3.5 + (1/6)(mean - 1)... = 3.5 * 6/5 - 1/5.
        assert!((dist("d6!p").mean() - 4.0).abs() < 1e-9);
        // Reroll 1s on a d6 for good: 2..6 evenly.
        assert!(close(dist("d6r1").chance(1), 0.0));
        assert!(close(dist("d6r1").mean(), 4.0));
        // Reroll once: a 1 stays with chance 1/36.
        assert!(close(dist("d6ro1").chance(1), 1.0 / 36.0));
        // Fudge: 4dF at 0 is 19/81.
        assert!(close(dist("4dF").chance(0), 19.0 / 81.0));
        // Successes: 6d10>=8 averages 6 * 0.3.
        assert!(close(dist("6d10>=8").mean(), 1.8));
        assert!(close(dist("d10>=8f1").chance(-1), 0.1));
        // Arithmetic: (d6+1)*2 is even, 4 to 14; d20/2 rounds down: 0 with 1/20.
        assert!(close(dist("(d6+1)*2").chance(5), 0.0));
        assert!(close(dist("(d6+1)*2").chance(14), 1.0 / 6.0));
        assert!(close(dist("d20/2").chance(0), 0.05));
        assert!(close(dist("d20/2").chance(10), 0.05));
        // The highest of 2d8 and d12: P(max <= x) = P(2d8 <= x) * P(d12 <= x).
        let d = dist("{2d8,d12}kh1");
        let two_d8 = dist("2d8");
        let at_most = |x: i64| two_d8.at_most(x) * (x.clamp(0, 12) as f64 / 12.0);
        for x in 1..=16 {
            assert!(close(d.chance(x), at_most(x) - at_most(x - 1)), "{x}");
        }
        assert!(close(dist("d20-d4").mean(), 8.0));
        assert!(close(dist("5").chance(5), 1.0));
    }

    #[test]
    fn exact_agrees_with_sampling() {
        for s in [
            "3d6",
            "4d6dl1",
            "2d6!",
            "d6!p",
            "4d6r1",
            "6d10>=8f1",
            "(d6+1)*2",
            "{2d8,d12}kh1",
            "4dF+1",
            "d20/3-d4",
            "3d8ro<3",
        ] {
            let dice = Dice::parse(s).unwrap();
            let exact = dice.distribution();
            assert!(exact.is_exact(), "{s} should be exact");
            let estimate = sampled(&dice, 60_000);
            let (lo, hi) = exact.likely_range();
            for x in lo..=hi {
                let p = exact.at_least(x);
                // Five standard errors of the estimate.
                let tolerance = 5.0 * (p * (1.0 - p) / 60_000.0).sqrt() + 1e-9;
                assert!(
                    (estimate.at_least(x) - p).abs() <= tolerance,
                    "{s} at least {x}: {p} vs {}",
                    estimate.at_least(x)
                );
            }
        }
    }

    #[test]
    fn too_big_for_exact_is_sampled_with_its_error() {
        let d = dist("1000d10000");
        assert!(!d.is_exact());
        // Big pools roll fewer times: 20 million dice at most.
        assert_eq!(d.samples, 20_000);
        assert!((d.mean() - 5_000_500.0).abs() < 20_000.0);
        assert!(d.standard_error(0.5) > 0.0);
        // Big pools and big exploding dice are sampled rather than worked out at length.
        assert!(!dist("1000d100").is_exact());
        assert!(!dist("20d10000!").is_exact());
        assert!(dist("100d6").is_exact());
        // Keeping two of three groups is sampled, and still sane.
        let d = dist("{d6,d8,d10}kh2");
        assert!(!d.is_exact());
        assert!(d.min() >= 2 && d.max() <= 18);
    }
}
