//! `Encounter::apply`: the only place state changes. It never fails; an event about something
//! that no longer exists is ignored, so a journal always folds. Beside the events it folds
//! (the aggregate's apply sits with its events; the encounter below knows neither).

use crate::encounter::Encounter;
use crate::encounter::table::RECENT;
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, ZoneId};
use crate::space::grid::Grid;
use std::sync::Arc;

/// Whether an event's roll or ruling goes into the table's recent ones (see [`RECENT`]): in a
/// batch, only the newest of them stay, and the older ones need not go in to fall off again.
#[derive(Clone, Copy)]
struct Keep {
    roll: bool,
    ruling: bool,
}

impl Encounter {
    /// Applies one event to the state.
    pub fn apply(&mut self, event: &Event) {
        self.apply_keeping(event, Keep { roll: true, ruling: true });
    }

    /// Applies one event, its roll or ruling kept among the recent ones as `keep` says.
    // dispatch: each family of events is folded by its own function below
    fn apply_keeping(&mut self, event: &Event, keep: Keep) {
        self.applied.0 += 1;
        match &event.kind {
            EventKind::SideAdded { .. }
            | EventKind::CombatantAdded { .. }
            | EventKind::CombatantRemoved { .. }
            | EventKind::CombatantRenamed { .. }
            | EventKind::SideChanged { .. } => self.apply_roster(event),
            EventKind::ZoneAdded { .. }
            | EventKind::ZoneEdited { .. }
            | EventKind::ZonePlaced { .. }
            | EventKind::ZoneRemoved { .. }
            | EventKind::ZonesConnected { .. }
            | EventKind::ZonesDisconnected { .. } => self.apply_zones(event),
            EventKind::Moved { .. }
            | EventKind::GridSet { .. }
            | EventKind::WallsSet { .. }
            | EventKind::MapSet { .. }
            | EventKind::BoardSet { .. }
            | EventKind::DifficultSet { .. }
            | EventKind::Placed { .. }
            | EventKind::SizeSet { .. } => self.apply_board(event),
            EventKind::StatSet { .. }
            | EventKind::TrackSet { .. }
            | EventKind::TrackMaxSet { .. }
            | EventKind::ConditionAdded { .. }
            | EventKind::ConditionRemoved { .. }
            | EventKind::TimerSet { .. }
            | EventKind::TimerEnded { .. }
            | EventKind::NotesSet { .. } => self.apply_sheets(event),
            EventKind::Rolled { .. }
            | EventKind::Ruling { .. }
            | EventKind::Narration { .. }
            | EventKind::PlayerViewSet { .. }
            | EventKind::ShownSet { .. }
            | EventKind::TablesLoaded { .. } => self.apply_table(event, keep),
            EventKind::OrderSet { .. }
            | EventKind::TurnStarted { .. }
            | EventKind::RoundStarted { .. }
            | EventKind::PhaseEntered { .. }
            | EventKind::SettingChanged { .. } => self.apply_turns(event),
            // A procedure's own fact: its state takes it.
            EventKind::Own(own) => self.procedure.apply_own(own),
        }
        self.meet(event);
    }

    /// A foe hidden until it acts shows once the rules deal with it in the fight: a ruling that
    /// names it (the party's blow on it, hit or miss), a harm or a condition on it. The players
    /// saw that happen at the table; the TV and their journal follow; a procedure's own fact
    /// shows whom the procedure says it brings before the players (`Rules::meets`: never a
    /// declaration it keeps from them). The GM's own hand (`core.*`: edits, overrides) reveals
    /// nobody.
    fn meet(&mut self, event: &Event) {
        // Everyone met (most of a long fight) is asked first: it reads no more of the event.
        if self.table.acted.len() >= self.combatants.len() || event.rule.starts_with("core.") {
            return;
        }
        match &event.kind {
            EventKind::Ruling { text } => {
                let named: Vec<CombatantId> = self
                    .combatants
                    .values()
                    .filter(|c| !self.table.acted.contains(&c.id) && names(text, &c.name))
                    .map(|c| c.id)
                    .collect();
                if !named.is_empty() {
                    Arc::make_mut(&mut self.table.acted).extend(named);
                }
            }
            EventKind::Own(_) => {
                let mut met = Vec::new();
                self.system().meets(self, event, &mut met);
                met.retain(|id| !self.table.acted.contains(id) && self.combatants.contains_key(id));
                if !met.is_empty() {
                    Arc::make_mut(&mut self.table.acted).extend(met);
                }
            }
            EventKind::TrackSet { id, .. }
            | EventKind::StatSet { id, .. }
            | EventKind::ConditionAdded { id, .. }
            | EventKind::ConditionRemoved { id, .. }
                if !self.table.acted.contains(id) && self.combatants.contains_key(id) =>
            {
                Arc::make_mut(&mut self.table.acted).insert(*id);
            }
            _ => {}
        }
    }

    /// Sides and combatants joining, leaving, renamed, changing side.
    fn apply_roster(&mut self, event: &Event) {
        match &event.kind {
            EventKind::SideAdded { side } => {
                self.bump_id(side.id.0);
                Arc::make_mut(&mut self.sides).insert(side.id, side.clone());
            }
            EventKind::CombatantAdded { combatant } => {
                self.bump_id(combatant.id.0);
                self.combatants.insert(combatant.id, combatant.clone());
            }
            EventKind::CombatantRemoved { id, .. } => {
                self.combatants.remove(id);
                if self.table.shown.contains_key(id) {
                    Arc::make_mut(&mut self.table.shown).remove(id);
                }
                if self.table.acted.contains(id) {
                    Arc::make_mut(&mut self.table.acted).remove(id);
                }
                self.timers.retain(|t| t.id != *id);
                for entry in Arc::make_mut(&mut self.order).iter_mut() {
                    entry.combatants.retain(|c| c != id);
                }
            }
            EventKind::CombatantRenamed { id, name } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.name.clone_from(name);
                }
            }
            EventKind::SideChanged { id, side } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.side = *side;
                }
            }
            // The other events are folded by their own family (see `apply`).
            _ => {}
        }
    }

    /// The zones: added, edited, placed, removed, linked.
    fn apply_zones(&mut self, event: &Event) {
        match &event.kind {
            EventKind::ZoneAdded { zone } => {
                self.bump_id(zone.id.0);
                Arc::make_mut(&mut self.zones).insert(zone.id, zone.clone());
            }
            EventKind::ZoneEdited { id, name, capacity, note } => {
                if let Some(z) = Arc::make_mut(&mut self.zones).get_mut(id) {
                    z.name.clone_from(name);
                    z.capacity = *capacity;
                    z.note.clone_from(note);
                }
            }
            EventKind::ZonePlaced { id, rect } => {
                if let Some(z) = Arc::make_mut(&mut self.zones).get_mut(id) {
                    z.rect = *rect;
                }
            }
            EventKind::ZoneRemoved { id, .. } => {
                let zones = Arc::make_mut(&mut self.zones);
                zones.remove(id);
                for z in zones.values_mut() {
                    z.adjacent.remove(id);
                }
                // Only those in the zone change (and so stop sharing with earlier copies).
                let inside: Vec<crate::ids::CombatantId> = self
                    .combatants
                    .values()
                    .filter(|c| c.zone == Some(*id))
                    .map(|c| c.id)
                    .collect();
                for c in &inside {
                    if let Some(c) = self.combatants.get_mut(c) {
                        c.zone = None;
                    }
                }
            }
            EventKind::ZonesConnected { a, b } => self.link(*a, *b, true),
            EventKind::ZonesDisconnected { a, b } => self.link(*a, *b, false),
            // The other events are folded by their own family (see `apply`).
            _ => {}
        }
    }

    /// The board: the grid, its walls, map and difficult squares, and where combatants stand.
    fn apply_board(&mut self, event: &Event) {
        match &event.kind {
            EventKind::Moved { id, to, .. } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.zone = *to;
                }
            }
            EventKind::GridSet { width, height, feet } => {
                let grid = self.grid.get_or_insert_with(|| Grid::new(*width, *height, *feet));
                (grid.width, grid.height, grid.feet) = (*width, *height, *feet);
                // What no longer lies on the grid goes with the squares it stood on.
                let on_grid = Grid::new(*width, *height, *feet);
                grid.walls.retain(|w| on_grid.has_edge(w.edge));
                grid.difficult.retain(|p| p.x < *width && p.y < *height);
            }
            EventKind::WallsSet { edges, kind } => {
                if let Some(grid) = &mut self.grid {
                    for edge in edges {
                        grid.set_wall(*edge, *kind);
                    }
                }
            }
            EventKind::MapSet { map } => {
                if let Some(grid) = &mut self.grid {
                    grid.map = map.clone();
                }
            }
            EventKind::BoardSet { grid } => self.grid = Some(grid.clone()),
            EventKind::DifficultSet { squares, on } => {
                if let Some(grid) = &mut self.grid {
                    for p in squares {
                        grid.set_difficult(*p, *on);
                    }
                }
            }
            EventKind::Placed { id, to, .. } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.square = *to;
                }
            }
            EventKind::SizeSet { id, size } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.size = *size;
                }
            }
            // The other events are folded by their own family (see `apply`).
            _ => {}
        }
    }

    /// A combatant's sheet: stats, tracks, conditions, timers, notes.
    fn apply_sheets(&mut self, event: &Event) {
        match &event.kind {
            EventKind::StatSet { id, stat, to, .. } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.set_stat(stat, *to);
                }
            }
            EventKind::TrackSet { id, track, to, .. } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.track_mut(track).value = *to;
                }
            }
            EventKind::TrackMaxSet { id, track, max } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.track_mut(track).max = *max;
                }
            }
            EventKind::ConditionAdded { id, condition } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.conditions.insert(condition.clone());
                }
            }
            EventKind::ConditionRemoved { id, condition } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.conditions.remove(condition);
                }
                // A condition taken off ends its timer with it.
                self.timers.retain(|t| !(t.id == *id && t.condition == *condition));
            }
            EventKind::TimerSet { timer } => {
                self.timers.retain(|t| !(t.id == timer.id && t.condition == timer.condition));
                if self.combatants.contains_key(&timer.id) {
                    self.timers.push(timer.clone());
                }
            }
            EventKind::TimerEnded { id, condition } => {
                self.timers.retain(|t| !(t.id == *id && t.condition == *condition));
            }
            EventKind::NotesSet { id, notes } => {
                if let Some(c) = self.combatants.get_mut(id) {
                    c.notes.clone_from(notes);
                }
            }
            // The other events are folded by their own family (see `apply`).
            _ => {}
        }
    }

    /// What the table sees and keeps: rolls, rulings, the player view, who is shown, the tables.
    fn apply_table(&mut self, event: &Event, keep: Keep) {
        match &event.kind {
            EventKind::Rolled { roll, secret } => {
                if keep.roll {
                    self.table.keep_roll(roll, *secret);
                }
                // One who rolls has acted: a foe hidden until it acts shows from now on.
                if let Some(id) = event.actor
                    && !self.table.acted.contains(&id)
                    && self.combatants.contains_key(&id)
                {
                    Arc::make_mut(&mut self.table.acted).insert(id);
                }
            }
            EventKind::Ruling { text } if keep.ruling => self.table.keep_ruling(text),
            EventKind::Ruling { .. } => {}
            EventKind::Narration { .. } => {}
            EventKind::PlayerViewSet { view } => self.table.view.clone_from(view),
            EventKind::ShownSet { id, shown: Some(s) } if self.combatants.contains_key(id) => {
                Arc::make_mut(&mut self.table.shown).insert(*id, *s);
            }
            EventKind::ShownSet { id, shown: None } if self.table.shown.contains_key(id) => {
                Arc::make_mut(&mut self.table.shown).remove(id);
            }
            EventKind::TablesLoaded { tables } => self.tables.clone_from(tables),
            // The other events are folded by their own family (see `apply`).
            _ => {}
        }
    }

    /// The order, turns, rounds, phases and settings.
    fn apply_turns(&mut self, event: &Event) {
        match &event.kind {
            EventKind::OrderSet { order } => {
                self.order = Arc::new(order.clone());
                self.turn = None;
            }
            EventKind::TurnStarted { index } => {
                self.turn = *index;
                if let Some(place) = index.and_then(|i| self.order.get(i))
                    && place.combatants.iter().any(|c| !self.table.acted.contains(c))
                {
                    Arc::make_mut(&mut self.table.acted).extend(place.combatants.iter().copied());
                }
            }
            EventKind::RoundStarted { round } => {
                self.round = *round;
                self.turn = None;
            }
            EventKind::PhaseEntered { phase } => self.phase.clone_from(phase),
            EventKind::SettingChanged { key, value } => {
                if value.is_null() {
                    Arc::make_mut(&mut self.settings).remove(key);
                } else {
                    Arc::make_mut(&mut self.settings).insert(key.clone(), value.clone());
                }
            }
            // The other events are folded by their own family (see `apply`).
            _ => {}
        }
    }

    /// Applies events in order: the same state as applying each, but the table's recent rolls
    /// and rulings take only the last [`RECENT`] of each in `events` (the older would fall off
    /// again before the end). A long fold (undo, a journal opened, replay's check) thus never
    /// touches the rolls it would let go, each one a cache miss in a long history.
    pub fn apply_all(&mut self, events: &[Event]) {
        let first_roll = newest(events, |e| matches!(e.kind, EventKind::Rolled { .. }));
        let first_ruling = newest(events, |e| matches!(e.kind, EventKind::Ruling { .. }));
        for (i, e) in events.iter().enumerate() {
            self.apply_keeping(e, Keep { roll: i >= first_roll, ruling: i >= first_ruling });
        }
    }

    fn bump_id(&mut self, used: u32) {
        self.next_id = self.next_id.max(used + 1);
    }

    fn link(&mut self, a: ZoneId, b: ZoneId, on: bool) {
        // Adjacency is symmetric and only between zones that both exist.
        if a == b || !self.zones.contains_key(&a) || !self.zones.contains_key(&b) {
            return;
        }
        for (x, y) in [(a, b), (b, a)] {
            if let Some(z) = Arc::make_mut(&mut self.zones).get_mut(&x) {
                if on {
                    z.adjacent.insert(y);
                } else {
                    z.adjacent.remove(&y);
                }
            }
        }
    }
}

/// The index from which `events` hold only the last [`RECENT`] that are `of_kind` (0 when
/// they hold no more than that).
fn newest(events: &[Event], of_kind: impl Fn(&Event) -> bool) -> usize {
    let mut seen = 0;
    for (i, e) in events.iter().enumerate().rev() {
        if of_kind(e) {
            seen += 1;
            if seen == RECENT {
                return i;
            }
        }
    }
    0
}

/// Whether `text` names `name` as a whole ("Goblin 1" is not named in "Goblin 10's axe").
fn names(text: &str, name: &str) -> bool {
    let name = name.trim();
    !name.is_empty()
        && text.match_indices(name).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn a_ruling_names_a_combatant_only_as_a_whole_word() {
        assert!(names("Ada's longsword on Goblin 1: 4 to HP", "Goblin 1"));
        assert!(names("Goblin 1", " Goblin 1 "));
        assert!(!names("Ada's longsword on Goblin 10: 4 to HP", "Goblin 1"));
        assert!(!names("Bramble wakes", "Bram"));
        assert!(names("Å on Ørn, then Ørn again", "Ørn"));
        assert!(!names("anything", "  "));
    }
}
