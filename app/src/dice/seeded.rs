//! The app's own dice: a seeded ChaCha generator.

use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

use super::{Dice, DiceError, DiceSource, Roll, RollSource};

/// Reproducible app dice. The same `(seed, stream)` always gives the same rolls; different
/// streams of one seed are independent.
///
/// The encounter stores one seed and each command rolls on its own stream (its sequence
/// number), so re-running a command reproduces its dice without replaying the others.
#[derive(Debug, PartialEq, Eq)]
pub struct SeededDice {
    seed: u64,
    rng: ChaCha8Rng,
}

impl SeededDice {
    /// Dice for `seed` (the encounter's) on `stream` (the command's sequence number).
    pub fn new(seed: u64, stream: u64) -> Self {
        // ChaCha8 rather than 12 or 20: dice need unpredictability at a game table, not
        // cryptographic margin, and 8 rounds is the fastest. `seed_from_u64` is documented as
        // value-stable, and ChaCha's 64-bit nonce gives 2^64 independent streams per key.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        SeededDice { seed, rng }
    }

    /// The seed these dice were made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The stream these dice were made from.
    pub fn stream(&self) -> u64 {
        self.rng.get_stream()
    }

    /// One face of a die with `sides` sides, uniformly in `1..=sides`: the hot path for
    /// simulations that do not need a [`Roll`].
    ///
    /// # Panics
    ///
    /// If `sides` is 0.
    #[inline]
    pub fn face(&mut self, sides: u32) -> u32 {
        assert!(sides > 0, "a die needs at least 1 side");
        // Lemire's multiply-and-reject, written out rather than `random_range` so that the
        // faces for a seed are exactly uniform and cannot change when rand changes its
        // sampling algorithm (it has between major versions), which would break stored seeds.
        let range = u64::from(sides);
        let mut product = u64::from(self.rng.next_u32()) * range;
        if (product as u32) < sides {
            // 2^32 mod sides: low words below this belong to an incomplete final cycle.
            let threshold = sides.wrapping_neg() % sides;
            while (product as u32) < threshold {
                product = u64::from(self.rng.next_u32()) * range;
            }
        }
        (product >> 32) as u32 + 1
    }
}

impl Clone for SeededDice {
    fn clone(&self) -> Self {
        // ChaCha8Rng is not `Clone` in rand 0.10, but its state round-trips exactly.
        SeededDice {
            seed: self.seed,
            rng: ChaCha8Rng::deserialize_state(&self.rng.serialize_state()),
        }
    }
}

impl DiceSource for SeededDice {
    fn roll(&mut self, dice: &Dice, label: &str, roller: Option<&str>) -> Result<Roll, DiceError> {
        dice.validate()?;
        Roll::evaluate(
            dice.clone(),
            label.to_owned(),
            roller.map(str::to_owned),
            RollSource::App,
            &mut |sides| Ok(self.face(sides.faces())),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d20s(dice: &mut SeededDice, n: usize) -> Vec<u32> {
        (0..n).map(|_| dice.face(20)).collect()
    }

    #[test]
    fn same_seed_and_stream_reproduce() {
        let mut a = SeededDice::new(42, 7);
        let mut b = SeededDice::new(42, 7);
        assert_eq!(d20s(&mut a, 100), d20s(&mut b, 100));
        let dice = Dice::parse("4d6kh3+d8").unwrap();
        assert_eq!(a.roll(&dice, "x", None).unwrap(), b.roll(&dice, "x", None).unwrap());
    }

    #[test]
    fn different_streams_and_seeds_differ() {
        let base = d20s(&mut SeededDice::new(42, 7), 50);
        assert_ne!(base, d20s(&mut SeededDice::new(42, 8), 50));
        assert_ne!(base, d20s(&mut SeededDice::new(43, 7), 50));
    }

    #[test]
    fn faces_for_a_seed_are_pinned() {
        // Stored seeds must keep meaning the same dice: if this changes (a rand or chacha20
        // upgrade, a new sampling method), journals re-rolled from seeds would diverge.
        let mut dice = SeededDice::new(42, 0);
        assert_eq!(d20s(&mut dice, 10), [5, 14, 3, 20, 16, 9, 7, 13, 15, 6]);
        let mut dice = SeededDice::new(42, 3);
        assert_eq!(d20s(&mut dice, 10), [11, 8, 15, 12, 12, 15, 11, 10, 19, 5]);
    }

    #[test]
    fn clone_continues_identically() {
        let mut a = SeededDice::new(5, 5);
        let _ = d20s(&mut a, 3);
        let _ = a.roll(&Dice::pool(3, 6), "x", None);
        let mut b = a.clone();
        assert_eq!(a, b);
        assert_eq!(d20s(&mut a, 20), d20s(&mut b, 20));
        assert_eq!((b.seed(), b.stream()), (5, 5));
    }

    #[test]
    fn rolls_are_app_rolls_with_label_and_roller() {
        let mut dice = SeededDice::new(1, 1);
        let roll =
            dice.roll(&Dice::parse("2d6+1").unwrap(), "Harald attack", Some("Harald")).unwrap();
        assert_eq!(roll.source, RollSource::App);
        assert_eq!(roll.label, "Harald attack");
        assert_eq!(roll.roller.as_deref(), Some("Harald"));
        assert!((3..=13).contains(&roll.total));
        assert!(roll.verify().is_ok());
    }

    #[test]
    fn invalid_dice_are_an_error_not_a_panic() {
        let mut dice = SeededDice::new(1, 1);
        assert!(matches!(dice.roll(&Dice::die(0), "x", None), Err(DiceError::Invalid { .. })));
    }

    #[test]
    fn faces_are_roughly_uniform() {
        let mut dice = SeededDice::new(9, 9);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[dice.face(6) as usize - 1] += 1;
        }
        // Expected 10,000 each; 5 standard deviations is about ±456.
        for count in counts {
            assert!((9_500..=10_500).contains(&count), "{counts:?}");
        }
        assert_eq!(dice.face(1), 1);
    }
}
