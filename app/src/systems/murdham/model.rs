//! The commands, events and state of the Murdham procedure. Ordinary facts (damage,
//! conditions, rolls, moves) are core events; these carry what only this procedure knows:
//! which faction holds the initiative and whose choice it is, who has had a turn, passes in
//! a row, the turn in progress, the attack waiting for a reaction, grabs, borders, the dying,
//! morale immunity and the wear of gear.

use crate::ids::{CombatantId, SideId, ZoneId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

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

/// How worn an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wear {
    /// Damaged: a weapon or shield breaks on a damage roll of 1, armour or a shield on a
    /// hit of 8 or more.
    Damaged,
    /// Broken: no use any more.
    Broken,
}

/// How a character who failed morale gives up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Yield {
    /// Throws down its weapons.
    Surrender,
    /// Falls back and leaves the fight.
    Retreat,
}

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

/// The procedure's state inside an encounter.
/// Its lists are shared between an encounter and its copies until an event changes one
/// (every command works on a copy: see `D12State`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MurdhamState {
    /// The faction holding the initiative.
    #[serde(default)]
    pub holder: Option<SideId>,
    /// The faction acting first this round (the holder's choice).
    #[serde(default)]
    pub first: Option<SideId>,
    /// The faction choosing now.
    #[serde(default)]
    pub choosing: Option<SideId>,
    /// Factions that passed since the last turn, in a row.
    #[serde(default)]
    pub passes: Arc<BTreeSet<SideId>>,
    /// Who has had its turn this round (acted or reacted).
    #[serde(default)]
    pub acted: Arc<BTreeSet<CombatantId>>,
    /// Ambushers who had their bonus turn.
    #[serde(default)]
    pub ambushed: Arc<BTreeSet<CombatantId>>,
    /// The turn in progress.
    #[serde(default)]
    pub turn: Turn,
    /// Zones moved this round per character (the round's cap counts them all).
    #[serde(default)]
    pub moved: Arc<BTreeMap<CombatantId, u32>>,
    /// The fast action threshold of this round, with the optional rule on.
    #[serde(default)]
    pub threshold: Option<i64>,
    /// What waits for the GM, first first.
    #[serde(default)]
    pub pending: Arc<Vec<Pending>>,
    /// The last blast that deviated, for the board to draw.
    #[serde(default)]
    pub deviation: Option<(ZoneId, ZoneId)>,
    /// Who is dying, and the round at whose end it dies.
    #[serde(default)]
    pub dying: Arc<BTreeMap<CombatantId, u32>>,
    /// Grabbed characters and who holds them.
    #[serde(default)]
    pub grabs: Arc<BTreeMap<CombatantId, CombatantId>>,
    /// Characters standing on the border with a neighbouring zone.
    #[serde(default)]
    pub borders: Arc<BTreeMap<CombatantId, ZoneId>>,
    /// Characters no longer subject to morale this stretch.
    #[serde(default)]
    pub steady: Arc<BTreeSet<CombatantId>>,
    /// Sides whose morale is settled this round.
    #[serde(default)]
    pub morale_done: Arc<BTreeSet<SideId>>,
    /// Items used in the fight, per owner.
    #[serde(default)]
    pub used: Arc<BTreeMap<CombatantId, BTreeSet<String>>>,
    /// Wear of items, per owner (items not listed are as their block says).
    #[serde(default)]
    pub wear: Arc<BTreeMap<CombatantId, BTreeMap<String, Wear>>>,
    /// The fight is over.
    #[serde(default)]
    pub over: bool,
    /// The durability rolls are made.
    #[serde(default)]
    pub durability_done: bool,
}

impl crate::system::Kept<MurdhamEvent> for MurdhamState {
    /// Applies one event; never fails.
    fn apply(&mut self, e: &MurdhamEvent) {
        use MurdhamEvent as E;
        match e {
            E::Holder { side, .. } => self.holder = Some(*side),
            E::RoundReset => {
                self.first = None;
                self.choosing = None;
                self.passes = Arc::default();
                self.acted = Arc::default();
                self.turn = Turn::default();
                self.moved = Arc::default();
                self.threshold = None;
                self.morale_done = Arc::default();
                self.deviation = None;
            }
            E::Threshold { threshold } => self.threshold = Some(*threshold),
            E::First { side } => {
                self.first = Some(*side);
                self.choosing = Some(*side);
            }
            E::PhaseBegun => {
                self.passes = Arc::default();
                self.choosing = self.first;
            }
            E::Activated { id, ambush } => {
                self.turn = Turn { id: Some(*id), ambush: *ambush, ..Turn::default() };
                if *ambush {
                    Arc::make_mut(&mut self.ambushed).insert(*id);
                } else {
                    Arc::make_mut(&mut self.acted).insert(*id);
                }
                self.passes = Arc::default();
            }
            E::Used { bonus, main, zones, full_move } => {
                self.turn.bonus = *bonus;
                self.turn.main = *main;
                if let Some(id) = self.turn.id {
                    let before = Arc::make_mut(&mut self.moved).entry(id).or_default();
                    *before += zones.saturating_sub(self.turn.zones);
                }
                self.turn.zones = *zones;
                self.turn.full_move = *full_move;
            }
            E::TurnEnded { .. } => self.turn = Turn::default(),
            E::Passed { side, .. } => {
                Arc::make_mut(&mut self.passes).insert(*side);
            }
            E::Chooses { side } => self.choosing = Some(*side),
            E::Reacted { id, .. } => {
                Arc::make_mut(&mut self.acted).insert(*id);
            }
            E::Queued { pending, first } => {
                if *first {
                    Arc::make_mut(&mut self.pending).insert(0, pending.clone());
                } else {
                    Arc::make_mut(&mut self.pending).push(pending.clone());
                }
            }
            E::Updated { pending } => match Arc::make_mut(&mut self.pending).first_mut() {
                Some(p) => *p = pending.clone(),
                None => Arc::make_mut(&mut self.pending).push(pending.clone()),
            },
            E::Settled => {
                if !self.pending.is_empty() {
                    Arc::make_mut(&mut self.pending).remove(0);
                }
            }
            E::Deviated { from, to } => self.deviation = Some((*from, *to)),
            E::Dying { id, dies } => {
                Arc::make_mut(&mut self.dying).insert(*id, *dies);
            }
            E::NoLongerDying { id } => {
                Arc::make_mut(&mut self.dying).remove(id);
            }
            E::Grabbed { id, by } => {
                Arc::make_mut(&mut self.grabs).insert(*id, *by);
            }
            E::Freed { id } => {
                Arc::make_mut(&mut self.grabs).remove(id);
            }
            E::OnBorder { id, zone } => match zone {
                Some(z) => {
                    Arc::make_mut(&mut self.borders).insert(*id, *z);
                }
                None => {
                    Arc::make_mut(&mut self.borders).remove(id);
                }
            },
            E::Steady { id } => {
                Arc::make_mut(&mut self.steady).insert(*id);
            }
            E::MoraleDone { side } => {
                Arc::make_mut(&mut self.morale_done).insert(*side);
            }
            E::ItemUsed { owner, item } => {
                Arc::make_mut(&mut self.used).entry(*owner).or_default().insert(item.clone());
            }
            E::Worn { owner, item, wear } => {
                Arc::make_mut(&mut self.wear)
                    .entry(*owner)
                    .or_default()
                    .insert(item.clone(), *wear);
            }
            E::FightOver => {
                self.over = true;
                self.turn = Turn::default();
                self.pending = Arc::default();
            }
            E::DurabilityRolled => self.durability_done = true,
            E::Dropped { index } => {
                if *index < self.pending.len() {
                    Arc::make_mut(&mut self.pending).remove(*index);
                }
            }
            E::Revised { index, pending } => {
                if let Some(p) = Arc::make_mut(&mut self.pending).get_mut(*index) {
                    *p = pending.clone();
                }
            }
            E::Withdrawn { id } => {
                Arc::make_mut(&mut self.dying).remove(id);
                Arc::make_mut(&mut self.grabs).retain(|held, by| held != id && by != id);
                Arc::make_mut(&mut self.borders).remove(id);
                Arc::make_mut(&mut self.moved).remove(id);
                Arc::make_mut(&mut self.steady).remove(id);
                Arc::make_mut(&mut self.used).remove(id);
                Arc::make_mut(&mut self.wear).remove(id);
            }
        }
    }
}
