//! Fray JSON files and other ways in and out of the library: one file holds any mix of
//! creatures, characters, roll tables and templates; CSV brings creatures in from a
//! spreadsheet, and stat blocks pasted as printed are read by the system's schema; Markdown takes a stat block out to notes and handouts.
//!
//! Importing is untrusted work, done in three steps so the GM sees what will happen first:
//!
//! 1. Read and check: [`read_library`] (Fray JSON) or [`CsvMapping::propose`] then
//!    [`csv_creatures`] (CSV). Every problem names the file, the entry and the field
//!    ([`ImportProblem`]); a file with any problem is refused whole.
//! 2. [`preview`]: each entry is new, changed or the same as the library's (matched by uid),
//!    and for a changed one each field that changes, is kept or goes ([`Changes`]). A CSV
//!    file fills only its mapped fields: over an entry it made before, the rest is kept.
//! 3. [`apply`]: writes every new and changed entry in one transaction; on any error nothing
//!    is written.
//!
//! Exporting: [`export`] a [`Selection`], then [`write_library`] (atomic).

mod changes;
mod check;
mod clash;
mod count;
mod csv;
mod csv_mapping;
mod export;
mod foreign;
mod format;
mod locate;
mod markdown;
mod paste;
mod paste_items;
mod paste_old_school;
mod paste_pages;
mod paste_pieces;
mod paste_split;
mod paste_srd;
mod preview;
mod problem;
mod read;
mod schema;
mod strict;
mod write;

pub use self::csv::{CsvMapping, csv_creatures, csv_targets};
pub use changes::Changes;
pub use check::check;
pub use clash::{OnClash, clashes, into_pasted_file, pasted_file};
pub use count::{MAX_BLOCK_BYTES, MAX_BLOCK_NOTES, MAX_BLOCK_PIECES, MAX_IMPORT_ENTRIES};
pub use export::{LibraryFormat, Selection, export, write_library, write_library_as};
pub use foreign::{
    ForeignRead, Format, fantasy_statblocks_note, improved_initiative_file, not_carried,
    read_foreign, sniff,
};
pub use format::{
    CharacterEntry, CreatureEntry, LibraryFile, Partial, RowEntry, TableEntry, TemplateEntry,
    TemplateKindEntry,
};
pub use markdown::{character_markdown, creature_markdown, markdown};
pub use paste::{MAX_BLOCKS, PastedBlock, StatBlocksRead, read_stat_blocks};
pub use preview::{EntryKind, Preview, PreviewEntry, Status, Summary, apply, dry_run, preview};
pub use problem::{ImportProblem, Problems};
pub use read::{parse_library, read_library, read_text};
pub use schema::json_schema;

/// The newest Fray JSON format version this build reads (and the one it writes).
pub const FORMAT_VERSION: u32 = 1;

/// The largest file an import reads, in bytes (20 MB).
pub const MAX_IMPORT_BYTES: u64 = 20 * 1024 * 1024;

/// The most problems a refused import lists; the rest are counted.
pub const MAX_PROBLEMS: usize = 50;
