//! Journal export of a long fight: 100,000 events of rolls, damage, moves and turns rendered
//! as Markdown (the GM's and the players'), HTML and JSON, read back and replayed.
//!
//! Run with `cargo bench -p fray-app --bench journal -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_app::journal;

mod common;

/// Events in the benchmarked history.
const EVENTS: usize = 100_000;

fn export(c: &mut Criterion) {
    fray_app::systems::registry();
    let h = common::long_fight(EVENTS);
    let (base, events) = (h.base(), h.events());
    let mut group = c.benchmark_group("journal 100k");
    group.throughput(Throughput::Elements(events.len() as u64));
    // Each export takes tens of milliseconds: fewer samples keep the run short.
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(3));

    let sizes = [
        ("md", journal::markdown(base, events).len()),
        ("html", journal::html(base, events).len()),
        ("json", journal::to_json(&h).len()),
    ];
    let doc = journal::JournalDoc::from_history(&h);
    let pretty = serde_json::to_string_pretty(&doc).unwrap().len();
    eprintln!(
        "{} events, {} commands; sizes: {}, json pretty {pretty} bytes",
        events.len(),
        h.cursor(),
        sizes.map(|(f, n)| format!("{f} {n} bytes")).join(", ")
    );

    group.bench_function("markdown", |b| {
        b.iter(|| journal::markdown(black_box(base), black_box(events)))
    });
    group.bench_function("html", |b| b.iter(|| journal::html(black_box(base), black_box(events))));
    let commands = h.live_commands();
    group.bench_function("players: readable", |b| {
        b.iter(|| journal::readable(black_box(base), black_box(events)))
    });
    group.bench_function("markdown for the players", |b| {
        b.iter(|| {
            journal::players_markdown(black_box(base), black_box(commands), black_box(events))
        })
    });
    group.bench_function("json", |b| b.iter(|| journal::to_json(black_box(&h))));
    group.bench_function("json pretty", |b| {
        b.iter(|| serde_json::to_string_pretty(black_box(&doc)).unwrap())
    });
    group.bench_function("plain lines", |b| {
        b.iter(|| {
            journal::lines(black_box(base), black_box(events)).map(|l| l.text.len()).sum::<usize>()
        })
    });
    group.bench_function("view sync from empty", |b| {
        b.iter(|| {
            let mut view = journal::JournalView::new();
            view.sync(black_box(base), black_box(events));
            view
        })
    });
    let json = journal::to_json(&h);
    group.bench_function("from_json", |b| b.iter(|| journal::from_json(black_box(&json)).unwrap()));
    group.bench_function("replay", |b| b.iter(|| journal::replay(black_box(&doc)).unwrap()));
    group.finish();
}

criterion_group!(benches, export);
criterion_main!(benches);
