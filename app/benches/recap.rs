//! The recap of a long evening: a session of four fights of 25,000 events each (100,000 in
//! all), and one fight of 100,000; figures computed, and the HTML with its charts written.
//!
//! Run with `cargo bench -p fray-app --bench recap -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_app::campaign::session::{Part, SessionLog};
use fray_app::journal::{self, JournalDoc};
use fray_app::recap;

mod common;

fn recap(c: &mut Criterion) {
    fray_app::systems::registry();
    let fights: Vec<_> = (0..4).map(|_| common::long_fight(25_000)).collect();
    let log = SessionLog::new(
        "The long siege",
        "2026-11-27",
        fights.iter().map(|h| Part::Fight(Box::new(JournalDoc::from_history(h)))).collect(),
    );
    let events: usize = fights.iter().map(|h| h.events().len()).sum();
    let one = common::long_fight(100_000);
    eprintln!(
        "session: {events} events in {} fights, html {} bytes; one fight: {} events",
        fights.len(),
        fray_app::campaign::export::session_html(&log).len(),
        one.events().len()
    );
    let mut group = c.benchmark_group("recap 100k");
    group.throughput(Throughput::Elements(events as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("session figures", |b| b.iter(|| black_box(&log).recap()));
    group.bench_function("session html", |b| {
        b.iter(|| fray_app::campaign::export::session_html(black_box(&log)))
    });
    group.bench_function("session markdown", |b| {
        b.iter(|| fray_app::campaign::export::session_markdown(black_box(&log)))
    });
    group.bench_function("fight figures", |b| b.iter(|| recap::of_history(black_box(&one))));
    group.bench_function("fight html", |b| {
        b.iter(|| {
            journal::html_with_recap(one.base(), one.live_commands(), black_box(one.events()))
        })
    });
    group.finish();
}

criterion_group!(benches, recap);
criterion_main!(benches);
