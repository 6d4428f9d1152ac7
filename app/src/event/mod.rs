//! Events: the facts a command produced. The journal, undo, replay and storage all work on
//! these; state is their fold.

mod apply;

use crate::dice::Roll;
use crate::encounter::{BoardRect, Combatant, EncounterTable, OrderEntry, Side, Zone};
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::own::Own;
use crate::space::grid::{BattleMap, Edge, Grid, GridPos, WallKind};
use serde::{Deserialize, Serialize};

/// Version of the event format. Bump it when a variant changes shape, and teach the loader
/// to read the old one: journals written by older Fray must keep opening.
pub const EVENT_VERSION: u32 = 1;

/// One fact, tagged with when it happened, who did it and which rule produced it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Format version, see [`EVENT_VERSION`].
    pub v: u32,
    /// Sequence number of the command that produced it (0-based position in the history).
    pub seq: u64,
    /// Round in which it happened (0 = before the fight).
    pub round: u32,
    /// Phase id in which it happened (shared by the events of a phase: a simulated fight
    /// makes thousands).
    pub phase: std::sync::Arc<str>,
    /// The combatant it is about or who did it, if any.
    pub actor: Option<CombatantId>,
    /// The rule that produced it, as `system.rule` (e.g. `<id>.move`, `core.override`):
    /// the procedure's own words, borrowed, when it was made in this run.
    pub rule: std::borrow::Cow<'static, str>,
    /// What happened.
    pub kind: EventKind,
}

/// What happened. Variants carry everything needed to apply them, including the dice, so
/// replaying never re-rolls.
///
/// A procedure's own facts sit in [`EventKind::Own`], written `{"type": "<id>", …}`
/// like the rest: the derived reading and writing are for the core's variants, and the
/// impls below send a procedure's to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self", tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// A side joined the encounter.
    SideAdded {
        /// The new side.
        side: Side,
    },
    /// A combatant was put into the encounter.
    CombatantAdded {
        /// The new combatant, complete.
        combatant: Combatant,
    },
    /// A combatant was taken out of the encounter (not killed: removed).
    CombatantRemoved {
        /// Who.
        id: CombatantId,
        /// Its name, for the journal.
        name: String,
    },
    /// A combatant was renamed.
    CombatantRenamed {
        /// Who.
        id: CombatantId,
        /// New name.
        name: String,
    },
    /// A combatant changed sides.
    SideChanged {
        /// Who.
        id: CombatantId,
        /// The new side.
        side: SideId,
    },
    /// A zone was added.
    ZoneAdded {
        /// The new zone.
        zone: Zone,
    },
    /// A zone's name, capacity or note changed.
    ZoneEdited {
        /// Which zone.
        id: ZoneId,
        /// New name.
        name: String,
        /// New capacity.
        capacity: Option<u32>,
        /// New note.
        note: String,
    },
    /// A zone card was moved or resized on the board.
    ZonePlaced {
        /// Which zone.
        id: ZoneId,
        /// Where it is now.
        rect: BoardRect,
    },
    /// A zone was removed; whoever stood in it is now off the board.
    ZoneRemoved {
        /// Which zone.
        id: ZoneId,
        /// Its name, for the journal.
        name: String,
    },
    /// Two zones became adjacent.
    ZonesConnected {
        /// One end.
        a: ZoneId,
        /// The other end.
        b: ZoneId,
    },
    /// Two zones stopped being adjacent.
    ZonesDisconnected {
        /// One end.
        a: ZoneId,
        /// The other end.
        b: ZoneId,
    },
    /// The board became (or was resized as) a grid.
    GridSet {
        /// Squares across.
        width: u16,
        /// Squares down.
        height: u16,
        /// Feet a square measures.
        feet: u16,
    },
    /// Walls, doors or windows were put on edges of the grid, or cleared.
    WallsSet {
        /// The unit edges.
        edges: Vec<Edge>,
        /// What stands on them now; `None`: nothing.
        kind: Option<WallKind>,
    },
    /// A battle map was laid under the grid, or taken away.
    MapSet {
        /// The map now; `None`: none.
        map: Option<BattleMap>,
    },
    /// The whole grid was replaced (an imported map).
    BoardSet {
        /// The new grid.
        grid: Grid,
    },
    /// Squares became difficult, or clear.
    DifficultSet {
        /// Which.
        squares: Vec<GridPos>,
        /// Difficult now (`true`) or clear.
        on: bool,
    },
    /// A combatant moved on the grid.
    Placed {
        /// Who.
        id: CombatantId,
        /// From where (`None` = off the grid).
        from: Option<GridPos>,
        /// To where (`None` = off the grid).
        to: Option<GridPos>,
        /// The feet of movement it took, for a step along a path; `None` for a placement.
        cost_ft: Option<u32>,
    },
    /// A combatant's size on the grid changed.
    SizeSet {
        /// Who.
        id: CombatantId,
        /// Squares on a side now.
        size: u8,
    },
    /// A combatant moved.
    Moved {
        /// Who.
        id: CombatantId,
        /// From where (`None` = off the board).
        from: Option<ZoneId>,
        /// To where (`None` = off the board).
        to: Option<ZoneId>,
    },
    /// A stat was set.
    StatSet {
        /// Whose.
        id: CombatantId,
        /// Which stat.
        stat: String,
        /// Value before.
        from: i64,
        /// Value after.
        to: i64,
    },
    /// A track's current value changed (damage, healing, an override).
    TrackSet {
        /// Whose.
        id: CombatantId,
        /// Which track.
        track: String,
        /// Value before.
        from: i64,
        /// Value after.
        to: i64,
    },
    /// A track's maximum changed.
    TrackMaxSet {
        /// Whose.
        id: CombatantId,
        /// Which track.
        track: String,
        /// New maximum.
        max: i64,
    },
    /// A condition was put on a combatant.
    ConditionAdded {
        /// Who.
        id: CombatantId,
        /// The condition label.
        condition: String,
    },
    /// A condition was taken off.
    ConditionRemoved {
        /// Who.
        id: CombatantId,
        /// The condition label.
        condition: String,
    },
    /// The GM's notes on a combatant changed.
    NotesSet {
        /// Whose.
        id: CombatantId,
        /// The new notes.
        notes: String,
    },
    /// Dice were rolled (by the app or typed in from the table).
    Rolled {
        /// The roll, complete (shared with the table view's recent rolls).
        roll: std::sync::Arc<Roll>,
        /// The GM kept it from the players (the player window never shows it).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        secret: bool,
    },
    /// The GM changed what the player window shows.
    PlayerViewSet {
        /// The new settings.
        view: crate::encounter::table::PlayerView,
    },
    /// The GM revealed, hid or made anonymous a combatant for the players (`None`: back to
    /// the default).
    ShownSet {
        /// Who.
        id: CombatantId,
        /// How it is shown.
        shown: Option<crate::encounter::table::Shown>,
    },
    /// The turn order was set.
    OrderSet {
        /// The new order.
        order: Vec<OrderEntry>,
    },
    /// A place in the order starts acting (`None` = nobody: between turns).
    TurnStarted {
        /// Index into the order.
        index: Option<usize>,
    },
    /// A new round began.
    RoundStarted {
        /// Its number.
        round: u32,
    },
    /// The round moved to another phase.
    PhaseEntered {
        /// Phase id.
        phase: String,
    },
    /// A condition was given a time to end (or its count moved on): it replaces any timer
    /// of the same combatant and condition.
    TimerSet {
        /// The timer.
        timer: crate::encounter::Timer,
    },
    /// A condition's timer ended (its condition is taken off by the event before).
    TimerEnded {
        /// Who had it.
        id: CombatantId,
        /// Which condition.
        condition: String,
    },
    /// A rule setting changed.
    SettingChanged {
        /// Setting key.
        key: String,
        /// New value (`null` = back to the system's default).
        value: serde_json::Value,
    },
    /// A line the GM wrote into the journal.
    Narration {
        /// The text.
        text: String,
    },
    /// What a rule decided, in one line (a save's meaning, a hit's arithmetic), in the
    /// system's words. Changes nothing: the facts it explains are events of their own.
    Ruling {
        /// The line.
        text: String,
    },
    /// The library's roll tables were copied into the encounter (replacing earlier copies).
    TablesLoaded {
        /// The tables, rows included.
        tables: Vec<EncounterTable>,
    },
    /// A fact of one procedure (the procedure's own type, behind [`Own`]).
    #[serde(skip)]
    Own(Own),
}

impl Serialize for EventKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            EventKind::Own(own) => own.serialize(serializer),
            core => EventKind::serialize(core, serializer),
        }
    }
}

impl<'de> Deserialize<'de> for EventKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::own::read_tagged(
            deserializer,
            |procedure, value| procedure.read_event(value).map(EventKind::Own),
            EventKind::deserialize,
        )
    }
}

impl Event {
    /// The dice this event carries, in the order they were rolled.
    pub fn rolls(&self) -> impl Iterator<Item = &Roll> {
        match &self.kind {
            EventKind::Rolled { roll, .. } => Some(&**roll),
            _ => None,
        }
        .into_iter()
    }
}

/// A procedure's own fact type: which procedure it belongs to. Makes it an [`EventKind`] with
/// `.into()`.
pub trait OwnEvent: crate::own::OwnValue + Sized {
    /// The id of the procedure whose fact it is.
    const PROCEDURE: crate::ids::SystemId;
}

impl<E: OwnEvent> From<E> for EventKind {
    fn from(own: E) -> Self {
        EventKind::Own(Own::new(E::PROCEDURE, own))
    }
}
