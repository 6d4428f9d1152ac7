//! `fray import` and `fray export-library`: library files in and out from the command line.

use anyhow::{Context, Result, bail};
use fray_app::ids::SystemId;
use fray_data::Db;
use fray_data::exchange::{self, CsvMapping, Format, LibraryFile, Selection};
use std::path::Path;

/// A line of the report on stdout ([`crate::terminal::say`]): names from the file escaped, a
/// closed pipe (`fray import x | head`) no error, and a failed write kept until the import
/// has done its work ([`crate::terminal::report_done`] says it then, and what stood).
macro_rules! say {
    ($($arg:tt)*) => {
        crate::terminal::say(&format!($($arg)*))
    };
}

/// `fray import FILE [--system ID] [--map COLUMN=FIELD]... [--on-clash C] [--dry-run]`:
/// reads the file as what it holds (a `.csv` name, or a header row over rows, is a CSV; JSON
/// by its keys; anything else stat blocks as printed), checks it, prints the CSV mapping or
/// each creature read, and the preview, then writes everything unless `dry_run`. Every
/// problem of a refused file is printed, one a line.
pub fn import(
    db: &Db,
    path: &Path,
    system: Option<SystemId>,
    map: &[String],
    on_clash: crate::cli::ClashChoice,
    dry_run: bool,
) -> Result<()> {
    let name = file_name(path);
    let refused = |p: exchange::Problems| anyhow::anyhow!("{name} was not imported:\n{p}");
    let text = exchange::read_text(path).map_err(refused)?;
    let by_name = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    let format = if by_name { Format::Csv } else { exchange::sniff(&text) };
    if format != Format::Csv && !map.is_empty() {
        bail!("--map is for CSV files; {name} is {}", format.describe());
    }
    match format {
        Format::Csv => {
            let file = csv(&name, &text, system, map)?;
            preview_then_write(db, &path.display().to_string(), &file, dry_run)
        }
        Format::Text => {
            let Some(system) = system else {
                bail!("{name} holds stat blocks as printed: say which system with --system ID");
            };
            let read = exchange::read_stat_blocks(&name, &text, system).map_err(refused)?;
            drop(text);
            text_then_write(db, &name, read, on_clash, dry_run)
        }
        f if f.is_foreign() => {
            let Some(system) = system else {
                bail!(
                    "{name} is {}: say which system its creatures are for with --system ID",
                    f.describe()
                );
            };
            let read = exchange::read_foreign(&name, &text, system).map_err(refused)?;
            say!("{name}: {}, {} creatures read", f.describe(), read.blocks.len());
            for problem in &read.left_out {
                say!("left out: {problem}");
            }
            drop(text);
            blocks_then_write(db, &name, read.blocks, on_clash, dry_run)
        }
        _ => {
            // Read first: JSON that does not parse (another tool's file with a `NaN` or a
            // nesting too deep) is refused for that, naming the entry and the field, never
            // for the --system it was rightly given.
            let file = exchange::parse_library(&name, &text).map_err(refused)?;
            if system.is_some() {
                bail!(
                    "--system is for files that do not name it; a Fray JSON file names each entry's system"
                );
            }
            preview_then_write(db, &path.display().to_string(), &file, dry_run)
        }
    }
}

/// Prints what importing `file` (shown as `shown`) would do, entry by entry and what it
/// deletes, then writes it all in one transaction unless `dry_run`.
fn preview_then_write(db: &Db, shown: &str, file: &LibraryFile, dry_run: bool) -> Result<()> {
    let preview = exchange::preview(db, file).context("cannot compare with the library")?;
    say!("{shown}: {}", preview.counts());
    for entry in &preview.entries {
        say!("{entry}");
    }
    let removals = preview.removals();
    if !removals.is_empty() {
        say!("this import deletes:");
        for line in &removals {
            say!("  {line}");
        }
    }
    // The dry run is the import, rolled back: it refuses what the import would refuse.
    if dry_run {
        let summary = exchange::dry_run(db, shown, file)
            .with_context(|| format!("{shown} would not be imported; nothing was written"))?;
        say!(
            "dry run: {} would be added, {} changed; nothing written",
            summary.added,
            summary.changed
        );
        return crate::terminal::report_done("a dry run: nothing was written");
    }
    let summary = exchange::apply(db, shown, file)
        .with_context(|| format!("{shown} was not imported; nothing was written"))?;
    say!("imported: {} added, {} changed", summary.added, summary.changed);
    crate::terminal::report_done(&format!(
        "the import stands: {} added, {} changed",
        summary.added, summary.changed
    ))
}

/// `fray import --text FILE --system ID [--on-clash C] [--dry-run]`: stat blocks pasted as
/// printed, whatever the file looks like. Lists each block left out with why, shows each entry
/// with what it could not read and any name the library already has, then imports them (all
/// or nothing).
pub fn import_text(
    db: &Db,
    path: &Path,
    system: SystemId,
    on_clash: crate::cli::ClashChoice,
    dry_run: bool,
) -> Result<()> {
    let name = file_name(path);
    let refused = |p: exchange::Problems| anyhow::anyhow!("{name} was not imported:\n{p}");
    let text = exchange::read_text(path).map_err(refused)?;
    let read = exchange::read_stat_blocks(&name, &text, system).map_err(refused)?;
    drop(text);
    text_then_write(db, &name, read, on_clash, dry_run)
}

/// Stat blocks as printed, read: each left out listed with why (a value past its field's
/// range, no stat), as another tool's creatures are, then the rest previewed and written.
fn text_then_write(
    db: &Db,
    name: &str,
    read: exchange::StatBlocksRead,
    on_clash: crate::cli::ClashChoice,
    dry_run: bool,
) -> Result<()> {
    say!("{name}: stat blocks as printed, {} read", read.blocks.len());
    for problem in &read.left_out {
        say!("left out: {problem}");
    }
    blocks_then_write(db, name, read.blocks, on_clash, dry_run)
}

/// Prints each creature read with what it could not read and any name the library already
/// has, then previews and writes them. The blocks become the file's entries, taken not copied
/// (and the file's text is let go before them, by the callers): at the import's cap each copy
/// is tens of megabytes.
fn blocks_then_write(
    db: &Db,
    name: &str,
    blocks: Vec<exchange::PastedBlock>,
    on_clash: crate::cli::ClashChoice,
    dry_run: bool,
) -> Result<()> {
    use crate::cli::ClashChoice;
    use exchange::OnClash;
    let clashes = exchange::clashes(db, &blocks).context("cannot compare with the library")?;
    let choice = match on_clash {
        ClashChoice::Update => OnClash::Update,
        ClashChoice::Both => OnClash::KeepBoth,
        ClashChoice::Skip => OnClash::Skip,
    };
    for (block, clash) in blocks.iter().zip(&clashes) {
        let read = block.read_labels();
        let read = if read.is_empty() { "nothing read".into() } else { read.join(", ") };
        say!("{}: {} (read {read})", block.at, block.entry.name);
        for piece in &block.unread {
            say!("  not read (kept in the notes): {piece}");
        }
        for warning in &block.warnings {
            say!("  check: {warning}");
        }
        if let Some(existing) = clash {
            say!(
                "  the library already has '{}' (uid {}): {} (--on-clash update|both|skip)",
                existing.name,
                existing.uid,
                choice.word()
            );
        }
    }
    let file = exchange::into_pasted_file(blocks, &clashes, |_| choice);
    drop(clashes);
    preview_then_write(db, name, &file, dry_run)
}

/// A file's name as messages show it.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into())
}

/// `fray import --list-fields --system ID`: what a CSV column can fill, key and label.
pub fn list_fields(system: Option<SystemId>) -> Result<()> {
    let Some(system) = system else { bail!("--list-fields needs --system ID") };
    let targets = exchange::csv_targets(system);
    say!("fields a CSV column can fill for {system} (key, then label):");
    for (key, label) in targets {
        say!("  {key:<24} {label}");
    }
    Ok(())
}

/// The creatures of a CSV file for `system`, with each `--map COLUMN=FIELD` applied; prints
/// the mapping and its warnings.
fn csv(name: &str, text: &str, system: Option<SystemId>, map: &[String]) -> Result<LibraryFile> {
    let refused = |p: exchange::Problems| anyhow::anyhow!("{name} was not imported:\n{p}");
    let Some(system) = system else {
        bail!("{name} is a CSV file: say which system its creatures are with --system ID");
    };
    let mut mapping = CsvMapping::propose(name, text, system).map_err(refused)?;
    for m in map {
        let Some((column, field)) = m.split_once('=') else {
            bail!("--map takes COLUMN=FIELD, not '{m}'");
        };
        mapping.set(system, column, field).map_err(|e| anyhow::anyhow!("--map {m}: {e}"))?;
    }
    say!("columns:");
    for line in mapping.describe(system) {
        say!("  {line}");
    }
    for warning in mapping.warnings(system) {
        say!("warning: {warning}");
    }
    exchange::csv_creatures(name, text, system, &mapping).map_err(refused)
}

/// `fray export-library [--system ID] [--format F] -o FILE`
pub fn export(
    db: &Db,
    system: Option<SystemId>,
    format: crate::cli::LibraryFormat,
    output: &Path,
) -> Result<()> {
    use fray_data::exchange::LibraryFormat;
    let selection = system.map_or(Selection::All, Selection::System);
    let lib = exchange::export(db, &selection).context("cannot read the library")?;
    let format = LibraryFormat::from(format);
    exchange::write_library_as(output, &lib, format)
        .with_context(|| format!("cannot write {}", output.display()))?;
    // What the other tool's file cannot hold, said by creature and field.
    if format != LibraryFormat::Fray {
        for line in exchange::not_carried(&lib.creatures)? {
            say!("{line}");
        }
    }
    match format {
        LibraryFormat::Fray => say!(
            "wrote {}: {} creatures, {} characters, {} tables, {} templates",
            output.display(),
            lib.creatures.len(),
            lib.characters.len(),
            lib.tables.len(),
            lib.templates.len()
        ),
        LibraryFormat::ImprovedInitiative => say!(
            "wrote {}: {} creatures as Improved Initiative stat blocks (its Import all and add \
             reads them)",
            output.display(),
            lib.creatures.len()
        ),
        LibraryFormat::FantasyStatblocks => say!(
            "wrote {}: {} creatures as Fantasy Statblocks fences (an Obsidian note)",
            output.display(),
            lib.creatures.len()
        ),
    }
    crate::terminal::report_done(&format!("{} was written", output.display()))
}
