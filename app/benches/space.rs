//! Line of sight, cover and paths on a walled grid.
//!
//! Targets on the 2-core reference machine: the cover of one attacker against 49 others on a
//! 60×60 walled grid ≤ 0.3 ms; cover for all 2,450 ordered pairs of 50 tokens ≤ 10 ms; the
//! shortest path across a 100×100 walled grid ≤ 2 ms (it runs while a token is dragged).
//!
//! `cargo bench -p fray-app --bench space`

use criterion::{Criterion, criterion_group, criterion_main};
use fray_app::space::grid::{Edge, Footprint, Grid, GridPos, WallKind};
use fray_app::space::path::{Moves, Passage};
use fray_app::space::sight::Sight;
use std::hint::black_box;

/// A dungeon of `side` × `side` squares: rooms of 6 squares with a doorway in every wall
/// (some doors closed, some open, a window now and then), pillars, and scattered short walls.
fn dungeon(side: u16) -> Grid {
    let mut g = Grid::new(side, side, 5);
    let mut s: u64 = 0x5eed;
    let mut next = |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n) as u16
    };
    for line in (6..side).step_by(6) {
        for start in (0..side).step_by(6) {
            let door = start + 1 + next(4);
            for along in start..(start + 6).min(side) {
                let kind = if along == door {
                    match next(4) {
                        0 => Some(WallKind::Door { open: false }),
                        1 => Some(WallKind::Window),
                        2 => Some(WallKind::Door { open: true }),
                        _ => None,
                    }
                } else {
                    Some(WallKind::Wall)
                };
                g.set_wall(
                    Edge { x: line, y: along, axis: fray_app::space::grid::Axis::Vertical },
                    kind,
                );
                g.set_wall(
                    Edge { x: along, y: line, axis: fray_app::space::grid::Axis::Horizontal },
                    kind,
                );
            }
        }
    }
    for _ in 0..side * 2 {
        let (x, y) = (next(u64::from(side - 1)), next(u64::from(side - 1)));
        for e in Edge::line(x, y, x + 1, y).into_iter().flatten() {
            g.set_wall(e, Some(WallKind::Wall));
        }
    }
    g
}

/// Open ruins of `side` × `side` squares: no rooms, but 150 broken walls of one to three
/// edges and a scatter of pillars, so most pairs see each other past some walls.
fn ruins(side: u16) -> Grid {
    let mut g = Grid::new(side, side, 5);
    let mut s: u64 = 0xbead;
    let mut next = |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n) as u16
    };
    for i in 0..150 {
        let (x, y) = (next(u64::from(side - 4)), next(u64::from(side - 4)));
        let len = 1 + next(3);
        let line =
            if i % 2 == 0 { Edge::line(x, y, x + len, y) } else { Edge::line(x, y, x, y + len) };
        for e in line.into_iter().flatten() {
            g.set_wall(e, Some(WallKind::Wall));
        }
    }
    g
}

/// `n` tokens on distinct squares.
fn tokens(g: &Grid, n: usize) -> Vec<Footprint> {
    let mut out: Vec<Footprint> = Vec::new();
    let mut s: u64 = 0xfeed;
    while out.len() < n {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let x = ((s >> 33) % u64::from(g.width)) as u16;
        let y = ((s >> 17) % u64::from(g.height)) as u16;
        let f = Footprint { at: GridPos { x, y }, size: 1 };
        if !out.iter().any(|o| o.overlaps(f)) {
            out.push(f);
        }
    }
    out
}

fn sight(c: &mut Criterion) {
    fray_app::systems::registry();
    for (name, g) in [("dungeon", dungeon(60)), ("ruins", ruins(60))] {
        let toks = tokens(&g, 50);
        c.bench_function(&format!("space/cover_one_against_49_on_60x60_{name}"), |b| {
            b.iter(|| {
                let sight = Sight::new(black_box(&g));
                let a = toks[0];
                toks[1..].iter().map(|t| sight.cover(a, *t) as u8 as u32).sum::<u32>()
            });
        });
        c.bench_function(&format!("space/cover_all_2450_pairs_on_60x60_{name}"), |b| {
            b.iter(|| {
                let sight = Sight::new(black_box(&g));
                let mut n = 0u32;
                for a in &toks {
                    for t in &toks {
                        if a != t {
                            n += sight.cover(*a, *t) as u8 as u32;
                        }
                    }
                }
                n
            });
        });
        // What the pairs come to, so a change that blinds everyone shows here.
        let sight = Sight::new(&g);
        let mut tally = [0; 4];
        for a in &toks {
            for t in &toks {
                if a != t {
                    tally[sight.cover(*a, *t) as usize] += 1;
                }
            }
        }
        eprintln!(
            "{name}: none {}, half {}, full {}, hidden {}",
            tally[0], tally[1], tally[2], tally[3]
        );
    }
}

fn paths(c: &mut Criterion) {
    fray_app::systems::registry();
    // Every doorway open, so the way across exists; it still winds through 256 rooms.
    let mut g = dungeon(100);
    for w in g.walls.clone() {
        if w.kind != WallKind::Wall {
            g.set_wall(w.edge, Some(WallKind::Door { open: true }));
        }
    }
    let passage = Passage::new(&g);
    let moves = Moves::new(&passage, 1, Vec::new());
    let (from, to) = (GridPos { x: 1, y: 1 }, GridPos { x: 98, y: 97 });
    let found = moves.path(from, to).expect("the dungeon is connected corner to corner");
    eprintln!("the path across is {} ft over {} squares", found.cost_ft, found.squares.len());
    c.bench_function("space/path_across_100x100", |b| {
        b.iter(|| moves.path(black_box(from), black_box(to)).map(|p| p.cost_ft))
    });
}

criterion_group!(benches, sight, paths);
criterion_main!(benches);
