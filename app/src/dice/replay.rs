//! Answering dice requests from a recorded journal, for `fray replay` and tests.

use std::collections::VecDeque;
use std::sync::Arc;

use super::{Dice, DiceError, DiceSource, Roll};

/// Hands back recorded rolls in order, unchanged (source included), checking that each
/// request asks for the same dice with the same label, rolled by the same one, as was
/// recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayDice {
    rolls: VecDeque<Arc<Roll>>,
}

impl ReplayDice {
    /// A replay of `rolls`, first to last.
    pub fn new(rolls: impl IntoIterator<Item = Roll>) -> Self {
        ReplayDice::shared(rolls.into_iter().map(Arc::new))
    }

    /// A replay of rolls shared with their recorded events: each handed back as it is, never
    /// copied ([`DiceSource::roll_shared`]).
    pub fn shared(rolls: impl IntoIterator<Item = Arc<Roll>>) -> Self {
        ReplayDice { rolls: rolls.into_iter().collect() }
    }

    /// How many recorded rolls are unused; a replay that ends with some left has diverged.
    pub fn remaining(&self) -> usize {
        self.rolls.len()
    }
}

impl FromIterator<Roll> for ReplayDice {
    fn from_iter<I: IntoIterator<Item = Roll>>(rolls: I) -> Self {
        ReplayDice::new(rolls)
    }
}

/// "d8 for 'Harald attack' by Harald", the form used in mismatch messages.
fn request(dice: &Dice, label: &str, roller: Option<&str>) -> String {
    match roller {
        Some(who) => format!("{dice} for '{label}' by {who}"),
        None => format!("{dice} for '{label}'"),
    }
}

impl DiceSource for ReplayDice {
    /// The next recorded roll. A mismatch leaves it in place.
    fn roll(&mut self, dice: &Dice, label: &str, roller: Option<&str>) -> Result<Roll, DiceError> {
        self.roll_shared(dice, label, roller).map(Arc::unwrap_or_clone)
    }

    /// The next recorded roll itself. A mismatch leaves it in place.
    fn roll_shared(
        &mut self,
        dice: &Dice,
        label: &str,
        roller: Option<&str>,
    ) -> Result<Arc<Roll>, DiceError> {
        let next = self.rolls.front().ok_or(DiceError::ReplayExhausted)?;
        // Who rolled is part of what is checked: a roll moved to another's name is refused.
        if next.dice != *dice || next.label != label || next.roller.as_deref() != roller {
            return Err(DiceError::ReplayMismatch {
                expected: request(&next.dice, &next.label, next.roller.as_deref()),
                got: request(dice, label, roller),
            });
        }
        Ok(self.rolls.pop_front().expect("the front was just inspected"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{PlannedDice, RecordingDice, RollSource, SeededDice};

    #[test]
    fn replays_a_recording_exactly() {
        let d8 = Dice::die(8);
        let d20 = Dice::die(20);
        let mut planned = PlannedDice::new(SeededDice::new(11, 0)).then_table([4]);
        let mut recorder = RecordingDice::new(&mut planned);
        recorder.roll(&d8, "Harald attack", Some("Harald")).unwrap();
        recorder.roll(&d20, "Harald's DEX save", None).unwrap();
        let recorded = recorder.into_rolls();

        let mut replay: ReplayDice = recorded.iter().cloned().collect();
        assert_eq!(replay.remaining(), 2);
        let first = replay.roll(&d8, "Harald attack", Some("Harald")).unwrap();
        assert_eq!(first, recorded[0]);
        assert_eq!(first.source, RollSource::Table);
        let second = replay.roll(&d20, "Harald's DEX save", None).unwrap();
        assert_eq!(second, recorded[1]);
        assert_eq!(replay.remaining(), 0);
        assert_eq!(replay.roll(&d20, "again", None).unwrap_err(), DiceError::ReplayExhausted);
    }

    #[test]
    fn mismatches_name_both_sides() {
        let recorded = SeededDice::new(1, 1).roll(&Dice::die(8), "Harald attack", None).unwrap();
        let mut replay = ReplayDice::new([recorded]);
        let err = replay.roll(&Dice::die(6), "Harald attack", None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "replay mismatch: the journal has d8 for 'Harald attack' but the engine asked for \
             d6 for 'Harald attack'"
        );
        assert!(matches!(
            replay.roll(&Dice::die(8), "Ulla attack", None),
            Err(DiceError::ReplayMismatch { .. })
        ));
        assert_eq!(replay.remaining(), 1);
        assert!(replay.roll(&Dice::die(8), "Harald attack", None).is_ok());
    }
}
