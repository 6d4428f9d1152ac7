//! Lookup tables rolled on with dice: reactions, injuries, morale results.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::dice::{Dice, DiceError, DiceSource, Roll};

/// A table of results looked up by a dice total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollTable<T> {
    /// The table's name, also the label of its rolls.
    pub name: String,
    /// The dice rolled on it.
    pub dice: Dice,
    /// The rows, each covering a range of totals.
    pub rows: Vec<TableRow<T>>,
}

/// What one row of a stored table says: words for the journal, and optionally the same effect
/// as JSON for a system to act on (an ability to lower, a condition to put on).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// The effect in words, as the journal shows it.
    pub text: String,
    /// The same effect for the rules engine, if the system understands one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured: Option<serde_json::Value>,
}

/// One row of a [`RollTable`]: the totals `low..=high` give `result`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRow<T> {
    /// Lowest total for this row.
    pub low: i64,
    /// Highest total for this row.
    pub high: i64,
    /// What the row says.
    pub result: T,
}

/// Why a table cannot be used as written. Rows are numbered from 1, as a person reads them.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// The table's dice break the limits (only possible for dice built in code).
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// The table has no rows at all.
    #[error("table has no rows")]
    Empty,
    /// A row whose low end is above its high end.
    #[error("row {row} runs backwards: {low}–{high}")]
    Backwards {
        /// The row, from 1.
        row: usize,
        /// Its low end.
        low: i64,
        /// Its high end.
        high: i64,
    },
    /// Totals the dice can roll that no row covers.
    #[error("rows leave {} uncovered", Span(*.low, *.high))]
    Gap {
        /// First uncovered total.
        low: i64,
        /// Last uncovered total.
        high: i64,
    },
    /// Two rows that both cover a total.
    #[error("rows {first} and {second} overlap at {at}")]
    Overlap {
        /// The earlier row, from 1.
        first: usize,
        /// The later row, from 1.
        second: usize,
        /// The lowest total both cover.
        at: i64,
    },
}

/// `7` or `7–8`, for messages.
struct Span(i64, i64);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == self.1 {
            write!(f, "{}", self.0)
        } else {
            write!(f, "{}–{}", self.0, self.1)
        }
    }
}

/// How rows fail to cover the totals of their dice exactly once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    /// Totals from `low` to `high` that no row covers.
    Gap {
        /// First uncovered total.
        low: i64,
        /// Last uncovered total.
        high: i64,
    },
    /// Two rows (indexes as given, `first` < `second`) that both cover `low..=high`.
    Overlap {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
        /// The lowest total both cover.
        low: i64,
        /// The highest total both cover.
        high: i64,
    },
}

/// Every gap in `min..=max` (lowest first) and every pair of overlapping rows (in row order)
/// of `ranges`, each `(row index, low, high)` with `low <= high`. Rows may reach beyond
/// `min..=max`. The table editor lists them all as the GM types; [`RollTable::validate`]
/// refuses the lowest.
pub fn coverage(ranges: &[(usize, i64, i64)], min: i64, max: i64) -> Vec<Coverage> {
    let mut out = Vec::new();
    let mut sorted: Vec<(i64, i64)> = ranges.iter().map(|&(_, l, h)| (l, h)).collect();
    sorted.sort_unstable();
    // Sweep from the lowest total up: `next` is the first total not yet covered.
    let mut next = min;
    for (low, high) in sorted {
        if low > next && next <= max {
            out.push(Coverage::Gap { low: next, high: (low - 1).min(max) });
        }
        next = next.max(high.saturating_add(1));
    }
    if next <= max {
        out.push(Coverage::Gap { low: next, high: max });
    }
    for (a, &(i, l1, h1)) in ranges.iter().enumerate() {
        for &(j, l2, h2) in &ranges[a + 1..] {
            let (low, high) = (l1.max(l2), h1.min(h2));
            if low <= high {
                out.push(Coverage::Overlap { first: i.min(j), second: i.max(j), low, high });
            }
        }
    }
    out
}

impl<T> RollTable<T> {
    /// Checks that every total the dice can roll is covered by exactly one row. Rows may
    /// reach beyond the dice's range (for totals pushed there by modifiers). Reports the
    /// problem at the lowest total first.
    pub fn validate(&self) -> Result<(), TableError> {
        self.dice.validate()?;
        if self.rows.is_empty() {
            return Err(TableError::Empty);
        }
        if let Some((i, row)) = self.rows.iter().enumerate().find(|(_, r)| r.low > r.high) {
            return Err(TableError::Backwards { row: i + 1, low: row.low, high: row.high });
        }
        let ranges: Vec<(usize, i64, i64)> =
            self.rows.iter().enumerate().map(|(i, r)| (i, r.low, r.high)).collect();
        // The problem at the lowest total is the one reported.
        let first = coverage(&ranges, self.dice.min(), self.dice.max()).into_iter().min_by_key(
            |c| match *c {
                Coverage::Gap { low, .. } | Coverage::Overlap { low, .. } => low,
            },
        );
        match first {
            None => Ok(()),
            Some(Coverage::Gap { low, high }) => Err(TableError::Gap { low, high }),
            Some(Coverage::Overlap { first, second, low, .. }) => {
                Err(TableError::Overlap { first: first + 1, second: second + 1, at: low })
            }
        }
    }

    /// The first row covering `total`, if any.
    pub fn lookup(&self, total: i64) -> Option<&TableRow<T>> {
        self.rows.iter().find(|row| (row.low..=row.high).contains(&total))
    }

    /// Rolls the table's dice (labelled with its name) and looks the total up.
    pub fn roll(
        &self,
        dice: &mut dyn DiceSource,
        roller: Option<&str>,
    ) -> Result<(Roll, Option<&TableRow<T>>), DiceError> {
        let roll = dice.roll(&self.dice, &self.name, roller)?;
        let row = self.lookup(roll.total);
        Ok((roll, row))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{PlannedDice, SeededDice};

    fn table(dice: &str, rows: &[(i64, i64, &'static str)]) -> RollTable<&'static str> {
        RollTable {
            name: "test".into(),
            dice: Dice::parse(dice).unwrap(),
            rows: rows.iter().map(|&(low, high, result)| TableRow { low, high, result }).collect(),
        }
    }

    fn reaction() -> RollTable<&'static str> {
        table(
            "2d6",
            &[
                (2, 2, "Hostile"),
                (3, 5, "Wary"),
                (6, 8, "Curious"),
                (9, 11, "Kind"),
                (12, 12, "Helpful"),
            ],
        )
    }

    #[test]
    fn reaction_table() {
        let t = reaction();
        assert_eq!(t.validate(), Ok(()));
        let result = |total| t.lookup(total).map(|row| row.result);
        assert_eq!(result(2), Some("Hostile"));
        assert_eq!(result(5), Some("Wary"));
        assert_eq!(result(7), Some("Curious"));
        assert_eq!(result(11), Some("Kind"));
        assert_eq!(result(12), Some("Helpful"));
        assert_eq!(result(1), None);
        assert_eq!(result(13), None);
    }

    #[test]
    fn d10_table() {
        let t = table("d10", &[(1, 3, "Scar"), (4, 9, "Bruise"), (10, 10, "Lost eye")]);
        assert_eq!(t.validate(), Ok(()));
        assert_eq!(t.lookup(10).unwrap().result, "Lost eye");
        // Rows listed out of order are fine.
        let shuffled = table("d10", &[(10, 10, "c"), (1, 3, "a"), (4, 9, "b")]);
        assert_eq!(shuffled.validate(), Ok(()));
    }

    #[test]
    fn gaps() {
        let t = table("2d6", &[(2, 6, "a"), (9, 12, "b")]);
        assert_eq!(t.validate().unwrap_err().to_string(), "rows leave 7–8 uncovered");
        let t = table("2d6", &[(3, 12, "a")]);
        assert_eq!(t.validate().unwrap_err().to_string(), "rows leave 2 uncovered");
        let t = table("2d6", &[(2, 10, "a")]);
        assert_eq!(t.validate(), Err(TableError::Gap { low: 11, high: 12 }));
        // A row entirely above the range still leaves the top uncovered.
        let t = table("d6", &[(1, 4, "a"), (8, 9, "b")]);
        assert_eq!(t.validate().unwrap_err().to_string(), "rows leave 5–6 uncovered");
    }

    #[test]
    fn overlaps() {
        let t = table("d6", &[(1, 2, "a"), (3, 5, "b"), (5, 6, "c")]);
        assert_eq!(t.validate().unwrap_err().to_string(), "rows 2 and 3 overlap at 5");
        // Reported with the earlier row first even when listed the other way round.
        let t = table("d6", &[(4, 6, "a"), (1, 4, "b")]);
        assert_eq!(t.validate().unwrap_err().to_string(), "rows 1 and 2 overlap at 4");
        // A wide row overlapping a later, narrower one.
        let t = table("d10", &[(1, 9, "a"), (3, 4, "b"), (10, 10, "c")]);
        assert_eq!(t.validate().unwrap_err().to_string(), "rows 1 and 2 overlap at 3");
    }

    #[test]
    fn coverage_lists_every_gap_and_overlap() {
        let c = coverage(&[(0, 1, 3), (1, 3, 4), (2, 7, 12), (3, 9, 9)], 1, 20);
        assert_eq!(
            c,
            [
                Coverage::Gap { low: 5, high: 6 },
                Coverage::Gap { low: 13, high: 20 },
                Coverage::Overlap { first: 0, second: 1, low: 3, high: 3 },
                Coverage::Overlap { first: 2, second: 3, low: 9, high: 9 },
            ]
        );
        // Rows past the dice leave no gap there; a clean table has nothing to say.
        assert!(coverage(&[(0, -5, 3), (1, 4, 99)], 1, 6).is_empty());
    }

    #[test]
    fn rows_beyond_the_dice_are_allowed() {
        let t = table("d6", &[(-5, 2, "low"), (3, 6, "mid"), (7, 99, "high")]);
        assert_eq!(t.validate(), Ok(()));
    }

    #[test]
    fn empty_and_backwards_rows() {
        assert_eq!(table("d6", &[]).validate().unwrap_err().to_string(), "table has no rows");
        let t = table("d6", &[(1, 3, "a"), (6, 4, "b")]);
        assert_eq!(t.validate().unwrap_err().to_string(), "row 2 runs backwards: 6–4");
        let mut t = table("d6", &[(1, 6, "a")]);
        t.dice = Dice::die(0);
        assert_eq!(
            t.validate().unwrap_err().to_string(),
            "invalid dice 'd0': a die needs at least 1 side"
        );
    }

    #[test]
    fn rolls_on_the_table() {
        let t = reaction();
        let mut dice = PlannedDice::new(SeededDice::new(1, 1)).then_table([3, 4]);
        let (roll, row) = t.roll(&mut dice, Some("GM")).unwrap();
        assert_eq!(roll.label, "test");
        assert_eq!(row.unwrap().result, "Curious");
    }

    #[test]
    fn serde_round_trip() {
        let t = reaction();
        let json = serde_json::to_string(&t).unwrap();
        assert!(json.contains("\"dice\":\"2d6\""), "{json}");
        let back: RollTable<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back.rows[4].result, "Helpful");
        assert_eq!(back.validate(), Ok(()));
    }
}
