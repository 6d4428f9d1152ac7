//! When a run of encounter odds has played enough: as soon as every headline figure's 95%
//! interval lies within ±1 percentage point of it (and at least [`MIN_FIGHTS`] were played),
//! or at the cap. Fights are played in batches of fixed sizes and the rule is asked only
//! between batches, of the fights in fight order, so where a run stops depends on the seed
//! alone, never on the number of threads.

use super::odds::Odds;
use super::stats::Proportion;
use serde::{Deserialize, Serialize};

/// Fewest fights a run stops at before its cap: below it, a figure near 0 or 100 % has an
/// interval narrow enough after a few dozen fights, but a rare ending would not have come up.
pub const MIN_FIGHTS: u32 = 1_000;
/// How near each figure's interval must come: ±1 percentage point.
pub const WITHIN: f64 = 0.01;
/// Fights played between two looks at the figures, after the first [`MIN_FIGHTS`].
pub const BATCH: u32 = 500;

/// How a run ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// Every figure came within ±1 point.
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
    /// In words, after "N fights": why the run played that many.
    pub fn words(self) -> &'static str {
        match self {
            Stop::Precise => "stopped once every figure was within ±1 point",
            Stop::Cap => "the most asked for; some figures are wider than ±1 point",
            Stop::Exact => "as many as asked for",
            Stop::Cancelled => "cancelled; the figures are those of the fights counted",
            Stop::Running => "counted so far; the run goes on",
        }
    }
}

/// Where the batches of a run of at most `cap` fights end: the first at [`MIN_FIGHTS`], then
/// every [`BATCH`], the last at the cap. A run of a fixed count is played in the same
/// batches, so its figures fill in and a cancel keeps them alike.
pub fn batch_ends(cap: u32) -> impl Iterator<Item = u32> {
    let first = MIN_FIGHTS.min(cap);
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

/// Whether every headline figure of `odds` is within ±1 point.
pub fn precise_enough(odds: &Odds) -> bool {
    headline(odds).all(|p| reach(p) <= WITHIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_end_at_the_first_thousand_then_every_five_hundred_up_to_the_cap() {
        let ends = |cap| batch_ends(cap).collect::<Vec<u32>>();
        assert_eq!(ends(2_200), [1_000, 1_500, 2_000, 2_200]);
        assert_eq!(ends(80), [80]);
        assert_eq!(ends(1_000), [1_000]);
        assert_eq!(ends(10_000).len(), 19);
    }

    #[test]
    fn a_figure_is_precise_when_both_sides_of_its_interval_are_within_a_point() {
        // Half of 9,604 fights: the textbook count for ±1 point at 50 %.
        assert!(reach(&Proportion::of(4_802, 9_604)) <= WITHIN);
        assert!(reach(&Proportion::of(4_700, 9_400)) > WITHIN);
        // Near 0 the interval is lopsided: the wider side counts.
        let rare = Proportion::of(2, 1_000);
        assert!(rare.estimate - rare.low < WITHIN && rare.high - rare.estimate < WITHIN);
        assert!(reach(&Proportion::of(30, 1_000)) > WITHIN);
    }
}
