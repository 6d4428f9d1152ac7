//! The desktop window a GM keeps open on a second monitor.
//!
//! Layout (see DESIGN.md, "The window"): the library on the left, the board in the centre,
//! the phase stepper, prompts, combatant card and dice tray on the right, the live journal at
//! the bottom, the encounter bar on top.
//!
//! Views never change the model: each `*_ui` function reads [`Model`], keeps its own widget
//! state (text being typed, a drag in progress) and pushes [`Action`]s; [`apply`] runs them
//! after the frame. That single place is where the database and the session change.

mod action;
mod answer;
pub mod campaign_ops;
mod encounter_ops;
pub mod file_dialog;
pub mod library_ops;
mod model;
mod prep_ops;
pub mod sample;
pub mod startup;
pub mod system_fonts;
pub mod theme;
pub mod views;

pub use action::{Action, ExportFormat, apply};
pub use campaign_ops::CampaignAction;
pub use library_ops::{EntryRef, LibraryAction, SavedEntry};
pub use model::{
    DiceMode, LAST_ENCOUNTER_KEY, Model, PREFS_KEY, PendingRoll, Prefs, Removed, Status,
    WINDOW_BUSY_WAIT,
};
pub use prep_ops::PrepAction;
pub use views::ViewState;

use anyhow::{Context, Result, anyhow};
use eframe::egui;
use fray_data::Db;
use std::path::PathBuf;
use std::sync::Arc;

/// The window's app id (the X11 class, the Wayland app id): the desktop entry's
/// `StartupWMClass`, which the installer writes from `tauri.conf.json`'s `mainBinaryName`.
pub const APP_ID: &str = "fray";

/// The app icon, built into the binary so the window never depends on files beside it. The
/// window gets the 128-pixel one: the X11 window manager receives every pixel as a 64-bit
/// number, so the 512-pixel master cost 2 MiB and some 4 ms at each start, for a picture the
/// task switcher shows at 64 pixels at most; launchers take the desktop entry's icons.
const ICON_PNG: &[u8] = include_bytes!("../../../icons/128x128.png");

/// Opens the window and blocks until it is closed.
pub fn run(db_path: PathBuf) -> Result<()> {
    let db = Db::open(&db_path)
        .with_context(|| format!("cannot open the database {}", db_path.display()))?;
    let icon = icon().context("decoding the built-in icon")?;
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Fray")
            .with_app_id(APP_ID)
            .with_inner_size([1600.0, 1000.0])
            .with_min_inner_size([900.0, 600.0])
            .with_icon(Arc::new(icon)),
        // Fray installs the system's fonts itself, scanned after the first frame
        // (`system_fonts`), rather than eframe's way, which scans them while the window opens.
        system_font_fallback: false,
        ..Default::default()
    };
    eframe::run_native(
        "Fray",
        options,
        Box::new(move |cc| {
            let mut app = FrayApp::new(&cc.egui_ctx, db);
            app.startup = startup::Startup::from_env();
            Ok(Box::new(app))
        }),
    )
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

/// The whole window: the model, the views' own state and the actions of this frame.
pub struct FrayApp {
    /// What the window shows: database, open session, selection, preferences.
    pub model: Model,
    /// Widget state of the views (search text, fields being typed, drags).
    pub view: ViewState,
    /// Actions pushed by the views this frame, applied after it.
    outbox: Vec<Action>,
    /// The first frames (the hidden one is laid out but not painted) and the environment's
    /// measurement switches.
    startup: startup::Startup,
}

impl FrayApp {
    /// Builds the window's state over an open database, reopening the last encounter.
    pub fn new(ctx: &egui::Context, db: Db) -> Self {
        let model = Model::load(db);
        ctx.add_plugin(TextureSideCap);
        theme::install_fonts(ctx);
        theme::apply_prefs_before_the_first_pass(ctx, &model.prefs);
        Self {
            model,
            view: ViewState::default(),
            outbox: Vec::new(),
            startup: startup::Startup::default(),
        }
    }

    /// Draws one frame into `ui` and then applies what the GM did. The eframe app and the
    /// kittest harness both call this.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        if theme::styled_with(ui.ctx()).is_none() {
            // A context Fray has not styled yet (a test harness's): the saved scale takes
            // effect from the next pass, so lay nothing out at the wrong scale, or the panels
            // would remember sizes meant for another zoom.
            theme::apply_prefs(ui.ctx(), &self.model.prefs);
            ui.ctx().request_discard("applying the saved UI scale");
            return;
        }
        views::layout_ui(ui, &self.model, &mut self.view, &mut self.outbox);
        views::player_window::player_window_ui(
            ui.ctx(),
            &self.model,
            &mut self.view.players,
            &mut self.outbox,
        );
        for action in self.outbox.drain(..) {
            apply(&mut self.model, &mut self.view, action);
        }
        // Changes another program's write lock held back: written as soon as it is free.
        if self.model.unsaved() > 0 && self.model.save_unsaved() > 0 {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
        // A fight that could not join today's session (the database was busy) joins as soon
        // as it is free, not at its next command.
        if self.model.join_pending() {
            campaign_ops::join_session(&mut self.model);
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(250));
        }
        // Another program (a `fray session heal`, a second window) changed the database: what
        // the window shows of the party and the encounters is read again. Looked at once a
        // second while idle.
        self.model.notice_other_writers();
        ui.ctx().request_repaint_after(std::time::Duration::from_secs(1));
        // Settings apply live: the next frame is drawn at the new scale and theme.
        if theme::styled_with(ui.ctx()).as_ref() != Some(&self.model.prefs) {
            theme::apply_prefs(ui.ctx(), &self.model.prefs);
        }
    }
}

/// Caps the texture side at the largest picture Fray loads. egui makes its glyph atlas as
/// wide as the GPU allows (16,384 pixels under Mesa), and copies all of it for the first
/// frame's upload: at 8,192 the start's peak memory is some 7 MiB lower.
///
/// A plugin rather than eframe's `raw_input_hook`, because that hook sees only the main
/// window's input: the player window's passes kept the GPU's side, the glyph atlas's options
/// then differed between the two windows, and egui cleared the atlas at every switch, in the
/// middle of the main window's frame (the player window is drawn inside it), so the main
/// window's text came out as scrambled glyphs for as long as the player window was open.
pub struct TextureSideCap;

impl egui::Plugin for TextureSideCap {
    fn debug_name(&self) -> &'static str {
        "fray-texture-side-cap"
    }

    fn input_hook(&mut self, _ctx: &egui::Context, input: &mut egui::RawInput) {
        let cap = crate::battle_map::MAX_SIDE_PX as usize;
        input.max_texture_side = input.max_texture_side.map(|side| side.min(cap));
    }
}

impl eframe::App for FrayApp {
    /// The panels' colour: the first frame paints nothing over it (`startup`), and where a
    /// desktop shows that frame, it is the window's own background rather than a dark flash.
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    fn raw_input_hook(&mut self, _ctx: &egui::Context, input: &mut egui::RawInput) {
        self.startup.input_hook(input);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.startup.begin_frame_ui(ui);
        self.frame_ui(ui);
    }
}

#[cfg(test)]
mod tests {
    use eframe::egui;

    /// Every pass is capped, whichever window it is for: the player window is another
    /// viewport with its own input, and a pass with a different side cleared the glyph atlas.
    #[test]
    fn every_viewports_pass_has_the_capped_texture_side() {
        let ctx = egui::Context::default();
        ctx.add_plugin(super::TextureSideCap);
        let cap = crate::battle_map::MAX_SIDE_PX as usize;
        let input = egui::RawInput { max_texture_side: Some(16_384), ..Default::default() };
        // As eframe draws an immediate viewport: a pass of its own, with the GPU's side.
        ctx.set_embed_viewports(false);
        egui::Context::set_immediate_viewport_renderer(|ctx, mut viewport| {
            let id = viewport.ids.this;
            let input = egui::RawInput {
                viewport_id: id,
                viewports: std::iter::once((id, egui::ViewportInfo::default())).collect(),
                max_texture_side: Some(16_384),
                ..Default::default()
            };
            ctx.run_ui(input, |ui| (viewport.viewport_ui_cb)(ui)).drop_without_applying_deltas();
        });
        let seen = std::cell::RefCell::new(Vec::new());
        let output = ctx.run_ui(input, |ui| {
            seen.borrow_mut()
                .push((ui.ctx().viewport_id(), ui.ctx().input(|i| i.max_texture_side)));
            let players = egui::ViewportId::from_hash_of("players");
            ui.ctx().show_viewport_immediate(players, egui::ViewportBuilder::default(), |ui, _| {
                seen.borrow_mut()
                    .push((ui.ctx().viewport_id(), ui.ctx().input(|i| i.max_texture_side)));
            });
        });
        output.drop_without_applying_deltas();
        let players = egui::ViewportId::from_hash_of("players");
        assert_eq!(seen.into_inner(), vec![(egui::ViewportId::ROOT, cap), (players, cap)]);
    }

    #[test]
    fn the_icon_decodes_to_a_square_of_pixels() {
        let icon = super::icon().unwrap();
        assert_eq!(icon.width, icon.height);
        assert_eq!(icon.rgba.len(), (icon.width * icon.height * 4) as usize);
    }
}
