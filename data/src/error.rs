//! What can go wrong in the database and the stores.

use std::path::PathBuf;
use thiserror::Error;

/// An error from the database or one of its stores.
#[derive(Debug, Error)]
pub enum DbError {
    /// SQLite refused or failed.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
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

impl DbError {
    /// A damaged-row error for JSON that does not parse.
    pub(crate) fn corrupt(what: impl Into<String>, err: impl std::fmt::Display) -> Self {
        Self::Corrupt { what: what.into(), detail: err.to_string() }
    }
}
