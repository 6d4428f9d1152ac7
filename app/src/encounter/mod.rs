//! Encounter state: what the board looks like after a sequence of events.
//!
//! State is only ever changed by [`Encounter::apply`], which cannot fail: every check happens
//! earlier, in a system's `handle`. That is what makes undo, replay and crash recovery simple.

mod block;
mod model;
mod procedure;
mod roster;
mod stored;
pub mod table;
pub mod timer;

pub use block::Block;
pub use model::{BoardRect, Combatant, Side, Stat, Track, Zone, stat_label};
pub use procedure::ProcedureState;
pub use roster::Roster;
pub use table::TableState;
pub use timer::{Duration, Timer, Until};

use crate::checks::{Effect, RollTable};
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::own::Kind;
use crate::space::grid::Grid;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One place in the turn order. Several combatants in one entry act simultaneously (a
/// procedure's ties at one count); `count` is the initiative number when the system has one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderEntry {
    /// Who acts at this place.
    pub combatants: Vec<CombatantId>,
    /// The initiative count, if the system orders by number.
    #[serde(default)]
    pub count: Option<i64>,
    /// Why this place, in the GM's terms ("quick turn, reach weapon").
    #[serde(default)]
    pub reason: String,
}

/// A roll table copied from the GM's library into the encounter (injury tables...), so the
/// rules read it without a database and replaying the journal reads the same rows. A table
/// may have no rows yet: the GM has not written it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EncounterTable {
    /// The damage type it is rolled for ("blunt"), if any.
    #[serde(default)]
    pub damage_type: Option<String>,
    /// Name, dice and rows.
    pub table: RollTable<Effect>,
}

/// The whole state of one fight. Its system is derived from [`Encounter::procedure`]; it is
/// written as it always was (see [`stored`]).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "stored::Stored")]
pub struct Encounter {
    /// Name the GM gave it.
    pub name: String,
    /// Seed of the app's dice for this encounter (stored, so rolls can be audited).
    pub seed: u64,
    /// Sides by id. This, the zones and the order are shared between copies of the
    /// encounter until one changes them (`Arc::make_mut`): every command's handling works on
    /// a copy, and few commands change them.
    pub sides: Arc<BTreeMap<SideId, Side>>,
    /// Combatants by id; ids grow, so this is also the order they were added.
    pub combatants: Roster,
    /// Zones by id.
    pub zones: Arc<BTreeMap<ZoneId, Zone>>,
    /// The grid, on an encounter fought on squares instead of zones.
    pub grid: Option<Grid>,
    /// Current round; 0 before the fight starts.
    pub round: u32,
    /// Current phase id of the system (empty before the fight starts).
    pub phase: String,
    /// The turn order of this round.
    pub order: Arc<Vec<OrderEntry>>,
    /// Index into `order` of the place acting now.
    pub turn: Option<usize>,
    /// Rule settings the GM changed from the system's defaults (shared between copies,
    /// like the lists above: every command's working copy would otherwise copy them).
    pub settings: Arc<BTreeMap<String, serde_json::Value>>,
    /// Next free id number (shared by all id kinds, so ids are never reused).
    pub next_id: u32,
    /// The edition of the procedures' rules this fight plays by ([`RULES`] for a fight begun
    /// now; 0 for one begun before rule fixes had editions). A rule fixed later applies to
    /// fights begun after it, so a journal always replays as it was played.
    pub rules: u32,
    /// The procedure that runs it, with the state it keeps; written under its key.
    pub procedure: ProcedureState,
    /// Roll tables copied from the library (see [`EncounterTable`]).
    pub tables: Vec<EncounterTable>,
    /// Conditions that end by themselves (see [`timer`]).
    pub timers: Vec<Timer>,
    /// What the players may see (see [`crate::table_view`]).
    pub table: TableState,
    /// How many events were applied to this value (not part of the fight).
    pub applied: Applied,
    /// Whether its events' words are read (not part of the fight).
    pub words: WordsRead,
}

/// How many events were applied to an encounter since it was made or read: a handler
/// changes the fight in place, so a caller that must know whether a refused command left it
/// untouched (the simulator) compares this before and after. Not part of the fight: every
/// two are equal, and it is never written.
#[derive(Debug, Clone, Copy, Default)]
pub struct Applied(pub u64);

impl PartialEq for Applied {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Whether the words a command writes into its events (rulings, the labels and roller names of
/// its rolls) are read: on the table (the journal, the banner, a replay, `fray odds
/// --show-fight`) they are; in a fight the simulator plays nothing reads them, so the rules skip
/// them ([`crate::system::Ctx::ruling`], [`crate::system::Ctx::roll`]), rolling the same dice.
/// Not part of the fight, like [`Applied`]: every two are equal, and it is never written.
#[derive(Debug, Clone, Copy)]
pub struct WordsRead(pub bool);

impl Default for WordsRead {
    fn default() -> Self {
        WordsRead(true)
    }
}

impl PartialEq for WordsRead {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The edition of the rules a fight begun now plays by. Each procedure's rule fixed since
/// editions began checks it (`enc.rules >= 1`, beside the fix, saying what changed), so a
/// fight begun earlier goes on, and replays, as it was played.
/// (Each fix names its edition beside it, in its procedure's own files.)
pub const RULES: u32 = 5;

impl Encounter {
    /// A new, empty encounter of a procedure.
    pub fn new(system: &'static dyn Kind, name: &str, seed: u64) -> Self {
        Self {
            name: name.to_owned(),
            seed,
            sides: Default::default(),
            combatants: Roster::new(),
            zones: Default::default(),
            grid: None,
            round: 0,
            phase: String::new(),
            order: Default::default(),
            turn: None,
            settings: Arc::default(),
            next_id: 1,
            rules: RULES,
            procedure: ProcedureState::fresh(system),
            tables: Vec::new(),
            timers: Vec::new(),
            table: TableState::default(),
            applied: Applied::default(),
            words: WordsRead::default(),
        }
    }

    /// The id of the procedure that runs it.
    pub fn system_id(&self) -> crate::ids::SystemId {
        self.procedure.kind().id()
    }

    /// A combatant by id.
    pub fn combatant(&self, id: CombatantId) -> Option<&Combatant> {
        self.combatants.get(&id)
    }

    /// A zone by id.
    pub fn zone(&self, id: ZoneId) -> Option<&Zone> {
        self.zones.get(&id)
    }

    /// A side by id.
    pub fn side(&self, id: SideId) -> Option<&Side> {
        self.sides.get(&id)
    }

    /// A combatant found by exact name (case-insensitive), for scripts and the CLI.
    pub fn combatant_named(&self, name: &str) -> Option<&Combatant> {
        self.combatants.values().find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// A zone found by exact name (case-insensitive).
    pub fn zone_named(&self, name: &str) -> Option<&Zone> {
        self.zones.values().find(|z| z.name.eq_ignore_ascii_case(name))
    }

    /// A side found by exact name (case-insensitive).
    pub fn side_named(&self, name: &str) -> Option<&Side> {
        self.sides.values().find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// Combatants standing in a zone.
    pub fn in_zone(&self, zone: ZoneId) -> impl Iterator<Item = &Combatant> {
        self.combatants.values().filter(move |c| c.zone == Some(zone))
    }

    /// The combatants whose turn it is now (several when they act simultaneously).
    pub fn acting(&self) -> &[CombatantId] {
        match self.turn.and_then(|t| self.order.get(t)) {
            Some(entry) => &entry.combatants,
            None => &[],
        }
    }

    /// Whether a combatant fights on the players' side (exempt from some rules, e.g. morale).
    pub fn is_party(&self, id: CombatantId) -> bool {
        self.combatant(id).and_then(|c| self.side(c.side)).is_some_and(|s| s.party)
    }

    /// A side's name as an owner, for sentences: "Bandits' health", "the Party's health".
    pub fn side_possessive(&self, side: SideId) -> String {
        let name = self.side(side).map_or_else(|| side.to_string(), |s| s.name.clone());
        if name.ends_with(['s', 'S']) { format!("{name}'") } else { format!("{name}'s") }
    }

    /// The display name of a combatant, or its id when it no longer exists.
    pub fn name_of(&self, id: CombatantId) -> String {
        self.combatant(id).map_or_else(|| id.to_string(), |c| c.name.clone())
    }

    /// The timer of `id`'s `condition`, if it ends by itself.
    pub fn timer(&self, id: CombatantId, condition: &str) -> Option<&Timer> {
        self.timers.iter().find(|t| t.id == id && t.condition == condition)
    }

    /// A setting's value, if the GM set one.
    pub fn setting(&self, key: &str) -> Option<&serde_json::Value> {
        self.settings.get(key)
    }

    /// The table rolled for a damage type, if the library gave one (case-insensitive).
    pub fn table_for(&self, damage_type: &str) -> Option<&EncounterTable> {
        self.tables
            .iter()
            .find(|t| t.damage_type.as_deref().is_some_and(|d| d.eq_ignore_ascii_case(damage_type)))
    }

    /// A text setting, with the system's default when unset.
    pub fn choice<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        self.settings.get(key).and_then(serde_json::Value::as_str).unwrap_or(default)
    }

    /// A boolean setting, with the system's default when unset.
    pub fn flag(&self, key: &str, default: bool) -> bool {
        self.settings.get(key).and_then(serde_json::Value::as_bool).unwrap_or(default)
    }
}

#[cfg(test)]
mod board_tests {
    use super::*;
    use crate::encounter::{BoardRect, Track};
    use std::collections::BTreeSet;

    #[test]
    fn the_board_goes_back_before_the_fight() {
        let mut e =
            Encounter::new(crate::systems::registry().get("murdham").unwrap(), "Ferry at night", 7);
        let (side, zone, other, who) = (SideId(1), ZoneId(2), ZoneId(3), CombatantId(4));
        std::sync::Arc::make_mut(&mut e.sides).insert(
            side,
            Side { id: side, name: "Foes".into(), colour: "#c4503d".into(), party: false },
        );
        let rect = BoardRect { x: 10.0, y: 20.0, w: 200.0, h: 120.0 };
        std::sync::Arc::make_mut(&mut e.zones).insert(
            zone,
            Zone {
                id: zone,
                name: "Deck".into(),
                capacity: Some(6),
                note: "wet".into(),
                adjacent: BTreeSet::from([other]),
                rect,
            },
        );
        std::sync::Arc::make_mut(&mut e.zones).insert(
            other,
            Zone {
                id: other,
                name: "Pier".into(),
                capacity: None,
                note: String::new(),
                adjacent: BTreeSet::from([zone]),
                rect: BoardRect::default(),
            },
        );
        e.combatants.insert(
            who,
            Combatant {
                id: who,
                name: "Boatman".into(),
                side,
                zone: Some(zone),
                square: None,
                size: 1,
                stats: vec![Stat { name: "armor".into(), value: 11 }],
                tracks: vec![Track { name: "hp".into(), value: 2, max: 9 }],
                conditions: BTreeSet::from(["prone".to_owned()]),
                notes: "keeps the pole".into(),
                source: Some("creature:1".into()),
                block: serde_json::json!({"stats": {"armor": 11}}).into(),
            },
        );
        e.next_id = 5;
        Arc::make_mut(&mut e.settings).insert("injuries".into(), serde_json::json!(true));
        e.round = 3;
        e.phase = "resolve".into();
        e.order = Arc::new(vec![OrderEntry {
            combatants: vec![who],
            count: Some(4),
            reason: String::new(),
        }]);
        e.turn = Some(0);
        let mut kept = crate::systems::murdham::MurdhamState::default();
        kept.turn.id = Some(who);
        e.procedure = ProcedureState::new(&crate::systems::murdham::Murdham, kept);
        assert!(!e.procedure.is_empty());

        let b = e.board();
        assert_eq!((b.round, b.phase.as_str(), b.turn), (0, "", None));
        assert!(b.order.is_empty());
        assert!(b.procedure.is_empty(), "{:?}", b.procedure);
        assert_eq!(b.system_id(), e.system_id(), "the same procedure");
        let c = b.combatant(who).unwrap();
        assert_eq!(c.track("hp").unwrap().value, 9);
        assert!(c.conditions.is_empty());
        assert_eq!(
            (c.zone, c.stats.clone(), c.notes.as_str()),
            (Some(zone), e.combatants[&who].stats.clone(), "keeps the pole")
        );
        assert_eq!((b.zones.clone(), b.sides.clone()), (e.zones.clone(), e.sides.clone()));
        assert_eq!(
            (b.name.as_str(), b.seed, b.next_id, b.settings.clone()),
            ("Ferry at night", 7, 5, e.settings.clone())
        );
        // A board is already before the fight.
        assert_eq!(b.board(), b);
    }

    #[test]
    fn a_track_that_fills_as_it_worsens_starts_the_fight_empty() {
        // A character three Fatigue in, with 4 of 6 HP: before the fight it is rested
        // (Fatigue 0, not its maximum of 10) and whole.
        let script = "system bdp\nside Party party\nzone Hall\n\
            add Ann side Party zone Hall track hp=4/6 fatigue=3/10\n";
        let e = crate::systems::run_script("rested.fray", script).expect("runs").state().clone();
        let ann = e.combatants.values().next().expect("Ann");
        assert_eq!(ann.track("fatigue").map(|t| t.value), Some(3));
        let b = e.board();
        let ann = b.combatants.values().next().expect("Ann");
        assert_eq!(ann.track("fatigue").map(|t| (t.value, t.max)), Some((0, 10)));
        assert_eq!(ann.track("hp").map(|t| t.value), Some(6));
    }
}
