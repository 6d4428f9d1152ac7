//! Distance on the zone graph and its mapping to a system's range bands.

use crate::encounter::Encounter;
use crate::ids::ZoneId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// A named range band ("Close", "Near"...), as a system calls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeBand {
    /// The band's name.
    pub label: &'static str,
    /// Distance in zone steps; `None` when there is no path.
    pub steps: Option<u32>,
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
    distances(enc, a).get(&b).copied()
}

/// Maps steps to a band with a system's table: `bands[i] = (most steps, label)` in rising
/// order; anything further (or unreachable) is `beyond`.
pub fn band_from_table(
    steps: Option<u32>,
    bands: &[(u32, &'static str)],
    beyond: &'static str,
) -> RangeBand {
    let label = steps
        .and_then(|s| bands.iter().find(|(most, _)| s <= *most).map(|(_, l)| *l))
        .unwrap_or(beyond);
    RangeBand { label, steps }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::Zone;
    use std::collections::BTreeSet;

    fn chain(n: u32) -> Encounter {
        let mut enc = Encounter::new("freeform", "t", 1);
        for i in 0..n {
            let mut adjacent = BTreeSet::new();
            if i > 0 {
                adjacent.insert(ZoneId(i - 1));
            }
            if i + 1 < n {
                adjacent.insert(ZoneId(i + 1));
            }
            enc.zones.insert(
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
        enc.zones.get_mut(&ZoneId(1)).unwrap().adjacent.remove(&ZoneId(2));
        enc.zones.get_mut(&ZoneId(2)).unwrap().adjacent.remove(&ZoneId(1));
        assert_eq!(distance(&enc, ZoneId(0), ZoneId(2)), None);
        assert_eq!(distance(&enc, ZoneId(9), ZoneId(0)), None);
    }

    #[test]
    fn bands_map_steps() {
        let table = [(0, "Close"), (1, "Near"), (2, "Far")];
        assert_eq!(band_from_table(Some(0), &table, "Distant").label, "Close");
        assert_eq!(band_from_table(Some(1), &table, "Distant").label, "Near");
        assert_eq!(band_from_table(Some(2), &table, "Distant").label, "Far");
        assert_eq!(band_from_table(Some(3), &table, "Distant").label, "Distant");
        assert_eq!(band_from_table(None, &table, "Distant").label, "Distant");
    }
}
