//! The library's tabs (bestiary, characters, weapons, tables, detachments, templates): a row of
//! buttons, or one pick list in a panel too narrow for them (a large scale), where a button
//! each would take a row of its own and leave the list no room.

use super::{LibraryView, Tab, entries, weapons};
use crate::window::Model;
use eframe::egui::{self, vec2};
use fray_app::ids::SystemId;

/// Narrower than this (points), the panel's tabs are one pick list instead of a button each.
const NARROW: f32 = 240.0;

/// The tabs the system has (weapons and detachments only where it has them); a click picks
/// one, the tag filter starts again.
pub(super) fn tabs_ui(
    ui: &mut egui::Ui,
    model: &Model,
    system: SystemId,
    view: &mut LibraryView,
    has_weapons: bool,
    detachments: bool,
    mut fold: Option<super::FoldButton<'_>>,
) {
    // While the GM searches, the bestiary and characters tabs say how many entries match, so
    // hits in the other tab are not missed.
    let counts =
        view.results.as_ref().filter(|r| !r.query.text.trim().is_empty()).map(|r| r.counts);
    let mut tabs = vec![(Tab::Bestiary, "Bestiary"), (Tab::Characters, "Characters")];
    if has_weapons {
        tabs.push((Tab::Weapons, "Weapons"));
    }
    tabs.push((Tab::Tables, "Tables"));
    if detachments {
        tabs.push((Tab::Detachments, "Detachments"));
    }
    tabs.push((Tab::Templates, "Templates"));
    let shown = |tab: Tab, label: &str| {
        let count = match (tab, counts) {
            (Tab::Bestiary, Some((n, _))) | (Tab::Characters, Some((_, n))) => {
                Some(entries::count_text(n))
            }
            _ => None,
        };
        let text = count.as_ref().map_or_else(|| label.to_owned(), |n| format!("{label} ({n})"));
        (text, count)
    };
    let mut picked = view.tab;
    let narrow = ui.available_width() < NARROW;
    if narrow {
        // One row for the tabs where each would take a row of its own (a large scale): the
        // list below needs the height. Truncated to the width set: wider, it would widen the
        // panel.
        let current = tabs.iter().find(|(t, _)| *t == view.tab).map_or("Bestiary", |(_, l)| l);
        ui.horizontal(|ui| {
            if let Some(fold) = fold.as_mut() {
                fold(ui, true);
            }
            egui::ComboBox::from_id_salt("library-tab")
                .selected_text(shown(view.tab, current).0)
                .truncate()
                .width(ui.available_width() - 8.0)
                .show_ui(ui, |ui| {
                    for (tab, label) in &tabs {
                        ui.selectable_value(&mut picked, *tab, shown(*tab, label).0);
                    }
                })
                .response
                .accessible_name("Library tab");
        });
    } else {
        ui.horizontal_wrapped(|ui| {
            if let Some(fold) = fold.as_mut() {
                fold(ui, false);
            }
            for (tab, label) in &tabs {
                let (text, count) = shown(*tab, label);
                let selected = view.tab == *tab;
                let button = egui::Button::selectable(selected, text).min_size(vec2(0.0, 34.0));
                let response = ui.add(button);
                // The tab keeps its name for assistive tools (and the tests); the count is its
                // value.
                response.widget_info(|| {
                    let mut info =
                        egui::WidgetInfo::selected(egui::Role::Button, true, selected, *label);
                    info.current_text_value = count.clone();
                    info
                });
                if response.clicked() {
                    picked = *tab;
                }
            }
        });
    }
    if picked != view.tab {
        view.tab = picked;
        view.tag = None;
        if picked == Tab::Weapons {
            // Opening the tab reads the list again: it may have been edited since.
            view.weapons = Some(weapons::WeaponList::load(&model.db, system));
        }
    }
}
