//! A finished roll: the faces, which counted, the total, and where the dice came from.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::{Dice, DiceError, DiceTerm, Node, RollSource, Sides};

mod term;

use term::{keep_flags, roll_term};

/// A term's faces, held in the term itself up to four dice (`d20`, `2d20kh1`, `4d6`) and on
/// the heap past that: the rules roll thousands of single dice a fight, and each face list
/// was an allocation of its own (issue 67). Read and written as a plain list, as before.
pub type Faces = SmallVec<[u32; 4]>;

/// Whether each face counted, parallel to [`Faces`]: a flag is a byte, so 16 fit in the room
/// four faces take.
pub type KeptFlags = SmallVec<[bool; 16]>;

/// A roll's terms, held in the roll up to two (`d20`, `d20+5`): read and written as a list.
pub type Terms = SmallVec<[TermRoll; 2]>;

/// The result of one term (a number or a group of dice) of a [`Roll`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermRoll {
    /// Every face, in the order rolled (a rerolled face, then its replacement; an exploding
    /// face, then the faces it added); empty for a constant.
    pub faces: Faces,
    /// Whether each face counted (parallel to `faces`): rerolled faces and dropped dice are
    /// false.
    pub kept: KeptFlags,
    /// The term's result, sign included (a constant's own value; successes when counted).
    pub subtotal: i64,
}

/// One journaled roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// What was rolled.
    pub dice: Dice,
    /// One entry per term (number or dice) of `dice`, in the order written.
    pub terms: Terms,
    /// The result of the whole expression.
    pub total: i64,
    /// What the roll was for, e.g. "Harald's DEX save".
    pub label: String,
    /// Who rolled, if anyone in particular.
    pub roller: Option<String>,
    /// Whether the app rolled it or the GM typed it in.
    pub source: RollSource,
}

impl Roll {
    /// Builds a roll from faces typed in (or generated), as the dice were rolled: one face
    /// per die, in term order, a rerolled die's new face right after the old one and an
    /// exploding die's added faces right after it. Checks that every face exists on its die
    /// and that every face is used, then works out kept dice and totals.
    ///
    /// Keeping breaks ties by the earliest die: `2d20kh1` with faces `[7, 7]` keeps the first.
    pub fn from_faces(
        dice: Dice,
        faces: &[u32],
        label: impl Into<String>,
        roller: Option<String>,
        source: RollSource,
    ) -> Result<Roll, DiceError> {
        Roll::from_typed(dice, faces.len(), label.into(), roller, source, &mut face_of(faces))
    }

    /// Builds a roll from `count` values typed in as the dice were rolled, `read` turning the
    /// i-th into a face of the die it lands on: one place for what every typed roll is
    /// checked for (the count, for dice that neither explode nor reroll; faces that run out;
    /// faces left over). Shared by [`Roll::from_faces`] and [`super::read_faces`].
    pub(super) fn from_typed(
        dice: Dice,
        count: usize,
        label: String,
        roller: Option<String>,
        source: RollSource,
        read: &mut dyn FnMut(usize, Sides) -> Result<u32, DiceError>,
    ) -> Result<Roll, DiceError> {
        let (terms, total) = typed_outcome(&dice, count, read)?;
        Ok(Roll { dice, terms, total, label, roller, source })
    }

    /// Rolls validated `dice`, asking `face` for each die's face in order (the RNG, or the
    /// faces typed in). Shared by [`Roll::from_faces`] and the app's dice, so a roll and
    /// its check can never disagree.
    pub(super) fn evaluate(
        dice: Dice,
        label: String,
        roller: Option<String>,
        source: RollSource,
        face: &mut dyn FnMut(Sides) -> Result<u32, DiceError>,
    ) -> Result<Roll, DiceError> {
        let (terms, total) = outcome(&dice, face)?;
        Ok(Roll { dice, terms, total, label, roller, source })
    }

    /// Checks that a roll read back from a journal is internally consistent: its faces fit
    /// its dice and its kept flags, subtotals and total are what those faces give.
    pub fn verify(&self) -> Result<(), DiceError> {
        // Worked out from the faces alone: nothing of the roll copied (replay checks every one).
        let faces = self.faces();
        let (terms, total) = typed_outcome(&self.dice, faces.len(), &mut face_of(&faces))?;
        if terms == self.terms && total == self.total {
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
    /// dice in parentheses), `(d6+1)*2: ([4]+1)*2 = 10`, with ` (table)` appended for dice
    /// typed in by the GM.
    pub fn summary(&self) -> String {
        let mut out = format!("{}:", self.dice);
        let _ = self.write_faces(&mut out, &mut |out, term, roll| {
            out.push('[');
            for (j, (face, kept)) in roll.faces.iter().zip(&roll.kept).enumerate() {
                if j > 0 {
                    out.push_str(", ");
                }
                if !*kept {
                    out.push('(');
                }
                push_face(out, term.sides, *face);
                if !*kept {
                    out.push(')');
                }
            }
            out.push(']');
        });
        let _ = write!(out, " = {}", self.total);
        if self.source == RollSource::Table {
            out.push_str(" (table)");
        }
        out
    }

    /// Writes the roll's terms after its notation: a sum as ` [4, 3] +1` (the form the
    /// journal has always had), anything else as the expression with each group of dice
    /// replaced by its faces, ` ([4]+1)*2`. `dice` writes one group's faces.
    pub fn write_faces(
        &self,
        out: &mut String,
        dice: &mut dyn FnMut(&mut String, &DiceTerm, &TermRoll),
    ) -> std::fmt::Result {
        if self.dice.is_sum() {
            for (i, (leaf, roll)) in self.dice.leaves().zip(&self.terms).enumerate() {
                match leaf {
                    Node::Number(c) => {
                        out.push(' ');
                        if i > 0 || *c < 0 {
                            out.push(if *c < 0 { '-' } else { '+' });
                        }
                        let _ = write!(out, "{}", c.unsigned_abs());
                    }
                    Node::Dice(term) => {
                        out.push_str(match (i, term.negative) {
                            (0, false) => " ",
                            (0, true) => " -",
                            (_, false) => " + ",
                            (_, true) => " - ",
                        });
                        dice(out, term, roll);
                    }
                    _ => {}
                }
            }
            return Ok(());
        }
        out.push(' ');
        let mut text = String::new();
        self.dice.write_with(&mut text, &mut |w, i, leaf| match (leaf, self.terms.get(i)) {
            (Node::Dice(term), Some(roll)) => {
                let mut faces = String::new();
                if term.negative {
                    faces.push('-');
                }
                dice(&mut faces, term, roll);
                w.write_str(&faces)
            }
            _ => super::notation::write_leaf(w, leaf),
        })?;
        out.push_str(&text);
        Ok(())
    }
}

/// Writes a face as it reads, without allocating: the number, or a Fudge die's sign (its
/// faces are recorded as 1, 2 and 3).
pub fn push_face(out: &mut String, sides: Sides, face: u32) {
    match (sides, face) {
        (Sides::Fudge, 1) => out.push('-'),
        (Sides::Fudge, 2) => out.push('0'),
        (Sides::Fudge, 3) => out.push('+'),
        _ => {
            let _ = write!(out, "{face}");
        }
    }
}

/// Reads the i-th of `faces` as a face of the die it lands on, refusing one the die lacks.
fn face_of(faces: &[u32]) -> impl FnMut(usize, Sides) -> Result<u32, DiceError> + '_ {
    |i, sides| {
        let face = faces[i];
        if face == 0 || face > sides.faces() {
            return Err(DiceError::NotAFace { face, die: sides.to_string() });
        }
        Ok(face)
    }
}

/// The terms and total of `dice` from `count` values typed in as the dice were rolled, `read`
/// turning the i-th into a face of the die it lands on: one place for what every typed roll is
/// checked for (the count, for dice that neither explode nor reroll; faces that run out;
/// faces left over). The dice are printed only for an error.
fn typed_outcome(
    dice: &Dice,
    count: usize,
    read: &mut dyn FnMut(usize, Sides) -> Result<u32, DiceError>,
) -> Result<(Terms, i64), DiceError> {
    dice.validate()?;
    let expected = dice.dice_count() as usize;
    if dice.is_fixed_count() && count != expected {
        return Err(DiceError::WrongFaceCount { dice: dice.to_string(), expected, got: count });
    }
    let mut used = 0usize;
    let outcome = outcome(dice, &mut |sides| {
        if used == count {
            return Err(DiceError::MoreFaces { dice: dice.to_string(), got: count });
        }
        let face = read(used, sides)?;
        used += 1;
        Ok(face)
    })?;
    if used != count {
        return Err(DiceError::WrongFaceCount {
            dice: dice.to_string(),
            expected: used,
            got: count,
        });
    }
    Ok(outcome)
}

/// The terms and total of validated `dice`, asking `face` for each die's face in order.
fn outcome(
    dice: &Dice,
    face: &mut dyn FnMut(Sides) -> Result<u32, DiceError>,
) -> Result<(Terms, i64), DiceError> {
    let mut terms = Terms::new();
    for node in dice.nodes.iter() {
        match node {
            Node::Number(c) => {
                terms.push(TermRoll { faces: Faces::new(), kept: KeptFlags::new(), subtotal: *c })
            }
            Node::Dice(t) => terms.push(roll_term(t, face)?),
            _ => {}
        }
    }
    let total = if dice.is_sum() {
        terms.iter().map(|t| t.subtotal).fold(0i64, i64::saturating_add)
    } else {
        combine(&dice.nodes, &mut terms)
    };
    Ok((terms, total))
}

/// Works out an expression that is more than a sum, from its terms' results: products,
/// quotients, negations and groups, marking the terms of a group's dropped items as not
/// kept.
fn combine(nodes: &[Node], terms: &mut [TermRoll]) -> i64 {
    // Each entry: the value, and the terms (by index) its expression spans.
    let mut stack: Vec<(i64, usize, usize)> = Vec::new();
    let mut leaf = 0;
    for node in nodes {
        match node {
            Node::Number(_) | Node::Dice(_) => {
                stack.push((terms[leaf].subtotal, leaf, leaf + 1));
                leaf += 1;
            }
            Node::Neg => {
                if let Some(top) = stack.last_mut() {
                    top.0 = top.0.saturating_neg();
                }
            }
            Node::Abs => {
                if let Some(top) = stack.last_mut() {
                    top.0 = top.0.saturating_abs();
                }
            }
            Node::Add
            | Node::Sub
            | Node::Mul
            | Node::Div
            | Node::Rem
            | Node::DivUp
            | Node::DivNearest
            | Node::Pow => {
                let (b, _, b_end) = stack.pop().unwrap_or((0, leaf, leaf));
                let (a, a_start, _) = stack.pop().unwrap_or((0, leaf, leaf));
                // Matched as a binary operator above: `apply` has a value for it.
                let value = node.apply(a, b).unwrap_or(0);
                stack.push((value, a_start, b_end));
            }
            Node::Group { items, success: Some(success), .. } => {
                let at = stack.len().saturating_sub(usize::from(*items));
                let parts = stack.split_off(at);
                let start = parts.first().map_or(leaf, |p| p.1);
                let value = parts.iter().map(|p| success.count(p.0)).sum();
                stack.push((value, start, leaf));
            }
            Node::Group { items, keep, .. } => {
                let at = stack.len().saturating_sub(usize::from(*items));
                let parts = stack.split_off(at);
                let start = parts.first().map_or(leaf, |p| p.1);
                let values: Vec<i64> = parts.iter().map(|p| p.0).collect();
                let flags = match keep {
                    Some(k) => keep_flags(*k, &values),
                    None => vec![true; values.len()],
                };
                let mut value = 0i64;
                for (part, keep_it) in parts.iter().zip(&flags) {
                    if *keep_it {
                        value = value.saturating_add(part.0);
                    } else {
                        for t in &mut terms[part.1..part.2] {
                            t.kept.iter_mut().for_each(|k| *k = false);
                        }
                    }
                }
                stack.push((value, start, leaf));
            }
        }
    }
    stack.last().map_or(0, |s| s.0)
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
    fn dropping_from_both_ends_counts_the_middle_dice() {
        // 2, 2, 4, 4: one of the lowest and one of the highest go (the first of each tie).
        let r = roll("4d6dl1dh1", &[2, 2, 4, 4]);
        assert_eq!(r.total, 6);
        assert_eq!(r.terms[0].kept[..], [false, true, true, false]);
        assert_eq!(roll("3d6kh2kl1", &[1, 6, 5]).total, 5, "the middle die");
        assert_eq!(roll("5d6dl1dh2", &[3, 1, 6, 5, 2]).total, 5, "2 and 3");
        // The odds of it are sampled (no exact form yet), and within its range.
        let dice = Dice::parse("4d6dl1dh1").unwrap();
        assert_eq!((dice.min(), dice.max()), (2, 12));
    }

    #[test]
    fn compounding_dice_add_like_exploding_ones_and_count_a_success_on_their_total() {
        // A total is the same as an explosion's: 6 + 6 + 2 and 3.
        assert_eq!(roll("2d6!!", &[6, 6, 2, 3]).total, roll("2d6!", &[6, 6, 2, 3]).total);
        assert_eq!(roll("2d6!!", &[6, 6, 2, 3]).total, 17);
        // Successes of 8 or more: the compounded die is one die of 14, one success; each face
        // alone (6, 6, 2) would be none.
        assert_eq!(roll("2d6!!>=8", &[6, 6, 2, 3]).total, 1);
        assert_eq!(roll("2d6!>=8", &[6, 6, 2, 3]).total, 0);
        // Penetrating too, and printed as typed.
        assert_eq!(roll("d6!!p", &[6, 4]).total, 9);
        assert_eq!(Dice::parse("d6!!p").unwrap().to_string(), "d6!!p");
        assert_eq!(Dice::parse("4d6!!").unwrap().to_string(), "4d6!!");
    }

    #[test]
    fn totals_and_constants() {
        let r = roll("2d6+1", &[4, 3]);
        assert_eq!(r.total, 8);
        assert_eq!(r.terms.len(), 2);
        assert!(r.terms[1].faces.is_empty());
        assert_eq!(r.terms[1].subtotal, 1);
        assert_eq!(roll("d20-d4-1", &[15, 3]).total, 11);
        assert_eq!(roll("5", &[]).total, 5);
        assert_eq!(roll("d%", &[100]).total, 100);
    }

    #[test]
    fn keep_highest_and_lowest() {
        let r = roll("4d6kh3", &[1, 6, 4, 5]);
        assert_eq!(r.terms[0].kept[..], [false, true, true, true]);
        assert_eq!(r.total, 15);
        assert_eq!(r.kept_faces(), vec![6, 4, 5]);
        assert_eq!(r.faces(), vec![1, 6, 4, 5]);

        let r = roll("2d20kl1", &[14, 3]);
        assert_eq!(r.terms[0].kept[..], [false, true]);
        assert_eq!(r.total, 3);

        let r = roll("2d8kh1", &[2, 7]);
        assert_eq!(r.total, 7);
    }

    #[test]
    fn keep_ties_go_to_the_earliest_die() {
        assert_eq!(roll("2d20kh1", &[7, 7]).terms[0].kept[..], [true, false]);
        assert_eq!(roll("2d20kl1", &[7, 7]).terms[0].kept[..], [true, false]);
        assert_eq!(roll("4d6kh2", &[3, 5, 5, 5]).terms[0].kept[..], [false, true, true, false]);
        assert_eq!(roll("4d6kl2", &[5, 2, 2, 2]).terms[0].kept[..], [false, true, true, false]);
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
    fn the_new_forms_with_table_dice() {
        // Drop the lowest: the same as keeping the three highest.
        let r = roll("4d6dl1", &[1, 6, 4, 5]);
        assert_eq!((r.total, r.terms[0].kept.to_vec()), (15, vec![false, true, true, true]));
        assert_eq!(roll("4d6dh1", &[1, 6, 4, 5]).total, 10);
        // Exploding: a 6 adds another die, as long as they come.
        assert_eq!(roll("d6!", &[6, 6, 3]).total, 15);
        assert_eq!(roll("d6!", &[5]).total, 5);
        // Penetrating (Murdham's damage): each added die counts one less.
        assert_eq!(roll("d6!p", &[6, 6, 3]).total, 6 + 5 + 2);
        // Keeping whole dice, explosions and all: Murdham's impaired damage.
        let r = roll("2d6!pkl1", &[6, 2, 3]);
        assert_eq!((r.total, r.terms[0].kept.to_vec()), (3, vec![false, false, true]));
        assert_eq!(roll("2d6!pkh1", &[6, 2, 3]).total, 7);
        // Rerolls: until the face no longer matches, or once.
        let r = roll("4d6r1", &[1, 1, 3, 5, 6, 2]);
        assert_eq!(
            (r.total, r.terms[0].kept.to_vec()),
            (16, vec![false, false, true, true, true, true])
        );
        assert_eq!(roll("4d6ro1", &[1, 1, 5, 6, 2]).total, 14);
        assert_eq!(roll("2d6r<3", &[2, 1, 4, 6]).total, 10);
        // Successes less failures.
        assert_eq!(roll("6d10>=8f1", &[8, 1, 10, 3, 9, 1]).total, 1);
        assert_eq!(roll("6d10>=8", &[8, 1, 10, 3, 9, 1]).total, 3);
        assert_eq!(roll("3d10!>=8", &[10, 8, 2, 7]).total, 2);
        // Fudge dice.
        let r = roll("4dF", &[1, 2, 3, 3]);
        assert_eq!((r.total, r.summary()), (1, "4dF: [-, 0, +, +] = 1".to_string()));
        // Arithmetic: products, quotients rounded down, parentheses.
        assert_eq!(roll("(d6+1)*2", &[4]).total, 10);
        assert_eq!(roll("d20/2", &[7]).total, 3);
        assert_eq!(roll("-d20/2", &[7]).total, -4);
        assert_eq!(roll("d20-(d4+1)", &[15, 3]).total, 11);
        // The highest of different dice: bdp's "keep the single highest die".
        let r = roll("{2d8,d12}kh1", &[3, 5, 7]);
        assert_eq!(r.total, 8);
        assert_eq!(r.terms[1].kept[..], [false]);
        assert_eq!(r.summary(), "{2d8,d12}kh1: {[3, 5],[(7)]}kh1 = 8");
        assert_eq!(roll("{d6,d8,d10}kh1", &[2, 8, 5]).total, 8);
        assert_eq!(roll("(d6+1)*2", &[4]).summary(), "(d6+1)*2: ([4]+1)*2 = 10");
        // A label rides along.
        assert_eq!(roll("2d6+1 [fire]", &[4, 3]).summary(), "2d6+1 [fire]: [4, 3] +1 = 8");
        // Faces that run out or are left over.
        assert_eq!(
            refusal("d6!", &[6]),
            "d6! needs more faces than the 1 typed: a die exploded or was rerolled"
        );
        assert_eq!(refusal("d6!", &[3, 4]), "expected 1 face for d6!, got 2");
        assert_eq!(refusal("4dF", &[4, 1, 1, 1]), "4 is not a face of a dF");
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

    /// A roll as it was written before its faces and terms were held inline: plain lists.
    #[derive(Serialize)]
    struct ListedRoll<'a> {
        dice: &'a Dice,
        terms: Vec<ListedTerm>,
        total: i64,
        label: &'a str,
        roller: Option<&'a str>,
        source: RollSource,
    }

    #[derive(Serialize)]
    struct ListedTerm {
        faces: Vec<u32>,
        kept: Vec<bool>,
        subtotal: i64,
    }

    #[test]
    fn faces_and_terms_held_inline_or_not_are_written_and_read_as_the_lists_they_were() {
        // Inline (a die, two terms), faces past the inline room (ten dice, explosions), terms
        // past it (four), a constant's empty faces.
        for (dice, faces) in [
            ("d20", &[17][..]),
            ("2d20kh1+3", &[4, 17]),
            ("10d6!", &[6, 6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5]),
            ("d4+d6+d8+1", &[3, 5, 7]),
            ("7", &[]),
        ] {
            let r = Roll::from_faces(Dice::parse(dice).unwrap(), faces, "x", None, RollSource::App)
                .unwrap();
            let listed = ListedRoll {
                dice: &r.dice,
                terms: r
                    .terms
                    .iter()
                    .map(|t| ListedTerm {
                        faces: t.faces.to_vec(),
                        kept: t.kept.to_vec(),
                        subtotal: t.subtotal,
                    })
                    .collect(),
                total: r.total,
                label: &r.label,
                roller: r.roller.as_deref(),
                source: r.source,
            };
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, serde_json::to_string(&listed).unwrap(), "{dice}");
            assert_eq!(serde_json::from_str::<Roll>(&json).unwrap(), r, "{dice}");
        }
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
