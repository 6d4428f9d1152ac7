//! Roll-over tests: d20 plus a modifier against a DR, AC or TN.

use super::{CheckOutcome, natural_d20};
use crate::dice::Roll;

/// A roll-over test: passes if `roll.total + modifier >= target`.
///
/// Naturals do not change the result here, because systems differ on them; `natural`
/// reports the d20's face so each system can apply its own crit and fumble rules. The
/// margin is `total - target`.
pub fn test_over(roll: &Roll, modifier: i64, target: i64) -> CheckOutcome {
    let total = roll.total + modifier;
    CheckOutcome {
        success: total >= target,
        natural: natural_d20(roll),
        total,
        target,
        margin: total - target,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::test_support::roll;

    #[test]
    fn meets_or_beats_the_target() {
        let hit = test_over(&roll("d20", &[10]), 2, 12);
        assert!(hit.success);
        assert_eq!((hit.total, hit.margin, hit.natural), (12, 0, Some(10)));
        assert_eq!(hit.describe(), "rolled 12 vs 12: pass");
        let miss = test_over(&roll("d20", &[9]), 2, 12);
        assert!(!miss.success);
        assert_eq!(miss.margin, -1);
    }

    #[test]
    fn reports_naturals_without_overriding() {
        let crit = test_over(&roll("d20", &[20]), -5, 16);
        assert!(crit.natural_20());
        assert!(!crit.success);
        assert_eq!(crit.describe(), "rolled 15 vs 16: fail (natural 20)");
        let fumble = test_over(&roll("d20", &[1]), 10, 11);
        assert!(fumble.natural_1() && fumble.success);
    }

    #[test]
    fn modifiers_in_the_dice_count_too() {
        let outcome = test_over(&roll("d20+3", &[9]), 1, 13);
        assert_eq!(outcome.total, 13);
        assert!(outcome.success);
    }
}
