//! What an import would do (each entry new, changed or the same as the library's, matched by
//! uid), and doing it in one transaction.

use super::changes::{Changes, Side, changes, merge};
use super::check::{check, decode_portrait};
use super::format::{CharacterEntry, CreatureEntry, LibraryFile, TableEntry, TemplateEntry};
use crate::entry::EntryTable;
use crate::ids::{CharacterId, CreatureId, TableId, TemplateId};
use crate::{Db, DbError, Search, TemplateKind, characters, creatures, tables, templates};
use rusqlite::Connection;
use std::collections::HashMap;
use std::fmt;

/// What kind of library entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// A bestiary entry.
    Creature,
    /// A character.
    Character,
    /// A roll table.
    Table,
    /// A template (detachment or encounter board).
    Template,
}

impl EntryKind {
    /// The word for it ("creature").
    pub fn word(self) -> &'static str {
        match self {
            Self::Creature => "creature",
            Self::Character => "character",
            Self::Table => "table",
            Self::Template => "template",
        }
    }
}

/// What importing an entry would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// No library entry has its uid: it is added.
    New,
    /// The library entry with its uid differs: it is replaced by the file's.
    Changed,
    /// The library entry with its uid is identical: nothing to do.
    Same,
}

impl Status {
    /// The word for it ("new").
    pub fn word(self) -> &'static str {
        match self {
            Self::New => "new",
            Self::Changed => "changed",
            Self::Same => "same",
        }
    }
}

/// One entry of a file as the preview lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewEntry {
    /// What it is.
    pub kind: EntryKind,
    /// What importing it does.
    pub status: Status,
    /// Its uid.
    pub uid: String,
    /// Its name.
    pub name: String,
    /// Its system.
    pub system: String,
    /// For a changed creature or character: each field that changes, is kept or goes.
    pub changes: Changes,
}

impl fmt::Display for PreviewEntry {
    /// `changed  creature   Goblin (bdp)`, then a line per field: `    HP 7 → 9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<8} {:<10} {} ({})",
            self.status.word(),
            self.kind.word(),
            self.name,
            self.system
        )?;
        for line in &self.changes.lines {
            write!(f, "\n    {line}")?;
        }
        Ok(())
    }
}

/// What importing a file would do, entry by entry (creatures, characters, tables, templates,
/// each in file order).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Preview {
    /// Every entry of the file.
    pub entries: Vec<PreviewEntry>,
}

impl Preview {
    /// How many entries have `status`.
    pub fn count(&self, status: Status) -> usize {
        self.entries.iter().filter(|e| e.status == status).count()
    }

    /// What the import would delete, entry by entry (`Goblin: Weapons (1 of 2), portrait`):
    /// the GM sees it before *Import*. Empty when it deletes nothing.
    pub fn removals(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter(|e| !e.changes.removes.is_empty())
            .map(|e| format!("{}: {}", e.name, e.changes.removes.join(", ")))
            .collect()
    }

    /// `3 new, 1 changed, 12 the same`
    pub fn counts(&self) -> String {
        format!(
            "{} new, {} changed, {} the same",
            self.count(Status::New),
            self.count(Status::Changed),
            self.count(Status::Same)
        )
    }
}

/// What an import wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Entries added.
    pub added: usize,
    /// Entries replaced.
    pub changed: usize,
    /// Entries left alone because the library already had them as they are.
    pub same: usize,
}

/// What importing `file` (read and checked by [`super::read_library`] or
/// [`super::csv_creatures`]) into `db` would do. Writes nothing.
pub fn preview(db: &Db, file: &LibraryFile) -> Result<Preview, DbError> {
    let mut file = file.clone();
    file.normalize();
    Ok(plan(db, &file)?.preview)
}

/// Imports `file` (read from `source`, which messages name) into `db`: checks it again, then
/// adds every new entry and replaces every changed one (portrait included) in one
/// transaction. On any error nothing is written.
pub fn apply(db: &Db, source: &str, file: &LibraryFile) -> Result<Summary, DbError> {
    import(db, source, file, true)
}

/// The import of `file` run whole — every check, every row written in its transaction — and
/// then rolled back: what it says is what [`apply`] would do, refusals included, and nothing
/// is written.
pub fn dry_run(db: &Db, source: &str, file: &LibraryFile) -> Result<Summary, DbError> {
    import(db, source, file, false)
}

fn import(db: &Db, source: &str, file: &LibraryFile, commit: bool) -> Result<Summary, DbError> {
    let mut file = file.clone();
    file.normalize();
    check(source, &file).map_err(|p| DbError::Invalid(p.to_string()))?;
    let plan = plan(db, &file)?;
    // What a spreadsheet merged over the library's entries is checked as it will be stored.
    if file.partial.is_some() {
        check(source, &plan.file).map_err(|p| DbError::Invalid(p.to_string()))?;
    }
    let mut conn = db.lock();
    let tx = conn.transaction()?;
    write(&tx, &plan.file, &plan)?;
    if commit {
        tx.commit()?;
    }
    Ok(Summary {
        added: plan.preview.count(Status::New),
        changed: plan.preview.count(Status::Changed),
        same: plan.preview.count(Status::Same),
    })
}

/// The preview and, for each changed entry, the id of the library entry it replaces (in the
/// preview's order).
struct Plan {
    /// The entries as they will be written: a partial file's creatures merged over the
    /// library's.
    file: LibraryFile,
    preview: Preview,
    ids: Vec<Option<i64>>,
    /// The kind and system of each changed template as stored.
    template_heads: HashMap<i64, (TemplateKind, String)>,
}

fn plan(db: &Db, file: &LibraryFile) -> Result<Plan, DbError> {
    let mut plan = Plan {
        file: file.clone(),
        preview: Preview::default(),
        ids: Vec::new(),
        template_heads: HashMap::new(),
    };
    let all = Search::default().limit(u32::MAX);
    let needs = |n: usize| n > 0;

    if needs(file.creatures.len()) {
        let store = db.creatures();
        let portraits = store.with_portraits()?;
        let mut stored = HashMap::new();
        for c in store.search(&all)? {
            let png = if portraits.contains(&c.id) { store.portrait(c.id)? } else { None };
            stored.insert(c.uid.clone(), (c.id.0, CreatureEntry::from_stored(&c, png.as_deref())));
        }
        for (i, e) in file.creatures.iter().enumerate() {
            let found = stored.get(&e.uid);
            let e = match (&file.partial, found) {
                (Some(partial), Some((_, s))) => merge(s, e, partial),
                _ => e.clone(),
            };
            let changes = found.map(|(_, s)| {
                let (was, now) = (Side::creature(s), Side::creature(&e));
                changes(&e.system, false, &was, &now, file.partial.as_ref())
            });
            plan.push(EntryKind::Creature, &e.uid, &e.name, &e.system, found, &e);
            plan.note(changes);
            plan.file.creatures[i] = e;
        }
    }
    if needs(file.characters.len()) {
        let store = db.characters();
        let portraits = store.with_portraits()?;
        let mut stored = HashMap::new();
        for c in store.search(&all)? {
            let png = if portraits.contains(&c.id) { store.portrait(c.id)? } else { None };
            stored.insert(c.uid.clone(), (c.id.0, CharacterEntry::from_stored(&c, png.as_deref())));
        }
        for e in &file.characters {
            let found = stored.get(&e.uid);
            let changes = found.map(|(_, s)| {
                changes(&e.system, true, &Side::character(s), &Side::character(e), None)
            });
            plan.push(EntryKind::Character, &e.uid, &e.name, &e.system, found, e);
            plan.note(changes);
        }
    }
    if needs(file.tables.len()) {
        let stored: HashMap<String, (i64, TableEntry)> = db
            .tables()
            .list(None)?
            .iter()
            .map(|t| (t.uid.clone(), (t.id.0, TableEntry::from_stored(t))))
            .collect();
        for e in &file.tables {
            plan.push(EntryKind::Table, &e.uid, &e.name, &e.system, stored.get(&e.uid), e);
        }
    }
    if needs(file.templates.len()) {
        let mut stored = HashMap::new();
        for kind in [TemplateKind::Detachment, TemplateKind::Encounter] {
            for t in db.templates().list(kind, None)? {
                plan.template_heads.insert(t.id.0, (t.kind, t.system.clone()));
                stored.insert(t.uid.clone(), (t.id.0, TemplateEntry::from_stored(&t)));
            }
        }
        for e in &file.templates {
            plan.push(EntryKind::Template, &e.uid, &e.name, &e.system, stored.get(&e.uid), e);
        }
    }
    Ok(plan)
}

impl Plan {
    fn push<T: PartialEq>(
        &mut self,
        kind: EntryKind,
        uid: &str,
        name: &str,
        system: &str,
        stored: Option<&(i64, T)>,
        entry: &T,
    ) {
        let status = match stored {
            None => Status::New,
            Some((_, s)) if s == entry => Status::Same,
            Some(_) => Status::Changed,
        };
        self.preview.entries.push(PreviewEntry {
            kind,
            status,
            uid: uid.to_owned(),
            name: name.to_owned(),
            system: system.to_owned(),
            changes: Changes::default(),
        });
        self.ids.push(stored.map(|(id, _)| *id));
    }

    /// The field changes of the entry just pushed, when it changes.
    fn note(&mut self, changes: Option<Changes>) {
        if let (Some(last), Some(c)) = (self.preview.entries.last_mut(), changes)
            && last.status == Status::Changed
        {
            last.changes = c;
        }
    }
}

/// A bundled entry brought back by an import keeps its origin, so loading the bundled
/// content again finds it instead of adding it a second time.
fn origin(uid: &str) -> Option<&str> {
    uid.starts_with("bundled:").then_some(uid)
}

const CREATURES: EntryTable = creatures::TABLE;
const CHARACTERS: EntryTable = characters::TABLE;

/// Writes every new and changed entry of the plan (inside the caller's transaction).
fn write(conn: &Connection, file: &LibraryFile, plan: &Plan) -> Result<(), DbError> {
    let mut steps = plan.preview.entries.iter().zip(&plan.ids);
    let mut next = || steps.next().expect("one step per entry");
    let portrait = |text: Option<&str>| -> Result<Option<Vec<u8>>, DbError> {
        text.map(decode_portrait).transpose().map_err(DbError::Invalid)
    };
    for e in &file.creatures {
        let (step, id) = next();
        let png = portrait(e.portrait.as_deref())?;
        let id = match (step.status, id) {
            (Status::New, _) => creatures::insert(conn, &e.to_new(), origin(&e.uid), Some(&e.uid))?
                .ok_or_else(|| conflict(e.uid.as_str()))?,
            (Status::Changed, Some(id)) => {
                creatures::update(conn, CreatureId(*id), &e.to_new())?;
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
                characters::insert(conn, &e.to_new(), origin(&e.uid), Some(&e.uid))?
                    .ok_or_else(|| conflict(e.uid.as_str()))?
            }
            (Status::Changed, Some(id)) => {
                characters::update(conn, CharacterId(*id), &e.to_new())?;
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
        let new = e.to_new().map_err(|m| DbError::Invalid(format!("table {}: {m}", e.name)))?;
        match (step.status, id) {
            (Status::New, _) => {
                tables::insert(conn, &new, origin(&e.uid), Some(&e.uid))?
                    .ok_or_else(|| conflict(e.uid.as_str()))?;
            }
            (Status::Changed, Some(id)) => tables::update(conn, TableId(*id), &new)?,
            _ => {}
        }
    }
    for e in &file.templates {
        let (step, id) = next();
        let new = e.to_new();
        match (step.status, id) {
            (Status::New, _) => {
                templates::insert(conn, &new, Some(&e.uid))?;
            }
            (Status::Changed, Some(id)) => {
                let (kind, system) = &plan.template_heads[id];
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
