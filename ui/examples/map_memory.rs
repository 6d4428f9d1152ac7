//! Peak memory of the window with a battle map at the picture limit (a stored picture of
//! 4,096 × 4,096 with transparency, 64 MiB of pixels) under a 30 × 30 grid, in the GM's window
//! and the player window, after both have their texture and 60 more frames of each: the
//! figure in the hostile-input table of docs/performance.md. Linux only (reads
//! /proc/self/status). The pixels counted are those the window holds; the copy a graphics
//! driver makes is not (no GPU here).
//!
//! `python3 tools/hostile_round3.py` then
//! `cargo run --release -p fray-ui --example map_memory /tmp/hostile3/limit.png`

use eframe::egui;
use fray_app::space::grid::BattleMap;
use fray_data::Db;
use fray_ui::window::sample::big_grid;
use fray_ui::window::views::player_window::{PlayerWindowView, player_frame_ui};

fn main() {
    let png = std::env::args().nth(1).expect("the picture: a PNG file");
    let bytes = std::fs::read(&png).expect("the picture reads");
    let size = image::image_dimensions(&png).expect("a picture");
    let path = std::env::temp_dir().join(format!("fray-map-memory-{}.db", std::process::id()));
    let db = Db::open(&path).unwrap();
    let key = db.maps().insert(&bytes, size.0, size.1).unwrap();
    drop(bytes);
    let ctx = egui::Context::default();
    let mut app = big_grid(&ctx, db, 30, 0, 10).unwrap();
    let session = app.model.session.as_mut().unwrap();
    let map = BattleMap {
        image: key,
        width_squares: 30.0,
        height_squares: 30.0,
        offset_x: 0.0,
        offset_y: 0.0,
    };
    session.apply(fray_app::Command::SetMap { map: Some(map) }).unwrap();
    let players = egui::Context::default();
    let mut pv = PlayerWindowView::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1920.0, 1080.0))),
        // What a GPU gives (egui assumes 2,048 without one), so the map is uploaded whole.
        max_texture_side: Some(8192),
        ..Default::default()
    };
    // The pictures are decoded on threads of their own: frames until both textures came (a
    // texture delta with the map's size), then 60 more.
    let mut arrived = 0;
    let mut frames = 0;
    while frames < 60 && arrived < 10_000 {
        let mut out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let gm =
            out.textures_delta.set.iter().any(|(_, ds)| ds.iter().any(|d| d.image.width() >= 4096));
        // No GPU takes the textures: they are let go here, once counted.
        out.textures_delta.clear();
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
        let mut out = players.run_ui(input(), |ui| player_frame_ui(ui, &app.model, &mut pv));
        let pl =
            out.textures_delta.set.iter().any(|(_, ds)| ds.iter().any(|d| d.image.width() >= 4096));
        out.textures_delta.clear();
        let _ = players.tessellate(out.shapes, out.pixels_per_point);
        arrived += 1;
        if gm || pl || frames > 0 {
            frames += 1;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let rss = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: unknown");
    let hwm = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: unknown");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    println!(
        "map of {} × {} pixels under a 30 × 30 grid, both windows: {rss}; peak {hwm}",
        size.0, size.1
    );
}
