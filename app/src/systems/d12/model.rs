//! The commands, events and state of the d12 declared-action procedure. Ordinary facts
//! (damage, conditions, rolls, the order) are core events; these carry what only this
//! procedure knows: base initiative, declared actions, the hit waiting for its damage, the
//! wounds taken, morale already checked. The state they build is in `state.rs`.

use crate::ids::CombatantId;
use serde::{Deserialize, Serialize};

/// What a combatant declares for the round. Each kind changes its initiative that round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Strike with one of its attacks (index into the block's attacks): + the weapon's speed.
    Attack {
        /// Who.
        target: CombatantId,
        /// Which attack of the block.
        weapon: usize,
    },
    /// Strike carefully, provoking no riposte: + speed + 1 (speed 0 without a weapon).
    DefensiveAttack {
        /// Who, if it means to strike at all.
        #[serde(default)]
        target: Option<CombatantId>,
        /// Which attack, if any.
        #[serde(default)]
        weapon: Option<usize>,
    },
    /// Cast a spell: + (its TN − 10).
    Spell {
        /// The spell's name.
        name: String,
        /// Its casting target number.
        tn: i64,
        /// Its target, if any.
        #[serde(default)]
        target: Option<CombatantId>,
    },
    /// Use a consumable item: + 6 unless the item says otherwise.
    Consumable {
        /// The item's own modifier, when it states one.
        #[serde(default)]
        modifier: Option<i64>,
    },
    /// Throw an item: + 2 unless it says otherwise.
    Throw {
        /// At whom, if anyone.
        #[serde(default)]
        target: Option<CombatantId>,
        /// The item's own modifier, when it states one.
        #[serde(default)]
        modifier: Option<i64>,
    },
    /// Do nothing but defend: − 1, + 4 Defense and a riposte when attacked, half speed.
    FullDefense,
    /// An incapacitated creature crawls a yard: the one thing it does for free.
    Crawl,
    /// Anything else (moving, talking...), with the modifier the GM rules.
    Other {
        /// What, in the GM's words.
        text: String,
        /// Its initiative modifier.
        #[serde(default)]
        modifier: i64,
    },
}

/// A declaration with the numbers it gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    /// What it will do.
    pub action: Action,
    /// The action's initiative modifier.
    pub modifier: i64,
    /// Base initiative + modifier: the count it acts at.
    pub count: i64,
    /// Its count had already passed when it declared (a newcomer): it acts next round.
    #[serde(default)]
    pub missed: bool,
}

/// One wound: damage that reached the Wound Points, with its type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wound {
    /// The damage type ("blunt").
    pub damage_type: String,
    /// Wound Points lost.
    pub amount: i64,
    /// Whether it came from a critical hit.
    #[serde(default)]
    pub critical: bool,
    /// The combat injury it caused, if one was rolled.
    #[serde(default)]
    pub injury: Option<String>,
}

/// Something the GM must settle before anything else happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    /// An attack hit: ordinary damage, or a critical hit?
    Damage {
        /// Who hit.
        attacker: CombatantId,
        /// Who was hit.
        target: CombatantId,
        /// With which attack of its block.
        weapon: usize,
        /// The d20's face (the GM decides what is critical; a 20 is pointed out).
        natural: u32,
    },
    /// A critical hit gave a combat injury: on which damage type's table?
    Injury {
        /// Who struck.
        attacker: CombatantId,
        /// Who is injured.
        target: CombatantId,
        /// The attack's damage types (the attacker's side picks one).
        types: Vec<String>,
    },
    /// A defender on full defense was attacked: does it riposte?
    Riposte {
        /// Who may strike back.
        defender: CombatantId,
        /// At whom.
        attacker: CombatantId,
    },
}

impl Pending {
    /// Who the GM asks.
    pub fn actor(&self) -> CombatantId {
        match self {
            Pending::Damage { attacker, .. } | Pending::Injury { attacker, .. } => *attacker,
            Pending::Riposte { defender, .. } => *defender,
        }
    }
}

/// What sets off a monster's morale check at the end of the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// It lost more than half its Wound Points in one hit.
    BigHit,
    /// Its side is outnumbered.
    Outnumbered,
    /// Someone intimidated it: the check is against their result.
    Intimidated,
}

impl Trigger {
    /// Words for the GM.
    pub fn label(self) -> &'static str {
        match self {
            Trigger::BigHit => "lost over half its Wound Points in one hit",
            Trigger::Outnumbered => "outnumbered",
            Trigger::Intimidated => "intimidated",
        }
    }
}

/// A command of the procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "d12", rename_all = "snake_case")]
pub enum D12Command {
    /// Mark combatants surprised (they roll initiative but skip the first round) or not.
    Surprise {
        /// Who.
        ids: Vec<CombatantId>,
        /// Surprised or not.
        surprised: bool,
    },
    /// Roll base initiative (d12 − AGI modifier) once, shared by all of `ids`.
    Initiative {
        /// Who shares the roll (identical monsters, or one combatant).
        ids: Vec<CombatantId>,
    },
    /// Declare a combatant's action for the round.
    Declare {
        /// Who.
        id: CombatantId,
        /// What.
        action: Action,
    },
    /// The GM changes what a combatant declared, once the counting has started: the action
    /// changes, its place in the order stays (journaled as the GM's call).
    ChangeDeclaration {
        /// Who.
        id: CombatantId,
        /// What it does now.
        action: Action,
    },
    /// An attack roll: d20 + bonus against the target's Defense.
    Attack {
        /// Who strikes (on its count, or riposting).
        attacker: CombatantId,
        /// At whom.
        target: CombatantId,
        /// Which attack of its block.
        weapon: usize,
        /// A riposte from full defense (out of turn).
        #[serde(default)]
        riposte: bool,
    },
    /// Roll the damage of the hit waiting for it; `critical` multiplies it and sends it all
    /// to the Wound Points.
    Damage {
        /// Whether the GM calls it a critical hit.
        critical: bool,
    },
    /// Roll the combat injury on the table of `damage_type`.
    Injury {
        /// The damage type whose table is rolled.
        damage_type: String,
    },
    /// Let the waiting injury or riposte go.
    Dismiss,
    /// A combatant at its count carries out its declared action (not an attack), or not.
    Done {
        /// Who.
        id: CombatantId,
        /// False: it lets its count pass doing nothing.
        acted: bool,
    },
    /// A Heal check to stabilize a fallen creature.
    Stabilize {
        /// Who treats.
        healer: CombatantId,
        /// Who is treated.
        target: CombatantId,
    },
    /// Spend Stress in place of Mana.
    SpendStress {
        /// Who.
        id: CombatantId,
        /// How much.
        amount: i64,
    },
    /// An Intimidation check against a monster: its morale check this round opposes it.
    Intimidate {
        /// Who intimidates.
        by: CombatantId,
        /// Whom.
        target: CombatantId,
    },
    /// A monster's morale check (3d6 + Insight + HD + allies); `obvious` fails it outright.
    Morale {
        /// Who.
        id: CombatantId,
        /// The outcome is plain to it: it fails without a roll.
        #[serde(default)]
        obvious: bool,
    },
    /// The GM rules a due morale check unneeded.
    SkipMorale {
        /// Who.
        id: CombatantId,
    },
}

/// A fact of the procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "d12", rename_all = "snake_case")]
pub enum D12Event {
    /// Base initiative for the fight, one roll shared by `ids`.
    BaseInitiative {
        /// Who.
        ids: Vec<CombatantId>,
        /// The number.
        base: i64,
    },
    /// A declaration; `hidden` ones are journaled without their content until revealed.
    Declared {
        /// Who.
        id: CombatantId,
        /// What and at which count.
        declared: Declared,
        /// Written down, not yet shown.
        #[serde(default)]
        hidden: bool,
    },
    /// The hidden declarations are shown.
    Revealed,
    /// A newcomer whose count had passed: it acts next round at `count` (already − 12) too.
    Late {
        /// Who.
        id: CombatantId,
        /// Its declaration, count already lowered by 12.
        declared: Declared,
    },
    /// A new count starts: `fit` could act when it began (they act even if struck down at
    /// this same count: simultaneous results).
    CountStarted {
        /// Who was able to act at the start of the count.
        fit: Vec<CombatantId>,
    },
    /// A newcomer joins the count in progress, able to act.
    JoinedCount {
        /// Who.
        id: CombatantId,
    },
    /// A combatant used its place at this count.
    Acted {
        /// Who.
        id: CombatantId,
    },
    /// Something waits for the GM (queued after what already waits, or first).
    Queued {
        /// What.
        pending: Pending,
        /// Put it before anything already waiting.
        #[serde(default)]
        first: bool,
    },
    /// The first waiting thing is settled.
    Settled,
    /// Damage reached the Wound Points.
    Wounded {
        /// Who.
        id: CombatantId,
        /// The wound.
        wound: Wound,
    },
    /// The last wound caused a combat injury.
    Injured {
        /// Who.
        id: CombatantId,
        /// The injury's name.
        injury: String,
    },
    /// A monster lost over half its Wound Points in one hit: morale is due.
    BigHit {
        /// Who.
        id: CombatantId,
    },
    /// An Intimidation result a monster's morale must beat this round.
    Intimidated {
        /// Whom.
        id: CombatantId,
        /// The check's total.
        result: i64,
    },
    /// A monster's morale is settled for the round.
    MoraleSettled {
        /// Who.
        id: CombatantId,
    },
    /// A new round: declarations, counts and morale start over; owed late actions are due.
    RoundReset,
    /// Something waiting (at this place in the queue) is dropped: someone it names left.
    Dropped {
        /// Its place in the queue.
        index: usize,
    },
    /// A combatant left the fight mid-round: its declaration and owed late actions go.
    Withdrawn {
        /// Who.
        id: CombatantId,
    },
}
