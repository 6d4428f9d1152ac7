//! The combatants of an encounter, each shared until it changes: a copy of the encounter
//! (the scratch copy every command's handling works on, a snapshot, a simulated fight)
//! shares the list and every combatant it does not change; changing one copies the list (a
//! counter per entry) and that one combatant.
//! Reading is as through a map of combatants; the JSON is the same.

use super::Combatant;
use crate::ids::CombatantId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Combatants by id, in id order (the order they were added).
///
/// The list is shared between an encounter and its copies until one of them changes it, as
/// each combatant is: a command works on a copy of the encounter, and most commands change
/// nobody, so copying (and dropping) the copy costs two counters, not a tree of ten entries.
/// The first change copies the list's entries (one counter each), then the combatant.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Roster(Arc<BTreeMap<CombatantId, Arc<Combatant>>>);

impl Roster {
    /// An empty roster.
    pub fn new() -> Self {
        Roster::default()
    }

    /// The combatants in id order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Combatant> + Clone {
        self.0.values().map(|c| &**c)
    }

    /// The combatants in id order, to change (each copied first if shared).
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Combatant> {
        Arc::make_mut(&mut self.0).values_mut().map(Arc::make_mut)
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
        // Shared: look first, so nobody by that id copies nothing. Not shared (a long fold,
        // after its first change): one search, not two.
        if Arc::get_mut(&mut self.0).is_none() && !self.0.contains_key(id) {
            return None;
        }
        Arc::make_mut(&mut self.0).get_mut(id).map(Arc::make_mut)
    }

    /// Adds or replaces a combatant.
    pub fn insert(&mut self, id: CombatantId, combatant: Combatant) {
        Arc::make_mut(&mut self.0).insert(id, Arc::new(combatant));
    }

    /// Takes a combatant out.
    pub fn remove(&mut self, id: &CombatantId) -> Option<Combatant> {
        if !self.0.contains_key(id) {
            return None;
        }
        Arc::make_mut(&mut self.0).remove(id).map(Arc::unwrap_or_clone)
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
        Roster(Arc::new(iter.into_iter().map(|(id, c)| (id, Arc::new(c))).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::SideId;

    fn fighter(id: u32, name: &str) -> Combatant {
        Combatant::blank(CombatantId(id), name, SideId(1))
    }

    fn two() -> Roster {
        [(CombatantId(1), fighter(1, "Ash")), (CombatantId(2), fighter(2, "Birch"))]
            .into_iter()
            .collect()
    }

    /// A copy shares the list until one of them changes a combatant; then the other keeps
    /// what it had, and the combatant nobody changed is still shared.
    #[test]
    fn a_copy_shares_the_list_until_one_changes() {
        let original = two();
        let mut copy = original.clone();
        assert!(Arc::ptr_eq(&original.0, &copy.0));

        copy.get_mut(&CombatantId(1)).expect("Ash is here").name = "Ash the Bold".into();
        assert!(!Arc::ptr_eq(&original.0, &copy.0));
        assert_eq!(original[&CombatantId(1)].name, "Ash");
        assert_eq!(copy[&CombatantId(1)].name, "Ash the Bold");
        assert!(Arc::ptr_eq(&original.0[&CombatantId(2)], &copy.0[&CombatantId(2)]));
    }

    /// Asking to change, or take out, someone who is not there copies nothing.
    #[test]
    fn nobody_by_that_id_copies_nothing() {
        let original = two();
        let mut copy = original.clone();
        assert!(copy.get_mut(&CombatantId(9)).is_none());
        assert!(copy.remove(&CombatantId(9)).is_none());
        assert!(Arc::ptr_eq(&original.0, &copy.0));

        assert_eq!(copy.remove(&CombatantId(2)).map(|c| c.name), Some("Birch".into()));
        assert_eq!((original.len(), copy.len()), (2, 1));
        copy.insert(CombatantId(3), fighter(3, "Cedar"));
        assert!(!original.contains_key(&CombatantId(3)));
    }

    /// The JSON is a map of combatants by id, as before the list was shared.
    #[test]
    fn the_json_is_a_map_by_id() {
        let json = serde_json::to_value(two()).expect("writes");
        assert_eq!(json["1"]["name"], "Ash");
        assert_eq!(json["2"]["name"], "Birch");
        let back: Roster = serde_json::from_value(json).expect("reads");
        assert_eq!(back, two());
    }
}
