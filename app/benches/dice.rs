//! Dice throughput: whole rolls through the `DiceSource` trait and raw faces; the exact odds
//! of a few rolls.
//!
//! Run with `cargo bench -p fray-app --bench dice -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_app::dice::{Dice, DiceSource, SeededDice};

fn rolls(c: &mut Criterion) {
    let mut group = c.benchmark_group("dice");
    group.throughput(Throughput::Elements(1));

    let d20 = Dice::parse("d20").unwrap();
    let mut rng = SeededDice::new(42, 1);
    // Through `dyn`, as rules code sees it.
    let source: &mut dyn DiceSource = &mut rng;
    group.bench_function("d20 via DiceSource", |b| {
        b.iter(|| source.roll(black_box(&d20), "attack", None).unwrap())
    });

    let stats = Dice::parse("4d6kh3").unwrap();
    let mut rng = SeededDice::new(42, 2);
    group.bench_function("4d6kh3 via DiceSource", |b| {
        b.iter(|| rng.roll(black_box(&stats), "STR", None).unwrap())
    });

    let mut rng = SeededDice::new(42, 3);
    group.bench_function("raw d20 face", |b| b.iter(|| rng.face(black_box(20))));

    let text = "2d20kh1+d4-2";
    group
        .bench_function("parse 2d20kh1+d4-2", |b| b.iter(|| Dice::parse(black_box(text)).unwrap()));

    group.finish();
}

/// The odds of a roll, as the tray and `fray roll --odds` work them out.
fn odds(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds of a roll");
    for text in ["2d20kh1", "4d6dl1", "100d6", "{2d8,d12}kh1", "d6!p", "6d10>=8f1"] {
        let dice = Dice::parse(text).unwrap();
        group.bench_function(text, |b| b.iter(|| black_box(&dice).distribution()));
    }
    group.finish();
}

criterion_group!(benches, rolls, odds);
criterion_main!(benches);
