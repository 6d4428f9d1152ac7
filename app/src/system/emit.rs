//! Building events with their tags (round, phase, actor, rule) filled in.

use crate::encounter::Encounter;
use crate::event::{EVENT_VERSION, Event, EventKind};
use crate::ids::CombatantId;
use std::borrow::Cow;
use std::sync::Arc;

/// Collects the events of one command, tagging each with the round and phase current at that
/// point (a command may start a new round halfway through).
#[derive(Debug)]
pub struct Emitter {
    round: u32,
    phase: Arc<str>,
    events: Vec<Event>,
}

impl Emitter {
    /// Starts collecting for a command handled against `encounter`.
    pub fn new(encounter: &Encounter) -> Self {
        Self { round: encounter.round, phase: encounter.phase.as_str().into(), events: Vec::new() }
    }

    /// Adds an event produced by `rule`, about `actor`.
    pub fn push(
        &mut self,
        rule: impl Into<Cow<'static, str>>,
        actor: Option<CombatantId>,
        kind: EventKind,
    ) {
        match &kind {
            // A new round starts between phases: its own event carries no phase, and the
            // events after it carry whatever phase the system enters next.
            EventKind::RoundStarted { round } => {
                self.round = *round;
                self.phase = "".into();
            }
            EventKind::PhaseEntered { phase } => self.phase = phase.as_str().into(),
            _ => {}
        }
        self.events.push(Event {
            v: EVENT_VERSION,
            seq: 0,
            round: self.round,
            phase: Arc::clone(&self.phase),
            actor,
            rule: rule.into(),
            kind,
        });
    }

    /// Adds an event already made (by a system's `handle`), keeping its tags.
    pub fn push_event(&mut self, event: Event) {
        match &event.kind {
            EventKind::RoundStarted { round } => {
                self.round = *round;
                self.phase = "".into();
            }
            EventKind::PhaseEntered { phase } => self.phase = phase.as_str().into(),
            _ => {}
        }
        self.events.push(event);
    }

    /// The events collected so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The collected events.
    pub fn finish(self) -> Vec<Event> {
        self.events
    }

    /// The collected events, applied to `enc` (the fight they were made against, which a
    /// handler without a [`super::Ctx`] reads unchanged until it has checked everything).
    pub fn apply_to(self, enc: &mut Encounter) -> Vec<Event> {
        enc.apply_all(&self.events);
        self.events
    }
}
