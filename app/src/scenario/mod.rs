//! `fray play` scenario scripts: parsing them and running them headless.
//!
//! A scenario is a text file a GM or a bug report can write by hand: one command per line,
//! naming combatants, zones and sides by name, with typed-in dice where the table rolled and
//! `expect` lines that check the state. SCENARIOS.md at the repository root documents the
//! format. Running one is pure: the script's text in, a [`History`] (or the first error,
//! with its line) out; the caller reads the file and prints the journal.
//!
//! ```
//! let script = "
//! side Party party
//! zone Hall capacity 1
//! add Harald side Party zone Hall track hp=7
//! hp Harald -3
//! expect Harald hp 4/7
//! ";
//! fray_app::systems::registry(); // once, before anything reads or runs an encounter
//! let history = fray_app::scenario::run("doc.fray", script).unwrap();
//! assert_eq!(history.commands().len(), 4);
//! ```

mod check;
mod command_of;
mod lex;
mod names;
mod parse;
mod player_view;
mod run;
mod session;

#[cfg(test)]
mod session_tests;
#[cfg(test)]
mod tests;

pub use parse::{Script, parse};
pub use run::{Target, TargetError};
pub use session::Sitting;

use crate::encounter::Encounter;
use crate::history::History;
use thiserror::Error;

/// Why a script could not be parsed or stopped: the file, the line and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file} line {line}: {message}")]
pub struct ScenarioError {
    /// The script's file name, as given to [`parse`].
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// What was expected or refused.
    pub message: String,
}

/// Parses and runs a script in one go.
pub fn run(file: &str, text: &str) -> Result<History, ScenarioError> {
    parse(file, text)?.run()
}

impl Script {
    /// Runs the script on a new encounter of its system, name and seed. Stops at the first
    /// failed expectation, script mistake (an unknown name) or refused command not followed
    /// by `expect error`.
    pub fn run(&self) -> Result<History, ScenarioError> {
        let mut history = History::new(self.base());
        self.run_on(&mut history)?;
        Ok(history)
    }

    /// Whether the script plays more than one fight, or what lasts between them: its journal
    /// is then a session's ([`Script::run_session`]).
    pub fn is_session(&self) -> bool {
        self.steps.iter().any(|s| matches!(s.kind, parse::StepKind::Session { .. }))
    }

    /// Runs the script as an evening: every fight, and what happened between them, as one
    /// session journal named after the script.
    pub fn run_session(&self) -> Result<crate::campaign::session::SessionLog, ScenarioError> {
        let mut history = History::new(self.base());
        let mut sitting = Sitting::default();
        run::run(self, &mut history, &mut sitting)?;
        Ok(sitting.log(&self.name, &history))
    }

    /// The encounter the script starts from: empty, with the header's system, name, seed and
    /// rules edition (a system no procedure has was refused with its id when the header was
    /// read).
    pub fn base(&self) -> Encounter {
        let mut enc = Encounter::new(self.system.system(), &self.name, self.seed);
        enc.rules = self.rules;
        enc
    }

    /// Runs the script on `target`, which must start from [`Script::base`] (a stored
    /// session, say). Stops like [`Script::run`]; what ran before the error stays done.
    pub fn run_on(&self, target: &mut dyn Target) -> Result<(), ScenarioError> {
        run::run(self, target, &mut Sitting::default())
    }
}
