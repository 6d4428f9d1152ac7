//! The grid's drawing tools: walls (drawn corner to corner; a click makes a door or a window,
//! opens or closes a door; a right-click erases) and difficult ground (painted square by
//! square).

use super::geometry::Transform;
use super::grid_canvas::GridState;
use super::grid_paint::{self, SQUARE};
use super::palette::Palette;
use crate::window::Action;
use eframe::egui::{self, Id, Pos2, Rect, Sense, Stroke, vec2};
use fray_app::Command;
use fray_app::space::grid::{Axis, Edge, Grid, GridPos, WallKind};

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
pub(super) fn walls_ui(
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
    if let Some((e, at)) = gs.menu
        && wall_menu_ui(ui, e, at, out)
    {
        gs.menu = None;
    }
}

/// The menu of a wall clicked at `at`: what it becomes. True when it is to close (a choice
/// made, or Escape).
fn wall_menu_ui(ui: &egui::Ui, e: Edge, at: Pos2, out: &mut Vec<Action>) -> bool {
    let mut close = false;
    egui::Area::new(Id::unique("grid-wall-menu"))
        .fixed_pos(at)
        .order(egui::Order::Foreground)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                let [from, to] = e.ends();
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
    close || ui.input(|i| i.key_pressed(egui::Key::Escape))
}

/// The ground tool: press on a square to mark it difficult (or clear it, if it was), drag to
/// do the same to every square passed; one command per square on release.
pub(super) fn ground_ui(
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
