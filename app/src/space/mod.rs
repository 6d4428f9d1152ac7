//! The geometry of the battlefield: the 5-ft grid with its walls, paths and sight, distances
//! and range bands. It knows no encounter: `crate::reach` asks it for the combatants of one.

pub mod grid;
pub mod path;
pub mod sight;
mod zones;

pub use zones::{RangeBand, band_from_table};

use grid::Footprint;
use path::Passage;
use serde::{Deserialize, Serialize};

/// How far apart two combatants are, in the units of the encounter's space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Distance {
    /// Zone steps on the zone graph (0: the same zone).
    Steps(u32),
    /// Feet on the grid (5: adjacent squares, diagonals included).
    Feet(u32),
}

impl std::fmt::Display for Distance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Distance::Steps(1) => write!(f, "1 zone"),
            Distance::Steps(n) => write!(f, "{n} zones"),
            Distance::Feet(n) => write!(f, "{n} ft"),
        }
    }
}

/// Whether footprints `a` and `b` stand side by side (diagonals too) with no wall of
/// `passage` between them and no corner of one cut: `reach::in_melee` on the grid, for a place
/// someone could stand as well as where they do.
pub fn strikes(passage: &Passage, a: Footprint, b: Footprint) -> bool {
    // Some square of `a` steps onto some square of `b` past no wall.
    a.squares_to(b) == 1
        && a.squares().any(|p| {
            path::STEPS
                .iter()
                .any(|&(dx, dy)| passage.step(p, 1, dx, dy).is_some_and(|q| b.covers(q)))
        })
}
