//! Pasted blocks (and other tools' creatures) meeting the library: the entries whose names
//! they share, and the library file they make once each clash is settled.

use super::format::CreatureEntry;
use super::paste::PastedBlock;
use crate::ids::CreatureId;
use crate::{Db, DbError};
use fray_app::system::schema;
use std::borrow::Cow;
use std::collections::HashMap;

/// What to do with a pasted block whose name an entry of the library already has (one not
/// made by an earlier paste of the same block).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnClash {
    /// The library's entry takes what the paste read; the rest of it stays.
    Update,
    /// The pasted block comes in as an entry of its own beside it.
    KeepBoth,
    /// The pasted block is left out.
    Skip,
}

impl OnClash {
    /// The word for it, as the command line takes it.
    pub fn word(self) -> &'static str {
        match self {
            OnClash::Update => "update",
            OnClash::KeepBoth => "both",
            OnClash::Skip => "skip",
        }
    }
}

/// For each pasted block, the library's entry of the same system it clashes with by name
/// (ignoring case), if any, the first by name as an export lists them; an entry with the
/// block's own uid (an earlier paste of it) is not a clash but the same entry, and is updated
/// as any import updates.
///
/// Only the library's names are read, into an index, and only a clashing entry whole:
/// comparing every block with every entry of a library as large as the file (20,000 each at
/// the import's cap) took 20 s, and the whole bestiary in memory.
pub fn clashes(db: &Db, blocks: &[PastedBlock]) -> Result<Vec<Option<CreatureEntry>>, DbError> {
    let mut by_name: HashMap<(String, String), Vec<(i64, String)>> = HashMap::new();
    {
        let conn = db.lock();
        let mut stmt = conn.prepare(
            "SELECT id, uid, system, name FROM creatures ORDER BY name COLLATE NOCASE, id",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get(2)?, r.get::<_, String>(3)?))
        })?;
        for row in rows {
            let (id, uid, system, name) = row?;
            by_name.entry((system, name.to_lowercase())).or_default().push((id, uid));
        }
    }
    let mut out = Vec::with_capacity(blocks.len());
    for b in blocks {
        let key = (b.entry.system.clone(), b.entry.name.to_lowercase());
        let id = by_name.get(&key).and_then(|l| l.iter().find(|(_, uid)| *uid != b.entry.uid));
        out.push(match id {
            None => None,
            Some((id, _)) => {
                let id = CreatureId(*id);
                let png = db.creatures().portrait(id)?;
                let c = db.creatures().get(id)?;
                c.map(|c| CreatureEntry::from_stored(&c, png.as_deref()))
            }
        });
    }
    Ok(out)
}

/// The library file a paste makes, each clash settled as `choice` says for it; the blocks
/// are kept (a window shows them still).
pub fn pasted_file(
    blocks: &[PastedBlock],
    clashes: &[Option<CreatureEntry>],
    choice: impl Fn(usize) -> OnClash,
) -> super::LibraryFile {
    let blocks = blocks.iter().map(|b| (Cow::Borrowed(&b.entry), b.read.as_slice()));
    settled(blocks, clashes, choice)
}

/// [`pasted_file`], the blocks' entries taken rather than copied: at the import's cap a copy
/// of every entry held as much memory again as the file's creatures.
pub fn into_pasted_file(
    blocks: Vec<PastedBlock>,
    clashes: &[Option<CreatureEntry>],
    choice: impl Fn(usize) -> OnClash,
) -> super::LibraryFile {
    let blocks = blocks.into_iter().map(|b| (Cow::Owned(b.entry), b.read));
    settled(blocks, clashes, choice)
}

/// The entries of `blocks` (each with the keys of the fields it read) with their clashes
/// settled.
fn settled<'a, R: AsRef<[&'static str]>>(
    blocks: impl Iterator<Item = (Cow<'a, CreatureEntry>, R)>,
    clashes: &[Option<CreatureEntry>],
    choice: impl Fn(usize) -> OnClash,
) -> super::LibraryFile {
    let mut lib = super::LibraryFile::new();
    for (i, (entry, read)) in blocks.enumerate() {
        let entry = match clashes.get(i).and_then(Option::as_ref) {
            None => entry.into_owned(),
            Some(existing) => match choice(i) {
                OnClash::Skip => continue,
                OnClash::KeepBoth => entry.into_owned(),
                OnClash::Update => {
                    let mut merged = existing.clone();
                    for key in read.as_ref() {
                        let value = schema::get(&entry.block, key).cloned();
                        schema::set(&mut merged.block, key, value);
                    }
                    merged
                }
            },
        };
        lib.creatures.push(entry);
    }
    lib.normalize();
    lib
}
