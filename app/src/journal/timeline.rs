//! The order a journal's commands were given in: those in effect and those undone, by the
//! dice stream each drew (streams are handed out one after another as commands are given).

use std::fmt;

use crate::command::Command;
use crate::event::Event;

use super::json::JournalDoc;
use super::replay::ReplayError;

/// Where a command stood, for messages: "command 5", or "undone command 5 (dice stream 9)"
/// for one that was undone and replaced (several undone commands may have stood at 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// Its position: the number of commands in effect before it when it was given.
    pub seq: u64,
    /// The dice stream of an undone command; `None` for a command in effect.
    pub undone_stream: Option<u64>,
}

impl Place {
    /// A command in effect at `seq`.
    pub fn kept(seq: u64) -> Self {
        Self { seq, undone_stream: None }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.undone_stream {
            None => write!(f, "command {}", self.seq),
            Some(stream) => write!(f, "undone command {} (dice stream {stream})", self.seq),
        }
    }
}

impl PartialEq<u64> for Place {
    fn eq(&self, seq: &u64) -> bool {
        self.seq == *seq
    }
}

/// One command as it was given.
pub(super) struct Step<'a> {
    pub place: Place,
    pub stream: u64,
    pub command: &'a Command,
    pub events: &'a [Event],
}

/// Every command of `doc`, in effect or undone, in the order of their dice streams, checked:
/// the commands in effect draw later streams one after another, no stream is drawn twice, and
/// from `doc.accounted_from` on no stream is missing (a command left out of the journal, its
/// dice drawn and thrown away, leaves a gap).
pub(super) fn steps(doc: &JournalDoc) -> Result<Vec<Step<'_>>, ReplayError> {
    let mut last: Option<u64> = None;
    for record in &doc.commands {
        if let Some(before) = last.filter(|&l| record.stream <= l) {
            return Err(ReplayError::StreamReused {
                seq: Place::kept(record.seq),
                stream: record.stream,
                before,
            });
        }
        last = Some(record.stream);
    }
    let kept = doc.commands.iter().map(|r| Step {
        place: Place::kept(r.seq),
        stream: r.stream,
        command: &r.command,
        events: doc.events.get(r.events.clone()).unwrap_or_default(),
    });
    let undone = doc.undone.iter().map(|u| Step {
        place: Place { seq: u.seq, undone_stream: Some(u.stream) },
        stream: u.stream,
        command: &u.command,
        events: &u.events,
    });
    let mut steps: Vec<Step<'_>> = kept.chain(undone).collect();
    steps.sort_by_key(|s| s.stream);
    let mut expected = doc.accounted_from;
    for (i, step) in steps.iter().enumerate() {
        if i > 0 && steps[i - 1].stream == step.stream {
            return Err(ReplayError::StreamReused {
                seq: step.place,
                stream: step.stream,
                before: step.stream,
            });
        }
        if step.stream < doc.accounted_from {
            continue;
        }
        if step.stream != expected {
            return Err(ReplayError::StreamMissing { stream: expected, seq: step.place });
        }
        expected = step.stream.saturating_add(1);
    }
    Ok(steps)
}
