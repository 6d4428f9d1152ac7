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
        Self { round: encounter.round, phase: shared_phase(&encounter.phase), events: Vec::new() }
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
                self.phase = shared_phase("");
            }
            EventKind::PhaseEntered { phase } => self.phase = shared_phase(phase),
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
                self.phase = shared_phase("");
            }
            EventKind::PhaseEntered { phase } => self.phase = shared_phase(phase),
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

/// The most phase ids one thread keeps to share: every procedure's phases together are far
/// fewer; past it, a phase is made for the command (an encounter read from a file may name
/// any phase its procedure has, and none is refused for it).
const SHARED_PHASES: usize = 64;

thread_local! {
    /// The phase ids met so far on this thread, each made once: every event of a command
    /// carries its phase, and a command's events took it from one made per command (issue
    /// 67: an allocation a command, a few hundred a fight).
    static PHASES: std::cell::RefCell<Vec<Arc<str>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `phase` as an id shared with every event tagged with it on this thread.
fn shared_phase(phase: &str) -> Arc<str> {
    PHASES.with_borrow_mut(|phases| {
        if let Some(known) = phases.iter().find(|p| ***p == *phase) {
            return Arc::clone(known);
        }
        let made: Arc<str> = phase.into();
        if phases.len() < SHARED_PHASES {
            phases.push(Arc::clone(&made));
        }
        made
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_is_shared_by_the_commands_in_it_and_a_new_round_has_none() {
        let system = crate::systems::registry().get("freeform").expect("freeform");
        let mut enc = Encounter::new(system, "Phases", 1);
        enc.phase = "turns".into();
        let (one, two) = (Emitter::new(&enc), Emitter::new(&enc));
        assert!(Arc::ptr_eq(&one.phase, &two.phase), "one phase id for both commands");
        assert_eq!(&*one.phase, "turns");
        let mut out = Emitter::new(&enc);
        out.push("test", None, EventKind::RoundStarted { round: 2 });
        out.push("test", None, EventKind::PhaseEntered { phase: "end".into() });
        out.push("test", None, EventKind::Ruling { text: "x".into() });
        let tags: Vec<_> = out.events().iter().map(|e| (e.round, &*e.phase)).collect();
        assert_eq!(tags, [(2, ""), (2, "end"), (2, "end")]);
        // Past the ids kept, a phase is still the one asked for.
        for i in 0..SHARED_PHASES + 2 {
            assert_eq!(&*shared_phase(&format!("phase {i}")), format!("phase {i}"));
        }
    }
}
