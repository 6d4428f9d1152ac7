//! The statistics of encounter odds: a proportion with its 95% Wilson interval, and a
//! quantile of whole numbers with its distribution-free interval (order statistics).

use serde::{Deserialize, Serialize};

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_985;

/// How often something happened in `n` fights, with a 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Proportion {
    /// Fights in which it happened.
    pub hits: u32,
    /// Fights in all.
    pub n: u32,
    /// `hits / n` (0 when no fight was played).
    pub estimate: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Proportion {
    /// The share `hits / n` with its Wilson score interval, which stays inside 0..1 and
    /// behaves at 0 and at `n` (where the usual ± formula gives a width of zero).
    pub fn of(hits: u32, n: u32) -> Proportion {
        if n == 0 {
            return Proportion { hits, n, estimate: 0.0, low: 0.0, high: 1.0 };
        }
        let (k, n_f) = (f64::from(hits), f64::from(n));
        let p = k / n_f;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n_f)) / (1.0 + z2 / n_f);
        let half = Z95 / (1.0 + z2 / n_f) * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt();
        // At none and at all the bound is exactly 0 or 1; say so rather than 0.99999...
        let low = if hits == 0 { 0.0 } else { (centre - half).max(0.0) };
        let high = if hits >= n { 1.0 } else { (centre + half).min(1.0) };
        Proportion { hits, n, estimate: p, low, high }
    }

    /// As a percentage with its interval: "62% (61–63%)". The three numbers share one
    /// precision (the finest any needs, more while the interval would read as one number),
    /// so "99% (99–99.0%)" cannot happen; exact 0 and 100 stay whole.
    pub fn percent(&self) -> String {
        let values = [self.estimate, self.low, self.high].map(|x| x * 100.0);
        let mut places = values.iter().map(|p| places_needed(*p)).max().unwrap_or(0);
        let show = |p: f64, places: usize| {
            if p <= 0.0 || p >= 100.0 {
                format!("{}", p.round() as i64)
            } else {
                format!("{p:.places$}")
            }
        };
        while places < 2
            && self.low < self.high
            && show(values[1], places) == show(values[2], places)
        {
            places += 1;
        }
        let [estimate, low, high] = values.map(|p| show(p, places));
        format!("{estimate}% ({low}–{high}%)")
    }
}

/// Decimals a percentage needs on its own: under 1% or over 99% one tells "almost never"
/// from "never"; under 0.1% (or over 99.9%) two, so a bound of 10,000 fights with no hit
/// does not read "0.0".
fn places_needed(p: f64) -> usize {
    if p > 0.0 && p < 0.1 || p > 99.9 && p < 100.0 {
        2
    } else if p > 0.0 && p < 1.0 || p > 99.0 && p < 100.0 {
        1
    } else {
        0
    }
}

/// A quantile of whole numbers (rounds) with a 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quantile {
    /// Which quantile, in percent (50: the median).
    pub percent: u32,
    /// Its value.
    pub value: u32,
    /// Lower end of the 95% interval.
    pub low: u32,
    /// Upper end of the 95% interval.
    pub high: u32,
}

impl Quantile {
    /// The `percent` quantile of `sorted` (ascending) with the distribution-free interval
    /// from the order statistics around it: the ranks `nq ± z·√(nq(1−q))`, which holds
    /// whatever the shape of the distribution.
    pub fn of(sorted: &[u32], percent: u32) -> Quantile {
        let n = sorted.len();
        if n == 0 {
            return Quantile { percent, value: 0, low: 0, high: 0 };
        }
        let q = f64::from(percent) / 100.0;
        let at = |rank: f64| sorted[(rank.max(1.0) as usize).min(n) - 1];
        let centre = (n as f64 * q).ceil();
        let spread = Z95 * (n as f64 * q * (1.0 - q)).sqrt();
        Quantile {
            percent,
            value: at(centre),
            low: at((n as f64 * q - spread).floor()),
            high: at((n as f64 * q + spread).ceil() + 1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_worked_example() {
        // 81 of 263: Wilson's interval is 0.2553 to 0.3662 (Newcombe 1998, method 3).
        let p = Proportion::of(81, 263);
        assert!((p.low - 0.2553).abs() < 5e-4, "{p:?}");
        assert!((p.high - 0.3662).abs() < 5e-4, "{p:?}");
    }

    #[test]
    fn none_and_all_keep_a_width() {
        let none = Proportion::of(0, 100);
        assert_eq!(none.low, 0.0);
        assert!(none.high > 0.03 && none.high < 0.04, "{none:?}");
        let all = Proportion::of(100, 100);
        assert_eq!(all.high, 1.0);
        assert!(all.low > 0.96 && all.low < 0.97, "{all:?}");
        assert_eq!(Proportion::of(0, 0).high, 1.0);
    }

    #[test]
    fn the_median_of_one_to_a_hundred_is_fifty_with_an_interval_around_it() {
        let v: Vec<u32> = (1..=100).collect();
        let m = Quantile::of(&v, 50);
        assert_eq!(m.value, 50);
        assert!(m.low < 50 && m.low >= 38, "{m:?}");
        assert!(m.high > 50 && m.high <= 62, "{m:?}");
        let p90 = Quantile::of(&v, 90);
        assert_eq!(p90.value, 90);
        assert!(p90.low >= 82 && p90.high <= 97, "{p90:?}");
        assert_eq!(Quantile::of(&[7], 90).value, 7);
    }

    #[test]
    fn percent_reads_plainly() {
        assert_eq!(Proportion::of(62, 100).percent(), "62% (52–71%)");
        assert_eq!(Proportion::of(3, 1000).percent(), "0.3% (0.1–0.9%)");
        // No hit in 10,000 fights: the upper bound is small, not nothing.
        assert_eq!(Proportion::of(0, 10_000).percent(), "0% (0–0.04%)");
        // 99 in 100 of 10,000 fights: one precision for all three, never "99% (99–99.0%)".
        assert_eq!(Proportion::of(9_900, 10_000).percent(), "99.0% (98.8–99.2%)");
        // An interval that would read as one number gets a decimal more.
        let p = Proportion::of(5_000, 1_000_000);
        assert_eq!(p.percent(), "0.50% (0.49–0.51%)");
        for (hits, n) in [(1, 3), (50, 100), (999, 1000), (7, 100_000), (99_990, 100_000)] {
            let text = Proportion::of(hits, n).percent();
            let numbers: Vec<&str> =
                text.split(['%', '(', '–', ')', ' ']).filter(|s| !s.is_empty()).collect();
            let places = |s: &str| s.split('.').nth(1).map_or(0, str::len);
            let inner: Vec<usize> =
                numbers.iter().filter(|s| **s != "0" && **s != "100").map(|s| places(s)).collect();
            assert!(inner.windows(2).all(|w| w[0] == w[1]), "one precision: {text}");
        }
    }
}
