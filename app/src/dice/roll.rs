//! A finished roll: the faces, which counted, the total, and where the dice came from.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::{Dice, DiceError, DiceTerm, Keep, RollSource, Term};

/// The result of one term of a [`Roll`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermRoll {
    /// Every die's face, in the order rolled; empty for a constant.
    pub faces: Vec<u32>,
    /// Whether each face counted (parallel to `faces`); dropped dice of `kh`/`kl` are false.
    pub kept: Vec<bool>,
    /// The term's contribution to the total, sign included (a constant's own value).
    pub subtotal: i64,
}

/// One journaled roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// What was rolled.
    pub dice: Dice,
    /// One entry per term of `dice`, in order.
    pub terms: Vec<TermRoll>,
    /// The sum of the subtotals.
    pub total: i64,
    /// What the roll was for, e.g. "Harald's DEX save".
    pub label: String,
    /// Who rolled, if anyone in particular.
    pub roller: Option<String>,
    /// Whether the app rolled it or the GM typed it in.
    pub source: RollSource,
}

impl Roll {
    /// Builds a roll from faces typed in (or generated), checking that there is exactly one
    /// face per die and that each face exists on its die, then working out kept dice and
    /// totals. Faces are given in term order, all dice of a term together.
    ///
    /// Keeping breaks ties by the earliest die: `2d20kh1` with faces `[7, 7]` keeps the first.
    pub fn from_faces(
        dice: Dice,
        faces: &[u32],
        label: impl Into<String>,
        roller: Option<String>,
        source: RollSource,
    ) -> Result<Roll, DiceError> {
        dice.validate()?;
        let expected = dice.dice_count() as usize;
        if faces.len() != expected {
            return Err(DiceError::WrongFaceCount {
                dice: dice.to_string(),
                expected,
                got: faces.len(),
            });
        }
        let mut rest = faces;
        for term in dice.dice_terms() {
            let (mine, after) = rest.split_at(term.count as usize);
            let top = term.sides.faces();
            if let Some(&face) = mine.iter().find(|&&f| f == 0 || f > top) {
                return Err(DiceError::NotAFace { face, die: term.sides.to_string() });
            }
            rest = after;
        }
        let mut rest = faces;
        Ok(Roll::assemble(dice, label.into(), roller, source, |term| {
            let (mine, after) = rest.split_at(term.count as usize);
            rest = after;
            mine.to_vec()
        }))
    }

    /// Builds a roll of validated `dice`, asking `faces_for` for each dice term's faces in
    /// order (one in-range face per die; not checked). Shared by [`Roll::from_faces`] and
    /// the RNG, which fills each term's faces directly rather than copying them.
    pub(super) fn assemble(
        dice: Dice,
        label: String,
        roller: Option<String>,
        source: RollSource,
        mut faces_for: impl FnMut(&DiceTerm) -> Vec<u32>,
    ) -> Roll {
        let mut terms = Vec::with_capacity(dice.terms.len());
        let mut total = 0;
        for term in &dice.terms {
            let roll = match term {
                Term::Constant(c) => TermRoll { faces: Vec::new(), kept: Vec::new(), subtotal: *c },
                Term::Dice(dice_term) => roll_term(dice_term, faces_for(dice_term)),
            };
            total += roll.subtotal;
            terms.push(roll);
        }
        Roll { dice, terms, total, label, roller, source }
    }

    /// Checks that a roll read back from a journal is internally consistent: its faces fit
    /// its dice and its kept flags, subtotals and total are what those faces give.
    pub fn verify(&self) -> Result<(), DiceError> {
        let again = Roll::from_faces(
            self.dice.clone(),
            &self.faces(),
            self.label.clone(),
            self.roller.clone(),
            self.source,
        )?;
        if again.terms == self.terms && again.total == self.total {
            Ok(())
        } else {
            Err(DiceError::Inconsistent { roll: self.summary() })
        }
    }

    /// Every face, in order, dropped dice included.
    pub fn faces(&self) -> Vec<u32> {
        self.terms.iter().flat_map(|t| t.faces.iter().copied()).collect()
    }

    /// The faces that counted, in order.
    pub fn kept_faces(&self) -> Vec<u32> {
        self.terms
            .iter()
            .flat_map(|t| t.faces.iter().zip(&t.kept))
            .filter(|(_, kept)| **kept)
            .map(|(face, _)| *face)
            .collect()
    }

    /// One line for people: `2d6+1: [4, 3] +1 = 8`, `4d6kh3: [6, 5, 4, (1)] = 15` (dropped
    /// dice in parentheses), with ` (table)` appended for dice typed in by the GM.
    pub fn summary(&self) -> String {
        let mut out = format!("{}:", self.dice);
        for (i, (term, roll)) in self.dice.terms.iter().zip(&self.terms).enumerate() {
            match term {
                Term::Constant(c) => {
                    let sign = if *c < 0 { '-' } else { '+' };
                    if i == 0 && *c >= 0 {
                        let _ = write!(out, " {c}");
                    } else {
                        let _ = write!(out, " {sign}{}", c.unsigned_abs());
                    }
                }
                Term::Dice(dice) => {
                    match (i, dice.negative) {
                        (0, false) => out.push(' '),
                        (0, true) => out.push_str(" -"),
                        (_, false) => out.push_str(" + "),
                        (_, true) => out.push_str(" - "),
                    }
                    out.push('[');
                    for (j, (face, kept)) in roll.faces.iter().zip(&roll.kept).enumerate() {
                        if j > 0 {
                            out.push_str(", ");
                        }
                        if *kept {
                            let _ = write!(out, "{face}");
                        } else {
                            let _ = write!(out, "({face})");
                        }
                    }
                    out.push(']');
                }
            }
        }
        let _ = write!(out, " = {}", self.total);
        if self.source == RollSource::Table {
            out.push_str(" (table)");
        }
        out
    }
}

/// Kept flags and subtotal for one dice term.
fn roll_term(term: &DiceTerm, faces: Vec<u32>) -> TermRoll {
    let kept = match term.keep {
        None => vec![true; faces.len()],
        Some(keep) => keep_flags(keep, &faces),
    };
    let sum: i64 = faces.iter().zip(&kept).filter(|(_, k)| **k).map(|(f, _)| i64::from(*f)).sum();
    TermRoll { faces, kept, subtotal: if term.negative { -sum } else { sum } }
}

/// Which faces a keep rule keeps; equal faces go to the earliest die.
fn keep_flags(keep: Keep, faces: &[u32]) -> Vec<bool> {
    let mut order: Vec<usize> = (0..faces.len()).collect();
    // A stable sort keeps equal faces in die order, so ties go to the earliest die.
    match keep {
        Keep::Highest(_) => order.sort_by(|&a, &b| faces[b].cmp(&faces[a])),
        Keep::Lowest(_) => order.sort_by_key(|&i| faces[i]),
    }
    let mut kept = vec![false; faces.len()];
    for &i in order.iter().take(keep.count() as usize) {
        kept[i] = true;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(dice: &str, faces: &[u32]) -> Roll {
        Roll::from_faces(Dice::parse(dice).unwrap(), faces, "test", None, RollSource::App).unwrap()
    }

    fn refusal(dice: &str, faces: &[u32]) -> String {
        Roll::from_faces(Dice::parse(dice).unwrap(), faces, "test", None, RollSource::Table)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn totals_and_constants() {
        let r = roll("2d6+1", &[4, 3]);
        assert_eq!(r.total, 8);
        assert_eq!(r.terms.len(), 2);
        assert_eq!(r.terms[1].faces, Vec::<u32>::new());
        assert_eq!(r.terms[1].subtotal, 1);
        assert_eq!(roll("d20-d4-1", &[15, 3]).total, 11);
        assert_eq!(roll("5", &[]).total, 5);
        assert_eq!(roll("d%", &[100]).total, 100);
    }

    #[test]
    fn keep_highest_and_lowest() {
        let r = roll("4d6kh3", &[1, 6, 4, 5]);
        assert_eq!(r.terms[0].kept, vec![false, true, true, true]);
        assert_eq!(r.total, 15);
        assert_eq!(r.kept_faces(), vec![6, 4, 5]);
        assert_eq!(r.faces(), vec![1, 6, 4, 5]);

        let r = roll("2d20kl1", &[14, 3]);
        assert_eq!(r.terms[0].kept, vec![false, true]);
        assert_eq!(r.total, 3);

        let r = roll("2d8kh1", &[2, 7]);
        assert_eq!(r.total, 7);
    }

    #[test]
    fn keep_ties_go_to_the_earliest_die() {
        assert_eq!(roll("2d20kh1", &[7, 7]).terms[0].kept, vec![true, false]);
        assert_eq!(roll("2d20kl1", &[7, 7]).terms[0].kept, vec![true, false]);
        assert_eq!(roll("4d6kh2", &[3, 5, 5, 5]).terms[0].kept, vec![false, true, true, false]);
        assert_eq!(roll("4d6kl2", &[5, 2, 2, 2]).terms[0].kept, vec![false, true, true, false]);
    }

    #[test]
    fn table_dice_refusals() {
        assert_eq!(refusal("d6", &[7]), "7 is not a face of a d6");
        assert_eq!(refusal("2d6", &[3, 0]), "0 is not a face of a d6");
        assert_eq!(refusal("d%", &[101]), "101 is not a face of a d%");
        assert_eq!(refusal("d6+d8", &[6, 9]), "9 is not a face of a d8");
        assert_eq!(refusal("2d6", &[1, 2, 3]), "expected 2 faces for 2d6, got 3");
        assert_eq!(refusal("2d6+1", &[1]), "expected 2 faces for 2d6+1, got 1");
        assert_eq!(refusal("5", &[1]), "expected 0 faces for 5, got 1");
    }

    #[test]
    fn summaries() {
        assert_eq!(roll("2d6+1", &[4, 3]).summary(), "2d6+1: [4, 3] +1 = 8");
        assert_eq!(roll("4d6kh3", &[6, 5, 4, 1]).summary(), "4d6kh3: [6, 5, 4, (1)] = 15");
        assert_eq!(roll("d20-d4-1", &[15, 3]).summary(), "d20-d4-1: [15] - [3] -1 = 11");
        assert_eq!(roll("-d4+2", &[3]).summary(), "-d4+2: -[3] +2 = -1");
        assert_eq!(roll("5", &[]).summary(), "5: 5 = 5");
        assert_eq!(roll("-5", &[]).summary(), "-5: -5 = -5");
        let table = Roll::from_faces(Dice::die(8), &[5], "x", None, RollSource::Table).unwrap();
        assert_eq!(table.summary(), "d8: [5] = 5 (table)");
    }

    #[test]
    fn verify_catches_tampering() {
        let mut r = roll("4d6kh3", &[6, 5, 4, 1]);
        assert!(r.verify().is_ok());
        r.total = 16;
        assert_eq!(
            r.verify().unwrap_err().to_string(),
            "recorded roll does not add up: 4d6kh3: [6, 5, 4, (1)] = 16"
        );
        let mut r = roll("d6", &[6]);
        r.terms[0].faces[0] = 7;
        assert_eq!(r.verify().unwrap_err().to_string(), "7 is not a face of a d6");
    }

    #[test]
    fn serde_round_trip() {
        let r = Roll::from_faces(
            Dice::parse("2d20kh1+3").unwrap(),
            &[4, 17],
            "Harald attack",
            Some("Harald".into()),
            RollSource::Table,
        )
        .unwrap();
        let json = serde_json::to_string(&r).unwrap();
        assert!(json.contains("\"dice\":\"2d20kh1+3\""), "{json}");
        assert!(json.contains("\"source\":\"table\""), "{json}");
        let back: Roll = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
    }
}
