//! `fray import` and `fray export-library`: library files in and out from the command line.

use anyhow::{Context, Result, bail};
use fray_data::Db;
use fray_data::exchange::{self, CsvMapping, LibraryFile, Selection};
use std::path::Path;

/// Prints a line to stdout; a closed pipe (`fray import x | head`) is not an error.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// `fray import FILE [--system ID] [--dry-run]`: reads and checks the file, prints the CSV
/// mapping (for a CSV) and the preview, then writes everything unless `dry_run`. Every
/// problem of a refused file is printed, one a line.
pub fn import(db: &Db, path: &Path, system: Option<&str>, dry_run: bool) -> Result<()> {
    let file = read(path, system)?;
    let preview = exchange::preview(db, &file).context("cannot compare with the library")?;
    say!("{}: {}", path.display(), preview.counts());
    for entry in &preview.entries {
        say!("{entry}");
    }
    if dry_run {
        say!("dry run: nothing written");
        return Ok(());
    }
    let summary = exchange::apply(db, &file).context("the import failed; nothing was written")?;
    say!("imported: {} added, {} changed", summary.added, summary.changed);
    Ok(())
}

/// The checked entries of a Fray JSON or CSV file.
fn read(path: &Path, system: Option<&str>) -> Result<LibraryFile> {
    let name =
        path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let refused = |p: exchange::Problems| anyhow::anyhow!("{name} was not imported:\n{p}");
    match extension.as_deref() {
        Some("csv") => {
            let Some(system) = system else {
                bail!("{name} is a CSV file: say which system its creatures are with --system ID");
            };
            let text = exchange::read_text(path).map_err(refused)?;
            let mapping = CsvMapping::propose(&name, &text, system).map_err(refused)?;
            say!("columns:");
            for line in mapping.describe(system) {
                say!("  {line}");
            }
            exchange::csv_creatures(&name, &text, system, &mapping).map_err(refused)
        }
        _ => {
            if system.is_some() {
                bail!("--system is for CSV files; a Fray JSON file names each entry's system");
            }
            exchange::read_library(path).map_err(refused)
        }
    }
}

/// `fray export-library [--system ID] -o FILE`
pub fn export(db: &Db, system: Option<String>, output: &Path) -> Result<()> {
    if let Some(id) = &system
        && fray_app::system::by_id(id).is_none()
    {
        bail!("unknown system '{id}'");
    }
    let selection = system.map_or(Selection::All, Selection::System);
    let lib = exchange::export(db, &selection).context("cannot read the library")?;
    exchange::write_library(output, &lib)
        .with_context(|| format!("cannot write {}", output.display()))?;
    say!(
        "wrote {}: {} creatures, {} characters, {} tables, {} templates",
        output.display(),
        lib.creatures.len(),
        lib.characters.len(),
        lib.tables.len(),
        lib.templates.len()
    );
    Ok(())
}
