//! Exporting library entries as a Fray JSON file.

use super::format::{CharacterEntry, CreatureEntry, LibraryFile, TableEntry, TemplateEntry};
use crate::db::now_ms;
use crate::ids::{CharacterId, CreatureId, TableId, TemplateId};
use crate::{Db, DbError, Search, TemplateKind};
use std::path::Path;

/// Which entries to export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// The whole library.
    All,
    /// Every entry of one system (`bdp`).
    System(fray_app::ids::SystemId),
    /// The entries picked in the library panels.
    Entries {
        /// Creatures.
        creatures: Vec<CreatureId>,
        /// Characters.
        characters: Vec<CharacterId>,
        /// Roll tables.
        tables: Vec<TableId>,
        /// Templates.
        templates: Vec<TemplateId>,
    },
}

/// The selected entries as a Fray JSON file (uids and portraits included), stamped with the
/// time of export. Creatures and characters come ordered by name; picked entries that no
/// longer exist are left out.
pub fn export(db: &Db, selection: &Selection) -> Result<LibraryFile, DbError> {
    let mut lib = LibraryFile { exported: Some(utc_now()), ..LibraryFile::new() };
    match selection {
        Selection::All | Selection::System(_) => {
            let system = match selection {
                Selection::System(s) => Some(*s),
                _ => None,
            };
            let mut search = Search::default().limit(u32::MAX);
            search.system = system;
            for c in db.creatures().search(&search)? {
                lib.creatures.push(CreatureEntry::from_stored(
                    &c,
                    db.creatures().portrait(c.id)?.as_deref(),
                ));
            }
            for c in db.characters().search(&search)? {
                lib.characters.push(CharacterEntry::from_stored(
                    &c,
                    db.characters().portrait(c.id)?.as_deref(),
                ));
            }
            lib.tables = db.tables().list(system)?.iter().map(TableEntry::from_stored).collect();
            for kind in [TemplateKind::Detachment, TemplateKind::Encounter] {
                let list = db.templates().list(kind, system)?;
                lib.templates.extend(list.iter().map(TemplateEntry::from_stored));
            }
        }
        Selection::Entries { creatures, characters, tables, templates } => {
            for &id in creatures {
                if let Some(c) = db.creatures().get(id)? {
                    let png = db.creatures().portrait(id)?;
                    lib.creatures.push(CreatureEntry::from_stored(&c, png.as_deref()));
                }
            }
            for &id in characters {
                if let Some(c) = db.characters().get(id)? {
                    let png = db.characters().portrait(id)?;
                    lib.characters.push(CharacterEntry::from_stored(&c, png.as_deref()));
                }
            }
            for &id in tables {
                if let Some(t) = db.tables().get(id)? {
                    lib.tables.push(TableEntry::from_stored(&t));
                }
            }
            for &id in templates {
                if let Some(t) = db.templates().get(id)? {
                    lib.templates.push(TemplateEntry::from_stored(&t));
                }
            }
        }
    }
    Ok(lib)
}

/// Writes a Fray JSON file (pretty-printed) to `path`, whole or not at all
/// ([`crate::files::write_atomic`]).
pub fn write_library(path: &Path, lib: &LibraryFile) -> std::io::Result<()> {
    let mut text = serde_json::to_string_pretty(lib).map_err(std::io::Error::other)?;
    text.push('\n');
    crate::files::write_atomic(path, text.as_bytes())
}

/// The kinds of file the library is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LibraryFormat {
    /// Fray's own library file: every entry, every field, portraits.
    #[default]
    Fray,
    /// Improved Initiative's library export: the creatures, as its stat blocks.
    ImprovedInitiative,
    /// A Markdown note of Fantasy Statblocks fences (Obsidian): the creatures, in its YAML.
    FantasyStatblocks,
}

impl LibraryFormat {
    /// Every format, in menu order.
    pub const ALL: [LibraryFormat; 3] =
        [LibraryFormat::Fray, LibraryFormat::ImprovedInitiative, LibraryFormat::FantasyStatblocks];

    /// Its name in a menu.
    pub fn name(self) -> &'static str {
        match self {
            LibraryFormat::Fray => "Fray library (JSON)",
            LibraryFormat::ImprovedInitiative => "Improved Initiative (JSON, creatures)",
            LibraryFormat::FantasyStatblocks => "Fantasy Statblocks note (Markdown, creatures)",
        }
    }

    /// The file name extension it is written with.
    pub fn extension(self) -> &'static str {
        match self {
            LibraryFormat::FantasyStatblocks => "md",
            _ => "json",
        }
    }

    /// Whether it holds only the creatures.
    pub fn creatures_only(self) -> bool {
        self != LibraryFormat::Fray
    }
}

/// Writes `lib` to `path` as `format`, whole or not at all.
pub fn write_library_as(
    path: &Path,
    lib: &LibraryFile,
    format: LibraryFormat,
) -> std::io::Result<()> {
    match format {
        LibraryFormat::Fray => write_library(path, lib),
        LibraryFormat::ImprovedInitiative => {
            let value =
                super::improved_initiative_file(&lib.creatures).map_err(std::io::Error::other)?;
            let mut text = serde_json::to_string_pretty(&value).map_err(std::io::Error::other)?;
            text.push('\n');
            crate::files::write_atomic(path, text.as_bytes())
        }
        LibraryFormat::FantasyStatblocks => {
            let note =
                super::fantasy_statblocks_note(&lib.creatures).map_err(std::io::Error::other)?;
            crate::files::write_atomic(path, note.as_bytes())
        }
    }
}

/// Now in UTC as `YYYY-MM-DDTHH:MM:SSZ`.
fn utc_now() -> String {
    crate::dates::utc_second(now_ms())
}
