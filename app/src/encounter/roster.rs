//! The combatants of an encounter, each shared until it changes: a copy of the encounter
//! (the scratch copy every command's handling works on, a snapshot, a simulated fight)
//! shares every combatant it does not change, and changing one copies only that one.
//! Reading is as through a map of combatants; the JSON is the same.

use super::Combatant;
use crate::ids::CombatantId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Combatants by id, in id order (the order they were added).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Roster(BTreeMap<CombatantId, Arc<Combatant>>);

impl Roster {
    /// An empty roster.
    pub fn new() -> Self {
        Roster(BTreeMap::new())
    }

    /// The combatants in id order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Combatant> + Clone {
        self.0.values().map(|c| &**c)
    }

    /// The combatants in id order, to change (each copied first if shared).
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Combatant> {
        self.0.values_mut().map(Arc::make_mut)
    }

    /// Ids and combatants in id order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&CombatantId, &Combatant)> + Clone {
        self.0.iter().map(|(id, c)| (id, &**c))
    }

    /// The ids in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &CombatantId> + Clone {
        self.0.keys()
    }

    /// One combatant.
    pub fn get(&self, id: &CombatantId) -> Option<&Combatant> {
        self.0.get(id).map(|c| &**c)
    }

    /// One combatant as it stands now, shared rather than copied: a rule that reads a
    /// combatant while it changes the encounter keeps this (a later change copies the
    /// roster's own, not this one).
    pub fn shared(&self, id: &CombatantId) -> Option<Arc<Combatant>> {
        self.0.get(id).cloned()
    }

    /// One combatant, to change (copied first if shared).
    pub fn get_mut(&mut self, id: &CombatantId) -> Option<&mut Combatant> {
        self.0.get_mut(id).map(Arc::make_mut)
    }

    /// Adds or replaces a combatant.
    pub fn insert(&mut self, id: CombatantId, combatant: Combatant) {
        self.0.insert(id, Arc::new(combatant));
    }

    /// Takes a combatant out.
    pub fn remove(&mut self, id: &CombatantId) -> Option<Combatant> {
        self.0.remove(id).map(Arc::unwrap_or_clone)
    }

    /// Whether `id` is here.
    pub fn contains_key(&self, id: &CombatantId) -> bool {
        self.0.contains_key(id)
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is nobody.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::ops::Index<&CombatantId> for Roster {
    type Output = Combatant;

    fn index(&self, id: &CombatantId) -> &Combatant {
        &self.0[id]
    }
}

impl FromIterator<(CombatantId, Combatant)> for Roster {
    fn from_iter<I: IntoIterator<Item = (CombatantId, Combatant)>>(iter: I) -> Self {
        Roster(iter.into_iter().map(|(id, c)| (id, Arc::new(c))).collect())
    }
}
