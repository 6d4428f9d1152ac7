//! A token (or a library entry, or the whole party) carried over the grid: the way and its
//! cost, or why not, beside the pointer; on release, the step, the placement or the new
//! combatants.

use super::geometry::Transform;
use super::grid_canvas::GridScene;
use super::grid_paint::{self, SQUARE};
use super::palette::Palette;
use super::token::TokenDrag;
use crate::window::Action;
use crate::window::views::library::{self, LibraryDrop};
use eframe::egui::{self, Color32, FontId, Pos2, Rect, Stroke, vec2};
use fray_app::Command;
use fray_app::reach;
use fray_app::space::grid::{Footprint, GridPos};
use fray_app::space::path::{MoveRefusal, Passage, Path};
use fray_app::system::System;

/// The top-left square a footprint of `size` takes when the pointer is over `square`: the
/// pointer's square is its middle (its top-left one for even sizes).
fn top_left_under(square: GridPos, size: u8) -> GridPos {
    let back = u16::from(size.saturating_sub(1) / 2);
    GridPos { x: square.x.saturating_sub(back), y: square.y.saturating_sub(back) }
}

/// A token (or a library entry) carried over the grid: the way and its cost, or why not; on
/// release, the step, the placement or the new combatant.
pub(super) fn drag_ui(
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
        let moves = reach::moves(scene.state, passage, c);
        let outcome: Result<Option<Path>, MoveRefusal> = match c.square {
            Some(from) if from == to => return,
            Some(from) => reach::step_path(&moves, c, from, to).map(Some),
            None => moves.can_end(to).map(|()| None),
        };
        paint_way(ui.painter(), view, c.size, to, &outcome, pointer, &pal);
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
        let squares = reach::spread(scene.state, square, party.members.len());
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

/// The way a carried token would take to `to` and its cost in feet, or where it would be
/// placed; or, refused, the square in the refusal colour with the reason by the pointer.
fn paint_way(
    p: &egui::Painter,
    view: Transform,
    size: u8,
    to: GridPos,
    outcome: &Result<Option<Path>, MoveRefusal>,
    pointer: Pos2,
    pal: &Palette,
) {
    let target = view.rect(grid_paint::footprint_rect(Footprint { at: to, size }));
    match outcome {
        Ok(path) => {
            if let Some(path) = path {
                let half = SQUARE * f32::from(size) * 0.5;
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
            label(p, pointer, &text, pal.accent, pal);
        }
        Err(why) => {
            p.rect_stroke(target, 4.0, Stroke::new(3.0, pal.refuse), egui::StrokeKind::Inside);
            label(p, pointer, &why.to_string(), pal.refuse, pal);
        }
    }
}

/// A party dropped on the grid: every member joins the party side, in order, on the squares
/// [`reach::spread`] found; those with no room left wait Not on the board, and the status
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
