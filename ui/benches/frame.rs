//! CPU time of one frame of the whole window on a big board: 500 combatants in 50 zones with
//! a 100,000-event journal, one combatant selected (so range bands are computed).
//!
//! Target on the 2-core reference machine: ≤ 4 ms per frame (layout + tessellation; the GPU
//! upload is not the app's code). `cargo bench -p fray-ui --bench frame`.

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui;
use fray_app::Command;
use fray_app::command::NewCombatant;
use fray_app::encounter::{BoardRect, Track};
use fray_data::Db;
use fray_ui::window::{Action, FrayApp, apply};
use std::hint::black_box;

/// Builds the big board through the real session (in memory: the journal's fsyncs are not
/// what this measures).
fn big_board() -> (egui::Context, FrayApp) {
    let ctx = egui::Context::default();
    let mut app = FrayApp::new(&ctx, Db::open_in_memory().unwrap());
    let new = Action::NewEncounter { system: "freeform".into(), name: "Big board".into() };
    apply(&mut app.model, &mut app.view, new);
    let session = app.model.session.as_mut().unwrap();
    for (name, colour, party) in [("Party", "#3d7fc4", true), ("Horde", "#c4503d", false)] {
        session
            .apply(Command::AddSide { name: name.into(), colour: colour.into(), party })
            .unwrap();
    }
    let sides: Vec<_> = session.state().sides.keys().copied().collect();
    for z in 0..50u32 {
        let rect = BoardRect {
            x: (z % 10) as f32 * 260.0,
            y: (z / 10) as f32 * 220.0,
            w: 240.0,
            h: 200.0,
        };
        session
            .apply(Command::AddZone { name: format!("Zone {z}"), capacity: None, rect })
            .unwrap();
    }
    let zones: Vec<_> = session.state().zones.keys().copied().collect();
    for w in zones.windows(2) {
        session.apply(Command::ConnectZones { a: w[0], b: w[1] }).unwrap();
    }
    for i in 0..500usize {
        let combatant = NewCombatant {
            name: format!("Fighter {i}"),
            side: sides[i % 2],
            zone: Some(zones[i % 50]),
            stats: vec![],
            tracks: vec![Track { name: "hp".into(), value: 1_000_000, max: 1_000_000 }],
            conditions: if i % 7 == 0 { vec!["prone".into()] } else { vec![] },
            source: None,
            block: serde_json::Value::Null,
        };
        session.apply(Command::AddCombatant { combatant, count: 1 }).unwrap();
    }
    let ids: Vec<_> = session.state().combatants.keys().copied().collect();
    let mut i = 0usize;
    while session.history().events().len() < 100_000 {
        let id = ids[i % ids.len()];
        let cmd = match i % 3 {
            0 => Command::AdjustTrack { id, track: "hp".into(), delta: -1 },
            1 => Command::Roll {
                dice: "d20".parse().unwrap(),
                label: "attack".into(),
                roller: Some(id),
            },
            _ => Command::Narrate { text: format!("Blow {i}") },
        };
        session.apply(cmd).unwrap();
        i += 1;
    }
    apply(&mut app.model, &mut app.view, Action::Select(Some(ids[3])));
    (ctx, app)
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1920.0, 1080.0))),
        ..Default::default()
    }
}

fn bench(c: &mut Criterion) {
    let (ctx, mut app) = big_board();
    // Let the layout settle (first frames size panels and load fonts).
    for _ in 0..5 {
        let _ = ctx.run_ui(input(), |ui| app.frame_ui(ui));
    }
    c.bench_function("frame: 500 combatants, 50 zones, 100k events", |b| {
        b.iter(|| {
            let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
