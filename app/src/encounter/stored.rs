//! How an encounter is written and read: the fields in the order and with the keys they have
//! always had — the procedure's id first, as `system`, and its state among the fields under
//! its own key — so every database and journal of an earlier build loads unchanged. Reading
//! derives the procedure from `system` and refuses an id no procedure has.

use super::procedure::Stored as StoredState;
use super::{Encounter, EncounterTable, OrderEntry, ProcedureState, Roster, Side, Timer, Zone};
use crate::encounter::TableState;
use crate::ids::{SideId, SystemId, ZoneId};
use crate::space::grid::Grid;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// An encounter as written: its fields borrowed, in their order.
#[derive(Serialize)]
struct Written<'a> {
    system: SystemId,
    name: &'a str,
    seed: u64,
    sides: &'a BTreeMap<SideId, Side>,
    combatants: &'a Roster,
    zones: &'a BTreeMap<ZoneId, Zone>,
    #[serde(skip_serializing_if = "no_grid")]
    grid: &'a Option<Grid>,
    round: u32,
    phase: &'a str,
    order: &'a [OrderEntry],
    turn: Option<usize>,
    settings: &'a BTreeMap<String, serde_json::Value>,
    next_id: u32,
    #[serde(skip_serializing_if = "edition_zero")]
    rules: u32,
    #[serde(flatten)]
    procedure: StoredState<'a>,
    #[serde(skip_serializing_if = "none")]
    tables: &'a [EncounterTable],
    #[serde(skip_serializing_if = "none")]
    timers: &'a [Timer],
    #[serde(skip_serializing_if = "table_as_it_starts")]
    table: &'a TableState,
}

/// Whether the rules are the first edition (then not written: a fight begun before rules had
/// editions reads back as it was written).
fn edition_zero(rules: &u32) -> bool {
    *rules == 0
}

/// Whether there is no grid (then not written).
fn no_grid(grid: &&Option<Grid>) -> bool {
    grid.is_none()
}

/// Whether a list is empty (then not written).
fn none<T>(list: &&[T]) -> bool {
    list.is_empty()
}

/// Whether the table view is as it starts (then not written).
fn table_as_it_starts(table: &&TableState) -> bool {
    table.is_default()
}

impl Serialize for Encounter {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = self;
        Written {
            system: e.system_id(),
            name: &e.name,
            seed: e.seed,
            sides: &e.sides,
            combatants: &e.combatants,
            zones: &e.zones,
            grid: &e.grid,
            round: e.round,
            phase: &e.phase,
            order: &e.order,
            turn: e.turn,
            settings: &e.settings,
            next_id: e.next_id,
            rules: e.rules,
            procedure: e.procedure.to_stored(),
            tables: &e.tables,
            timers: &e.timers,
            table: &e.table,
        }
        .serialize(serializer)
    }
}

/// An encounter as read: every key no field has is kept aside, for the procedure's state
/// (the keys that are procedures' ids).
#[derive(Deserialize)]
pub(super) struct Stored {
    system: SystemId,
    name: String,
    seed: u64,
    sides: Arc<BTreeMap<SideId, Side>>,
    combatants: Roster,
    zones: Arc<BTreeMap<ZoneId, Zone>>,
    #[serde(default)]
    grid: Option<Grid>,
    round: u32,
    phase: String,
    order: Arc<Vec<OrderEntry>>,
    turn: Option<usize>,
    settings: Arc<BTreeMap<String, serde_json::Value>>,
    next_id: u32,
    #[serde(default)]
    rules: u32,
    #[serde(flatten)]
    procedure: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    tables: Vec<EncounterTable>,
    #[serde(default)]
    timers: Vec<Timer>,
    #[serde(default)]
    table: TableState,
}

impl TryFrom<Stored> for Encounter {
    type Error = String;

    fn try_from(s: Stored) -> Result<Self, String> {
        let procedure = ProcedureState::from_stored(s.system, s.procedure)?;
        // The rules match on the procedure's steps: a phase it does not have is refused here,
        // never read as "before the fight".
        if !s.phase.is_empty() && !procedure.kind().has_phase(&s.phase) {
            return Err(format!(
                "the encounter is at phase '{}', which '{}' does not have",
                s.phase, s.system
            ));
        }
        Ok(Encounter {
            procedure,
            name: s.name,
            seed: s.seed,
            sides: s.sides,
            combatants: s.combatants,
            zones: s.zones,
            grid: s.grid,
            round: s.round,
            phase: s.phase,
            order: s.order,
            turn: s.turn,
            settings: s.settings,
            next_id: s.next_id,
            rules: s.rules,
            tables: s.tables,
            timers: s.timers,
            table: s.table,
            applied: Default::default(),
            words: Default::default(),
        })
    }
}
