//! The library actions carried out: new, edit, save, duplicate and delete a bestiary entry or
//! a character. Called from [`super::apply`] only; every change bumps
//! [`Model::library_version`] so the lists read the library again.

use super::model::{Model, Removed};
use super::views::ViewState;
use super::views::editor::Draft;
use fray_app::ids::SystemId;
use fray_data::{CharacterId, CreatureId, NewCharacter, NewCreature};

/// A stored library entry: a creature of the bestiary or a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryRef {
    /// A bestiary entry.
    Creature(CreatureId),
    /// A character.
    Character(CharacterId),
}

impl EntryRef {
    /// The key the entry's combatants carry as their `source` (`creature:12`).
    pub fn source(self) -> String {
        match self {
            EntryRef::Creature(id) => format!("creature:{}", id.0),
            EntryRef::Character(id) => format!("character:{}", id.0),
        }
    }

    /// Whether it is a character.
    pub fn is_character(self) -> bool {
        matches!(self, EntryRef::Character(_))
    }
}

/// What the editor saves: the whole entry, and what became of its portrait.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedEntry {
    /// The entry replaced, or `None` for a new one.
    pub target: Option<EntryRef>,
    /// Whether a new entry is a character (ignored when `target` says).
    pub character: bool,
    /// System id.
    pub system: SystemId,
    /// Name.
    pub name: String,
    /// Tags.
    pub tags: Vec<String>,
    /// The stat block or sheet (already validated by the editor).
    pub block: serde_json::Value,
    /// The party, for a character.
    pub party: Option<String>,
    /// `None`: the portrait is left as it is; `Some(None)`: removed; `Some(Some(png))`: set.
    pub portrait: Option<Option<Vec<u8>>>,
}

/// What the GM does to the library (bestiary and characters).
#[derive(Debug, Clone, PartialEq)]
pub enum LibraryAction {
    /// Open the editor on a new entry of a system.
    New {
        /// System id.
        system: SystemId,
        /// A character (true) or a creature.
        character: bool,
    },
    /// Open the editor on a stored entry.
    Edit(EntryRef),
    /// Store what the editor holds (insert or update) and close it.
    Save(Box<SavedEntry>),
    /// Copy an entry; with `edit`, open the copy in the editor.
    Duplicate {
        /// The entry copied.
        entry: EntryRef,
        /// Open the copy in the editor.
        edit: bool,
    },
    /// Delete an entry (the view asked for confirmation first); undone by
    /// [`super::Action::UndoRemove`].
    Delete(EntryRef),
    /// Make a creature a recurring foe (it carries its condition between fights) or a plain
    /// template again (its condition forgotten).
    SetRecurring {
        /// The creature.
        id: CreatureId,
        /// Recurring or plain.
        recurring: bool,
    },
    /// Write an entry's stat block (or sheet) as Markdown to a file, for notes and handouts.
    ExportMarkdown {
        /// The entry.
        entry: EntryRef,
        /// Where.
        path: std::path::PathBuf,
    },
}

/// Carries out a library action.
pub fn apply(model: &mut Model, view: &mut ViewState, action: LibraryAction) {
    match action {
        LibraryAction::New { system, character } => new_entry(view, system, character),
        LibraryAction::Edit(entry) => edit_entry(model, view, entry),
        LibraryAction::Save(saved) => save_entry(model, view, *saved),
        LibraryAction::Duplicate { entry, edit } => duplicate_entry(model, view, entry, edit),
        LibraryAction::Delete(entry) => delete_entry(model, view, entry),
        LibraryAction::ExportMarkdown { entry, path } => export_markdown(model, entry, &path),
        LibraryAction::SetRecurring { id, recurring } => {
            match model.db.creatures().set_recurring(id, recurring) {
                Ok(_) if recurring => {
                    model.info("A recurring foe: it carries its harm to the next fight")
                }
                Ok(_) => model.info("A plain creature again: every one enters fresh"),
                Err(e) => model.error(format!("Could not change it: {e}")),
            }
            model.library_version += 1;
        }
    }
}

/// Writes an entry as Markdown beside, then renames: a failed export leaves no half file.
fn export_markdown(model: &mut Model, entry: EntryRef, path: &std::path::Path) {
    use fray_data::exchange::{character_markdown, creature_markdown};
    let text = match entry {
        EntryRef::Creature(id) => {
            model.db.creatures().get(id).map(|c| c.map(|c| creature_markdown(&c)))
        }
        EntryRef::Character(id) => {
            model.db.characters().get(id).map(|c| c.map(|c| character_markdown(&c)))
        }
    };
    let text = match text {
        Ok(Some(text)) => text,
        Ok(None) => return model.error("That entry no longer exists"),
        Err(e) => return model.error(format!("Could not read the entry: {e}")),
    };
    match fray_data::files::write_atomic(path, text.as_bytes()) {
        Ok(()) => model.info(format!("Stat block written to {}", path.display())),
        Err(e) => model.error(format!("Could not write {}: {e}", path.display())),
    }
}

/// Opens the editor on a new, empty entry of `system`.
fn new_entry(view: &mut ViewState, system: SystemId, character: bool) {
    view.editor.open(Draft::new(system, character));
}

/// Opens the editor on a stored entry (a copy: nothing changes until it is saved).
fn edit_entry(model: &mut Model, view: &mut ViewState, entry: EntryRef) {
    let draft = match entry {
        EntryRef::Creature(id) => model.db.creatures().get(id).and_then(|c| {
            let portrait = model.db.creatures().portrait(id)?;
            Ok(c.map(|c| Draft::from_creature(&c, portrait)))
        }),
        EntryRef::Character(id) => model.db.characters().get(id).and_then(|c| {
            let portrait = model.db.characters().portrait(id)?;
            Ok(c.map(|c| Draft::from_character(&c, portrait)))
        }),
    };
    match draft {
        Ok(Some(draft)) => view.editor.open(draft),
        Ok(None) => model.error("That entry is no longer in the library"),
        Err(e) => model.error(format!("Could not read the entry: {e}")),
    }
}

/// Inserts or updates the entry, then its portrait; the editor closes once it is stored.
fn save_entry(model: &mut Model, view: &mut ViewState, saved: SavedEntry) {
    let db = &model.db;
    let character = saved.target.map_or(saved.character, EntryRef::is_character);
    let result = if character {
        let new = NewCharacter {
            system: saved.system,
            name: saved.name.clone(),
            tags: saved.tags.clone(),
            sheet: saved.block.clone(),
            party: saved.party.clone(),
        };
        match saved.target {
            Some(EntryRef::Character(id)) => db.characters().update(id, &new).map(|()| id),
            _ => db.characters().insert(&new),
        }
        .and_then(|id| {
            if let Some(png) = &saved.portrait {
                db.characters().set_portrait(id, png.as_deref())?;
            }
            Ok(EntryRef::Character(id))
        })
    } else {
        let new = NewCreature {
            system: saved.system,
            name: saved.name.clone(),
            tags: saved.tags.clone(),
            block: saved.block.clone(),
        };
        match saved.target {
            Some(EntryRef::Creature(id)) => db.creatures().update(id, &new).map(|()| id),
            _ => db.creatures().insert(&new),
        }
        .and_then(|id| {
            if let Some(png) = &saved.portrait {
                db.creatures().set_portrait(id, png.as_deref())?;
            }
            Ok(EntryRef::Creature(id))
        })
    };
    match result {
        Ok(_) => {
            view.editor.close();
            model.library_version += 1;
            model.info(format!("{} saved", saved.name));
        }
        // The editor stays open with everything typed: nothing is lost.
        Err(e) => model.error(format!("Could not save {}: {e}", saved.name)),
    }
}

/// Copies an entry ("Goblin (copy)", with its portrait); with `edit`, opens the copy in the
/// editor.
fn duplicate_entry(model: &mut Model, view: &mut ViewState, entry: EntryRef, edit: bool) {
    let copy = match entry {
        EntryRef::Creature(id) => model.db.creatures().duplicate(id).map(EntryRef::Creature),
        EntryRef::Character(id) => model.db.characters().duplicate(id).map(EntryRef::Character),
    };
    match copy {
        Ok(copy) => {
            model.library_version += 1;
            model.info("Copy added to the library");
            if edit {
                edit_entry(model, view, copy);
            }
        }
        Err(e) => model.error(format!("Could not duplicate: {e}")),
    }
}

/// Deletes an entry, keeping all of it in [`Model::removed`] so the status line can offer to
/// put it back; an editor open on it closes.
fn delete_entry(model: &mut Model, view: &mut ViewState, entry: EntryRef) {
    let removed = match entry {
        EntryRef::Creature(id) => model.db.creatures().remove(id).map(|r| r.map(Removed::Creature)),
        EntryRef::Character(id) => {
            model.db.characters().remove(id).map(|r| r.map(Removed::Character))
        }
    };
    match removed {
        Ok(Some(removed)) => {
            model.info(deleted_message(removed.name()));
            model.removed = Some(removed);
            model.library_version += 1;
            if view.editor.editing() == Some(entry) {
                view.editor.close();
            }
        }
        Ok(None) => model.error("That entry was already gone"),
        Err(e) => model.error(format!("Could not delete: {e}")),
    }
}

/// The status line after a deletion; the Undo button is offered while it is shown.
pub fn deleted_message(name: &str) -> String {
    format!("{name} deleted")
}
