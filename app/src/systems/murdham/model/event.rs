//! The events only this procedure knows; ordinary facts are core events.

use super::{Pending, Wear};
use crate::ids::{CombatantId, SideId, ZoneId};
use serde::{Deserialize, Serialize};

/// A fact of the procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "murdham", rename_all = "snake_case")]
pub enum MurdhamEvent {
    /// A faction holds the initiative for the fight.
    Holder {
        /// Which.
        side: SideId,
        /// It was rolled for (nobody clearly started it).
        #[serde(default)]
        rolled: bool,
    },
    /// A new round: turns, passes and the first faction start over.
    RoundReset,
    /// The fast action threshold of this round.
    Threshold {
        /// The d20's face.
        threshold: i64,
    },
    /// The holder chose the faction that acts first this round.
    First {
        /// Which.
        side: SideId,
    },
    /// A phase of activations begins: no passes yet, the first faction chooses.
    PhaseBegun,
    /// A character starts its turn.
    Activated {
        /// Who.
        id: CombatantId,
        /// An ambusher's bonus turn.
        #[serde(default)]
        ambush: bool,
    },
    /// The active character used part of its turn.
    Used {
        /// Bonus actions now taken.
        bonus: u32,
        /// Main action taken.
        main: bool,
        /// Zones now moved.
        zones: u32,
        /// The main action was full movement.
        #[serde(default)]
        full_move: bool,
    },
    /// The active character's turn ends; the next faction chooses.
    TurnEnded {
        /// Whose.
        id: CombatantId,
    },
    /// A faction passes; the next faction chooses.
    Passed {
        /// Which.
        side: SideId,
        /// Nobody of it could act.
        #[serde(default)]
        forced: bool,
    },
    /// A faction's choice comes: activate a character or pass.
    Chooses {
        /// Which.
        side: SideId,
    },
    /// A character spends its turn off-order on a reaction.
    Reacted {
        /// Who.
        id: CombatantId,
        /// How, in a few words ("dodges").
        #[serde(default)]
        how: String,
    },
    /// Something waits for the GM (queued last, or first).
    Queued {
        /// What.
        pending: Pending,
        /// Before anything already waiting.
        #[serde(default)]
        first: bool,
    },
    /// The first waiting thing changes (a reaction chosen, a target replaced).
    Updated {
        /// What it is now.
        pending: Pending,
    },
    /// The first waiting thing is settled.
    Settled,
    /// A ranged blast missed and lands in a neighbouring zone.
    Deviated {
        /// Where it was aimed.
        from: ZoneId,
        /// Where it lands.
        to: ZoneId,
    },
    /// A character reached 0 health: it dies at the end of round `dies`.
    Dying {
        /// Who.
        id: CombatantId,
        /// The round at whose end it dies unless healed.
        dies: u32,
    },
    /// A dying character was healed (or died): no longer counted down.
    NoLongerDying {
        /// Who.
        id: CombatantId,
    },
    /// A character grabs another.
    Grabbed {
        /// The one held.
        id: CombatantId,
        /// The one holding.
        by: CombatantId,
    },
    /// A grabbed character is free.
    Freed {
        /// Who.
        id: CombatantId,
    },
    /// A character stands on a border (`None`: inside its zone).
    OnBorder {
        /// Who.
        id: CombatantId,
        /// The neighbouring zone.
        zone: Option<ZoneId>,
    },
    /// A character passed a morale check: no more checks this stretch.
    Steady {
        /// Who.
        id: CombatantId,
    },
    /// A side's morale is settled this round.
    MoraleDone {
        /// Which.
        side: SideId,
    },
    /// An item was used in the fight (its durability is rolled afterwards).
    ItemUsed {
        /// Whose.
        owner: CombatantId,
        /// The item's name.
        item: String,
    },
    /// An item's wear changed.
    Worn {
        /// Whose.
        owner: CombatantId,
        /// The item's name.
        item: String,
        /// Damaged or broken.
        wear: Wear,
    },
    /// The fight is over.
    FightOver,
    /// The durability rolls are made.
    DurabilityRolled,
    /// Something waiting (at this place in the queue) is dropped: someone it names left.
    Dropped {
        /// Its place in the queue.
        index: usize,
    },
    /// Something waiting (at this place in the queue) is changed: someone it names left.
    Revised {
        /// Its place in the queue.
        index: usize,
        /// What it is now.
        pending: Pending,
    },
    /// A character left the fight: its dying count, holds, border, moves, steadiness and
    /// gear records go with it.
    Withdrawn {
        /// Who.
        id: CombatantId,
    },
}
