//! Distance on the zone graph, and the mapping of a distance to a system's range bands.

use super::Distance;
use crate::encounter::Encounter;
use crate::ids::ZoneId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// A named range band ("Close", "Near"...), as a system calls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeBand {
    /// The band's name.
    pub label: &'static str,
    /// The distance it was read from; `None` when there is no path.
    pub distance: Option<Distance>,
}

/// Zone steps from `from` to every zone reachable from it (breadth-first on adjacency).
pub fn distances(enc: &Encounter, from: ZoneId) -> BTreeMap<ZoneId, u32> {
    let mut dist = BTreeMap::new();
    if !enc.zones.contains_key(&from) {
        return dist;
    }
    dist.insert(from, 0);
    let mut queue = VecDeque::from([from]);
    while let Some(z) = queue.pop_front() {
        let d = dist[&z];
        for next in &enc.zones[&z].adjacent {
            if !dist.contains_key(next) {
                dist.insert(*next, d + 1);
                queue.push_back(*next);
            }
        }
    }
    dist
}

/// Zone steps between two zones, `None` when no path joins them.
pub fn distance(enc: &Encounter, a: ZoneId, b: ZoneId) -> Option<u32> {
    // The same zone is asked most (who is in melee, who is close): no search for it.
    if a == b {
        return enc.zones.contains_key(&a).then_some(0);
    }
    // One or two steps (most boards, and every move a turn allows) without a search.
    let from = enc.zones.get(&a)?;
    if !enc.zones.contains_key(&b) {
        return None;
    }
    if from.adjacent.contains(&b) {
        return Some(1);
    }
    let near = |z: &ZoneId| enc.zones.get(z).is_some_and(|n| n.adjacent.contains(&b));
    if from.adjacent.iter().any(near) {
        return Some(2);
    }
    distances(enc, a).get(&b).copied()
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
    use crate::encounter::Zone;
    use std::collections::BTreeSet;

    fn chain(n: u32) -> Encounter {
        let mut enc = Encounter::new(crate::system::get("freeform").unwrap(), "t", 1);
        for i in 0..n {
            let mut adjacent = BTreeSet::new();
            if i > 0 {
                adjacent.insert(ZoneId(i - 1));
            }
            if i + 1 < n {
                adjacent.insert(ZoneId(i + 1));
            }
            std::sync::Arc::make_mut(&mut enc.zones).insert(
                ZoneId(i),
                Zone {
                    id: ZoneId(i),
                    name: format!("Z{i}"),
                    capacity: None,
                    note: String::new(),
                    adjacent,
                    rect: Default::default(),
                },
            );
        }
        enc
    }

    #[test]
    fn distance_follows_the_graph() {
        let enc = chain(5);
        assert_eq!(distance(&enc, ZoneId(0), ZoneId(0)), Some(0));
        assert_eq!(distance(&enc, ZoneId(0), ZoneId(1)), Some(1));
        assert_eq!(distance(&enc, ZoneId(0), ZoneId(4)), Some(4));
        assert_eq!(distance(&enc, ZoneId(4), ZoneId(1)), Some(3));
    }

    #[test]
    fn unreachable_and_unknown_zones_have_no_distance() {
        let mut enc = chain(3);
        std::sync::Arc::make_mut(&mut enc.zones)
            .get_mut(&ZoneId(1))
            .unwrap()
            .adjacent
            .remove(&ZoneId(2));
        std::sync::Arc::make_mut(&mut enc.zones)
            .get_mut(&ZoneId(2))
            .unwrap()
            .adjacent
            .remove(&ZoneId(1));
        assert_eq!(distance(&enc, ZoneId(0), ZoneId(2)), None);
        assert_eq!(distance(&enc, ZoneId(9), ZoneId(0)), None);
    }

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
