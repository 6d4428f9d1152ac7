//! Encounter odds of one fight file on one thread, exactly `runs` fights, as `fray odds FILE
//! --exact-runs RUNS --threads 1 --seed 1` plays them (but without the library's roll tables;
//! the figures printed as JSON): the rules core alone, with the allocator `fray` ships with,
//! to count its instructions under callgrind (issue 67) without the window in the binary.
//!
//! ```sh
//! cargo build --release -p fray-app --example odds_run
//! valgrind --tool=callgrind target/release/examples/odds_run docs/odds/bdp-crypt.fray 100
//! ```

use fray_app::simulate::odds::{self, Progress, Request};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(runs)) = (args.get(1), args.get(2).and_then(|r| r.parse().ok())) else {
        eprintln!("usage: odds_run FILE.fray RUNS");
        std::process::exit(2);
    };
    fray_app::systems::registry();
    let text = std::fs::read_to_string(path).expect("a fight file");
    let history = fray_app::scenario::run(path, &text).expect("it runs");
    let state = history.state();
    let start = if state.round == 0 { state.board() } else { state.clone() };
    let request = Request { runs, exact: true, threads: 1, seed: 1, ..Request::default() };
    let odds = odds::run(&start, &request, &Progress::default()).expect("odds");
    println!("{}", serde_json::to_string(&odds).expect("figures as JSON"));
}
