//! The journal as the window lists it: one [`Line`] per event, and [`JournalView`], which keeps
//! the texts between frames so a frame describes only what is new.

use super::line::{Plain, describe, write_event};
use crate::dice::Roll;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use std::borrow::Cow;
use std::ops::Range;

/// One entry of the journal, as the window lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct Line<'a> {
    /// Position of the event in the log (0-based).
    pub index: usize,
    /// Sequence number of the command that produced it.
    pub seq: u64,
    /// Round in which it happened (0 = before the fight).
    pub round: u32,
    /// Phase id in which it happened.
    pub phase: &'a str,
    /// Who it is about, if anyone.
    pub actor: Option<CombatantId>,
    /// The readable line, as [`describe`] gives it.
    pub text: Cow<'a, str>,
    /// The dice, when the event is a roll (for a dice widget next to the text).
    pub roll: Option<&'a Roll>,
}

impl<'a> Line<'a> {
    fn new(index: usize, event: &'a Event, text: Cow<'a, str>) -> Self {
        Line {
            index,
            seq: event.seq,
            round: event.round,
            phase: &event.phase,
            actor: event.actor,
            text,
            roll: event.rolls().next(),
        }
    }
}

/// Walks a log once, describing each event with the names it had at the time: the state is
/// folded along the way, one event at a time, and never cloned after the start.
///
/// Made by [`lines`]. For a window that shows a growing log every frame, [`JournalView`]
/// keeps the lines it has already made.
#[derive(Debug, Clone)]
pub struct JournalLines<'a> {
    state: Encounter,
    events: &'a [Event],
    next: usize,
}

/// The lines of `events` folded onto `base`, first to last.
pub fn lines<'a>(base: &Encounter, events: &'a [Event]) -> JournalLines<'a> {
    JournalLines { state: base.clone(), events, next: 0 }
}

impl JournalLines<'_> {
    /// The state after the events walked so far.
    pub fn state(&self) -> &Encounter {
        &self.state
    }
}

impl<'a> Iterator for JournalLines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        let event = self.events.get(self.next)?;
        let text = describe(&self.state, event);
        self.state.apply(event);
        self.next += 1;
        Some(Line::new(self.next - 1, event, Cow::Owned(text)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.events.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for JournalLines<'_> {}

/// The window's live journal: the text of every line made so far, kept between frames so a
/// frame only describes the events that are new since the last one.
///
/// Call [`JournalView::sync`] each frame with the history's base and live events, then draw
/// only the visible rows with [`JournalView::line`] (or [`JournalView::text`]): nothing is
/// re-described, and the texts live in one buffer, not one allocation per line.
#[derive(Debug, Clone, Default)]
pub struct JournalView {
    /// The base the lines were folded from; a different base means starting over.
    base: Option<Encounter>,
    /// The state after the events described so far.
    state: Option<Encounter>,
    /// Every line's text, one after the other.
    text: String,
    /// Where each line's text ends in `text`.
    ends: Vec<usize>,
    /// The last event described, to notice a log that changed under the view.
    last: Option<Event>,
}

impl JournalView {
    /// An empty view.
    pub fn new() -> Self {
        Self::default()
    }

    /// Brings the view up to `events` folded onto `base`; returns whether anything changed.
    ///
    /// Cheap when nothing changed (a length check and one event comparison) and when events
    /// were added (only the new ones are described). When the log got shorter (undo) the
    /// lines past the end are dropped and the state is folded again. A log that changes
    /// anywhere but at its end (which `History` never does) must be synced after each change;
    /// if the view still sees a different last event it starts over.
    pub fn sync(&mut self, base: &Encounter, events: &[Event]) -> bool {
        let seen = self.ends.len();
        let same_base = self.base.as_ref() == Some(base);
        let same_last =
            seen == 0 || (events.len() >= seen && self.last.as_ref() == Some(&events[seen - 1]));
        if same_base && events.len() == seen && same_last {
            return false;
        }
        if !same_base {
            self.base = Some(base.clone());
            self.reset(base, events, 0);
        } else if events.len() < seen {
            // Undo: the lines before the cursor still stand; only the state needs folding.
            self.reset(base, events, events.len());
        } else if !same_last {
            self.reset(base, events, 0);
        }
        let state = self.state.get_or_insert_with(|| base.clone());
        for event in &events[self.ends.len()..] {
            write_event(&mut self.text, state, event, &Plain);
            self.ends.push(self.text.len());
            state.apply(event);
        }
        self.last = events.last().cloned();
        true
    }

    /// Keeps the first `keep` lines and folds the state over `events[..keep]`.
    fn reset(&mut self, base: &Encounter, events: &[Event], keep: usize) {
        self.ends.truncate(keep);
        self.text.truncate(self.ends.last().copied().unwrap_or(0));
        let mut state = base.clone();
        state.apply_all(&events[..keep]);
        self.state = Some(state);
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no lines.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The text of line `index`.
    pub fn text(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)?;
        let start = index.checked_sub(1).map_or(0, |i| self.ends[i]);
        Some(&self.text[start..end])
    }

    /// Line `index` with its event's tags; `events` must be the slice last synced.
    pub fn line<'a>(&'a self, events: &'a [Event], index: usize) -> Option<Line<'a>> {
        let text = self.text(index)?;
        Some(Line::new(index, events.get(index)?, Cow::Borrowed(text)))
    }

    /// The lines in `range` (clamped to the log): the rows a virtualized list shows.
    pub fn rows<'a>(
        &'a self,
        events: &'a [Event],
        range: Range<usize>,
    ) -> impl Iterator<Item = Line<'a>> + 'a {
        let end = range.end.min(self.len()).min(events.len());
        (range.start.min(end)..end).filter_map(move |i| self.line(events, i))
    }
}
