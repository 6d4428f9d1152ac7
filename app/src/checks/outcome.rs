//! The result of a check, shared by roll-under saves and roll-over tests.

use serde::{Deserialize, Serialize};

use crate::dice::{Node, Roll, Sides};

/// The result of rolling against a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CheckOutcome {
    /// Whether the check passed.
    pub success: bool,
    /// The kept d20 face when the roll is a single d20 (`d20`, `2d20kh1`, `d20+2`...), for
    /// natural-1 and natural-20 rules; `None` for other dice.
    pub natural: Option<u32>,
    /// The number compared with the target (roll total, plus any modifier).
    pub total: i64,
    /// The score, DR, AC or TN rolled against.
    pub target: i64,
    /// How far the check cleared the target, in its own direction: zero or more when the
    /// numbers pass, negative when they fail (a natural 1 or 20 can override this).
    pub margin: i64,
}

impl CheckOutcome {
    /// Whether the d20 showed a natural 20.
    pub fn natural_20(&self) -> bool {
        self.natural == Some(20)
    }

    /// Whether the d20 showed a natural 1.
    pub fn natural_1(&self) -> bool {
        self.natural == Some(1)
    }

    /// One line for the journal: "rolled 7 vs 12: pass", with "(natural 20)" or
    /// "(natural 1)" appended when the die showed one.
    pub fn describe(&self) -> String {
        let verdict = if self.success { "pass" } else { "fail" };
        let mut line = format!("rolled {} vs {}: {verdict}", self.total, self.target);
        if let Some(face @ (1 | 20)) = self.natural {
            line.push_str(&format!(" (natural {face})"));
        }
        line
    }
}

/// The kept face of the roll's d20, if the roll has exactly one dice term, it is a d20 and
/// exactly one of its dice counted. Constants may be present (`d20+3`).
pub fn natural_d20(roll: &Roll) -> Option<u32> {
    let mut dice_terms =
        roll.dice.leaves().zip(&roll.terms).filter_map(|(term, rolled)| match term {
            Node::Dice(dice) => Some((dice, rolled)),
            _ => None,
        });
    let (dice, rolled) = dice_terms.next()?;
    if dice_terms.next().is_some()
        || dice.sides != Sides::N(20)
        || dice.negative
        || dice.success.is_some()
    {
        return None;
    }
    let mut kept = rolled.faces.iter().zip(&rolled.kept).filter(|(_, k)| **k).map(|(f, _)| *f);
    let face = kept.next()?;
    kept.next().is_none().then_some(face)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::test_support::roll;

    #[test]
    fn naturals() {
        assert_eq!(natural_d20(&roll("d20", &[17])), Some(17));
        assert_eq!(natural_d20(&roll("d20+3", &[1])), Some(1));
        assert_eq!(natural_d20(&roll("2d20kh1", &[4, 20])), Some(20));
        assert_eq!(natural_d20(&roll("2d20kl1", &[4, 20])), Some(4));
        assert_eq!(natural_d20(&roll("2d20", &[4, 20])), None);
        assert_eq!(natural_d20(&roll("d12", &[4])), None);
        assert_eq!(natural_d20(&roll("d20+d4", &[4, 2])), None);
        assert_eq!(natural_d20(&roll("-d20", &[4])), None);
        assert_eq!(natural_d20(&roll("5", &[])), None);
    }

    #[test]
    fn describes() {
        let outcome =
            CheckOutcome { success: true, natural: Some(7), total: 7, target: 12, margin: 5 };
        assert_eq!(outcome.describe(), "rolled 7 vs 12: pass");
        let outcome =
            CheckOutcome { success: false, natural: Some(20), total: 20, target: 25, margin: 5 };
        assert_eq!(outcome.describe(), "rolled 20 vs 25: fail (natural 20)");
        assert!(outcome.natural_20() && !outcome.natural_1());
    }
}
