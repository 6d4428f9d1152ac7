//! Resident memory with the big board open (500 combatants, 50 zones, 100k events) in the GM's
//! window and the player window (every foe shown), after 60 frames of both: the figure in the
//! table of docs/performance.md. Linux only (reads /proc/self/status).
//!
//! `cargo run --release -p fray-ui --example big_board_memory`

use eframe::egui;
use fray_data::Db;
use fray_ui::window::sample::big_board;
use fray_ui::window::views::player_window::{PlayerWindowView, player_frame_ui};

fn main() {
    // A real database file, as the window uses (an in-memory one would count the journal).
    let path = std::env::temp_dir().join(format!("fray-memory-{}.db", std::process::id()));
    let ctx = egui::Context::default();
    let mut app = big_board(&ctx, Db::open(&path).unwrap(), 500, 50, 100_000).unwrap();
    if let Some(session) = app.model.session.as_mut() {
        let mut view = session.state().table.view.clone();
        view.new_foes = fray_app::table_view::Shown::Revealed;
        session.apply(fray_app::Command::SetPlayerView { view }).unwrap();
    }
    let players = egui::Context::default();
    let mut pv = PlayerWindowView::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1920.0, 1080.0))),
        ..Default::default()
    };
    for _ in 0..60 {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
        let out = players.run_ui(input(), |ui| player_frame_ui(ui, &app.model, &mut pv));
        let _ = players.tessellate(out.shapes, out.pixels_per_point);
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let rss = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: unknown");
    let hwm = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: unknown");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    println!("big board (500 combatants, 50 zones, 100k events), both windows: {rss}; peak {hwm}");
}
