//! The one walk every journal format makes: the events in order, by round, each described with
//! names as they were just before it (the state folded along the way, never re-read from the
//! end), and for the players only the lines they may read. The formats differ only in how a
//! round opens and closes and how an entry is dressed ([`Rounds`]).

use super::line::{Style, write_event};
use crate::encounter::Encounter;
use crate::event::Event;

/// How a format lays out rounds and entries around the shared description.
pub(crate) trait Rounds: Style + Sized {
    /// Opens round `round` under a heading of level `heading` (`##`, `h2`...).
    fn open_round(&self, out: &mut String, heading: &str, round: u32);
    /// Closes the last round opened (at the end of the walk, or before the next one).
    fn close_round(&self, out: &mut String);
    /// Opens one entry about `event`.
    fn open_entry(&self, out: &mut String, event: &Event);
    /// Closes the entry.
    fn close_entry(&self, out: &mut String);
}

/// Writes `events`, folded from `base`, round by round in `format`. With `readable` (the
/// players' journal), a line they may not read is left out, and a round with none of theirs
/// with it; the state is still folded.
pub(crate) fn events_into<F: Rounds>(
    out: &mut String,
    base: &Encounter,
    events: &[Event],
    heading: &str,
    readable: Option<&[bool]>,
    format: &F,
) {
    let mut state = base.clone();
    let mut round = None;
    for (i, event) in events.iter().enumerate() {
        if readable.is_some_and(|r| !r.get(i).copied().unwrap_or(false)) {
            state.apply(event);
            continue;
        }
        if round != Some(event.round) {
            if round.is_some() {
                format.close_round(out);
            }
            format.open_round(out, heading, event.round);
            round = Some(event.round);
        }
        format.open_entry(out, event);
        write_event(out, &state, event, format);
        format.close_entry(out);
        state.apply(event);
    }
    if round.is_some() {
        format.close_round(out);
    }
}
