//! What an import would do (each entry new, changed or the same as the library's, matched by
//! uid), and doing it in one transaction.

use super::changes::{Changes, Side, changes, merge};
use super::check::check;
use super::format::{
    CharacterEntry, CreatureEntry, LibraryFile, TableEntry, TemplateEntry, system_of,
};
use super::write::write;
use crate::ids::CreatureId;
use crate::{Db, DbError, Search, TemplateKind};
use fray_app::ids::SystemId;
use std::borrow::Cow;
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
    pub system: SystemId,
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
    Ok(plan(db, &normalized(file))?.preview)
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
    let file = normalized(file);
    check(source, &file).map_err(|p| DbError::Invalid(p.to_string()))?;
    let plan = plan(db, &file)?;
    // What a spreadsheet merged over the library's entries is checked as it will be stored.
    if let Some(merged) = &plan.merged {
        check(source, merged).map_err(|p| DbError::Invalid(p.to_string()))?;
    }
    let mut conn = db.lock();
    let tx = conn.transaction()?;
    let written = plan.merged.as_ref().unwrap_or(&file);
    write(&tx, written, &plan.preview.entries, &plan.ids, &plan.template_heads)?;
    if commit {
        tx.commit()?;
    }
    Ok(Summary {
        added: plan.preview.count(Status::New),
        changed: plan.preview.count(Status::Changed),
        same: plan.preview.count(Status::Same),
    })
}

/// `file` as the stores keep it: itself when it already is, as every reader's file is, else
/// a normalized copy. A copy of a file at the import's cap (20,000 creatures) cost as much
/// memory as the file, and the import made three.
fn normalized(file: &LibraryFile) -> Cow<'_, LibraryFile> {
    if file.is_normal() {
        return Cow::Borrowed(file);
    }
    let mut file = file.clone();
    file.normalize();
    Cow::Owned(file)
}

/// The preview and, for each changed entry, the id of the library entry it replaces (in the
/// preview's order).
struct Plan {
    /// A partial file (a spreadsheet's) as it will be written: its creatures merged over the
    /// library's. `None` for any other file, which is written as it is.
    merged: Option<LibraryFile>,
    preview: Preview,
    ids: Vec<Option<i64>>,
    /// The kind and system of each changed template as stored.
    template_heads: HashMap<i64, (TemplateKind, fray_app::ids::SystemId)>,
}

fn plan(db: &Db, file: &LibraryFile) -> Result<Plan, DbError> {
    let mut plan = Plan {
        merged: file.partial.as_ref().map(|_| LibraryFile {
            fray: file.fray,
            exported: file.exported.clone(),
            creatures: Vec::with_capacity(file.creatures.len()),
            characters: file.characters.clone(),
            tables: file.tables.clone(),
            templates: file.templates.clone(),
            partial: file.partial.clone(),
        }),
        preview: Preview::default(),
        ids: Vec::new(),
        template_heads: HashMap::new(),
    };
    let all = Search::default().limit(u32::MAX);
    let needs = |n: usize| n > 0;

    creatures_into(db, file, &mut plan)?;
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
            let system = system_of("character", &e.name, &e.system)?;
            let changes = found.map(|(_, s)| {
                changes(system, true, &Side::character(s), &Side::character(e), None)
            });
            plan.push(EntryKind::Character, &e.uid, &e.name, system, found, e);
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
            let system = system_of("table", &e.name, &e.system)?;
            plan.push(EntryKind::Table, &e.uid, &e.name, system, stored.get(&e.uid), e);
        }
    }
    if needs(file.templates.len()) {
        let mut stored = HashMap::new();
        for kind in [TemplateKind::Detachment, TemplateKind::Encounter] {
            for t in db.templates().list(kind, None)? {
                plan.template_heads.insert(t.id.0, (t.kind, t.system));
                stored.insert(t.uid.clone(), (t.id.0, TemplateEntry::from_stored(&t)));
            }
        }
        for e in &file.templates {
            let system = system_of("template", &e.name, &e.system)?;
            plan.push(EntryKind::Template, &e.uid, &e.name, system, stored.get(&e.uid), e);
        }
    }
    Ok(plan)
}

/// The creatures of `file` into the plan, each compared with the library's of its uid, looked
/// up alone: the whole bestiary read beside a file at the import's cap took as much memory
/// again.
fn creatures_into(db: &Db, file: &LibraryFile, plan: &mut Plan) -> Result<(), DbError> {
    let store = db.creatures();
    for e in &file.creatures {
        let found = match store.by_uid(&e.uid)? {
            Some(id) => stored_creature(db, id)?.map(|s| (id.0, s)),
            None => None,
        };
        let merged = match (&file.partial, &found) {
            (Some(partial), Some((_, s))) => Some(merge(s, e, partial)),
            _ => None,
        };
        let now = merged.as_ref().unwrap_or(e);
        let system = system_of("creature", &now.name, &now.system)?;
        let changes = found.as_ref().map(|(_, s)| {
            let (was, is) = (Side::creature(s), Side::creature(now));
            changes(system, false, &was, &is, file.partial.as_ref())
        });
        plan.push(EntryKind::Creature, &now.uid, &now.name, system, found.as_ref(), now);
        plan.note(changes);
        if let Some(written) = &mut plan.merged {
            written.creatures.push(merged.unwrap_or_else(|| e.clone()));
        }
    }
    Ok(())
}

/// The library's creature `id` as a file entry, portrait included.
fn stored_creature(db: &Db, id: CreatureId) -> Result<Option<CreatureEntry>, DbError> {
    let Some(c) = db.creatures().get(id)? else { return Ok(None) };
    Ok(Some(CreatureEntry::from_stored(&c, db.creatures().portrait(id)?.as_deref())))
}

impl Plan {
    fn push<T: PartialEq>(
        &mut self,
        kind: EntryKind,
        uid: &str,
        name: &str,
        system: SystemId,
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
            system,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::TemplateKindEntry;
    use crate::exchange::format::{CharacterEntry, RowEntry, TableEntry, TemplateEntry};
    use serde_json::json;

    /// A file of one entry of each kind, as the stores keep them.
    fn normal() -> LibraryFile {
        let head = |uid: &str| (uid.to_owned(), "bdp".to_owned(), "Goblin".to_owned());
        let (uid, system, name) = head("u1");
        let creature = CreatureEntry {
            uid,
            system,
            name,
            tags: vec!["orc".into()],
            block: json!({}),
            portrait: None,
        };
        let (uid, system, name) = head("u2");
        let sheet = json!({});
        let character = CharacterEntry {
            uid,
            system,
            name,
            tags: vec![],
            sheet,
            party: Some("A".into()),
            portrait: None,
        };
        let (uid, system, name) = head("u3");
        let row = |low, high| RowEntry { low, high, effect: "Hit".into(), structured: None };
        let table = TableEntry {
            uid,
            system,
            name,
            dice: "d6".into(),
            damage_type: None,
            rows: vec![row(1, 3), row(4, 6)],
        };
        let (uid, system, name) = head("u4");
        let template = TemplateEntry {
            uid,
            kind: TemplateKindEntry::Detachment,
            system,
            name,
            body: json!({}),
        };
        LibraryFile {
            creatures: vec![creature],
            characters: vec![character],
            tables: vec![table],
            templates: vec![template],
            ..LibraryFile::new()
        }
    }

    #[test]
    fn a_file_as_the_stores_keep_it_is_not_copied_and_any_other_is_normalized() {
        let file = normal();
        assert!(matches!(normalized(&file), Cow::Borrowed(_)));
        let changes: [fn(&mut LibraryFile); 6] = [
            |f| f.creatures[0].name.push(' '),
            |f| f.creatures[0].tags[0] = "Orc".into(),
            |f| f.characters[0].party = Some(" A".into()),
            |f| f.tables[0].rows.reverse(),
            |f| f.tables[0].dice = "1d6".into(),
            |f| f.templates[0].uid.insert(0, ' '),
        ];
        for change in changes {
            let mut file = normal();
            change(&mut file);
            let Cow::Owned(fixed) = normalized(&file) else { panic!("{file:?} is not normal") };
            assert_eq!(fixed, normal());
        }
    }
}
