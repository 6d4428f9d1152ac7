//! Encounter odds: one simulated fight of each procedure Fray plays, four characters against
//! eight foes (`docs/odds/*.fray`), through the same `system::handle` and prompts as the table.
//!
//! Target on the 2-core reference machine: ≤ 0.6 ms a fight for every procedure (100,000
//! fights a minute on one core). `1,000 bdp fights on N threads` measures how a run scales
//! across cores. `rules alone, one X fight` replays the commands such fights took without
//! choosing them: what a fight costs however fast the choosing became. `first figures`: how
//! long a GM waits for the first answer.

use criterion::{Criterion, criterion_group, criterion_main};
use fray_app::dice::SeededDice;
use fray_app::encounter::WordsRead;
use fray_app::simulate::autoplay::{self, Rules};
use fray_app::simulate::odds::{self, Progress, Request};
use fray_app::{Command, Encounter, system};
use std::hint::black_box;
use std::time::{Duration, Instant};

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
    fray_app::systems::registry();
    let rules = Rules::default();
    for (id, path, foes) in FIGHTS {
        let start = board(path);
        let system = fray_app::systems::registry().get(id).expect("a procedure");
        let tactics = system.tactics().expect("tactics");
        let mut seed = 0u64;
        c.bench_function(&format!("one {id} fight (4 characters, {foes})"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(autoplay::play_fight(system, tactics, &start, seed, &rules))
            })
        });
    }
    for (id, path, _) in FIGHTS {
        floor(c, id, &board(path), &rules);
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
    first_figures(c);
}

/// Time to the first figures: from the start of a run of each benchmark fight on two threads,
/// as `fray odds` and the window start one, until its first look at the figures (the first
/// `simulate::stopping::FIRST` fights counted) is there to show. Target: ≤ 0.5 s.
fn first_figures(c: &mut Criterion) {
    let mut group = c.benchmark_group("first figures");
    group.sample_size(10);
    for (id, path, _) in FIGHTS {
        let start = board(path);
        let request = Request { threads: 2, ..Request::default() };
        group.bench_function(format!("{id}, on 2 threads"), |b| {
            b.iter_custom(|iters| {
                let mut waited = Duration::ZERO;
                for _ in 0..iters {
                    let progress = Progress::default();
                    let began = Instant::now();
                    std::thread::scope(|s| {
                        s.spawn(|| odds::run(&start, &request, &progress));
                        while progress.so_far().is_none() {
                            std::thread::sleep(Duration::from_micros(200));
                        }
                        waited += began.elapsed();
                        progress.cancel();
                    });
                }
                waited
            })
        });
    }
    group.finish();
}

/// The floor under any chooser: the commands fights of `start` took, handled by the rules on
/// a copy of the board, in place, with the same dice, but no prompt built and no option
/// weighed. However fast choosing became, a fight played through `system::handle` (as
/// `../shared/DESIGN.md` has it: the table and the simulator never disagree on a rule) costs
/// at least this. `rules alone` is the table's path (its rulings and roll labels written, as
/// a replay writes them); `rules alone unread` the simulator's, where nothing reads them
/// ([`fray_app::encounter::WordsRead`]).
fn floor(c: &mut Criterion, id: &str, start: &Encounter, rules: &Rules) {
    let system = fray_app::systems::registry().get(id).expect("a procedure");
    let tactics = system.tactics().expect("tactics");
    let fights: Vec<(u64, Vec<(u64, Command)>)> = (1..=50)
        .map(|seed| {
            let (_, history) = autoplay::play_journaled(system, tactics, start, seed, rules);
            let commands = history.commands().iter().map(|r| (r.stream, r.command.clone()));
            (seed, commands.collect())
        })
        .collect();
    let mut unread = start.clone();
    unread.words = WordsRead(false);
    for (name, start) in [("rules alone", start), ("rules alone unread", &unread)] {
        let mut i = 0;
        c.bench_function(&format!("{name}, one {id} fight"), |b| {
            b.iter(|| {
                let (seed, commands) = &fights[i % fights.len()];
                i += 1;
                let mut enc = start.clone();
                for (stream, command) in commands {
                    let mut dice = SeededDice::new(*seed, *stream);
                    system::handle(system, &mut enc, command.clone(), &mut dice)
                        .expect("a command the rules took once, they take again");
                }
                black_box(enc)
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
