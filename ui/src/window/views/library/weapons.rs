//! The system's weapon list as a reference: each weapon's name and the line its system sums it
//! up with (`System::weapon_list`); the note on hover. Read from the library's `weapons` store,
//! filtered by the library's search text.

use eframe::egui::{self, RichText};
use fray_app::ids::SystemId;
use fray_data::Db;
use fray_data::weapons::WeaponRef;

/// One system's weapon list as last read from the database; read again when the system
/// changes or the GM opens the tab (not every frame).
pub(super) struct WeaponList {
    /// The system it was read for.
    pub system: SystemId,
    /// The weapons, by name, or why they could not be read.
    weapons: Result<Vec<WeaponRef>, String>,
}

impl WeaponList {
    /// Reads `system`'s list.
    pub fn load(db: &Db, system: SystemId) -> Self {
        let weapons = db
            .weapons()
            .list(Some(system))
            .map(|list| list.into_iter().map(|w| w.weapon).collect())
            .map_err(|e| format!("The weapon list could not be read: {e}"));
        Self { system, weapons }
    }

    /// Whether the library shows the tab: the system has weapons (or reading them failed, so
    /// the tab can say why).
    pub fn shown(&self) -> bool {
        !matches!(&self.weapons, Ok(w) if w.is_empty())
    }

    /// The weapons whose name or any word of their fields (tags, damage types...) contains
    /// `text` (case-insensitive).
    pub fn matching(&self, text: &str) -> Vec<&WeaponRef> {
        let needle = text.trim().to_lowercase();
        let all = self.weapons.as_deref().unwrap_or_default();
        all.iter()
            .filter(|w| {
                needle.is_empty()
                    || w.name.to_lowercase().contains(&needle)
                    || w.words().any(|t| t.to_lowercase().contains(&needle))
            })
            .collect()
    }
}

/// Draws the list.
pub(super) fn weapons_ui(ui: &mut egui::Ui, list: &WeaponList, text: &str) {
    if let Err(error) = &list.weapons {
        ui.colored_label(ui.visuals().error_fg_color, error);
        return;
    }
    let shown = list.matching(text);
    if shown.is_empty() {
        ui.weak("No weapon of this system matches.");
        return;
    }
    ui.weak("A reference: hover a weapon for its note.");
    egui::ScrollArea::vertical().id_salt("library-weapons").auto_shrink([false, false]).show(
        ui,
        |ui| {
            for w in shown {
                let row = ui.vertical(|ui| {
                    ui.label(RichText::new(&w.name).strong());
                    ui.label(RichText::new(w.summary(list.system)).small().weak());
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
    use super::WeaponList;
    use fray_data::Db;
    use fray_data::weapons::NewWeapon;

    #[test]
    fn every_list_shows_and_filters() {
        let db = Db::open_in_memory().unwrap();
        let list = |system: &str| WeaponList::load(&db, system.parse().unwrap());
        assert!(list("bdp").shown() && list("d12").shown() && list("murdham").shown());
        assert!(!list("freeform").shown());
        let names = |system: &str, text| -> Vec<String> {
            list(system).matching(text).into_iter().map(|w| w.name.clone()).collect()
        };
        assert!(names("bdp", "sweep").contains(&"Longsword".into()), "by tag");
        let blunt = names("d12", "BLUNT");
        assert!(
            blunt.contains(&"Mace".into()) && blunt.contains(&"Morningstar".into()),
            "{blunt:?}"
        );
        assert!(!blunt.contains(&"Longsword".into()));
        assert_eq!(names("d12", "longsw"), ["Longsword"]);
        // Murdham keywords are tags: the indirect bow, the blast flask.
        assert_eq!(names("murdham", "indirect"), ["Bow"]);
        assert_eq!(names("murdham", "blast"), ["Fire flask"]);

        // The list is the database's: a GM's edit shows once it is read again.
        let sword = db.weapons().list(Some("d12".parse().unwrap())).unwrap();
        let sword = sword.into_iter().find(|w| w.weapon.key == "longsword").unwrap();
        let mut edit = NewWeapon { system: sword.system, weapon: sword.weapon };
        edit.weapon.name = "Longsword of the lantern".into();
        db.weapons().update(sword.id, &edit).unwrap();
        assert_eq!(names("d12", "longsw"), ["Longsword of the lantern"]);
    }
}
