//! Running a parsed script: names to ids, actions to commands, planned dice, expectations.

use super::ScenarioError;
use super::check::check;
use super::parse::{Action, Expect, Script, StepKind};
use crate::command::Command;
use crate::dice::{DieChoice, PlannedDice, SeededDice};
use crate::encounter::Encounter;
use crate::history::History;

/// Why a step did not go through.
pub(super) enum Failure {
    /// The engine refused a command (or an answer was disabled): `expect error` may follow.
    Refused(String),
    /// The script itself is wrong: an unknown name, an unmet expectation, unused dice.
    Script(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Script(message)
    }
}

pub(super) fn run(
    script: &Script,
    target: &mut dyn Target,
    sitting: &mut super::session::Sitting,
) -> Result<(), ScenarioError> {
    let fail =
        |line: usize, message: String| ScenarioError { file: script.file.clone(), line, message };
    let mut previous: Option<usize> = None;
    let mut i = 0;
    while let Some(step) = script.steps.get(i) {
        i += 1;
        // A fight written back is over: its board takes no more commands.
        let in_fight =
            matches!(step.kind, StepKind::Do { .. } | StepKind::Undo(_) | StepKind::Redo(_));
        let outcome = match &step.kind {
            _ if in_fight && sitting.ended.is_some() => Err(Failure::Refused(format!(
                "the fight ended on line {}: start the next one with fight NAME",
                sitting.ended.unwrap_or_default()
            ))),
            StepKind::Expect(Expect::Error(_)) => {
                // Refusals consume their `expect error` below, so reaching one means the
                // command before it went through.
                return Err(fail(
                    step.line,
                    match previous {
                        Some(line) => format!(
                            "expected the command on line {line} to be refused, but it was carried out"
                        ),
                        None => "expect error must follow the command it is about".into(),
                    },
                ));
            }
            StepKind::Expect(expect) => {
                check(target.history(), expect).map_err(|m| fail(step.line, m))?;
                continue;
            }
            StepKind::Undo(n) => (0..*n).try_for_each(|_| match target.undo()? {
                true => Ok(()),
                false => Err(Failure::Refused("nothing to undo".into())),
            }),
            StepKind::Redo(n) => (0..*n).try_for_each(|_| match target.redo()? {
                true => Ok(()),
                false => Err(Failure::Refused("nothing to redo".into())),
            }),
            StepKind::Do { action, dice } => perform(target, action, dice, &script.tables),
            StepKind::Session { line, dice } => {
                session_step(target, sitting, line, dice, step.line)
            }
        };
        previous = Some(step.line);
        match outcome {
            Ok(()) => {}
            Err(Failure::Script(message)) => return Err(fail(step.line, message)),
            Err(Failure::Refused(reason)) => match script.steps.get(i) {
                Some(next) if matches!(next.kind, StepKind::Expect(Expect::Error(_))) => {
                    i += 1;
                    previous = None;
                    let StepKind::Expect(Expect::Error(Some(want))) = &next.kind else { continue };
                    if !reason.to_lowercase().contains(&want.to_lowercase()) {
                        return Err(fail(
                            next.line,
                            format!(
                                "expected the refusal to mention '{want}', but it said: {reason}"
                            ),
                        ));
                    }
                }
                _ => return Err(fail(step.line, format!("refused: {reason}"))),
            },
        }
    }
    Ok(())
}

impl From<TargetError> for Failure {
    fn from(e: TargetError) -> Self {
        match e {
            TargetError::Refused(m) => Failure::Refused(m),
            TargetError::Failed(m) => Failure::Script(m),
        }
    }
}

/// Carries out a session line: in the run's sitting, or as a command of the fight.
fn session_step(
    target: &mut dyn Target,
    sitting: &mut super::session::Sitting,
    line: &super::session::SessionLine,
    plan: &[DieChoice],
    line_no: usize,
) -> Result<(), Failure> {
    use super::session::Outcome;
    let outcome = super::session::perform(sitting, target.history(), line, plan, line_no).map_err(
        |e| match e {
            Ok(refused) => Failure::Refused(refused),
            Err(mistake) => Failure::Script(mistake),
        },
    )?;
    match outcome {
        Outcome::Done => Ok(()),
        Outcome::Command(command) => Ok(target.execute(command, plan.to_vec())?),
        Outcome::StartOver(base) => Ok(target.start_over(*base)?),
    }
}

/// Runs one command with its planned dice.
fn perform(
    target: &mut dyn Target,
    action: &Action,
    plan: &[DieChoice],
    tables: &[crate::encounter::EncounterTable],
) -> Result<(), Failure> {
    let command = super::command_of::command(target.history(), action, tables)?;
    target.execute(command, plan.to_vec())?;
    // Every roll is journaled in the command's events, so they tell how much of the plan
    // was used.
    let h = target.history();
    let rolled = h
        .live_commands()
        .last()
        .map_or(0, |c| h.all_events()[c.events.clone()].iter().flat_map(|e| e.rolls()).count());
    match plan.len().saturating_sub(rolled) {
        0 => Ok(()),
        n => Err(Failure::Script(format!(
            "{n} planned roll{} left unused: the command rolled {rolled} time{}",
            if n == 1 { " was" } else { "s were" },
            if rolled == 1 { "" } else { "s" },
        ))),
    }
}

/// Where a script's steps go: a bare [`History`] (pure, for `fray play` and tests) or
/// anything that keeps one, such as a stored session that journals each command to disk.
pub trait Target {
    /// The history so far.
    fn history(&self) -> &History;

    /// Handles and records a command, answering its rolls from `plan` first, then from the
    /// app's dice for the encounter's seed on the history's next stream.
    fn execute(&mut self, command: Command, plan: Vec<DieChoice>) -> Result<(), TargetError>;

    /// Takes back the last command in effect; false when there is none.
    fn undo(&mut self) -> Result<bool, TargetError>;

    /// Puts back the next command of the redo tail; false when there is none.
    fn redo(&mut self) -> Result<bool, TargetError>;

    /// Goes on with a new fight on `base` (a script's `fight` line). A target that keeps one
    /// encounter refuses.
    fn start_over(&mut self, base: Encounter) -> Result<(), TargetError> {
        let _ = base;
        Err(TargetError::Failed(
            "this script plays several fights: run it with fray play, which journals the session"
                .into(),
        ))
    }
}

/// Why a [`Target`] did not carry out a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetError {
    /// The rules refused the command: a script may expect that with `expect error`.
    Refused(String),
    /// Something else failed (storage, say): the run stops.
    Failed(String),
}

impl Target for History {
    fn history(&self) -> &History {
        self
    }

    fn execute(&mut self, command: Command, plan: Vec<DieChoice>) -> Result<(), TargetError> {
        let mut dice = PlannedDice::new(SeededDice::new(self.base().seed, self.next_stream()));
        for choice in plan {
            dice.push(choice);
        }
        History::execute(self, command, &mut dice)
            .map_err(|e| TargetError::Refused(e.to_string()))?;
        Ok(())
    }

    fn undo(&mut self) -> Result<bool, TargetError> {
        Ok(History::undo(self))
    }

    fn redo(&mut self) -> Result<bool, TargetError> {
        Ok(History::redo(self))
    }

    fn start_over(&mut self, base: Encounter) -> Result<(), TargetError> {
        *self = History::new(base);
        Ok(())
    }
}
