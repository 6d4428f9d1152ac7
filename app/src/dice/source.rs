//! Where dice come from: the [`DiceSource`] trait, [`RollSource`] and a recording wrapper.

use serde::{Deserialize, Serialize};

use super::{Dice, DiceError, Roll};

/// Who produced a roll's faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RollSource {
    /// The app's seeded RNG.
    App,
    /// Physical dice at the table, typed in by the GM.
    Table,
}

/// Anything the engine can ask for a roll: the seeded RNG, a plan mixing typed-in and
/// app dice, a replayed journal.
pub trait DiceSource {
    /// Rolls `dice` for `label` (e.g. "Harald's DEX save") on behalf of `roller`.
    fn roll(&mut self, dice: &Dice, label: &str, roller: Option<&str>) -> Result<Roll, DiceError>;

    /// The same roll, to be shared (by its event, the table's recent rolls and the rule that
    /// asked): a source that holds its rolls already (a journal replayed) hands out its own
    /// rather than a copy.
    fn roll_shared(
        &mut self,
        dice: &Dice,
        label: &str,
        roller: Option<&str>,
    ) -> Result<std::sync::Arc<Roll>, DiceError> {
        self.roll(dice, label, roller).map(std::sync::Arc::new)
    }
}

// So a `&mut dyn DiceSource` (or `&mut SeededDice`) can be passed where a source is taken
// by value or wrapped, without re-borrowing gymnastics.
impl<S: DiceSource + ?Sized> DiceSource for &mut S {
    fn roll(&mut self, dice: &Dice, label: &str, roller: Option<&str>) -> Result<Roll, DiceError> {
        (**self).roll(dice, label, roller)
    }

    fn roll_shared(
        &mut self,
        dice: &Dice,
        label: &str,
        roller: Option<&str>,
    ) -> Result<std::sync::Arc<Roll>, DiceError> {
        (**self).roll_shared(dice, label, roller)
    }
}

/// Wraps another source and keeps a copy of every roll it hands out, in order. Failed
/// requests are not recorded.
pub struct RecordingDice<'a> {
    inner: &'a mut dyn DiceSource,
    rolls: Vec<Roll>,
}

impl<'a> RecordingDice<'a> {
    /// Starts recording rolls from `inner`.
    pub fn new(inner: &'a mut dyn DiceSource) -> Self {
        RecordingDice { inner, rolls: Vec::new() }
    }

    /// The rolls so far.
    pub fn rolls(&self) -> &[Roll] {
        &self.rolls
    }

    /// Ends recording, returning the rolls.
    pub fn into_rolls(self) -> Vec<Roll> {
        self.rolls
    }
}

impl DiceSource for RecordingDice<'_> {
    fn roll(&mut self, dice: &Dice, label: &str, roller: Option<&str>) -> Result<Roll, DiceError> {
        let roll = self.inner.roll(dice, label, roller)?;
        self.rolls.push(roll.clone());
        Ok(roll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{PlannedDice, SeededDice};

    #[test]
    fn source_serializes_lowercase() {
        assert_eq!(serde_json::to_string(&RollSource::App).unwrap(), "\"app\"");
        assert_eq!(serde_json::from_str::<RollSource>("\"table\"").unwrap(), RollSource::Table);
    }

    #[test]
    fn recording_keeps_successful_rolls_in_order() {
        let mut planned =
            PlannedDice::new(SeededDice::new(1, 2)).then_table([5]).then_table([9]).then_app();
        let mut recorder = RecordingDice::new(&mut planned);
        let d6 = Dice::die(6);
        let first = recorder.roll(&d6, "first", Some("Harald")).unwrap();
        // 9 is not a face of a d6: refused, not recorded, and the plan entry stays.
        assert!(recorder.roll(&d6, "refused", None).is_err());
        let second = recorder.roll(&Dice::die(20), "second", None).unwrap();
        let third = recorder.roll(&d6, "third", None).unwrap();
        assert_eq!(recorder.rolls(), [first, second, third]);
        let rolls = recorder.into_rolls();
        assert_eq!(rolls[0].roller.as_deref(), Some("Harald"));
        assert_eq!(rolls[0].faces(), vec![5]);
        assert_eq!(rolls[1].faces(), vec![9]);
        assert_eq!(rolls[2].source, RollSource::App);
    }
}
