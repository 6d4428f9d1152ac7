//! The player window's board: the zones or the grid, fitted and then zoomed and panned by
//! the window's own input, and each token as the players may see it.

use super::PlayerWindowView;
use super::table::{INK, Turn, WEAK, hex, text};
use crate::window::views::board::grid_paint::{self, WallPart};
use eframe::egui::{self, Color32, FontId, Pos2, Rect, Vec2, pos2, vec2};
use fray_app::space::grid::{BattleMap, GridPos, Wall};
use fray_app::table_view::{
    BoardView, HealthPublic, PlacePublic, TableView, TokenPublic, ZoneView,
};

/// Board units to the screen: the board fitted to its area, then the window's zoom and pan.
#[derive(Clone, Copy)]
struct Frame {
    origin: Pos2,
    /// Screen points per board unit (a square on the grid).
    k: f32,
}

impl Frame {
    fn screen_from_board(self, p: Pos2) -> Pos2 {
        self.origin + p.to_vec2() * self.k
    }

    /// A rectangle of the board given as x, y, width, height.
    fn screen_rect(self, xywh: [f32; 4]) -> Rect {
        Rect::from_min_max(
            self.screen_from_board(pos2(xywh[0], xywh[1])),
            self.screen_from_board(pos2(xywh[0] + xywh[2], xywh[1] + xywh[3])),
        )
    }
}

/// What every drawing step of the board needs: where to paint, which way up, and the frame.
#[derive(Clone, Copy)]
struct Pen<'a> {
    ui: &'a egui::Ui,
    painter: &'a egui::Painter,
    rot: Turn,
    frame: Frame,
}

/// The board: zones or the grid, fitted to `area`, then the window's own zoom and pan.
#[allow(clippy::too_many_arguments)]
pub(super) fn board_ui(
    ui: &egui::Ui,
    painter: &egui::Painter,
    db: &fray_data::Db,
    t: &TableView,
    area: Rect,
    scale: f32,
    rot: Turn,
    view: &mut PlayerWindowView,
) {
    let (bounds, square) = board_bounds(&t.board);
    let fit =
        (area.width() / bounds.width().max(1.0)).min(area.height() / bounds.height().max(1.0));
    let k = fit * view.zoom;
    let frame = Frame { origin: area.center() - bounds.center().to_vec2() * k + view.pan, k };
    let pen = Pen { ui, painter, rot, frame };
    match &t.board {
        BoardView::Grid { width, height, walls, difficult, map, .. } => {
            let size = vec2(*width as f32, *height as f32);
            grid_ui(pen, db, view, size, difficult, map.as_ref());
            walls_ui(pen, walls);
        }
        BoardView::Zones { zones, links } => zones_ui(pen, zones, links, scale),
    }
    // Tokens: on their squares, or laid out in rows inside their zone.
    let disc = if square { k } else { (56.0 * scale).min(k * 60.0) };
    let placed = place_tokens(t, frame, disc, scale);
    // Discs first, then every label over them: a neighbour's disc never hides a name.
    for labels in [false, true] {
        for (at, tok, i) in &placed {
            token_ui(ui, painter, rot, *at, scale, tok, *i, labels);
        }
    }
}

/// The part of the board worth showing, in board units, and whether its units are squares.
fn board_bounds(board: &BoardView) -> (Rect, bool) {
    match board {
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
    }
}

/// The grid's ground: its squares, the battle map under them, difficult squares and lines.
fn grid_ui(
    pen: Pen,
    db: &fray_data::Db,
    view: &mut PlayerWindowView,
    size: Vec2,
    difficult: &[GridPos],
    map: Option<&BattleMap>,
) {
    let Pen { ui, painter, rot, frame } = pen;
    let grid = Rect::from_min_max(
        frame.screen_from_board(Pos2::ZERO),
        frame.screen_from_board(size.to_pos2()),
    );
    painter.rect_filled(rot.rect(grid), 0.0, Color32::from_rgb(34, 36, 40));
    if let Some(m) = map
        && let Some(tex) = view.map.texture(ui.ctx(), db, &m.image)
    {
        let r = frame.screen_rect([m.offset_x, m.offset_y, m.width_squares, m.height_squares]);
        let uv = if rot.rotated {
            Rect::from_min_max(pos2(1.0, 1.0), pos2(0.0, 0.0))
        } else {
            Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0))
        };
        painter.image(tex, rot.rect(r), uv, Color32::WHITE);
    }
    for p in difficult {
        let r = frame.screen_rect([p.x as f32, p.y as f32, 1.0, 1.0]);
        painter.rect_filled(rot.rect(r), 0.0, Color32::from_rgba_unmultiplied(120, 100, 60, 60));
    }
    let line = egui::Stroke::new(1.0, Color32::from_rgba_unmultiplied(255, 255, 255, 28));
    for x in 0..=size.x as u16 {
        let (a, b) = (pos2(x as f32, 0.0), pos2(x as f32, size.y));
        painter.line_segment(
            [rot.p(frame.screen_from_board(a)), rot.p(frame.screen_from_board(b))],
            line,
        );
    }
    for y in 0..=size.y as u16 {
        let (a, b) = (pos2(0.0, y as f32), pos2(size.x, y as f32));
        painter.line_segment(
            [rot.p(frame.screen_from_board(a)), rot.p(frame.screen_from_board(b))],
            line,
        );
    }
}

/// Walls, doors and windows, drawn as on the GM's board: an open door is its leaf swung
/// aside, so the players see the way is open.
fn walls_ui(pen: Pen, walls: &[Wall]) {
    let Pen { painter, rot, frame, .. } = pen;
    let k = frame.k;
    for w in walls {
        let [a, b] = w.edge.ends();
        let a = frame.screen_from_board(pos2(a.0 as f32, a.1 as f32));
        let b = frame.screen_from_board(pos2(b.0 as f32, b.1 as f32));
        for ([p0, p1], part) in grid_paint::wall_parts(w.kind, w.edge.axis, a, b, k * 0.06) {
            let (colour, width) = match part {
                WallPart::Wall => (Color32::from_rgb(235, 235, 235), k * 0.12),
                WallPart::ClosedLeaf => (Color32::from_rgb(200, 140, 60), k * 0.16),
                WallPart::OpenLeaf => (Color32::from_rgb(200, 140, 60), k * 0.06),
                WallPart::Glass => (Color32::from_rgb(120, 170, 230), k * 0.05),
            };
            painter.line_segment([rot.p(p0), rot.p(p1)], egui::Stroke::new(width.max(2.0), colour));
        }
    }
}

/// The zones: the paths between neighbours, then each zone's card and name.
fn zones_ui(pen: Pen, zones: &[ZoneView], links: &[(usize, usize)], scale: f32) {
    let Pen { ui, painter, rot, frame } = pen;
    for (a, b) in links {
        let (Some(za), Some(zb)) = (zones.get(*a), zones.get(*b)) else { continue };
        let (ca, cb) = (frame.screen_rect(za.rect).center(), frame.screen_rect(zb.rect).center());
        painter
            .line_segment([rot.p(ca), rot.p(cb)], egui::Stroke::new(3.0, Color32::from_gray(70)));
    }
    for (i, z) in zones.iter().enumerate() {
        let r = frame.screen_rect(z.rect);
        painter.rect_filled(rot.rect(r), 8.0, Color32::from_rgb(38, 40, 46));
        let at = r.min + vec2(10.0, 6.0);
        text(ui, painter, rot, at, &z.name, 18.0 * scale, WEAK, &format!("zone-{i}"));
    }
}

/// Where each token is drawn (with its index among the board's tokens): a grid token on its
/// squares; a zone's tokens in rows inside it, below its name. A token with no place is not
/// drawn.
fn place_tokens(
    t: &TableView,
    frame: Frame,
    disc: f32,
    scale: f32,
) -> Vec<(Place, &TokenPublic, usize)> {
    let mut crowd: std::collections::BTreeMap<usize, usize> = Default::default();
    for tok in &t.tokens {
        if let Some(PlacePublic::Zone { zone }) = &tok.place {
            *crowd.entry(*zone).or_default() += 1;
        }
    }
    let mut per_zone: std::collections::BTreeMap<usize, usize> = Default::default();
    let mut placed = Vec::new();
    for (i, tok) in t.tokens.iter().enumerate() {
        // Where, the disc's size, and the width its label may take without running into its
        // neighbour's: its squares on a grid, its place in the row in a zone.
        let at = match (&tok.place, &t.board) {
            (Some(PlacePublic::Square { at, size }), _) => {
                let s = *size as f32;
                let centre =
                    frame.screen_from_board(pos2(at.x as f32 + s / 2.0, at.y as f32 + s / 2.0));
                Place { centre, size: disc * s, room: disc * s }
            }
            (Some(PlacePublic::Zone { zone }), BoardView::Zones { zones, .. }) => {
                let Some(z) = zones.get(*zone) else { continue };
                let n = per_zone.entry(*zone).or_default();
                let r = frame.screen_rect(z.rect);
                // Below the zone's name, inside its edges.
                let inside = Rect::from_min_max(
                    pos2(r.min.x + 8.0, r.min.y + 34.0 * scale),
                    pos2(r.max.x - 8.0, r.max.y - 4.0),
                );
                let count = crowd.get(zone).copied().unwrap_or(1);
                let (centre, step) = zone_slot(inside, count, *n, disc * STEP_PER_DISC);
                *n += 1;
                Place { centre, size: step / STEP_PER_DISC, room: step }
            }
            _ => continue,
        };
        placed.push((at, tok, i));
    }
    placed
}

/// A zone's token stands in a square of room this many times its disc: the disc, and its
/// name and health below it.
const STEP_PER_DISC: f32 = 1.9;

/// Where the `n`th of a zone's `count` tokens stands, and the side of each one's square of
/// room: in rows inside `inside`, each as large as `widest` when they all fit at that size,
/// smaller when the zone is crowded, so that every token is drawn inside its zone — a token
/// below the box would read as standing nowhere. Never below half of `widest`: a zone too
/// small even for that lets its last rows run over its edge rather than shrink names to dots.
fn zone_slot(inside: Rect, count: usize, n: usize, widest: f32) -> (Pos2, f32) {
    let count = count.max(1);
    let (width, height) = (inside.width().max(0.0), inside.height().max(0.0));
    let fitting = (1..=count)
        .map(|cols| (width / cols as f32).min(height / count.div_ceil(cols) as f32))
        .fold(0.0, f32::max);
    let step = fitting.clamp(widest / 2.0, widest);
    // A hair of slack, so that a width of exactly three steps makes three columns.
    let cols = ((width + 0.01) / step).floor().max(1.0) as usize;
    let (col, row) = (n % cols, n / cols);
    let centre =
        pos2(inside.min.x + step * (col as f32 + 0.5), inside.min.y + step * (row as f32 + 0.5));
    (centre, step)
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

/// A token's health as the players read it under its name: the GM's word, or the numbers
/// with the board's true minus (a fallen foe at −3 HP).
fn health_words(health: Option<&HealthPublic>) -> String {
    match health {
        Some(HealthPublic::Word { word }) => word.clone(),
        Some(HealthPublic::Numbers { tracks }) => tracks
            .iter()
            .map(|(l, v, m)| format!("{l} {}/{m}", crate::window::views::number_text(*v)))
            .collect::<Vec<_>>()
            .join(" · "),
        None => String::new(),
    }
}

/// `s` shortened with "…" until `width` of it is at most `room`: the longest start that fits,
/// found by halving (a few layouts whatever the name's length).
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
    use super::{HealthPublic, fit, health_words, zone_slot};
    use eframe::egui::{Rect, Vec2, pos2, vec2};

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

    /// Every token of a zone is drawn inside it while the zone has room for them at half
    /// size; one alone keeps its full size; a crowd shrinks them no further than half.
    #[test]
    fn a_zones_tokens_stay_inside_it_and_shrink_only_as_far_as_they_must() {
        let widest = 106.0;
        let alone =
            zone_slot(Rect::from_min_size(pos2(10.0, 20.0), vec2(400.0, 300.0)), 1, 0, widest);
        assert_eq!(alone, (pos2(63.0, 73.0), widest));
        // The player window's ambush at 720 × 405: four tokens in the road's box drew two
        // below it (two columns of 106 in a box 121 high).
        for (size, count) in [
            (vec2(241.0, 121.0), 4),
            (vec2(300.0, 120.0), 6),
            (vec2(400.0, 300.0), 9),
            (vec2(106.0, 106.0), 1),
            (vec2(120.0, 400.0), 5),
            (vec2(640.0, 200.0), 12),
        ] {
            let inside = Rect::from_min_size(pos2(30.0, 50.0), size);
            for n in 0..count {
                let (centre, step) = zone_slot(inside, count, n, widest);
                let room = Rect::from_center_size(centre, Vec2::splat(step));
                assert!(
                    inside.expand(0.01).contains_rect(room),
                    "token {n} of {count} in {size:?}: {room:?} leaves {inside:?}"
                );
                assert!(step <= widest && step >= widest / 2.0);
            }
        }
        // Too small even at half size: half size, in rows that run over.
        let tiny = Rect::from_min_size(pos2(0.0, 0.0), vec2(60.0, 60.0));
        assert_eq!(zone_slot(tiny, 8, 7, widest).1, widest / 2.0);
    }
}
