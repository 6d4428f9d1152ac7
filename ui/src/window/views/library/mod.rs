//! The library: bestiary and characters of a system (the open encounter's, or any the GM
//! picks to prepare), search as you type over names, tags and notes, tag filter, drag an
//! entry onto a zone (a count adds several at once); quick-add by name. New, Edit, Duplicate
//! and Delete open the stat-block editor or ask first.

mod confirm;
mod entries;
mod filters;
pub mod prep;
mod quick_add;
mod row;
mod tabs;
mod weapons;

pub use confirm::{DeleteConfirm, confirm_delete_ui};
pub use entries::{Entry, LibraryDrop};

use crate::window::library_ops::{LibraryAction, deleted_message};
use crate::window::{Action, Model};
use eframe::egui::{self, vec2};
use entries::{Query, Results};
use fray_app::command::NewCombatant;
use fray_app::ids::SystemId;
use fray_app::systems::Registry;

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
    system: Option<SystemId>,
    /// The open encounter's system when it was last followed.
    followed: Option<SystemId>,
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
    pub fn shown_system(&self, model: &Model) -> SystemId {
        let open = model.session.as_ref().map(|s| s.state().system_id());
        let freeform = || fray_app::own::Kind::id(&fray_app::systems::freeform::Freeform);
        self.system.or(open).unwrap_or_else(freeform)
    }

    /// Shows the library of `system` (the picker above the list).
    pub fn pick_system(&mut self, system: SystemId) {
        self.system = Some(system);
        self.tag = None;
    }
}

/// The open library's own fold toggle, drawn first in its first row (`true`: the key alone).
pub type FoldButton<'a> = &'a mut dyn FnMut(&mut egui::Ui, bool);

/// Draws the library; `fold` draws its fold toggle where the panel can be folded.
pub fn library_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut LibraryView,
    fold: Option<FoldButton<'_>>,
    out: &mut Vec<Action>,
) {
    let open = model.session.as_ref().map(|s| s.state().system_id());
    if open.is_some() && open != view.followed {
        // A newly opened encounter shows its own system's library.
        view.followed = open;
        view.system = open;
    }
    let system = view.shown_system(model);
    confirm_delete_ui(ui, &mut view.confirm, out);
    let droppable = open == Some(system);
    // Quick-add is open unless the panel is short (a small window at a large scale: the list
    // needs the room more), until the GM opens or closes it.
    let roomy = ui.available_height() > 560.0;
    let open = view.quick_open.unwrap_or(roomy);
    egui::Panel::bottom("library-quick-add")
        .resizable(false)
        .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 8)))
        .show(ui, |ui| {
            // Wrapped: in a narrow panel the second button goes below rather than off its edge.
            ui.horizontal_wrapped(|ui| {
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
            .show(ui, |ui| list_ui(ui, model, system, view, droppable, false, fold, out));
    } else {
        list_ui(ui, model, system, view, droppable, true, fold, out);
    }
}

/// The system picker, at the start of the search row (no row of its own: the list needs the
/// height). Shows a short name; the list names every system in full.
fn system_ui(ui: &mut egui::Ui, procedures: &Registry, system: SystemId, view: &mut LibraryView) {
    let full = system.system().name();
    let mut picked = system;
    // Every procedure in view at once (Sovereign was behind a scroll), as the welcome
    // screen's picker shows them.
    egui::ComboBox::from_id_salt("library-system")
        .selected_text(short_name(full))
        .width(96.0)
        .height(f32::INFINITY)
        .show_ui(ui, |ui| {
            for s in procedures.all() {
                ui.selectable_value(&mut picked, s.id(), s.name());
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
        view.pick_system(picked);
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
fn new_entry_ui(ui: &mut egui::Ui, system: SystemId, tab: Tab, out: &mut Vec<Action>) {
    let new = match tab {
        Tab::Bestiary => Some(("New creature", false)),
        Tab::Characters => Some(("New character", true)),
        _ => None,
    };
    if let Some((label, character)) = new {
        // In a narrow panel (a large scale) the short word, its whole name kept for assistive
        // tools and on hover.
        let shown = if ui.available_width() < 120.0 { "New…" } else { label };
        let button = egui::Button::new(shown).min_size(vec2(0.0, 30.0));
        let response = ui.add(button);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label));
        let hover = format!("{label}: write a new stat block in the editor");
        if response.on_hover_text(hover).clicked() {
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
    system: SystemId,
    view: &mut LibraryView,
    droppable: bool,
    virtualised: bool,
    fold: Option<FoldButton<'_>>,
    out: &mut Vec<Action>,
) {
    ui.add_space(4.0);
    let (has_weapons, detachments) = fit_tab(model, system, view);
    tabs::tabs_ui(ui, model, system, view, has_weapons, detachments, fold);
    ui.add_space(2.0);
    filters::search_ui(ui, model.db.procedures(), system, view);
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

    entries_ui(ui, model, system, view, droppable, virtualised, out);
}

/// The weapons list of `system` loaded, and the tab moved to the bestiary when the one shown
/// does not apply to it (no weapons, no detachments). Whether it has each.
fn fit_tab(model: &Model, system: SystemId, view: &mut LibraryView) -> (bool, bool) {
    if view.weapons.as_ref().is_none_or(|w| w.system != system) {
        view.weapons = Some(weapons::WeaponList::load(&model.db, system));
    }
    let has_weapons = view.weapons.as_ref().is_some_and(weapons::WeaponList::shown);
    if view.tab == Tab::Weapons && !has_weapons {
        view.tab = Tab::Bestiary;
    }
    let detachments = system.system().has_detachments();
    if view.tab == Tab::Detachments && !detachments {
        view.tab = Tab::Bestiary;
    }
    (has_weapons, detachments)
}

/// The bestiary's or the characters' entries: its tag and count filters, then the rows
/// (virtualised when `virtualised`), each dragged onto the board when `droppable`.
fn entries_ui(
    ui: &mut egui::Ui,
    model: &Model,
    system: SystemId,
    view: &mut LibraryView,
    droppable: bool,
    virtualised: bool,
    out: &mut Vec<Action>,
) {
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

    filters::tag_ui(ui, &mut view.tag, &results.tags);
    filters::count_ui(ui, &mut view.count);
    let detachments = system.system().has_detachments();
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
        let how = if on_grid { "Drag onto a square to add." } else { "Drag onto a zone to add." };
        // One line whatever it says (cut short, whole on hover): the entries under it keep
        // their places when zones become a grid.
        ui.add(egui::Label::new(egui::RichText::new(how).weak()).truncate());
    } else {
        ui.weak("Right-click an entry to edit it.");
    }
    let drag =
        row::Drag { count: view.count, detachment: detachments && view.detachment, droppable };
    let confirm = &mut view.confirm;
    if !virtualised {
        for entry in &results.entries {
            row::entry_row_ui(ui, entry, drag, confirm, out);
        }
        return;
    }
    egui::ScrollArea::vertical().auto_shrink([false, false]).show_rows(
        ui,
        ROW_HEIGHT,
        results.entries.len(),
        |ui, range| {
            for entry in &results.entries[range] {
                row::entry_row_ui(ui, entry, drag, confirm, out);
            }
        },
    );
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
