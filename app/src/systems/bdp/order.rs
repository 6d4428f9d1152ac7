//! Who goes first: quick turns before full turns; within a class, weapon length (closing in,
//! longer first: reach, d10, d8, d6; already engaged, shorter first); a tie between a player
//! character and the foes it faces is broken by the PC's DEX save. Attackers on one target
//! at the same moment share one place: they roll together and the highest die counts.

use super::block::{self, BdpBlock, Speed};
use super::model::{Declaration, Intent, TurnClass};
use crate::encounter::{Encounter, OrderEntry};
use crate::ids::{CombatantId, SideId};
use std::collections::BTreeMap;

/// Key of intentions that are not strikes: after the strikes of their class.
const NOT_A_STRIKE: u32 = 10;

/// The order of the round, and the ties still waiting for a DEX save.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Plan {
    /// The places, quick turns first.
    pub order: Vec<OrderEntry>,
    /// Player characters who must save to break a tie, with the foes they are tied with.
    pub pending: Vec<(CombatantId, Vec<CombatantId>)>,
}

/// One combatant's sort position.
#[derive(Debug, Clone, Copy)]
struct Place {
    id: CombatantId,
    class: TurnClass,
    key: u32,
    target: Option<CombatantId>,
    pc: bool,
    /// Its side, kept here: the groups compare sides pair by pair.
    side: SideId,
    what: Length,
}

/// What set a strike's place, for the order's reason: the weapon that counted and whether
/// it closes in. Words only when the order is written (the plan is worked out at every
/// step of a simulated fight).
#[derive(Debug, Clone, Copy)]
enum Length {
    /// Not a strike: no words.
    None,
    /// A strike with `weapon` (`None`: fists), closing in or engaged.
    Strike { weapon: Option<WeaponLength>, closing: bool },
}

/// The weapon that set a strike's place.
#[derive(Debug, Clone, Copy)]
enum WeaponLength {
    Reach,
    Die(u32),
}

impl Length {
    /// Appends ", d8, closing in" (nothing for a non-strike).
    fn push_words(self, out: &mut String) {
        let Length::Strike { weapon, closing } = self else { return };
        out.push_str(", ");
        match weapon {
            None => out.push_str("fists"),
            Some(WeaponLength::Reach) => out.push_str("reach"),
            Some(WeaponLength::Die(die)) => {
                use std::fmt::Write;
                let _ = write!(out, "d{die}");
            }
        }
        out.push_str(if closing { ", closing in" } else { ", engaged" });
    }
}

/// The weapon-length key of a declaration (smaller acts first) and what set it.
fn length(enc: &Encounter, id: CombatantId, d: &Declaration) -> (u32, Length) {
    let (Intent::Attack { target, arms, moving } | Intent::Gambit { target, arms, moving }) =
        &d.intent
    else {
        return (NOT_A_STRIKE, Length::None);
    };
    let Some(c) = enc.combatant(id) else { return (NOT_A_STRIKE, Length::None) };
    let traits = BdpBlock::of(c).ok().and_then(|b| b.strike_traits(arms).ok()).unwrap_or_default();
    let weapons = traits.iter().flatten();
    let close = enc.combatant(*target).is_some_and(|t| crate::reach::in_melee(enc, t, c));
    let closing = !close || *moving;
    // Length 0 (fast) to 3 (reach); a dual strike waits for its later weapon.
    let len = |w: &block::Traits| -> u32 {
        if w.reach && !d.no_reach {
            3
        } else {
            match w.speed {
                Speed::Fast => 0,
                Speed::Balanced => 1,
                Speed::Slow => 2,
            }
        }
    };
    let key = weapons.clone().map(|w| if closing { 3 - len(w) } else { len(w) }).max().unwrap_or(0);
    let longest = weapons.max_by_key(|w| if closing { 3 - len(w) } else { len(w) });
    let weapon = longest.map(|w| {
        if w.reach && !d.no_reach { WeaponLength::Reach } else { WeaponLength::Die(w.die) }
    });
    (key, Length::Strike { weapon, closing })
}

/// Works out the order from the declarations and the tie saves made so far.
pub(crate) fn plan(enc: &Encounter) -> Plan {
    plan_with(enc, true)
}

/// The ties still waiting for a DEX save: the plan without its order written out (asked at
/// every step while the order is set; the order's words are written once, when it is).
pub(crate) fn pending(enc: &Encounter) -> Vec<(CombatantId, Vec<CombatantId>)> {
    plan_with(enc, false).pending
}

fn plan_with(enc: &Encounter, write_order: bool) -> Plan {
    let mut places: Vec<Place> = Vec::new();
    for (id, d) in enc.bdp().declarations.iter() {
        let Some(c) = enc.combatant(*id) else { continue };
        if d.intent == Intent::Hold || super::declare::cannot_act(c).is_some() {
            continue;
        }
        let (key, what) = length(enc, *id, d);
        let target = match &d.intent {
            Intent::Attack { target, .. } | Intent::Gambit { target, .. } => Some(*target),
            _ => None,
        };
        places.push(Place {
            id: *id,
            class: d.class,
            key,
            target,
            pc: block::is_pc(enc, c),
            side: c.side,
            what,
        });
    }
    places.sort_by_key(|p| (p.class, p.key, p.id));
    let mut buckets: BTreeMap<(TurnClass, u32), Vec<Place>> = BTreeMap::new();
    for p in places {
        buckets.entry((p.class, p.key)).or_default().push(p);
    }
    let mut order = Vec::new();
    let mut pending = Vec::new();
    for ((class, _), bucket) in buckets {
        for group in components(&bucket) {
            place_group(enc, class, &group, write_order.then_some(&mut order), &mut pending);
        }
    }
    Plan { order, pending }
}

/// Splits a bucket into groups that face each other (one targets the other, or both the
/// same foe), in listing order.
fn components(bucket: &[Place]) -> Vec<Vec<Place>> {
    let n = bucket.len();
    let mut root: Vec<usize> = (0..n).collect();
    fn find(root: &mut [usize], i: usize) -> usize {
        let mut i = i;
        while root[i] != i {
            root[i] = root[root[i]];
            i = root[i];
        }
        i
    }
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&bucket[i], &bucket[j]);
            let facing = a.target == Some(b.id)
                || b.target == Some(a.id)
                || (a.target.is_some() && a.target == b.target);
            let sides_differ = a.side != b.side;
            if facing && (sides_differ || a.target == b.target) {
                let (ra, rb) = (find(&mut root, i), find(&mut root, j));
                root[ra.max(rb)] = ra.min(rb);
            }
        }
    }
    let mut groups: BTreeMap<usize, Vec<Place>> = BTreeMap::new();
    for (i, p) in bucket.iter().enumerate() {
        let r = find(&mut root, i);
        groups.entry(r).or_default().push(*p);
    }
    groups.into_values().collect()
}

/// Orders one group: PCs who won the tie, then the others, then PCs who lost it; attackers
/// on one target in the same run share a place.
fn place_group(
    enc: &Encounter,
    class: TurnClass,
    group: &[Place],
    order: Option<&mut Vec<OrderEntry>>,
    pending: &mut Vec<(CombatantId, Vec<CombatantId>)>,
) {
    let tied = group.iter().any(|p| p.pc) && group.iter().any(|p| !p.pc);
    // Places are small and copied: the filter keeps its own.
    let foes_of = |p: Place| group.iter().filter(move |o| !o.pc && o.side != p.side);
    let mut before = Vec::new();
    let mut middle = Vec::new();
    let mut after = Vec::new();
    for p in group {
        if !tied || !p.pc || foes_of(*p).next().is_none() {
            middle.push((*p, None));
            continue;
        }
        let foes = || foes_of(*p).map(|o| o.id).collect();
        match enc.bdp().ties.get(&p.id) {
            Some(true) => before.push((*p, Some("won the DEX save"))),
            Some(false) => after.push((*p, Some("lost the DEX save"))),
            None => {
                pending.push((p.id, foes()));
                before.push((*p, Some("tied: DEX save to come")));
            }
        }
    }
    let Some(order) = order else { return };
    for run in [before, middle, after] {
        let mut i = 0;
        while i < run.len() {
            let (first, note) = &run[i];
            let mut ids = vec![first.id];
            let mut j = i + 1;
            // Same target, same moment: one place, the highest die counts, player
            // characters as much as anyone.
            while j < run.len() && first.target.is_some() && run[j].0.target == first.target {
                ids.push(run[j].0.id);
                j += 1;
            }
            let mut reason = class.label().to_owned();
            first.what.push_words(&mut reason);
            if ids.len() > 1
                && let Some(t) = first.target
            {
                reason.push_str(", together on ");
                reason.push_str(&enc.name_of(t));
            }
            if let Some(note) = note {
                reason.push_str(", ");
                reason.push_str(note);
            }
            order.push(OrderEntry { combatants: ids, count: None, reason });
            i = j;
        }
    }
}
