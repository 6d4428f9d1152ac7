//! Rule blocks shared by several systems: saves and tests against a target, contested saves,
//! keep-highest pools, advantage and lookup tables. All pure; systems reuse them rather than
//! copy them.

mod advantage;
mod outcome;
mod over;
mod pool;
mod table;
mod under;

pub use advantage::Advantage;
pub use outcome::{CheckOutcome, natural_d20};
pub use over::test_over;
pub use pool::keep_highest;
pub use table::{Coverage, Effect, RollTable, TableError, TableRow, coverage};
pub use under::{Contest, contested_saves, save_under};

#[cfg(test)]
pub(crate) mod test_support {
    //! Rolls with chosen faces, for the tests of this module.

    use crate::dice::{Dice, Roll, RollSource};

    /// A table roll of `dice` showing `faces`.
    pub fn roll(dice: &str, faces: &[u32]) -> Roll {
        Roll::from_faces(Dice::parse(dice).unwrap(), faces, "check", None, RollSource::Table)
            .unwrap()
    }
}
