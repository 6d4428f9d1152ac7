//! The settings dialog: UI scale and theme (the GM's, kept in the database), and the open
//! encounter's rule settings (the encounter's, kept in its journal as `SetSetting` commands),
//! with, for systems that roll on tables, the button copying the library's tables again.

use super::dialogs::{Outcome, title_ui};
use crate::window::{Action, Model, Prefs};
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::system::SettingSpec;
use std::collections::BTreeMap;

/// What the GM is doing in the settings dialog.
pub(super) struct SettingsForm {
    /// The scale shown while the slider is dragged; applied when it is let go, so the
    /// window does not rescale under the pointer.
    scale: u32,
    /// Whether the scale slider was being dragged last frame.
    dragging: bool,
    /// The text typed for settings that are not on/off, by key.
    texts: BTreeMap<&'static str, String>,
    /// A value that could not be read, by key.
    errors: BTreeMap<&'static str, String>,
}

impl SettingsForm {
    /// A form showing the current preferences.
    pub(super) fn new(model: &Model) -> Self {
        Self {
            scale: model.prefs.scale_percent,
            dragging: false,
            texts: BTreeMap::new(),
            errors: BTreeMap::new(),
        }
    }
}

/// Draws the settings dialog.
pub(super) fn settings_ui(
    ui: &mut egui::Ui,
    model: &Model,
    form: &mut SettingsForm,
    out: &mut Vec<Action>,
) -> Outcome {
    title_ui(ui, "Settings");
    // The rest scrolls in what the screen leaves above the Close row (200 % on a small
    // screen).
    super::dialogs::body_ui(ui, "settings", |ui| {
        window_prefs_ui(ui, &model.prefs, form, out);
        if let Some(session) = &model.session {
            ui.add_space(14.0);
            ui.separator();
            rules_ui(ui, session.state(), form, out);
        }
    });
    ui.add_space(14.0);
    let close =
        egui::Button::new(RichText::new("Close").strong()).min_size(egui::vec2(110.0, 36.0));
    let size = egui::vec2(ui.available_width(), 40.0);
    let layout = egui::Layout::right_to_left(egui::Align::Center);
    let closed = ui.allocate_ui_with_layout(size, layout, |ui| ui.add(close).clicked()).inner;
    if closed { Outcome::Close } else { Outcome::Keep }
}

/// Scale and theme; every change is saved and applied at once.
fn window_prefs_ui(
    ui: &mut egui::Ui,
    prefs: &Prefs,
    form: &mut SettingsForm,
    out: &mut Vec<Action>,
) {
    ui.label(RichText::new("Window").strong());
    ui.add_space(6.0);
    if !form.dragging {
        form.scale = prefs.scale_percent;
    }
    ui.horizontal(|ui| {
        let label = ui.label("UI scale");
        ui.spacing_mut().slider_width = 260.0;
        let (lo, hi) = (*Prefs::SCALE_RANGE.start(), *Prefs::SCALE_RANGE.end());
        let slider = egui::Slider::new(&mut form.scale, lo..=hi).step_by(5.0).show_value(false);
        let r = ui.add(slider).labelled_by(label.id);
        ui.label(RichText::new(format!("{} %", form.scale)).strong());
        form.dragging = r.dragged();
        if (r.drag_stopped() || (r.changed() && !r.dragged())) && form.scale != prefs.scale_percent
        {
            out.push(Action::SetPrefs(Prefs { scale_percent: form.scale, ..prefs.clone() }));
        }
    });
    ui.horizontal(|ui| {
        // Quick picks: easier to hit than a slider from arm's length.
        for pct in [100, 125, 150, 200, 250] {
            let chosen = prefs.scale_percent == pct;
            if ui.add(egui::Button::selectable(chosen, format!("{pct} %"))).clicked() && !chosen {
                out.push(Action::SetPrefs(Prefs { scale_percent: pct, ..prefs.clone() }));
            }
        }
    });
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        ui.label("Theme");
        for (dark, name) in [(true, "Dark"), (false, "Light")] {
            let button =
                egui::Button::selectable(prefs.dark == dark, name).min_size(egui::vec2(80.0, 30.0));
            if ui.add(button).clicked() && prefs.dark != dark {
                out.push(Action::SetPrefs(Prefs { dark, ..prefs.clone() }));
            }
        }
    });
}

/// The rule settings the encounter's system exposes, each with its help line.
fn rules_ui(
    ui: &mut egui::Ui,
    state: &fray_app::Encounter,
    form: &mut SettingsForm,
    out: &mut Vec<Action>,
) {
    let system = state.system();
    ui.label(RichText::new(format!("Rules of this encounter ({})", system.name())).strong());
    ui.label(RichText::new("Saved in the encounter's journal: undo takes a change back.").weak());
    ui.add_space(6.0);
    let specs = system.settings();
    if specs.is_empty() {
        ui.label(RichText::new("This system has no rule settings.").weak());
    }
    for spec in specs {
        ui.add_space(6.0);
        rule_ui(ui, state, &spec, form, out);
    }
    if system.uses_tables() {
        ui.add_space(14.0);
        tables_ui(ui, state, out);
    }
}

/// The encounter's own copy of the library's roll tables, and the button taking a fresh one.
fn tables_ui(ui: &mut egui::Ui, state: &fray_app::Encounter, out: &mut Vec<Action>) {
    ui.label(RichText::new("Roll tables").strong());
    // The tables with rows by name; the placeholders not written yet in one short line.
    let (filled, empty): (Vec<_>, Vec<_>) =
        state.tables.iter().partition(|t| !t.table.rows.is_empty());
    let filled: Vec<String> = filled
        .iter()
        .map(|t| match t.table.rows.len() {
            1 => format!("{} ({}, 1 row)", t.table.name, t.table.dice),
            n => format!("{} ({}, {n} rows)", t.table.name, t.table.dice),
        })
        .collect();
    let have = if filled.is_empty() {
        "This encounter has no table to roll on yet.".to_owned()
    } else {
        format!("This encounter rolls on: {}.", filled.join(", "))
    };
    ui.add(egui::Label::new(have).wrap());
    if !empty.is_empty() {
        let names: Vec<&str> = empty
            .iter()
            .map(|t| t.damage_type.as_deref().unwrap_or(t.table.name.as_str()))
            .collect();
        let text = format!("No rows yet: {}.", names.join(", "));
        ui.add(egui::Label::new(RichText::new(text).weak()).wrap());
    }
    ui.add_space(4.0);
    let button = egui::Button::new(RichText::new("Copy the library's tables again").size(18.0))
        .min_size(egui::vec2(0.0, 40.0));
    if ui.add(button).clicked() {
        out.push(Action::ReloadTables);
    }
    let help = "The encounter keeps its own copy; edits in the library reach it when copied \
                again; undo takes it back.";
    ui.add(egui::Label::new(RichText::new(help).weak()).wrap());
}

/// One rule setting: a checkbox for on/off rules, a radio button per choice for the ones
/// taking one of a few words, a value field for the others.
fn rule_ui(
    ui: &mut egui::Ui,
    state: &fray_app::Encounter,
    spec: &SettingSpec,
    form: &mut SettingsForm,
    out: &mut Vec<Action>,
) {
    let set = state.setting(spec.key);
    let current = set.unwrap_or(&spec.default);
    let set_to = |value: serde_json::Value| {
        Action::Game(Command::SetSetting { key: spec.key.into(), value })
    };
    if let serde_json::Value::Bool(default) = spec.default {
        let mut on = current.as_bool().unwrap_or(default);
        // A box big enough to hit from arm's length.
        ui.spacing_mut().icon_width = 22.0;
        ui.spacing_mut().icon_width_inner = 12.0;
        if ui.checkbox(&mut on, RichText::new(spec.label).size(18.0)).changed() {
            out.push(set_to(serde_json::Value::Bool(on)));
        }
    } else if !spec.choices.is_empty() {
        ui.label(RichText::new(spec.label).size(18.0));
        // Radio buttons big enough to hit from arm's length, one per line; each is named by
        // its label, so assistive tools (and the tests) find it.
        ui.spacing_mut().icon_width = 22.0;
        ui.spacing_mut().icon_width_inner = 12.0;
        let chosen = current.as_str().unwrap_or_default();
        for (value, label) in spec.choices {
            ui.horizontal(|ui| {
                ui.add_space(12.0);
                let on = chosen == *value;
                let radio = egui::RadioButton::new(on, RichText::new(*label).size(18.0));
                if ui.add(radio).clicked() && !on {
                    out.push(set_to(serde_json::Value::String((*value).to_owned())));
                }
            });
        }
    } else {
        ui.horizontal(|ui| {
            let label = ui.label(spec.label);
            let text = form.texts.entry(spec.key).or_insert_with(|| current.to_string());
            let field =
                ui.add(egui::TextEdit::singleline(text).desired_width(200.0)).labelled_by(label.id);
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let apply = ui.button("Set").accessible_name(format!("Set {}", spec.label));
            if apply.clicked() || enter {
                match parse_value(text) {
                    Some(value) => {
                        form.errors.remove(spec.key);
                        out.push(set_to(value));
                    }
                    None => {
                        form.errors.insert(spec.key, "Type a value first".into());
                    }
                }
            }
        });
        if let Some(error) = form.errors.get(spec.key) {
            ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
        }
    }
    ui.horizontal(|ui| {
        ui.add_space(28.0);
        ui.add(egui::Label::new(RichText::new(spec.help).weak()).wrap());
    });
    if set.is_some() {
        let reset = ui
            .small_button("Back to default")
            .accessible_name(format!("{}: back to default", spec.label));
        if reset.clicked() {
            form.texts.insert(spec.key, spec.default.to_string());
            out.push(set_to(serde_json::Value::Null));
        }
    }
}

/// A typed value: JSON when it reads as JSON (`3`, `true`, `"x"`), else the words as text.
fn parse_value(text: &str) -> Option<serde_json::Value> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    Some(serde_json::from_str(text).unwrap_or_else(|_| serde_json::Value::String(text.into())))
}

#[cfg(test)]
mod tests {
    use super::parse_value;
    use serde_json::json;

    #[test]
    fn typed_values_read_as_json_or_text() {
        assert_eq!(parse_value(" 3 "), Some(json!(3)));
        assert_eq!(parse_value("false"), Some(json!(false)));
        assert_eq!(parse_value("two words"), Some(json!("two words")));
        assert_eq!(parse_value("  "), None);
    }
}
