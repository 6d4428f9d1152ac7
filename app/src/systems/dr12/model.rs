//! The commands, events and state of the DR12 procedure. Ordinary facts (damage, hindrances
//! and ongoing damage as conditions, rolls, moves, the order) are core events; these carry
//! what only this procedure knows: the surprised side, the turn in progress (move and Action
//! spent, a disengage), the attacks waiting for a defender's DEX test, a move held until
//! free attacks are settled, weapon usages, reaction results and failed morale.

use crate::ids::{CombatantId, SideId, ZoneId};
pub use crate::system::{PerTurn, TurnAt};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// What a Test is for: the journal says it, and its result does what the purpose says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum Purpose {
    /// A stunt against another creature (a push, a grapple...): the GM reads the result.
    Stunt {
        /// Against whom.
        target: Option<CombatantId>,
    },
    /// Shaking off a hindrance: a pass removes it.
    Shake {
        /// The hindrance's condition (`weakened`...).
        hindrance: String,
    },
    /// Resisting what the zone does (spores, a narrow ledge).
    Zone,
    /// Anything else the GM asks.
    Other,
}

/// A command of the DR12 procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "dr12", rename_all = "snake_case")]
pub enum Dr12Command {
    /// Before the fight: the GM says which side is surprised (none: nobody).
    Surprise {
        /// The surprised side.
        side: Option<SideId>,
    },
    /// Before the fight: a d10 reaction roll for a side met by chance.
    Reaction {
        /// Whose reaction.
        side: SideId,
    },
    /// An attack. A character's is its own STR (melee) or DEX (ranged) Test; a creature's
    /// waits for the defender's DEX Test.
    Attack {
        /// Who attacks.
        attacker: CombatantId,
        /// Whom.
        target: CombatantId,
        /// The weapon or attack (index into the block's list).
        weapon: usize,
        /// A second one-handed weapon: both damage dice are rolled, the higher counts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        second: Option<usize>,
    },
    /// The defender's DEX Test against the first attack waiting.
    Defend,
    /// Spend the Action to leave without free attacks.
    Disengage {
        /// Who.
        id: CombatantId,
    },
    /// Spend the Action on something else: taking an item from the backpack, talking, a
    /// spell... (its words go in the journal).
    Act {
        /// Who.
        id: CombatantId,
        /// What, in the GM's words.
        what: String,
    },
    /// A Test of one attribute (or a creature's Skill) against 12.
    Test {
        /// Who tests.
        id: CombatantId,
        /// The stat tested (`str`, `dex`, `skill`...).
        stat: String,
        /// What it is for.
        purpose: Purpose,
        /// Whether it spends the Action.
        #[serde(default)]
        action: bool,
    },
    /// Morale: the creature Tests its Skill; a fail means it parleys or flees.
    Morale {
        /// Who.
        id: CombatantId,
    },
    /// A creature that failed morale parleys (`flee` false) or flees.
    Yield {
        /// Who.
        id: CombatantId,
        /// Flees rather than parleys.
        flee: bool,
    },
    /// The GM sets a weapon's usage count (a mend, a fresh quiver).
    SetUsage {
        /// Whose weapon.
        id: CombatantId,
        /// Which.
        weapon: usize,
        /// The count.
        usages: u32,
    },
}

/// An attack waiting for the defender's DEX Test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Who attacks.
    pub attacker: CombatantId,
    /// Who defends.
    pub target: CombatantId,
    /// The attacker's attack (index into its block's list).
    pub weapon: usize,
    /// A free attack on someone leaving (it comes before the move).
    #[serde(default)]
    pub free: bool,
}

/// A fact only this procedure knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "dr12", rename_all = "snake_case")]
pub enum Dr12Event {
    /// The surprised side (none: nobody).
    Surprised {
        /// Which.
        side: Option<SideId>,
    },
    /// A side's reaction, rolled on d10.
    Reacted {
        /// Which side.
        side: SideId,
        /// The word ("Wary").
        reaction: String,
    },
    /// The side roll: characters first or enemies first, for the whole fight.
    SideRoll {
        /// The d6.
        roll: i64,
    },
    /// The acting combatant made its one move of the turn.
    Moved {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
    },
    /// The acting combatant spent its Action.
    Acted {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
        /// On what, in a few words.
        what: String,
    },
    /// It spent its Action to disengage.
    Disengaged {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
    },
    /// An attack waits for the defender's DEX Test.
    Waiting {
        /// The attack.
        pending: Pending,
    },
    /// The first attack waiting was settled.
    Settled,
    /// An attack waiting was dropped (its attacker or target left).
    Dropped {
        /// Its place in the queue.
        index: usize,
    },
    /// A move waits for the free attacks before it.
    Held {
        /// Who moves.
        id: CombatantId,
        /// Where to.
        to: ZoneId,
    },
    /// The held move was made or dropped.
    Released,
    /// A weapon's usage count.
    Usage {
        /// Whose weapon.
        id: CombatantId,
        /// Which.
        weapon: usize,
        /// The count now.
        usages: u32,
    },
    /// A creature failed morale: it parleys or flees, as the GM says.
    Broke {
        /// Who.
        id: CombatantId,
    },
    /// Its morale answer was given.
    Yielded {
        /// Who.
        id: CombatantId,
    },
}

/// What a turn has spent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Its one move to a Nearby zone is made.
    #[serde(default)]
    pub moved: bool,
    /// Its Action is spent.
    #[serde(default)]
    pub acted: bool,
    /// It disengaged: it leaves without free attacks.
    #[serde(default)]
    pub disengaged: bool,
}

/// What only the DR12 procedure knows.
/// Its lists are shared between an encounter and its copies until an event changes one
/// (every command works on a copy: see `D12State`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dr12State {
    /// The surprised side: it does not act in round 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surprised: Option<SideId>,
    /// The GM's side d6 (1–3 enemies first), once per fight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side_roll: Option<i64>,
    /// Reactions rolled, per side.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub reactions: Arc<BTreeMap<SideId, String>>,
    /// What the latest turn spent (read it with `turn.now(enc)`).
    #[serde(default, skip_serializing_if = "PerTurn::is_unused")]
    pub turn: PerTurn<Turn>,
    /// Attacks waiting for a DEX Test, first first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Arc<Vec<Pending>>,
    /// A move held until the free attacks before it are settled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<(CombatantId, ZoneId)>,
    /// Weapon usages marked, per combatant and weapon.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub usages: Arc<BTreeMap<CombatantId, BTreeMap<usize, u32>>>,
    /// Creatures that failed morale and must still parley or flee.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub broken: Arc<BTreeSet<CombatantId>>,
}

impl crate::system::Kept<Dr12Event> for Dr12State {
    /// Applies one event; never fails.
    fn apply(&mut self, e: &Dr12Event) {
        use Dr12Event as E;
        match e {
            E::Surprised { side } => self.surprised = *side,
            E::Reacted { side, reaction } => {
                Arc::make_mut(&mut self.reactions).insert(*side, reaction.clone());
            }
            E::SideRoll { roll } => self.side_roll = Some(*roll),
            E::Moved { at, .. } => self.turn.at_mut(*at).moved = true,
            E::Acted { at, .. } => self.turn.at_mut(*at).acted = true,
            E::Disengaged { at, .. } => {
                let turn = self.turn.at_mut(*at);
                turn.acted = true;
                turn.disengaged = true;
            }
            E::Waiting { pending } => Arc::make_mut(&mut self.pending).push(pending.clone()),
            E::Settled => {
                if !self.pending.is_empty() {
                    Arc::make_mut(&mut self.pending).remove(0);
                }
            }
            E::Dropped { index } => {
                if *index < self.pending.len() {
                    Arc::make_mut(&mut self.pending).remove(*index);
                }
            }
            E::Held { id, to } => self.held = Some((*id, *to)),
            E::Released => self.held = None,
            E::Usage { id, weapon, usages } => {
                Arc::make_mut(&mut self.usages).entry(*id).or_default().insert(*weapon, *usages);
            }
            E::Broke { id } => {
                Arc::make_mut(&mut self.broken).insert(*id);
            }
            E::Yielded { id } => {
                Arc::make_mut(&mut self.broken).remove(id);
            }
        }
    }
}
