//! CPU time of one frame of the whole window on a big board: 500 combatants in 50 zones with
//! a 100,000-event journal, one combatant selected (so range bands are computed).
//!
//! Also the grid board: 100 × 100 squares, 500 wall edges, 50 tokens and a battle map.
//!
//! Target on the 2-core reference machine: ≤ 4 ms per frame (layout + tessellation; the GPU
//! upload is not the app's code). `cargo bench -p fray-ui --bench frame`.

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui;
use fray_data::Db;
use fray_ui::window::sample::{big_board, big_grid};
use std::hint::black_box;

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1920.0, 1080.0))),
        ..Default::default()
    }
}

fn bench(c: &mut Criterion) {
    fray_app::systems::registry();
    let ctx = egui::Context::default();
    let mut app = big_board(&ctx, Db::open_in_memory().unwrap(), 500, 50, 100_000).unwrap();
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

/// Both windows at once on the big board: the GM's frame and the player window's frame (its
/// own context, as a second native window at 1920 × 1080, every foe shown). Target: ≤ 4 ms
/// for the two together.
fn both_windows(c: &mut Criterion) {
    fray_app::systems::registry();
    use fray_app::Command;
    use fray_ui::window::views::player_window::{PlayerWindowView, player_frame_ui};
    let ctx = egui::Context::default();
    let players = egui::Context::default();
    let mut app = big_board(&ctx, Db::open_in_memory().unwrap(), 500, 50, 100_000).unwrap();
    if let Some(session) = app.model.session.as_mut() {
        let mut view = session.state().table.view.clone();
        view.new_foes = fray_app::table_view::Shown::Revealed;
        session.apply(Command::SetPlayerView { view }).unwrap();
    }
    let mut pv = PlayerWindowView::default();
    for _ in 0..5 {
        let _ = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = players.run_ui(input(), |ui| player_frame_ui(ui, &app.model, &mut pv));
    }
    c.bench_function("frame: both windows, 500 combatants, 50 zones, 100k events", |b| {
        b.iter(|| {
            let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
            let out = players.run_ui(input(), |ui| player_frame_ui(ui, &app.model, &mut pv));
            black_box(players.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

/// The grid board: 100 × 100 squares, about 500 wall edges, 50 tokens, a battle map, one
/// token selected (its reach, everyone's distance and cover). Target: ≤ 4 ms.
fn grid(c: &mut Criterion) {
    fray_app::systems::registry();
    let ctx = egui::Context::default();
    let mut app = big_grid(&ctx, Db::open_in_memory().unwrap(), 100, 500, 50).unwrap();
    // The Table layout (F5), zoomed out (Ctrl+scroll over the board) until the whole grid
    // is in view.
    let mut table = input();
    table.events = vec![egui::Event::Key {
        key: egui::Key::F5,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    }];
    let _ = ctx.run_ui(table, |ui| app.frame_ui(ui));
    for _ in 0..12 {
        let mut zoom_out = input();
        zoom_out.events =
            vec![egui::Event::PointerMoved(egui::pos2(250.0, 260.0)), egui::Event::Zoom(0.7)];
        let _ = ctx.run_ui(zoom_out, |ui| app.frame_ui(ui));
    }
    for _ in 0..5 {
        let _ = ctx.run_ui(input(), |ui| app.frame_ui(ui));
    }
    c.bench_function("frame: 100x100 grid, 500 wall edges, 50 tokens, a map", |b| {
        b.iter(|| {
            let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench, grid, both_windows
}
criterion_main!(benches);
