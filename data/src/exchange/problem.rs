//! What is wrong with a file being imported, said so the GM can find it: the file, the entry
//! and the field.

use super::MAX_PROBLEMS;
use std::borrow::Cow;
use std::fmt;

/// The most characters of an entry's label or a field's path a problem shows.
pub const MAX_PLACE_SHOWN: usize = 120;

/// The most characters of a message a problem shows: a value from the file echoed whole (a
/// key of 10 MB) would fill the GM's terminal and cost memory for nothing.
pub const MAX_MESSAGE_SHOWN: usize = 400;

/// `text` cut to its first `max` characters, saying how many more there were.
pub fn excerpt(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            Cow::Owned(format!("{}… ({more} more characters)", &text[..cut]))
        }
    }
}

/// `text` owned, cut to `max` characters.
fn cut(text: String, max: usize) -> String {
    match excerpt(&text, max) {
        Cow::Borrowed(_) => text,
        Cow::Owned(short) => short,
    }
}

/// One problem of an imported file.
///
/// Displayed as `goblins.json, creatures[3] (Goblin), field 'block.tracks.hp': must be
/// between 0 and 9999, not 99999999999`; a position (`row 14`, `line 3, column 5`) follows
/// the file name without a comma (`goblins.csv row 14, column 'HP': 'ten' is not a whole
/// number`), and a problem of the whole file reads as a sentence (`monsters.json is not UTF-8
/// text (byte 1234); save it as UTF-8`).
///
/// Every part is cut to a short excerpt ([`MAX_PLACE_SHOWN`], [`MAX_MESSAGE_SHOWN`]
/// characters) when it is made: what a file holds is echoed, never whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportProblem {
    /// The file's name as the GM knows it (`goblins.csv`).
    pub file: String,
    /// The entry: `creatures[3] (Goblin)`, `row 14`, `line 3, column 5`; `None` for the
    /// whole file.
    pub entry: Option<String>,
    /// The field, already worded: `field 'block.tracks.hp'`, `column 'HP'`; `None` for the
    /// whole entry.
    pub field: Option<String>,
    /// What is wrong. For a whole-file problem, the rest of a sentence starting with the
    /// file's name ("is not UTF-8 text...").
    pub message: String,
}

impl ImportProblem {
    /// A problem of the whole file: `message` continues a sentence starting with its name.
    pub fn file(file: &str, message: impl Into<String>) -> Self {
        let message = cut(message.into(), MAX_MESSAGE_SHOWN);
        Self { file: cut(file.to_owned(), MAX_PLACE_SHOWN), entry: None, field: None, message }
    }

    /// A problem of one entry (and one of its fields, if `field` is given).
    pub fn entry(
        file: &str,
        entry: impl Into<String>,
        field: Option<String>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            file: cut(file.to_owned(), MAX_PLACE_SHOWN),
            entry: Some(cut(entry.into(), MAX_PLACE_SHOWN)),
            field: field.map(|f| cut(f, MAX_PLACE_SHOWN)),
            message: cut(message.into(), MAX_MESSAGE_SHOWN),
        }
    }
}

impl fmt::Display for ImportProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        match &self.entry {
            Some(entry) if entry.starts_with("row ") || entry.starts_with("line ") => {
                write!(f, " {entry}")?;
            }
            Some(entry) => write!(f, ", {entry}")?,
            None => {}
        }
        if let Some(field) = &self.field {
            write!(f, ", {field}")?;
        }
        if self.entry.is_none() && self.field.is_none() {
            write!(f, " {}", self.message)
        } else {
            write!(f, ": {}", self.message)
        }
    }
}

/// Every problem that refused a file (the first [`MAX_PROBLEMS`] of them, and how many more).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Problems {
    /// The problems, in file order.
    pub list: Vec<ImportProblem>,
    /// How many more there were beyond the list.
    pub more: usize,
}

impl Problems {
    /// Notes a problem (counted only, once the list is full).
    pub fn push(&mut self, problem: ImportProblem) {
        if self.list.len() < MAX_PROBLEMS {
            self.list.push(problem);
        } else {
            self.more += 1;
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl From<ImportProblem> for Problems {
    fn from(problem: ImportProblem) -> Self {
        Self { list: vec![problem], more: 0 }
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.list.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        if self.more > 0 {
            write!(
                f,
                "\n… and {} more problem{}",
                self.more,
                if self.more == 1 { "" } else { "s" }
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_echoed_value_is_cut_to_an_excerpt() {
        let key = "k".repeat(1_000_000);
        let p = ImportProblem::file("big.json", format!("has an unknown key '{key}'"));
        assert!(p.message.chars().count() < MAX_MESSAGE_SHOWN + 40, "{}", p.message.len());
        assert!(p.message.ends_with("… (999621 more characters)"), "{}", &p.message[380..]);
        let p = ImportProblem::entry("a.json", "é".repeat(500), Some("f".repeat(500)), "bad");
        assert!(p.to_string().chars().count() < 2 * MAX_PLACE_SHOWN + 100);
        assert_eq!(excerpt("short", 10), "short");
    }
}
