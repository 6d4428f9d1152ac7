//! The commands of the procedure: what the GM (or a script, or the simulator) asks of it.

use super::{AttackSpec, Reaction, Yield};
use crate::ids::{CombatantId, SideId, ZoneId};
use serde::{Deserialize, Serialize};

/// A command of the procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "murdham", rename_all = "snake_case")]
pub enum MurdhamCommand {
    /// Which faction holds the initiative (`None`: roll for it among the factions).
    Holder {
        /// The faction that started the fight.
        side: Option<SideId>,
    },
    /// The holder says which faction acts first this round.
    First {
        /// Which faction.
        side: SideId,
    },
    /// The choosing faction activates one of its characters.
    Activate {
        /// Who.
        id: CombatantId,
    },
    /// The choosing faction passes.
    Pass {
        /// Which faction.
        side: SideId,
    },
    /// The active character ends its turn.
    EndTurn,
    /// The active character takes a bonus action.
    Bonus {
        /// What, in a few words ("draws a dagger").
        what: String,
    },
    /// The active character takes a main action other than an attack.
    Main {
        /// Which.
        action: MainAction,
    },
    /// An attack (on the attacker's turn, or as a counter's or opportunity's strike).
    Attack(AttackSpec),
    /// The target answers a stunt: accept the effect, or take the attack.
    Stunt {
        /// Accept the effect.
        accept: bool,
    },
    /// The struck character asked first reacts (or not).
    React {
        /// Who reacts (the struck character asked, or its guard).
        id: CombatantId,
        /// How.
        reaction: Reaction,
    },
    /// A nearby enemy strikes at a character moving away (`None`: nobody does).
    Opportunity {
        /// Who strikes, with which weapon.
        by: Option<(CombatantId, Option<usize>)>,
    },
    /// The grabber shoves the grabbed character away (half a zone, towards `toward`).
    Shove {
        /// Who shoves.
        grabber: CombatantId,
        /// The border it is pushed onto, if any.
        #[serde(default)]
        toward: Option<ZoneId>,
    },
    /// The grabber lets go.
    Release {
        /// Who lets go.
        grabber: CombatantId,
    },
    /// A character stands on the border with another zone (`None`: back inside its zone).
    Border {
        /// Who.
        id: CombatantId,
        /// The neighbouring zone.
        zone: Option<ZoneId>,
    },
    /// A group WIT save for morale: one d20 for every member of the side that is due.
    Morale {
        /// Which faction.
        side: SideId,
    },
    /// The GM rules a side's due morale unneeded this round.
    SkipMorale {
        /// Which faction.
        side: SideId,
    },
    /// One who failed morale surrenders or retreats.
    GiveUp {
        /// Who.
        id: CombatantId,
        /// How.
        how: Yield,
    },
    /// A group AGI save to get away in a chase: one d20 for all of `ids`.
    Chase {
        /// Who flees.
        ids: Vec<CombatantId>,
    },
    /// The fight is over: on to the durability rolls.
    EndFight,
    /// Roll durability for every item used in the fight.
    Durability,
}

/// A main action other than an attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "main", rename_all = "snake_case")]
pub enum MainAction {
    /// Move up to two zones (instead of one) this turn.
    FullMovement,
    /// Call on a profane power (reveals a concealed character).
    InvokePower {
        /// Which, in the GM's words.
        what: String,
    },
    /// Distract, intimidate or taunt someone.
    Distract {
        /// Whom, if anyone.
        #[serde(default)]
        target: Option<CombatantId>,
    },
    /// Surrender: weapons down, hands up; the turn is spent.
    Surrender,
    /// Anything else the GM rules a main action.
    Other {
        /// What.
        what: String,
    },
}
