//! The parties at the top of the Characters tab: one row per party ("The crown hunters · 4")
//! that drags onto a zone in one go, every member joining the party side.

use super::super::entries::{Entry, summary};
use crate::window::Model;
use eframe::egui::{self, Color32, CornerRadius, Id, RichText, Sense, vec2};
use fray_app::ids::SideId;
use fray_app::ids::SystemId;
use std::sync::Arc;

/// What the GM drags from a party row: every member, each to add once.
#[derive(Debug, Clone)]
pub struct PartyDrop {
    /// The party's name.
    pub name: String,
    /// Its members of the encounter's system, ready to drop.
    pub members: Vec<Arc<Entry>>,
}

/// Widget state of the party rows.
#[derive(Default)]
pub struct PartiesView {
    /// The parties (name, members) and the (system, library version) they were read for.
    list: super::ReadFor<Vec<(String, u32)>>,
}

/// Draws the parties of `system` as draggable rows (nothing when there is none).
pub fn parties_ui(ui: &mut egui::Ui, model: &Model, system: SystemId, view: &mut PartiesView) {
    let key = (system, model.library_version);
    if view.list.as_ref().is_none_or(|(k, _)| *k != key) {
        let list = model.db.characters().parties(Some(system)).unwrap_or_default();
        view.list = Some((key, list));
    }
    let Some((_, parties)) = &view.list else { return };
    if parties.is_empty() {
        return;
    }
    let on_grid = model.session.as_ref().is_some_and(|s| s.state().grid.is_some());
    let onto = if on_grid { "onto a square" } else { "onto a zone" };
    ui.label(RichText::new(format!("Parties: drag one {onto} to bring everyone")).weak());
    for (name, count) in parties {
        party_row_ui(ui, model, system, name, *count);
    }
    ui.add_space(4.0);
}

fn party_row_ui(ui: &mut egui::Ui, model: &Model, system: SystemId, name: &str, count: u32) {
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), 36.0), Sense::hover());
    let id = Id::unique(("library-party", name));
    let response = ui.interact(rect, id, Sense::drag()).on_hover_cursor(egui::CursorIcon::Grab);
    let label = format!("{name} · {count}");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label.as_str()));
    if response.drag_started() {
        let members = model
            .db
            .characters()
            .party(name)
            .unwrap_or_default()
            .into_iter()
            .filter(|c| c.system == system)
            .map(|c| {
                let combatant = c.to_combatant(SideId(0));
                Arc::new(Entry {
                    key: format!("character:{}", c.id.0),
                    stored: crate::window::library_ops::EntryRef::Character(c.id),
                    summary: summary(&combatant, c.party.as_deref()),
                    name: c.name,
                    party: true,
                    recurring: false,
                    combatant,
                })
            })
            .collect();
        egui::DragAndDrop::set_payload(ui.ctx(), PartyDrop { name: name.to_owned(), members });
    }
    let carried = response.dragged();
    super::super::row::plate_ui(ui, rect, response.hovered() || carried);
    let visuals = ui.visuals();
    let painter = ui.painter();
    let font = egui::TextStyle::Body.resolve(ui.style());
    painter.text(
        rect.left_center() + vec2(10.0, 0.0),
        egui::Align2::LEFT_CENTER,
        &label,
        font.clone(),
        visuals.strong_text_color(),
    );
    if carried && let Some(pos) = ui.ctx().pointer_interact_pos() {
        let layer = egui::LayerId::new(egui::Order::Tooltip, Id::unique("library-party-ghost"));
        let painter = ui.ctx().layer_painter(layer);
        let galley = painter.layout_no_wrap(label, font, visuals.strong_text_color());
        let r = egui::Align2::LEFT_TOP
            .anchor_size(pos + vec2(14.0, 10.0), galley.size())
            .expand2(vec2(10.0, 6.0));
        painter.rect_filled(r, CornerRadius::same(12), visuals.widgets.active.weak_bg_fill);
        painter.galley(r.min + vec2(10.0, 6.0), galley, Color32::PLACEHOLDER);
    }
}
