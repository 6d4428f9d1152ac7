//! How an encounter is written and read: the fields in the order and with the keys they have
//! always had — the procedure's id first, as `system`, and its state among the fields under
//! its own key — so every database and journal of an earlier build loads unchanged. Reading
//! derives the procedure from `system` and refuses an id no procedure has.

use super::procedure::Stored as StoredState;
use super::{Encounter, EncounterTable, OrderEntry, ProcedureState, Roster, Side, Timer, Zone};
use crate::ids::{SideId, ZoneId};
use crate::space::grid::Grid;
use crate::table_view::TableState;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// An encounter as written.
#[derive(Serialize, Deserialize)]
pub(super) struct Stored {
    system: String,
    name: String,
    seed: u64,
    sides: Arc<BTreeMap<SideId, Side>>,
    combatants: Roster,
    zones: Arc<BTreeMap<ZoneId, Zone>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    grid: Option<Grid>,
    round: u32,
    phase: String,
    order: Arc<Vec<OrderEntry>>,
    turn: Option<usize>,
    settings: BTreeMap<String, serde_json::Value>,
    next_id: u32,
    #[serde(flatten)]
    procedure: StoredState,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tables: Vec<EncounterTable>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    timers: Vec<Timer>,
    #[serde(default, skip_serializing_if = "TableState::is_default")]
    table: TableState,
}

impl From<Encounter> for Stored {
    fn from(e: Encounter) -> Self {
        Stored {
            system: e.system_id().to_owned(),
            procedure: e.procedure.to_stored(),
            name: e.name,
            seed: e.seed,
            sides: e.sides,
            combatants: e.combatants,
            zones: e.zones,
            grid: e.grid,
            round: e.round,
            phase: e.phase,
            order: e.order,
            turn: e.turn,
            settings: e.settings,
            next_id: e.next_id,
            tables: e.tables,
            timers: e.timers,
            table: e.table,
        }
    }
}

impl TryFrom<Stored> for Encounter {
    type Error = String;

    fn try_from(s: Stored) -> Result<Self, String> {
        Ok(Encounter {
            procedure: ProcedureState::from_stored(&s.system, s.procedure)?,
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
            tables: s.tables,
            timers: s.timers,
            table: s.table,
        })
    }
}
