//! The figures of a fight: per combatant, per side and for the whole fight. Plain data, written
//! as JSON beside the journal; [`super::fight`] computes them.

use serde::Serialize;
use std::collections::BTreeMap;

use super::dice::DieTally;
use crate::ids::{CombatantId, SideId};

/// Points lost or dealt, by track key (`hp`, `str`), in the procedure's order of tracks.
pub type Points = BTreeMap<String, i64>;

/// Sum of every track's points.
pub fn total(points: &Points) -> i64 {
    points.values().sum()
}

/// What one combatant did and suffered in a fight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figures {
    /// Its id in the fight.
    pub id: CombatantId,
    /// Its name (the last it had).
    pub name: String,
    /// Its side.
    pub side: SideId,
    /// Harm it dealt, per track of the one it harmed.
    pub dealt: Points,
    /// Harm it took, per track.
    pub taken: Points,
    /// Points it got back (healing, rallying Stress).
    pub healed: i64,
    /// Its blows that reached their target.
    pub landed: u32,
    /// Its blows whose attack roll failed.
    pub missed: u32,
    /// Its blows a reaction turned aside.
    pub avoided: u32,
    /// Reactions it took.
    pub reactions: u32,
    /// Blows its reactions kept off entirely.
    pub turned_aside: u32,
    /// Critical hits it scored.
    pub criticals: u32,
    /// Fumbles it made.
    pub fumbles: u32,
    /// Who it took out of the fight, each time.
    pub took_out: Vec<CombatantId>,
    /// Who took it out, each time it went out (`None`: nobody's blow: bleeding, a fall, the
    /// GM's hand).
    pub taken_out_by: Vec<Option<CombatantId>>,
    /// Rounds that began with it down (out, but not dead or gone).
    pub rounds_down: u32,
    /// Turns it acted.
    pub turns: u32,
    /// How it stood at the end, in the procedure's word ("" when up).
    pub end: String,
    /// Out of the fight at the end.
    pub out_at_end: bool,
    /// Its harm tracks summed, `(round, points)`: at the start of the fight (round 0) and at
    /// the end of each round it was in.
    pub health: Vec<(u32, i64)>,
    /// Their maximum summed.
    pub health_max: i64,
}

/// A side's figures: its members' summed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideFigures {
    /// Its id.
    pub id: SideId,
    /// Its name.
    pub name: String,
    /// The colour it is drawn in (`#rrggbb`).
    pub colour: String,
    /// The party's side.
    pub party: bool,
    /// Harm dealt, per track.
    pub dealt: Points,
    /// Harm taken, per track.
    pub taken: Points,
    /// Blows landed, missed, avoided.
    pub landed: u32,
    /// Blows missed.
    pub missed: u32,
    /// Blows turned aside by a reaction.
    pub avoided: u32,
    /// Reactions taken.
    pub reactions: u32,
    /// Critical hits scored.
    pub criticals: u32,
    /// Fumbles.
    pub fumbles: u32,
    /// Foes it took out.
    pub took_out: u32,
    /// Its members who went out (each time).
    pub went_out: u32,
    /// Members standing (not out), `(round, count)`: at the start (round 0) and at the end of
    /// each round.
    pub standing: Vec<(u32, u32)>,
}

impl Figures {
    /// Nothing done yet, for `id` named `name` on `side`.
    pub fn new(id: CombatantId, name: String, side: SideId) -> Self {
        Figures {
            id,
            name,
            side,
            dealt: Points::new(),
            taken: Points::new(),
            healed: 0,
            landed: 0,
            missed: 0,
            avoided: 0,
            reactions: 0,
            turned_aside: 0,
            criticals: 0,
            fumbles: 0,
            took_out: Vec::new(),
            taken_out_by: Vec::new(),
            rounds_down: 0,
            turns: 0,
            end: String::new(),
            out_at_end: false,
            health: Vec::new(),
            health_max: 0,
        }
    }
}

impl SideFigures {
    /// Nothing summed yet, for the side `id`.
    pub fn new(id: SideId, name: String, colour: String, party: bool) -> Self {
        SideFigures {
            id,
            name,
            colour,
            party,
            dealt: Points::new(),
            taken: Points::new(),
            landed: 0,
            missed: 0,
            avoided: 0,
            reactions: 0,
            criticals: 0,
            fumbles: 0,
            took_out: 0,
            went_out: 0,
            standing: Vec::new(),
        }
    }
}

/// The largest harm one command did to one combatant.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Biggest {
    /// Who dealt it.
    pub by: Option<CombatantId>,
    /// Who took it.
    pub on: CombatantId,
    /// Points, per track.
    pub points: Points,
    /// The round.
    pub round: u32,
}

/// The one who stayed in the fight with the least left of its harm tracks, for its maximum.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Closest {
    /// Who.
    pub who: CombatantId,
    /// The least its harm tracks held, summed.
    pub left: i64,
    /// Their maximum.
    pub max: i64,
    /// The round it came to that.
    pub round: u32,
}

/// The round the fight turned.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Turned {
    /// From the end of this round on, `side` had more standing than any other side.
    pub round: u32,
    /// The side that had the upper hand from then on.
    pub side: SideId,
}

/// Every figure of one fight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FightRecap {
    /// The encounter's name.
    pub name: String,
    /// The procedure's name.
    pub system: String,
    /// The harm tracks, `(key, label)`, in the procedure's order.
    pub tracks: Vec<(String, String)>,
    /// Rounds fought.
    pub rounds: u32,
    /// Every combatant that was in the fight, in the order they came in.
    pub combatants: Vec<Figures>,
    /// Every side, in the order they were made.
    pub sides: Vec<SideFigures>,
    /// Harm nobody's blow dealt (bleeding, strain, the GM's hand), per track.
    pub unattributed: Points,
    /// The round it turned, if one side ended ahead.
    pub turned: Option<Turned>,
    /// The biggest blow.
    pub biggest: Option<Biggest>,
    /// The closest call.
    pub closest: Option<Closest>,
    /// How the dice fell.
    #[serde(serialize_with = "super::dice::serialize_tallies")]
    pub dice: Vec<DieTally>,
    /// How the procedure counts its figures, `(figure, how)`.
    pub words: Vec<(String, String)>,
    /// The board as it ended.
    pub board: super::board::EndBoard,
    /// The fight as a story, beat by beat (a reading of the journal, not written in the JSON).
    #[serde(skip)]
    pub story: Vec<super::story::Beat>,
}

impl FightRecap {
    /// The figures of `id`, if it was in the fight.
    pub fn of(&self, id: CombatantId) -> Option<&Figures> {
        self.combatants.iter().find(|f| f.id == id)
    }

    /// The figures of the combatant named `name` (the first, if several share it).
    pub fn named(&self, name: &str) -> Option<&Figures> {
        self.combatants.iter().find(|f| f.name == name)
    }

    /// The name of `id` ("someone" if it never was in the fight).
    pub fn name_of(&self, id: CombatantId) -> &str {
        self.of(id).map_or("someone", |f| f.name.as_str())
    }

    /// The label of a track key (`HP`).
    pub fn track_label<'a>(&'a self, key: &'a str) -> &'a str {
        self.tracks.iter().find(|(k, _)| k == key).map_or(key, |(_, l)| l.as_str())
    }
}
