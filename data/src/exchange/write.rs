//! Writing an import's entries, inside the transaction its caller holds open.

use super::check::decode_portrait;
use super::format::{LibraryFile, TemplateEntry};
use super::preview::{PreviewEntry, Status};
use crate::entry::EntryTable;
use crate::ids::{CharacterId, CreatureId, TableId, TemplateId};
use crate::{DbError, TemplateKind, characters, creatures, tables, templates};
use rusqlite::Connection;
use std::collections::HashMap;

/// A bundled entry brought back by an import keeps its origin, so loading the bundled
/// content again finds it instead of adding it a second time.
fn origin(uid: &str) -> Option<&str> {
    uid.starts_with("bundled:").then_some(uid)
}

const CREATURES: EntryTable = crate::creatures::TABLE;
const CHARACTERS: EntryTable = crate::characters::TABLE;

/// Writes every new and changed entry of `file` (inside the caller's transaction), one row at
/// a time as its `steps` (the preview's entries, in its order) and the `ids` of the entries
/// they replace say; `template_heads` are the kind and system of each changed template as
/// stored, which an import cannot change.
pub(super) fn write(
    conn: &Connection,
    file: &LibraryFile,
    steps: &[PreviewEntry],
    ids: &[Option<i64>],
    template_heads: &HashMap<i64, (TemplateKind, fray_app::ids::SystemId)>,
) -> Result<(), DbError> {
    let mut steps = steps.iter().zip(ids);
    let mut next = || steps.next().expect("one step per entry");
    let portrait = |text: Option<&str>| -> Result<Option<Vec<u8>>, DbError> {
        text.map(decode_portrait).transpose().map_err(DbError::Invalid)
    };
    for e in &file.creatures {
        let (step, id) = next();
        let png = portrait(e.portrait.as_deref())?;
        let id = match (step.status, id) {
            (Status::New, _) => {
                creatures::insert(conn, &e.to_new()?, origin(&e.uid), Some(&e.uid))?
                    .ok_or_else(|| conflict(e.uid.as_str()))?
            }
            (Status::Changed, Some(id)) => {
                creatures::update(conn, CreatureId(*id), &e.to_new()?)?;
                CreatureId(*id)
            }
            _ => continue,
        };
        if png.is_some() || step.status == Status::Changed {
            CREATURES.set_portrait(conn, id.0, png.as_deref())?;
        }
    }
    for e in &file.characters {
        let (step, id) = next();
        let png = portrait(e.portrait.as_deref())?;
        let id = match (step.status, id) {
            (Status::New, _) => {
                characters::insert(conn, &e.to_new()?, origin(&e.uid), Some(&e.uid))?
                    .ok_or_else(|| conflict(e.uid.as_str()))?
            }
            (Status::Changed, Some(id)) => {
                characters::update(conn, CharacterId(*id), &e.to_new()?)?;
                CharacterId(*id)
            }
            _ => continue,
        };
        if png.is_some() || step.status == Status::Changed {
            CHARACTERS.set_portrait(conn, id.0, png.as_deref())?;
        }
    }
    for e in &file.tables {
        let (step, id) = next();
        let new = e.to_new()?;
        match (step.status, id) {
            (Status::New, _) => {
                tables::insert(conn, &new, origin(&e.uid), Some(&e.uid))?
                    .ok_or_else(|| conflict(e.uid.as_str()))?;
            }
            (Status::Changed, Some(id)) => tables::update(conn, TableId(*id), &new)?,
            _ => {}
        }
    }
    write_templates(conn, &file.templates, &mut steps, template_heads)
}

/// The templates of an import, each with its step (after the other entries' steps): a
/// changed one must keep the kind and system it has in the library (`heads`).
fn write_templates<'a>(
    conn: &Connection,
    templates: &[TemplateEntry],
    steps: &mut impl Iterator<Item = (&'a PreviewEntry, &'a Option<i64>)>,
    heads: &HashMap<i64, (TemplateKind, fray_app::ids::SystemId)>,
) -> Result<(), DbError> {
    for e in templates {
        let (step, id) = steps.next().expect("one step per entry");
        let new = e.to_new()?;
        match (step.status, id) {
            (Status::New, _) => {
                templates::insert(conn, &new, Some(&e.uid))?;
            }
            (Status::Changed, Some(id)) => {
                let (kind, system) = &heads[id];
                if *kind != new.kind || *system != new.system {
                    return Err(DbError::Invalid(format!(
                        "template {}: the library's template with uid '{}' is a {} of {}; an \
                         import cannot change its kind or system",
                        e.name,
                        e.uid,
                        kind.word(),
                        system
                    )));
                }
                templates::update(conn, TemplateId(*id), &new)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// A new entry whose origin is already taken: the library changed since the preview.
fn conflict(uid: &str) -> DbError {
    DbError::Invalid(format!("an entry with uid '{uid}' appeared during the import; try again"))
}
