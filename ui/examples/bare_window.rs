//! A bare eframe window with the same options as Fray's, closing after its first frame: the
//! baseline for Fray's start-up time (docs/performance.md, "Start-up").
//!
//! `hyperfine 'target/release/examples/bare_window' 'FRAY_EXIT_AFTER_FIRST_FRAME=1 target/release/fray --db /tmp/x.db'`

use eframe::egui;

fn main() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("bare")
            .with_inner_size([1600.0, 1000.0]),
        ..Default::default()
    };
    eframe::run_native("bare", options, Box::new(|_cc| Ok(Box::new(Bare))))
}

/// Draws one label and closes.
struct Bare;

impl eframe::App for Bare {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default_margins().show(ui, |ui| ui.label("bare"));
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
    }
}
