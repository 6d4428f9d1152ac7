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
///
/// One row as tall as a token, whatever it holds (issue 64: the first token taken off the
/// board once added a row and pushed the board up under the pointer): its name and count on
/// the left, the tokens after it, each in its place (they scroll sideways when many), and on
/// the right the room of the last message for the GM.
pub fn tray_ui(
    ui: &mut egui::Ui,
    model: &Model,
    cache: &Cache,
    slots: &mut Slots,
    out: &mut Vec<Action>,
    targets: &mut Vec<Target>,
) {
    let Some(session) = &model.session else { return };
    let frame_rect = ui.available_rect_before_wrap();
    let n = cache.off_board.len();
    let row = egui::Rect::from_min_size(
        frame_rect.min,
        // A token, and under it the room of the sideways scroll bar when there are many.
        egui::vec2(frame_rect.width(), COMPACT_TILE.y + ui.spacing().scroll.bar_width + 2.0),
    );
    ui.allocate_rect(row, egui::Sense::hover());
    // The name and count, in a column as wide as the name: the count never moves the tokens.
    let name_width = ui
        .painter()
        .layout_no_wrap(
            "Not on the board".into(),
            egui::TextStyle::Body.resolve(ui.style()),
            egui::Color32::PLACEHOLDER,
        )
        .size()
        .x
        + ui.spacing().item_spacing.x * 2.0;
    let (name, rest) = row.split_left_right_at_x(row.min.x + name_width);
    let mut name_ui = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(name)
            .layout(egui::Layout::top_down(egui::Align::Min).with_main_align(egui::Align::Center)),
    );
    name_ui.strong("Not on the board");
    name_ui.weak(if n == 0 { "nobody".to_owned() } else { format!("{n} here") });
    // The message on the right, in a room of its own whether it says something or not (it
    // never comes over a token): the GM's last message, else the hint.
    let width = (rest.width() * 0.45).min(520.0);
    let (tokens_room, message_room) = rest.split_left_right_at_x(rest.max.x - width);
    let mut message_ui = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(message_room)
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
    );
    message_ui.set_clip_rect(message_room.intersect(ui.clip_rect()));
    match &model.status {
        Some(status) => super::status_ui(&mut message_ui, model, status, out),
        None => {
            let hint = "Drag a token here to take it off the board.";
            message_ui.add(egui::Label::new(egui::RichText::new(hint).weak()).truncate());
        }
    }
    let mut tokens_ui = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(tokens_room)
            .layout(egui::Layout::left_to_right(egui::Align::Min)),
    );
    tokens_ui.set_clip_rect(tokens_room.intersect(ui.clip_rect()));
    if n > 0 {
        tokens_row_ui(&mut tokens_ui, model, session, cache, slots, out);
    }
    let rect = row;
    targets.push(Target { rect, zone: None });
    let (state, pal) = (session.state(), Palette::of(ui.visuals()));

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

/// The tray's tokens, each in its place (see [`Slots`]), scrolling sideways when many.
fn tokens_row_ui(
    ui: &mut egui::Ui,
    model: &Model,
    session: &fray_data::Session,
    cache: &Cache,
    slots: &mut Slots,
    out: &mut Vec<Action>,
) {
    let (state, selected) = (session.state(), model.selected);
    let pal = Palette::of(ui.visuals());
    egui::ScrollArea::horizontal().id_salt("board-tray").auto_shrink([false, true]).show(
        ui,
        |ui| {
            ui.horizontal(|ui| {
                // The tray keeps its size whatever the board's zoom: its own tokens.
                let ids: Vec<CombatantId> = cache.tray.iter().map(|t| t.id).collect();
                slots.follow(&ids);
                for slot in &slots.0 {
                    let (rect, _) = ui.allocate_exact_size(COMPACT_TILE, egui::Sense::hover());
                    let Some(token) = slot.and_then(|id| cache.tray.iter().find(|t| t.id == id))
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
