//! The grid board the GM works on: tokens dragged square to square along the cheapest way
//! (its cost shown while dragging, a refusal said before the drop), the selected token's reach
//! tinted and every other token marked with its distance and cover, the corner lines of the
//! cover ruling on hover, and the tools for walls, doors, windows and difficult ground.
//!
//! Drawing the board itself is [`super::grid_paint`]'s; this file adds the GM's hands, with a
//! carried token in [`super::grid_drag`], the wall and ground tools in [`super::grid_tools`]
//! and the battle map form in [`super::grid_map`].

use super::cache::Cache;
use super::geometry::Transform;
use super::grid_paint::{self, GridLook, SQUARE};
use super::palette::Palette;
use super::token::TokenDrag;
use crate::window::Action;
use eframe::egui::{self, FontId, Id, Pos2, Rect, Sense, Stroke, pos2, vec2};
use fray_app::encounter::{Combatant, Encounter};
use fray_app::ids::CombatantId;
use fray_app::reach;
use fray_app::space::Distance;
use fray_app::space::grid::{Edge, Grid, GridPos};
use fray_app::space::path::Passage;
use fray_app::space::sight::{Cover, Region, Sight, UNIT};
use fray_app::system::System;

/// What a drag on the grid does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Drag tokens; click to select.
    #[default]
    Move,
    /// Drag along grid lines to draw walls; click a wall for a door or a window, a door to
    /// open or close it; right-click to erase.
    Walls,
    /// Click or drag over squares to make them difficult ground, or clear them.
    Ground,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 3] = [Tool::Move, Tool::Walls, Tool::Ground];

    /// Its button.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Move => "Move",
            Tool::Walls => "Walls",
            Tool::Ground => "Ground",
        }
    }

    /// What it does, in a line.
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Move => "Drag tokens square to square; click one to see its reach and cover",
            Tool::Walls => {
                "Drag along the lines to draw walls; click a wall for a door or window, a door to open or close it; right-click erases"
            }
            Tool::Ground => "Click or drag over squares to mark difficult ground (or clear it)",
        }
    }
}

/// The grid board's own state.
#[derive(Default)]
pub struct GridState {
    /// The tool in hand.
    pub tool: Tool,
    /// A wall being drawn: the corner it starts at.
    pub(super) wall_from: Option<(u16, u16)>,
    /// Ground being painted: difficult (`true`) or clear, and the squares done this drag.
    pub(super) painting: Option<(bool, Vec<GridPos>)>,
    /// The wall whose menu is open (door or window?).
    pub(super) menu: Option<(Edge, Pos2)>,
    /// The selected token's reach, for the state it was found in.
    reach: Option<(ReachKey, Vec<(GridPos, u32)>)>,
    /// The battle map's picture: being decoded, or on the GPU (by its key).
    map_texture: crate::window::views::picture::PictureTexture,
    /// The map form, when open.
    pub map_form: Option<super::grid_map::MapForm>,
}

/// What a reach was computed for: the state and the token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ReachKey {
    cursor: usize,
    stream: u64,
    who: CombatantId,
}

/// How far a token may go when its sheet gives no `move` stat: one ordinary move.
const DEFAULT_MOVE_FT: u32 = 30;

/// Everything the grid board needs this frame.
pub struct GridScene<'a> {
    /// The session (for the reach's key).
    pub session: &'a fray_data::Session,
    /// The encounter.
    pub state: &'a Encounter,
    /// Its grid.
    pub grid: &'a Grid,
    /// Its procedure (range bands).
    pub system: &'a dyn System,
    /// The selected combatant.
    pub selected: Option<CombatantId>,
    /// The combatants picked for harm to several at once.
    pub picked: &'a std::collections::BTreeSet<CombatantId>,
}

/// Draws the grid board on `canvas` through `view` and handles the GM's hands on it.
pub fn grid_ui(
    ui: &mut egui::Ui,
    scene: &GridScene<'_>,
    gs: &mut GridState,
    cache: &Cache,
    view: Transform,
    canvas: Rect,
    out: &mut Vec<Action>,
) {
    let pal = Palette::of(ui.visuals());
    let (state, grid) = (scene.state, scene.grid);
    let painter = ui.painter().clone();
    let map = map_texture(ui.ctx(), scene, gs);
    grid_paint::paint_floor(&painter, view, grid, map, &pal);
    let passage = Passage::new(grid);
    let sight = Sight::new(grid);
    let pointer = ui.input(|i| i.pointer.interact_pos()).filter(|p| canvas.contains(*p));
    let pointer_square = pointer.and_then(|p| grid_paint::square_at(grid, view.board_pos(p)));

    // The selected token on the grid: where it may go this turn.
    let selected = scene.selected.and_then(|id| state.combatant(id)).filter(|c| c.square.is_some());
    if let (Some(who), Tool::Move) = (selected, gs.tool) {
        reach_ui(&painter, scene, gs, &passage, who, view, &pal);
    }
    grid_paint::paint_walls(&painter, view, grid, &pal);

    // Tokens, each an interactive square.
    let carried = egui::DragAndDrop::payload::<TokenDrag>(ui.ctx()).map(|t| t.0);
    let mut hovered_token = None;
    for (c, f) in reach::footprints(state) {
        let Some(token) = cache.tokens.iter().find(|t| t.id == c.id) else { continue };
        let rect = view.rect(grid_paint::footprint_rect(f));
        if !canvas.intersects(rect) {
            continue;
        }
        let response = ui.interact(rect, Id::unique(("grid-token", c.id)), Sense::click_and_drag());
        let band = selected.filter(|s| s.id != c.id).map(|s| relation(scene, &sight, s, c));
        response.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::Role::Button, true, c.name.as_str());
            info.current_text_value = band.as_ref().map(|b| b.text.clone());
            info
        });
        if gs.tool == Tool::Move {
            if response.drag_started() {
                egui::DragAndDrop::set_payload(ui.ctx(), TokenDrag(c.id));
            }
            if response.clicked() && ui.input(|i| i.modifiers.shift) {
                // Shift-click picks it for harm to several at once.
                out.push(Action::TogglePick(c.id));
            } else if response.clicked() && scene.selected != Some(c.id) {
                out.push(Action::Select(Some(c.id)));
            }
        }
        if response.hovered() {
            hovered_token = Some(c);
        }
        let look = GridLook {
            selected: scene.selected == Some(c.id),
            carried: carried == Some(c.id),
            picked: scene.picked.contains(&c.id),
        };
        grid_paint::paint_token(&painter, rect, token, look, &pal);
        // Zoomed far out, squares are too small for words: the value is still there.
        if let Some(b) = band.filter(|_| rect.width() >= 28.0) {
            chip(&painter, rect, &b.short, b.cover, &pal);
        }
        response.context_menu(|ui| {
            crate::window::views::player_window::shown_menu_ui(ui, scene.state, c, out);
        });
        if !response.dragged() {
            response.on_hover_text(&c.name);
        }
    }

    // Hovering a target while one is selected: the corner lines of the cover ruling.
    if let (Some(from), Some(target), Tool::Move) = (selected, hovered_token, gs.tool)
        && from.id != target.id
        && carried.is_none()
    {
        corner_lines(&painter, &sight, from, target, view, &pal);
    }

    match gs.tool {
        Tool::Move => {
            super::grid_drag::drag_ui(ui, scene, &passage, pointer, pointer_square, view, out)
        }
        Tool::Walls => super::grid_tools::walls_ui(ui, grid, gs, pointer, view, canvas, out),
        Tool::Ground => super::grid_tools::ground_ui(ui, grid, gs, pointer_square, canvas, out),
    }
    if gs.tool != Tool::Move {
        tool_hint_ui(ui, canvas, gs.tool, &pal);
    }
}

/// With a drawing tool in hand, what it does, on a plate at the foot of the board (said to
/// assistive tools too), so the GM need not hover its button to learn it.
fn tool_hint_ui(ui: &egui::Ui, canvas: Rect, tool: Tool, pal: &Palette) {
    let text = format!("{}: {}", tool.label(), tool.hint());
    let font = FontId::proportional(15.0);
    let width = (canvas.width() - 24.0).max(60.0);
    let galley = ui.painter().layout(text.clone(), font, pal.text, width);
    let size = galley.size() + vec2(16.0, 8.0);
    let rect = Rect::from_min_size(canvas.left_bottom() + vec2(8.0, -size.y - 8.0), size);
    let p = ui.painter().with_clip_rect(canvas);
    p.rect_filled(rect, 6.0, pal.card);
    p.rect_stroke(rect, 6.0, Stroke::new(1.0, pal.accent), egui::StrokeKind::Inside);
    p.galley(rect.min + vec2(8.0, 4.0), galley, pal.text);
    let response = ui.interact(rect, Id::unique("grid-tool-hint"), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
}

/// What one token is to the selected one: distance, band and cover.
struct Relation {
    /// In full, for the token's value ("25 ft · Near", "25 ft · half cover").
    text: String,
    /// As the chip over the token says it, short enough for a square ("25 ft ½").
    short: String,
    cover: Cover,
}

fn relation(scene: &GridScene<'_>, sight: &Sight, from: &Combatant, to: &Combatant) -> Relation {
    let (Some(fa), Some(fb)) = (from.footprint(), to.footprint()) else {
        return Relation { text: String::new(), short: String::new(), cover: Cover::Hidden };
    };
    let feet = u32::from(fa.squares_to(fb)) * u32::from(scene.grid.feet);
    let cover = sight.cover(fa, fb);
    let band = scene.system.range_band(Some(Distance::Feet(feet))).label;
    let text = match cover {
        Cover::None => format!("{feet} ft · {band}"),
        Cover::Hidden => format!("{feet} ft · unseen"),
        other => format!("{feet} ft · {}", other.label()),
    };
    let short = match cover {
        Cover::None => format!("{feet} ft"),
        Cover::Half => format!("{feet} ft ½"),
        Cover::Full => format!("{feet} ft full"),
        Cover::Hidden => "unseen".to_owned(),
    };
    Relation { text, short, cover }
}

/// A small label over a token: its distance and cover from the selected one.
fn chip(p: &egui::Painter, rect: Rect, text: &str, cover: Cover, pal: &Palette) {
    let size = (rect.width() * 0.17).clamp(10.0, 14.0);
    let colour = match cover {
        Cover::None => pal.text,
        Cover::Half | Cover::Full => pal.mid,
        Cover::Hidden => pal.weak,
    };
    let galley = p.layout_no_wrap(text.to_owned(), FontId::proportional(size), colour);
    let at = pos2(rect.center().x, rect.min.y + 2.0);
    let bg = Rect::from_center_size(
        at + vec2(0.0, galley.size().y * 0.5),
        galley.size() + vec2(8.0, 2.0),
    );
    p.rect_filled(bg, 4.0, pal.card.gamma_multiply(0.92));
    p.galley(bg.center() - galley.size() * 0.5, galley, colour);
}

/// Tints the squares the selected token can reach with its move (or 30 ft).
fn reach_ui(
    p: &egui::Painter,
    scene: &GridScene<'_>,
    gs: &mut GridState,
    passage: &Passage,
    who: &Combatant,
    view: Transform,
    pal: &Palette,
) {
    let h = scene.session.history();
    let key = ReachKey { cursor: h.cursor(), stream: h.next_stream(), who: who.id };
    if gs.reach.as_ref().is_none_or(|(k, _)| *k != key) {
        let allowance = allowance_ft(who);
        let squares = match who.square {
            Some(from) => reach::moves(scene.state, passage, who).reachable(from, allowance),
            None => Vec::new(),
        };
        gs.reach = Some((key, squares));
    }
    let Some((_, squares)) = &gs.reach else { return };
    let tint = pal.accent.gamma_multiply(0.22);
    for (sq, _) in squares {
        p.rect_filled(view.rect(grid_paint::square_rect(*sq)).shrink(1.0), 2.0, tint);
    }
}

/// The feet a combatant may move in one go: its `move` stat, else one ordinary move.
fn allowance_ft(c: &Combatant) -> u32 {
    reach::move_allowance_ft(c).unwrap_or(DEFAULT_MOVE_FT)
}

/// From each corner of the target, the line the ruling found to the attacker (green), or a
/// dashed line to the attacker's centre where none reaches (red).
fn corner_lines(
    p: &egui::Painter,
    sight: &Sight,
    from: &Combatant,
    target: &Combatant,
    view: Transform,
    pal: &Palette,
) {
    let (Some(fa), Some(ft)) = (from.footprint(), target.footprint()) else { return };
    let (ra, rt) = (Region::of(fa), Region::of(ft));
    let to_screen =
        |(x, y): (i64, i64)| view.pos(pos2(x as f32, y as f32) * (SQUARE / UNIT as f32));
    let centre = to_screen(ra.centre());
    for corner in rt.corners() {
        let at = to_screen(corner);
        match sight.sees_region(corner, ra) {
            Some(dir) => {
                // Along the found direction until it enters the attacker's square.
                let d = vec2(dir.0 as f32, dir.1 as f32);
                let end = enter_point(corner, d, ra).map_or(centre, to_screen_f(view));
                p.line_segment([at, end], Stroke::new(2.0, pal.good));
            }
            None => {
                p.add(egui::Shape::dashed_line(&[at, centre], Stroke::new(1.5, pal.low), 6.0, 4.0));
            }
        }
        p.circle_filled(at, 3.0, pal.text);
    }
}

fn to_screen_f(view: Transform) -> impl Fn((f32, f32)) -> Pos2 {
    move |(x, y)| view.pos(pos2(x, y) * (SQUARE / UNIT as f32))
}

/// Where the ray from `q` along `d` enters the region (scaled units), for drawing.
fn enter_point(q: (i64, i64), d: egui::Vec2, r: Region) -> Option<(f32, f32)> {
    let (qx, qy) = (q.0 as f32, q.1 as f32);
    let mut t_in: f32 = 0.0;
    let mut t_out = f32::INFINITY;
    for (qc, dc, lo, hi) in
        [(qx, d.x, r.min.0 as f32, r.max.0 as f32), (qy, d.y, r.min.1 as f32, r.max.1 as f32)]
    {
        if dc == 0.0 {
            if qc < lo || qc > hi {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo - qc) / dc, (hi - qc) / dc);
        t_in = t_in.max(a.min(b));
        t_out = t_out.min(a.max(b));
    }
    (t_in <= t_out).then_some((qx + d.x * t_in, qy + d.y * t_in))
}

/// The battle map's texture (see [`crate::window::views::picture::PictureTexture`]).
fn map_texture(
    ctx: &egui::Context,
    scene: &GridScene<'_>,
    gs: &mut GridState,
) -> Option<egui::TextureId> {
    let key = &scene.grid.map.as_ref()?.image;
    gs.map_texture.texture(ctx, scene.session.db(), key)
}
