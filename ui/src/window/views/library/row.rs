//! One entry of the library's list: its name and numbers, dragged onto the board (a pill
//! follows the pointer), double-clicked to edit, right-clicked for Edit, Duplicate, Delete,
//! Export and the recurring-foe switch.

use super::{DeleteConfirm, Entry, LibraryDrop, ROW_HEIGHT};
use crate::window::library_ops::{EntryRef, LibraryAction};
use crate::window::{Action, file_dialog};
use eframe::egui::{self, Align2, Color32, CornerRadius, Id, Sense, Stroke, TextStyle, vec2};
use std::sync::Arc;

/// One draggable entry: its name and a few numbers. Dragging it carries a [`LibraryDrop`];
/// the board adds the combatants where it is released. Double-click edits it; right-click
/// offers Edit, Duplicate and Delete.
pub(super) fn entry_row_ui(
    ui: &mut egui::Ui,
    entry: &Arc<Entry>,
    drag: Drag,
    confirm: &mut Option<DeleteConfirm>,
    out: &mut Vec<Action>,
) {
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), ROW_HEIGHT), Sense::hover());
    let id = Id::unique(("library-entry", &entry.key));
    let sense = if drag.droppable { Sense::click_and_drag() } else { Sense::click() };
    let cursor = if drag.droppable { egui::CursorIcon::Grab } else { egui::CursorIcon::Default };
    let response = ui.interact(rect, id, sense).on_hover_cursor(cursor);
    if let Some(stored) = entry.stored() {
        if response.double_clicked() {
            out.push(Action::Library(LibraryAction::Edit(stored)));
        }
        response.context_menu(|ui| {
            entry_menu_ui(ui, stored, &entry.name, confirm, out);
            recurring_ui(ui, stored, entry.recurring, out);
        });
    }
    // The key numbers are the row's value for assistive tools (and the tests).
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::Role::Button, true, entry.name.as_str());
        info.current_text_value = Some(entry.summary.clone());
        info
    });
    if response.drag_started() {
        let payload =
            LibraryDrop { entry: entry.clone(), count: drag.count, detachment: drag.detachment };
        egui::DragAndDrop::set_payload(ui.ctx(), payload);
    }
    let carried =
        response.dragged() && egui::DragAndDrop::has_payload_of_type::<LibraryDrop>(ui.ctx());

    if !ui.is_rect_visible(rect) {
        return;
    }
    plate_ui(ui, rect, response.hovered() || carried);
    let visuals = ui.visuals();
    let painter = ui.painter();
    let body = TextStyle::Body.resolve(ui.style());
    let small = TextStyle::Small.resolve(ui.style());
    let text_w = rect.width() - 20.0;
    // One line each, cut with "…": a row has a fixed height (the list is virtualised), so a
    // wrapped summary would spill into the next row.
    let line = |text: &str, font: egui::FontId, colour: Color32| {
        let mut job = egui::text::LayoutJob::simple_singleline(text.to_owned(), font, colour);
        job.wrap = egui::text::TextWrapping::truncate_at_width(text_w);
        ui.fonts_mut(|f| f.layout_job(job))
    };
    let name = line(&entry.name, body.clone(), visuals.strong_text_color());
    painter.galley(rect.min + vec2(10.0, 6.0), name, Color32::PLACEHOLDER);
    let summary = line(&entry.summary, small, visuals.weak_text_color());
    painter.galley(rect.min + vec2(10.0, 6.0 + body.size + 6.0), summary, Color32::PLACEHOLDER);

    if carried {
        ghost_ui(ui, &entry.name, drag.count);
    }
}

/// The pill following the pointer while an entry is dragged.
fn ghost_ui(ui: &egui::Ui, name: &str, count: u32) {
    let Some(pos) = ui.ctx().pointer_interact_pos() else { return };
    let painter = ui
        .ctx()
        .layer_painter(egui::LayerId::new(egui::Order::Tooltip, Id::unique("library-ghost")));
    let text = if count > 1 { format!("{name} ×{count}") } else { name.to_owned() };
    let font = TextStyle::Body.resolve(ui.style());
    let visuals = ui.visuals();
    let galley = painter.layout_no_wrap(text, font, visuals.strong_text_color());
    let rect = Align2::LEFT_TOP
        .anchor_size(pos + vec2(14.0, 10.0), galley.size())
        .expand2(vec2(10.0, 6.0));
    painter.rect(
        rect,
        CornerRadius::same(12),
        visuals.widgets.active.weak_bg_fill,
        Stroke::new(1.5, visuals.selection.stroke.color),
        egui::StrokeKind::Outside,
    );
    painter.galley(rect.min + vec2(10.0, 6.0), galley, Color32::PLACEHOLDER);
}

/// What a drag carries besides the entry.
#[derive(Debug, Clone, Copy)]
pub(super) struct Drag {
    pub count: u32,
    pub detachment: bool,
    /// Whether the board accepts the list's entries (an encounter of their system is open).
    pub droppable: bool,
}

/// A creature's switch between a template (every one enters fresh) and a recurring foe (it
/// carries its condition from fight to fight, like a character).
fn recurring_ui(ui: &mut egui::Ui, entry: EntryRef, recurring: bool, out: &mut Vec<Action>) {
    let EntryRef::Creature(id) = entry else { return };
    let (text, hover) = if recurring {
        (
            "Plain again (enters fresh)",
            "Forget its condition: every one enters as its stat block says",
        )
    } else {
        ("Recurring foe", "It carries its harm from fight to fight, like a character")
    };
    if ui.button(text).on_hover_text(hover).clicked() {
        out.push(Action::Library(LibraryAction::SetRecurring { id, recurring: !recurring }));
    }
}

/// The row's context menu (Export can hook in here later).
fn entry_menu_ui(
    ui: &mut egui::Ui,
    entry: EntryRef,
    name: &str,
    confirm: &mut Option<DeleteConfirm>,
    out: &mut Vec<Action>,
) {
    // Named for assistive tools: the encounter bar has its own Duplicate and Delete.
    if ui.button("Edit").accessible_name(format!("Edit {name}")).clicked() {
        out.push(Action::Library(LibraryAction::Edit(entry)));
    }
    if ui.button("Duplicate").accessible_name(format!("Duplicate {name}")).clicked() {
        out.push(Action::Library(LibraryAction::Duplicate { entry, edit: false }));
    }
    if ui.button("Delete…").accessible_name(format!("Delete {name}…")).clicked() {
        *confirm = Some(DeleteConfirm { entry, name: name.to_owned() });
    }
    if ui
        .button("Export Markdown…")
        .accessible_name(format!("Export {name} as Markdown…"))
        .clicked()
    {
        // The file dialog only picks the path; the action writes the file.
        let files = file_dialog::Files {
            kind: "stat block",
            title: "Export the stat block as Markdown",
            filter: "Markdown",
            extensions: &["md"],
        };
        let save_as = file_dialog::SaveAs { name, fallback: "stat block", folder: None };
        let picked = file_dialog::save(files, save_as);
        if let Some(path) = picked {
            out.push(Action::Library(LibraryAction::ExportMarkdown { entry, path }));
        }
    }
}

/// The plate under a draggable row of the library (an entry, a party): lit while hovered or
/// carried.
pub(super) fn plate_ui(ui: &egui::Ui, rect: egui::Rect, lit: bool) {
    let visuals = ui.visuals();
    let fill = if lit { visuals.widgets.hovered.weak_bg_fill } else { visuals.faint_bg_color };
    ui.painter().rect_filled(rect.shrink2(vec2(0.0, 2.0)), CornerRadius::same(6), fill);
}
