//! Fold and undo over a long fight: 100,000 events on a board of 500 combatants in 50 zones.
//!
//! Targets on the 2-core reference machine: fold of 100k events ≤ 100 ms; one undo at
//! event 100k ≤ 5 ms.

use criterion::{Criterion, criterion_group, criterion_main};
use fray_app::command::{Command, NewCombatant};
use fray_app::dice::{PlannedDice, SeededDice};
use fray_app::encounter::{BoardRect, Encounter, Track};
use fray_app::history::{History, fold};
use fray_app::ids::CombatantId;
use std::hint::black_box;

/// Builds the board through real commands, then a long fight of damage, moves, conditions and
/// rolls, until the log holds `events` events.
fn long_fight(events: usize) -> History {
    let mut h = History::new(Encounter::new(
        fray_app::systems::registry().get("freeform").unwrap(),
        "Bench",
        1,
    ));
    let dice = || PlannedDice::new(SeededDice::new(1, 0));
    h.execute(
        Command::AddSide { name: "Party".into(), colour: "#3070b0".into(), party: true },
        &mut dice(),
    )
    .unwrap();
    h.execute(
        Command::AddSide { name: "Horde".into(), colour: "#b03030".into(), party: false },
        &mut dice(),
    )
    .unwrap();
    let sides: Vec<_> = h.state().sides.keys().copied().collect();
    for z in 0..50 {
        let rect = BoardRect {
            x: (z % 10) as f32 * 200.0,
            y: (z / 10) as f32 * 150.0,
            w: 180.0,
            h: 130.0,
        };
        h.execute(
            Command::AddZone { name: format!("Zone {z}"), capacity: None, rect },
            &mut dice(),
        )
        .unwrap();
    }
    let zones: Vec<_> = h.state().zones.keys().copied().collect();
    for w in zones.windows(2) {
        h.execute(Command::ConnectZones { a: w[0], b: w[1] }, &mut dice()).unwrap();
    }
    for i in 0..500 {
        let combatant = NewCombatant {
            name: format!("Fighter {i}"),
            side: sides[i % 2],
            zone: Some(zones[i % 50]),
            square: None,
            stats: vec![],
            tracks: vec![Track { name: "hp".into(), value: 1_000_000, max: 1_000_000 }],
            conditions: vec![],
            source: None,
            block: serde_json::Value::Null,
        };
        h.execute(Command::AddCombatant { combatant: Box::new(combatant), count: 1 }, &mut dice())
            .unwrap();
    }
    let ids: Vec<CombatantId> = h.state().combatants.keys().copied().collect();
    let mut i = 0usize;
    while h.events().len() < events {
        let id = ids[i % ids.len()];
        let cmd = match i % 4 {
            0 => Command::AdjustTrack { id, track: "hp".into(), delta: -1 },
            1 => Command::Move { id, to: Some(zones[(i / 4) % 50]) },
            2 => Command::Roll {
                dice: "d20".parse().unwrap(),
                label: "attack".into(),
                roller: Some(id),
                secret: false,
            },
            _ => Command::Advance,
        };
        let mut d = PlannedDice::new(SeededDice::new(1, i as u64));
        let _ = h.execute(cmd, &mut d);
        i += 1;
    }
    h
}

fn bench(c: &mut Criterion) {
    fray_app::systems::registry();
    let h = long_fight(100_000);
    let events = h.events().to_vec();
    let base = h.base().clone();
    c.bench_function("fold 100k events", |b| b.iter(|| black_box(fold(&base, &events))));
    let mut h2 = h.clone();
    // Undo refolds from the nearest snapshot; redo re-applies one command. The pair is an
    // upper bound for one undo.
    c.bench_function("undo + redo at event 100k", |b| {
        b.iter(|| {
            h2.undo();
            h2.redo();
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
