//! Re-running a journal through the rules to check that it is what the rules produce.

use thiserror::Error;

use crate::dice::{DiceError, DiceSource, ReplayDice, Roll, RollSource, SeededDice};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::history::{CommandRecord, History, fold};
use crate::system::RuleError;

use super::json::{JournalDoc, JournalError};
use super::line::describe;

/// What a successful replay went through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayReport {
    /// Commands re-run.
    pub commands: usize,
    /// Events reproduced.
    pub events: usize,
}

/// Why a journal does not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The rules, given the recorded dice, produce something other than what was recorded.
    #[error(
        "command {seq} does not reproduce the journal: the journal has {expected}, the rules give {got}"
    )]
    Mismatch {
        /// Sequence number of the command.
        seq: u64,
        /// What the journal recorded, briefly.
        expected: String,
        /// What the replay produced, briefly.
        got: String,
    },
    /// A roll recorded as the app's is not what the encounter's seed gives on that command's
    /// stream: the journal was edited (a die with its total, the seed, an initiative die
    /// with what followed from it). Dice typed in from the table are taken as typed.
    #[error(
        "command {seq} has a roll the app did not make ({label}): the journal has {roll}, the encounter's seed gives {seeded}"
    )]
    Forged {
        /// Sequence number of the command.
        seq: u64,
        /// What the roll was for ("Goblin 1 stabs").
        label: String,
        /// The recorded roll ("d20: [14] = 14").
        roll: String,
        /// What the seed gives there.
        seeded: String,
    },
    /// A command's dice stream is not later than the one before it: a stream drawn twice.
    #[error(
        "command {seq} draws its dice from stream {stream}, but an earlier command already drew from stream {before}: streams never go back or repeat"
    )]
    StreamReused {
        /// Sequence number of the command.
        seq: u64,
        /// Its stream.
        stream: u64,
        /// The stream of the command before it.
        before: u64,
    },
    /// The rules refuse a recorded command.
    #[error("command {seq} is refused on replay: {reason}")]
    Refused {
        /// Sequence number of the command.
        seq: u64,
        /// The rules' reason.
        reason: String,
    },
    /// The journal's parts do not fit together (see [`JournalError`]).
    #[error(transparent)]
    Journal(#[from] JournalError),
}

/// Re-runs every command of `doc` through the rules from `doc.base`, handing the rules the
/// dice recorded in that command's events, and checks that each command produces exactly
/// its recorded events (tags and sequence numbers included), that every recorded roll adds
/// up, that every app roll is the one the seed gives ([`verify_app_dice`]), that no recorded
/// roll goes unused, and that the final state is the fold of the events. (A journal of a
/// system Fray does not have was refused when it was read.)
///
/// Stops at the first difference, naming the command.
pub fn replay(doc: &JournalDoc) -> Result<ReplayReport, ReplayError> {
    doc.check()?;
    check_streams(doc)?;
    let mut history = History::new(doc.base.clone());
    for record in &doc.commands {
        let seq = record.seq;
        let recorded = &doc.events[record.events.clone()];
        for roll in recorded.iter().flat_map(Event::rolls) {
            check_roll(seq, roll)?;
        }
        app_dice(doc.base.seed, record, recorded)?;
        let mut dice = ReplayDice::new(recorded.iter().flat_map(Event::rolls).cloned());
        let produced = match history.prepare(record.command.clone(), &mut dice) {
            Ok(events) => events,
            Err(RuleError::Dice(DiceError::ReplayMismatch { expected, got })) => {
                return Err(ReplayError::Mismatch {
                    seq,
                    expected: format!("a roll of {expected}"),
                    got: format!("a roll of {got}"),
                });
            }
            Err(RuleError::Dice(DiceError::ReplayExhausted)) => {
                return Err(ReplayError::Mismatch {
                    seq,
                    expected: "no further roll".into(),
                    got: "one more roll".into(),
                });
            }
            Err(err) => return Err(ReplayError::Refused { seq, reason: err.to_string() }),
        };
        compare(history.state(), seq, recorded, &produced)?;
        if dice.remaining() > 0 {
            return Err(ReplayError::Mismatch {
                seq,
                expected: format!("{} more roll(s)", dice.remaining()),
                got: "no use for them".into(),
            });
        }
        history.record(record.command.clone(), produced);
    }
    if fold(&doc.base, &doc.events) != *history.state() {
        return Err(ReplayError::Mismatch {
            seq: doc.commands.last().map_or(0, |c| c.seq),
            expected: "the state its events fold to".into(),
            got: "a different final state".into(),
        });
    }
    Ok(ReplayReport { commands: doc.commands.len(), events: doc.events.len() })
}

/// A recorded roll must add up: its kept dice, subtotals and total follow from its faces.
fn check_roll(seq: u64, roll: &Roll) -> Result<(), ReplayError> {
    if roll.verify().is_ok() {
        return Ok(());
    }
    let got = match Roll::from_faces(
        roll.dice.clone(),
        &roll.faces(),
        roll.label.clone(),
        roll.roller.clone(),
        roll.source,
    ) {
        Ok(again) => format!("{} from those faces", again.summary()),
        Err(err) => err.to_string(),
    };
    Err(ReplayError::Mismatch { seq, expected: roll.summary(), got })
}

/// The first difference between the recorded and the produced events of one command.
fn compare(
    before: &Encounter,
    seq: u64,
    recorded: &[Event],
    produced: &[Event],
) -> Result<(), ReplayError> {
    let Some(i) =
        (0..recorded.len().max(produced.len())).find(|&i| recorded.get(i) != produced.get(i))
    else {
        return Ok(());
    };
    // Only on failure: the state the differing event was described against.
    let mut state = before.clone();
    state.apply_all(&recorded[..i]);
    let (expected, got) = match (recorded.get(i), produced.get(i)) {
        (Some(a), Some(b)) => brief_pair(&state, a, b),
        (Some(a), None) => (describe(&state, a), "nothing more".to_owned()),
        (None, Some(b)) => ("nothing more".to_owned(), describe(&state, b)),
        (None, None) => unreachable!("index {i} is below one of the lengths"),
    };
    Err(ReplayError::Mismatch { seq, expected, got })
}

/// Both events in a few words, with as much detail as it takes to tell them apart.
fn brief_pair(state: &Encounter, a: &Event, b: &Event) -> (String, String) {
    let (da, db) = (describe(state, a), describe(state, b));
    if da != db {
        return (da, db);
    }
    let tags = |e: &Event, d: &str| {
        format!(
            "{d} [seq {}, round {}, phase '{}', rule {}, actor {}]",
            e.seq,
            e.round,
            e.phase,
            e.rule,
            e.actor.map_or_else(|| "none".to_owned(), |c| c.to_string())
        )
    };
    let (ta, tb) = (tags(a, &da), tags(b, &db));
    if ta != tb {
        return (ta, tb);
    }
    // Same words and tags: the difference is in a detail no line shows.
    let json = |e: &Event| serde_json::to_string(e).unwrap_or_else(|err| err.to_string());
    (json(a), json(b))
}

/// Checks the app's rolls against the encounter's seed: each command's app dice must be the
/// ones [`SeededDice`] gives for `base.seed` on the command's stream, in order (dice typed
/// in from the table do not draw from the stream). Returns how many rolls were checked.
///
/// [`replay`] makes this check too; alone it says whether the dice are the app's without
/// re-running the rules.
pub fn verify_app_dice(doc: &JournalDoc) -> Result<usize, ReplayError> {
    doc.check()?;
    check_streams(doc)?;
    let mut checked = 0;
    for record in &doc.commands {
        checked += app_dice(doc.base.seed, record, &doc.events[record.events.clone()])?;
    }
    Ok(checked)
}

/// Each command draws its app dice from a stream of its own, later than every earlier
/// command's (an undone command's stream is never used again, so there may be gaps): a
/// stream used twice, or going back, is a journal edited to draw dice again.
fn check_streams(doc: &JournalDoc) -> Result<(), ReplayError> {
    let mut last: Option<u64> = None;
    for record in &doc.commands {
        if last.is_some_and(|l| record.stream <= l) {
            return Err(ReplayError::StreamReused {
                seq: record.seq,
                stream: record.stream,
                before: last.unwrap_or_default(),
            });
        }
        last = Some(record.stream);
    }
    Ok(())
}

/// The app rolls among one command's `events`, checked against the seed; how many.
fn app_dice(seed: u64, record: &CommandRecord, events: &[Event]) -> Result<usize, ReplayError> {
    let mut rng = SeededDice::new(seed, record.stream);
    let mut checked = 0;
    for roll in events.iter().flat_map(Event::rolls).filter(|r| r.source == RollSource::App) {
        let forged = |seeded: String| ReplayError::Forged {
            seq: record.seq,
            label: roll.label.clone(),
            roll: roll.summary(),
            seeded,
        };
        let again = rng
            .roll(&roll.dice, &roll.label, roll.roller.as_deref())
            .map_err(|err| forged(err.to_string()))?;
        if again.faces() != roll.faces() {
            return Err(forged(again.summary()));
        }
        checked += 1;
    }
    Ok(checked)
}
