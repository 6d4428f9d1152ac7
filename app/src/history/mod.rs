//! The event log of one encounter with an undo cursor.
//!
//! State is always the fold of the events before the cursor. Undo and redo move the cursor by
//! whole commands; a new command after an undo drops the redo tail. Snapshots every
//! [`SNAPSHOT_EVERY`] events keep undo cheap however long the fight: an undo folds at most
//! that many events from the nearest snapshot instead of from the start.

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::system::{self, RuleError, System};
use serde::{Deserialize, Serialize};
use std::ops::Range;

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
        }
    }

    /// Rebuilds a history from stored parts (the database keeps exactly these).
    pub fn from_parts(
        base: Encounter,
        commands: Vec<CommandRecord>,
        events: Vec<Event>,
        cursor: usize,
        next_stream: u64,
    ) -> Result<Self, String> {
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
        let mut h = Self::new(base);
        h.commands = commands;
        h.events = events;
        h.next_stream = next_stream.max(h.commands.iter().map(|c| c.stream + 1).max().unwrap_or(0));
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
        let mut events = system::handle(self.system(), &self.state, command, dice)?;
        let seq = self.cursor as u64;
        for e in &mut events {
            e.seq = seq;
        }
        Ok(events)
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
        self.commands.push(CommandRecord {
            seq,
            command,
            events: start..self.events.len(),
            stream: self.next_stream,
        });
        self.next_stream += 1;
        self.cursor += 1;
        self.commands.last().expect("just pushed")
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
pub fn fold<'a>(base: &Encounter, events: impl IntoIterator<Item = &'a Event>) -> Encounter {
    let mut state = base.clone();
    state.apply_all(events);
    state
}

#[cfg(test)]
mod tests;
