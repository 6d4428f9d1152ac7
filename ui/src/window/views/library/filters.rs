//! What narrows and sizes the library's list: the search as you type (beside the system
//! picker), the tag filter, and how many combatants one drag adds.

use super::LibraryView;
use eframe::egui::{self, vec2};
use fray_app::ids::SystemId;
use fray_app::systems::Registry;

/// Most combatants one drop may add (the core refuses more).
const MAX_COUNT: u32 = 100;

/// The system picker and the search field, on one row.
pub(super) fn search_ui(
    ui: &mut egui::Ui,
    procedures: &Registry,
    system: SystemId,
    view: &mut LibraryView,
) {
    ui.horizontal(|ui| {
        super::system_ui(ui, procedures, system, view);
        let edit = egui::TextEdit::singleline(&mut view.text)
            .hint_text("Search name, tag, notes")
            .desired_width(f32::INFINITY);
        ui.add(edit).accessible_name("Search");
    });
}

/// The tag filter (none when no entry has a tag).
pub(super) fn tag_ui(ui: &mut egui::Ui, tag: &mut Option<String>, tags: &[String]) {
    if tags.is_empty() && tag.is_none() {
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label("Tag");
        let shown = tag.as_deref().unwrap_or("Any tag");
        egui::ComboBox::from_id_salt("library-tag")
            .selected_text(shown)
            .width(ui.available_width() - 8.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(tag, None, "Any tag");
                for t in tags {
                    ui.selectable_value(tag, Some(t.clone()), t.as_str());
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// How many combatants one drag adds, with a button either side for a GM's quick clicks; the
/// label on a row of its own where the panel is too narrow for all four (a large scale).
pub(super) fn count_ui(ui: &mut egui::Ui, count: &mut u32) {
    if ui.available_width() < 230.0 {
        let label = ui.label("How many");
        ui.horizontal(|ui| count_buttons_ui(ui, count, label.id));
    } else {
        ui.horizontal(|ui| {
            let label = ui.label("How many");
            count_buttons_ui(ui, count, label.id);
        });
    }
}

/// One fewer, the count, one more.
fn count_buttons_ui(ui: &mut egui::Ui, count: &mut u32, label: egui::Id) {
    let big = vec2(34.0, 30.0);
    let fewer = ui.add_enabled(*count > 1, egui::Button::new("−").min_size(big));
    fewer.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, *count > 1, "One fewer"));
    if fewer.clicked() {
        *count -= 1;
    }
    ui.add(egui::DragValue::new(count).range(1..=MAX_COUNT).speed(0.2))
        .labelled_by(label)
        .on_hover_text("How many to add with each drag (numbered Goblin 1, Goblin 2…)");
    let more = ui.add_enabled(*count < MAX_COUNT, egui::Button::new("+").min_size(big));
    more.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, *count < MAX_COUNT, "One more")
    });
    if more.clicked() {
        *count += 1;
    }
}
