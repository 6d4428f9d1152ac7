//! What only the Sovereign procedure knows, kept from its events: the turn going on, the
//! attack and the walk waiting for an answer, and who spent what this round.

use super::{PerTurn, SovCommand, SovEvent, TurnAt};
use crate::ids::{CombatantId, SideId};
use crate::space::grid::GridPos;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What a turn has walked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Feet walked this turn.
    #[serde(default)]
    pub feet: u32,
    /// Its movement is over (a Charge).
    #[serde(default)]
    pub done: bool,
    /// It disengaged: walking out of melee draws no attack of opportunity.
    #[serde(default)]
    pub disengaged: bool,
}

/// A walk out of melee waiting for the foes' attacks of opportunity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Threat {
    /// Who walks.
    pub id: CombatantId,
    /// From where.
    pub from: GridPos,
    /// To where.
    pub to: GridPos,
    /// Feet it costs.
    pub cost_ft: u32,
    /// The foes still to answer.
    pub strikers: Vec<CombatantId>,
    /// It stands up rather than walks.
    #[serde(default)]
    pub standing: bool,
    /// The action that waits for the attacks, when it is not a walk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<Box<SovCommand>>,
}

/// An attack whose d20 is rolled, waiting for the target to say whether it takes Total
/// Defense (an Instant it may use after seeing the roll).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Who attacks.
    pub attacker: CombatantId,
    /// Whom.
    pub target: CombatantId,
    /// The attack (index into the attacker's block).
    pub weapon: usize,
    /// The d20 as rolled: the roll its event holds, shared (a roll holds its first faces in
    /// itself, too big to copy into every event and state that waits on it).
    pub roll: std::sync::Arc<crate::dice::Roll>,
    /// Everything added to it (bonus, attribute, skill and the situation's modifiers).
    pub bonus: i64,
    /// The modifiers in words, for the journal.
    pub says: String,
    /// The outcome Veteran's Luck forced (a hit, or a miss), if it was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced: Option<bool>,
    /// Damage added to a hit (two weapons, a Swarm), never to Shock.
    #[serde(default)]
    pub damage_bonus: i64,
    /// The Shock lands whatever the AC (a Swarm's).
    #[serde(default)]
    pub sure_shock: bool,
}

/// What only the Sovereign procedure knows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SovState {
    /// The surprised side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surprised: Option<SideId>,
    /// Sides that expect a fight: they cannot be surprised.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub expecting: BTreeSet<SideId>,
    /// Each side's initiative, rolled once a fight.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub initiative: BTreeMap<SideId, i64>,
    /// What the latest turn spent (read it with `turn.now(enc)`).
    #[serde(default, skip_serializing_if = "PerTurn::is_unused")]
    pub turn: PerTurn<Turn>,
    /// Who spent its Main action this round (on its turn, or on an Instant).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub mains: BTreeSet<CombatantId>,
    /// A walk out of melee waiting for attacks of opportunity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threat: Option<Threat>,
    /// The attack waiting for its target's answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// Attacks that waited when a Snap Attack interrupted them, the latest last: each waits
    /// again, in turn, once the one above it lands.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub below: Vec<Pending>,
    /// Who used Veteran's Luck this round.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub luck_used: BTreeSet<CombatantId>,
    /// Who used Veteran's Luck in this fight: a fight is one Turn, and the Luck is once a
    /// Turn (read from rules edition 2; before it, once a round).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub luck_spent: BTreeSet<CombatantId>,
    /// Bows and crossbows that shot and wait to be reloaded: the combatant and its attack.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub unloaded: BTreeSet<(CombatantId, usize)>,
    /// Shields that turned a Shock aside this round.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub shields_used: BTreeSet<CombatantId>,
    /// Who holds whom: the held, with its holder.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub grapples: BTreeMap<CombatantId, CombatantId>,
    /// Who has had its morale settled this fight.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub morale_done: BTreeSet<CombatantId>,
    /// The mortally injured, with the round they fell in.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mortal: BTreeMap<CombatantId, u32>,
    /// Screeners, each with the ward it guards.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub screens: BTreeMap<CombatantId, CombatantId>,
    /// The attackers each screener took on this round.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub screened: BTreeMap<CombatantId, BTreeSet<CombatantId>>,
    /// Who holds its action this round.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub held: BTreeSet<CombatantId>,
}

impl crate::system::Kept<SovEvent> for SovState {
    /// Applies one event; never fails.
    fn apply(&mut self, e: &SovEvent) {
        match e {
            SovEvent::Surprised { side } => self.surprised = *side,
            SovEvent::Expects { side, on: true } => {
                self.expecting.insert(*side);
            }
            SovEvent::Expects { side, on: false } => {
                self.expecting.remove(side);
            }
            SovEvent::Initiative { side, total } => {
                self.initiative.insert(*side, *total);
            }
            SovEvent::Main { id, .. } => self.main_spent(*id),
            SovEvent::Waiting { pending } => self.wait(pending),
            SovEvent::Answered => self.pending = self.below.pop(),
            SovEvent::Loaded { id, weapon, loaded: false } => {
                self.unloaded.insert((*id, *weapon));
            }
            SovEvent::Loaded { id, weapon, loaded: true } => {
                self.unloaded.remove(&(*id, *weapon));
            }
            SovEvent::Disengaged { at, .. } => self.turn.at_mut(*at).disengaged = true,
            SovEvent::Threatened { id, from, to, cost_ft, strikers, standing, then } => {
                self.threat = Some(Threat {
                    id: *id,
                    from: *from,
                    to: *to,
                    cost_ft: *cost_ft,
                    strikers: strikers.clone(),
                    standing: *standing,
                    then: then.clone(),
                });
            }
            SovEvent::Struck { striker } => self.struck(*striker),
            SovEvent::WalkSettled => self.threat = None,
            SovEvent::Lucky { id, hit } => self.lucky(*id, *hit),
            SovEvent::Walked { at, feet, done, .. } => self.walked(*at, *feet, *done),
            SovEvent::ShieldUsed { id } => {
                self.shields_used.insert(*id);
            }
            SovEvent::Fell { id, round } => {
                self.mortal.insert(*id, *round);
            }
            SovEvent::Settled { id } => {
                self.mortal.remove(id);
            }
            SovEvent::Grapple { target, by: Some(by) } => {
                self.grapples.insert(*target, *by);
            }
            SovEvent::Grapple { target, by: None } => {
                self.grapples.remove(target);
            }
            SovEvent::Screening { screener, ward: Some(ward) } => {
                self.screens.insert(*screener, *ward);
            }
            SovEvent::Screening { screener, ward: None } => {
                self.screens.remove(screener);
            }
            SovEvent::Screened { screener, attacker } => {
                self.screened.entry(*screener).or_default().insert(*attacker);
            }
            SovEvent::Held { id, on: true } => {
                self.held.insert(*id);
            }
            SovEvent::Held { id, on: false } => {
                self.held.remove(id);
            }
            SovEvent::MoraleDone { id } => {
                self.morale_done.insert(*id);
            }
            SovEvent::RoundReset => self.round_reset(),
        }
    }
}

impl SovState {
    /// `id` spent its Main action; a held action is taken with the Main.
    fn main_spent(&mut self, id: CombatantId) {
        self.mains.insert(id);
        self.held.remove(&id);
    }

    /// An attack waits for its target's answer. A Snap Attack made while another waits goes
    /// on top of it.
    fn wait(&mut self, pending: &Pending) {
        if let Some(under) = self.pending.replace(pending.clone()) {
            self.below.push(under);
        }
    }

    /// `striker` answered the walk out of its reach.
    fn struck(&mut self, striker: CombatantId) {
        if let Some(t) = &mut self.threat {
            t.strikers.retain(|s| *s != striker);
        }
    }

    /// `id` used Veteran's Luck, forcing the waiting attack to a hit or a miss.
    fn lucky(&mut self, id: CombatantId, hit: bool) {
        self.luck_used.insert(id);
        self.luck_spent.insert(id);
        if let Some(p) = &mut self.pending {
            p.forced = Some(hit);
        }
    }

    /// What the turn at `at` has walked so far.
    fn walked(&mut self, at: TurnAt, feet: u32, done: bool) {
        let turn = self.turn.at_mut(at);
        turn.feet = feet;
        turn.done = done;
    }

    /// A new round: shields, Main actions, the round's Luck, screens and held actions are
    /// ready again.
    fn round_reset(&mut self) {
        self.shields_used.clear();
        self.mains.clear();
        self.luck_used.clear();
        self.screened.clear();
        self.held.clear();
    }
}
