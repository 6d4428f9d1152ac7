//! The window's first frames.
//!
//! eframe draws its first frame into a window that is still hidden and shows the window only
//! after it, with the next frame. Where windows are not composited (X11 without a compositor)
//! nothing of that first frame is ever seen; elsewhere it is on screen for one frame. Laying the
//! whole window out and rasterising it for that frame cost a fifth of Fray's start (the
//! software renderer shades every pixel of it, then again for the frame that shows), so the
//! first frame lays the window out without painting it: eframe clears it to the panels'
//! colour (`FrayApp::clear_color`), and the sizes that frame settles are there for the second,
//! the one the window appears with.
//!
//! Two switches in the environment serve measurements and tests from outside the process:
//! - [`EXIT_AFTER_FIRST_FRAME`]: close once the window has appeared (docs/performance.md,
//!   "Start-up"), asked in the first frame as the bare eframe window asks it;
//! - [`SHOTS_DIR`]: save the frame the window appears with (`first.png`) and one drawn
//!   [`SETTLED_AFTER`] frames later (`settled.png`) into that folder, then close. The test
//!   `window_first_frame` compares them: the frame the window appears with must already be
//!   the whole window, settled.

use eframe::egui;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Environment variable that makes the window close right after it has appeared, so start-up
/// time can be measured from the outside, the same way as a bare eframe window.
pub const EXIT_AFTER_FIRST_FRAME: &str = "FRAY_EXIT_AFTER_FIRST_FRAME";

/// Environment variable naming a folder: the window saves the frame it appears with and a
/// later one there as PNG files, then closes.
pub const SHOTS_DIR: &str = "FRAY_FIRST_FRAME_SHOTS";

/// How many frames after the one the window appears with `settled.png` is asked for.
pub const SETTLED_AFTER: u64 = 10;

/// Where the window is in its first frames, and what the environment asked of them.
#[derive(Debug, Default)]
pub struct Startup {
    /// Close once the window has appeared.
    exit_after_first_frame: bool,
    /// The folder the two screenshots go to, if asked.
    shots_dir: Option<PathBuf>,
    /// Screenshots taken so far (eframe's callbacks count them).
    shots_saved: Arc<AtomicUsize>,
}

impl Startup {
    /// Reads the two switches from the environment.
    pub fn from_env() -> Self {
        Self {
            exit_after_first_frame: std::env::var_os(EXIT_AFTER_FIRST_FRAME).is_some(),
            shots_dir: std::env::var_os(SHOTS_DIR).map(PathBuf::from),
            ..Self::default()
        }
    }

    /// Called as every pass of an eframe frame begins, with the window's root `ui`. The first
    /// frame lays the window out at zero opacity (the module's comment says why) and asks for
    /// the next: panels take their content's size, the board fits its zoom, grids measure
    /// their columns, as in any frame, but no triangle comes of it. Zero opacity rather than
    /// `set_invisible`, which widgets read as "skip me": the board would not fit its zoom.
    pub fn begin_frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let frame = ctx.cumulative_frame_nr();
        let first_pass = ctx.current_pass_index() == 0;
        if self.exit_after_first_frame {
            // eframe still draws the frame that shows the window, then closes.
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        if self.shots_dir.is_some() {
            self.screenshots(&ctx, frame, first_pass);
        }
        if frame == 0 {
            ui.set_opacity(0.0);
            ctx.request_repaint();
        }
    }

    /// While screenshots are asked for, the pointer is kept from the window: a widget under it
    /// lights up as soon as the window hears of it, a frame after the window appears, and a
    /// virtual display's pointer (Xvfb's) sits at the screen's centre and cannot be moved.
    pub fn input_hook(&self, input: &mut egui::RawInput) {
        if self.shots_dir.is_some() {
            input.events.retain(|event| {
                !matches!(
                    event,
                    egui::Event::PointerMoved(_)
                        | egui::Event::PointerButton { .. }
                        | egui::Event::MouseMoved(_)
                )
            });
        }
    }

    /// Asks for the two screenshots; each is saved as it is taken. eframe takes a screenshot
    /// asked for in one frame from the pixels of the next, so the first frame asks for the
    /// second's: the frame the window appears with.
    fn screenshots(&mut self, ctx: &egui::Context, frame: u64, first_pass: bool) {
        let Some(dir) = &self.shots_dir else { return };
        let ask = |name: &str| {
            let path = dir.join(format!("{name}.png"));
            let saved = self.shots_saved.clone();
            let callback = egui::ScreenshotCallback::new(move |image| {
                if let Err(e) = save_png(&image, &path) {
                    eprintln!("fray: cannot save the screenshot {}: {e}", path.display());
                }
                saved.fetch_add(1, Ordering::SeqCst);
            });
            ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(callback));
        };
        if frame == 0 && first_pass {
            ask("first");
        } else if frame == 1 + SETTLED_AFTER && first_pass {
            ask("settled");
        }
        if self.shots_saved.load(Ordering::SeqCst) >= 2 {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        } else {
            ctx.request_repaint();
        }
    }
}

/// Writes egui's screenshot as an RGBA PNG file.
fn save_png(image: &egui::ColorImage, path: &std::path::Path) -> anyhow::Result<()> {
    let [width, height] = image.size;
    let bytes: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
    let buffer = image::RgbaImage::from_raw(width as u32, height as u32, bytes)
        .ok_or_else(|| anyhow::anyhow!("{width} x {height} pixels do not fill the picture"))?;
    buffer.save_with_format(path, image::ImageFormat::Png)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first frame is laid out but paints nothing and asks for the next; later frames
    /// paint.
    #[test]
    fn only_the_first_frame_paints_nothing() {
        let ctx = egui::Context::default();
        let mut startup = Startup::default();
        for frame in 0..3 {
            let output = ctx.run_ui(egui::RawInput::default(), |ui| {
                startup.begin_frame_ui(ui);
                ui.label("Round 2");
                egui::Frame::group(ui.style()).fill(egui::Color32::RED).show(ui, |ui| {
                    ui.label("Harald");
                });
                let response = ui.button("Roll");
                assert!(response.rect.width() > 0.0, "laid out in frame {frame}");
            });
            // What the renderer would get: triangles to rasterise.
            let shapes = output.shapes.clone();
            let primitives = ctx.tessellate(shapes, output.pixels_per_point);
            let vertices: usize = primitives
                .iter()
                .map(|p| match &p.primitive {
                    egui::epaint::Primitive::Mesh(mesh) => mesh.vertices.len(),
                    egui::epaint::Primitive::Callback(_) => 1,
                })
                .sum();
            assert_eq!(vertices > 0, frame > 0, "frame {frame}: {vertices} vertices");
            if frame == 0 {
                let repaint = &output.viewport_output[&egui::ViewportId::ROOT];
                assert_eq!(repaint.repaint_delay, std::time::Duration::ZERO, "asks for the next");
            }
            output.drop_without_applying_deltas();
        }
    }
}
