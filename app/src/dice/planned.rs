//! Mixing dice typed in from the table with app dice, in the order the engine asks.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::{Dice, DiceError, DiceSource, Roll, RollSource, SeededDice};

/// How one upcoming roll is to be made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DieChoice {
    /// The app rolls it.
    App,
    /// The GM typed these faces from physical dice.
    Table(Vec<u32>),
}

/// The dice source the window and scripts use: a queue of [`DieChoice`]s answered in order,
/// with the seeded RNG behind it.
///
/// When the queue runs out, rolls fall back to the RNG, or, in table-default mode
/// ([`PlannedDice::with_table_default`]), fail with [`DiceError::NeedTableDice`] so the UI can
/// ask the GM for that roll.
#[derive(Debug, Clone)]
pub struct PlannedDice {
    rng: SeededDice,
    plan: VecDeque<DieChoice>,
    table_default: bool,
}

impl PlannedDice {
    /// An empty plan over `rng`: every roll goes to the RNG until choices are added.
    pub fn new(rng: SeededDice) -> Self {
        PlannedDice { rng, plan: VecDeque::new(), table_default: false }
    }

    /// Adds a roll typed from the table to the end of the plan.
    pub fn then_table(mut self, faces: impl Into<Vec<u32>>) -> Self {
        self.push(DieChoice::Table(faces.into()));
        self
    }

    /// Adds an app roll to the end of the plan.
    pub fn then_app(mut self) -> Self {
        self.push(DieChoice::App);
        self
    }

    /// Switches to table-default mode: once the plan is used up, rolls fail with
    /// [`DiceError::NeedTableDice`] instead of falling back to the RNG.
    pub fn with_table_default(mut self) -> Self {
        self.table_default = true;
        self
    }

    /// Adds a choice to the end of the plan (the non-builder form of `then_*`).
    pub fn push(&mut self, choice: DieChoice) {
        self.plan.push_back(choice);
    }

    /// How many planned choices are still unused, so callers can warn that typed dice were
    /// left over.
    pub fn remaining(&self) -> usize {
        self.plan.len()
    }

    /// The unused choices, next first.
    pub fn pending(&self) -> impl Iterator<Item = &DieChoice> {
        self.plan.iter()
    }

    /// Whether table-default mode is on.
    pub fn table_default(&self) -> bool {
        self.table_default
    }
}

impl DiceSource for PlannedDice {
    /// Answers with the next planned choice. A refused table roll (wrong count, impossible
    /// face) returns the error and leaves the choice in place, so nothing after it shifts.
    fn roll(&mut self, dice: &Dice, label: &str, roller: Option<&str>) -> Result<Roll, DiceError> {
        let roll = match self.plan.front() {
            Some(DieChoice::App) => self.rng.roll(dice, label, roller)?,
            Some(DieChoice::Table(faces)) => Roll::from_faces(
                dice.clone(),
                faces,
                label,
                roller.map(str::to_owned),
                RollSource::Table,
            )?,
            None if self.table_default => {
                return Err(DiceError::NeedTableDice {
                    dice: dice.to_string(),
                    label: label.to_owned(),
                    roller: roller.map(str::to_owned),
                });
            }
            None => return self.rng.roll(dice, label, roller),
        };
        self.plan.pop_front();
        Ok(roll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn planned() -> PlannedDice {
        PlannedDice::new(SeededDice::new(3, 4))
    }

    #[test]
    fn follows_the_plan_then_falls_back() {
        let d8 = Dice::die(8);
        let mut dice = planned().then_table([6]).then_app().then_table(vec![2]);
        assert_eq!(dice.remaining(), 3);
        let first = dice.roll(&d8, "a", None).unwrap();
        assert_eq!((first.source, first.total), (RollSource::Table, 6));
        assert_eq!(dice.roll(&d8, "b", None).unwrap().source, RollSource::App);
        assert_eq!(dice.roll(&d8, "c", None).unwrap().faces(), vec![2]);
        assert_eq!(dice.remaining(), 0);
        assert_eq!(dice.roll(&d8, "d", None).unwrap().source, RollSource::App);
    }

    #[test]
    fn app_choices_use_the_rng_in_order() {
        let d20 = Dice::die(20);
        let mut expected = SeededDice::new(3, 4);
        let mut dice = planned().then_app().then_table([1]).then_app();
        let a = dice.roll(&d20, "a", None).unwrap();
        let _ = dice.roll(&d20, "b", None).unwrap();
        let c = dice.roll(&d20, "c", None).unwrap();
        assert_eq!(a, expected.roll(&d20, "a", None).unwrap());
        assert_eq!(c, expected.roll(&d20, "c", None).unwrap());
    }

    #[test]
    fn table_default_mode_asks_for_dice() {
        let mut dice = planned().then_table([3]).with_table_default();
        assert!(dice.table_default());
        assert_eq!(dice.roll(&Dice::die(8), "Harald attack", None).unwrap().total, 3);
        let err = dice.roll(&Dice::die(8), "Harald attack", Some("Harald")).unwrap_err();
        assert_eq!(
            err,
            DiceError::NeedTableDice {
                dice: "d8".into(),
                label: "Harald attack".into(),
                roller: Some("Harald".into())
            }
        );
        assert_eq!(err.to_string(), "need table dice for 'Harald attack' (d8)");
    }

    #[test]
    fn refused_table_dice_stay_planned() {
        let mut dice = planned().then_table([7]);
        assert_eq!(
            dice.roll(&Dice::die(6), "x", None).unwrap_err().to_string(),
            "7 is not a face of a d6"
        );
        assert_eq!(dice.remaining(), 1);
        assert_eq!(dice.pending().next(), Some(&DieChoice::Table(vec![7])));
        let err = dice.roll(&Dice::pool(2, 8), "x", None).unwrap_err();
        assert_eq!(err.to_string(), "expected 2 faces for 2d8, got 1");
        assert_eq!(dice.roll(&Dice::die(8), "x", None).unwrap().total, 7);
    }
}
