//! The GM's edits random play makes between the rules' options: someone added from the
//! library, harm to several, conditions, stats and tracks, the grid's walls and ground, zones,
//! settings, what the players see.

use super::Play;
use crate::command::{Command, NewCombatant};
use crate::dice::Dice;
use crate::encounter::{BoardRect, Encounter};
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::space::grid::{GridPos, WallKind};

/// Conditions the GM may put on or take off, beyond those already on someone: the ones the
/// procedures read, and a few they do not.
const CONDITIONS: &[&str] = &[
    "dead",
    "down",
    "fled",
    "prone",
    "dying",
    "incapacitated",
    "unconscious",
    "surrendered",
    "routed",
    "stunned",
    "surprised",
    "concealed",
    "retreating",
    "blinded",
];

/// What the GM rolls from the tray in random play: one of each form of the notation.
const TRAY_DICE: &[&str] = &[
    "d20",
    "2d6+1",
    "4d6dl1",
    "2d20kh1",
    "d6!",
    "d6!p",
    "4dF",
    "4d6r1",
    "3d8ro<3",
    "6d10>=8f1",
    "(d6+1)*2",
    "d20/2-d4",
    "{2d8,d12}kh1",
    "{3d6,2d8}>10f<4",
    "ceil(d20/3)+abs(d6-d6)",
    "2d6+1 [fire]",
    "d%",
];

impl Play<'_> {
    /// A square of the grid (the grid of [`Play::set_up`], a little beyond it now and then).
    pub(super) fn square(&mut self) -> GridPos {
        let (w, h) = self.state().grid.as_ref().map_or((12, 9), |g| (g.width, g.height));
        let spill = usize::from(self.chance(5));
        GridPos {
            x: self.pick(usize::from(w) + spill) as u16,
            y: self.pick(usize::from(h) + spill) as u16,
        }
    }

    /// One of the GM's edits of a grid: walls, doors, windows, difficult ground, its size.
    pub(super) fn grid_edit(&mut self) -> Command {
        let (w, h) = self.state().grid.as_ref().map_or((12, 9), |g| (g.width, g.height));
        match self.pick(10) {
            0..=5 => {
                let x = self.pick(usize::from(w) + 1) as u16;
                let y = self.pick(usize::from(h) + 1) as u16;
                let len = 1 + self.pick(4) as u16;
                let to = if self.chance(50) { (x + len, y) } else { (x, y + len) };
                let kind = match self.pick(6) {
                    0 => None,
                    1 => Some(WallKind::Window),
                    2 => Some(WallKind::Door { open: self.chance(50) }),
                    _ => Some(WallKind::Wall),
                };
                Command::SetWalls { from: (x, y), to, kind }
            }
            6 | 7 => Command::SetDifficult {
                at: self.square(),
                width: 1 + self.pick(3) as u16,
                height: 1 + self.pick(3) as u16,
                on: self.chance(70),
            },
            _ => Command::SetGrid {
                width: w.saturating_add(self.pick(3) as u16).saturating_sub(1).max(1),
                height: h.saturating_add(self.pick(3) as u16).saturating_sub(1).max(1),
                feet: 5,
            },
        }
    }

    /// Someone from the library (a character for the party) on a random side and zone.
    pub(super) fn add_command(&mut self, party: bool, count: u32) -> Command {
        let pool =
            match (party, self.library.characters.is_empty(), self.library.creatures.is_empty()) {
                (true, false, _) | (false, false, true) => &self.library.characters,
                (_, _, false) => &self.library.creatures,
                _ => {
                    let side = self.side(party);
                    return Command::AddCombatant {
                        combatant: Box::new(NewCombatant::named("Nobody", side)),
                        count,
                    };
                }
            };
        let mut combatant = pool[self.pick(pool.len())].clone();
        combatant.side = self.side(party);
        let zones: Vec<ZoneId> = self.state().zones.keys().copied().collect();
        combatant.zone = if zones.is_empty() || self.chance(10) {
            None
        } else {
            Some(zones[self.pick(zones.len())])
        };
        Command::AddCombatant { combatant: Box::new(combatant), count }
    }

    fn side(&mut self, party: bool) -> SideId {
        let sides: Vec<(SideId, bool)> =
            self.state().sides.values().map(|s| (s.id, s.party)).collect();
        let fitting: Vec<SideId> =
            sides.iter().filter(|(_, p)| *p == party).map(|(id, _)| *id).collect();
        let from =
            if fitting.is_empty() { sides.iter().map(|(id, _)| *id).collect() } else { fitting };
        from.get(self.pick(from.len())).copied().unwrap_or(SideId(0))
    }

    /// Harm to several at once: picked tokens, a zone or a radius on the grid (now and then
    /// one off the grid, or with nobody there), one roll for all or one each.
    fn harm(&mut self, enc: &Encounter, ids: &[CombatantId], zones: &[ZoneId]) -> Command {
        use crate::command::Targets;
        let targets = match self.pick(3) {
            0 if !zones.is_empty() => Targets::Zone { zone: zones[self.pick(zones.len())] },
            1 if enc.grid.is_some() => {
                let at = self.square();
                Targets::Radius { corner: (at.x, at.y), r: self.pick(4) as u16 }
            }
            _ => {
                let n = 1 + self.pick(ids.len().min(4));
                Targets::Picked { ids: (0..n).map(|_| ids[self.pick(ids.len())]).collect() }
            }
        };
        Command::Harm {
            targets,
            dice: Dice::parse(["d6", "2d6", "3d6", "d20"][self.pick(4)]).expect("dice parse"),
            label: "Blast".into(),
            each: self.chance(40),
        }
    }

    /// One of the GM's edits, on a random combatant, zone or setting.
    pub(super) fn gm_edit(&mut self) -> Command {
        let enc = self.state().clone();
        let ids: Vec<CombatantId> = enc.combatants.keys().copied().collect();
        let zones: Vec<ZoneId> = enc.zones.keys().copied().collect();
        let sides: Vec<SideId> = enc.sides.keys().copied().collect();
        if ids.is_empty() || self.chance(8) {
            let party = self.chance(40);
            let count = 1 + self.pick(3) as u32;
            return self.add_command(party, count);
        }
        let id = ids[self.pick(ids.len())];
        let c = enc.combatants[&id].clone();
        if enc.grid.is_some() && self.chance(40) {
            return match self.pick(8) {
                0..=2 => Command::Step { id, to: self.square() },
                3 | 4 => Command::Place {
                    id,
                    at: if self.chance(15) { None } else { Some(self.square()) },
                },
                5 => Command::SetSize { id, size: 1 + self.pick(3) as u8 },
                _ => self.grid_edit(),
            };
        }
        match self.pick(15) {
            0 => Command::RemoveCombatant { id },
            1 | 2 => {
                let to = if zones.is_empty() || self.chance(30) {
                    None
                } else {
                    Some(zones[self.pick(zones.len())])
                };
                Command::Move { id, to }
            }
            3 => Command::ChangeSide { id, side: sides[self.pick(sides.len())] },
            4..=6 if !c.tracks.is_empty() => {
                let t = &c.tracks[self.pick(c.tracks.len())];
                let track = t.name.clone();
                match self.pick(3) {
                    0 if self.chance(5) => Command::SetTrack {
                        id,
                        track,
                        value: [i64::MAX, i64::MIN, 1_000_000_000][self.pick(3)],
                    },
                    // Often exactly to the threshold (0): the procedure's rule for it follows
                    // the edit, as after a blow.
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
            7 if !c.stats.is_empty() => {
                let s = &c.stats[self.pick(c.stats.len())];
                // Now and then a number no sheet has: a typo must be refused or borne, never
                // overflow.
                let value = if self.chance(5) {
                    [i64::MAX, i64::MIN, 1_000_000_000, -1_000_000_000][self.pick(4)]
                } else {
                    s.value.saturating_add(self.pick(5) as i64 - 2)
                };
                Command::SetStat { id, stat: s.name.clone(), value }
            }
            8 | 9 => {
                let condition = if !c.conditions.is_empty() && self.chance(40) {
                    let on: Vec<&String> = c.conditions.iter().collect();
                    return Command::RemoveCondition {
                        id,
                        condition: on[self.pick(on.len())].clone(),
                    };
                } else {
                    CONDITIONS[self.pick(CONDITIONS.len())]
                };
                if self.chance(30) {
                    use crate::encounter::Duration;
                    let other = ids[self.pick(ids.len())];
                    let duration = match self.pick(3) {
                        0 => Duration::Rounds { rounds: 1 + self.pick(3) as u32 },
                        1 => Duration::EndOfTurn { of: other },
                        _ => Duration::StartOfTurn { of: other },
                    };
                    return Command::AddTimedCondition {
                        id,
                        condition: condition.into(),
                        duration,
                    };
                }
                Command::AddCondition { id, condition: condition.into() }
            }
            10 => self.setting(),
            11 => {
                let mut order = ids.clone();
                for i in (1..order.len()).rev() {
                    let j = self.pick(i + 1);
                    order.swap(i, j);
                }
                order.truncate(1 + self.pick(order.len()));
                Command::SetOrder { order }
            }
            12 if self.chance(40) => Command::Roll {
                // Every form of the notation, so odd dice meet every rule and the journal.
                dice: Dice::parse(TRAY_DICE[self.pick(TRAY_DICE.len())])
                    .expect("the tray's dice parse"),
                label: format!("{}'s check", c.name),
                roller: Some(id),
                secret: self.chance(30),
            },
            12 if self.chance(30) => {
                use crate::table_view::Shown;
                let shown =
                    [None, Some(Shown::Hidden), Some(Shown::Anonymous), Some(Shown::Revealed)]
                        [self.pick(4)];
                Command::Show { id, shown }
            }
            12 if self.chance(30) => Command::SetNotes {
                id,
                notes: format!("GM-only note {} on {}", enc.next_id, c.name),
            },
            12 if self.chance(30) => self.harm(&enc, &ids, &zones),
            12 => self.player_view(&enc),
            13 if zones.len() > 1 && self.chance(30) => {
                let a = zones[self.pick(zones.len())];
                let b = zones[self.pick(zones.len())];
                if self.chance(50) {
                    Command::DisconnectZones { a, b }
                } else {
                    Command::ConnectZones { a, b }
                }
            }
            13 if self.chance(20) && !zones.is_empty() => {
                Command::RemoveZone { id: zones[self.pick(zones.len())] }
            }
            13 => {
                let n = enc.zones.len() as f32;
                Command::AddZone {
                    name: format!("Zone {}", enc.next_id),
                    capacity: Some(1 + self.pick(4) as u32),
                    rect: BoardRect { x: 40.0 + 240.0 * n, y: 220.0, w: 200.0, h: 140.0 },
                }
            }
            _ => Command::RenameCombatant {
                id,
                name: format!(
                    "{} the {}",
                    c.name.split(" the ").next().unwrap_or("X"),
                    ["Bold", "Grim", "Quick"][self.pick(3)]
                ),
            },
        }
    }

    /// The player-view settings, changed at random (now and then to a scale out of range).
    fn player_view(&mut self, enc: &Encounter) -> Command {
        use crate::table_view::{Blackout, HealthShown, Shown};
        let mut view = enc.table.view.clone();
        match self.pick(7) {
            0 => view.new_foes = [Shown::Hidden, Shown::Anonymous, Shown::Revealed][self.pick(3)],
            1 => {
                let sides: Vec<_> = enc.sides.keys().copied().collect();
                if !sides.is_empty() {
                    let how = [HealthShown::Numbers, HealthShown::Words, HealthShown::Nothing]
                        [self.pick(3)];
                    view.set_health(sides[self.pick(sides.len())], how);
                }
            }
            2 => view.names = !view.names,
            3 => view.conditions = !view.conditions,
            4 => view.tags = !view.tags,
            5 => {
                view.blackout = match self.pick(3) {
                    0 => None,
                    1 => Some(Blackout::Colour { colour: "#000000".into() }),
                    _ => Some(Blackout::Colour { colour: "black".into() }),
                }
            }
            _ => {
                view.rotated = self.chance(50);
                view.scale_percent = [100, 150, 250, 1000][self.pick(4)];
            }
        }
        Command::SetPlayerView { view }
    }

    /// A rule setting of the system, changed to another value of its kind.
    fn setting(&mut self) -> Command {
        let specs = self.system.settings();
        if specs.is_empty() {
            return Command::SetSetting {
                key: "no-such-setting".into(),
                value: serde_json::Value::Bool(true),
            };
        }
        let spec = &specs[self.pick(specs.len())];
        let value = match &spec.default {
            _ if self.chance(10) => serde_json::Value::Null,
            serde_json::Value::Bool(_) => serde_json::Value::Bool(self.chance(50)),
            serde_json::Value::String(_) if !spec.choices.is_empty() => {
                serde_json::Value::String(spec.choices[self.pick(spec.choices.len())].0.into())
            }
            serde_json::Value::Number(n) => {
                let base = n.as_i64().unwrap_or(1);
                serde_json::json!(base + self.pick(3) as i64 - 1)
            }
            other => other.clone(),
        };
        Command::SetSetting { key: spec.key.into(), value }
    }
}
