//! `fray manual` and `fray completions`: the manual pages and the shells' completion scripts,
//! made from the command line's own definition.

use crate::cli::Cli;
use anyhow::{Context, Result};
use clap::CommandFactory;
use std::path::PathBuf;

/// `fray manual [DIR]`: the manual page on standard output, or a page per command in `dir`.
pub fn manual(dir: Option<PathBuf>) -> Result<()> {
    let Some(dir) = dir else {
        // Made whole first, then written with every other command's rules (a closed pipe
        // quiet, a full disk an output error), not straight into a locked stdout.
        let mut page = Vec::new();
        clap_mangen::Man::new(Cli::command()).render(&mut page).context("writing the manual")?;
        return crate::terminal::write_out(&page);
    };
    // A folder that is not there yet is made, as `-o` makes none but a manual is a folder of
    // pages.
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("making the folder {}", dir.display()))?;
    clap_mangen::generate_to(Cli::command(), &dir)
        .with_context(|| format!("writing the manual pages to {}", dir.display()))
}

/// `fray completions SHELL`: the completion script for `shell` on standard output.
pub fn completions(shell: clap_complete::Shell) -> Result<()> {
    // clap_complete panics on a failed write: it writes into memory, never stdout.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "fray", &mut script);
    crate::terminal::write_out(&script)
}
