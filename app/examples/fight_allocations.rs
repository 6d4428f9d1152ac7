//! Allocations per simulated fight, counted by dhat (issue 67): for each procedure's
//! benchmark fight (`docs/odds/*.fray`, the fights of `cargo bench -p fray-app --bench
//! odds`), the heap blocks and bytes one whole fight allocates, choosing included, and the
//! same fights' commands handled again with no choosing ("rules alone": the table's path, its
//! rulings and roll labels written; "unread": the simulator's, where nothing reads them), each
//! the mean of `FIGHTS` fights on seeds 1 to `FIGHTS`.
//!
//! ```sh
//! cargo run --release -p fray-app --example fight_allocations --features count-allocations
//! ```

use fray_app::dice::SeededDice;
use fray_app::encounter::WordsRead;
use fray_app::simulate::autoplay::{self, Rules};
use fray_app::{Command, Encounter, system};

#[global_allocator]
static ALLOCATOR: dhat::Alloc = dhat::Alloc;

/// Fights counted per procedure.
const FIGHTS: u64 = 20;

/// The benchmark fights, as the odds bench has them.
const BOARDS: &[(&str, &str)] = &[
    ("bdp", "docs/odds/bdp-crypt.fray"),
    ("d12", "docs/odds/d12-camp.fray"),
    ("dr12", "docs/odds/dr12-ford.fray"),
    ("murdham", "docs/odds/murdham-road.fray"),
    ("sovereign", "docs/odds/sovereign-yard.fray"),
];

fn board(path: &str) -> Encounter {
    let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the benchmark fight");
    fray_app::scenario::run(&path, &text).expect("it runs").state().board()
}

/// Blocks and bytes allocated while `f` runs.
fn counted(f: impl FnOnce()) -> (u64, u64) {
    let before = dhat::HeapStats::get();
    f();
    let after = dhat::HeapStats::get();
    (after.total_blocks - before.total_blocks, after.total_bytes - before.total_bytes)
}

/// The commands of one fight handled again on a copy of the board, with its dice.
fn rules_alone(
    system: &'static dyn fray_app::System,
    start: &Encounter,
    commands: &[(u64, u64, Command)],
) {
    let mut enc = start.clone();
    for (seed, stream, command) in commands {
        let mut dice = SeededDice::new(*seed, *stream);
        system::handle(system, &mut enc, command.clone(), &mut dice)
            .expect("taken once, taken again");
    }
    std::hint::black_box(enc);
}

fn main() {
    let _profiler = dhat::Profiler::builder().testing().build();
    fray_app::systems::registry();
    let rules = Rules::default();
    println!(
        "{:<10} {:>8} {:>14} {:>14} {:>18} {:>18} {:>14} {:>14}",
        "procedure",
        "commands",
        "fight blocks",
        "fight KiB",
        "rules-alone blocks",
        "rules-alone KiB",
        "unread blocks",
        "unread KiB"
    );
    for (id, path) in BOARDS {
        let start = board(path);
        let system = fray_app::systems::registry().get(id).expect("a procedure");
        let tactics = system.tactics().expect("tactics");
        let (mut fight, mut alone, mut unread, mut steps) = ((0, 0), (0, 0), (0, 0), 0);
        let mut quiet = start.clone();
        quiet.words = WordsRead(false);
        for seed in 1..=FIGHTS {
            let (b, n) = counted(|| {
                std::hint::black_box(autoplay::play_fight(system, tactics, &start, seed, &rules));
            });
            fight = (fight.0 + b, fight.1 + n);
            let (_, history) = autoplay::play_journaled(system, tactics, &start, seed, &rules);
            let commands: Vec<(u64, u64, Command)> =
                history.commands().iter().map(|r| (seed, r.stream, r.command.clone())).collect();
            steps += commands.len() as u64;
            let (b, n) = counted(|| rules_alone(system, &start, &commands));
            alone = (alone.0 + b, alone.1 + n);
            let (b, n) = counted(|| rules_alone(system, &quiet, &commands));
            unread = (unread.0 + b, unread.1 + n);
        }
        println!(
            "{id:<10} {:>8} {:>14} {:>14.1} {:>18} {:>18.1} {:>14} {:>14.1}",
            steps / FIGHTS,
            fight.0 / FIGHTS,
            fight.1 as f64 / FIGHTS as f64 / 1024.0,
            alone.0 / FIGHTS,
            alone.1 as f64 / FIGHTS as f64 / 1024.0,
            unread.0 / FIGHTS,
            unread.1 as f64 / FIGHTS as f64 / 1024.0
        );
    }
}
