//! The "Not on the board" tray: combatants without a zone, to drag onto one; dropping a
//! token here takes it off the board.

use super::Target;
use super::cache::Cache;
use super::geometry::COMPACT_TILE;
use super::palette::Palette;
use super::token::{self, Look, TokenDrag};
use crate::window::views::library::LibraryDrop;
use crate::window::{Action, Model};
use eframe::egui::{self, CornerRadius, Stroke, StrokeKind};

/// Draws the tray and records it as a drop target.
pub fn tray_ui(
    ui: &mut egui::Ui,
    model: &Model,
    cache: &Cache,
    out: &mut Vec<Action>,
    targets: &mut Vec<Target>,
) {
    let Some(session) = &model.session else { return };
    let (state, selected) = (session.state(), model.selected);
    let pal = Palette::of(ui.visuals());
    let frame_rect = ui.available_rect_before_wrap();
    let n = cache.off_board.len();
    ui.horizontal(|ui| {
        // Empty, the tray is this one line (the board keeps the height): still a drop target.
        ui.set_min_height(if n == 0 { 34.0 } else { 0.0 });
        ui.strong("Not on the board");
        if n > 0 {
            ui.weak(format!("({n})"));
        }
        // The last message for the GM stands where the hint does, in this line.
        if let Some(status) = &model.status {
            super::status_ui(ui, model, status, out);
            return;
        }
        let hint = if n == 0 {
            "Nobody. Drag a token here to take it off the board."
        } else {
            "Drag a token here to take it off the board."
        };
        ui.add(egui::Label::new(egui::RichText::new(hint).weak()).truncate());
    });
    if n > 0 {
        egui::ScrollArea::horizontal().id_salt("board-tray").auto_shrink([false, true]).show(
            ui,
            |ui| {
                ui.horizontal(|ui| {
                    // The tray keeps its size whatever the board's zoom: its own tokens.
                    for token in &cache.tray {
                        let (rect, _) = ui.allocate_exact_size(COMPACT_TILE, egui::Sense::hover());
                        let selected = selected == Some(token.id);
                        let look = Look {
                            compact: true,
                            selected,
                            picked: false,
                            acting: token.acting,
                            band: None,
                            zoom: 1.0,
                        };
                        let response = token::token_ui(ui, rect, token, &look, &pal, state);
                        if response.clicked() && !selected {
                            out.push(Action::Select(Some(token.id)));
                        }
                    }
                });
            },
        );
    }
    let rect = frame_rect.with_max_y(ui.min_rect().max.y);
    targets.push(Target { rect, zone: None });

    // Highlight the tray when a token from a zone (or a library entry) is carried over it.
    let over = ui.rect_contains_pointer(rect);
    let token_from_zone = egui::DragAndDrop::payload::<TokenDrag>(ui.ctx())
        .is_some_and(|t| state.combatant(t.0).is_some_and(|c| c.zone.is_some()));
    let entry = egui::DragAndDrop::has_payload_of_type::<LibraryDrop>(ui.ctx());
    if over && (token_from_zone || entry) {
        ui.painter().rect_stroke(
            rect.expand(2.0),
            CornerRadius::same(6),
            Stroke::new(3.0, pal.accent),
            StrokeKind::Outside,
        );
    }
}
