//! What can go wrong in the database and the stores.

use std::path::PathBuf;
use thiserror::Error;

/// An error from the database or one of its stores.
#[derive(Debug, Error)]
pub enum DbError {
    /// SQLite refused or failed. (Not a `source`: the message already says it, and a chain
    /// printed in one line would say it twice.)
    #[error("{}", describe_sqlite(.0))]
    Sqlite(rusqlite::Error),
    /// The schema could not be brought up to date: the one-line reason (never the SQL).
    #[error("could not update the database schema: {0}")]
    Migration(String),
    /// The database's folder could not be created.
    #[error("could not create the folder {}: {source}", path.display())]
    Io {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The database cannot be written where it is (a read-only file, folder or mount).
    #[error(
        "the database is read-only here (a read-only file, folder or disk): commands that only \
         read it still work"
    )]
    ReadOnly,
    /// An entry given to a store is not acceptable (the message says which field and why).
    #[error("{0}")]
    Invalid(String),
    /// A stored row cannot be read back (its JSON does not parse).
    #[error("{what} is damaged: {detail}")]
    Corrupt {
        /// Which row, e.g. "creature 12".
        what: String,
        /// What is wrong with it.
        detail: String,
    },
    /// No row with that id.
    #[error("no {what} with id {id}")]
    NotFound {
        /// Kind of entry ("creature", "encounter"...).
        what: &'static str,
        /// The id asked for.
        id: i64,
    },
    /// A bundled content file is wrong; a bug of the build, named precisely.
    #[error("bundled content {file}, entry {entry}: {message}")]
    Content {
        /// The file under `data/content/`.
        file: &'static str,
        /// The entry (its name or position).
        entry: String,
        /// What is wrong, naming the field.
        message: String,
    },
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> Self {
        Self::Sqlite(e)
    }
}

/// SQLite's failure in the GM's words where it is one they can act on (busy, read-only, full,
/// damaged), else SQLite's own message.
pub(crate) fn describe_sqlite(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode::*;
    match e.sqlite_error_code() {
        Some(DatabaseBusy | DatabaseLocked) => {
            "the database is busy: another program is writing to it; try again when it is done"
                .into()
        }
        Some(ReadOnly) => "the database is read-only here; nothing was written".into(),
        Some(DiskFull) => "the disk is full; nothing was written".into(),
        Some(DatabaseCorrupt | NotADatabase) => format!("the database file is damaged ({e})"),
        Some(CannotOpen) => format!("the database file cannot be opened ({e})"),
        _ => format!("database error: {e}"),
    }
}

impl DbError {
    /// Whether SQLite itself failed (as opposed to an entry being refused): the message is
    /// about the database file, so callers add its path.
    pub fn is_database(&self) -> bool {
        matches!(self, Self::Sqlite(_) | Self::Migration(_) | Self::Io { .. } | Self::ReadOnly)
    }

    /// A damaged-row error for JSON that does not parse.
    pub(crate) fn corrupt(what: impl Into<String>, err: impl std::fmt::Display) -> Self {
        Self::Corrupt { what: what.into(), detail: err.to_string() }
    }
}
