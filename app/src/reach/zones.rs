//! Distance on the zone graph of an encounter.

use crate::encounter::Encounter;
use crate::ids::ZoneId;
use std::collections::{BTreeMap, VecDeque};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::Zone;
    use std::collections::BTreeSet;

    fn chain(n: u32) -> Encounter {
        let mut enc = Encounter::new(crate::systems::registry().get("freeform").unwrap(), "t", 1);
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
}
