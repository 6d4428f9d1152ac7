//! The procedure's state inside an encounter, folded from its events.

use super::{MurdhamEvent, Pending, Turn, Wear};
use crate::ids::{CombatantId, SideId, ZoneId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

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
            E::RoundReset => self.round_reset(),
            E::Threshold { threshold } => self.threshold = Some(*threshold),
            E::First { side } => self.first_to_act(*side),
            E::PhaseBegun => self.phase_begun(),
            E::Activated { id, ambush } => self.activated(*id, *ambush),
            E::Used { bonus, main, zones, full_move } => {
                self.used_now(*bonus, *main, *zones, *full_move);
            }
            E::TurnEnded { .. } => self.turn = Turn::default(),
            E::Passed { side, .. } => {
                Arc::make_mut(&mut self.passes).insert(*side);
            }
            E::Chooses { side } => self.choosing = Some(*side),
            E::Reacted { id, .. } => {
                Arc::make_mut(&mut self.acted).insert(*id);
            }
            E::Queued { pending, first } => self.queue(pending, *first),
            E::Updated { pending } => self.update_first(pending),
            E::Settled => self.settle_first(),
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
            E::OnBorder { id, zone } => self.on_border(*id, *zone),
            E::Steady { id } => {
                Arc::make_mut(&mut self.steady).insert(*id);
            }
            E::MoraleDone { side } => {
                Arc::make_mut(&mut self.morale_done).insert(*side);
            }
            E::ItemUsed { owner, item } => {
                Arc::make_mut(&mut self.used).entry(*owner).or_default().insert(item.clone());
            }
            E::Worn { owner, item, wear } => self.worn(*owner, item, *wear),
            E::FightOver => self.fight_over(),
            E::DurabilityRolled => self.durability_done = true,
            E::Dropped { index } => self.drop_pending(*index),
            E::Revised { index, pending } => self.revise(*index, pending),
            E::Withdrawn { id } => self.withdraw(*id),
        }
    }
}

impl MurdhamState {
    /// A new round: no first faction or choice yet, no passes, turns, moves or morale checks.
    fn round_reset(&mut self) {
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

    /// `side` acts first this round, and chooses first.
    fn first_to_act(&mut self, side: SideId) {
        self.first = Some(side);
        self.choosing = Some(side);
    }

    /// The factions start taking turns: no passes yet, the first faction choosing.
    fn phase_begun(&mut self) {
        self.passes = Arc::default();
        self.choosing = self.first;
    }

    /// `id` takes its turn (an ambush turn or its turn this round): passes start over.
    fn activated(&mut self, id: CombatantId, ambush: bool) {
        self.turn = Turn { id: Some(id), ambush, ..Turn::default() };
        if ambush {
            Arc::make_mut(&mut self.ambushed).insert(id);
        } else {
            Arc::make_mut(&mut self.acted).insert(id);
        }
        self.passes = Arc::default();
    }

    /// What the turn going on has used now; the zones walked since added to its mover's.
    fn used_now(&mut self, bonus: u32, main: bool, zones: u32, full_move: bool) {
        self.turn.bonus = bonus;
        self.turn.main = main;
        if let Some(id) = self.turn.id {
            let before = Arc::make_mut(&mut self.moved).entry(id).or_default();
            *before += zones.saturating_sub(self.turn.zones);
        }
        self.turn.zones = zones;
        self.turn.full_move = full_move;
    }

    /// Something waits: first of all, or after the rest.
    fn queue(&mut self, pending: &Pending, first: bool) {
        if first {
            Arc::make_mut(&mut self.pending).insert(0, pending.clone());
        } else {
            Arc::make_mut(&mut self.pending).push(pending.clone());
        }
    }

    /// The first thing waiting changes (or, with nothing waiting, waits).
    fn update_first(&mut self, pending: &Pending) {
        match Arc::make_mut(&mut self.pending).first_mut() {
            Some(p) => *p = pending.clone(),
            None => Arc::make_mut(&mut self.pending).push(pending.clone()),
        }
    }

    /// The first thing waiting is settled.
    fn settle_first(&mut self) {
        if !self.pending.is_empty() {
            Arc::make_mut(&mut self.pending).remove(0);
        }
    }

    /// `id` stands on the border with `zone`, or steps back inside its own.
    fn on_border(&mut self, id: CombatantId, zone: Option<ZoneId>) {
        match zone {
            Some(z) => {
                Arc::make_mut(&mut self.borders).insert(id, z);
            }
            None => {
                Arc::make_mut(&mut self.borders).remove(&id);
            }
        }
    }

    /// An item of `owner`'s wears.
    fn worn(&mut self, owner: CombatantId, item: &str, wear: Wear) {
        Arc::make_mut(&mut self.wear).entry(owner).or_default().insert(item.to_owned(), wear);
    }

    /// The fight is over: no turn and nothing waiting.
    fn fight_over(&mut self) {
        self.over = true;
        self.turn = Turn::default();
        self.pending = Arc::default();
    }

    /// The thing waiting at `index` is dropped.
    fn drop_pending(&mut self, index: usize) {
        if index < self.pending.len() {
            Arc::make_mut(&mut self.pending).remove(index);
        }
    }

    /// The thing waiting at `index` changes.
    fn revise(&mut self, index: usize, pending: &Pending) {
        if let Some(p) = Arc::make_mut(&mut self.pending).get_mut(index) {
            *p = pending.clone();
        }
    }

    /// `id` leaves the fight's records: it is forgotten everywhere it was kept.
    fn withdraw(&mut self, id: CombatantId) {
        Arc::make_mut(&mut self.dying).remove(&id);
        Arc::make_mut(&mut self.grabs).retain(|held, by| *held != id && *by != id);
        Arc::make_mut(&mut self.borders).remove(&id);
        Arc::make_mut(&mut self.moved).remove(&id);
        Arc::make_mut(&mut self.steady).remove(&id);
        Arc::make_mut(&mut self.used).remove(&id);
        Arc::make_mut(&mut self.wear).remove(&id);
    }
}
