//! Re-running a journal through the rules to check that it is what the rules produce.

use thiserror::Error;

use crate::dice::{DiceError, DiceSource, ReplayDice, Roll, RollSource, SeededDice};
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::history::{History, fold};
use crate::system::RuleError;
use std::sync::Arc;

use super::json::{JournalDoc, JournalError};
use super::line::describe;
use super::timeline::{Place, Step, steps};

/// What a successful replay went through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayReport {
    /// Commands in effect re-run.
    pub commands: usize,
    /// Their events reproduced.
    pub events: usize,
    /// Undone commands re-run where they stood.
    pub undone: usize,
    /// Dice streams below this one were checked for order only: the journal was kept before
    /// Fray kept undone commands (0: every stream is accounted for).
    pub accounted_from: u64,
}

/// Why a journal does not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The rules, given the recorded dice, produce something other than what was recorded.
    #[error(
        "{seq} does not reproduce the journal: the journal has {expected}, the rules give {got}"
    )]
    Mismatch {
        /// Where the command stood.
        seq: Place,
        /// What the journal recorded, briefly.
        expected: String,
        /// What the replay produced, briefly.
        got: String,
    },
    /// A roll recorded as the app's is not what the encounter's seed gives on that command's
    /// stream: the journal was edited (a die with its total, the seed, an initiative die
    /// with what followed from it). Dice typed in from the table are taken as typed.
    #[error(
        "{seq} has a roll the app did not make ({label}): the journal has {roll}, the encounter's seed gives {seeded}"
    )]
    Forged {
        /// Where the command stood.
        seq: Place,
        /// What the roll was for ("Goblin 1 stabs").
        label: String,
        /// The recorded roll ("d20: [14] = 14").
        roll: String,
        /// What the seed gives there.
        seeded: String,
    },
    /// A command's dice stream is not later than the one before it: a stream drawn twice.
    #[error(
        "{seq} draws its dice from stream {stream}, but an earlier command already drew from stream {before}: streams never go back or repeat"
    )]
    StreamReused {
        /// Where the command stood.
        seq: Place,
        /// Its stream.
        stream: u64,
        /// The stream of the command before it.
        before: u64,
    },
    /// No command of the journal, in effect or undone, drew a stream that later ones follow:
    /// a command was left out, its dice thrown away (a roll asked again, not shown).
    #[error(
        "dice stream {stream} is missing: {seq} draws from a later one, but no command of the journal, in effect or undone, drew from it (a command was left out)"
    )]
    StreamMissing {
        /// The missing stream.
        stream: u64,
        /// The first command after the gap.
        seq: Place,
    },
    /// The rules refuse a recorded command.
    #[error("{seq} is refused on replay: {reason}")]
    Refused {
        /// Where the command stood.
        seq: Place,
        /// The rules' reason.
        reason: String,
    },
    /// The journal's parts do not fit together (see [`JournalError`]).
    #[error(transparent)]
    Journal(#[from] JournalError),
}

/// Re-runs every command of `doc` through the rules from `doc.base`, in the order they were
/// given (by dice stream: undone commands where they stood, then replaced), handing the rules
/// the dice recorded in that command's events, and checks that each command produces exactly
/// its recorded events (tags and sequence numbers included), that every recorded roll adds
/// up, that every app roll is the one the seed gives ([`verify_app_dice`]), that no recorded
/// roll goes unused, that no dice stream is missing (from `doc.accounted_from` on), that the
/// commands in effect are the ones left standing, and that the final state is the fold of
/// the events. (A journal of a system Fray does not have was refused when it was read.)
///
/// Stops at the first difference, naming the command.
pub fn replay(doc: &JournalDoc) -> Result<ReplayReport, ReplayError> {
    doc.check()?;
    let steps = steps(doc)?;
    let mut history = History::new(doc.base.clone());
    let undone_events = doc.undone.iter().map(|u| u.events.len()).sum::<usize>();
    history.reserve(steps.len(), doc.events.len() + undone_events);
    for step in &steps {
        let before = history.commands().len();
        let at =
            usize::try_from(step.place.seq).ok().filter(|&at| at <= before).ok_or_else(|| {
                ReplayError::Mismatch {
                    seq: step.place,
                    expected: format!("a command at position {}", step.place.seq),
                    got: format!("only {before} commands before it"),
                }
            })?;
        // A command given after undoing stands where the cursor was: undo to there.
        history.set_cursor(at);
        replay_step(&mut history, doc.base.seed, step)?;
    }
    // The commands in effect are the ones left standing after every undo.
    let standing = history.commands();
    if let Some(record) = doc
        .commands
        .iter()
        .enumerate()
        .find(|(i, r)| standing.get(*i).is_none_or(|s| s.stream != r.stream))
        .map(|(_, r)| r)
    {
        return Err(ReplayError::Mismatch {
            seq: Place::kept(record.seq),
            expected: "a command in effect".into(),
            got: "a command a later one replaced".into(),
        });
    }
    history.set_cursor(doc.commands.len());
    if fold(&doc.base, &doc.events) != *history.state() {
        return Err(ReplayError::Mismatch {
            seq: Place::kept(doc.commands.last().map_or(0, |c| c.seq)),
            expected: "the state its events fold to".into(),
            got: "a different final state".into(),
        });
    }
    Ok(ReplayReport {
        commands: doc.commands.len(),
        events: doc.events.len(),
        undone: doc.undone.len(),
        accounted_from: doc.accounted_from,
    })
}

/// Re-runs one command at the history's cursor with its recorded dice and records it.
fn replay_step(history: &mut History, seed: u64, step: &Step<'_>) -> Result<(), ReplayError> {
    let seq = step.place;
    let recorded = step.events;
    for roll in recorded.iter().flat_map(Event::rolls) {
        check_roll(seq, roll)?;
    }
    app_dice(seed, step)?;
    // The recorded rolls themselves, shared with the events the rules produce again.
    let mut dice = ReplayDice::shared(recorded.iter().filter_map(|e| match &e.kind {
        EventKind::Rolled { roll, .. } => Some(Arc::clone(roll)),
        _ => None,
    }));
    // Handled on the history's own state, each event applied once: recorded only when the
    // events and the dice match the journal's, else the history is left as it was.
    let check = |history: &History, produced: &[Event]| {
        if recorded != produced {
            // Only on failure: the fight before the command, folded from the log.
            compare(&history.fold_to(history.event_cursor()), seq, recorded, produced)?;
        }
        Ok::<(), ReplayError>(())
    };
    let refused = |err: RuleError| match err {
        RuleError::Dice(DiceError::ReplayMismatch { expected, got }) => ReplayError::Mismatch {
            seq,
            expected: format!("a roll of {expected}"),
            got: format!("a roll of {got}"),
        },
        RuleError::Dice(DiceError::ReplayExhausted) => ReplayError::Mismatch {
            seq,
            expected: "no further roll".into(),
            got: "one more roll".into(),
        },
        err => ReplayError::Refused { seq, reason: err.to_string() },
    };
    let check_dice = |history: &History, produced: &[Event], dice: &ReplayDice| {
        check(history, produced)?;
        if dice.remaining() > 0 {
            return Err(ReplayError::Mismatch {
                seq,
                expected: format!("{} more roll(s)", dice.remaining()),
                got: "no use for them".into(),
            });
        }
        Ok(())
    };
    history.execute_in_place(step.command.clone(), &mut dice, step.stream, check_dice, refused)
}

/// A recorded roll must add up: its kept dice, subtotals and total follow from its faces.
fn check_roll(seq: Place, roll: &Roll) -> Result<(), ReplayError> {
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
    seq: Place,
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

/// Checks the app's rolls against the encounter's seed: each command's app dice, in effect
/// or undone, must be the ones [`SeededDice`] gives for `base.seed` on the command's stream,
/// in order (dice typed in from the table do not draw from the stream), and the streams must
/// be accounted for as [`replay`] checks them. Returns how many rolls were checked.
///
/// [`replay`] makes this check too; alone it says whether the dice are the app's without
/// re-running the rules.
pub fn verify_app_dice(doc: &JournalDoc) -> Result<usize, ReplayError> {
    doc.check()?;
    let mut checked = 0;
    for step in &steps(doc)? {
        checked += app_dice(doc.base.seed, step)?;
    }
    Ok(checked)
}

/// The app rolls among one command's events, checked against the seed; how many.
fn app_dice(seed: u64, step: &Step<'_>) -> Result<usize, ReplayError> {
    let mut rng = SeededDice::new(seed, step.stream);
    let mut checked = 0;
    for roll in step.events.iter().flat_map(Event::rolls).filter(|r| r.source == RollSource::App) {
        let forged = |seeded: String| ReplayError::Forged {
            seq: step.place,
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
