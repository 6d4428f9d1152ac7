//! When a run of encounter odds has played enough: as soon as every headline figure's 95%
//! interval lies within ±P percentage points of it (the precision asked for, 2 unless told),
//! or at the cap. Fights are played in batches of fixed sizes and the rule is asked only
//! between batches, of the fights in fight order, so where a run stops depends on the seed
//! alone, never on the number of threads.
//!
//! The first look comes after [`FIRST`] fights: enough that every figure is within ±5 points
//! whatever the fight, so the first figures a GM sees already answer "how likely?", and they
//! narrow every [`BATCH`] fights after.

use super::odds::Odds;
use super::stats::Proportion;
use serde::{Deserialize, Serialize};

/// Fights before the first look at the figures: at 400 fights the 95% interval of any share
/// (the widest is at 50 %) reaches at most ±4.9 points, so the first figures shown are within
/// ±5 points. A run asked for ±5 points or more stops there.
pub const FIRST: u32 = 400;
/// Fights played between two looks at the figures, after the first [`FIRST`].
pub const BATCH: u32 = 400;
/// How near each figure's interval must come unless told, in percentage points.
pub const DEFAULT_PRECISION: f64 = 2.0;
/// The finest precision a run may ask for, in points: the finest the most fights one run
/// plays can reach (±0.5 point at 50 % takes some 38,400 fights; ±0.25, 153,600).
pub const FINEST: f64 = 0.5;
/// The coarsest precision a run may ask for, in points: any figure of the first look is
/// within ±5 already, so more than 10 says nothing more.
pub const COARSEST: f64 = 10.0;
/// The precisions the window offers, in points: a quick look, the default, a careful one.
pub const CHOICES: [f64; 4] = [5.0, 2.0, 1.0, 0.5];

/// How a run ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// Every figure came within the precision asked for.
    Precise,
    /// The cap came first: the figures are as precise as its fights make them.
    Cap,
    /// A fixed number of fights was asked for and played (what odds stored before runs
    /// could stop early were).
    #[default]
    Exact,
    /// The GM cancelled; the figures are those of the fights counted so far.
    Cancelled,
    /// Not ended: the figures of the fights counted so far, shown while the run goes on.
    Running,
}

impl Stop {
    /// In words, after "N fights": why the run played that many. `precision`: the points
    /// the run was asked to come within (none for a fixed count).
    pub fn words(self, precision: Option<f64>) -> String {
        match (self, precision) {
            (Stop::Precise, Some(p)) => {
                format!("stopped once every figure was within {}", points(p))
            }
            (Stop::Precise, None) => "stopped once every figure was precise enough".into(),
            (Stop::Cap, Some(p)) => {
                format!("the most asked for; some figures are wider than {}", points(p))
            }
            (Stop::Cap, None) => "the most asked for".into(),
            (Stop::Exact, _) => "as many as asked for".into(),
            (Stop::Cancelled, _) => "cancelled; the figures are those of the fights counted".into(),
            (Stop::Running, _) => "counted so far; the run goes on".into(),
        }
    }
}

/// A precision in words: "±1 point", "±2 points", "±0.5 points".
pub fn points(precision: f64) -> String {
    if precision == 1.0 { "±1 point".into() } else { format!("±{precision} points") }
}

/// Where the batches of a run of at most `cap` fights end: the first at [`FIRST`], then
/// every [`BATCH`], the last at the cap. A run of a fixed count is played in the same
/// batches, so its figures fill in and a cancel keeps them alike.
pub fn batch_ends(cap: u32) -> impl Iterator<Item = u32> {
    let first = FIRST.min(cap);
    std::iter::successors(Some(first), move |&end| (end < cap).then(|| (end + BATCH).min(cap)))
}

/// Every figure the GM reads first: how the fight ends, and each character going down and
/// dying.
pub fn headline(odds: &Odds) -> impl Iterator<Item = &Proportion> {
    [
        &odds.party_wins,
        &odds.party_loses,
        &odds.party_fled,
        &odds.undecided,
        &odds.no_way,
        &odds.party_wiped,
    ]
    .into_iter()
    .chain(odds.characters.iter().flat_map(|c| [&c.down, &c.dies]))
}

/// How far the interval of `p` reaches from its figure, the wider side.
pub fn reach(p: &Proportion) -> f64 {
    (p.estimate - p.low).max(p.high - p.estimate)
}

/// Whether every headline figure of `odds` is within `precision` percentage points.
pub fn precise_enough(odds: &Odds, precision: f64) -> bool {
    headline(odds).all(|p| reach(p) <= precision / 100.0)
}

/// Whether `precision` (points) is one a run can be asked for: from [`FINEST`] to
/// [`COARSEST`].
pub fn valid_precision(precision: f64) -> bool {
    (FINEST..=COARSEST).contains(&precision)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_end_at_the_first_four_hundred_then_every_four_hundred_up_to_the_cap() {
        let ends = |cap| batch_ends(cap).collect::<Vec<u32>>();
        assert_eq!(ends(1_000), [400, 800, 1_000]);
        assert_eq!(ends(80), [80]);
        assert_eq!(ends(400), [400]);
        assert_eq!(ends(10_000).len(), 25);
    }

    #[test]
    fn the_first_look_puts_any_figure_within_five_points() {
        // The widest interval of all is at a half; just short of the first look, wider.
        assert!(reach(&Proportion::of(FIRST / 2, FIRST)) <= 0.05);
        assert!(reach(&Proportion::of(180, 360)) > 0.05);
        for hits in 0..=FIRST {
            assert!(reach(&Proportion::of(hits, FIRST)) <= 0.05, "{hits} of {FIRST}");
        }
    }

    #[test]
    fn a_figure_is_precise_when_both_sides_of_its_interval_are_within_the_points_asked() {
        // Half of 9,604 fights: the textbook count for ±1 point at 50 %; 2,401 for ±2.
        let within = |p: &Proportion, points: f64| reach(p) <= points / 100.0;
        assert!(within(&Proportion::of(4_802, 9_604), 1.0));
        assert!(!within(&Proportion::of(4_700, 9_400), 1.0));
        assert!(within(&Proportion::of(1_201, 2_402), 2.0));
        assert!(!within(&Proportion::of(1_100, 2_200), 2.0));
        // Near 0 the interval is lopsided: the wider side counts.
        let rare = Proportion::of(2, 1_000);
        assert!(rare.estimate - rare.low < 0.01 && rare.high - rare.estimate < 0.01);
        assert!(!within(&Proportion::of(30, 1_000), 1.0));
    }

    #[test]
    fn a_precision_is_a_half_point_to_ten_points() {
        assert!(valid_precision(0.5) && valid_precision(2.0) && valid_precision(10.0));
        for bad in [0.0, 0.4, -1.0, 10.5, f64::NAN, f64::INFINITY] {
            assert!(!valid_precision(bad), "{bad}");
        }
        assert!(
            CHOICES.iter().all(|p| valid_precision(*p)) && CHOICES.contains(&DEFAULT_PRECISION)
        );
        assert_eq!(points(1.0), "±1 point");
        assert_eq!(points(2.0), "±2 points");
        assert_eq!(points(0.5), "±0.5 points");
    }
}
