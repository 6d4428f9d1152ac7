//! The Next button: into the first round once everyone has a base initiative, from the
//! declarations to the counting, count by count, to the end of the round (the dying bleed,
//! morale) and the next round.

use super::Step;
use super::count::plan;
use super::declare::{FULL_DEFENSE, to_declare};
use super::initiative::SURPRISED;
use super::model::{Action, D12Event};
use super::wounds::{self, Status, status};
use super::{HIDDEN, R_TURN, ROUND_ROBIN, morale};
use crate::dice::DiceSource;
use crate::encounter::{Encounter, OrderEntry};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::{Ctx, RuleError};

/// Combatants still without a base initiative.
pub fn without_base(enc: &Encounter) -> Vec<CombatantId> {
    enc.combatants
        .values()
        .filter(|c| !enc.d12().base.contains_key(&c.id) && status(c) != Status::Dead)
        .map(|c| c.id)
        .collect()
}

/// Whether anyone at this place can still act.
fn has_actor(enc: &Encounter, entry: &OrderEntry) -> bool {
    entry.combatants.iter().any(|id| {
        enc.combatant(*id).is_some_and(|c| {
            status(c) != Status::Dead && !wounds::OUT.iter().any(|k| c.conditions.contains(*k))
        })
    })
}

/// Goes to the next place after `from` with someone able to act, or ends the round.
fn next_count(ctx: &mut Ctx, from: Option<usize>) {
    let order = ctx.enc.order.to_vec();
    let start = from.map_or(0, |t| t + 1);
    match (start..order.len()).find(|&i| has_actor(ctx.enc, &order[i])) {
        Some(i) => {
            let first = order[i].combatants.first().copied();
            ctx.push(R_TURN, first, EventKind::TurnStarted { index: Some(i) });
            let fit = order[i]
                .combatants
                .iter()
                .copied()
                .filter(|id| ctx.enc.combatant(*id).is_some_and(wounds::is_up))
                .collect();
            ctx.emit(R_TURN, first, D12Event::CountStarted { fit });
        }
        None => {
            ctx.push(R_TURN, None, EventKind::TurnStarted { index: None });
            ctx.push(R_TURN, None, Step::End.entered());
            wounds::bleed(ctx);
        }
    }
}

/// Starts round `round`: declarations start over, surprise and full defense wear off.
fn new_round(ctx: &mut Ctx, round: u32) {
    ctx.push(R_TURN, None, EventKind::RoundStarted { round });
    ctx.emit(R_TURN, None, D12Event::RoundReset);
    let worn: Vec<(CombatantId, &str)> = ctx
        .enc
        .combatants
        .values()
        .flat_map(|c| {
            let mut v = Vec::new();
            if round > 1 && c.conditions.contains(SURPRISED) {
                v.push((c.id, SURPRISED));
            }
            if c.conditions.contains(FULL_DEFENSE) {
                v.push((c.id, FULL_DEFENSE));
            }
            v
        })
        .collect();
    for (id, k) in worn {
        ctx.uncondition(R_TURN, id, k);
    }
    ctx.push(R_TURN, None, Step::Declare.entered());
}

/// The stepper's Next.
pub(crate) fn advance(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    match Step::of(ctx.enc) {
        None | Some(Step::Before) => {
            if ctx.enc.combatants.is_empty() {
                return Err(RuleError::NotAllowed(
                    "add at least one combatant before starting".into(),
                ));
            }
            if let Some(id) = without_base(ctx.enc).first() {
                return Err(RuleError::NotAllowed(format!(
                    "roll {}'s base initiative first",
                    ctx.enc.name_of(*id)
                )));
            }
            new_round(&mut ctx, 1);
        }
        Some(Step::Declare) => {
            if let Some(id) = without_base(ctx.enc).first() {
                return Err(RuleError::NotAllowed(format!(
                    "roll {}'s base initiative first",
                    ctx.enc.name_of(*id)
                )));
            }
            if let Some(id) = to_declare(ctx.enc).first() {
                return Err(RuleError::NotAllowed(format!(
                    "{} has not declared an action",
                    ctx.enc.name_of(*id)
                )));
            }
            if ctx.enc.choice(super::DECLARE_ORDER, ROUND_ROBIN) == HIDDEN {
                ctx.emit(R_TURN, None, D12Event::Revealed);
                // Full defense written down shows on the token now.
                let full: Vec<CombatantId> = ctx
                    .enc
                    .d12()
                    .declared
                    .iter()
                    .filter(|(_, d)| d.action == Action::FullDefense)
                    .map(|(id, _)| *id)
                    .collect();
                for id in full {
                    ctx.condition(R_TURN, id, FULL_DEFENSE);
                }
            }
            let order = plan(ctx.enc);
            ctx.push(R_TURN, None, EventKind::OrderSet { order });
            ctx.push(R_TURN, None, Step::Resolve.entered());
            next_count(&mut ctx, None);
        }
        Some(Step::Resolve) => {
            let turn = ctx.enc.turn;
            next_count(&mut ctx, turn)
        }
        Some(Step::End) => {
            if let Some((id, trigger)) = morale::due(ctx.enc).first() {
                return Err(RuleError::NotAllowed(format!(
                    "{} must check morale first ({})",
                    ctx.enc.name_of(*id),
                    trigger.label()
                )));
            }
            let round = ctx.enc.round + 1;
            new_round(&mut ctx, round);
        }
    }
    Ok(ctx.finish())
}
