//! The player window's table: the headline over the board (whose turn, the round, the last
//! roll and ruling), a blackout, and the text and 180° turn every part of it draws with.

use super::PlayerWindowView;
use super::board::board_ui;
use eframe::egui::{self, Color32, FontId, Pos2, Rect, Vec2, pos2, vec2};
use fray_app::table_view::{Blackout, TableView};

/// Light text on the dark table.
pub(crate) const INK: Color32 = Color32::from_rgb(236, 236, 240);
pub(crate) const WEAK: Color32 = Color32::from_rgb(160, 164, 172);

/// Paints the table view into `ui`; the only input is the window's own zoom and pan.
pub fn table_ui(ui: &mut egui::Ui, db: &fray_data::Db, t: &TableView, view: &mut PlayerWindowView) {
    // The whole window (when embedded in the GM's window, a window of a usable size).
    let size = ui.available_size().max(vec2(640.0, 360.0));
    let (full, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    if let Some(b) = &t.blackout {
        blackout_ui(ui, db, full, b, view);
        return;
    }
    let scale = t.scale_percent as f32 / 100.0;
    let rot = Turn { rotated: t.rotated, centre: full.center() };
    if view.zoom <= 0.0 {
        view.zoom = 1.0;
    }
    if response.hovered() {
        let scroll = ui.ctx().input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            view.zoom = (view.zoom * (1.0 + scroll * 0.002)).clamp(0.25, 6.0);
        }
    }
    if response.dragged() {
        let d = response.drag_delta();
        view.pan += if t.rotated { -d } else { d };
    }
    if response.double_clicked() {
        view.zoom = 1.0;
        view.pan = Vec2::ZERO;
    }
    let painter = ui.painter_at(full);
    let head_h = 64.0 * scale;
    let head = Rect::from_min_size(full.min, vec2(full.width(), head_h));
    let board_rect = Rect::from_min_max(pos2(full.min.x, head.max.y), full.max).shrink(12.0);
    board_ui(ui, &painter, db, t, board_rect, scale, rot, view);
    // The headline over the board: whose turn, the round, the last roll and ruling.
    painter.rect_filled(rot.rect(head), 0.0, Color32::from_rgba_unmultiplied(10, 10, 12, 230));
    let turn = match &t.turn {
        Some(name) => format!("Now: {name}"),
        None if t.round == 0 => "Before the fight".to_owned(),
        None => format!("Round {}", t.round),
    };
    text(
        ui,
        &painter,
        rot,
        head.min + vec2(16.0, 8.0) * scale,
        &turn,
        30.0 * scale,
        INK,
        "player-turn",
    );
    let round = if t.round > 0 { format!("Round {}", t.round) } else { String::new() };
    let right = pos2(head.max.x - 16.0 * scale, head.min.y + 8.0 * scale);
    text_right(ui, &painter, rot, right, &round, 22.0 * scale, WEAK, "player-round");
    let mut line = Vec::new();
    if let Some(r) = &t.last_roll {
        line.push(r.clone());
    }
    if let Some(b) = &t.banner {
        line.push(b.clone());
    }
    let below = head.min + vec2(16.0, 42.0) * scale;
    text(ui, &painter, rot, below, &line.join("   ·   "), 15.0 * scale, WEAK, "player-news");
}

/// A blackout: a plain colour or a picture filling the window.
fn blackout_ui(
    ui: &mut egui::Ui,
    db: &fray_data::Db,
    full: Rect,
    b: &Blackout,
    view: &mut PlayerWindowView,
) {
    let painter = ui.painter_at(full);
    match b {
        Blackout::Colour { colour } => {
            painter.rect_filled(full, 0.0, hex(colour));
        }
        Blackout::Image { map } => {
            painter.rect_filled(full, 0.0, Color32::BLACK);
            if let Some(tex) = view.blackout.texture(ui.ctx(), db, map) {
                let size = ui.ctx().tex_manager().read().meta(tex).map(|m| m.size);
                let aspect = size.map_or(16.0 / 9.0, |s| s[0] as f32 / s[1].max(1) as f32);
                let fit = if full.width() / full.height() > aspect {
                    vec2(full.height() * aspect, full.height())
                } else {
                    vec2(full.width(), full.width() / aspect)
                };
                let rect = Rect::from_center_size(full.center(), fit);
                let uv = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));
                painter.image(tex, rect, uv, Color32::WHITE);
            }
        }
    }
    // Said to assistive tools (and tests); nothing of the fight is drawn.
    let id = ui.scope_id().with("blackout");
    let r = ui.interact(full, id, egui::Sense::hover());
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, "Blacked out"));
}

/// The 180° turn of the whole window about its centre.
#[derive(Clone, Copy)]
pub(crate) struct Turn {
    pub(crate) rotated: bool,
    pub(crate) centre: Pos2,
}

impl Turn {
    pub(crate) fn p(self, p: Pos2) -> Pos2 {
        if self.rotated { self.centre + (self.centre - p) } else { p }
    }

    pub(crate) fn rect(self, r: Rect) -> Rect {
        Rect::from_two_pos(self.p(r.min), self.p(r.max))
    }
}

/// Text at `at` (its top-left before the turn), said to assistive tools under `id`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn text(
    ui: &egui::Ui,
    painter: &egui::Painter,
    rot: Turn,
    at: Pos2,
    words: &str,
    size: f32,
    colour: Color32,
    id: &str,
) -> Rect {
    let galley = painter.layout_no_wrap(words.to_owned(), FontId::proportional(size), colour);
    painted(ui, painter, rot, at, galley, id)
}

/// `galley` painted at `at` (its top-left before the turn), its words said to assistive tools
/// under `id`; its rectangle before the turn.
pub(crate) fn painted(
    ui: &egui::Ui,
    painter: &egui::Painter,
    rot: Turn,
    at: Pos2,
    galley: std::sync::Arc<egui::Galley>,
    id: &str,
) -> Rect {
    let (words, colour) = (galley.text().to_owned(), galley.job.sections.first());
    let colour = colour.map_or(Color32::PLACEHOLDER, |s| s.format.color);
    if words.is_empty() {
        return Rect::from_min_size(at, Vec2::ZERO);
    }
    let rect = Rect::from_min_size(at, galley.size());
    let shape = if rot.rotated {
        egui::epaint::TextShape::new(rot.p(rect.min), galley, colour)
            .with_angle(std::f32::consts::PI)
    } else {
        egui::epaint::TextShape::new(rect.min, galley, colour)
    };
    painter.add(shape);
    let r = ui.interact(rot.rect(rect), ui.scope_id().with(id).with(&words), egui::Sense::hover());
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
    rect
}

/// Text ending at `right` (its top-right before the turn).
#[allow(clippy::too_many_arguments)]
fn text_right(
    ui: &egui::Ui,
    painter: &egui::Painter,
    rot: Turn,
    right: Pos2,
    words: &str,
    size: f32,
    colour: Color32,
    id: &str,
) {
    let w = painter.layout_no_wrap(words.to_owned(), FontId::proportional(size), colour).size().x;
    text(ui, painter, rot, right - vec2(w, 0.0), words, size, colour, id);
}

/// A side's colour from `#rrggbb`.
pub(super) fn hex(colour: &str) -> Color32 {
    let h = colour.trim_start_matches('#');
    let v = u32::from_str_radix(h, 16).unwrap_or(0x888888);
    Color32::from_rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
}
