//! The GM's edits random play makes between the rules' options: someone added from the
//! library, harm to several, conditions, stats and tracks, the grid's walls and ground, zones,
//! settings, what the players see.

use super::Play;
use crate::command::{Command, NewCombatant};
use crate::dice::Dice;
use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::space::grid::{GridPos, WallKind};

/// Conditions the GM may put on or take off, beyond those already on someone: the ones the
/// procedures read, and a few they do not.
pub(super) const CONDITIONS: &[&str] = &[
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
pub(super) const TRAY_DICE: &[&str] = &[
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
    pub(super) fn harm(
        &mut self,
        enc: &Encounter,
        ids: &[CombatantId],
        zones: &[ZoneId],
    ) -> Command {
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
    // dispatch: one arm a kind of edit, each drawn as before (the picks' order is the seed's).
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
            return self.square_edit(id);
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
            4..=6 if !c.tracks.is_empty() => self.track_edit(&c),
            7 if !c.stats.is_empty() => self.stat_edit(&c),
            8 | 9 => self.condition_edit(&c, &ids),
            10 => self.setting(),
            11 => self.order_edit(&ids),
            12 => self.table_edit(&enc, &c, &ids, &zones),
            13 => self.zone_edit(&enc, &zones),
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
    pub(super) fn player_view(&mut self, enc: &Encounter) -> Command {
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
