//! The d12 procedure's state inside an encounter, and how each of its events changes it.

use super::model::{D12Event, Declared, Pending, Wound};
use crate::ids::CombatantId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The procedure's state inside an encounter. Each list is shared between an encounter and
/// its copies until an event changes that list: every command works on a copy (`Ctx`), and
/// copying every list for each one was a sixth of a simulated fight's time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct D12State {
    /// Base initiative of each combatant for the fight.
    #[serde(default)]
    pub base: Arc<BTreeMap<CombatantId, i64>>,
    /// This round's declarations.
    #[serde(default)]
    pub declared: Arc<BTreeMap<CombatantId, Declared>>,
    /// Declarations are hidden until revealed (the "write down, then show" method).
    #[serde(default)]
    pub hidden: Arc<BTreeSet<CombatantId>>,
    /// Late actions owed next round (newcomers whose count had passed).
    #[serde(default)]
    pub late: Arc<BTreeMap<CombatantId, Declared>>,
    /// Late actions due this round.
    #[serde(default)]
    pub late_now: Arc<BTreeMap<CombatantId, Declared>>,
    /// Who could act when the current count began.
    #[serde(default)]
    pub fit: Arc<BTreeSet<CombatantId>>,
    /// Who has used its place at the current count.
    #[serde(default)]
    pub acted: Arc<BTreeSet<CombatantId>>,
    /// What waits for the GM, first first.
    #[serde(default)]
    pub pending: Arc<Vec<Pending>>,
    /// Every wound taken, per combatant.
    #[serde(default)]
    pub wounds: Arc<BTreeMap<CombatantId, Vec<Wound>>>,
    /// Monsters that lost over half their Wound Points in one hit this round.
    #[serde(default)]
    pub big_hits: Arc<BTreeSet<CombatantId>>,
    /// Intimidation results against monsters this round.
    #[serde(default)]
    pub intimidated: Arc<BTreeMap<CombatantId, i64>>,
    /// Monsters whose morale is settled this round.
    #[serde(default)]
    pub morale_done: Arc<BTreeSet<CombatantId>>,
}

impl crate::system::Kept<D12Event> for D12State {
    /// Applies one event; never fails.
    fn apply(&mut self, e: &D12Event) {
        match e {
            D12Event::BaseInitiative { ids, base } => {
                for id in ids {
                    Arc::make_mut(&mut self.base).insert(*id, *base);
                }
            }
            D12Event::Declared { id, declared, hidden } => self.declare(*id, declared, *hidden),
            D12Event::Revealed => self.hidden = Arc::default(),
            D12Event::Late { id, declared } => {
                Arc::make_mut(&mut self.late).insert(*id, declared.clone());
            }
            D12Event::CountStarted { fit } => {
                self.fit = Arc::new(fit.iter().copied().collect());
                self.acted = Arc::default();
            }
            D12Event::JoinedCount { id } => {
                Arc::make_mut(&mut self.fit).insert(*id);
            }
            D12Event::Acted { id } => {
                Arc::make_mut(&mut self.acted).insert(*id);
            }
            D12Event::Queued { pending, first } => self.queue(pending, *first),
            D12Event::Settled => {
                if !self.pending.is_empty() {
                    Arc::make_mut(&mut self.pending).remove(0);
                }
            }
            D12Event::Wounded { id, wound } => {
                Arc::make_mut(&mut self.wounds).entry(*id).or_default().push(wound.clone());
            }
            D12Event::Injured { id, injury } => self.injure(*id, injury),
            D12Event::BigHit { id } => {
                Arc::make_mut(&mut self.big_hits).insert(*id);
            }
            D12Event::Intimidated { id, result } => {
                Arc::make_mut(&mut self.intimidated).insert(*id, *result);
            }
            D12Event::MoraleSettled { id } => {
                Arc::make_mut(&mut self.morale_done).insert(*id);
            }
            D12Event::Dropped { index } => {
                if *index < self.pending.len() {
                    Arc::make_mut(&mut self.pending).remove(*index);
                }
            }
            D12Event::Withdrawn { id } => self.withdraw(*id),
            D12Event::RoundReset => self.round_reset(),
        }
    }
}

impl D12State {
    /// `id` declares an action, written down hidden or said aloud.
    fn declare(&mut self, id: CombatantId, declared: &Declared, hidden: bool) {
        Arc::make_mut(&mut self.declared).insert(id, declared.clone());
        if hidden {
            Arc::make_mut(&mut self.hidden).insert(id);
        } else {
            Arc::make_mut(&mut self.hidden).remove(&id);
        }
    }

    /// Something waits: first of all, or after the rest.
    fn queue(&mut self, pending: &Pending, first: bool) {
        if first {
            Arc::make_mut(&mut self.pending).insert(0, pending.clone());
        } else {
            Arc::make_mut(&mut self.pending).push(pending.clone());
        }
    }

    /// `id`'s last wound caused `injury`.
    fn injure(&mut self, id: CombatantId, injury: &str) {
        if let Some(w) = Arc::make_mut(&mut self.wounds).get_mut(&id).and_then(|w| w.last_mut()) {
            w.injury = Some(injury.to_owned());
        }
    }

    /// `id` leaves the fight's records: its declarations and place in the count are forgotten.
    fn withdraw(&mut self, id: CombatantId) {
        Arc::make_mut(&mut self.declared).remove(&id);
        Arc::make_mut(&mut self.hidden).remove(&id);
        Arc::make_mut(&mut self.late).remove(&id);
        Arc::make_mut(&mut self.late_now).remove(&id);
        Arc::make_mut(&mut self.fit).remove(&id);
    }

    /// A new round: declarations start over, the late ones owed come due, and the count, what
    /// waits and the round's morale are cleared.
    fn round_reset(&mut self) {
        // Fresh lists rather than cleared copies of lists still shared.
        self.declared = Arc::default();
        self.hidden = Arc::default();
        self.late_now = std::mem::take(&mut self.late);
        self.fit = Arc::default();
        self.acted = Arc::default();
        self.pending = Arc::default();
        self.big_hits = Arc::default();
        self.intimidated = Arc::default();
        self.morale_done = Arc::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::Kept;

    /// A copy that takes an event copies only the list the event changes; the others stay
    /// shared with the original (a simulated fight copies the state for every command).
    #[test]
    fn a_copy_copies_only_the_list_an_event_changes() {
        let mut original = D12State::default();
        original.apply(&D12Event::Acted { id: CombatantId(1) });
        original.apply(&D12Event::BigHit { id: CombatantId(2) });
        let mut copy = original.clone();
        copy.apply(&D12Event::Acted { id: CombatantId(3) });
        assert!(Arc::ptr_eq(&original.big_hits, &copy.big_hits));
        assert!(!Arc::ptr_eq(&original.acted, &copy.acted));
        assert_eq!(original.acted.len(), 1);
        assert_eq!(copy.acted.len(), 2);
        // A new round starts every list afresh without touching the original's.
        copy.apply(&D12Event::RoundReset);
        assert!(copy.acted.is_empty() && copy.big_hits.is_empty());
        assert_eq!((original.acted.len(), original.big_hits.len()), (1, 1));
    }
}
