//! The things an encounter is made of: sides, combatants with their stats and tracks, zones.

use crate::ids::{CombatantId, SideId, ZoneId};
use crate::space::grid::{Footprint, GridPos};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A side (faction) in the fight: the party, a warband, a third force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// Identifier, unique within the encounter.
    pub id: SideId,
    /// Name shown on the board and in the journal.
    pub name: String,
    /// Token colour as `#rrggbb`.
    pub colour: String,
    /// Whether this is the players' side (PCs are exempt from some rules, e.g. morale).
    pub party: bool,
}

/// A named number on a combatant (STR, DEX, armour, attack bonus...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stat {
    /// Name as the system spells it, e.g. `str`, `armor`.
    pub name: String,
    /// Current value.
    pub value: i64,
}

/// A number that goes down and up between bounds: HP, STR as health, Stress, Wound Points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Track {
    /// Name as the system spells it, e.g. `hp`.
    pub name: String,
    /// Current value; systems decide whether it may go below zero.
    pub value: i64,
    /// Maximum value.
    pub max: i64,
}

/// One fighter on the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Combatant {
    /// Identifier, unique within the encounter.
    pub id: CombatantId,
    /// Name shown on the token ("Goblin 3").
    pub name: String,
    /// The side it fights for.
    pub side: SideId,
    /// The zone it stands in; `None` while off the board (or on a grid encounter).
    pub zone: Option<ZoneId>,
    /// On a grid encounter, the square it stands on (its top-left one); `None` while off
    /// the grid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<GridPos>,
    /// Squares it takes on a side on a grid (1 medium, 2 large...).
    #[serde(default = "one_square", skip_serializing_if = "is_one_square")]
    pub size: u8,
    /// Fixed-ish numbers (ability scores, armour...), in display order.
    #[serde(default)]
    pub stats: Vec<Stat>,
    /// HP-like tracks, in display order.
    #[serde(default)]
    pub tracks: Vec<Track>,
    /// Conditions as short labels ("prone", "fleeing").
    #[serde(default)]
    pub conditions: BTreeSet<String>,
    /// Free notes of the GM.
    #[serde(default)]
    pub notes: String,
    /// The library entry it was made from, if any (e.g. `creature:42`).
    #[serde(default)]
    pub source: Option<String>,
    /// The system's stat block as JSON (weapons, features...), opaque to the core.
    #[serde(default)]
    pub block: super::Block,
}

fn one_square() -> u8 {
    1
}

fn is_one_square(size: &u8) -> bool {
    *size == 1
}

impl Combatant {
    /// Whether it stands on the board: in a zone or on a square.
    pub fn on_board(&self) -> bool {
        self.zone.is_some() || self.square.is_some()
    }

    /// Where it stands on the grid, if it does.
    pub fn footprint(&self) -> Option<Footprint> {
        self.square.map(|at| Footprint { at, size: self.size })
    }

    /// The value of a stat, if the combatant has it.
    pub fn stat(&self, name: &str) -> Option<i64> {
        self.stats.iter().find(|s| s.name == name).map(|s| s.value)
    }

    /// A track by name.
    pub fn track(&self, name: &str) -> Option<&Track> {
        self.tracks.iter().find(|t| t.name == name)
    }

    /// A combatant of `side` named `name` with nothing else: no place, stats, tracks,
    /// conditions or block. For tests that need one to stand somewhere or be out.
    #[cfg(test)]
    pub(crate) fn blank(id: CombatantId, name: &str, side: SideId) -> Self {
        Combatant {
            id,
            name: name.into(),
            side,
            zone: None,
            square: None,
            size: 1,
            stats: Vec::new(),
            tracks: Vec::new(),
            conditions: BTreeSet::new(),
            notes: String::new(),
            source: None,
            block: serde_json::json!({}).into(),
        }
    }

    /// Sets a stat, adding it at the end when missing.
    pub(crate) fn set_stat(&mut self, name: &str, value: i64) {
        match self.stats.iter_mut().find(|s| s.name == name) {
            Some(s) => s.value = value,
            None => self.stats.push(Stat { name: name.to_owned(), value }),
        }
    }

    /// A track by name, mutable; adds an empty one when missing.
    pub(crate) fn track_mut(&mut self, name: &str) -> &mut Track {
        if let Some(i) = self.tracks.iter().position(|t| t.name == name) {
            &mut self.tracks[i]
        } else {
            self.tracks.push(Track { name: name.to_owned(), value: 0, max: 0 });
            self.tracks.last_mut().expect("just pushed")
        }
    }
}

/// How a stat or track name reads to the GM, everywhere it is shown (card, library, journal):
/// short all-letter names are abbreviations and go in capitals (`hp` → `HP`, `str` → `STR`),
/// longer ones get a capital first letter (`stress` → `Stress`).
pub fn stat_label(name: &str) -> String {
    if (1..=3).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphabetic()) {
        return name.to_ascii_uppercase();
    }
    // "str mod", "agi damage": the abbreviation stays in capitals.
    if let Some((head, rest)) = name.split_once(' ')
        && (1..=3).contains(&head.len())
        && head.bytes().all(|b| b.is_ascii_alphabetic())
    {
        return format!("{} {rest}", head.to_ascii_uppercase());
    }
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Where a zone card sits on the board, in board units (logical pixels at 100 %).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct BoardRect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// A zone of the battlefield: a node of the zone graph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Zone {
    /// Identifier, unique within the encounter.
    pub id: ZoneId,
    /// Name ("Crypt entrance").
    pub name: String,
    /// How many combatants fit; `None` = no limit.
    #[serde(default)]
    pub capacity: Option<u32>,
    /// Terrain and conditions in the GM's words ("dark, knee-deep water").
    #[serde(default)]
    pub note: String,
    /// Zones one step away.
    #[serde(default)]
    pub adjacent: BTreeSet<ZoneId>,
    /// Position and size of the zone card on the board.
    #[serde(default)]
    pub rect: BoardRect,
}

#[cfg(test)]
mod tests {
    use super::stat_label;

    #[test]
    fn short_names_are_capitals_and_long_ones_capitalised() {
        assert_eq!(stat_label("hp"), "HP");
        assert_eq!(stat_label("str"), "STR");
        assert_eq!(stat_label("stress"), "Stress");
        assert_eq!(stat_label("wound points"), "Wound points");
        assert_eq!(stat_label("d12"), "D12");
        assert_eq!(stat_label("str mod"), "STR mod");
        assert_eq!(stat_label("agi damage"), "AGI damage");
        assert_eq!(stat_label("defense bonus"), "Defense bonus");
        assert_eq!(stat_label(""), "");
    }
}
