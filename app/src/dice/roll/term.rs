//! One group of dice rolled: each die rerolled while it must be, then exploded, then the kept
//! dice chosen, then added up or its successes counted.

use super::{Faces, KeptFlags, TermRoll};
use crate::dice::notation::{MAX_EXPLOSIONS, MAX_REROLLS};
use crate::dice::{DiceError, DiceTerm, Keep, Sides, Success};

/// Rolls one group of dice: each die rerolled while it must be, then exploded, then the
/// kept dice chosen, then added up or its successes counted.
pub(super) fn roll_term(
    term: &DiceTerm,
    next: &mut dyn FnMut(Sides) -> Result<u32, DiceError>,
) -> Result<TermRoll, DiceError> {
    let count = term.count as usize;
    let plain = term.reroll.is_none()
        && term.explode.is_none()
        && term.keep.is_none()
        && term.success.is_none();
    if plain {
        // Most rolls: one face per die, all of them counted.
        let faces = (0..count).map(|_| next(term.sides)).collect::<Result<Faces, _>>()?;
        let sum: i64 = faces.iter().map(|f| term.sides.value(*f)).sum();
        let kept = KeptFlags::from_elem(true, count);
        return Ok(TermRoll { faces, kept, subtotal: if term.negative { -sum } else { sum } });
    }
    // A compounding die counts its successes on its total: each die's total and whether kept.
    let compound = term.explode.is_some_and(|e| e.compound) && term.success.is_some();
    let mut fallen = roll_dice(term, compound, next)?;
    // Which dice count, whole (all of them unless kept by `keep`).
    let dice_kept = match term.keep {
        Some(keep) => keep_dice(keep, &mut fallen),
        None => vec![true; count],
    };
    let result = match term.success {
        Some(success) => successes(term, success, compound, &fallen, &dice_kept),
        None => fallen.sum,
    };
    let Fallen { faces, kept, .. } = fallen;
    Ok(TermRoll { faces, kept, subtotal: if term.negative { -result } else { result } })
}

/// A term's dice as they fell, rerolls and explosions included, before any are dropped.
struct Fallen {
    /// Every face, in the order rolled.
    faces: Faces,
    /// Whether each face counts (parallel to `faces`).
    kept: KeptFlags,
    /// Where each die's faces start, for keeping whole dice (explosions and all); only when
    /// the term keeps some dice.
    starts: Vec<usize>,
    /// Each die's value, explosions added; only when the term keeps some dice.
    values: Vec<i64>,
    /// Each die's total, for a compounding die counting successes.
    totals: Vec<i64>,
    /// The sum of every die's value.
    sum: i64,
}

/// Rolls each die of `term` in turn (`compound`: its totals are kept for counting successes).
fn roll_dice(
    term: &DiceTerm,
    compound: bool,
    next: &mut dyn FnMut(Sides) -> Result<u32, DiceError>,
) -> Result<Fallen, DiceError> {
    let count = term.count as usize;
    let keeps = term.keep.is_some();
    let mut fallen = Fallen {
        faces: Faces::with_capacity(count),
        kept: KeptFlags::with_capacity(count),
        starts: Vec::with_capacity(if keeps { count } else { 0 }),
        values: Vec::with_capacity(if keeps { count } else { 0 }),
        totals: Vec::with_capacity(if compound { count } else { 0 }),
        sum: 0,
    };
    for _ in 0..term.count {
        let start = fallen.faces.len();
        let value = roll_die(term, next, &mut fallen)?;
        if keeps {
            fallen.starts.push(start);
            fallen.values.push(value);
        }
        if compound {
            fallen.totals.push(value);
        }
        fallen.sum += value;
    }
    Ok(fallen)
}

/// Rolls one die of `term` into `fallen`: rerolled while it must be (the rerolled faces not
/// counted), then exploded on its top face. Its value, explosions added.
fn roll_die(
    term: &DiceTerm,
    next: &mut dyn FnMut(Sides) -> Result<u32, DiceError>,
    fallen: &mut Fallen,
) -> Result<i64, DiceError> {
    let mut face = next(term.sides)?;
    if let Some(reroll) = term.reroll {
        let mut times = 0;
        while term.rerolls(face) && times < MAX_REROLLS && !(reroll.once && times == 1) {
            fallen.faces.push(face);
            fallen.kept.push(false);
            face = next(term.sides)?;
            times += 1;
        }
    }
    fallen.faces.push(face);
    fallen.kept.push(true);
    let mut value = term.sides.value(face);
    if let Some(explode) = term.explode {
        let top = term.sides.faces();
        let mut times = 0;
        while face == top && times < MAX_EXPLOSIONS {
            face = next(term.sides)?;
            fallen.faces.push(face);
            fallen.kept.push(true);
            value += term.sides.value(face) - i64::from(explode.penetrating);
            times += 1;
        }
    }
    Ok(value)
}

/// Keeps the dice `keep` chooses: the dropped ones' faces no longer count and the sum is of
/// the kept alone. Whether each die is kept.
fn keep_dice(keep: Keep, fallen: &mut Fallen) -> Vec<bool> {
    let keep_die = keep_flags(keep, &fallen.values);
    fallen.sum = 0;
    for (die, keep_it) in keep_die.iter().enumerate() {
        let end = fallen.starts.get(die + 1).copied().unwrap_or(fallen.faces.len());
        if *keep_it {
            fallen.sum += fallen.values[die];
        } else {
            fallen.kept[fallen.starts[die]..end].iter_mut().for_each(|k| *k = false);
        }
    }
    keep_die
}

/// The successes less the failures among the dice that count: on each kept die's total for a
/// `compound` die, else on each counted face.
fn successes(
    term: &DiceTerm,
    success: Success,
    compound: bool,
    fallen: &Fallen,
    dice_kept: &[bool],
) -> i64 {
    if compound {
        fallen
            .totals
            .iter()
            .enumerate()
            .filter(|(die, _)| dice_kept.get(*die).copied().unwrap_or(true))
            .map(|(_, v)| {
                i64::from(success.hit.holds(*v))
                    - i64::from(success.fail.is_some_and(|c| c.holds(*v)))
            })
            .sum()
    } else {
        fallen
            .faces
            .iter()
            .zip(&fallen.kept)
            .filter(|(_, k)| **k)
            .map(|(f, _)| {
                let v = term.sides.value(*f);
                i64::from(success.hit.holds(v))
                    - i64::from(success.fail.is_some_and(|c| c.holds(v)))
            })
            .sum()
    }
}

/// Which values a keep rule keeps; equal values go to the earliest.
pub(super) fn keep_flags(keep: Keep, values: &[i64]) -> Vec<bool> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    // A stable sort keeps equal values in order, so ties go to the earliest die.
    if keep.keeps_highest() {
        order.sort_by(|&a, &b| values[b].cmp(&values[a]));
    } else {
        order.sort_by_key(|&i| values[i]);
    }
    // Of the dice in that order, those past the ones the keep drops at the start.
    let (low, high) = keep.drops_of(values.len() as u32);
    let skipped = if keep.keeps_highest() { high } else { low };
    let mut kept = vec![false; values.len()];
    let counted =
        order.iter().skip(skipped as usize).take(keep.kept_of(values.len() as u32) as usize);
    for &i in counted {
        kept[i] = true;
    }
    kept
}
