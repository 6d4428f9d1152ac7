//! Commands: what the GM asks for. A system checks a command against the rules and turns it
//! into events, or refuses it with a reason.

use crate::dice::Dice;
use crate::encounter::{BoardRect, EncounterTable, Stat, Track};
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::own::Own;
use crate::space::grid::{BattleMap, Grid, GridPos, WallKind};
use serde::{Deserialize, Serialize};

/// A combatant to add, as the library or the quick-add field describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewCombatant {
    /// Name; with `count > 1` it is numbered ("Goblin 1", "Goblin 2"...).
    pub name: String,
    /// The side it fights for.
    pub side: SideId,
    /// Where it starts.
    #[serde(default)]
    pub zone: Option<ZoneId>,
    /// On a grid, the square it is dropped on: it (and each of `count`) takes the nearest
    /// free square from there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<GridPos>,
    /// Its stats.
    #[serde(default)]
    pub stats: Vec<Stat>,
    /// Its tracks; they start full unless a value is given.
    #[serde(default)]
    pub tracks: Vec<Track>,
    /// Conditions it starts with.
    #[serde(default)]
    pub conditions: Vec<String>,
    /// The library entry it comes from.
    #[serde(default)]
    pub source: Option<String>,
    /// The system's stat block (opaque to the core).
    #[serde(default)]
    pub block: serde_json::Value,
}

impl NewCombatant {
    /// A bare combatant: a name and a side, nothing else (quick add, tests).
    pub fn named(name: impl Into<String>, side: SideId) -> Self {
        NewCombatant {
            name: name.into(),
            side,
            zone: None,
            square: None,
            stats: Vec::new(),
            tracks: Vec::new(),
            conditions: Vec::new(),
            source: None,
            block: serde_json::Value::Null,
        }
    }
}

/// The numeric `stats` of a stat block (`"stats": {"armor": 12}`); other values are the
/// system's business and skipped.
pub fn block_stats(block: &serde_json::Value) -> Vec<Stat> {
    let Some(stats) = block.get("stats").and_then(serde_json::Value::as_object) else {
        return Vec::new();
    };
    stats
        .iter()
        .filter_map(|(name, v)| Some(Stat { name: name.clone(), value: v.as_i64()? }))
        .collect()
}

/// The `tracks` of a stat block: a number is a full track, an object gives `value` and `max`.
pub fn block_tracks(block: &serde_json::Value) -> Vec<Track> {
    use serde_json::Value;
    let Some(tracks) = block.get("tracks").and_then(Value::as_object) else { return Vec::new() };
    tracks
        .iter()
        .filter_map(|(name, v)| {
            let (value, max) = match v {
                Value::Object(t) => {
                    let max = t.get("max").and_then(Value::as_i64)?;
                    (t.get("value").and_then(Value::as_i64).unwrap_or(max), max)
                }
                v => (v.as_i64()?, v.as_i64()?),
            };
            Some(Track { name: name.clone(), value, max })
        })
        .collect()
}

/// Everything the GM can ask of an encounter. Overrides (set a stat, move anyone, reorder)
/// are commands too, so they are journaled and undoable like the rest.
///
/// A procedure's own commands sit in [`Command::Own`], written `{"type": "<id>", …}`
/// like the rest: the derived reading and writing below are for the core's variants,
/// and the impls at the end of the file send a procedure's to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self", tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Add a side.
    AddSide {
        /// Its name.
        name: String,
        /// Token colour `#rrggbb`.
        colour: String,
        /// Whether it is the players' side.
        party: bool,
    },
    /// Add one or several combatants.
    AddCombatant {
        /// What to add (boxed: it is large, and every command, option and journal line
        /// would otherwise be as large as it).
        combatant: Box<NewCombatant>,
        /// How many; 1 keeps the name as it is.
        count: u32,
    },
    /// Remove a combatant from the encounter.
    RemoveCombatant {
        /// Who.
        id: CombatantId,
    },
    /// Rename a combatant.
    RenameCombatant {
        /// Who.
        id: CombatantId,
        /// The new name.
        name: String,
    },
    /// Put a combatant on another side.
    ChangeSide {
        /// Who.
        id: CombatantId,
        /// The new side.
        side: SideId,
    },
    /// Add a zone.
    AddZone {
        /// Its name.
        name: String,
        /// Capacity, if limited.
        capacity: Option<u32>,
        /// Where its card goes.
        rect: BoardRect,
    },
    /// Change a zone's name, capacity or note.
    EditZone {
        /// Which zone.
        id: ZoneId,
        /// New name.
        name: String,
        /// New capacity.
        capacity: Option<u32>,
        /// New note.
        note: String,
    },
    /// Move or resize a zone card.
    PlaceZone {
        /// Which zone.
        id: ZoneId,
        /// New position and size.
        rect: BoardRect,
    },
    /// Remove a zone.
    RemoveZone {
        /// Which zone.
        id: ZoneId,
    },
    /// Make two zones adjacent.
    ConnectZones {
        /// One end.
        a: ZoneId,
        /// The other end.
        b: ZoneId,
    },
    /// Make two zones no longer adjacent.
    DisconnectZones {
        /// One end.
        a: ZoneId,
        /// The other end.
        b: ZoneId,
    },
    /// Lay the board out as a grid of `width` × `height` squares of `feet` each (or resize
    /// it). Only on an encounter without zones, of a procedure fought on a grid.
    SetGrid {
        /// Squares across.
        width: u16,
        /// Squares down.
        height: u16,
        /// Feet a square measures.
        feet: u16,
    },
    /// Put a wall, door or window on a straight run of grid edges from corner `from` to
    /// corner `to`, or clear them (`kind: None`).
    SetWalls {
        /// One end (a corner of the grid, `(x, y)`).
        from: (u16, u16),
        /// The other end, on the same row or column of corners.
        to: (u16, u16),
        /// What to put there; `None` clears.
        kind: Option<WallKind>,
    },
    /// Lay a battle map under the grid (or take it away: `None`).
    SetMap {
        /// The image's key, scale and place.
        map: Option<BattleMap>,
    },
    /// Replace the whole grid at once (an imported map with its walls and doors): one command,
    /// so one undo takes it all back.
    SetBoard {
        /// The new grid.
        grid: Grid,
    },
    /// Mark or clear a block of difficult squares.
    SetDifficult {
        /// Its top-left square.
        at: GridPos,
        /// Squares across.
        width: u16,
        /// Squares down.
        height: u16,
        /// Difficult (`true`) or clear.
        on: bool,
    },
    /// Move a combatant on the grid along the cheapest legal way to `to`, within its
    /// allowance (its `move` stat in feet, when it has one).
    Step {
        /// Who.
        id: CombatantId,
        /// The square its top-left ends on.
        to: GridPos,
    },
    /// Put a combatant on a square of the grid, or off it (`None`): the GM's placement, no
    /// path needed, but never onto someone or into a wall.
    Place {
        /// Who.
        id: CombatantId,
        /// Its top-left square.
        at: Option<GridPos>,
    },
    /// How many squares on a side a combatant takes on the grid.
    SetSize {
        /// Who.
        id: CombatantId,
        /// 1 (medium) to 4.
        size: u8,
    },
    /// Move a combatant to a zone (`None` = off the board). The system checks capacity.
    Move {
        /// Who.
        id: CombatantId,
        /// Where to.
        to: Option<ZoneId>,
    },
    /// Set a stat (a GM override).
    SetStat {
        /// Whose.
        id: CombatantId,
        /// Which stat.
        stat: String,
        /// New value.
        value: i64,
    },
    /// Set a track's current value (a GM override).
    SetTrack {
        /// Whose.
        id: CombatantId,
        /// Which track.
        track: String,
        /// New value.
        value: i64,
    },
    /// Change a track by an amount: damage is negative, healing positive.
    AdjustTrack {
        /// Whose.
        id: CombatantId,
        /// Which track.
        track: String,
        /// By how much.
        delta: i64,
    },
    /// Set a track's maximum.
    SetTrackMax {
        /// Whose.
        id: CombatantId,
        /// Which track.
        track: String,
        /// New maximum.
        max: i64,
    },
    /// Put a condition on a combatant.
    AddCondition {
        /// Who.
        id: CombatantId,
        /// The condition label.
        condition: String,
    },
    /// Put a condition on a combatant (or keep the one it has) that ends by itself.
    AddTimedCondition {
        /// Who.
        id: CombatantId,
        /// The condition label.
        condition: String,
        /// How long it lasts.
        duration: crate::encounter::Duration,
    },
    /// Take a condition off a combatant.
    RemoveCondition {
        /// Who.
        id: CombatantId,
        /// The condition label.
        condition: String,
    },
    /// Replace the GM's notes on a combatant.
    SetNotes {
        /// Whose.
        id: CombatantId,
        /// The notes.
        notes: String,
    },
    /// Roll dice from the tray (or record a table roll).
    Roll {
        /// What to roll.
        dice: Dice,
        /// What the roll is for ("Harald's DEX save").
        label: String,
        /// Who rolled, if anyone in particular.
        #[serde(default)]
        roller: Option<CombatantId>,
        /// Kept from the players: the player window never shows it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        secret: bool,
    },
    /// Change what the player window shows (blackout, rotation, scale, health, names...).
    SetPlayerView {
        /// The new settings.
        view: crate::encounter::table::PlayerView,
    },
    /// Reveal, hide or make anonymous a combatant for the players (`None`: as the settings
    /// have new combatants).
    Show {
        /// Who.
        id: CombatantId,
        /// How.
        shown: Option<crate::encounter::table::Shown>,
    },
    /// Set the turn order (a GM override in every system; the procedure itself where the
    /// GM orders the turns by hand).
    SetOrder {
        /// Who acts, in order.
        order: Vec<CombatantId>,
    },
    /// The acting combatant waits: it goes to the end of the order and the next one acts.
    Delay {
        /// Who delays (must be acting now).
        id: CombatantId,
    },
    /// The stepper's Next button: the next turn, phase or round, as the system defines it.
    Advance,
    /// Change a rule setting (`null` resets it).
    SetSetting {
        /// Setting key.
        key: String,
        /// New value.
        value: serde_json::Value,
    },
    /// Harm several at once (a blast, a breath, a falling ceiling): one roll for all, or one
    /// each, dealt to every target through its procedure's armour and saves, then its rules
    /// for what the harm does. One step in the journal; undo takes it all back.
    Harm {
        /// Who: picked tokens, everyone in a zone, or everyone within a radius on the grid.
        targets: Targets,
        /// The harm's dice.
        dice: Dice,
        /// What deals it ("Fireball"), for the journal.
        label: String,
        /// One roll for each target rather than one for all.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        each: bool,
    },
    /// Write a line into the journal.
    Narrate {
        /// The text.
        text: String,
    },
    /// Copy the library's roll tables into the encounter (replacing earlier copies).
    LoadTables {
        /// The tables, rows included.
        tables: Vec<EncounterTable>,
    },
    /// A command of one procedure (the procedure's own type, behind [`Own`]).
    #[serde(skip)]
    Own(Own),
}

/// The targets of a [`Command::Harm`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Targets {
    /// These combatants.
    Picked {
        /// Who.
        ids: Vec<CombatantId>,
    },
    /// Everyone in a zone.
    Zone {
        /// Which.
        zone: ZoneId,
    },
    /// Everyone on the squares of a radius on the grid: the square of side `2 r` centred on a
    /// corner of the grid (a token counts when any of its squares is in it).
    Radius {
        /// The corner at the centre, `(x, y)` in grid lines.
        corner: (u16, u16),
        /// The radius in squares.
        r: u16,
    },
}

impl Command {
    /// Whether it only changes what the table is shown (the recap on the TV, a token
    /// revealed), not the fight: an ended fight still takes it.
    pub fn is_table_view(&self) -> bool {
        matches!(self, Command::SetPlayerView { .. } | Command::Show { .. })
    }

    /// The id of the procedure whose own command this is, or none for a command every system
    /// shares. Only that procedure handles it; it is a step of the procedure, not a GM edit.
    pub fn procedure(&self) -> Option<crate::ids::SystemId> {
        match self {
            Command::Own(own) => Some(own.procedure()),
            _ => None,
        }
    }
}

impl Serialize for Command {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Command::Own(own) => own.serialize(serializer),
            core => Command::serialize(core, serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Command {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::own::read_tagged(
            deserializer,
            |procedure, value| procedure.read_command(value).map(Command::Own),
            Command::deserialize,
        )
    }
}

/// A procedure's own command type: which procedure it belongs to. Makes it a [`Command`] with
/// `.into()`.
pub trait OwnCommand: crate::own::OwnValue + Sized {
    /// The id of the procedure whose command it is.
    const PROCEDURE: crate::ids::SystemId;
}

impl<C: OwnCommand> From<C> for Command {
    fn from(own: C) -> Self {
        Command::Own(Own::new(C::PROCEDURE, own))
    }
}
