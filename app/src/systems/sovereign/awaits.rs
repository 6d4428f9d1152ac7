//! What a Sovereign fight waits for, as one value: the attacks of opportunity on someone
//! leaving (or standing up, or acting) next to foes, and the target's answer to an attack
//! (Total Defense, a Snap Attack at the attacker, or not) — the answer first. Read in one place by the words of the waiting check and by the
//! prompts.

use super::model::{Pending, SovState, Threat};
use crate::encounter::Encounter;

/// The first thing the fight waits for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Awaits<'a> {
    /// The foes next to a combatant may strike it first.
    Opportunity(&'a Threat),
    /// An attack waits for its target's answer.
    Answer(&'a Pending),
}

impl SovState {
    /// The first thing the fight waits for, if any.
    pub(super) fn awaits(&self) -> Option<Awaits<'_>> {
        // An attack of opportunity that waits for its target's answer comes before the other
        // foes' (the two never wait together in a fight begun before rules edition 1).
        if let Some(pending) = &self.pending {
            return Some(Awaits::Answer(pending));
        }
        self.threat.as_ref().map(Awaits::Opportunity)
    }
}

impl Awaits<'_> {
    /// What must come first, in the GM's words.
    pub(super) fn words(self, enc: &Encounter) -> String {
        match self {
            Awaits::Opportunity(threat) => {
                format!("first the attacks of opportunity on {} leaving", enc.name_of(threat.id))
            }
            Awaits::Answer(attack) => format!(
                "first {} answers {}'s attack (Total Defense or not)",
                enc.name_of(attack.target),
                enc.name_of(attack.attacker)
            ),
        }
    }
}
