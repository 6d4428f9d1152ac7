//! The attack in progress: what it aims at, its circumstances, the reaction it waits for, a
//! held move, whose turn it is.

use crate::ids::{CombatantId, ZoneId};
use serde::{Deserialize, Serialize};

/// What an attack aims at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Aim {
    /// One character.
    One {
        /// Who.
        target: CombatantId,
    },
    /// A blast on a zone: everyone in it and on its borders.
    Zone {
        /// Which zone.
        zone: ZoneId,
    },
}

/// A non-lethal attack: no damage, a STR save or its consequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NonLethal {
    /// The target drops a weapon on a failed STR save.
    Disarm,
    /// The target is grabbed (entangled) on a failed STR save.
    Grapple,
}

/// What the GM says about an attack's circumstances (the rules cannot see them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Circumstances {
    /// The attacker holds back: impaired damage.
    #[serde(default)]
    pub held_back: bool,
    /// The attacker shoots while moving.
    #[serde(default)]
    pub moving: bool,
    /// The target cannot be seen.
    #[serde(default)]
    pub unseen: bool,
    /// The target does not know the attacker is there: no reaction.
    #[serde(default)]
    pub unaware: bool,
    /// The target stands in concealment (smoke, darkness): impaired damage.
    #[serde(default)]
    pub concealment: bool,
    /// The target is behind cover: +1 armour.
    #[serde(default)]
    pub cover: bool,
    /// The attack is strong enough to go through the cover.
    #[serde(default)]
    pub penetrating: bool,
    /// A barrier stands between them: the attack is blocked.
    #[serde(default)]
    pub barrier: bool,
    /// The attacker peeks out from a barrier: it may be countered, with cover.
    #[serde(default)]
    pub peeking: bool,
    /// Something (a trait, a power) enhances the damage.
    #[serde(default)]
    pub enhanced: bool,
}

/// An attack as the GM asks for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackSpec {
    /// Who attacks.
    pub attacker: CombatantId,
    /// At whom or where.
    pub aim: Aim,
    /// Which weapon of the block (`None`: unarmed).
    #[serde(default)]
    pub weapon: Option<usize>,
    /// What the GM says about the circumstances.
    #[serde(default)]
    pub how: Circumstances,
    /// An effect offered instead of the damage (a stunt), in the GM's words.
    #[serde(default)]
    pub stunt: Option<String>,
    /// A disarm or a grapple instead of damage.
    #[serde(default)]
    pub nonlethal: Option<NonLethal>,
    /// Kill a nearby incapacitated target outright.
    #[serde(default)]
    pub final_blow: bool,
}

impl AttackSpec {
    /// A plain attack: ordinary circumstances, damage, no stunt.
    pub fn plain(attacker: CombatantId, aim: Aim, weapon: Option<usize>) -> Self {
        AttackSpec {
            attacker,
            aim,
            weapon,
            how: Circumstances::default(),
            stunt: None,
            nonlethal: None,
            final_blow: false,
        }
    }
}

/// A reaction to an attack (or the choice not to react).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reaction", rename_all = "snake_case")]
pub enum Reaction {
    /// Takes the attack.
    None,
    /// AGI save: a pass makes the attack miss.
    Dodge,
    /// Strikes back: both roll damage, the one taking more is hit first.
    Counter {
        /// Which weapon (`None`: unarmed).
        #[serde(default)]
        weapon: Option<usize>,
        /// A disarm or a grapple as the counter (resolved last).
        #[serde(default)]
        nonlethal: Option<NonLethal>,
    },
    /// A willing nearby character (or the one it holds) becomes the target.
    HideBehind {
        /// Who takes its place.
        shield: CombatantId,
    },
    /// A nearby character steps in and becomes the target.
    GuardedBy {
        /// Who guards.
        guard: CombatantId,
    },
}

/// One target's state within an attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Struck {
    /// Who is struck now (after any hiding behind or guarding).
    pub id: CombatantId,
    /// Its reaction, once chosen.
    #[serde(default)]
    pub reaction: Option<Reaction>,
    /// It stepped in as a guard (or was hidden behind while held): it cannot dodge or
    /// counter.
    #[serde(default)]
    pub guard: bool,
}

/// An attack that hit (or will, unless dodged) and waits for the GM.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingAttack {
    /// The attack as asked.
    pub spec: AttackSpec,
    /// Its targets and their reactions, in order.
    pub struck: Vec<Struck>,
    /// A stunt still waiting for the target's answer.
    #[serde(default)]
    pub stunt_open: bool,
    /// The targets cannot react (unaware, an opportunity attack, an ambusher).
    #[serde(default)]
    pub no_reaction: bool,
    /// Why they cannot, in a few words.
    #[serde(default)]
    pub why_not: String,
    /// An opportunity attack interrupting this move, completed afterwards.
    #[serde(default)]
    pub then_move: Option<HeldMove>,
}

/// A move held while nearby enemies may strike at the one leaving.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldMove {
    /// Who moves.
    pub id: CombatantId,
    /// From where.
    pub from: Option<ZoneId>,
    /// Where to.
    pub to: Option<ZoneId>,
    /// Zone steps it costs.
    pub steps: u32,
}

/// Something the GM must settle before anything else happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    /// An attack waits for a stunt's answer or the targets' reactions.
    Attack(PendingAttack),
    /// A character moves away from nearby enemies: does one strike at it?
    Leaving {
        /// The move.
        held: HeldMove,
        /// Who may strike.
        enemies: Vec<CombatantId>,
    },
    /// A character failed morale: it surrenders or retreats.
    Yield {
        /// Who.
        id: CombatantId,
    },
}

/// What a turn has used so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Whose turn.
    pub id: Option<CombatantId>,
    /// Bonus actions taken (two at most, one when a main action was taken).
    #[serde(default)]
    pub bonus: u32,
    /// Whether the main action is taken.
    #[serde(default)]
    pub main: bool,
    /// Zones moved this turn.
    #[serde(default)]
    pub zones: u32,
    /// The main action was full movement (more zones).
    #[serde(default)]
    pub full_move: bool,
    /// An ambusher's bonus turn (it keeps its turn of the round).
    #[serde(default)]
    pub ambush: bool,
}
