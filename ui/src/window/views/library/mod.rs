//! The library: bestiary and characters of a system (the open encounter's, or any the GM
//! picks to prepare), search as you type over names, tags and notes, tag filter, drag an
//! entry onto a zone (a count adds several at once); quick-add by name. New, Edit, Duplicate
//! and Delete open the stat-block editor or ask first.

mod confirm;
mod entries;
pub mod prep;
mod quick_add;
mod weapons;

pub use confirm::{DeleteConfirm, confirm_delete_ui};
pub use entries::{Entry, LibraryDrop};

use crate::window::library_ops::{EntryRef, LibraryAction, deleted_message};
use crate::window::{Action, Model, file_dialog};
use eframe::egui::{self, Align2, Color32, CornerRadius, Id, Sense, Stroke, TextStyle, vec2};
use entries::{Query, Results};
use fray_app::command::NewCombatant;
use std::sync::Arc;

/// Most combatants one drop may add (the core refuses more).
const MAX_COUNT: u32 = 100;
/// Height of one entry row in the list.
const ROW_HEIGHT: f32 = 50.0;

/// Which half of the library is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    /// Creatures: they join the foes.
    #[default]
    Bestiary,
    /// Characters: they join the party.
    Characters,
    /// The system's weapon list, a reference (systems that ship one).
    Weapons,
    /// The system's roll tables (prep bench).
    Tables,
    /// Saved detachments (systems that have them).
    Detachments,
    /// Saved encounter boards.
    Templates,
}

/// Widget state of the library.
pub struct LibraryView {
    tab: Tab,
    text: String,
    tag: Option<String>,
    count: u32,
    /// Add several as one detachment (systems that have them).
    detachment: bool,
    /// The last search, kept until the query changes (not run every frame).
    results: Option<Results>,
    /// The system's weapon list, kept until the system changes or the tab is opened again.
    weapons: Option<weapons::WeaponList>,
    quick: quick_add::QuickAdd,
    /// Whether the GM opened (or closed) the quick-add; `None` until they do.
    quick_open: Option<bool>,
    /// The prep bench's tabs (tables, detachments, templates) and party rows.
    pub prep: prep::PrepView,
    /// The system whose library is shown; follows the open encounter's until the GM picks.
    system: Option<String>,
    /// The open encounter's system when it was last followed.
    followed: Option<String>,
    /// A deletion waiting for confirmation.
    confirm: Option<DeleteConfirm>,
}

impl Default for LibraryView {
    fn default() -> Self {
        Self {
            tab: Tab::default(),
            text: String::new(),
            tag: None,
            count: 1,
            detachment: false,
            results: None,
            weapons: None,
            quick: quick_add::QuickAdd::default(),
            quick_open: None,
            prep: prep::PrepView::default(),
            system: None,
            followed: None,
            confirm: None,
        }
    }
}

impl LibraryView {
    /// The system whose library is shown: the one the GM picked, else the open encounter's,
    /// else freeform. A file imported from the library is read for it.
    pub fn shown_system(&self, model: &Model) -> String {
        let open = model.session.as_ref().map(|s| s.state().system_id().to_owned());
        self.system.clone().or(open).unwrap_or_else(|| "freeform".to_owned())
    }

    /// Shows the library of `system` (the picker above the list).
    pub fn pick_system(&mut self, system: &str) {
        self.system = Some(system.to_owned());
        self.tag = None;
    }
}

/// Draws the library.
pub fn library_ui(ui: &mut egui::Ui, model: &Model, view: &mut LibraryView, out: &mut Vec<Action>) {
    let open = model.session.as_ref().map(|s| s.state().system_id().to_owned());
    if open.is_some() && open != view.followed {
        // A newly opened encounter shows its own system's library.
        view.followed.clone_from(&open);
        view.system.clone_from(&open);
    }
    let system = view.shown_system(model);
    let system = system.as_str();
    confirm_delete_ui(ui, &mut view.confirm, out);
    let droppable = open.as_deref() == Some(system);
    // Quick-add is open unless the panel is short (a small window at a large scale: the list
    // needs the room more), until the GM opens or closes it.
    let roomy = ui.available_height() > 480.0;
    let open = view.quick_open.unwrap_or(roomy);
    egui::Panel::bottom("library-quick-add")
        .resizable(false)
        .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 8)))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                let toggle = egui::Button::selectable(open, "Quick add").min_size(vec2(0.0, 30.0));
                let hover = "Add someone by name, not from the library";
                if ui.add(toggle).on_hover_text(hover).clicked() {
                    view.quick_open = Some(!open);
                }
                new_entry_ui(ui, system, view.tab, out);
            });
            if open {
                quick_add::quick_add_ui(ui, model, &mut view.quick, out);
            }
        });

    // Whatever the height left, nothing overlaps the quick-add: when it is short, the whole
    // list scrolls as one (a short list, not virtualised).
    let tight = ui.available_height() < 300.0;
    if tight {
        egui::ScrollArea::vertical()
            .id_salt("library-short")
            .auto_shrink([false, false])
            .show(ui, |ui| list_ui(ui, model, system, view, droppable, false, out));
    } else {
        list_ui(ui, model, system, view, droppable, true, out);
    }
}

/// The system picker, at the start of the search row (no row of its own: the list needs the
/// height). Shows a short name; the list names every system in full.
fn system_ui(ui: &mut egui::Ui, system: &str, view: &mut LibraryView) {
    let full = fray_app::system::by_id(system).map_or(system, |s| s.name());
    let mut picked = system.to_owned();
    egui::ComboBox::from_id_salt("library-system")
        .selected_text(short_name(full))
        .width(96.0)
        .show_ui(ui, |ui| {
            for s in fray_app::system::all() {
                ui.selectable_value(&mut picked, s.id().to_owned(), s.name());
            }
        })
        .response
        // Not "System": the welcome screen's picker for a new encounter is called that.
        .accessible_name("Library of")
        .on_hover_text(format!(
            "The library of {full}. Pick another system to prepare it; adding to the board \
             needs an encounter of that system"
        ));
    if picked != system {
        view.pick_system(&picked);
    }
}

/// "Block, Dodge, Parry" → "BDP", "d12 declared actions" → "d12", "Freeform" → "Freeform".
fn short_name(name: &str) -> String {
    if name.contains(',') {
        name.split([',', ' ']).filter_map(|w| w.chars().next()).collect()
    } else {
        name.split(' ').next().unwrap_or(name).to_owned()
    }
}

/// The button making a new entry of the tab's kind ("New creature", "New character").
fn new_entry_ui(ui: &mut egui::Ui, system: &str, tab: Tab, out: &mut Vec<Action>) {
    let new = match tab {
        Tab::Bestiary => Some(("New creature", false)),
        Tab::Characters => Some(("New character", true)),
        _ => None,
    };
    if let Some((label, character)) = new {
        let button = egui::Button::new(label).min_size(vec2(0.0, 30.0));
        if ui.add(button).on_hover_text("Write a new stat block in the editor").clicked() {
            let system = system.to_owned();
            out.push(Action::Library(LibraryAction::New { system, character }));
        }
    }
}

/// "Undo" beside the status line while it reports a library deletion that can be undone.
pub fn undo_delete_ui(ui: &mut egui::Ui, model: &Model, out: &mut Vec<Action>) {
    let (Some(removed), Some(status)) = (&model.removed, &model.status) else { return };
    if status.error || status.text != deleted_message(removed.name()) {
        return;
    }
    let undo = ui.button("Undo").accessible_name("Undo delete");
    let undo = undo.on_hover_text(format!("Put {} back", removed.name()));
    if undo.clicked() {
        out.push(Action::UndoRemove);
    }
}

/// Tabs, search, tag, count and the entries (virtualised when `virtualised`).
fn list_ui(
    ui: &mut egui::Ui,
    model: &Model,
    system: &str,
    view: &mut LibraryView,
    droppable: bool,
    virtualised: bool,
    out: &mut Vec<Action>,
) {
    ui.add_space(4.0);
    if view.weapons.as_ref().is_none_or(|w| w.system != system) {
        view.weapons = Some(weapons::WeaponList::load(&model.db, system));
    }
    let has_weapons = view.weapons.as_ref().is_some_and(weapons::WeaponList::shown);
    if view.tab == Tab::Weapons && !has_weapons {
        view.tab = Tab::Bestiary;
    }
    let detachments = fray_app::system::by_id(system).is_some_and(|s| s.has_detachments());
    if view.tab == Tab::Detachments && !detachments {
        view.tab = Tab::Bestiary;
    }
    // While the GM searches, the bestiary and characters tabs say how many entries match, so
    // hits in the other tab are not missed.
    let counts =
        view.results.as_ref().filter(|r| !r.query.text.trim().is_empty()).map(|r| r.counts);
    ui.horizontal_wrapped(|ui| {
        let mut tabs = vec![(Tab::Bestiary, "Bestiary"), (Tab::Characters, "Characters")];
        if has_weapons {
            tabs.push((Tab::Weapons, "Weapons"));
        }
        tabs.push((Tab::Tables, "Tables"));
        if detachments {
            tabs.push((Tab::Detachments, "Detachments"));
        }
        tabs.push((Tab::Templates, "Templates"));
        for (tab, label) in tabs {
            let count = match (tab, counts) {
                (Tab::Bestiary, Some((n, _))) | (Tab::Characters, Some((_, n))) => {
                    Some(entries::count_text(n))
                }
                _ => None,
            };
            let shown =
                count.as_ref().map_or_else(|| label.to_owned(), |n| format!("{label} ({n})"));
            let selected = view.tab == tab;
            let button = egui::Button::selectable(selected, shown).min_size(vec2(0.0, 34.0));
            let response = ui.add(button);
            // The tab keeps its name for assistive tools (and the tests); the count is its value.
            response.widget_info(|| {
                let mut info =
                    egui::WidgetInfo::selected(egui::Role::Button, true, selected, label);
                info.current_text_value = count.clone();
                info
            });
            if response.clicked() && view.tab != tab {
                view.tab = tab;
                view.tag = None;
                if tab == Tab::Weapons {
                    // Opening the tab reads the list again: it may have been edited since.
                    view.weapons = Some(weapons::WeaponList::load(&model.db, system));
                }
            }
        }
    });
    ui.add_space(2.0);
    search_ui(ui, system, view);
    // The prep bench's tabs draw themselves (see `prep`).
    let (prep, text) = (&mut view.prep, view.text.as_str());
    match view.tab {
        Tab::Tables => {
            return prep::tables::tables_ui(ui, model, system, text, &mut prep.tables, out);
        }
        Tab::Detachments => {
            let d = &mut prep.detachments;
            return prep::detachments::detachments_ui(ui, model, system, text, d, out);
        }
        Tab::Templates => {
            return prep::templates::templates_ui(ui, model, text, &mut prep.templates, out);
        }
        _ => {}
    }
    if view.tab == Tab::Weapons {
        if let Some(list) = &view.weapons {
            weapons::weapons_ui(ui, list, &view.text);
        }
        return;
    }

    let query = Query {
        system: system.to_owned(),
        tab: view.tab,
        text: view.text.clone(),
        tag: view.tag.clone(),
        version: model.library_version,
    };
    if view.results.as_ref().is_none_or(|r| r.query != query) {
        view.results = Some(Results::load(&model.db, query));
    }
    let Some(results) = &view.results else { return };

    tag_ui(ui, &mut view.tag, &results.tags);
    count_ui(ui, &mut view.count);
    let detachments = fray_app::system::by_id(system).is_some_and(|s| s.has_detachments());
    if detachments {
        ui.checkbox(&mut view.detachment, "As one detachment")
            .on_hover_text("Several of them as one token with a member count");
    }
    ui.separator();
    if view.tab == Tab::Characters {
        prep::parties::parties_ui(ui, model, system, &mut view.prep.parties);
    }

    if let Some(error) = &results.error {
        ui.colored_label(ui.visuals().error_fg_color, error);
        return;
    }
    if results.entries.is_empty() {
        let what = if view.tab == Tab::Bestiary { "creature" } else { "character" };
        ui.weak(format!("No {what} of this system matches."));
        return;
    }
    if droppable {
        let on_grid = model.session.as_ref().is_some_and(|s| s.state().grid.is_some());
        ui.weak(if on_grid { "Drag onto a square to add." } else { "Drag onto a zone to add." });
    } else {
        ui.weak("Right-click an entry to edit it.");
    }
    let drag = Drag { count: view.count, detachment: detachments && view.detachment, droppable };
    let confirm = &mut view.confirm;
    if !virtualised {
        for entry in &results.entries {
            entry_row_ui(ui, entry, drag, confirm, out);
        }
        return;
    }
    egui::ScrollArea::vertical().auto_shrink([false, false]).show_rows(
        ui,
        ROW_HEIGHT,
        results.entries.len(),
        |ui, range| {
            for entry in &results.entries[range] {
                entry_row_ui(ui, entry, drag, confirm, out);
            }
        },
    );
}

fn search_ui(ui: &mut egui::Ui, system: &str, view: &mut LibraryView) {
    ui.horizontal(|ui| {
        system_ui(ui, system, view);
        let edit = egui::TextEdit::singleline(&mut view.text)
            .hint_text("Search name, tag, notes")
            .desired_width(f32::INFINITY);
        ui.add(edit).accessible_name("Search");
    });
}

fn tag_ui(ui: &mut egui::Ui, tag: &mut Option<String>, tags: &[String]) {
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

fn count_ui(ui: &mut egui::Ui, count: &mut u32) {
    ui.horizontal(|ui| {
        let label = ui.label("How many");
        let big = vec2(34.0, 30.0);
        let fewer = ui.add_enabled(*count > 1, egui::Button::new("−").min_size(big));
        fewer
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, *count > 1, "One fewer"));
        if fewer.clicked() {
            *count -= 1;
        }
        ui.add(egui::DragValue::new(count).range(1..=MAX_COUNT).speed(0.2))
            .labelled_by(label.id)
            .on_hover_text("How many to add with each drag (numbered Goblin 1, Goblin 2…)");
        let more = ui.add_enabled(*count < MAX_COUNT, egui::Button::new("+").min_size(big));
        more.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, *count < MAX_COUNT, "One more")
        });
        if more.clicked() {
            *count += 1;
        }
    });
}

/// One draggable entry: its name and a few numbers. Dragging it carries a [`LibraryDrop`];
/// the board adds the combatants where it is released. Double-click edits it; right-click
/// offers Edit, Duplicate and Delete.
fn entry_row_ui(
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
    let visuals = ui.visuals();
    let fill = if response.hovered() || carried {
        visuals.widgets.hovered.weak_bg_fill
    } else {
        visuals.faint_bg_color
    };
    let painter = ui.painter();
    painter.rect_filled(rect.shrink2(vec2(0.0, 2.0)), CornerRadius::same(6), fill);
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
struct Drag {
    count: u32,
    detachment: bool,
    /// Whether the board accepts the list's entries (an encounter of their system is open).
    droppable: bool,
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

/// The combatant a drop adds: the entry's, standing in `zone`; several as one detachment
/// when the GM asked for it and the system (`system`) has detachments.
pub fn dropped_combatant(
    drop: &LibraryDrop,
    system: &dyn fray_app::System,
    zone: Option<fray_app::ids::ZoneId>,
) -> Action {
    let combatant = NewCombatant { zone, ..drop.entry.combatant.clone() };
    if drop.detachment
        && drop.count > 1
        && let Some(one) = system.detachment_of(combatant.clone(), drop.count)
    {
        return Action::AddCombatant { combatant: one, party: drop.entry.party, count: 1 };
    }
    Action::AddCombatant { combatant, party: drop.entry.party, count: drop.count }
}
