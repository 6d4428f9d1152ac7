//! The editor's fields: name, tags and party, then every field of the system's schema drawn
//! by its kind — text boxes, combo boxes, checkboxes, lists of sub-forms — each with its
//! problem in red beneath it.

use super::draft::{Draft, capitalised, item_path};
use super::{HEADING_SIZE, TEXT_SIZE};
use eframe::egui::{self, RichText, vec2};
use fray_app::system::schema::{Field, Kind};
use serde_json::Value;

/// Width of a one-line field.
const FIELD_WIDTH: f32 = 320.0;
/// Width of the labels' column, the same in every grid so the fields line up.
const LABEL_WIDTH: f32 = 170.0;

/// Name, tags and (for characters) party.
pub(super) fn about_ui(ui: &mut egui::Ui, draft: &mut Draft) {
    egui::Grid::new("editor-about")
        .num_columns(2)
        .min_col_width(LABEL_WIDTH)
        .spacing(vec2(28.0, 14.0))
        .show(ui, |ui| {
            let mut changed = false;
            label_ui(ui, "Name", "What the GM and the journal call it");
            ui.vertical(|ui| {
                let edit = egui::TextEdit::singleline(&mut draft.name)
                    .hint_text("required")
                    .desired_width(FIELD_WIDTH);
                changed |= ui.add(edit).accessible_name("Name").changed();
                problem_ui(ui, draft.name.trim().is_empty().then_some("A name is required"));
            });
            ui.end_row();
            label_ui(ui, "Tags", "Words to filter and search by, separated by commas");
            let edit = egui::TextEdit::singleline(&mut draft.tags)
                .hint_text("undead, pack")
                .desired_width(FIELD_WIDTH);
            changed |= ui.add(edit).accessible_name("Tags").changed();
            ui.end_row();
            if draft.character {
                label_ui(ui, "Party", "The group the character plays in");
                let edit = egui::TextEdit::singleline(&mut draft.party)
                    .hint_text("The Lanterns")
                    .desired_width(FIELD_WIDTH);
                changed |= ui.add(edit).accessible_name("Party").changed();
                ui.end_row();
            }
            if changed {
                draft.touched();
            }
        });
}

/// Every field of the schema for this kind of entry: the short ones in a two-column grid, then
/// the lists, then the notes.
pub(super) fn fields_ui(ui: &mut egui::Ui, draft: &mut Draft) {
    let schema = draft.system.block_schema();
    let fields: Vec<&'static Field> = schema.fields_for(draft.character).collect();
    let short: Vec<&Field> =
        fields.iter().copied().filter(|f| !is_list(f) && !is_long_text(f)).collect();
    heading_ui(ui, "Stats");
    egui::Grid::new("editor-fields")
        .num_columns(2)
        .min_col_width(LABEL_WIDTH)
        .spacing(vec2(28.0, 14.0))
        .show(ui, |ui| {
            for field in short {
                field_row_ui(ui, draft, field, field.key.to_owned(), field.label.to_owned());
            }
        });
    for field in fields.iter().copied().filter(|f| is_list(f)) {
        if let Kind::List { item, noun } = field.kind {
            list_ui(ui, draft, field, item, noun);
        }
    }
    for field in fields.iter().copied().filter(|f| is_long_text(f)) {
        heading_ui(ui, field.label);
        let path = field.key.to_owned();
        let text = draft.text(&path, &field.kind);
        let edit = egui::TextEdit::multiline(text).desired_rows(5).desired_width(f32::INFINITY);
        let mut response = ui.add(edit).accessible_name(field.label);
        if !field.help.is_empty() {
            response = response.on_hover_text(field.help);
        }
        if response.changed() {
            draft.typed(&path, &field.kind);
        }
        let problem = draft.problem(&path).map(str::to_owned);
        problem_ui(ui, problem.as_deref());
    }
}

fn is_list(f: &Field) -> bool {
    matches!(f.kind, Kind::List { .. })
}

fn is_long_text(f: &Field) -> bool {
    matches!(f.kind, Kind::Text { multiline: true })
}

/// A list of records (weapons, attacks): each a framed sub-form with Remove, then "Add".
fn list_ui(
    ui: &mut egui::Ui,
    draft: &mut Draft,
    field: &Field,
    item: &'static [Field],
    noun: &str,
) {
    let heading = heading_ui(ui, field.label);
    if !field.help.is_empty() {
        heading.on_hover_text(field.help);
    }
    let problem = draft.problem(field.key).map(str::to_owned);
    problem_ui(ui, problem.as_deref());
    let noun_big = capitalised(noun);
    let mut remove = None;
    for index in 0..draft.items(field.key) {
        egui::Frame::group(ui.style()).inner_margin(egui::Margin::same(14)).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                let title = format!("{noun_big} {}", index + 1);
                ui.label(RichText::new(&title).strong().size(TEXT_SIZE + 1.0));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let button = ui.button("Remove").accessible_name(format!("Remove {title}"));
                    if button.clicked() {
                        remove = Some(index);
                    }
                });
            });
            egui::Grid::new(("editor-item", field.key, index))
                .num_columns(2)
                .min_col_width(LABEL_WIDTH)
                .spacing(vec2(28.0, 12.0))
                .show(ui, |ui| {
                    for f in item.iter().filter(|f| !is_list(f)) {
                        let path = item_path(field.key, index, f.key);
                        let name = format!("{noun_big} {} {}", index + 1, f.label);
                        field_row_ui(ui, draft, f, path, name);
                    }
                });
        });
        ui.add_space(6.0);
    }
    if let Some(index) = remove {
        draft.remove_item(field.key, index);
    }
    if ui.button(format!("Add {noun}")).clicked() {
        draft.add_item(field.key, item);
    }
}

/// One row of a grid: the label (its help on hover), then the widget for the field's kind
/// with its problem beneath. `name` is the widget's accessible name ("Weapon 1 Damage die").
fn field_row_ui(ui: &mut egui::Ui, draft: &mut Draft, field: &Field, path: String, name: String) {
    label_ui(ui, field.label, field.help);
    ui.vertical(|ui| {
        match field.kind {
            Kind::Flag => {
                let mut on = draft.value(&path).and_then(Value::as_bool).unwrap_or(false);
                let response = ui.add(egui::Checkbox::without_text(&mut on)).accessible_name(&name);
                if response.changed() {
                    draft.set(&path, Some(Value::Bool(on)));
                }
            }
            Kind::Choice(options) => {
                let current = draft.value(&path).and_then(Value::as_str).map(str::to_owned);
                let shown = field.kind.show(draft.value(&path));
                let shown = if shown.is_empty() { "—".to_owned() } else { shown };
                let mut picked = current.clone();
                egui::ComboBox::from_id_salt(("editor-choice", &path))
                    .selected_text(shown)
                    .width(FIELD_WIDTH - 20.0)
                    .show_ui(ui, |ui| {
                        if !field.required {
                            ui.selectable_value(&mut picked, None, "—");
                        }
                        for (word, label) in options {
                            ui.selectable_value(&mut picked, Some((*word).to_owned()), *label);
                        }
                    })
                    .response
                    .accessible_name(&name);
                if picked != current {
                    draft.set(&path, picked.map(Value::String));
                }
            }
            kind => {
                let text = draft.text(&path, &kind);
                let edit = egui::TextEdit::singleline(text)
                    .hint_text(hint(field))
                    .desired_width(FIELD_WIDTH);
                let mut response = ui.add(edit).accessible_name(&name);
                if !field.help.is_empty() {
                    response = response.on_hover_text(field.help);
                }
                if response.changed() {
                    draft.typed(&path, &kind);
                }
            }
        }
        let problem = draft.problem(&path).map(str::to_owned);
        problem_ui(ui, problem.as_deref());
    });
    ui.end_row();
}

/// What an empty field suggests typing.
fn hint(field: &Field) -> String {
    let base = match field.kind {
        Kind::Dice => "2d6",
        Kind::Words => "a, b, c",
        _ => "",
    };
    match (field.required, base) {
        (true, "") => "required".into(),
        (true, b) => format!("{b} (required)"),
        (false, b) => b.into(),
    }
}

/// A field's label in the left column, its help on hover.
fn label_ui(ui: &mut egui::Ui, label: &str, help: &str) {
    // Level with the field's first line, not centred on a field with a problem beneath it.
    ui.vertical(|ui| {
        ui.add_space(6.0);
        let response = ui.label(RichText::new(label).size(TEXT_SIZE));
        if !help.is_empty() {
            response.on_hover_text(help);
        }
    });
}

fn heading_ui(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_space(14.0);
    let response = ui.label(RichText::new(text).size(HEADING_SIZE - 2.0).strong());
    ui.add_space(4.0);
    response
}

/// Why a field does not hold, in red beneath it, on a row every field keeps whether or not
/// it has a problem: a message appearing never moves the fields below (typing would go into
/// the wrong one). A long message is cut short; the whole of it shows on hover.
fn problem_ui(ui: &mut egui::Ui, text: Option<&str>) {
    let height = ui.text_style_height(&egui::TextStyle::Body) + 2.0;
    let width = ui.available_width().min(FIELD_WIDTH.max(ui.available_width()));
    ui.allocate_ui(vec2(width, height), |ui| {
        ui.set_min_height(height);
        if let Some(text) = text {
            let rich = RichText::new(text).color(ui.visuals().error_fg_color);
            ui.add(egui::Label::new(rich).truncate()).on_hover_text(text);
        }
    });
}
