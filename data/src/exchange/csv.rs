//! Creatures from a spreadsheet: a CSV file whose header names the columns, each column
//! mapped onto a field of the system's stat block by its label or key ("HP", "tracks.hp"),
//! or onto the name, tags or notes. Commas, semicolons (European spreadsheets) and tabs are
//! recognised from the header line.
//!
//! A list field (weapons, attacks) takes one cell written as the paste reads it: items apart
//! by semicolons, each a name and its dice with words in parentheses, "club d10; bite d6
//! (bleed); shortbow (d6, ranged)". A sheet without such a column leaves the lists alone:
//! importing it again keeps what the GM added in the editor (the file fills only its mapped
//! fields).

use super::format::{CreatureEntry, LibraryFile, Partial};
use super::problem::{ImportProblem, Problems};
use fray_app::ids::SystemId;
use fray_app::system::schema::{self, Kind};
use fray_app::system::{System, validate_block};
use serde_json::Value;
use std::collections::HashMap;

pub(super) use super::csv_mapping::names;
pub use super::csv_mapping::{CsvMapping, csv_targets};

/// Target key of the column holding each creature's name.
pub(super) const NAME: &str = "name";
/// Target key of the column holding each creature's tags.
pub(super) const TAGS: &str = "tags";
/// Block key of the notes, for systems whose schema has no notes field.
pub(super) const NOTES: &str = "notes";

/// The creatures of a CSV file for `system`, columns read as `mapping` says: each cell typed
/// as its field's kind, then each block checked against the system's schema. Rows are
/// numbered as a spreadsheet shows them (the header is row 1); blank rows are skipped. Each
/// creature's uid comes from the system and its name, so importing the same sheet again
/// updates the creatures instead of adding copies; two rows may not share a name.
///
/// Errors read `goblins.csv row 14, column 'HP': 'ten' is not a whole number`.
pub fn csv_creatures(
    file: &str,
    text: &str,
    system_id: SystemId,
    mapping: &CsvMapping,
) -> Result<LibraryFile, Problems> {
    let system = system_id.system();
    refuse_whole_file(file, text, mapping)?;
    let mut problems = Problems::default();
    let kinds: HashMap<&str, Kind> =
        system.block_schema().fields_for(false).map(|f| (f.key, f.kind)).collect();
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(mapping.delimiter)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut lib = LibraryFile::new();
    let mut rows_by_name: HashMap<String, usize> = HashMap::new();
    for (i, record) in reader.records().enumerate() {
        let row = i + 2;
        let at = format!("row {row}");
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                problems.push(ImportProblem::entry(file, at, None, format!("cannot be read: {e}")));
                continue;
            }
        };
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let mut entry = CreatureEntry {
            uid: String::new(),
            system: system.id().to_string(),
            name: String::new(),
            tags: Vec::new(),
            block: system.block_schema().new_block(false),
            portrait: None,
        };
        let mut cell_ok = true;
        for ((header, key), cell) in mapping.columns.iter().zip(record.iter()) {
            let Some(key) = key.as_deref() else { continue };
            if let Err(message) = read_cell(&mut entry, &kinds, key, cell) {
                let column = Some(format!("column '{header}'"));
                problems.push(ImportProblem::entry(file, at.clone(), column, message));
                cell_ok = false;
            }
        }
        let name_column = mapping.columns.iter().find(|(_, k)| k.as_deref() == Some(NAME));
        let name_column = name_column.map(|(h, _)| format!("column '{h}'"));
        if entry.name.is_empty() {
            problems.push(ImportProblem::entry(
                file,
                at,
                name_column,
                "a creature needs a name".to_owned(),
            ));
            continue;
        }
        let key = entry.name.to_lowercase();
        if let Some(first) = rows_by_name.get(&key) {
            problems.push(ImportProblem::entry(
                file,
                at,
                name_column,
                format!("'{}' is also the name on row {first}; names must differ", entry.name),
            ));
            continue;
        }
        rows_by_name.insert(key.clone(), row);
        if cell_ok {
            check_block(file, &at, system, &entry, mapping, &mut problems);
        }
        entry.uid = format!("csv:{}/{key}", system.id());
        lib.creatures.push(entry);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    lib.normalize();
    lib.partial = Some(partial(mapping));
    Ok(lib)
}

/// What the file fills: only the mapped columns belong to it, so importing it over entries it
/// made before replaces those fields and keeps the rest (weapons, portraits, what the editor
/// added).
fn partial(mapping: &CsvMapping) -> Partial {
    Partial {
        keys: mapping
            .columns
            .iter()
            .filter_map(|(_, k)| k.clone())
            .filter(|k| k != NAME && k != TAGS)
            .collect(),
        tags: mapping.columns.iter().any(|(_, k)| k.as_deref() == Some(TAGS)),
    }
}

/// What refuses the whole file before any row is read: no column for the name, a quote never
/// closed (it swallows every row after it into one cell: named by the line where it opened),
/// or more rows than Fray reads.
fn refuse_whole_file(file: &str, text: &str, mapping: &CsvMapping) -> Result<(), Problems> {
    let mut problems = Problems::default();
    if !mapping.columns.iter().any(|(_, k)| k.as_deref() == Some(NAME)) {
        problems.push(ImportProblem::file(
            file,
            "has no column for the name: map one column to 'name'",
        ));
        return Err(problems);
    }
    if let Some(line) = unclosed_quote(text, mapping.delimiter) {
        problems.push(ImportProblem::entry(
            file,
            format!("line {line}"),
            None,
            "opens a quote (\") that is never closed: close it or remove it",
        ));
        return Err(problems);
    }
    if let Some(why) = super::count::too_many(super::count::csv_rows(text, mapping.delimiter)) {
        problems.push(ImportProblem::file(file, why));
        return Err(problems);
    }
    Ok(())
}

/// One cell of a row into `entry`: the name, the tags, or the field `key` (a list's items as
/// the paste reads them), typed as its kind; what is wrong with it, if anything.
fn read_cell(
    entry: &mut CreatureEntry,
    kinds: &HashMap<&str, Kind>,
    key: &str,
    cell: &str,
) -> Result<(), String> {
    match key {
        NAME => {
            // A name over several lines is quotes gone wrong (rows run together).
            entry.name = cell.trim().to_owned();
            if cell.trim().contains(['\n', '\r']) {
                return Err("the name runs over several lines: check the quotes on this row".into());
            }
            super::check::name_too_long(cell.trim()).map_or(Ok(()), Err)
        }
        TAGS => match Kind::Words.parse_text(cell)? {
            Some(Value::Array(words)) if words.len() > super::check::MAX_TAGS => {
                Err(format!("has {} tags; at most {}", words.len(), super::check::MAX_TAGS))
            }
            Some(Value::Array(words)) => {
                entry.tags = words.iter().filter_map(|w| w.as_str().map(str::to_owned)).collect();
                Ok(())
            }
            _ => Ok(()),
        },
        key => {
            let kind = kinds.get(key).copied().unwrap_or(Kind::Text { multiline: true });
            if let Kind::List { item, noun } = kind {
                let (records, unread) = super::paste_items::list_cell(item, cell);
                if let Some(piece) = unread.first() {
                    return Err(format!(
                        "'{piece}' is not a {noun}: write a name and its dice, as in \
                         'club d10; bite d6 (bleed)'"
                    ));
                }
                schema::set(&mut entry.block, key, Some(Value::Array(records)));
                return Ok(());
            }
            if let Some(v) = kind.parse_text(cell)? {
                schema::set(&mut entry.block, key, Some(v));
            }
            Ok(())
        }
    }
}

/// The schema's and the system's problems with a row's block, each named by the column that
/// filled the field (or by the field, when no column did).
fn check_block(
    file: &str,
    at: &str,
    system: &dyn System,
    entry: &CreatureEntry,
    mapping: &CsvMapping,
    problems: &mut Problems,
) {
    for p in validate_block(system, &entry.name, &entry.block, false) {
        let column = mapping.columns.iter().find(|(_, k)| k.as_deref() == Some(p.path.as_str()));
        let field = match column {
            Some((h, _)) => Some(format!("column '{h}'")),
            None if p.path.is_empty() => None,
            None if p.label.is_empty() => Some(format!("field '{}'", p.path)),
            None => Some(format!("field '{}' ({})", p.path, p.label)),
        };
        problems.push(ImportProblem::entry(file, at, field, p.message));
    }
}

/// The line (1-based) where a quoted cell opens and is never closed, if one is. A quote opens
/// a quoted cell only at the start of a cell (elsewhere it is a plain character, as in
/// `5" tall`); inside, `""` is a quote and a single `"` closes it.
fn unclosed_quote(text: &str, delimiter: u8) -> Option<usize> {
    let delimiter = char::from(delimiter);
    let (mut line, mut opened) = (1, None);
    let mut at_start = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match opened {
            Some(_) if c == '"' => {
                if chars.peek() == Some(&'"') {
                    chars.next();
                } else {
                    opened = None;
                }
            }
            None if c == '"' && at_start => opened = Some(line),
            _ => {}
        }
        if c == '\n' {
            line += 1;
        }
        at_start = opened.is_none() && (c == delimiter || c == '\n' || c == '\r');
    }
    opened
}
