//! Reading an untrusted file: bounded in size, UTF-8 only, JSON syntax errors with their line
//! and column, then each entry on its own so one file reports every entry that is wrong.

use super::check::{Positions, check_into};
use super::format::LibraryFile;
use super::problem::{ImportProblem, Problems};
use super::{FORMAT_VERSION, MAX_IMPORT_BYTES};
use serde_json::{Map, Value};
use std::path::Path;

/// A file's name as messages show it (`goblins.csv`, not the whole path).
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into())
}

/// The text of a file to import ([`crate::files::read_text`] with [`MAX_IMPORT_BYTES`]):
/// refused when it is not a regular file, larger than the limit (before reading it), UTF-16
/// (named by its byte-order mark) or not UTF-8 (the first bad byte's offset). A UTF-8
/// byte-order mark is dropped.
pub fn read_text(path: &Path) -> Result<String, Problems> {
    let name = file_name(path);
    crate::files::read_text(path, MAX_IMPORT_BYTES).map_err(|e| problem(&name, &e).into())
}

/// A read error as an import problem of the file.
pub(crate) fn problem(name: &str, e: &crate::files::ReadError) -> ImportProblem {
    match e {
        crate::files::ReadError::TooBig { size, max } => {
            ImportProblem::file(name, crate::files::too_big(*size, *max, "an import may be"))
        }
        e => ImportProblem::file(name, e.to_string()),
    }
}

/// Reads and checks a Fray JSON file ([`read_text`], then [`parse_library`]).
pub fn read_library(path: &Path) -> Result<LibraryFile, Problems> {
    let text = read_text(path)?;
    parse_library(&file_name(path), &text)
}

/// The top-level keys of a Fray JSON file.
const KEYS: &[&str] = &["fray", "exported", "creatures", "characters", "tables", "templates"];

/// Parses and checks the text of a Fray JSON file named `file` (for messages): JSON syntax,
/// the format version, each entry's types (the field named by its path), then everything
/// [`check`] looks at. The entries come back as the stores keep them (names trimmed, tags
/// lowercase).
pub fn parse_library(file: &str, text: &str) -> Result<LibraryFile, Problems> {
    if let Some(why) = super::count::json_entries(text).and_then(super::count::too_many) {
        return Err(ImportProblem::file(file, why).into());
    }
    let (value, repeated, count) = super::strict::parse(text)
        .map_err(|e| Problems::from(super::locate::syntax_problem(file, text, &e)))?;
    let Value::Object(top) = value else {
        return Err(ImportProblem::file(
            file,
            "is not a Fray library file: it should be a JSON object with \"fray\": 1",
        )
        .into());
    };
    let fray = version(file, &top)?;
    let mut problems = Problems::default();
    for d in &repeated {
        problems.push(repeated_key(file, &top, d));
    }
    if count > repeated.len() {
        let more = count - repeated.len();
        problems.push(ImportProblem::file(file, format!("has {more} more keys given twice")));
    }
    for key in top.keys().filter(|k| !KEYS.contains(&k.as_str())) {
        problems.push(ImportProblem::file(
            file,
            format!(
                "has an unknown key '{}' (known: {})",
                super::problem::excerpt(key, 60),
                KEYS.join(", ")
            ),
        ));
    }
    let exported = match top.get("exported") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => {
            problems.push(ImportProblem::file(file, "has an 'exported' that is not text"));
            None
        }
    };
    let mut lib = LibraryFile { fray, exported, ..LibraryFile::new() };
    let mut pos = Positions::default();
    (lib.creatures, pos.creatures) = entries(file, &top, "creatures", &mut problems);
    (lib.characters, pos.characters) = entries(file, &top, "characters", &mut problems);
    (lib.tables, pos.tables) = entries(file, &top, "tables", &mut problems);
    (lib.templates, pos.templates) = entries(file, &top, "templates", &mut problems);
    // The entries that read are checked too, so one pass reports everything wrong.
    lib.normalize();
    check_into(file, &lib, &pos, &mut problems);
    if problems.is_empty() { Ok(lib) } else { Err(problems) }
}

/// A key given twice, named by its entry (and the field holding it) when it is inside one.
fn repeated_key(
    file: &str,
    top: &Map<String, Value>,
    d: &super::strict::Duplicate,
) -> ImportProblem {
    let message = format!("has the key '{}' twice", d.key);
    // "creatures[3].block.tracks" → the list, the index, the rest.
    let entry = d.path.split_once('[').and_then(|(list, rest)| {
        let (index, rest) = rest.split_once(']')?;
        let index: usize = index.parse().ok()?;
        KEYS.contains(&list).then_some((list, index, rest.trim_start_matches('.')))
    });
    match entry {
        Some((list, index, rest)) => {
            let name = top
                .get(list)
                .and_then(|l| l.get(index))
                .and_then(|e| e.get("name"))
                .and_then(Value::as_str)
                .unwrap_or("");
            let field = (!rest.is_empty()).then(|| format!("field '{rest}'"));
            ImportProblem::entry(file, super::check::label(list, index, name), field, message)
        }
        None if d.path.is_empty() => ImportProblem::file(file, message),
        None => ImportProblem::file(file, format!("{message} (in '{}')", d.path)),
    }
}

/// The format version, refused when missing or newer than this build reads.
fn version(file: &str, top: &Map<String, Value>) -> Result<u32, Problems> {
    let Some(v) = top.get("fray") else {
        return Err(ImportProblem::file(
            file,
            "has no \"fray\" version: is it a Fray library file?",
        )
        .into());
    };
    match v.as_u64() {
        Some(n) if (1..=u64::from(FORMAT_VERSION)).contains(&n) => {
            Ok(u32::try_from(n).expect("small"))
        }
        Some(n) if n > u64::from(FORMAT_VERSION) => Err(ImportProblem::file(
            file,
            format!(
                "was written by a newer Fray (format {n}; this one reads up to \
                 {FORMAT_VERSION}): update Fray to import it"
            ),
        )
        .into()),
        _ => Err(ImportProblem::file(
            file,
            format!(
                "has a \"fray\" version of {v}; it should be a number from 1 to {FORMAT_VERSION}"
            ),
        )
        .into()),
    }
}

/// The entries of one list that read, each on its own, and their places in the list; the
/// ones that do not read become problems.
fn entries<T: serde::de::DeserializeOwned>(
    file: &str,
    top: &Map<String, Value>,
    key: &str,
    problems: &mut Problems,
) -> (Vec<T>, Vec<usize>) {
    let items = match top.get(key) {
        None | Some(Value::Null) => return (Vec::new(), Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => {
            problems.push(ImportProblem::file(file, format!("has a '{key}' that is not a list")));
            return (Vec::new(), Vec::new());
        }
    };
    let mut out = Vec::with_capacity(items.len());
    let mut places = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match serde_path_to_error::deserialize::<_, T>(item) {
            Ok(entry) => {
                out.push(entry);
                places.push(i);
            }
            Err(e) => {
                let name = item.get("name").and_then(Value::as_str).unwrap_or("");
                let path = e.path().to_string();
                let field = (path != ".").then(|| format!("field '{path}'"));
                let label = super::check::label(key, i, name);
                problems.push(ImportProblem::entry(file, label, field, e.inner().to_string()));
            }
        }
    }
    (out, places)
}
