//! The GM's edits of one kind each, drawn at random for [`Play::gm_edit`]: each draws its
//! picks in the order the one function did, so a seed plays as it always has.

use super::Play;
use super::edits::{CONDITIONS, TRAY_DICE};
use crate::command::Command;
use crate::dice::Dice;
use crate::encounter::{BoardRect, Combatant, Duration, Encounter};
use crate::ids::{CombatantId, ZoneId};

impl Play<'_> {
    /// A step, a placement (or off the board), a size, or an edit of the grid itself.
    pub(super) fn square_edit(&mut self, id: CombatantId) -> Command {
        match self.pick(8) {
            0..=2 => Command::Step { id, to: self.square() },
            3 | 4 => {
                Command::Place { id, at: if self.chance(15) { None } else { Some(self.square()) } }
            }
            5 => Command::SetSize { id, size: 1 + self.pick(3) as u8 },
            _ => self.grid_edit(),
        }
    }

    /// One of `c`'s tracks set or moved (now and then to a number no sheet has).
    pub(super) fn track_edit(&mut self, c: &Combatant) -> Command {
        let id = c.id;
        let t = &c.tracks[self.pick(c.tracks.len())];
        let track = t.name.clone();
        match self.pick(3) {
            0 if self.chance(5) => Command::SetTrack {
                id,
                track,
                value: [i64::MAX, i64::MIN, 1_000_000_000][self.pick(3)],
            },
            // Often exactly to the threshold (0): the procedure's rule for it follows the
            // edit, as after a blow.
            0 if self.chance(40) => Command::SetTrack { id, track, value: 0 },
            0 => Command::SetTrack {
                id,
                track,
                value: self.pick(t.max.clamp(0, 40) as usize + 3) as i64 - 1,
            },
            1 => Command::AdjustTrack { id, track, delta: -(1 + self.pick(6) as i64) },
            _ => Command::AdjustTrack { id, track, delta: 1 + self.pick(4) as i64 },
        }
    }

    /// One of `c`'s stats changed by a little.
    pub(super) fn stat_edit(&mut self, c: &Combatant) -> Command {
        let s = &c.stats[self.pick(c.stats.len())];
        // Now and then a number no sheet has: a typo must be refused or borne, never overflow.
        let value = if self.chance(5) {
            [i64::MAX, i64::MIN, 1_000_000_000, -1_000_000_000][self.pick(4)]
        } else {
            s.value.saturating_add(self.pick(5) as i64 - 2)
        };
        Command::SetStat { id: c.id, stat: s.name.clone(), value }
    }

    /// A condition taken off `c`, or put on it (for a while, timed by anyone in `ids`).
    pub(super) fn condition_edit(&mut self, c: &Combatant, ids: &[CombatantId]) -> Command {
        let id = c.id;
        if !c.conditions.is_empty() && self.chance(40) {
            let on: Vec<&String> = c.conditions.iter().collect();
            return Command::RemoveCondition { id, condition: on[self.pick(on.len())].clone() };
        }
        let condition = CONDITIONS[self.pick(CONDITIONS.len())];
        if self.chance(30) {
            let other = ids[self.pick(ids.len())];
            let duration = match self.pick(3) {
                0 => Duration::Rounds { rounds: 1 + self.pick(3) as u32 },
                1 => Duration::EndOfTurn { of: other },
                _ => Duration::StartOfTurn { of: other },
            };
            return Command::AddTimedCondition { id, condition: condition.into(), duration };
        }
        Command::AddCondition { id, condition: condition.into() }
    }

    /// The turn order, shuffled and cut short.
    pub(super) fn order_edit(&mut self, ids: &[CombatantId]) -> Command {
        let mut order = ids.to_vec();
        for i in (1..order.len()).rev() {
            let j = self.pick(i + 1);
            order.swap(i, j);
        }
        order.truncate(1 + self.pick(order.len()));
        Command::SetOrder { order }
    }

    /// What the table sees or rolls: a tray roll, who is shown, a note, harm, the player view.
    pub(super) fn table_edit(
        &mut self,
        enc: &Encounter,
        c: &Combatant,
        ids: &[CombatantId],
        zones: &[ZoneId],
    ) -> Command {
        let id = c.id;
        if self.chance(40) {
            return Command::Roll {
                // Every form of the notation, so odd dice meet every rule and the journal.
                dice: Dice::parse(TRAY_DICE[self.pick(TRAY_DICE.len())])
                    .expect("the tray's dice parse"),
                label: format!("{}'s check", c.name),
                roller: Some(id),
                secret: self.chance(30),
            };
        }
        if self.chance(30) {
            use crate::table_view::Shown;
            let shown = [None, Some(Shown::Hidden), Some(Shown::Anonymous), Some(Shown::Revealed)]
                [self.pick(4)];
            return Command::Show { id, shown };
        }
        if self.chance(30) {
            let notes = format!("GM-only note {} on {}", enc.next_id, c.name);
            return Command::SetNotes { id, notes };
        }
        if self.chance(30) {
            return self.harm(enc, ids, zones);
        }
        self.player_view(enc)
    }

    /// Zones joined or parted, one removed, or one added.
    pub(super) fn zone_edit(&mut self, enc: &Encounter, zones: &[ZoneId]) -> Command {
        if zones.len() > 1 && self.chance(30) {
            let a = zones[self.pick(zones.len())];
            let b = zones[self.pick(zones.len())];
            return if self.chance(50) {
                Command::DisconnectZones { a, b }
            } else {
                Command::ConnectZones { a, b }
            };
        }
        if self.chance(20) && !zones.is_empty() {
            return Command::RemoveZone { id: zones[self.pick(zones.len())] };
        }
        let n = enc.zones.len() as f32;
        Command::AddZone {
            name: format!("Zone {}", enc.next_id),
            capacity: Some(1 + self.pick(4) as u32),
            rect: BoardRect { x: 40.0 + 240.0 * n, y: 220.0, w: 200.0, h: 140.0 },
        }
    }
}
