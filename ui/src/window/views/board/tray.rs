//! The "Not on the board" tray: combatants without a zone, to drag onto one; dropping a
//! token here takes it off the board. Each token keeps its place in the tray: one dropped on
//! the board leaves a gap (the tokens after it stay under the pointer), a new one comes at
//! the end.

use super::Target;
use super::cache::Cache;
use super::geometry::COMPACT_TILE;
use super::palette::Palette;
use super::token::{self, Look, TokenDrag};
use crate::window::views::library::LibraryDrop;
use crate::window::{Action, Model};
use eframe::egui::{self, CornerRadius, Stroke, StrokeKind};
use fray_app::ids::CombatantId;

/// Who stands in each of the tray's places, in order; `None` is a gap.
#[derive(Default)]
pub struct Slots(Vec<Option<CombatantId>>);

impl Slots {
    /// The places for the tokens `now` in the tray: who left leaves a gap, who came takes a
    /// new place at the end; gaps at the end go (nothing after them to keep in place).
    fn follow(&mut self, now: &[CombatantId]) {
        for slot in &mut self.0 {
            if slot.is_some_and(|id| !now.contains(&id)) {
                *slot = None;
            }
        }
        for id in now {
            if !self.0.contains(&Some(*id)) {
                self.0.push(Some(*id));
            }
        }
        while self.0.last().is_some_and(Option::is_none) {
            self.0.pop();
        }
    }
}

/// Draws the tray and records it as a drop target.
pub fn tray_ui(
    ui: &mut egui::Ui,
    model: &Model,
    cache: &Cache,
    slots: &mut Slots,
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
        // As tall with a status line and its button as with the hint: the board stays.
        ui.set_min_height(34.0);
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
                    let ids: Vec<CombatantId> = cache.tray.iter().map(|t| t.id).collect();
                    slots.follow(&ids);
                    for slot in &slots.0 {
                        let (rect, _) = ui.allocate_exact_size(COMPACT_TILE, egui::Sense::hover());
                        let Some(token) =
                            slot.and_then(|id| cache.tray.iter().find(|t| t.id == id))
                        else {
                            continue;
                        };
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
