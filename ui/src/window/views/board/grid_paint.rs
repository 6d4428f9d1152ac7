//! Painting a grid board: squares and their coordinates, difficult ground, walls, doors and
//! windows, and tokens on their squares. Painting only — no input — so a view without the
//! GM's tools (the player window) can draw the same board.

use super::cache::Token;
use super::disc;
use super::geometry::Transform;
use super::palette::Palette;
use eframe::egui::{self, Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, pos2, vec2};
use fray_app::space::grid::{Axis, Edge, Footprint, Grid, GridPos, WallKind};
use fray_app::system::presentation::Standing;

/// Board units a square measures (logical pixels at 100 %).
pub const SQUARE: f32 = 64.0;

/// A square at least this many points on a side shows its token's name under the disc.
pub const NAMED_SIDE: f32 = 56.0;

/// The smallest zoom at which grid tokens show their names (Fit does not go below it).
pub const NAMED_ZOOM: f32 = NAMED_SIDE / SQUARE;

/// A square's rect in board units.
pub fn square_rect(p: GridPos) -> Rect {
    Rect::from_min_size(
        pos2(f32::from(p.x) * SQUARE, f32::from(p.y) * SQUARE),
        vec2(SQUARE, SQUARE),
    )
}

/// A footprint's rect in board units.
pub fn footprint_rect(f: Footprint) -> Rect {
    let side = SQUARE * f32::from(f.size);
    Rect::from_min_size(square_rect(f.at).min, vec2(side, side))
}

/// The whole grid in board units.
pub fn bounds(grid: &Grid) -> Rect {
    Rect::from_min_size(Pos2::ZERO, vec2(f32::from(grid.width), f32::from(grid.height)) * SQUARE)
}

/// The square under a board point, if it lies on the grid.
pub fn square_at(grid: &Grid, board: Pos2) -> Option<GridPos> {
    if board.x < 0.0 || board.y < 0.0 {
        return None;
    }
    let (x, y) = ((board.x / SQUARE) as u32, (board.y / SQUARE) as u32);
    (x < u32::from(grid.width) && y < u32::from(grid.height))
        .then_some(GridPos { x: x as u16, y: y as u16 })
}

/// The grid corner nearest a board point, clamped to the grid.
pub fn corner_at(grid: &Grid, board: Pos2) -> (u16, u16) {
    let snap = |v: f32, max: u16| (v / SQUARE).round().clamp(0.0, f32::from(max)) as u16;
    (snap(board.x, grid.width), snap(board.y, grid.height))
}

/// A corner in board units.
pub fn corner_pos((x, y): (u16, u16)) -> Pos2 {
    pos2(f32::from(x) * SQUARE, f32::from(y) * SQUARE)
}

/// The squares (over the battle map's picture, when there is one and its texture is given),
/// their lines, coordinates along the top and left edges, and difficult ground.
pub fn paint_floor(
    p: &Painter,
    view: Transform,
    grid: &Grid,
    map: Option<egui::TextureId>,
    pal: &Palette,
) {
    let area = view.rect(bounds(grid));
    p.rect_filled(area, 0.0, pal.card);
    if let (Some(texture), Some(m)) = (map, &grid.map) {
        let rect = Rect::from_min_size(
            pos2(m.offset_x * SQUARE, m.offset_y * SQUARE),
            vec2(m.width_squares * SQUARE, m.height_squares * SQUARE),
        );
        let uv = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));
        p.image(texture, view.rect(rect), uv, Color32::WHITE);
    }
    // Difficult ground: hatched, so it reads without colour.
    let hatch = Stroke::new((1.5 * view.zoom).max(1.0), pal.chip);
    for d in &grid.difficult {
        let r = view.rect(square_rect(*d));
        p.rect_filled(r, 0.0, pal.title);
        for i in 1..4 {
            let t = i as f32 / 4.0;
            p.line_segment(
                [
                    r.left_bottom() + vec2(r.width() * t, 0.0),
                    r.left_bottom() + vec2(0.0, -r.height() * t),
                ],
                hatch,
            );
            p.line_segment(
                [
                    r.right_top() - vec2(r.width() * t, 0.0),
                    r.right_top() + vec2(0.0, r.height() * t),
                ],
                hatch,
            );
        }
    }
    // A square walled on all four sides is solid (a pillar, a block of stone). Found from the
    // walls (each square by its top edge), not by visiting every square.
    let walled = |x, y, axis| grid.wall(Edge { x, y, axis }) == Some(WallKind::Wall);
    for w in grid.walls.iter().filter(|w| w.kind == WallKind::Wall) {
        let Edge { x, y, axis } = w.edge;
        if axis == Axis::Horizontal
            && y < grid.height
            && walled(x, y + 1, Axis::Horizontal)
            && walled(x, y, Axis::Vertical)
            && walled(x + 1, y, Axis::Vertical)
        {
            p.rect_filled(view.rect(square_rect(GridPos { x, y })), 0.0, pal.border);
        }
    }
    // Over a picture the lines are fainter: the map has its own.
    let line =
        Stroke::new(1.0, if map.is_some() { pal.border.gamma_multiply(0.5) } else { pal.border });
    for x in 0..=grid.width {
        let a = view.pos(corner_pos((x, 0)));
        let b = view.pos(corner_pos((x, grid.height)));
        p.line_segment([a, b], line);
    }
    for y in 0..=grid.height {
        let a = view.pos(corner_pos((0, y)));
        let b = view.pos(corner_pos((grid.width, y)));
        p.line_segment([a, b], line);
    }
    // Coordinates, outside the grid, only when a square is big enough to read them by.
    if SQUARE * view.zoom >= 22.0 {
        let font = FontId::proportional((SQUARE * view.zoom * 0.22).clamp(10.0, 16.0));
        for x in 0..grid.width {
            let at = view.pos(pos2((f32::from(x) + 0.5) * SQUARE, 0.0)) - vec2(0.0, 4.0);
            p.text(at, Align2::CENTER_BOTTOM, x.to_string(), font.clone(), pal.weak);
        }
        for y in 0..grid.height {
            let at = view.pos(pos2(0.0, (f32::from(y) + 0.5) * SQUARE)) - vec2(6.0, 0.0);
            p.text(at, Align2::RIGHT_CENTER, y.to_string(), font.clone(), pal.weak);
        }
    }
}

/// What a stroke of a wall drawing is: masonry, a door's leaf, or glass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WallPart {
    /// A wall, or a jamb beside an opening.
    Wall,
    /// A closed door's leaf across the opening.
    ClosedLeaf,
    /// An open door's leaf, swung a quarter turn into the square.
    OpenLeaf,
    /// A window's pane.
    Glass,
}

/// The strokes that draw a wall of `kind` from `a` to `b` (screen points along `axis`), for
/// the GM's board and the players' window alike: walls as one line, doors as jambs and a
/// leaf (across the opening when closed, swung aside when open), windows as a double pale
/// line between jambs. `across` is how far apart a window's two lines stand.
pub fn wall_parts(
    kind: WallKind,
    axis: Axis,
    a: Pos2,
    b: Pos2,
    across: f32,
) -> Vec<([Pos2; 2], WallPart)> {
    let jamb = 0.12;
    let jambs =
        [([a, a + (b - a) * jamb], WallPart::Wall), ([b, b + (a - b) * jamb], WallPart::Wall)];
    match kind {
        WallKind::Wall => vec![([a, b], WallPart::Wall)],
        WallKind::Door { open: false } => {
            let leaf = ([a + (b - a) * jamb, b + (a - b) * jamb], WallPart::ClosedLeaf);
            vec![jambs[0], jambs[1], leaf]
        }
        WallKind::Door { open: true } => {
            let hinge = a + (b - a) * jamb;
            let along = (b - a) * (1.0 - 2.0 * jamb);
            let swung = match axis {
                Axis::Horizontal => vec2(0.0, along.x),
                Axis::Vertical => vec2(along.y, 0.0),
            };
            vec![jambs[0], jambs[1], ([hinge, hinge + swung], WallPart::OpenLeaf)]
        }
        WallKind::Window => {
            let off = match axis {
                Axis::Horizontal => vec2(0.0, across),
                Axis::Vertical => vec2(across, 0.0),
            };
            vec![
                ([a - off, b - off], WallPart::Glass),
                ([a + off, b + off], WallPart::Glass),
                ([a, a + (b - a) * 0.1], WallPart::Wall),
                ([b, b + (a - b) * 0.1], WallPart::Wall),
            ]
        }
    }
}

/// Walls as thick lines, closed doors as a solid leaf across the opening, open doors as a
/// leaf swung aside, windows as a double pale line.
pub fn paint_walls(p: &Painter, view: Transform, grid: &Grid, pal: &Palette) {
    let z = view.zoom;
    let door = Color32::from_rgb(176, 120, 60);
    let glass = Color32::from_rgb(120, 180, 230);
    for w in &grid.walls {
        let [a, b] = w.edge.ends();
        let (a, b) = (view.pos(corner_pos(a)), view.pos(corner_pos(b)));
        for (line, part) in wall_parts(w.kind, w.edge.axis, a, b, 2.5 * z) {
            let stroke = match part {
                WallPart::Wall => Stroke::new((6.0 * z).max(3.0), pal.text),
                WallPart::ClosedLeaf => Stroke::new((8.0 * z).max(4.0), door),
                WallPart::OpenLeaf => Stroke::new((3.0 * z).max(2.0), door),
                WallPart::Glass => Stroke::new((2.0 * z).max(1.5), glass),
            };
            p.line_segment(line, stroke);
        }
    }
}

/// How a token on the grid is shown this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct GridLook {
    /// Its card is shown.
    pub selected: bool,
    /// Being dragged: faded where it stands.
    pub carried: bool,
    /// Picked for harm to several at once: a square frame in the blast colour.
    pub picked: bool,
}

/// A token on its square(s): a disc in the side's colour with initials, a ring for whoever
/// acts or is selected, its main bar along the bottom of the square, and how it stands when
/// out of the fight (greyed, a badge; a dead one crossed out).
pub fn paint_token(p: &Painter, rect: Rect, t: &Token, look: GridLook, pal: &Palette) {
    let mut p = p.clone();
    if look.carried {
        p.multiply_opacity(0.35);
    } else if t.standing.is_out() {
        p.multiply_opacity(0.45);
    } else if t.hidden {
        p.multiply_opacity(0.55);
    } else if t.done && !t.acting {
        p.multiply_opacity(0.6);
    }
    let side = rect.width();
    // Room for the name under the disc when a square is big enough to read it.
    let named = side >= NAMED_SIDE;
    let centre = rect.center() - vec2(0.0, if named { side * 0.12 } else { side * 0.06 });
    let diameter = if named { side * 0.58 } else { side * 0.72 };
    let ring = if t.acting {
        pal.acting
    } else if look.selected {
        pal.accent
    } else {
        t.colour.gamma_multiply(0.6)
    };
    if t.acting || look.selected {
        p.circle_stroke(
            centre,
            diameter * 0.5 + side * 0.05,
            Stroke::new((side * 0.05).max(2.0), ring),
        );
    }
    disc::paint(&p, centre, diameter, t.colour, ring, t.acting || look.selected);
    if look.picked {
        p.rect_stroke(
            rect.shrink(side * 0.04),
            side * 0.12,
            Stroke::new((side * 0.06).max(2.5), pal.blast),
            egui::StrokeKind::Inside,
        );
    }
    let font = FontId::proportional((diameter * 0.36).max(9.0));
    let initials = super::cache::initials(&t.name);
    p.text(centre, Align2::CENTER_CENTER, initials, font, t.ink);
    if named {
        paint_name(&p, rect, t, centre.y + diameter * 0.5 + side * 0.02, pal);
    }
    paint_main_bar(&p, rect, t, pal);
    if t.standing.is_out() {
        paint_out(&p, rect, t, centre, diameter, pal);
    }
}

/// The token's name under its disc, from `top` down, on one line (cut when too long: the
/// whole name is on hover and on the card).
fn paint_name(p: &Painter, rect: Rect, t: &Token, top: f32, pal: &Palette) {
    let side = rect.width();
    let font = FontId::proportional((side * 0.17).clamp(10.0, 18.0));
    let galley = p.layout(t.name.clone(), font.clone(), pal.text, side - 4.0);
    let galley = if galley.rows.len() > 1 {
        let mut job = egui::text::LayoutJob::simple_singleline(t.name.clone(), font, pal.text);
        job.wrap = egui::text::TextWrapping::truncate_at_width(side - 4.0);
        p.fonts_mut(|f| f.layout_job(job))
    } else {
        galley
    };
    let at = pos2(rect.center().x - galley.size().x / 2.0, top);
    // On a plate: a battle map under it may be any colour.
    let plate = Rect::from_min_size(at, galley.size()).expand2(vec2(3.0, 0.0));
    p.rect_filled(plate, 3.0, pal.card.gamma_multiply(0.85));
    p.galley(at, galley, pal.text);
}

/// The token's main bar along the bottom of its square.
fn paint_main_bar(p: &Painter, rect: Rect, t: &Token, pal: &Palette) {
    let side = rect.width();
    if let Some(bar) = t.compact_bar.and_then(|i| t.bars.get(i)) {
        let h = (side * 0.08).max(3.0);
        let track = Rect::from_min_size(
            pos2(rect.min.x + side * 0.12, rect.max.y - h - side * 0.04),
            vec2(side * 0.76, h),
        );
        p.rect_filled(track, h * 0.5, pal.track);
        let fill = Rect::from_min_size(track.min, vec2(track.width() * bar.fraction, h));
        p.rect_filled(fill, h * 0.5, pal.meter(bar.meaning, bar.fraction));
    }
}

/// How a token out of the fight stands: a dead one crossed out, and the badge that says it.
fn paint_out(p: &Painter, rect: Rect, t: &Token, centre: Pos2, diameter: f32, pal: &Palette) {
    let side = rect.width();
    let colour = pal.standing(t.standing);
    if t.standing == Standing::Dead {
        let d = diameter * 0.42;
        let s = Stroke::new((side * 0.06).max(2.0), colour);
        p.line_segment([centre - vec2(d, d), centre + vec2(d, d)], s);
        p.line_segment([centre + vec2(-d, d), centre + vec2(d, -d)], s);
    }
    if let Some(word) = &t.standing_text {
        // The badge is drawn at full strength over the faded token.
        let badge = Rect::from_center_size(
            pos2(rect.center().x, rect.max.y - side * 0.16),
            vec2(word.size().x + 8.0, word.size().y + 2.0),
        );
        let mut strong = p.with_clip_rect(p.clip_rect());
        strong.set_opacity(1.0);
        strong.rect_filled(badge, 3.0, colour);
        strong.galley(badge.center() - word.size() * 0.5, word.clone(), Color32::WHITE);
    }
}
