//! The player window: a second native window (an egui viewport) for a TV or a screen lying on
//! the table, drawn only from the core's [`TableView`] — never from the encounter itself, so
//! what the players see is decided in one tested function. It takes no input but its own zoom
//! (the wheel) and pan (a drag; a double-click fits again), remembers where it was, how big and
//! whether full screen, and is painted so it can turn 180° for a screen between the players.
//! The GM's controls (open, blackout, turn, scale, what is shown) are in the bar's *Players*
//! menu ([`players_menu_ui`]); reveal, hide and anonymous are on each card and token menu.

use super::board::grid_paint::{self, WallPart};
use super::picture::PictureTexture;
use crate::window::{Action, Model};
use eframe::egui::{self, Color32, FontId, Pos2, Rect, Vec2, pos2, vec2};
use fray_app::Command;
use fray_app::table_view::{
    self, Blackout, BoardView, HealthPublic, HealthShown, PlacePublic, PlayerView, Shown,
    TableView, TokenPublic,
};
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
    recap: Option<(usize, table_view::TableRecap)>,
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
        let len = h.events().len();
        if view.recap.as_ref().is_none_or(|(n, _)| *n != len) {
            let recap = table_view::table_recap(h.base(), h.live_commands(), h.events());
            view.recap = Some((len, recap));
        }
        if let Some((_, recap)) = &view.recap {
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE.fill(Color32::from_rgb(16, 17, 20)))
                .show(ui, |ui| super::player_recap::recap_tv_ui(ui, recap, &table));
        }
        return;
    }
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(Color32::from_rgb(16, 17, 20)))
        .show(ui, |ui| table_ui(ui, &model.db, &table, view));
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
    if words.is_empty() {
        return Rect::from_min_size(at, Vec2::ZERO);
    }
    let galley = painter.layout_no_wrap(words.to_owned(), FontId::proportional(size), colour);
    let rect = Rect::from_min_size(at, galley.size());
    let shape = if rot.rotated {
        egui::epaint::TextShape::new(rot.p(rect.min), galley, colour)
            .with_angle(std::f32::consts::PI)
    } else {
        egui::epaint::TextShape::new(rect.min, galley, colour)
    };
    painter.add(shape);
    let r = ui.interact(rot.rect(rect), ui.scope_id().with(id).with(words), egui::Sense::hover());
    let said = words.to_owned();
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
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
fn hex(colour: &str) -> Color32 {
    let h = colour.trim_start_matches('#');
    let v = u32::from_str_radix(h, 16).unwrap_or(0x888888);
    Color32::from_rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// The board: zones or the grid, fitted to `area`, then the window's own zoom and pan.
#[allow(clippy::too_many_arguments)]
fn board_ui(
    ui: &egui::Ui,
    painter: &egui::Painter,
    db: &fray_data::Db,
    t: &TableView,
    area: Rect,
    scale: f32,
    rot: Turn,
    view: &mut PlayerWindowView,
) {
    let (bounds, square) = match &t.board {
        BoardView::Grid { width, height, .. } => {
            (Rect::from_min_size(Pos2::ZERO, vec2(*width as f32, *height as f32)), true)
        }
        BoardView::Zones { zones, .. } => (
            zones
                .iter()
                .map(|z| {
                    Rect::from_min_size(pos2(z.rect[0], z.rect[1]), vec2(z.rect[2], z.rect[3]))
                })
                .reduce(|a, b| a.union(b))
                .unwrap_or(Rect::from_min_size(Pos2::ZERO, vec2(400.0, 300.0))),
            false,
        ),
    };
    let fit =
        (area.width() / bounds.width().max(1.0)).min(area.height() / bounds.height().max(1.0));
    let k = fit * view.zoom;
    let origin = area.center() - bounds.center().to_vec2() * k + view.pan;
    let to_screen = |p: Pos2| origin + p.to_vec2() * k;
    match &t.board {
        BoardView::Grid { width, height, walls, difficult, map, .. } => {
            let grid = Rect::from_min_max(
                to_screen(Pos2::ZERO),
                to_screen(pos2(*width as f32, *height as f32)),
            );
            painter.rect_filled(rot.rect(grid), 0.0, Color32::from_rgb(34, 36, 40));
            if let Some(m) = map
                && let Some(tex) = view.map.texture(ui.ctx(), db, &m.image)
            {
                let min = to_screen(pos2(m.offset_x, m.offset_y));
                let max =
                    to_screen(pos2(m.offset_x + m.width_squares, m.offset_y + m.height_squares));
                let uv = if rot.rotated {
                    Rect::from_min_max(pos2(1.0, 1.0), pos2(0.0, 0.0))
                } else {
                    Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0))
                };
                let r = rot.rect(Rect::from_min_max(min, max));
                painter.image(tex, r, uv, Color32::WHITE);
            }
            for p in difficult {
                let r =
                    Rect::from_min_size(to_screen(pos2(p.x as f32, p.y as f32)), Vec2::splat(k));
                painter.rect_filled(
                    rot.rect(r),
                    0.0,
                    Color32::from_rgba_unmultiplied(120, 100, 60, 60),
                );
            }
            let line = egui::Stroke::new(1.0, Color32::from_rgba_unmultiplied(255, 255, 255, 28));
            for x in 0..=*width {
                let (a, b) =
                    (to_screen(pos2(x as f32, 0.0)), to_screen(pos2(x as f32, *height as f32)));
                painter.line_segment([rot.p(a), rot.p(b)], line);
            }
            for y in 0..=*height {
                let (a, b) =
                    (to_screen(pos2(0.0, y as f32)), to_screen(pos2(*width as f32, y as f32)));
                painter.line_segment([rot.p(a), rot.p(b)], line);
            }
            for w in walls {
                let [a, b] = w.edge.ends();
                let (a, b) = (
                    to_screen(pos2(a.0 as f32, a.1 as f32)),
                    to_screen(pos2(b.0 as f32, b.1 as f32)),
                );
                // Drawn as on the GM's board: an open door is its leaf swung aside, so the
                // players see the way is open.
                let parts = grid_paint::wall_parts(w.kind, w.edge.axis, a, b, k * 0.06);
                for ([p0, p1], part) in parts {
                    let (colour, width) = match part {
                        WallPart::Wall => (Color32::from_rgb(235, 235, 235), k * 0.12),
                        WallPart::ClosedLeaf => (Color32::from_rgb(200, 140, 60), k * 0.16),
                        WallPart::OpenLeaf => (Color32::from_rgb(200, 140, 60), k * 0.06),
                        WallPart::Glass => (Color32::from_rgb(120, 170, 230), k * 0.05),
                    };
                    painter.line_segment(
                        [rot.p(p0), rot.p(p1)],
                        egui::Stroke::new(width.max(2.0), colour),
                    );
                }
            }
        }
        BoardView::Zones { zones, links } => {
            for (a, b) in links {
                let ca = Rect::from_min_size(
                    pos2(zones[*a].rect[0], zones[*a].rect[1]),
                    vec2(zones[*a].rect[2], zones[*a].rect[3]),
                )
                .center();
                let cb = Rect::from_min_size(
                    pos2(zones[*b].rect[0], zones[*b].rect[1]),
                    vec2(zones[*b].rect[2], zones[*b].rect[3]),
                )
                .center();
                painter.line_segment(
                    [rot.p(to_screen(ca)), rot.p(to_screen(cb))],
                    egui::Stroke::new(3.0, Color32::from_gray(70)),
                );
            }
            for (i, z) in zones.iter().enumerate() {
                let r = Rect::from_min_max(
                    to_screen(pos2(z.rect[0], z.rect[1])),
                    to_screen(pos2(z.rect[0] + z.rect[2], z.rect[1] + z.rect[3])),
                );
                painter.rect_filled(rot.rect(r), 8.0, Color32::from_rgb(38, 40, 46));
                text(
                    ui,
                    painter,
                    rot,
                    r.min + vec2(10.0, 6.0),
                    &z.name,
                    18.0 * scale,
                    WEAK,
                    &format!("zone-{i}"),
                );
            }
        }
    }
    // Tokens: on their squares, or laid out in rows inside their zone.
    let disc = if square { k } else { (56.0 * scale).min(k * 60.0) };
    let mut per_zone: std::collections::BTreeMap<usize, usize> = Default::default();
    let mut placed = Vec::new();
    for (i, tok) in t.tokens.iter().enumerate() {
        let centre = match (&tok.place, &t.board) {
            (Some(PlacePublic::Square { at, size }), _) => {
                let s = *size as f32;
                to_screen(pos2(at.x as f32 + s / 2.0, at.y as f32 + s / 2.0))
            }
            (Some(PlacePublic::Zone { zone }), BoardView::Zones { zones, .. }) => {
                let Some(z) = zones.get(*zone) else { continue };
                let n = per_zone.entry(*zone).or_default();
                let r = Rect::from_min_max(
                    to_screen(pos2(z.rect[0], z.rect[1])),
                    to_screen(pos2(z.rect[0] + z.rect[2], z.rect[1] + z.rect[3])),
                );
                let step = disc * 1.9;
                let cols = ((r.width() - 16.0) / step).floor().max(1.0) as usize;
                let (col, row) = (*n % cols, *n / cols);
                *n += 1;
                pos2(
                    r.min.x + 8.0 + step * (col as f32 + 0.5),
                    r.min.y + 34.0 * scale + step * (row as f32 + 0.5),
                )
            }
            _ => continue,
        };
        // The width a label may take without running into its neighbour's: its squares on a
        // grid, its place in the row in a zone.
        let (size, room) = match &tok.place {
            Some(PlacePublic::Square { size, .. }) => (disc * *size as f32, disc * *size as f32),
            _ => (disc, disc * 1.9),
        };
        placed.push((centre, size, room, tok, i));
    }
    // Discs first, then every label over them: a neighbour's disc never hides a name.
    for labels in [false, true] {
        for (centre, size, room, tok, i) in &placed {
            let at = Place { centre: *centre, size: *size, room: *room };
            token_ui(ui, painter, rot, at, scale, tok, *i, labels);
        }
    }
}

/// Where a token is drawn: its centre, its disc's size and the width its label may take.
#[derive(Clone, Copy)]
struct Place {
    centre: Pos2,
    size: f32,
    room: f32,
}

/// One token: a disc in its side's colour, a ring when it acts (`labels` false), or its name
/// and health below it (`labels` true).
#[allow(clippy::too_many_arguments)]
fn token_ui(
    ui: &egui::Ui,
    painter: &egui::Painter,
    rot: Turn,
    place: Place,
    scale: f32,
    tok: &TokenPublic,
    i: usize,
    labels: bool,
) {
    let Place { centre, size, room } = place;
    let r = size * 0.42;
    let c = rot.p(centre);
    let out = matches!(&tok.health, Some(HealthPublic::Word { word }) if matches!(word.as_str(), "dead" | "down" | "fled" | "surrendered"));
    let name = tok.name.clone().unwrap_or_default();
    let f = (r * 0.8).clamp(9.0, 40.0);
    if labels {
        let at = Place { centre, size: r, room };
        token_label_ui(ui, painter, rot, at, f, scale, tok, i, out, &name);
        return;
    }
    let fill = if out { Color32::from_gray(70) } else { hex(&tok.colour) };
    painter.circle_filled(c, r, fill);
    // Health at a glance from across the room: a ring in the colour of the word.
    if let Some(HealthPublic::Word { word }) = &tok.health {
        let ring = match word.as_str() {
            "unhurt" => Color32::from_rgb(90, 190, 110),
            "hurt" => Color32::from_rgb(230, 190, 70),
            "badly hurt" => Color32::from_rgb(230, 90, 70),
            _ => Color32::from_gray(110),
        };
        painter.circle_stroke(c, r, egui::Stroke::new((r * 0.14).max(2.0), ring));
    }
    if tok.acting {
        painter.circle_stroke(c, r + 4.0, egui::Stroke::new(4.0, Color32::from_rgb(250, 200, 70)));
    }
    let initials = if tok.known { initials(&name) } else { "?".into() };
    let g = painter.layout_no_wrap(initials.clone(), FontId::proportional(f), Color32::WHITE);
    let top = centre - g.size() / 2.0;
    text(ui, painter, rot, top, &initials, f, Color32::WHITE, &format!("tok-i-{i}"));
}

/// A token's name and health under its disc, and what assistive tools (and tests) hear of it.
#[allow(clippy::too_many_arguments)]
fn token_label_ui(
    ui: &egui::Ui,
    painter: &egui::Painter,
    rot: Turn,
    place: Place,
    f: f32,
    scale: f32,
    tok: &TokenPublic,
    i: usize,
    out: bool,
    name: &str,
) {
    let Place { centre, size: r, room } = place;
    let c = rot.p(centre);
    let health = health_words(tok.health.as_ref());
    let small = (13.0 * scale).max(f * 0.5);
    let below = centre + vec2(0.0, r + 3.0);
    let label = if health.is_empty() { name.to_owned() } else { format!("{name} — {health}") };
    let colour = if out { Color32::from_rgb(230, 110, 100) } else { INK };
    // Within the token's own width, so neighbours' captions never overlap: on one line when
    // it fits, else the name and the health on a line each, shortened with "…".
    let width =
        |s: &str| painter.layout_no_wrap(s.to_owned(), FontId::proportional(small), INK).size().x;
    let room = (room - 4.0).max(small * 2.0);
    let lines: Vec<String> = if width(&label) <= room || health.is_empty() {
        vec![fit(&label, room, &width)]
    } else {
        vec![fit(name, room, &width), fit(&health, room, &width)]
    };
    let mut y = 0.0;
    for (n, line) in lines.iter().enumerate() {
        let w = width(line);
        let at = below + vec2(-w / 2.0, y);
        // A dark plate behind the words, so they read over a neighbour's disc.
        let plate = Rect::from_min_size(at, vec2(w, small * 1.25)).expand2(vec2(3.0, 1.0));
        painter.rect_filled(rot.rect(plate), 4.0, Color32::from_rgba_unmultiplied(8, 8, 10, 200));
        text(ui, painter, rot, at, line, small, colour, &format!("tok-{i}-{n}"));
        y += small * 1.25;
    }
    if !tok.conditions.is_empty() {
        let cond = tok.conditions.join(", ");
        let narrow = |s: &str| {
            painter.layout_no_wrap(s.to_owned(), FontId::proportional(small * 0.9), WEAK).size().x
        };
        let cond = fit(&cond, room, &narrow);
        let at = below + vec2(-narrow(&cond) / 2.0, y + 2.0);
        text(ui, painter, rot, at, &cond, small * 0.9, WEAK, &format!("tok-c-{i}"));
    }
    // What assistive tools and tests hear of it.
    let id = ui.scope_id().with("player-token").with(i);
    let resp =
        ui.interact(Rect::from_center_size(c, Vec2::splat(r * 2.0)), id, egui::Sense::hover());
    let said = format!("Players see: {label}");
    resp.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
}

/// `s` shortened with "…" until `width` of it is at most `room`: the longest start that fits,
/// found by halving (a few layouts whatever the name's length).
/// A token's health as the players read it under its name: the GM's word, or the numbers
/// with the board's true minus (a fallen foe at −3 HP).
fn health_words(health: Option<&HealthPublic>) -> String {
    match health {
        Some(HealthPublic::Word { word }) => word.clone(),
        Some(HealthPublic::Numbers { tracks }) => tracks
            .iter()
            .map(|(l, v, m)| format!("{l} {}/{m}", super::number_text(*v)))
            .collect::<Vec<_>>()
            .join(" · "),
        None => String::new(),
    }
}

fn fit(s: &str, room: f32, width: &dyn Fn(&str) -> f32) -> String {
    if width(s) <= room {
        return s.to_owned();
    }
    let chars: Vec<char> = s.chars().collect();
    let cut = |n: usize| chars[..n].iter().collect::<String>().trim_end().to_owned() + "…";
    // The longest n with cut(n) fitting: cut(0) is "…" alone.
    let (mut lo, mut hi) = (0, chars.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if width(&cut(mid)) <= room {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    cut(lo)
}

/// The bar's *Players* menu: the window, the blackout, the turn and scale, and what is shown.
pub fn players_menu_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut PlayerWindowView,
    out: &mut Vec<Action>,
) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    let current = state.table.view.clone();
    let set = |out: &mut Vec<Action>, v: PlayerView| {
        out.push(Action::Game(Command::SetPlayerView { view: v }));
    };
    ui.set_min_width(300.0);
    let open = if view.open { "Close the player window" } else { "Open the player window" };
    if ui.button(open).clicked() {
        view.toggle();
        ui.close();
    }
    ui.separator();
    if current.blackout.is_some() {
        if ui.button("Show the fight again").clicked() {
            set(out, PlayerView { blackout: None, ..current.clone() });
        }
    } else if ui.button("Black out").on_hover_text("Cover the fight with black").clicked() {
        let blackout = Some(Blackout::Colour { colour: "#000000".into() });
        set(out, PlayerView { blackout, ..current.clone() });
    }
    if let Some(map) = state.grid.as_ref().and_then(|g| g.map.as_ref())
        && ui.button("Black out with the battle map").clicked()
    {
        let blackout = Some(Blackout::Image { map: map.image.clone() });
        set(out, PlayerView { blackout, ..current.clone() });
    }
    let mut rotated = current.rotated;
    if ui.checkbox(&mut rotated, "Turned 180° (a screen between the players)").changed() {
        set(out, PlayerView { rotated, ..current.clone() });
    }
    ui.horizontal(|ui| {
        ui.label(format!("Scale {} %", current.scale_percent));
        for (word, delta) in [("−", -25i32), ("+", 25)] {
            let next = (current.scale_percent as i32 + delta).clamp(
                *table_view::SCALE_RANGE.start() as i32,
                *table_view::SCALE_RANGE.end() as i32,
            ) as u32;
            if ui.button(word).clicked() && next != current.scale_percent {
                set(out, PlayerView { scale_percent: next, ..current.clone() });
            }
        }
    });
    ui.separator();
    ui.label("New foes");
    for (s, word) in [
        (Shown::Hidden, "Hidden until they act"),
        (Shown::Anonymous, "Shown as unknown creatures"),
        (Shown::Revealed, "Shown"),
    ] {
        if ui.radio(current.new_foes == s, word).clicked() && current.new_foes != s {
            set(out, PlayerView { new_foes: s, ..current.clone() });
        }
    }
    ui.separator();
    for side in state.sides.values() {
        ui.horizontal(|ui| {
            ui.label(format!("Health of {}", side.name));
            let now = table_view::health_shown(state, side.id);
            for how in [HealthShown::Numbers, HealthShown::Words, HealthShown::Nothing] {
                if ui.selectable_label(now == how, how.word()).clicked() && now != how {
                    let mut v = current.clone();
                    v.set_health(side.id, how);
                    set(out, v);
                }
            }
        });
    }
    let (mut names, mut conditions, mut tags) = (current.names, current.conditions, current.tags);
    if ui.checkbox(&mut names, "Names").changed() {
        set(out, PlayerView { names, ..current.clone() });
    }
    if ui.checkbox(&mut conditions, "Conditions").changed() {
        set(out, PlayerView { conditions, ..current.clone() });
    }
    if ui.checkbox(&mut tags, "Tags").changed() {
        set(out, PlayerView { tags, ..current.clone() });
    }
}

/// A token's right-click menu: what the players see of it.
pub fn shown_menu_ui(
    ui: &mut egui::Ui,
    state: &fray_app::Encounter,
    c: &fray_app::encounter::Combatant,
    out: &mut Vec<Action>,
) {
    ui.label(egui::RichText::new(format!("The players see {}", c.name)).weak());
    shown_picker_ui(ui, state, c, out);
}

/// The card's and token menu's "Players see" choice for one combatant.
pub fn shown_picker_ui(
    ui: &mut egui::Ui,
    state: &fray_app::Encounter,
    c: &fray_app::encounter::Combatant,
    out: &mut Vec<Action>,
) {
    let now = table_view::shown(state, c);
    for (s, word) in
        [(Shown::Revealed, "Shown"), (Shown::Anonymous, "Unknown"), (Shown::Hidden, "Hidden")]
    {
        if ui
            .selectable_label(now == s, word)
            .on_hover_text(format!("The players see it: {}", s.word()))
            .clicked()
            && now != s
        {
            out.push(Action::Game(Command::Show { id: c.id, shown: Some(s) }));
        }
    }
}

/// A token's letters: the first two of a one-word name ("Al"), or the initials of the first
/// two words ("BA"), as the GM's board writes them.
fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.chars().take(2).collect(),
        [a, b, ..] => {
            a.chars().take(1).chain(b.chars().take(1)).flat_map(char::to_uppercase).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{HealthPublic, first_size, fit, health_words};
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

    /// The players read a number below zero with the same minus as the GM's board.
    #[test]
    fn health_below_zero_has_the_boards_minus_sign() {
        let tracks = vec![("HP".to_owned(), -3, 5), ("STR".to_owned(), 4, 9)];
        let words = health_words(Some(&HealthPublic::Numbers { tracks }));
        assert_eq!(words, "HP \u{2212}3/5 · STR 4/9");
        let word = HealthPublic::Word { word: "bloodied".into() };
        assert_eq!(health_words(Some(&word)), "bloodied");
        assert_eq!(health_words(None), "");
    }

    /// One point per character: the caption's room in characters.
    fn width(s: &str) -> f32 {
        s.chars().count() as f32
    }

    #[test]
    fn a_caption_that_fits_is_kept_and_a_long_one_ends_in_an_ellipsis_within_its_room() {
        assert_eq!(fit("Gorm", 10.0, &width), "Gorm");
        assert_eq!(fit("Gorm Stonefist", 10.0, &width), "Gorm Ston…");
        // A space before the cut is not kept.
        assert_eq!(fit("Gorm Stonefist", 6.0, &width), "Gorm…");
        assert_eq!(fit("Gorm", 0.5, &width), "…");
        // A name of a hundred thousand letters: a few measures, within its room.
        let long = "a".repeat(100_000);
        let calls = std::cell::Cell::new(0);
        let counted = |s: &str| {
            calls.set(calls.get() + 1);
            width(s)
        };
        assert_eq!(fit(&long, 12.0, &counted).chars().count(), 12);
        assert!(calls.get() < 40, "{} measures", calls.get());
    }
}
