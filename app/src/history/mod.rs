//! The event log of one encounter with an undo cursor.
//!
//! State is always the fold of the events before the cursor. Undo and redo move the cursor by
//! whole commands; a new command after an undo drops the redo tail. Snapshots every
//! [`SNAPSHOT_EVERY`] events keep undo cheap however long the fight: an undo folds at most
//! that many events from the nearest snapshot instead of from the start.
//!
//! A command dropped from the redo tail is kept aside as an [`UndoneCommand`], with the
//! stream its dice came from: every stream the encounter drew is in its journal, so a roll
//! undone and asked again shows as such, and replay can check that no stream is missing.

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::system::{self, RuleError, System};
use serde::{Deserialize, Serialize};
use std::ops::Range;

mod in_place;

/// Events between two snapshots.
pub const SNAPSHOT_EVERY: usize = 4096;

/// One command as it was handled, and where its events are in the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandRecord {
    /// Position in the history (0-based).
    pub seq: u64,
    /// The command as the GM gave it.
    pub command: Command,
    /// Its events, as a range of the event log.
    pub events: Range<usize>,
    /// The dice stream its app rolls came from (see [`History::next_stream`]).
    pub stream: u64,
}

/// A command that was undone and then replaced by another: what it was, where it stood and
/// what it rolled. Its events keep the sequence number of the place it stood.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UndoneCommand {
    /// The position it stood at (the number of commands before it then).
    pub seq: u64,
    /// The dice stream its app rolls came from.
    pub stream: u64,
    /// The command as the GM gave it.
    pub command: Command,
    /// The events it produced.
    pub events: Vec<Event>,
}

/// An encounter's commands and events, the undo cursor and the state at the cursor.
#[derive(Debug, Clone)]
pub struct History {
    base: Encounter,
    commands: Vec<CommandRecord>,
    events: Vec<Event>,
    /// Number of commands in effect (the rest is the redo tail).
    cursor: usize,
    /// State after `events[..k]`, for k a multiple of `SNAPSHOT_EVERY` within the log.
    snapshots: Vec<Encounter>,
    state: Encounter,
    next_stream: u64,
    /// Commands dropped from the redo tail, in the order of their streams.
    undone: Vec<UndoneCommand>,
    /// Streams below this one may be missing without an undone command to show for them:
    /// histories kept before Fray kept undone commands (0 for every history begun since).
    accounted_from: u64,
}

/// The parts of a history as they are kept (in the database or a journal file).
#[derive(Debug, Clone)]
pub struct Parts {
    /// The encounter before any event.
    pub base: Encounter,
    /// Every command, the redo tail included.
    pub commands: Vec<CommandRecord>,
    /// Their events.
    pub events: Vec<Event>,
    /// Commands in effect.
    pub cursor: usize,
    /// The stream the next command draws from.
    pub next_stream: u64,
    /// Commands undone and replaced.
    pub undone: Vec<UndoneCommand>,
    /// See [`History::accounted_from`].
    pub accounted_from: u64,
}

impl History {
    /// A history starting from an empty (or template) encounter.
    pub fn new(base: Encounter) -> Self {
        let state = base.clone();
        Self {
            snapshots: vec![base.clone()],
            base,
            commands: Vec::new(),
            events: Vec::new(),
            cursor: 0,
            state,
            next_stream: 0,
            undone: Vec::new(),
            accounted_from: 0,
        }
    }

    /// Rebuilds a history from stored parts (the database keeps exactly these).
    pub fn from_parts(parts: Parts) -> Result<Self, String> {
        let Parts { base, commands, events, cursor, next_stream, mut undone, accounted_from } =
            parts;
        let mut expected = 0;
        for (i, c) in commands.iter().enumerate() {
            if c.seq != i as u64 || c.events.start != expected || c.events.end < c.events.start {
                return Err(format!("command {i} does not follow its predecessor in the log"));
            }
            expected = c.events.end;
        }
        if expected != events.len() {
            return Err(format!(
                "the log has {} events but its commands cover {expected}",
                events.len()
            ));
        }
        if cursor > commands.len() {
            return Err(format!("undo cursor {cursor} is past the {} commands", commands.len()));
        }
        undone.sort_by_key(|u| u.stream);
        let mut h = Self::new(base);
        let last = commands.iter().map(|c| c.stream).chain(undone.iter().map(|u| u.stream)).max();
        h.next_stream = next_stream.max(last.map_or(0, |s| s.saturating_add(1)));
        h.commands = commands;
        h.events = events;
        h.undone = undone;
        h.accounted_from = accounted_from;
        h.rebuild_snapshots();
        h.cursor = cursor;
        h.state = h.fold_to(h.event_cursor());
        Ok(h)
    }

    /// The state at the cursor.
    pub fn state(&self) -> &Encounter {
        &self.state
    }

    /// The encounter before any event.
    pub fn base(&self) -> &Encounter {
        &self.base
    }

    /// The same history with another base (a renamed encounter): the journal is kept.
    pub fn with_base(&self, base: Encounter) -> Result<Self, String> {
        let mut parts = self.parts();
        parts.base = base;
        Self::from_parts(parts)
    }

    /// The parts to keep: [`History::from_parts`] rebuilds the same history from them.
    pub fn parts(&self) -> Parts {
        Parts {
            base: self.base.clone(),
            commands: self.commands.clone(),
            events: self.events.clone(),
            cursor: self.cursor,
            next_stream: self.next_stream,
            undone: self.undone.clone(),
            accounted_from: self.accounted_from,
        }
    }

    /// Commands undone and then replaced, in the order of their streams.
    pub fn undone(&self) -> &[UndoneCommand] {
        &self.undone
    }

    /// Every command no longer in effect, in the order of their streams: those replaced and
    /// the redo tail. With the commands in effect they account for every stream from
    /// [`History::accounted_from`] on.
    pub fn all_undone(&self) -> Vec<UndoneCommand> {
        let mut all = self.undone.clone();
        all.extend(self.redo_tail());
        all.sort_by_key(|u| u.stream);
        all
    }

    /// Streams below this one may be missing without an undone command for them: a history
    /// kept before Fray kept undone commands. 0 for every history begun since.
    pub fn accounted_from(&self) -> u64 {
        self.accounted_from
    }

    /// The redo tail's commands, as undone commands.
    pub fn redo_tail(&self) -> Vec<UndoneCommand> {
        self.commands[self.cursor..].iter().map(|c| self.undone_record(c)).collect()
    }

    fn undone_record(&self, c: &CommandRecord) -> UndoneCommand {
        UndoneCommand {
            seq: c.seq,
            stream: c.stream,
            command: c.command.clone(),
            events: self.events[c.events.clone()].to_vec(),
        }
    }

    /// The system that runs this encounter.
    pub fn system(&self) -> &'static dyn System {
        self.base.system()
    }

    /// Every command, the redo tail included.
    pub fn commands(&self) -> &[CommandRecord] {
        &self.commands
    }

    /// Every event, the redo tail included.
    pub fn all_events(&self) -> &[Event] {
        &self.events
    }

    /// The events in effect (before the cursor): what the journal shows.
    pub fn events(&self) -> &[Event] {
        &self.events[..self.event_cursor()]
    }

    /// The commands in effect.
    pub fn live_commands(&self) -> &[CommandRecord] {
        &self.commands[..self.cursor]
    }

    /// Number of commands in effect.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Number of events in effect.
    pub fn event_cursor(&self) -> usize {
        self.cursor.checked_sub(1).map_or(0, |i| self.commands[i].events.end)
    }

    /// The dice stream the next command's app rolls come from. Streams never repeat, so
    /// undoing a roll and asking again gives fresh dice.
    pub fn next_stream(&self) -> u64 {
        self.next_stream
    }

    /// Checks a command and returns its events without recording them (the session stores
    /// them first, then calls [`History::record`]).
    pub fn prepare(
        &self,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        let mut events = system::handle_on_copy(self.system(), &self.state, command, dice)?;
        let seq = self.cursor as u64;
        for e in &mut events {
            e.seq = seq;
        }
        Ok(events)
    }

    /// Why `command` would be refused now, without rolling or recording anything: the
    /// stepper says it beside Next before the GM presses it. A command that would only need
    /// dice is not refused.
    pub fn refusal(&self, command: Command) -> Option<RuleError> {
        let mut dice =
            crate::dice::PlannedDice::new(crate::dice::SeededDice::new(0, 0)).with_table_default();
        match self.prepare(command, &mut dice) {
            Ok(_) | Err(RuleError::Dice(_)) => None,
            Err(e) => Some(e),
        }
    }

    /// Records a handled command and its events at the cursor, dropping any redo tail.
    pub fn record(&mut self, command: Command, events: Vec<Event>) -> &CommandRecord {
        self.truncate_redo();
        let start = self.events.len();
        let seq = self.cursor as u64;
        for mut e in events {
            e.seq = seq;
            self.state.apply(&e);
            self.events.push(e);
            if self.events.len().is_multiple_of(SNAPSHOT_EVERY) {
                self.snapshots.push(self.state.clone());
            }
        }
        self.push_record(seq, command, start)
    }

    /// Ends recording a command whose events, from `start` on, are in the log: its record at
    /// the cursor, which moves past it, and the next dice stream (one for recording and for
    /// handling in place, [`History::execute_in_place`]).
    fn push_record(&mut self, seq: u64, command: Command, start: usize) -> &CommandRecord {
        self.commands.push(CommandRecord {
            seq,
            command,
            events: start..self.events.len(),
            stream: self.next_stream,
        });
        // Saturating: a forged journal replayed may name the last stream there is.
        self.next_stream = self.next_stream.saturating_add(1);
        self.cursor += 1;
        self.commands.last().expect("just pushed")
    }

    /// Records a command re-run from a journal with the dice stream it drew there (replay
    /// goes through a journal's commands in the order of their streams).
    pub fn record_at_stream(
        &mut self,
        command: Command,
        events: Vec<Event>,
        stream: u64,
    ) -> &CommandRecord {
        self.next_stream = stream;
        self.record(command, events)
    }

    /// Handles and records a command in one go (for tests and headless runs).
    pub fn execute(
        &mut self,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<&CommandRecord, RuleError> {
        let events = self.prepare(command.clone(), dice)?;
        Ok(self.record(command, events))
    }

    /// Makes room for `commands` more commands and `events` more events at once (a replay
    /// knows how many it will record: the log then never moves as it grows).
    pub fn reserve(&mut self, commands: usize, events: usize) {
        self.commands.reserve(commands);
        self.events.reserve(events);
    }

    /// Whether there is a command to undo.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is a command to redo.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.commands.len()
    }

    /// Takes back the last command in effect. Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        self.cursor -= 1;
        self.state = self.fold_to(self.event_cursor());
        true
    }

    /// Puts back the next command of the redo tail. Returns false when there is none.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        let range = self.commands[self.cursor].events.clone();
        self.state.apply_all(&self.events[range]);
        self.cursor += 1;
        true
    }

    /// Moves the cursor to `cursor` commands in effect (undo or redo many at once).
    pub fn set_cursor(&mut self, cursor: usize) {
        let cursor = cursor.min(self.commands.len());
        if cursor == self.cursor {
            // The state is already the fold there: replay sets the cursor before every
            // command, and refolding from a snapshot each time would cost thousands of events.
            return;
        }
        self.cursor = cursor;
        self.state = self.fold_to(self.event_cursor());
    }

    /// The state after the first `n` events, from the nearest snapshot.
    pub fn fold_to(&self, n: usize) -> Encounter {
        let n = n.min(self.events.len());
        let k = (n / SNAPSHOT_EVERY).min(self.snapshots.len() - 1);
        let mut state = self.snapshots[k].clone();
        state.apply_all(&self.events[k * SNAPSHOT_EVERY..n]);
        state
    }

    fn truncate_redo(&mut self) {
        if self.cursor == self.commands.len() {
            return;
        }
        let keep = self.event_cursor();
        let dropped = self.redo_tail();
        self.undone.extend(dropped);
        self.undone.sort_by_key(|u| u.stream);
        self.commands.truncate(self.cursor);
        self.events.truncate(keep);
        self.snapshots.truncate(keep / SNAPSHOT_EVERY + 1);
    }

    fn rebuild_snapshots(&mut self) {
        self.snapshots = vec![self.base.clone()];
        let mut state = self.base.clone();
        for (i, e) in self.events.iter().enumerate() {
            state.apply(e);
            if (i + 1).is_multiple_of(SNAPSHOT_EVERY) {
                self.snapshots.push(state.clone());
            }
        }
    }
}

/// Folds events onto a base state: the definition of state.
pub fn fold(base: &Encounter, events: &[Event]) -> Encounter {
    let mut state = base.clone();
    state.apply_all(events);
    state
}

#[cfg(test)]
mod tests;
