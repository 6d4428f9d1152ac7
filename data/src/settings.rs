//! Small key/value settings: UI scale, theme, the last encounter, the loaded content version.

use crate::{Db, DbError};
use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The settings of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct Settings<'a> {
    db: &'a Db,
}

impl Db {
    /// The key/value settings.
    pub fn settings(&self) -> Settings<'_> {
        Settings { db: self }
    }
}

impl Settings<'_> {
    /// A setting's text, if set.
    pub fn get(&self, key: &str) -> Result<Option<String>, DbError> {
        Ok(get(&self.db.lock(), key)?)
    }

    /// Sets a setting's text.
    pub fn set(&self, key: &str, value: &str) -> Result<(), DbError> {
        Ok(set(&self.db.lock(), key, value)?)
    }

    /// Removes a setting; false when it was not set.
    pub fn remove(&self, key: &str) -> Result<bool, DbError> {
        Ok(self.db.lock().execute("DELETE FROM settings WHERE key = ?1", [key])? > 0)
    }

    /// A setting stored as JSON, read back as `T`; a value that no longer fits `T` (an older
    /// Fray wrote it) is reported, not guessed.
    pub fn get_json<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, DbError> {
        self.get(key)?
            .map(|text| serde_json::from_str(&text))
            .transpose()
            .map_err(|e| DbError::corrupt(format!("setting {key}"), e))
    }

    /// Stores a setting as JSON.
    pub fn set_json<T: Serialize + ?Sized>(&self, key: &str, value: &T) -> Result<(), DbError> {
        let text = serde_json::to_string(value)
            .map_err(|e| DbError::Invalid(format!("setting {key}: {e}")))?;
        self.set(key, &text)
    }
}

pub(crate) fn get(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| r.get(0)).optional()
}

pub(crate) fn set(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [key, value],
    )?;
    Ok(())
}
