//! Pools where only the best roll counts.

use crate::dice::Roll;

/// Index of the roll with the highest total, the earliest on ties; `None` for no rolls.
///
/// Used when several attackers' dice are rolled together and only the highest counts.
pub fn keep_highest(rolls: &[Roll]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, roll) in rolls.iter().enumerate() {
        // Strictly greater, so an equal later roll never displaces the earlier one.
        if best.is_none_or(|b| roll.total > rolls[b].total) {
            best = Some(i);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::test_support::roll;

    #[test]
    fn picks_the_highest_earliest() {
        assert_eq!(keep_highest(&[]), None);
        assert_eq!(keep_highest(&[roll("d8", &[3])]), Some(0));
        let rolls = [roll("d8", &[3]), roll("d8", &[7]), roll("d6", &[1])];
        assert_eq!(keep_highest(&rolls), Some(1));
        let ties = [roll("d8", &[2]), roll("d8", &[6]), roll("d6", &[6])];
        assert_eq!(keep_highest(&ties), Some(1));
        let negative = [roll("d4-5", &[1]), roll("d4-5", &[2])];
        assert_eq!(keep_highest(&negative), Some(1));
    }
}
