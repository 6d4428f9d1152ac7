//! The turn order as a compact list: the place acting now highlighted, each place's count
//! in front (or its number), the reason in small text, conditions at a glance. Clicking a name shows that combatant's
//! card. Only the visible rows are drawn, so a big fight costs no more than a small one, and
//! the list follows the turn.

use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_app::Encounter;
use fray_app::encounter::OrderEntry;

/// Tallest the list grows before it scrolls.
const MAX_HEIGHT: f32 = 300.0;
/// Width of the count leading a row of a counted order: room for "-12".
const COUNT_WIDTH: f32 = 36.0;
/// Inner vertical margin of a row's frame.
const ROW_MARGIN: i8 = 2;

/// Draws the turn order under a collapsible header.
pub(super) fn order_ui(ui: &mut egui::Ui, model: &Model, state: &Encounter, out: &mut Vec<Action>) {
    egui::CollapsingHeader::new(RichText::new("Turn order").strong())
        .id_salt("stepper-turn-order")
        .default_open(true)
        .show(ui, |ui| {
            if let Some(why) = state.system().order_waits(state) {
                // Last round's order would show last round's plans.
                ui.label(RichText::new(format!("This round's order: {why}")).small().weak());
                return;
            }
            if state.order.is_empty() {
                ui.label(RichText::new("No order yet").small().weak());
                return;
            }
            let row_height = ui.spacing().interact_size.y + 2.0 * f32::from(ROW_MARGIN);
            let mut area = egui::ScrollArea::vertical()
                .id_salt("stepper-turn-order-rows")
                .max_height(MAX_HEIGHT)
                .auto_shrink([false, true]);
            // When the turn moves out of view, bring the new place into view (egui memory
            // keeps which turn the list last followed; the stepper has no view state of its
            // own). A place already in view leaves the list where it is: the names under the
            // pointer stay.
            let followed = ui.make_persistent_id("stepper-turn-order-followed");
            if ui.data(|d| d.get_temp::<Option<usize>>(followed)) != Some(state.turn) {
                ui.data_mut(|d| d.insert_temp(followed, state.turn));
                let spaced = row_height + ui.spacing().item_spacing.y;
                let rows = ui.make_persistent_id("stepper-turn-order-rows");
                let offset = egui::scroll_area::State::load(ui.ctx(), rows)
                    .map_or(0.0, |s| s.clamped_offset().y);
                let shown = MAX_HEIGHT.min(state.order.len() as f32 * spaced);
                if let Some(turn) = state.turn {
                    let top = turn as f32 * spaced;
                    if top < offset || top + row_height > offset + shown {
                        area = area.vertical_scroll_offset((turn as f32 - 1.0).max(0.0) * spaced);
                    }
                }
            }
            area.show_rows(ui, row_height, state.order.len(), |ui, rows| {
                for index in rows {
                    entry_ui(ui, model, state, index, &state.order[index], row_height, out);
                }
            });
        });
}

/// One place of the order, on one line: count (or number), whether several act together,
/// names with their conditions, then the reason.
fn entry_ui(
    ui: &mut egui::Ui,
    model: &Model,
    state: &Encounter,
    index: usize,
    entry: &OrderEntry,
    row_height: f32,
    out: &mut Vec<Action>,
) {
    let current = state.turn == Some(index);
    let visuals = ui.visuals();
    let fill = if current { visuals.selection.bg_fill } else { egui::Color32::TRANSPARENT };
    let text_colour = if current { Some(visuals.selection.stroke.color) } else { None };
    let weak = |text: RichText| match text_colour {
        Some(c) => text.color(c),
        None => text.weak(),
    };
    let frame = egui::Frame::new()
        .fill(fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(6, ROW_MARGIN));
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.set_height(row_height - 2.0 * f32::from(ROW_MARGIN));
        ui.horizontal_centered(|ui| {
            // A counted order (d12) leads with the count, big enough to read from afar;
            // others number their places.
            match entry.count {
                Some(count) => {
                    let text = RichText::new(count.to_string()).size(20.0).strong();
                    let text = match text_colour {
                        Some(c) => text.color(c),
                        None => text,
                    };
                    ui.add_sized([COUNT_WIDTH, ui.available_height()], egui::Label::new(text))
                        .on_hover_text(format!("Count {count}"));
                }
                None => {
                    ui.label(weak(RichText::new(format!("{}.", index + 1))));
                }
            }
            // Several at one count act at once; said before the names, so it cannot be
            // read with a condition after them ("dying together").
            if entry.count.is_some() && entry.combatants.len() > 1 {
                ui.label(weak(RichText::new("together:").small()));
            }
            for (i, id) in entry.combatants.iter().enumerate() {
                if i > 0 {
                    ui.label(weak(RichText::new("·")));
                }
                let mut name = RichText::new(state.name_of(*id));
                if current {
                    name = name.strong();
                }
                if let Some(c) = text_colour {
                    name = name.color(c);
                }
                let selected = model.selected == Some(*id);
                let button = egui::Button::selectable(selected, name).frame_when_inactive(false);
                if ui.add(button).on_hover_text("Show the card").clicked() {
                    out.push(Action::Select(Some(*id)));
                }
                // Conditions at a glance: who is down, fled or stunned.
                let conditions = state.combatant(*id).map(|c| &c.conditions);
                if let Some(conditions) = conditions.filter(|c| !c.is_empty()) {
                    let list: Vec<&str> = conditions.iter().map(String::as_str).collect();
                    let colour = text_colour.unwrap_or(ui.visuals().warn_fg_color);
                    ui.label(RichText::new(list.join(", ")).small().italics().color(colour));
                }
            }
            let mut notes = Vec::new();
            if !entry.reason.is_empty() {
                notes.push(entry.reason.clone());
            }
            if !notes.is_empty() {
                // Cut short, never wrapped or widened: a long reason (several acting
                // together) must not push the panel wider; the hover shows it whole.
                let text = notes.join(" · ");
                ui.add(egui::Label::new(weak(RichText::new(&text).small())).truncate())
                    .on_hover_text(text);
            }
        });
    });
}
