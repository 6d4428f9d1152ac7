//! The fold's figures by round: turns counted as each one starts acting, rounds spent down,
//! and everyone's health and each side's standing members at each round's end.

use super::Fold;
use crate::ids::{CombatantId, SideId};
use crate::system::presentation::{Standing, standing};
use std::collections::BTreeMap;

impl Fold {
    /// Counts a turn for whoever starts acting.
    pub(super) fn turns(&mut self) {
        let now = self.system.acting(&self.enc);
        for id in &now {
            if !self.acting.contains(id)
                && let Some(f) = self.at(*id)
            {
                f.turns += 1;
            }
        }
        self.acting = now;
    }

    /// A new round begins: the last one's figures are taken, and everyone down counts a round
    /// more down.
    pub(super) fn round_began(&mut self, round: u32) {
        self.acting.clear();
        self.snapshot(round.saturating_sub(1));
        let down: Vec<CombatantId> = self
            .enc
            .combatants
            .values()
            .filter(|c| {
                self.system.is_out(&self.enc, c)
                    && !matches!(
                        standing(c),
                        Standing::Dead | Standing::Fled | Standing::Surrendered
                    )
            })
            .map(|c| c.id)
            .collect();
        for id in down {
            if let Some(f) = self.at(id) {
                f.rounds_down += 1;
            }
        }
    }

    /// Everyone's health at the end of `round` (0: the start).
    pub(super) fn snapshot(&mut self, round: u32) {
        let values: Vec<(CombatantId, i64)> =
            self.enc.combatants.values().map(|c| (c.id, self.health(c).0)).collect();
        for (id, value) in values {
            if let Some(f) = self.at(id) {
                put(&mut f.health, round, value);
            }
        }
        let mut up: BTreeMap<SideId, u32> = self.enc.sides.keys().map(|s| (*s, 0)).collect();
        for c in self.enc.combatants.values() {
            if !self.system.is_out(&self.enc, c) {
                *up.entry(c.side).or_default() += 1;
            }
        }
        for (side, count) in up {
            put(self.standing.entry(side).or_default(), round, count);
        }
    }
}

/// Sets the figure of `round` in a series, replacing one already there for it.
fn put<T>(series: &mut Vec<(u32, T)>, round: u32, value: T) {
    match series.last_mut() {
        Some(last) if last.0 == round => last.1 = value,
        _ => series.push((round, value)),
    }
}
