//! The import dialog's state: a file read and checked (Fray JSON, or CSV creatures through a
//! column mapping the GM may change), then what importing it would do. Reading and
//! previewing write nothing; the import itself is an [`Action`](crate::window::Action).

use fray_data::Db;
use fray_data::exchange::{
    self, CsvMapping, LibraryFile, Preview, Problems, csv_creatures, read_library, read_text,
};
use std::path::{Path, PathBuf};

/// A file being imported.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportForm {
    /// The file.
    pub path: PathBuf,
    /// What it holds, as far as it could be read.
    pub stage: Stage,
}

/// How far an import got.
#[derive(Debug, Clone, PartialEq)]
pub enum Stage {
    /// The file was refused: every problem (nothing will be written).
    Refused(Problems),
    /// A CSV file: its text, the system its rows are for, the mapping of its columns, and
    /// what that mapping gives.
    Csv {
        /// The file's text.
        text: String,
        /// The system the creatures are for.
        system: String,
        /// Each column's target.
        mapping: CsvMapping,
        /// The creatures read with this mapping and what importing them would do, or the
        /// problems.
        read: Result<(LibraryFile, Preview), Problems>,
    },
    /// A Fray JSON file and what importing it would do.
    Ready(LibraryFile, Preview),
}

impl ImportForm {
    /// Reads `path` (CSV by its extension, else Fray JSON) and previews it against `db`;
    /// `system` is the one CSV rows are read for until the GM picks another.
    pub fn load(db: &Db, path: &Path, system: &str) -> Self {
        let is_csv = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        let stage = if is_csv {
            match read_text(path) {
                Ok(text) => csv_stage(db, path, text, system, None),
                Err(p) => Stage::Refused(p),
            }
        } else {
            match read_library(path) {
                Ok(file) => match exchange::preview(db, &file) {
                    Ok(preview) => Stage::Ready(file, preview),
                    Err(e) => Stage::Refused(problem(path, e.to_string())),
                },
                Err(p) => Stage::Refused(p),
            }
        };
        Self { path: path.to_owned(), stage }
    }

    /// Reads the CSV again after the GM changed its system or a column's target.
    pub fn remap(&mut self, db: &Db, system: &str, mapping: Option<CsvMapping>) {
        if let Stage::Csv { text, .. } = &self.stage {
            self.stage = csv_stage(db, &self.path, text.clone(), system, mapping);
        }
    }

    /// The file to write when the GM says "Import", if there is one.
    pub fn ready(&self) -> Option<(&LibraryFile, &Preview)> {
        match &self.stage {
            Stage::Ready(file, preview) => Some((file, preview)),
            Stage::Csv { read: Ok((file, preview)), .. } => Some((file, preview)),
            _ => None,
        }
    }

    /// The file's name, for titles.
    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map_or_else(|| self.path.display().to_string(), |n| n.to_string_lossy().into_owned())
    }
}

/// How many entries an import writes: the new and changed ones.
pub fn writes(preview: &Preview) -> usize {
    use fray_data::exchange::Status;
    preview.count(Status::New) + preview.count(Status::Changed)
}

fn csv_stage(
    db: &Db,
    path: &Path,
    text: String,
    system: &str,
    mapping: Option<CsvMapping>,
) -> Stage {
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mapping = match mapping {
        Some(m) => m,
        None => match CsvMapping::propose(&name, &text, system) {
            Ok(m) => m,
            Err(p) => return Stage::Refused(p),
        },
    };
    let read = csv_creatures(&name, &text, system, &mapping).and_then(|file| {
        exchange::preview(db, &file).map(|p| (file, p)).map_err(|e| problem(path, e.to_string()))
    });
    Stage::Csv { text, system: system.to_owned(), mapping, read }
}

fn problem(path: &Path, message: String) -> Problems {
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    exchange::ImportProblem::file(&name, message).into()
}
