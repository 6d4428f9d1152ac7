//! Resident memory with the big board open (500 combatants, 50 zones, 100k events), after 60
//! frames: the figure in the README. Linux only (reads /proc/self/status).
//!
//! `cargo run --release -p fray-ui --example big_board_memory`

use eframe::egui;
use fray_data::Db;
use fray_ui::window::sample::big_board;

fn main() {
    // A real database file, as the window uses (an in-memory one would count the journal).
    let path = std::env::temp_dir().join(format!("fray-memory-{}.db", std::process::id()));
    let ctx = egui::Context::default();
    let mut app = big_board(&ctx, Db::open(&path).unwrap(), 500, 50, 100_000).unwrap();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1920.0, 1080.0))),
        ..Default::default()
    };
    for _ in 0..60 {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let rss = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: unknown");
    let hwm = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: unknown");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    println!("big board (500 combatants, 50 zones, 100k events): {rss}; peak {hwm}");
}
