//! The system's weapon list as a reference: name and its numbers (die and speed, reach, tags
//! for Block, Dodge, Parry; damage, types, speed and critical multiplier for d12); the note on
//! hover. Filtered by the library's search text.

use eframe::egui::{self, RichText};
use fray_data::weapons::{WeaponRef, weapons};

/// Whether the system ships a weapon list (the library shows the tab only then).
pub(super) fn has_weapons(system: &str) -> bool {
    !weapons(system).is_empty()
}

/// The weapons whose name, tags or damage types contain `text` (case-insensitive).
pub(super) fn matching(system: &str, text: &str) -> Vec<&'static WeaponRef> {
    let needle = text.trim().to_lowercase();
    weapons(system)
        .iter()
        .filter(|w| {
            needle.is_empty()
                || w.name.to_lowercase().contains(&needle)
                || w.tags.iter().chain(&w.types).any(|t| t.to_lowercase().contains(&needle))
        })
        .collect()
}

/// Draws the list.
pub(super) fn weapons_ui(ui: &mut egui::Ui, system: &str, text: &str) {
    let list = matching(system, text);
    if list.is_empty() {
        ui.weak("No weapon of this system matches.");
        return;
    }
    ui.weak("A reference: hover a weapon for its note.");
    egui::ScrollArea::vertical().id_salt("library-weapons").auto_shrink([false, false]).show(
        ui,
        |ui| {
            for w in list {
                let row = ui.vertical(|ui| {
                    ui.label(RichText::new(&w.name).strong());
                    ui.label(RichText::new(w.summary()).small().weak());
                });
                if !w.notes.is_empty() {
                    row.response.on_hover_text(&w.notes);
                }
                ui.add_space(4.0);
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::{has_weapons, matching};

    #[test]
    fn both_lists_show_and_filter() {
        assert!(has_weapons("bdp") && has_weapons("d12") && !has_weapons("freeform"));
        let names = |system, text| -> Vec<&str> {
            matching(system, text).into_iter().map(|w| w.name.as_str()).collect()
        };
        assert!(names("bdp", "sweep").contains(&"Longsword"), "by tag");
        let blunt = names("d12", "BLUNT");
        assert!(blunt.contains(&"Mace") && blunt.contains(&"Morningstar"), "by type: {blunt:?}");
        assert!(!blunt.contains(&"Longsword"));
        assert_eq!(names("d12", "longsw"), ["Longsword"]);
    }
}
