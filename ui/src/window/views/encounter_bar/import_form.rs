//! The import dialog's state: a file read and checked, told by what it holds (Fray JSON, CSV
//! creatures through a column mapping the GM may change, stat blocks as printed, another
//! tool's bestiary read for the system the GM picks), then what importing it would do.
//! Reading and previewing write nothing; the import itself is an
//! [`Action`](crate::window::Action).

use fray_app::ids::SystemId;
use fray_data::Db;
use fray_data::exchange::{
    self, CsvMapping, Format, LibraryFile, OnClash, Preview, Problems, csv_creatures, read_text,
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
        system: SystemId,
        /// Each column's target.
        mapping: CsvMapping,
        /// The creatures read with this mapping and what importing them would do, or the
        /// problems.
        read: Result<(LibraryFile, Preview), Problems>,
    },
    /// A Fray JSON file and what importing it would do.
    Ready(LibraryFile, Preview),
    /// Stat blocks as printed or another tool's bestiary, read for a system the GM picks.
    Creatures {
        /// The file's text.
        text: String,
        /// What it is.
        format: Format,
        /// The system its creatures are read for.
        system: SystemId,
        /// What becomes of a creature whose name the library has.
        on_clash: OnClash,
        /// What importing them would do, or the problems.
        read: Result<Creatures, Problems>,
    },
}

/// Creatures read from a bestiary for one system.
#[derive(Debug, Clone, PartialEq)]
pub struct Creatures {
    /// The entries to write.
    pub file: LibraryFile,
    /// What writing them would do.
    pub preview: Preview,
    /// Each creature that does not come in, and why: one no field can hold (named with the
    /// field), or one whose name the library has already (left out, as a paste leaves it).
    pub left_out: Vec<String>,
    /// For each entry by uid, what was read into it and how much was not (kept in its
    /// notes): "read AC, Hit dice, HP; 4 pieces not read, in the notes".
    pub how_read: std::collections::HashMap<String, String>,
}

impl ImportForm {
    /// Reads `path` (CSV by its extension, else Fray JSON) and previews it against `db`;
    /// `system` is the one CSV rows are read for until the GM picks another.
    pub fn load(db: &Db, path: &Path, system: SystemId) -> Self {
        let text = match read_text(path) {
            Ok(text) => text,
            Err(p) => return Self { path: path.to_owned(), stage: Stage::Refused(p) },
        };
        let is_csv = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        let format = if is_csv { Format::Csv } else { exchange::sniff(&text) };
        let stage = match format {
            Format::Csv => csv_stage(db, path, text, system, None),
            Format::Text => creatures_stage(db, path, text, format, system, OnClash::Skip),
            f if f.is_foreign() => creatures_stage(db, path, text, format, system, OnClash::Skip),
            _ => match exchange::parse_library(&file_name(path), &text) {
                Ok(file) => match exchange::preview(db, &file) {
                    Ok(preview) => Stage::Ready(file, preview),
                    Err(e) => Stage::Refused(problem(path, e.to_string())),
                },
                Err(p) => Stage::Refused(p),
            },
        };
        Self { path: path.to_owned(), stage }
    }

    /// Reads the CSV again after the GM changed its system or a column's target.
    pub fn remap(&mut self, db: &Db, system: SystemId, mapping: Option<CsvMapping>) {
        match &self.stage {
            Stage::Csv { text, .. } => {
                self.stage = csv_stage(db, &self.path, text.clone(), system, mapping);
            }
            Stage::Creatures { text, format, on_clash, .. } => {
                let (text, format, on_clash) = (text.clone(), *format, *on_clash);
                self.stage = creatures_stage(db, &self.path, text, format, system, on_clash);
            }
            _ => {}
        }
    }

    /// Reads the creatures again with another choice for the names the library has.
    pub fn settle_clashes(&mut self, db: &Db, choice: OnClash) {
        if let Stage::Creatures { text, format, system, .. } = &self.stage {
            let (text, format, system) = (text.clone(), *format, *system);
            self.stage = creatures_stage(db, &self.path, text, format, system, choice);
        }
    }

    /// The file to write when the GM says "Import", if there is one.
    pub fn ready(&self) -> Option<(&LibraryFile, &Preview)> {
        match &self.stage {
            Stage::Ready(file, preview) => Some((file, preview)),
            Stage::Csv { read: Ok((file, preview)), .. } => Some((file, preview)),
            Stage::Creatures { read: Ok(c), .. } => Some((&c.file, &c.preview)),
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
    system: SystemId,
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
    Stage::Csv { text, system, mapping, read }
}

/// Stat blocks as printed, or another tool's bestiary, read for `system`: a creature whose
/// name the library has is settled as `on_clash` says (left out and listed, by default, as a
/// paste leaves it out).
fn creatures_stage(
    db: &Db,
    path: &Path,
    text: String,
    format: Format,
    system: SystemId,
    on_clash: OnClash,
) -> Stage {
    let name = file_name(path);
    let read = if format == Format::Text {
        exchange::read_stat_blocks(&name, &text, system).map(|r| {
            let left_out: Vec<String> = r.left_out.iter().map(ToString::to_string).collect();
            (r.blocks, left_out)
        })
    } else {
        exchange::read_foreign(&name, &text, system).map(|r| {
            let left_out = r.left_out.iter().map(ToString::to_string).collect();
            (r.blocks, left_out)
        })
    };
    let read = read.and_then(|(blocks, mut left_out)| {
        let failed = |e: fray_data::DbError| problem(path, e.to_string());
        let clashes = exchange::clashes(db, &blocks).map_err(failed)?;
        if on_clash == OnClash::Skip {
            for (block, clash) in blocks.iter().zip(&clashes) {
                if let Some(existing) = clash {
                    left_out.push(format!(
                        "{}: the library already has '{}'",
                        block.entry.name, existing.name
                    ));
                }
            }
        }
        let file = exchange::pasted_file(&blocks, &clashes, |_| on_clash);
        let preview = exchange::preview(db, &file).map_err(failed)?;
        let how_read = blocks.iter().map(|b| (b.entry.uid.clone(), how_read(b))).collect();
        Ok(Creatures { file, preview, left_out, how_read })
    });
    Stage::Creatures { text, format, system, on_clash, read }
}

/// "read AC, Hit dice, HP; 4 pieces not read, in the notes": what the GM checks a creature
/// by before importing it.
fn how_read(block: &exchange::PastedBlock) -> String {
    let read = block.read_labels().join(", ");
    match block.unread.len() {
        0 => format!("read {read}"),
        1 => format!("read {read}; 1 piece not read, in the notes"),
        n => format!("read {read}; {n} pieces not read, in the notes"),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

fn problem(path: &Path, message: String) -> Problems {
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    exchange::ImportProblem::file(&name, message).into()
}
