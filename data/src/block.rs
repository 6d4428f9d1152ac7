//! The part of a stat block (or character sheet) every system shares, and turning a library
//! entry into a combatant to drop on the board.
//!
//! A block is a JSON object; Fray reads two keys and keeps the rest for the system:
//! `"stats": {"armor": 12, "attack": 3}` (numbers) and `"tracks": {"hp": 7}` (a full track)
//! or `"tracks": {"hp": {"value": 3, "max": 7}}`.

use crate::characters::Character;
use crate::creatures::Creature;
use fray_app::command::NewCombatant;
use fray_app::ids::SideId;
use serde_json::Value;

impl Creature {
    /// The creature as a combatant for `side`, its block carried along.
    pub fn to_combatant(&self, side: SideId) -> NewCombatant {
        new_combatant(&self.name, &self.block, side, format!("creature:{}", self.id.0))
    }
}

impl Character {
    /// The character as a combatant for `side`, its sheet carried along.
    pub fn to_combatant(&self, side: SideId) -> NewCombatant {
        new_combatant(&self.name, &self.sheet, side, format!("character:{}", self.id.0))
    }
}

/// A combatant named `name` with the stats and tracks of `block`.
pub fn new_combatant(name: &str, block: &Value, side: SideId, source: String) -> NewCombatant {
    NewCombatant {
        name: name.to_owned(),
        side,
        zone: None,
        square: None,
        stats: stats(block),
        tracks: tracks(block),
        conditions: Vec::new(),
        source: Some(source),
        block: block.clone(),
    }
}

/// The numeric `stats` of a block; other values are the system's business and skipped.
pub use fray_app::command::block_stats as stats;
/// The `tracks` of a block: a number is a full track, an object gives `value` and `max`.
pub use fray_app::command::block_tracks as tracks;

#[cfg(test)]
mod tests {
    use super::*;
    use fray_app::encounter::{Stat, Track};
    use serde_json::json;

    #[test]
    fn reads_stats_and_tracks() {
        let block = json!({
            "stats": {"armor": 12, "attack": 3, "style": "sneaky"},
            "tracks": {"hp": 7, "stress": {"value": 1, "max": 6}, "bad": "x"},
            "notes": "kept",
        });
        let c = new_combatant("Goblin", &block, SideId(1), "creature:1".into());
        assert_eq!(
            c.stats,
            [Stat { name: "armor".into(), value: 12 }, Stat { name: "attack".into(), value: 3 }]
        );
        assert_eq!(
            c.tracks,
            [
                Track { name: "hp".into(), value: 7, max: 7 },
                Track { name: "stress".into(), value: 1, max: 6 }
            ]
        );
        assert_eq!(c.block["notes"], "kept");
        assert_eq!(c.source.as_deref(), Some("creature:1"));
    }

    #[test]
    fn a_block_without_the_shared_keys_gives_none() {
        let c = new_combatant("Odd", &json!({}), SideId(1), "x".into());
        assert!(c.stats.is_empty() && c.tracks.is_empty());
    }
}
