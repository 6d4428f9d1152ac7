//! Random play: a GM who clicks anything. Seeded; each step answers one of the open prompts
//! or card actions (allowed or forbidden), presses Next, undoes or redoes, or makes one of the
//! GM's edits (add, remove, move, move off, change side, track and stat edits, conditions,
//! settings, zones, order), with the app's dice or typed-in table dice. After every step it
//! checks what must always hold; at the end, that the journal replays and round-trips.
//!
//! A failure carries its seed and a `fray play` script that reproduces it: every command
//! as `command JSON` with its dice plan, so the script runs the same commands on the same
//! dice, whatever the names.

use crate::command::{Command, NewCombatant};
use crate::dice::{Dice, DiceError, DiceSource, DieChoice, Roll, RollSource, SeededDice};
use crate::encounter::{BoardRect, Encounter, EncounterTable};
use crate::history::History;
use crate::ids::{CombatantId, SystemId, ZoneId};
use crate::system::{PromptOption, System};
use std::panic::{AssertUnwindSafe, catch_unwind};

mod edit_kinds;
mod edits;
mod invariants;

/// What random play may drop on the board: the library's entries of one system.
#[derive(Debug, Clone, Default)]
pub struct Library {
    /// Bestiary entries (their `side` is replaced).
    pub creatures: Vec<NewCombatant>,
    /// Characters (their `side` is replaced).
    pub characters: Vec<NewCombatant>,
    /// Roll tables, for systems that use them.
    pub tables: Vec<EncounterTable>,
}

/// How a run went.
#[derive(Debug, Clone)]
pub struct Report {
    /// Steps taken.
    pub steps: usize,
    /// Commands the rules accepted.
    pub accepted: usize,
    /// Commands the rules refused.
    pub refused: usize,
    /// Prompt and card options answered (allowed or not).
    pub options: usize,
    /// Events in the journal at the end.
    pub events: usize,
    /// Highest round reached.
    pub rounds: u32,
    /// The `fray play` script of the run (what a failure would have written).
    pub script: String,
    /// The encounter's history at the end.
    pub history: History,
}

/// A broken rule of play: the seed, the step, what went wrong, and a script that shows it.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The system played.
    pub system: SystemId,
    /// The seed of the run.
    pub seed: u64,
    /// The step (0-based) at which it failed.
    pub step: usize,
    /// What went wrong.
    pub message: String,
    /// A `fray play` script of every step up to the failing one.
    pub script: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "random play of {} with seed {} failed at step {}: {}",
            self.system, self.seed, self.step, self.message
        )
    }
}

/// Plays `steps` random steps of `system_id` from an empty encounter with `seed`.
pub fn play(
    system_id: SystemId,
    seed: u64,
    steps: usize,
    library: &Library,
) -> Result<Report, Failure> {
    let system = system_id.system();
    let mut play = Play::new(system, seed, library);
    let mut report = Tally::default();
    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
        play.set_up()?;
        for step in 0..steps {
            play.step = step;
            play.one_step(&mut report)?;
            play.check_invariants()?;
            report.rounds = report.rounds.max(play.history.state().round);
        }
        play.check_journal()
    }));
    let message = match outcome {
        Ok(Ok(())) => {
            return Ok(Report {
                steps,
                accepted: report.accepted,
                refused: report.refused,
                options: report.options,
                events: play.history.events().len(),
                rounds: report.rounds,
                script: play.script(),
                history: play.history,
            });
        }
        Ok(Err(message)) => message,
        Err(panic) => format!("panic: {}", panic_text(&panic)),
    };
    Err(Failure {
        system: system_id.to_owned(),
        seed,
        step: play.step,
        message,
        script: play.script(),
    })
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".into()
    }
}

/// What a run counts as it goes.
#[derive(Debug, Default)]
struct Tally {
    accepted: usize,
    refused: usize,
    options: usize,
    rounds: u32,
}

/// One run in progress.
struct Play<'a> {
    system: &'static dyn System,
    history: History,
    rng: SeededDice,
    library: &'a Library,
    step: usize,
    /// The script so far, one line per step.
    lines: Vec<String>,
    /// The line of the step in progress, written before it runs (so a panic keeps it).
    pending_line: Option<String>,
}

/// Where a step's command comes from, so its outcome can be judged.
enum Origin {
    /// An option the rules show as allowed: it must be accepted.
    Allowed(String),
    /// An option shown as forbidden: it must be refused.
    Forbidden(String),
    /// An option shown as forbidden without saying why: a fault in itself.
    Unexplained(String),
    /// The GM's edit or Next: either outcome is fine.
    Free,
}

impl<'a> Play<'a> {
    fn new(system: &'static dyn System, seed: u64, library: &'a Library) -> Self {
        Play {
            system,
            history: History::new(Encounter::new(system, "Random play", seed)),
            rng: SeededDice::new(seed, u64::MAX),
            library,
            step: 0,
            lines: Vec::new(),
            pending_line: None,
        }
    }

    fn pick(&mut self, n: usize) -> usize {
        if n <= 1 { 0 } else { self.rng.face(n as u32) as usize - 1 }
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.rng.face(100) <= percent
    }

    fn state(&self) -> &Encounter {
        self.history.state()
    }

    /// Two or three sides, three zones in a row (the middle one small), a party and foes.
    fn set_up(&mut self) -> Result<(), String> {
        let sides =
            [("Party", "#3366cc", true), ("Foes", "#aa3333", false), ("Others", "#888833", false)];
        let n_sides = 2 + self.pick(2);
        for (name, colour, party) in &sides[..n_sides] {
            self.must(Command::AddSide {
                name: (*name).into(),
                colour: (*colour).into(),
                party: *party,
            })?;
        }
        // A procedure that may be fought on a grid gets one half the time (one fought only on
        // a grid, always).
        if self.system.needs_grid() || (self.system.allows_grid() && self.chance(50)) {
            self.must(Command::SetGrid { width: 12, height: 9, feet: 5 })?;
            for _ in 0..6 + self.pick(8) {
                let edit = self.grid_edit();
                let _ = self.run(edit, &Origin::Free)?;
            }
        } else {
            for (i, (name, capacity)) in
                [("Gate", None), ("Bridge", Some(3)), ("Keep", None)].iter().enumerate()
            {
                let rect = BoardRect { x: 40.0 + 240.0 * i as f32, y: 40.0, w: 200.0, h: 140.0 };
                self.must(Command::AddZone { name: (*name).into(), capacity: *capacity, rect })?;
            }
            let zones: Vec<ZoneId> = self.state().zones.keys().copied().collect();
            for pair in zones.windows(2) {
                self.must(Command::ConnectZones { a: pair[0], b: pair[1] })?;
            }
        }
        if self.system.uses_tables() && !self.library.tables.is_empty() {
            self.must(Command::LoadTables { tables: self.library.tables.clone() })?;
        }
        for _ in 0..2 + self.pick(3) {
            let add = self.add_command(true, 1);
            let _ = self.run(add, &Origin::Free)?;
        }
        for _ in 0..2 + self.pick(3) {
            let count = 1 + self.pick(2) as u32;
            let add = self.add_command(false, count);
            let _ = self.run(add, &Origin::Free)?;
        }
        if self.state().grid.is_some() {
            let ids: Vec<CombatantId> = self.state().combatants.keys().copied().collect();
            for id in ids {
                let at = self.square();
                let _ = self.run(Command::Place { id, at: Some(at) }, &Origin::Free)?;
            }
        }
        Ok(())
    }

    fn must(&mut self, command: Command) -> Result<(), String> {
        match self.run(command, &Origin::Free)? {
            true => Ok(()),
            false => Err("the set-up was refused".into()),
        }
    }

    fn one_step(&mut self, report: &mut Tally) -> Result<(), String> {
        let roll = self.pick(100);
        let (command, origin) = match roll {
            0..=44 => match self.some_option() {
                Some(o) => o,
                None => (Command::Advance, Origin::Free),
            },
            45..=54 => (Command::Advance, Origin::Free),
            55..=57 => return self.undo_redo(true),
            58..=59 => return self.undo_redo(false),
            _ => (self.gm_edit(), Origin::Free),
        };
        if !matches!(origin, Origin::Free) {
            report.options += 1;
        }
        if self.run(command, &origin)? {
            report.accepted += 1;
        } else {
            report.refused += 1;
        }
        Ok(())
    }

    /// An option of an open prompt or of a combatant's card.
    fn some_option(&mut self) -> Option<(Command, Origin)> {
        let enc = self.state().clone();
        let mut options: Vec<(String, PromptOption)> = Vec::new();
        for p in crate::system::waiting::prompts(self.system, &enc) {
            for o in p.options {
                options.push((p.title.clone(), o));
            }
        }
        if options.is_empty() || self.chance(15) {
            let ids: Vec<CombatantId> = enc.combatants.keys().copied().collect();
            for id in ids {
                for o in crate::system::waiting::card_actions(self.system, &enc, id) {
                    options.push((format!("card of {}", enc.name_of(id)), o));
                }
            }
        }
        if options.is_empty() {
            return None;
        }
        // Mostly allowed answers, so the fight moves on; sometimes a forbidden one.
        let allowed: Vec<usize> = (0..options.len()).filter(|i| options[*i].1.enabled).collect();
        let i = if !allowed.is_empty() && self.chance(85) {
            allowed[self.pick(allowed.len())]
        } else {
            self.pick(options.len())
        };
        let (title, option) = options.swap_remove(i);
        let what = format!("'{}' in '{title}'", option.label);
        let origin = if option.enabled {
            Origin::Allowed(what)
        } else if option.reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
            Origin::Unexplained(what)
        } else {
            Origin::Forbidden(what)
        };
        Some((option.command, origin))
    }

    fn undo_redo(&mut self, undo: bool) -> Result<(), String> {
        let line = if undo { "undo" } else { "redo" };
        self.pending_line = Some(line.into());
        let moved = if undo { self.history.undo() } else { self.history.redo() };
        self.pending_line = None;
        if moved {
            self.lines.push(line.into());
        }
        Ok(())
    }

    /// Runs a command on the next stream's dice, some rolls typed as table dice. Returns
    /// whether the rules accepted it, or what went wrong with the rules of play.
    fn run(&mut self, command: Command, origin: &Origin) -> Result<bool, String> {
        let json = serde_json::to_string(&command)
            .map_err(|e| format!("a command did not serialize: {e}"))?;
        let table_share = if self.chance(50) { 0 } else { 60 };
        let mut dice = MixedDice {
            app: SeededDice::new(self.state().seed, self.history.next_stream()),
            chooser: SeededDice::new(self.rng.face(u32::MAX) as u64, self.step as u64),
            table_share,
            plan: Vec::new(),
        };
        self.pending_line = Some(format!("command {json}"));
        let outcome = self.in_place(command, &mut dice)?;
        let mut line = format!("command {json}");
        if !dice.plan.is_empty() {
            let parts: Vec<String> = dice
                .plan
                .iter()
                .map(|c| match c {
                    DieChoice::App => "app".to_owned(),
                    DieChoice::Table(faces) => format!(
                        "table {}",
                        faces.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
                    ),
                })
                .collect();
            line.push(' ');
            line.push_str(&parts.join(" | "));
        }
        self.pending_line = None;
        match (outcome, origin) {
            (_, Origin::Unexplained(what)) => {
                self.lines.push(line);
                Err(format!("{what} is shown as forbidden with no reason given"))
            }
            (Ok(()), Origin::Forbidden(what)) => {
                self.lines.push(format!("{line}   # accepted, but the prompt forbade it"));
                Err(format!("{what} is shown as forbidden, but the rules accepted it"))
            }
            (Err(why), Origin::Allowed(what)) => {
                self.lines.push(format!("{line}   # refused: {why}"));
                Err(format!("{what} is shown as allowed, but the rules refused it: {why}"))
            }
            (Ok(()), _) => {
                self.lines.push(line);
                Ok(true)
            }
            (Err(_), _) => {
                self.lines.push(line);
                self.lines.push("expect error".into());
                Ok(false)
            }
        }
    }

    /// Handles `command` in place on a copy of the fight, as the simulator does, and records
    /// its events: a refusal must leave the copy as it was (every refusal comes before the
    /// command's first event, [`System::handle`]), and the copy changed in place must be the
    /// fight the history folds from the events.
    fn in_place(
        &mut self,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Result<(), String>, String> {
        let mut fight = self.state().clone();
        match crate::system::handle(self.system, &mut fight, command.clone(), dice) {
            Err(why) if fight != *self.state() => {
                Err(format!("the rules refused a command after changing the fight: {why}"))
            }
            Err(why) => Ok(Err(why.to_string())),
            Ok(events) => {
                self.history.record(command, events);
                if fight != *self.state() {
                    return Err(
                        "the fight changed in place is not the one its events fold to".into()
                    );
                }
                Ok(Ok(()))
            }
        }
    }

    /// The `fray play` script of the run so far.
    fn script(&self) -> String {
        let mut out = format!(
            "# Random play of {} with seed {}, up to step {}.\nsystem {}\nname \"Random play\"\nseed {}\nrules {}\n",
            self.system.name(),
            self.state().seed,
            self.step,
            self.system.id(),
            self.state().seed,
            self.state().rules,
        );
        for line in &self.lines {
            out.push_str(line);
            out.push('\n');
        }
        if let Some(line) = &self.pending_line {
            out.push_str(line);
            out.push_str("   # the failing step\n");
        }
        out
    }
}

/// The app's dice for the command's stream, with a share of the rolls typed in as table
/// dice; the plan records which, for the script.
struct MixedDice {
    app: SeededDice,
    chooser: SeededDice,
    table_share: u32,
    plan: Vec<DieChoice>,
}

impl DiceSource for MixedDice {
    fn roll(&mut self, dice: &Dice, label: &str, roller: Option<&str>) -> Result<Roll, DiceError> {
        if self.chooser.face(100) <= self.table_share {
            let mut roll = self.chooser.roll(dice, label, roller)?;
            roll.source = RollSource::Table;
            self.plan.push(DieChoice::Table(roll.faces()));
            Ok(roll)
        } else {
            let roll = self.app.roll(dice, label, roller)?;
            self.plan.push(DieChoice::App);
            Ok(roll)
        }
    }
}
