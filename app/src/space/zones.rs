//! Range bands: a distance read as a system calls it ("Close", "Near"...).

use super::Distance;
use serde::{Deserialize, Serialize};

/// A named range band ("Close", "Near"...), as a system calls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeBand {
    /// The band's name.
    pub label: &'static str,
    /// The distance it was read from; `None` when there is no path.
    pub distance: Option<Distance>,
}

/// Maps a distance to a band with a system's tables: `steps[i]` (zones) or `feet[i]` (grid)
/// is `(most, label)` in rising order; anything further, unreachable or without a table is
/// `beyond`.
pub fn band_from_table(
    distance: Option<Distance>,
    steps: &[(u32, &'static str)],
    feet: &[(u32, &'static str)],
    beyond: &'static str,
) -> RangeBand {
    let find = |n: u32, table: &[(u32, &'static str)]| {
        table.iter().find(|(most, _)| n <= *most).map(|(_, l)| *l)
    };
    let label = match distance {
        Some(Distance::Steps(n)) => find(n, steps),
        Some(Distance::Feet(n)) => find(n, feet),
        None => None,
    }
    .unwrap_or(beyond);
    RangeBand { label, distance }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_map_steps_and_feet() {
        let steps = [(0, "Close"), (1, "Near"), (2, "Far")];
        let feet = [(5, "Close"), (30, "Near")];
        let band = |d| band_from_table(d, &steps, &feet, "Distant").label;
        assert_eq!(band(Some(Distance::Steps(0))), "Close");
        assert_eq!(band(Some(Distance::Steps(1))), "Near");
        assert_eq!(band(Some(Distance::Steps(2))), "Far");
        assert_eq!(band(Some(Distance::Steps(3))), "Distant");
        assert_eq!(band(Some(Distance::Feet(5))), "Close");
        assert_eq!(band(Some(Distance::Feet(30))), "Near");
        assert_eq!(band(Some(Distance::Feet(35))), "Distant");
        assert_eq!(band(None), "Distant");
        // A procedure without a table for the grid calls every distance there `beyond`.
        assert_eq!(band_from_table(Some(Distance::Feet(5)), &steps, &[], "Far").label, "Far");
    }
}
