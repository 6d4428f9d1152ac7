//! The facts only the Sovereign procedure knows.

use super::{Pending, SovCommand};
use crate::ids::{CombatantId, SideId};
use crate::space::grid::GridPos;
use crate::system::TurnAt;
use serde::{Deserialize, Serialize};

/// A fact only this procedure knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "sovereign", rename_all = "snake_case")]
pub enum SovEvent {
    /// The surprised side.
    Surprised {
        /// Which (none: nobody).
        side: Option<SideId>,
    },
    /// A side expects a fight, or no longer does.
    Expects {
        /// Which side.
        side: SideId,
        /// Expects one.
        on: bool,
    },
    /// A side's initiative, for the whole fight.
    Initiative {
        /// Which side.
        side: SideId,
        /// Its total (the d8, plus the party's best DEX modifier).
        total: i64,
    },
    /// Someone spent its Main action (on its turn, or on an Instant off it).
    Main {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
        /// On what.
        what: String,
    },
    /// The acting combatant walked `feet` of its moves.
    Walked {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
        /// Feet, in all, this turn.
        feet: u32,
        /// Its movement is over for the turn (a Charge takes the whole Move).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        done: bool,
    },
    /// An attack rolled, waiting for the target's answer.
    Waiting {
        /// The attack.
        pending: Pending,
    },
    /// The waiting attack was answered (or dropped).
    Answered,
    /// Veteran's Luck forced the waiting attack's outcome (`hit`), and is spent for the round.
    Lucky {
        /// Who used it.
        id: CombatantId,
        /// The outcome now.
        hit: bool,
    },
    /// The acting combatant disengaged this turn.
    Disengaged {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
    },
    /// A walk out of melee waits for the attacks of opportunity of these foes.
    Threatened {
        /// Who walks.
        id: CombatantId,
        /// From where.
        from: GridPos,
        /// To where.
        to: GridPos,
        /// Feet it costs.
        cost_ft: u32,
        /// The foes it leaves.
        strikers: Vec<CombatantId>,
        /// It stands up rather than walks (`from` and `to` are where it lies).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
        /// The action that draws the attacks and waits for them, when it is not a walk.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Box<SovCommand>>,
    },
    /// A foe answered (struck or let go), or left.
    Struck {
        /// Who.
        striker: CombatantId,
    },
    /// The walk waiting for attacks of opportunity is made or dropped.
    WalkSettled,
    /// A bow or crossbow shot and waits to be reloaded (`loaded` false), or is reloaded.
    Loaded {
        /// Whose.
        id: CombatantId,
        /// Which attack.
        weapon: usize,
        /// Loaded again.
        loaded: bool,
    },
    /// A shield turned a Shock aside: it turns no other this round.
    ShieldUsed {
        /// Whose.
        id: CombatantId,
    },
    /// Someone fell mortally injured.
    Fell {
        /// Who.
        id: CombatantId,
        /// In which round.
        round: u32,
    },
    /// The mortally injured is stabilized, or dead: the countdown ends.
    Settled {
        /// Who.
        id: CombatantId,
    },
    /// A grapple begins (`by` holds `target`) or ends (`by` none).
    Grapple {
        /// Who is held.
        target: CombatantId,
        /// Who holds it.
        by: Option<CombatantId>,
    },
    /// A screener guards a ward until its next turn, or stops (`ward` none).
    Screening {
        /// Who screens.
        screener: CombatantId,
        /// Whom.
        ward: Option<CombatantId>,
    },
    /// A screener took on an attacker this round (it counts toward its cap).
    Screened {
        /// Who screens.
        screener: CombatantId,
        /// The attacker.
        attacker: CombatantId,
    },
    /// Someone holds its action (its Main may come off its turn this round), or no longer.
    Held {
        /// Who.
        id: CombatantId,
        /// Holds it.
        on: bool,
    },
    /// Morale was settled for this one (it will not be asked again this fight).
    MoraleDone {
        /// Who.
        id: CombatantId,
    },
    /// A new round: shields are ready again, and every Main action.
    RoundReset,
}
