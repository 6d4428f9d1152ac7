//! The grid board the GM works on: tokens dragged square to square along the cheapest way
//! (its cost shown while dragging, a refusal said before the drop), the selected token's reach
//! tinted and every other token marked with its distance and cover, the corner lines of the
//! cover ruling on hover, and the tools for walls, doors, windows and difficult ground.
//!
//! Drawing the board itself is [`super::grid_paint`]'s; this file adds the GM's hands.

use super::cache::Cache;
use super::geometry::Transform;
use super::grid_paint::{self, GridLook, SQUARE};
use super::palette::Palette;
use super::token::TokenDrag;
use crate::window::views::library::{self, LibraryDrop};
use crate::window::{Action, file_dialog};
use eframe::egui::{self, Color32, FontId, Id, Pos2, Rect, Sense, Stroke, pos2, vec2};
use fray_app::Command;
use fray_app::encounter::{Combatant, Encounter};
use fray_app::ids::CombatantId;
use fray_app::space::grid::{Axis, Edge, Footprint, Grid, GridPos, WallKind};
use fray_app::space::path::{MoveRefusal, Passage, Path};
use fray_app::space::sight::{Cover, Region, Sight, UNIT};
use fray_app::space::{self, Distance};
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
    wall_from: Option<(u16, u16)>,
    /// Ground being painted: difficult (`true`) or clear, and the squares done this drag.
    painting: Option<(bool, Vec<GridPos>)>,
    /// The wall whose menu is open (door or window?).
    menu: Option<(Edge, Pos2)>,
    /// The selected token's reach, for the state it was found in.
    reach: Option<(ReachKey, Vec<(GridPos, u32)>)>,
    /// The battle map's picture: being decoded, or on the GPU (by its key).
    map_texture: crate::window::views::picture::PictureTexture,
    /// The map form, when open.
    pub map_form: Option<MapForm>,
}

/// The map form: a file to load, and the picture's scale and place.
#[derive(Debug, Clone, Default)]
pub struct MapForm {
    /// A picture or Universal VTT file, as typed.
    path: String,
    /// Whether a Universal VTT file's object outlines (statues, furniture) become walls.
    objects_as_walls: bool,
    /// Squares the picture spans across.
    across: f32,
    /// Where its top-left corner lies, in squares.
    offset: (f32, f32),
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
    for (c, f) in space::footprints(state) {
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
        Tool::Move => drag_ui(ui, scene, &passage, pointer, pointer_square, view, out),
        Tool::Walls => walls_ui(ui, grid, gs, pointer, view, canvas, out),
        Tool::Ground => ground_ui(ui, grid, gs, pointer_square, canvas, out),
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
            Some(from) => space::moves(scene.state, passage, who).reachable(from, allowance),
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
    space::move_allowance_ft(c).unwrap_or(DEFAULT_MOVE_FT)
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

/// The top-left square a footprint of `size` takes when the pointer is over `square`: the
/// pointer's square is its middle (its top-left one for even sizes).
fn top_left_under(square: GridPos, size: u8) -> GridPos {
    let back = u16::from(size.saturating_sub(1) / 2);
    GridPos { x: square.x.saturating_sub(back), y: square.y.saturating_sub(back) }
}

/// A token (or a library entry) carried over the grid: the way and its cost, or why not; on
/// release, the step, the placement or the new combatant.
fn drag_ui(
    ui: &egui::Ui,
    scene: &GridScene<'_>,
    passage: &Passage,
    pointer: Option<Pos2>,
    square: Option<GridPos>,
    view: Transform,
    out: &mut Vec<Action>,
) {
    let ctx = ui.ctx().clone();
    let pal = Palette::of(ui.visuals());
    let released = ui.input(|i| i.pointer.any_released());
    if let Some(token) = egui::DragAndDrop::payload::<TokenDrag>(&ctx) {
        let Some(c) = scene.state.combatant(token.0) else { return };
        let (Some(square), Some(pointer)) = (square, pointer) else { return };
        let to = top_left_under(square, c.size);
        let moves = space::moves(scene.state, passage, c);
        let outcome: Result<Option<Path>, MoveRefusal> = match c.square {
            Some(from) if from == to => return,
            Some(from) => space::step_path(&moves, c, from, to).map(Some),
            None => moves.can_end(to).map(|()| None),
        };
        let p = ui.painter();
        let target = view.rect(grid_paint::footprint_rect(Footprint { at: to, size: c.size }));
        match &outcome {
            Ok(path) => {
                if let Some(path) = path {
                    let half = SQUARE * f32::from(c.size) * 0.5;
                    let points: Vec<Pos2> = path
                        .squares
                        .iter()
                        .map(|s| view.pos(grid_paint::square_rect(*s).min + vec2(half, half)))
                        .collect();
                    p.add(egui::Shape::line(points, Stroke::new(4.0, pal.accent)));
                }
                p.rect_stroke(target, 4.0, Stroke::new(3.0, pal.accent), egui::StrokeKind::Inside);
                let text =
                    path.as_ref().map_or("place here".to_owned(), |p| format!("{} ft", p.cost_ft));
                label(p, pointer, &text, pal.accent, &pal);
            }
            Err(why) => {
                p.rect_stroke(target, 4.0, Stroke::new(3.0, pal.refuse), egui::StrokeKind::Inside);
                label(p, pointer, &why.to_string(), pal.refuse, &pal);
            }
        }
        if released {
            egui::DragAndDrop::clear_payload(&ctx);
            // A refused move is tried anyway: the rules say why in the status line, and
            // nothing changes.
            let command = match c.square {
                Some(_) => Command::Step { id: c.id, to },
                None => Command::Place { id: c.id, at: Some(to) },
            };
            out.push(Action::Game(command));
        }
    } else if let Some(entry) = egui::DragAndDrop::payload::<LibraryDrop>(&ctx)
        && let Some(square) = square
    {
        let p = ui.painter();
        p.rect_stroke(
            view.rect(grid_paint::square_rect(square)),
            4.0,
            Stroke::new(3.0, pal.accent),
            egui::StrokeKind::Inside,
        );
        if released {
            egui::DragAndDrop::clear_payload(&ctx);
            let mut action = library::dropped_combatant(&entry, scene.system, None);
            if let Action::AddCombatant { combatant, .. } = &mut action {
                combatant.square = Some(square);
            }
            out.push(action);
        }
    } else if let Some(party) = egui::DragAndDrop::payload::<library::prep::PartyDrop>(&ctx)
        && let Some(square) = square
    {
        let squares = space::spread(scene.state, square, party.members.len());
        let p = ui.painter();
        for at in &squares {
            let rect = view.rect(grid_paint::square_rect(*at));
            p.rect_stroke(rect, 4.0, Stroke::new(3.0, pal.accent), egui::StrokeKind::Inside);
        }
        if let Some(pointer) = pointer {
            label(p, pointer, &party.name, pal.accent, &pal);
        }
        if released {
            egui::DragAndDrop::clear_payload(&ctx);
            party_drop(&party, scene.system, &squares, out);
        }
    }
}

/// A party dropped on the grid: every member joins the party side, in order, on the squares
/// [`space::spread`] found; those with no room left wait Not on the board, and the status
/// line says who.
fn party_drop(
    party: &library::prep::PartyDrop,
    system: &dyn System,
    squares: &[GridPos],
    out: &mut Vec<Action>,
) {
    let mut waiting = Vec::new();
    for (i, entry) in party.members.iter().enumerate() {
        let one = LibraryDrop { entry: entry.clone(), count: 1, detachment: false };
        let mut action = library::dropped_combatant(&one, system, None);
        if let Action::AddCombatant { combatant, .. } = &mut action {
            combatant.square = squares.get(i).copied();
        }
        if i >= squares.len() {
            waiting.push(entry.combatant.name.clone());
        }
        out.push(action);
    }
    if !waiting.is_empty() {
        out.push(Action::Notice(format!(
            "No room left around that square: {} wait{} Not on the board",
            waiting.join(", "),
            if waiting.len() == 1 { "s" } else { "" }
        )));
    }
}

/// A label near the pointer, on a plate.
fn label(p: &egui::Painter, at: Pos2, text: &str, colour: Color32, pal: &Palette) {
    let galley = p.layout_no_wrap(text.to_owned(), FontId::proportional(17.0), colour);
    let rect = Rect::from_min_size(at + vec2(18.0, 12.0), galley.size() + vec2(12.0, 6.0));
    p.rect_filled(rect, 5.0, pal.card);
    p.rect_stroke(rect, 5.0, Stroke::new(1.5, colour), egui::StrokeKind::Inside);
    p.galley(rect.min + vec2(6.0, 3.0), galley, colour);
}

/// The nearest grid edge to a board point, if the point is near enough to a line.
fn edge_near(grid: &Grid, board: Pos2) -> Option<Edge> {
    let (fx, fy) = (board.x / SQUARE, board.y / SQUARE);
    let (dx, dy) = ((fx - fx.round()).abs(), (fy - fy.round()).abs());
    let near = 0.18;
    let edge = if dx < dy && dx < near {
        Edge { x: fx.round().max(0.0) as u16, y: fy.floor().max(0.0) as u16, axis: Axis::Vertical }
    } else if dy < near {
        Edge {
            x: fx.floor().max(0.0) as u16,
            y: fy.round().max(0.0) as u16,
            axis: Axis::Horizontal,
        }
    } else {
        return None;
    };
    grid.has_edge(edge).then_some(edge)
}

/// The wall tool: drag from corner to corner along a line to draw; click a wall for a door or
/// window, a door to open or close it; right-click to erase.
fn walls_ui(
    ui: &egui::Ui,
    grid: &Grid,
    gs: &mut GridState,
    pointer: Option<Pos2>,
    view: Transform,
    canvas: Rect,
    out: &mut Vec<Action>,
) {
    let pal = Palette::of(ui.visuals());
    let response = ui.interact(canvas, Id::unique("grid-walls"), Sense::click_and_drag());
    let board = pointer.map(|p| view.board_pos(p));
    if response.drag_started()
        && let Some(press) = ui.input(|i| i.pointer.press_origin())
    {
        gs.wall_from = Some(grid_paint::corner_at(grid, view.board_pos(press)));
        gs.menu = None;
    }
    if let (Some(from), Some(board)) = (gs.wall_from, board) {
        // Along the row or the column the pointer is nearer.
        let to = grid_paint::corner_at(grid, board);
        let to = if to.0.abs_diff(from.0) >= to.1.abs_diff(from.1) {
            (to.0, from.1)
        } else {
            (from.0, to.1)
        };
        let (a, b) = (view.pos(grid_paint::corner_pos(from)), view.pos(grid_paint::corner_pos(to)));
        ui.painter().line_segment([a, b], Stroke::new((6.0 * view.zoom).max(3.0), pal.accent));
        if response.drag_stopped() {
            gs.wall_from = None;
            if to != from {
                out.push(Action::Game(Command::SetWalls { from, to, kind: Some(WallKind::Wall) }));
            }
        }
    }
    let edge = board.and_then(|b| edge_near(grid, b));
    if let Some(e) = edge.filter(|_| gs.wall_from.is_none()) {
        let [a, b] = e.ends();
        let (a, b) = (view.pos(grid_paint::corner_pos(a)), view.pos(grid_paint::corner_pos(b)));
        ui.painter().line_segment([a, b], Stroke::new(2.0, pal.accent));
    }
    let one = |e: Edge| ((e.ends()[0]), (e.ends()[1]));
    if response.clicked()
        && let Some(e) = edge
    {
        let (from, to) = one(e);
        match grid.wall(e) {
            Some(WallKind::Door { open }) => out.push(Action::Game(Command::SetWalls {
                from,
                to,
                kind: Some(WallKind::Door { open: !open }),
            })),
            Some(_) => gs.menu = pointer.map(|p| (e, p)),
            None => {
                out.push(Action::Game(Command::SetWalls { from, to, kind: Some(WallKind::Wall) }))
            }
        }
    }
    if response.secondary_clicked()
        && let Some(e) = edge.filter(|e| grid.wall(*e).is_some())
    {
        let (from, to) = one(e);
        out.push(Action::Game(Command::SetWalls { from, to, kind: None }));
        gs.menu = None;
    }
    if let Some((e, at)) = gs.menu {
        let mut close = false;
        egui::Area::new(Id::unique("grid-wall-menu"))
            .fixed_pos(at)
            .order(egui::Order::Foreground)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    let (from, to) = one(e);
                    for (text, kind) in [
                        ("Door (closed)", Some(WallKind::Door { open: false })),
                        ("Window", Some(WallKind::Window)),
                        ("Wall", Some(WallKind::Wall)),
                        ("Erase", None),
                    ] {
                        if ui.add(egui::Button::new(text).min_size(vec2(150.0, 32.0))).clicked() {
                            out.push(Action::Game(Command::SetWalls { from, to, kind }));
                            close = true;
                        }
                    }
                });
            });
        if close || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            gs.menu = None;
        }
    }
}

/// The ground tool: press on a square to mark it difficult (or clear it, if it was), drag to
/// do the same to every square passed; one command per square on release.
fn ground_ui(
    ui: &egui::Ui,
    grid: &Grid,
    gs: &mut GridState,
    square: Option<GridPos>,
    canvas: Rect,
    out: &mut Vec<Action>,
) {
    // Over the board's background: a drag paints instead of panning.
    let _ = ui.interact(canvas, Id::unique("grid-ground"), Sense::click_and_drag());
    let (pressed, down, released) = ui.input(|i| {
        (i.pointer.primary_pressed(), i.pointer.primary_down(), i.pointer.primary_released())
    });
    if pressed && let Some(sq) = square {
        gs.painting = Some((!grid.is_difficult(sq), vec![sq]));
    }
    if down
        && let (Some((_, done)), Some(sq)) = (&mut gs.painting, square)
        && !done.contains(&sq)
    {
        done.push(sq);
    }
    if let Some((on, done)) = &gs.painting
        && (released || !down)
    {
        for sq in done {
            out.push(Action::Game(Command::SetDifficult { at: *sq, width: 1, height: 1, on: *on }));
        }
        gs.painting = None;
    }
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

/// The map form: load a picture or a Universal VTT file; scale and move the picture.
pub fn map_form_ui(ui: &mut egui::Ui, grid: &Grid, gs: &mut GridState, out: &mut Vec<Action>) {
    let Some(form) = &mut gs.map_form else { return };
    let mut open = true;
    egui::Window::new("Battle map")
        .id(egui::Id::unique("battle-map-form"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_width(560.0)
        .show(ui.ctx(), |ui| {
            ui.set_width(560.0);
            ui.label("A picture (PNG, JPEG, WebP) goes under the grid; a Universal VTT file (.dd2vtt, .uvtt, or any name) becomes the whole board: squares, walls, doors and picture. What Fray moved or left out is said once it is loaded.");
            ui.add_space(6.0);
            let label = ui.label("Map file");
            ui.horizontal(|ui| {
                if ui.button("Browse…").clicked()
                    && let Some(path) = file_dialog::pick(file_dialog::Files {
                        kind: "map",
                        title: "Choose a battle map",
                        filter: "Maps",
                        extensions: &["png", "jpg", "jpeg", "webp", "dd2vtt", "uvtt", "df2vtt", "json"],
                    })
                {
                    form.path = path.display().to_string();
                }
                ui.add(egui::TextEdit::singleline(&mut form.path).desired_width(ui.available_width()))
                    .labelled_by(label.id);
            });
            ui.checkbox(
                &mut form.objects_as_walls,
                "Object outlines (statues, furniture) as walls; left open otherwise",
            );
            let path = form.path.trim();
            if ui.add_enabled(!path.is_empty(), egui::Button::new("Load")).clicked() {
                let objects = if form.objects_as_walls {
                    crate::uvtt::Objects::Walls
                } else {
                    crate::uvtt::Objects::Ignore
                };
                out.push(Action::LoadMap(std::path::PathBuf::from(path), objects));
            }
            if let Some(m) = &grid.map {
                ui.separator();
                if form.across <= 0.0 {
                    form.across = m.width_squares;
                    form.offset = (m.offset_x, m.offset_y);
                }
                ui.horizontal(|ui| {
                    let l = ui.label("Squares across");
                    ui.add(egui::DragValue::new(&mut form.across).range(1.0..=1000.0).speed(0.05)).labelled_by(l.id);
                    let l = ui.label("Offset");
                    ui.add(egui::DragValue::new(&mut form.offset.0).range(-1000.0..=1000.0).speed(0.02)).labelled_by(l.id);
                    ui.add(egui::DragValue::new(&mut form.offset.1).range(-1000.0..=1000.0).speed(0.02));
                });
                ui.horizontal(|ui| {
                    if ui.button("Apply").clicked() {
                        let scale = form.across / m.width_squares;
                        let map = fray_app::space::grid::BattleMap {
                            image: m.image.clone(),
                            width_squares: form.across,
                            height_squares: m.height_squares * scale,
                            offset_x: form.offset.0,
                            offset_y: form.offset.1,
                        };
                        out.push(Action::Game(Command::SetMap { map: Some(map) }));
                    }
                    if ui.button("Remove the map").clicked() {
                        out.push(Action::Game(Command::SetMap { map: None }));
                    }
                });
            }
        });
    if !open {
        gs.map_form = None;
    }
}
