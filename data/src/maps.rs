//! Battle-map images, kept in the database by a key derived from their bytes: a grid names
//! its map by key, so the journal stays small and the same picture loaded twice is one row.

use crate::db::now_ms;
use crate::{Db, DbError};
use rusqlite::{OptionalExtension, params};

/// The largest map image kept, in bytes (a map of a dungeon level at a good resolution).
pub const MAX_MAP_BYTES: usize = 20 * 1024 * 1024;

/// A stored map image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMap {
    /// Its key (what a grid's map names).
    pub key: String,
    /// The image file's bytes (PNG, JPEG or WebP).
    pub image: Vec<u8>,
    /// Width in pixels.
    pub width_px: u32,
    /// Height in pixels.
    pub height_px: u32,
}

/// The map store.
pub struct Maps<'a> {
    db: &'a Db,
}

impl Db {
    /// The battle-map images.
    pub fn maps(&self) -> Maps<'_> {
        Maps { db: self }
    }
}

impl Maps<'_> {
    /// Keeps an image (already checked to decode, with its size in pixels) and returns its
    /// key; the same bytes give the same key and are kept once.
    pub fn insert(&self, image: &[u8], width_px: u32, height_px: u32) -> Result<String, DbError> {
        if image.len() > MAX_MAP_BYTES {
            let words =
                crate::files::too_big(image.len() as u64, MAX_MAP_BYTES as u64, "a map may be");
            return Err(DbError::Invalid(format!("the map image {words}")));
        }
        if width_px == 0 || height_px == 0 {
            return Err(DbError::Invalid("the map image has no pixels".into()));
        }
        let key = key_of(image);
        self.db.lock().execute(
            "INSERT OR IGNORE INTO maps (key, image, width_px, height_px, created)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![key, image, width_px, height_px, now_ms()],
        )?;
        Ok(key)
    }

    /// How many images are kept.
    pub fn count(&self) -> Result<i64, DbError> {
        Ok(self.db.lock().query_row("SELECT count(*) FROM maps", [], |r| r.get(0))?)
    }

    /// The image of `key`, if kept.
    pub fn get(&self, key: &str) -> Result<Option<StoredMap>, DbError> {
        Ok(self
            .db
            .lock()
            .query_row(
                "SELECT key, image, width_px, height_px FROM maps WHERE key = ?1",
                [key],
                |r| {
                    Ok(StoredMap {
                        key: r.get(0)?,
                        image: r.get(1)?,
                        width_px: r.get(2)?,
                        height_px: r.get(3)?,
                    })
                },
            )
            .optional()?)
    }
}

/// A key from the bytes: FNV-1a 64 twice (two offsets) and the length, in hex. Not for
/// security, only so that equal pictures share a row and different ones practically never
/// collide (a collision would show the other picture, nothing worse).
fn key_of(bytes: &[u8]) -> String {
    let fnv = |seed: u64| {
        bytes.iter().fold(seed, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3))
    };
    format!(
        "map-{:016x}{:016x}-{}",
        fnv(0xcbf2_9ce4_8422_2325),
        fnv(0x8422_2325_cbf2_9ce4),
        bytes.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_is_kept_once_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path().join("fray.db")).unwrap();
        let a = db.maps().insert(b"picture one", 640, 480).unwrap();
        let again = db.maps().insert(b"picture one", 640, 480).unwrap();
        let b = db.maps().insert(b"picture two", 10, 10).unwrap();
        assert_eq!(a, again);
        assert_ne!(a, b);
        let back = db.maps().get(&a).unwrap().unwrap();
        assert_eq!(
            (back.image.as_slice(), back.width_px, back.height_px),
            (&b"picture one"[..], 640, 480)
        );
        assert_eq!(db.maps().get("map-none").unwrap(), None);
        let big = vec![0u8; MAX_MAP_BYTES + 1];
        assert!(
            db.maps()
                .insert(&big, 1, 1)
                .unwrap_err()
                .to_string()
                .contains("more than the 20 MB a map may be")
        );
    }
}
