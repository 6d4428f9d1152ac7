//! Files Fray reads from outside that are not library files: scenario scripts and journals.
//! One reader (bounded, regular files only, a byte-order mark dropped) and one journal check,
//! shared by `fray play`, `fray replay` and the window's *Check a journal*.

use anyhow::{Context, Result};
use fray_app::journal;
use std::path::Path;

/// The most a script or a journal may be: a long session's journal is a few megabytes; a
/// larger file is refused before it is read.
pub const MAX_INPUT_BYTES: u64 = 100 * 1024 * 1024;

/// The text of a script or a journal: a regular file, bounded, UTF-8 (a byte-order mark is
/// dropped, as imports do).
pub fn read_input(path: &Path) -> Result<String> {
    fray_data::files::read_text(path, MAX_INPUT_BYTES).map_err(|e| match e {
        fray_data::files::ReadError::Io(e) => {
            anyhow::anyhow!("cannot read {}: {e}", path.display())
        }
        e => anyhow::anyhow!("{} {e}", path.display()),
    })
}

/// Re-runs a journal file with its recorded dice, every app die checked against the seed and
/// its command's stream; says how much it replayed ("ok: 59 commands, 66 events replayed"),
/// or names the first thing that does not hold (a forged roll, with its command and die).
pub fn check_journal(path: &Path) -> Result<Checked> {
    let text = read_input(path)?;
    if fray_app::campaign::session::is_session(&text) {
        let log = fray_app::campaign::session::from_json(&text)
            .with_context(|| format!("{} does not read as a session", path.display()))?;
        let r = log.replay().with_context(|| format!("{} does not replay", path.display()))?;
        let (commands, events) =
            r.fights.iter().fold((0, 0), |(c, e), f| (c + f.commands, e + f.events));
        let said = format!(
            "the session \"{}\": {} fight{}, {commands} commands, {events} events replayed; \
             {} write-back{} recomputed, {} rest{} rolled again, {} step{} by hand followed",
            log.name,
            r.fights.len(),
            plural(r.fights.len()),
            r.write_backs,
            plural(r.write_backs),
            r.rests,
            plural(r.rests),
            r.by_hand,
            plural(r.by_hand),
        );
        return Ok(Checked { said, partial: r.partial });
    }
    let doc =
        journal::from_json(&text).with_context(|| format!("{} does not replay", path.display()))?;
    let report =
        journal::replay(&doc).with_context(|| format!("{} does not replay", path.display()))?;
    let mut said = format!("{} commands, {} events replayed", report.commands, report.events);
    match report.undone {
        0 => {}
        1 => said.push_str("; 1 undone command replayed where it stood"),
        n => said.push_str(&format!("; {n} undone commands replayed where they stood")),
    }
    let mut partial = Vec::new();
    if report.accounted_from == 0 {
        said.push_str("; every dice stream accounted for");
    } else {
        partial.push(format!(
            "dice streams before {} checked for order only (kept before Fray kept undone \
             commands: a roll undone and asked again there does not show)",
            report.accounted_from
        ));
    }
    Ok(Checked { said, partial })
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// What `fray replay` found: what was proven, and what could be checked only in part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// What replayed, in a line.
    pub said: String,
    /// What was checked only in part (empty: everything proven).
    pub partial: Vec<String>,
}

impl Checked {
    /// The one line: "ok: …", or "checked in part: …; but …".
    pub fn line(&self) -> String {
        if self.partial.is_empty() {
            format!("ok: {}", self.said)
        } else {
            format!("checked in part: {}; but {}", self.said, self.partial.join("; "))
        }
    }
}
