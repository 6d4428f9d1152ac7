//! Encounter odds: one simulated fight of each procedure Fray plays, four characters against
//! eight foes (`docs/odds/*.fray`), through the same `system::handle` and prompts as the table.
//!
//! Target on the 2-core reference machine: ≤ 0.6 ms a fight for every procedure (100,000
//! fights a minute on one core). `1,000 bdp fights on N threads` measures how a run scales
//! across cores.

use criterion::{Criterion, criterion_group, criterion_main};
use fray_app::Encounter;
use fray_app::simulate::autoplay::{self, Rules};
use fray_app::simulate::odds::{self, Progress, Request};
use std::hint::black_box;

// The allocator the `fray` binary ships with (see ui/src/main.rs): a fight allocates a lot.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The benchmark fight of each procedure: four characters against eight foes.
const FIGHTS: &[(&str, &str, &str)] = &[
    ("bdp", "docs/odds/bdp-crypt.fray", "8 skeletons, 3 zones"),
    ("d12", "docs/odds/d12-camp.fray", "4 hobgoblins and 4 wolves, 1 zone"),
    ("dr12", "docs/odds/dr12-ford.fray", "8 goblins, 3 zones"),
    ("murdham", "docs/odds/murdham-road.fray", "8 bandits, 2 zones"),
    ("sovereign", "docs/odds/sovereign-yard.fray", "8 bandits, 16 × 12 grid"),
];

fn board(path: &str) -> Encounter {
    let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the benchmark fight");
    fray_app::scenario::run(&path, &text).expect("it runs").state().board()
}

fn bench(c: &mut Criterion) {
    fray_app::systems::install();
    let rules = Rules::default();
    for (id, path, foes) in FIGHTS {
        let start = board(path);
        let system = fray_app::system::by_id(id).expect("a procedure");
        let tactics = system.tactics().expect("tactics");
        let mut seed = 0u64;
        c.bench_function(&format!("one {id} fight (4 characters, {foes})"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(autoplay::play_fight(system, tactics, &start, seed, &rules))
            })
        });
    }
    let start = board(FIGHTS[0].1);
    let mut group = c.benchmark_group("1,000 bdp fights");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("on {threads} threads"), |b| {
            b.iter(|| {
                let request = Request { runs: 1_000, exact: true, threads, ..Request::default() };
                black_box(odds::run(&start, &request, &Progress::default()).expect("odds"))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
