//! Journal export of a long fight: 100,000 events of rolls, damage, moves and turns rendered
//! as Markdown, HTML and JSON, read back and replayed.
//!
//! Run with `cargo bench -p fray-app --bench journal -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_app::command::{Command, NewCombatant};
use fray_app::dice::{Dice, PlannedDice, SeededDice};
use fray_app::encounter::{BoardRect, Encounter, Track};
use fray_app::ids::{CombatantId, SideId, ZoneId};
use fray_app::{History, journal};

/// Events in the benchmarked history.
const EVENTS: usize = 100_000;

fn execute(h: &mut History, command: Command, table: Option<Vec<u32>>) {
    let mut dice = PlannedDice::new(SeededDice::new(h.base().seed, h.next_stream()));
    if let Some(faces) = table {
        dice = dice.then_table(faces);
    }
    h.execute(command, &mut dice).expect("the benchmark fight follows the rules");
}

/// A freeform fight of 4 heroes and 8 goblins over 4 zones, played through the rules until
/// it has [`EVENTS`] events: each turn moves sometimes, attacks (app or table dice), deals
/// damage or heals, knocks prone or gets up, and now and then the GM writes a line.
fn long_fight() -> History {
    let mut h = History::new(Encounter::new(
        fray_app::system::get("freeform").unwrap(),
        "The long siege",
        2024,
    ));
    let mut rng = SeededDice::new(7, 7);
    for (name, party) in [("Heroes", true), ("Goblins", false)] {
        let command = Command::AddSide { name: name.into(), colour: "#446688".into(), party };
        execute(&mut h, command, None);
    }
    let mut zones = Vec::new();
    for name in ["Gate", "Courtyard", "Keep", "Walls"] {
        zones.push(ZoneId(h.state().next_id));
        let rect = BoardRect { x: 0.0, y: 0.0, w: 120.0, h: 90.0 };
        execute(&mut h, Command::AddZone { name: name.into(), capacity: None, rect }, None);
    }
    for pair in zones.windows(2) {
        execute(&mut h, Command::ConnectZones { a: pair[0], b: pair[1] }, None);
    }
    let side_of = |name: &str, h: &History| h.state().side_named(name).unwrap().id;
    let add = |h: &mut History, name: &str, side: SideId, zone: ZoneId, count: u32| {
        let combatant = NewCombatant {
            name: name.into(),
            side,
            zone: Some(zone),
            square: None,
            stats: Vec::new(),
            tracks: vec![Track { name: "hp".into(), value: 12, max: 12 }],
            conditions: Vec::new(),
            source: None,
            block: serde_json::Value::Null,
        };
        execute(h, Command::AddCombatant { combatant: Box::new(combatant), count }, None);
    };
    let heroes = side_of("Heroes", &h);
    let goblins = side_of("Goblins", &h);
    for name in ["Harald", "Ulla", "Thibaldus", "Mira"] {
        add(&mut h, name, heroes, zones[0], 1);
    }
    add(&mut h, "Goblin", goblins, zones[2], 8);
    let fighters: Vec<CombatantId> = h.state().combatants.keys().copied().collect();
    execute(&mut h, Command::SetOrder { order: fighters.clone() }, None);
    let attack = Dice::parse("d20+3").unwrap();
    let damage = Dice::parse("d8+1").unwrap();
    while h.events().len() < EVENTS {
        execute(&mut h, Command::Advance, None);
        let Some(&actor) = h.state().acting().first() else { continue };
        let name = h.state().name_of(actor);
        let roll = rng.face(100);
        if roll <= 40 {
            let to = zones[rng.face(zones.len() as u32) as usize - 1];
            execute(&mut h, Command::Move { id: actor, to: Some(to) }, None);
        }
        let target = fighters[rng.face(fighters.len() as u32) as usize - 1];
        let label = format!("{name} attacks {}", h.state().name_of(target));
        // Half the attacks are the players' physical dice, typed in.
        let table = roll.is_multiple_of(2).then(|| vec![rng.face(20)]);
        let command =
            Command::Roll { dice: attack.clone(), label, roller: Some(actor), secret: false };
        execute(&mut h, command, table);
        if !roll.is_multiple_of(3) {
            let command = Command::Roll {
                dice: damage.clone(),
                label: format!("{name} damage"),
                roller: Some(actor),
                secret: false,
            };
            execute(&mut h, command, None);
            let hp = h.state().combatant(target).unwrap().track("hp").unwrap().value;
            // Keep everyone standing: heal whoever drops low instead of letting them fall.
            let delta = if hp <= 3 { 8 } else { -(i64::from(rng.face(8)) + 1) };
            execute(&mut h, Command::AdjustTrack { id: target, track: "hp".into(), delta }, None);
        }
        let prone = h.state().combatant(actor).unwrap().conditions.contains("prone");
        if roll > 92 && !prone {
            execute(&mut h, Command::AddCondition { id: actor, condition: "prone".into() }, None);
        } else if roll < 10 && prone {
            execute(
                &mut h,
                Command::RemoveCondition { id: actor, condition: "prone".into() },
                None,
            );
        }
        if roll == 50 {
            let text = format!("{name} shouts across the courtyard; the *gate* groans.");
            execute(&mut h, Command::Narrate { text }, None);
        }
    }
    h
}

fn export(c: &mut Criterion) {
    fray_app::systems::install();
    let h = long_fight();
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
