//! The rulings at the edge cases the texts care about, then properties against an independent
//! brute force.

use super::*;
use crate::space::grid::{Edge, GridPos, WallKind, WallLine, walled};

fn at(x: u16, y: u16) -> Footprint {
    Footprint { at: GridPos { x, y }, size: 1 }
}

const WALL: WallKind = WallKind::Wall;

#[test]
fn the_rulings_at_the_edge_cases() {
    // (what, walls, attacker, target, cover of the target from the attacker)
    let cases: &[(&str, Vec<WallLine>, Footprint, Footprint, Cover)] = &[
        ("open ground", vec![], at(1, 1), at(6, 4), Cover::None),
        ("a wall behind the target", vec![((5, 4), (5, 7), WALL)], at(1, 5), at(4, 5), Cover::None),
        (
            "a wall on the target's far edge",
            vec![((5, 5), (5, 6), WALL)],
            at(1, 5),
            at(4, 5),
            Cover::None,
        ),
        ("a wall beside the target", vec![((3, 5), (6, 5), WALL)], at(1, 5), at(4, 5), Cover::None),
        (
            "a wall on the target's near edge, seen from an angle",
            vec![((4, 5), (4, 6), WALL)],
            at(1, 2),
            at(4, 5),
            Cover::Half,
        ),
        (
            "a wall on the target's near edge, straight on: nothing of it in view",
            vec![((4, 4), (4, 7), WALL)],
            at(1, 5),
            at(4, 5),
            Cover::Hidden,
        ),
        ("a long wall between", vec![((3, 0), (3, 10), WALL)], at(1, 5), at(5, 5), Cover::Hidden),
        (
            "the bare end of a wall: the corner beyond it is in view",
            vec![((3, 0), (3, 5), WALL)],
            at(1, 5),
            at(5, 5),
            Cover::None,
        ),
        (
            "a wall ending level with the target's top: its far corners hidden",
            vec![((3, 0), (3, 5), WALL)],
            at(1, 4),
            at(5, 5),
            Cover::Half,
        ),
        (
            "two walls meeting only at a corner seal the diagonal between them",
            vec![((3, 3), (4, 3), WALL), ((4, 3), (4, 4), WALL)],
            at(4, 2),
            at(3, 3),
            Cover::Hidden,
        ),
        (
            "one of the two is not enough",
            vec![((3, 3), (4, 3), WALL)],
            at(4, 2),
            at(3, 3),
            Cover::Half,
        ),
        (
            "an open door hides nothing",
            vec![((3, 0), (3, 10), WallKind::Door { open: true })],
            at(1, 5),
            at(5, 5),
            Cover::None,
        ),
        (
            "a closed door hides",
            vec![((3, 0), (3, 10), WallKind::Door { open: false })],
            at(1, 5),
            at(5, 5),
            Cover::Hidden,
        ),
        (
            "a window hides nothing",
            vec![((3, 0), (3, 10), WallKind::Window)],
            at(1, 5),
            at(5, 5),
            Cover::None,
        ),
        (
            "two short walls one above the other: only a slanted line threads between them",
            vec![((2, 2), (3, 2), WALL), ((2, 3), (3, 3), WALL)],
            at(4, 4),
            at(1, 1),
            Cover::Full,
        ),
    ];
    let mut wrong = Vec::new();
    for (what, walls, attacker, target, expected) in cases {
        let sight = Sight::new(&walled(walls));
        let got = sight.cover(*attacker, *target);
        if got != *expected {
            wrong.push(format!("{what}: expected {expected:?}, got {got:?}"));
        }
        // Line of sight is the same both ways.
        assert_eq!(
            sight.line_of_sight(*attacker, *target),
            sight.line_of_sight(*target, *attacker),
            "{what}"
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether the closed segments `p–q` and `a–b` meet (integer orientation tests).
fn segments_meet(p: Point, q: Point, a: Point, b: Point) -> bool {
    let o = |a: Point, b: Point, c: Point| (cross(sub(b, a), sub(c, a))).signum();
    let on = |a: Point, b: Point, c: Point| {
        c.0 >= a.0.min(b.0) && c.0 <= a.0.max(b.0) && c.1 >= a.1.min(b.1) && c.1 <= a.1.max(b.1)
    };
    let (o1, o2, o3, o4) = (o(p, q, a), o(p, q, b), o(a, b, p), o(a, b, q));
    if o1 != o2 && o3 != o4 {
        return true;
    }
    (o1 == 0 && on(p, q, a))
        || (o2 == 0 && on(p, q, b))
        || (o3 == 0 && on(a, b, p))
        || (o4 == 0 && on(a, b, q))
}

/// The brute force: does some sampled point of `region` see `q` past every wall segment?
fn sampled(segments: &[(Point, Point)], q: Point, region: Region) -> bool {
    let mut x = region.min.0;
    while x <= region.max.0 {
        let mut y = region.min.1;
        while y <= region.max.1 {
            if segments.iter().all(|&(a, b)| !segments_meet((x, y), q, a, b)) {
                return true;
            }
            y += 1;
        }
        x += 1;
    }
    false
}

/// The sweep's witness checked independently: along direction `d` from `q`, the region is
/// entered before any wall is met.
fn witness_holds(segments: &[(Point, Point)], q: Point, d: Point, region: Region) -> bool {
    let Some(t) = enter_region(q, d, region) else { return false };
    segments.iter().all(|&w| hit_segment(q, d, w).is_none_or(|tw| t.lt(tw)))
}

/// A small random walled grid from a seed (xorshift), and two distinct squares on it.
fn random_case(seed: u64) -> (Grid, Footprint, Footprint) {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n) as u16
    };
    let mut g = Grid::new(8, 8, 5);
    for _ in 0..next(14) {
        let axis = if next(2) == 0 { Axis::Horizontal } else { Axis::Vertical };
        let edge = Edge { x: next(9), y: next(9), axis };
        if g.has_edge(edge) {
            let kind = match next(6) {
                0 => WallKind::Window,
                1 => WallKind::Door { open: true },
                _ => WallKind::Wall,
            };
            g.set_wall(edge, Some(kind));
        }
    }
    let a = at(next(8), next(8));
    let mut b = at(next(8), next(8));
    while b == a {
        b = at(next(8), next(8));
    }
    (g, a, b)
}

#[test]
fn a_corner_is_seen_exactly_when_the_brute_force_finds_a_way() {
    for seed in 0..400 {
        let (g, a, b) = random_case(seed);
        let sight = Sight::new(&g);
        for q in Region::of(b).corners() {
            let exact = sight.sees_region(q, Region::of(a));
            if let Some(d) = exact {
                assert!(
                    witness_holds(&sight.segments, q, d, Region::of(a)),
                    "seed {seed}: {q:?} {d:?}"
                );
            }
            // A free sampled segment proves the sweep may not say "hidden".
            if sampled(&sight.segments, q, Region::of(a)) {
                assert!(
                    exact.is_some(),
                    "seed {seed}: sampling sees {q:?} from {a:?}, the sweep does not"
                );
            }
        }
    }
}

#[test]
fn line_of_sight_is_symmetric_and_a_wall_never_takes_cover_away() {
    for seed in 0..300 {
        let (mut g, a, b) = random_case(seed);
        let before = Sight::new(&g);
        assert_eq!(before.line_of_sight(a, b), before.line_of_sight(b, a), "seed {seed}");
        let cover = before.cover(a, b);
        // Add one more wall anywhere.
        let edge = Edge {
            x: (seed % 8) as u16,
            y: (seed / 8 % 8) as u16,
            axis: if seed % 2 == 0 { Axis::Vertical } else { Axis::Horizontal },
        };
        g.set_wall(edge, Some(WallKind::Wall));
        let after = Sight::new(&g).cover(a, b);
        assert!(after >= cover, "seed {seed}: {cover:?} became {after:?} after a wall at {edge:?}");
    }
}
