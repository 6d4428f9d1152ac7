//! How many entries a file holds, counted before any is built: an import holds at most
//! [`MAX_IMPORT_ENTRIES`], and a larger file is refused in one pass over its text that keeps
//! nothing (a million-row CSV once took 6.9 GB on its way to being read).

use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// The most entries one import holds (creatures, characters, tables and templates together):
/// twice a large bestiary book, and within a few seconds and a few hundred megabytes to read,
/// check and write.
pub const MAX_IMPORT_ENTRIES: usize = 20_000;

/// The most values one stat block takes: its weapons, attacks and other pieces ("HP 13",
/// "club (d10)"). The largest printed creatures have a few dozen; past this a block is a
/// mistake or an attack (a pasted block of a million `club d4` took 25 s and 3.7 GB).
pub const MAX_BLOCK_PIECES: usize = 500;

/// The most lines of words (traits, features, spells) one stat block keeps in its notes.
pub const MAX_BLOCK_NOTES: usize = 500;

/// The most bytes one creature's stat block takes, stored (and the most text of one pasted
/// block): a long creature with its lore is a few kilobytes.
pub const MAX_BLOCK_BYTES: usize = 256 * 1024;

/// Why a stat block of `pieces` values and `notes` lines of words is refused, if it is.
pub fn block_too_big(pieces: usize, notes: usize) -> Option<String> {
    if pieces > MAX_BLOCK_PIECES {
        return Some(format!(
            "has {pieces} values (weapons, attacks, stats); a stat block takes at most \
             {MAX_BLOCK_PIECES}"
        ));
    }
    (notes > MAX_BLOCK_NOTES).then(|| {
        format!(
            "has {notes} traits, features or spells; a stat block keeps at most {MAX_BLOCK_NOTES}"
        )
    })
}

/// Why a stat block of `bytes` (stored, or pasted) is refused, if it is.
pub fn block_too_long(bytes: usize) -> Option<String> {
    (bytes > MAX_BLOCK_BYTES).then(|| {
        format!("takes {bytes} bytes; a stat block takes at most {MAX_BLOCK_BYTES} (256 KB)")
    })
}

/// The entries of the lists of a Fray JSON text, or `None` when it does not read as a JSON
/// object (the real reading then says why).
pub fn json_entries(text: &str) -> Option<usize> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.deserialize_map(Lists).ok()
}

/// The records of a CSV text after its header (blank ones too; the reader skips them later).
pub fn csv_rows(text: &str, delimiter: u8) -> usize {
    let mut reader =
        csv::ReaderBuilder::new().delimiter(delimiter).flexible(true).from_reader(text.as_bytes());
    let mut record = csv::ByteRecord::new();
    let mut rows = 0;
    while reader.read_byte_record(&mut record).unwrap_or(false) {
        rows += 1;
    }
    rows
}

/// The lists of a Fray JSON file that hold entries.
const LISTS: &[&str] = &["creatures", "characters", "tables", "templates"];

/// Why a file of `n` entries is refused, if it is.
pub fn too_many(n: usize) -> Option<String> {
    (n > MAX_IMPORT_ENTRIES).then(|| {
        format!("holds {n} entries; an import holds at most {MAX_IMPORT_ENTRIES}: split the file")
    })
}

/// Counts the elements of the top-level lists, skipping everything else unread.
struct Lists;

impl<'de> Visitor<'de> for Lists {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<usize, A::Error> {
        let mut total = 0usize;
        while let Some(key) = map.next_key::<std::borrow::Cow<'_, str>>()? {
            if LISTS.contains(&key.as_ref()) {
                total = total.saturating_add(map.next_value_seed(Elements)?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(total)
    }
}

/// Counts a list's elements (0 for anything but a list).
struct Elements;

impl<'de> serde::de::DeserializeSeed<'de> for Elements {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Elements {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let mut n = 0;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            n += 1;
        }
        Ok(n)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<usize, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(0)
    }

    fn visit_bool<E>(self, _: bool) -> Result<usize, E> {
        Ok(0)
    }

    fn visit_i64<E>(self, _: i64) -> Result<usize, E> {
        Ok(0)
    }

    fn visit_u64<E>(self, _: u64) -> Result<usize, E> {
        Ok(0)
    }

    fn visit_f64<E>(self, _: f64) -> Result<usize, E> {
        Ok(0)
    }

    fn visit_str<E>(self, _: &str) -> Result<usize, E> {
        Ok(0)
    }

    fn visit_unit<E>(self) -> Result<usize, E> {
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_counted_without_being_read() {
        let text = r#"{"fray": 1, "creatures": [{"a": [1, 2]}, 3, "x"], "notes": [1, 2, 3],
                      "tables": [{}], "characters": "not a list"}"#;
        assert_eq!(json_entries(text), Some(4));
        assert_eq!(json_entries("[1, 2]"), None);
        assert_eq!(csv_rows("name,hp\nA,1\n\nB,2\n", b','), 2);
    }

    #[test]
    fn a_file_of_more_entries_than_an_import_holds_is_refused_before_they_are_built() {
        fray_app::systems::registry();
        let n = MAX_IMPORT_ENTRIES + 1;
        let creature = r#"{"uid": "u", "system": "freeform", "name": "G", "block": {}}"#;
        let json = format!(r#"{{"fray": 1, "creatures": [{}]}}"#, vec![creature; n].join(","));
        let err = crate::exchange::parse_library("many.json", &json).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("many.json holds {n} entries; an import holds at most 20000: split the file")
        );
        let csv = format!("Name,HP\n{}", "Goblin,4\n".repeat(n));
        let freeform = "freeform".parse().unwrap();
        let mapping = crate::exchange::CsvMapping::propose("many.csv", &csv, freeform).unwrap();
        let err = crate::exchange::csv_creatures("many.csv", &csv, freeform, &mapping)
            .unwrap_err()
            .to_string();
        assert!(err.contains(&format!("holds {n} entries")), "{err}");
    }
}
