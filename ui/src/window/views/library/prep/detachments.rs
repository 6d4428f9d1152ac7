//! The Detachments tab (systems with detachments): saved detachments, each a creature of
//! the bestiary and a count, dragged onto a zone as ONE detachment token; New, Edit (name
//! and count), Duplicate, Delete.

use super::super::LibraryDrop;
use super::super::entries::{Entry, summary};
use super::{buttons_ui, confirm_delete_ui, modal_ui, title_ui};
use crate::window::{Action, Model, PrepAction};
use eframe::egui::{self, RichText, vec2};
use fray_app::ids::SideId;
use fray_app::ids::SystemId;
use fray_app::system::MAX_ADD_COUNT;
use fray_data::templates::Detachment;
use fray_data::{Creature, NewTemplate, Search, Template, TemplateId, TemplateKind};
use std::sync::Arc;

/// A detachment template and the entry it drops as.
type Listed = (Template, Option<Arc<Entry>>);

/// A detachment being made or edited.
#[derive(Debug, Clone, PartialEq)]
pub struct DetachmentForm {
    /// The template edited; `None` for a new one.
    pub id: Option<TemplateId>,
    /// Its name.
    pub name: String,
    /// The search typed to find the creature.
    pub search: String,
    /// The creature chosen: its name and block.
    pub creature: Option<(String, serde_json::Value)>,
    /// How many members.
    pub count: u32,
}

impl DetachmentForm {
    /// Why it cannot be saved yet, if it cannot.
    pub fn problem(&self) -> Option<&'static str> {
        if self.creature.is_none() {
            Some("Pick a creature")
        } else if self.name.trim().is_empty() {
            Some("Give the detachment a name")
        } else if !(2..=MAX_ADD_COUNT).contains(&self.count) {
            Some("A detachment has 2 to 100 members")
        } else {
            None
        }
    }
}

/// Widget state of the Detachments tab.
#[derive(Default)]
pub struct DetachmentsView {
    /// The detachments listed (with their drop entry), and what they were read for.
    list: super::ReadFor<Result<Vec<Listed>, String>>,
    /// The form open, if any.
    pub form: Option<DetachmentForm>,
    /// The creatures matching the form's search, and the search they are for.
    found: Option<(String, Vec<Creature>)>,
    /// The detachment the GM asked to delete.
    deleting: Option<(TemplateId, String)>,
}

/// Draws the Detachments tab; `filter` is the library's search text.
pub fn detachments_ui(
    ui: &mut egui::Ui,
    model: &Model,
    system: SystemId,
    filter: &str,
    view: &mut DetachmentsView,
    out: &mut Vec<Action>,
) {
    let key = (system, model.library_version);
    if view.list.as_ref().is_none_or(|(k, _)| *k != key) {
        let list = model
            .db
            .templates()
            .list(TemplateKind::Detachment, Some(system))
            .map(|ts| {
                ts.into_iter()
                    .map(|t| {
                        let entry = entry(&t);
                        (t, entry)
                    })
                    .collect()
            })
            .map_err(|e| e.to_string());
        view.list = Some((key, list));
    }
    let new = egui::Button::new("New detachment").min_size(vec2(0.0, 34.0));
    if ui.add(new).on_hover_text("Many of one creature as a single token").clicked() {
        view.form = Some(DetachmentForm {
            id: None,
            name: String::new(),
            search: String::new(),
            creature: None,
            count: 6,
        });
    }
    ui.separator();
    match view.list.as_ref().map(|(_, l)| l) {
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("Could not read them: {e}"));
        }
        Some(Ok(list)) if list.is_empty() => {
            ui.weak("No detachment saved yet.");
        }
        Some(Ok(list)) => {
            let on_grid = model.session.as_ref().is_some_and(|s| s.state().grid.is_some());
            let onto = if on_grid { "onto a square" } else { "onto a zone" };
            ui.weak(format!("Drag {onto} to add one detachment token."));
            let needle = filter.trim().to_lowercase();
            egui::ScrollArea::vertical()
                .id_salt("prep-detachments")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for (t, entry) in list {
                        if !needle.is_empty() && !t.name.to_lowercase().contains(&needle) {
                            continue;
                        }
                        row_ui(ui, t, entry.as_ref(), &mut view.form, &mut view.deleting, out);
                    }
                });
        }
        None => {}
    }
    if let Some((id, name)) = &view.deleting {
        match confirm_delete_ui(ui.ctx(), "detachment", name) {
            Some(true) => {
                out.push(Action::Prep(PrepAction::RemoveTemplate(*id)));
                view.deleting = None;
            }
            Some(false) => view.deleting = None,
            None => {}
        }
    }
    if let Some(form) = &mut view.form
        && form_ui(ui.ctx(), model, system, form, &mut view.found, out)
    {
        view.form = None;
    }
}

/// The drop entry of a detachment: one member, to be multiplied by the count.
fn entry(t: &Template) -> Option<Arc<Entry>> {
    let d = t.detachment().ok()?;
    let mut combatant = fray_data::block::new_combatant(
        &d.creature,
        &d.block,
        SideId(0),
        format!("template:{}", t.id.0),
    );
    combatant.name = d.creature.clone();
    Some(Arc::new(Entry {
        key: format!("template:{}", t.id.0),
        // Never edited as a bestiary entry (the tab has its own buttons): no creature row.
        stored: crate::window::library_ops::EntryRef::Creature(fray_data::CreatureId(0)),
        summary: summary(&combatant, None),
        name: t.name.clone(),
        party: false,
        recurring: false,
        combatant,
    }))
}

/// One detachment: a draggable name, its creature and count, and its buttons.
fn row_ui(
    ui: &mut egui::Ui,
    t: &Template,
    entry: Option<&Arc<Entry>>,
    form: &mut Option<DetachmentForm>,
    deleting: &mut Option<(TemplateId, String)>,
    out: &mut Vec<Action>,
) {
    let d = t.detachment().ok();
    let detail = d.as_ref().map_or_else(String::new, |d| format!("{} × {}", d.count, d.creature));
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), 44.0), egui::Sense::hover());
    let response = ui
        .interact(rect, egui::Id::unique(("library-detachment", t.id.0)), egui::Sense::drag())
        .on_hover_cursor(egui::CursorIcon::Grab);
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::Role::Button, true, t.name.as_str());
        info.current_text_value = Some(detail.clone());
        info
    });
    if response.drag_started()
        && let (Some(entry), Some(d)) = (entry, &d)
    {
        let payload = LibraryDrop { entry: entry.clone(), count: d.count, detachment: true };
        egui::DragAndDrop::set_payload(ui.ctx(), payload);
    }
    paint_row_ui(ui, rect, &response, &t.name, &detail);
    let clicked = ui
        .horizontal(|ui| {
            let mut clicked = None;
            for b in ["Edit", "Duplicate", "Delete…"] {
                let label = b.trim_end_matches('…');
                let more = if b.ends_with('…') { "…" } else { "" };
                if ui.small_button(b).accessible_name(format!("{label} {}{more}", t.name)).clicked()
                {
                    clicked = Some(b);
                }
            }
            clicked
        })
        .inner;
    ui.add_space(6.0);
    match clicked {
        Some("Edit") => {
            *form = d.map(|d| DetachmentForm {
                id: Some(t.id),
                name: t.name.clone(),
                search: String::new(),
                count: d.count,
                creature: Some((d.creature, d.block)),
            })
        }
        Some("Duplicate") => out.push(Action::Prep(PrepAction::DuplicateTemplate(t.id))),
        Some(_) => *deleting = Some((t.id, t.name.clone())),
        None => {}
    }
}

/// A detachment row's face: its plate (lit while hovered or dragged), its name over its
/// creature and count, and, while dragged, the name by the pointer.
fn paint_row_ui(
    ui: &egui::Ui,
    rect: egui::Rect,
    response: &egui::Response,
    name: &str,
    detail: &str,
) {
    let visuals = ui.visuals();
    let fill = if response.hovered() || response.dragged() {
        visuals.widgets.hovered.weak_bg_fill
    } else {
        visuals.faint_bg_color
    };
    ui.painter().rect_filled(rect.shrink2(vec2(0.0, 2.0)), 6.0, fill);
    let body = egui::TextStyle::Body.resolve(ui.style());
    let small = egui::TextStyle::Small.resolve(ui.style());
    let painter = ui.painter();
    painter.text(
        rect.min + vec2(10.0, 4.0),
        egui::Align2::LEFT_TOP,
        name,
        body,
        visuals.strong_text_color(),
    );
    painter.text(
        rect.left_bottom() + vec2(10.0, -4.0),
        egui::Align2::LEFT_BOTTOM,
        detail,
        small,
        visuals.weak_text_color(),
    );
    if response.dragged()
        && let Some(pos) = ui.ctx().pointer_interact_pos()
    {
        let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("detachment-ghost"));
        ui.ctx().layer_painter(layer).text(
            pos + vec2(14.0, 10.0),
            egui::Align2::LEFT_TOP,
            format!("{name} ({detail})"),
            egui::TextStyle::Body.resolve(ui.style()),
            visuals.strong_text_color(),
        );
    }
}

/// The new/edit dialog. Returns true when the GM cancels.
fn form_ui(
    ctx: &egui::Context,
    model: &Model,
    system: SystemId,
    form: &mut DetachmentForm,
    found: &mut Option<(String, Vec<Creature>)>,
    out: &mut Vec<Action>,
) -> bool {
    modal_ui(ctx, "detachment", 640.0, |ui| {
        title_ui(ui, if form.id.is_some() { "Edit detachment" } else { "New detachment" });
        egui::Grid::new("detachment-form").num_columns(2).spacing([12.0, 10.0]).show(ui, |ui| {
            let label = ui.label("Creature");
            ui.vertical(|ui| {
                if form.id.is_none() {
                    ui.add(
                        egui::TextEdit::singleline(&mut form.search)
                            .hint_text("search the bestiary")
                            .desired_width(320.0)
                            .min_size(vec2(320.0, 0.0)),
                    )
                    .labelled_by(label.id);
                    if found.as_ref().is_none_or(|(q, _)| *q != form.search) {
                        let search = Search::text(form.search.clone()).system(system).limit(8);
                        let list = model.db.creatures().search(&search).unwrap_or_default();
                        *found = Some((form.search.clone(), list));
                    }
                    if let Some((_, list)) = found {
                        for c in list.iter() {
                            let chosen = form.creature.as_ref().is_some_and(|(n, _)| *n == c.name);
                            if ui.selectable_label(chosen, &c.name).clicked() {
                                form.creature = Some((c.name.clone(), c.block.clone()));
                                if form.name.trim().is_empty() {
                                    form.name = format!("{} band", c.name);
                                }
                            }
                        }
                    }
                }
                match &form.creature {
                    Some((name, _)) => ui.label(RichText::new(format!("Chosen: {name}")).strong()),
                    None => ui.label(RichText::new("None chosen yet").weak()),
                };
            });
            ui.end_row();
            let label = ui.label("Name");
            ui.add(
                egui::TextEdit::singleline(&mut form.name)
                    .desired_width(320.0)
                    .min_size(vec2(320.0, 0.0)),
            )
            .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("Members");
            ui.add(egui::DragValue::new(&mut form.count).range(2..=MAX_ADD_COUNT).speed(0.2))
                .labelled_by(label.id);
            ui.end_row();
        });
        let (save, cancel) = buttons_ui(ui, "Save detachment", form.problem(), false);
        if save
            && form.problem().is_none()
            && let Some((creature, block)) = &form.creature
        {
            let d =
                Detachment { creature: creature.clone(), block: block.clone(), count: form.count };
            let template = NewTemplate::detachment(system, form.name.trim(), &d);
            out.push(Action::Prep(PrepAction::SaveTemplate { id: form.id, template }));
        }
        cancel || ui.input(|i| i.key_pressed(egui::Key::Escape))
    })
}
