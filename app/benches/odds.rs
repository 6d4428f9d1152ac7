//! Encounter odds: simulated fights of Block, Dodge, Parry, four characters against eight
//! skeletons in three zones (`docs/odds/bdp-crypt.fray`), through the same `system::handle`
//! as the table.
//!
//! Target on the 2-core reference machine: ≥ 100,000 fights a minute on one core (0.6 ms a
//! fight). `fights on N threads` measures how a run of 1,000 fights scales across cores.

use criterion::{Criterion, criterion_group, criterion_main};
use fray_app::Encounter;
use fray_app::simulate::autoplay::{self, Rules};
use fray_app::simulate::odds::{self, Progress, Request};
use std::hint::black_box;

// The allocator the `fray` binary ships with (see ui/src/main.rs): a fight allocates a lot.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn crypt() -> Encounter {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/odds/bdp-crypt.fray");
    let text = std::fs::read_to_string(path).expect("the benchmark fight");
    fray_app::scenario::run(path, &text).expect("it runs").state().board()
}

fn bench(c: &mut Criterion) {
    fray_app::systems::install();
    let start = crypt();
    let system = fray_app::system::by_id("bdp").expect("bdp");
    let tactics = system.tactics().expect("bdp tactics");
    let rules = Rules::default();
    let mut seed = 0u64;
    c.bench_function("one bdp fight (4 characters, 8 skeletons, 3 zones)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(autoplay::play_fight(system, tactics, &start, seed, &rules))
        })
    });
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
