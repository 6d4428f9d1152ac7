//! The player window: a second native window (an egui viewport) for a TV or a screen lying on
//! the table, drawn only from the core's [`TableView`](fray_app::table_view::TableView) — never from the encounter itself, so
//! what the players see is decided in one tested function. It takes no input but its own zoom
//! (the wheel) and pan (a drag; a double-click fits again), remembers where it was, how big and
//! whether full screen, and is painted so it can turn 180° for a screen between the players.
//! The GM's controls (open, blackout, turn, scale, what is shown) are in the bar's *Players*
//! menu ([`players_menu_ui`]); reveal, hide and anonymous are on each card and token menu.
//!
//! One file per job: the viewport and its geometry here, the table's headline and blackout in
//! [`table`], the board and its tokens in [`board`], the GM's menus in [`menus`].

mod board;
mod menus;
mod table;

pub use menus::{players_menu_ui, shown_menu_ui, shown_picker_ui};
pub use table::table_ui;
pub(crate) use table::{INK, Turn, WEAK, painted};

use super::picture::PictureTexture;
use crate::window::{Action, Model};
use eframe::egui::{self, Color32, Vec2};
use fray_app::table_view;
use serde::{Deserialize, Serialize};

/// The settings key of the window's place, size and full-screen state.
pub const GEOMETRY_KEY: &str = "ui.player_window";

/// Where the player window was: its monitor follows from the position.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Geometry {
    /// Outer top-left, in points of the desktop.
    pub x: f32,
    /// Outer top.
    pub y: f32,
    /// Inner width.
    pub w: f32,
    /// Inner height.
    pub h: f32,
    /// Full screen.
    pub fullscreen: bool,
}

/// The player window's own state.
#[derive(Default)]
pub struct PlayerWindowView {
    /// It is open.
    pub open: bool,
    /// Its own zoom (1: the board fits) and pan, in points.
    zoom: f32,
    pan: Vec2,
    /// Where it was last saved, and when (seconds of the window's clock).
    saved: Option<Geometry>,
    saved_at: f64,
    /// Read once from the settings when first opened.
    loaded: bool,
    /// The players' recap as last computed, by the journal's length.
    recap: Option<((usize, bool), table_view::TableRecap)>,
    map: PictureTexture,
    blackout: PictureTexture,
}

impl PlayerWindowView {
    /// Opens or closes it.
    pub fn toggle(&mut self) {
        self.open = !self.open;
    }
}

/// The viewport's id.
fn viewport_id() -> egui::ViewportId {
    egui::ViewportId::from_hash_of("fray-player-window")
}

/// Shows the player window when it is open (call once a frame from the GM window).
pub fn player_window_ui(
    ctx: &egui::Context,
    model: &Model,
    view: &mut PlayerWindowView,
    out: &mut Vec<Action>,
) {
    let Some(session) = &model.session else { return };
    if !view.open {
        return;
    }
    if !view.loaded {
        view.loaded = true;
        view.saved = model.db.settings().get_json::<Geometry>(GEOMETRY_KEY).ok().flatten();
    }
    // Embedded in the GM's window (where a second native window cannot open), it is kept
    // small enough to leave the card and stepper free.
    let embedded = ctx.embed_viewports();
    let size = if embedded {
        egui::vec2(640.0, 360.0)
    } else {
        first_size(ctx.input(|i| i.viewport().monitor_size))
    };
    let mut builder = egui::ViewportBuilder::default()
        .with_title("Fray — for the players")
        .with_app_id("fray-players")
        .with_inner_size(size);
    if let Some(g) = view.saved.filter(|_| !embedded) {
        builder = builder
            .with_position([g.x, g.y])
            .with_inner_size([g.w.max(320.0), g.h.max(200.0)])
            .with_fullscreen(g.fullscreen);
    }
    let _ = session;
    ctx.show_viewport_immediate(viewport_id(), builder, |ui, class| {
        if ui.ctx().input(|i| i.viewport().close_requested()) {
            view.open = false;
        }
        if class != egui::ViewportClass::EmbeddedWindow {
            remember_geometry(ui.ctx(), view, out);
        }
        player_frame_ui(ui, model, view);
    });
}

/// The player window's size the first time it opens (before the GM has placed it), in
/// points: 1280 × 720, or less so that it covers at most three quarters of each side of the
/// GM's screen (at 200 % a 1920 × 1080 screen is 960 × 540 points, which 1280 × 720 would
/// overflow). 16:9 either way, for the TV it is meant to be dragged to.
fn first_size(monitor_in_points: Option<egui::Vec2>) -> egui::Vec2 {
    let wanted = egui::vec2(1280.0, 720.0);
    let Some(monitor) = monitor_in_points.filter(|m| m.x > 0.0 && m.y > 0.0) else {
        return wanted;
    };
    let scale = (0.75 * monitor.x / wanted.x).min(0.75 * monitor.y / wanted.y).min(1.0);
    (wanted * scale).round()
}

/// One frame of the player window's content: the table view of the open encounter, painted.
/// (The viewport calls it; the frame bench calls it in a context of its own.)
pub fn player_frame_ui(ui: &mut egui::Ui, model: &Model, view: &mut PlayerWindowView) {
    let Some(session) = &model.session else { return };
    let table = table_view::table_view(session.history().system(), session.state());
    if table.recap && table.blackout.is_none() {
        let h = session.history();
        let key = (h.events().len(), model.fight_ended());
        if view.recap.as_ref().is_none_or(|(k, _)| *k != key) {
            let mut recap = table_view::table_recap(h.base(), h.live_commands(), h.events());
            if key.1 {
                as_written_back(&mut recap, model, h.state());
            }
            view.recap = Some((key, recap));
        }
        if let Some((_, recap)) = &view.recap {
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE.fill(Color32::from_rgb(16, 17, 20)))
                .show(ui, |ui| crate::window::views::player_recap::recap_tv_ui(ui, recap, &table));
        }
        return;
    }
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(Color32::from_rgb(16, 17, 20)))
        .show(ui, |ui| table_ui(ui, &model.db, &table, view));
}

/// The recap of a fight written back: a member of the party whose death the write-back did
/// not keep (the GM unticked it) is not said dead on the TV.
fn as_written_back(recap: &mut table_view::TableRecap, model: &Model, end: &fray_app::Encounter) {
    table_view::as_written_back(recap, |id| {
        let member = end
            .combatant(id)
            .filter(|c| c.source.is_some())
            .and_then(|c| model.company.members.get(&fray_app::campaign::end::member_key(c)));
        member.is_some_and(|m| !m.condition.has("dead"))
    });
}

/// Saves where the window is when that changed (at most once a second while it moves).
fn remember_geometry(ctx: &egui::Context, view: &mut PlayerWindowView, out: &mut Vec<Action>) {
    let (outer, inner, fullscreen, now) = ctx.input(|i| {
        let v = i.viewport();
        (v.outer_rect, v.inner_rect, v.fullscreen.unwrap_or(false), i.time)
    });
    let (Some(outer), Some(inner)) = (outer, inner) else { return };
    let g = Geometry {
        x: outer.min.x,
        y: outer.min.y,
        w: inner.width(),
        h: inner.height(),
        fullscreen,
    };
    if view.saved != Some(g) && now - view.saved_at > 1.0 {
        view.saved = Some(g);
        view.saved_at = now;
        out.push(Action::SavePlayerWindow(g));
    }
}

#[cfg(test)]
mod tests {
    use super::first_size;
    use eframe::egui;

    /// It opens 1280 × 720 where that fits, and within the screen at 200 % on 1920 × 1080
    /// (960 × 540 points), 16:9 in both; a screen it cannot read leaves the usual size.
    #[test]
    fn the_player_window_first_opens_within_the_gms_screen() {
        let full_hd = egui::vec2(1920.0, 1080.0);
        assert_eq!(first_size(Some(full_hd)), egui::vec2(1280.0, 720.0));
        let at_200 = first_size(Some(full_hd / 2.0));
        assert_eq!(at_200, egui::vec2(720.0, 405.0));
        assert!(at_200.x <= 960.0 * 0.75 && at_200.y <= 540.0 * 0.75);
        // A tall narrow screen: its width decides.
        assert_eq!(first_size(Some(egui::vec2(1080.0, 1920.0))), egui::vec2(810.0, 456.0));
        assert_eq!(first_size(None), egui::vec2(1280.0, 720.0));
        assert_eq!(first_size(Some(egui::Vec2::ZERO)), egui::vec2(1280.0, 720.0));
    }
}
