//! Where combatants stand and what that means: the zone graph or the 5-ft grid, behind one
//! seam. Procedures ask how far, whether one sees the other, what cover and whether a move is
//! possible, and never look at which kind of space the encounter has.

pub mod grid;
pub mod path;
pub mod sight;
mod zones;

pub use zones::{RangeBand, band_from_table, distance, distances};
