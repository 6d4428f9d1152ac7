//! The desktop window, opened by `fray` without a subcommand. A placeholder until the board,
//! library and stepper views land: it proves the window, its title and its icon work.

use anyhow::{Context, Result, anyhow};
use eframe::egui;
use std::path::PathBuf;
use std::sync::Arc;

/// The app icon, built into the binary so the window never depends on files beside it.
const ICON_PNG: &[u8] = include_bytes!("../../icons/icon.png");

/// Opens the window and blocks until it is closed.
pub fn run(db_path: PathBuf) -> Result<()> {
    let icon = icon().context("decoding the built-in icon")?;
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Fray")
            .with_app_id("fray")
            .with_inner_size([960.0, 640.0])
            .with_min_inner_size([480.0, 320.0])
            .with_icon(Arc::new(icon)),
        ..Default::default()
    };
    eframe::run_native("Fray", options, Box::new(|_cc| Ok(Box::new(FrayApp { db_path }))))
        // eframe's error is not `Send + Sync`; keep its message.
        .map_err(|e| anyhow!("{e}"))
        .context("opening the window")
}

/// Decodes the embedded PNG into the RGBA pixels the window system wants.
pub fn icon() -> Result<egui::IconData> {
    let image =
        image::load_from_memory_with_format(ICON_PNG, image::ImageFormat::Png)?.into_rgba8();
    let (width, height) = image.dimensions();
    Ok(egui::IconData { rgba: image.into_raw(), width, height })
}

/// The window's state.
struct FrayApp {
    /// The database the window will open, shown so the GM knows where their data lives.
    db_path: PathBuf,
}

impl eframe::App for FrayApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.3);
                ui.heading("Fray");
                ui.label("A companion for game masters running combat at the table.");
                ui.add_space(12.0);
                ui.label("The window is coming. Until then, run `fray help` in a terminal.");
                ui.add_space(12.0);
                ui.weak(format!("Data: {}", self.db_path.display()));
            });
        });
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_icon_decodes_to_a_square_of_pixels() {
        let icon = super::icon().unwrap();
        assert_eq!(icon.width, icon.height);
        assert_eq!(icon.rgba.len(), (icon.width * icon.height * 4) as usize);
    }
}
