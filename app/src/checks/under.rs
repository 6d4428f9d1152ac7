//! Roll-under saves (d20 ≤ score) and contests between them.

use serde::{Deserialize, Serialize};

use super::{CheckOutcome, natural_d20};
use crate::dice::Roll;

/// A roll-under save against `score`: passes if the roll is at most the score. On a d20, a
/// natural 1 always passes and a natural 20 always fails, whatever the score.
///
/// The margin is `score - total`, so a higher margin is a safer pass.
pub fn save_under(score: i64, roll: &Roll) -> CheckOutcome {
    let natural = natural_d20(roll);
    let total = roll.total;
    let success = match natural {
        Some(1) => true,
        Some(20) => false,
        _ => total <= score,
    };
    CheckOutcome { success, natural, total, target: score, margin: score - total }
}

/// Which side of a contest won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Contest {
    /// The first side won.
    First,
    /// The second side won.
    Second,
    /// Neither side won: both failed, or both passed with the same roll.
    Tie,
}

/// A contest of roll-under saves (Cairn-style): a side that passes beats one that fails;
/// when both pass, the higher roll wins.
pub fn contested_saves(first: &CheckOutcome, second: &CheckOutcome) -> Contest {
    match (first.success, second.success) {
        (true, false) => Contest::First,
        (false, true) => Contest::Second,
        (false, false) => Contest::Tie,
        (true, true) => match first.total.cmp(&second.total) {
            std::cmp::Ordering::Greater => Contest::First,
            std::cmp::Ordering::Less => Contest::Second,
            std::cmp::Ordering::Equal => Contest::Tie,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::test_support::roll;

    #[test]
    fn passes_at_or_under_the_score() {
        let pass = save_under(12, &roll("d20", &[12]));
        assert!(pass.success);
        assert_eq!((pass.total, pass.target, pass.margin), (12, 12, 0));
        assert_eq!(pass.describe(), "rolled 12 vs 12: pass");
        let fail = save_under(12, &roll("d20", &[13]));
        assert!(!fail.success);
        assert_eq!(fail.margin, -1);
    }

    #[test]
    fn naturals_override_the_score() {
        let one = save_under(0, &roll("d20", &[1]));
        assert!(one.success);
        assert_eq!(one.describe(), "rolled 1 vs 0: pass (natural 1)");
        let twenty = save_under(25, &roll("d20", &[20]));
        assert!(!twenty.success);
        assert_eq!(twenty.describe(), "rolled 20 vs 25: fail (natural 20)");
    }

    #[test]
    fn advantage_rolls_use_the_kept_die() {
        assert!(save_under(10, &roll("2d20kl1", &[18, 6])).success);
        assert!(!save_under(30, &roll("2d20kh1", &[20, 6])).success);
    }

    #[test]
    fn other_dice_compare_totals_without_natural_rules() {
        let outcome = save_under(6, &roll("2d6", &[1, 6]));
        assert_eq!(outcome.natural, None);
        assert!(!outcome.success);
    }

    #[test]
    fn contests() {
        let pass = |face| save_under(12, &roll("d20", &[face]));
        assert_eq!(contested_saves(&pass(11), &pass(5)), Contest::First);
        assert_eq!(contested_saves(&pass(5), &pass(11)), Contest::Second);
        assert_eq!(contested_saves(&pass(15), &pass(3)), Contest::Second);
        assert_eq!(contested_saves(&pass(3), &pass(15)), Contest::First);
        assert_eq!(contested_saves(&pass(15), &pass(18)), Contest::Tie);
        assert_eq!(contested_saves(&pass(8), &pass(8)), Contest::Tie);
        // A natural 1 passes, but low.
        assert_eq!(contested_saves(&pass(1), &pass(2)), Contest::Second);
    }
}
