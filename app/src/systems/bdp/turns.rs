//! The Next button: into the first round, from declaring to the order, through the quick and
//! full turns, to morale and the next round. Also moves, which may provoke a free strike.

use super::Step;
use super::block;
use super::model::{BdpEvent, Intent, TurnClass};
use super::{R_ATTACK, R_TURN, morale, order};
use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::{Encounter, OrderEntry};
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, ZoneId};
use crate::system::Ctx;
use crate::system::Step as _;
use crate::system::{RuleError, System, handle_common};
use std::sync::Arc;

/// The class of a place in the order (its first combatant's declaration).
pub(crate) fn class_of(enc: &Encounter, entry: &OrderEntry) -> TurnClass {
    entry
        .combatants
        .first()
        .and_then(|id| enc.bdp().declarations.get(id))
        .map_or(TurnClass::Full, |d| d.class)
}

/// Whether nobody at this place can act any more.
fn is_out(enc: &Encounter, entry: &OrderEntry) -> bool {
    entry
        .combatants
        .iter()
        .all(|id| enc.combatant(*id).is_none_or(|c| super::declare::cannot_act(c).is_some()))
}

/// The next place after `from` whose combatants can still act.
fn next_place(enc: &Encounter, order: &[OrderEntry], from: Option<usize>) -> Option<usize> {
    let start = from.map_or(0, |t| t + 1);
    (start..order.len()).find(|&i| !is_out(enc, &order[i]))
}

/// Whether the round is at its turns (quick or full), where attacks, gambits, spells and saves
/// happen.
pub(super) fn in_turns(enc: &Encounter) -> bool {
    matches!(Step::of(enc), Some(Step::Quick | Step::Full))
}

/// Goes to place `next` (entering the full-turn phase when it is one), or to morale.
fn go_to(ctx: &mut Ctx, order: &[OrderEntry], next: Option<usize>) {
    match next {
        Some(i) => {
            let step = match class_of(ctx.enc, &order[i]) {
                TurnClass::Quick => Step::Quick,
                TurnClass::Full => Step::Full,
            };
            if !step.now(ctx.enc) {
                ctx.push(R_TURN, None, step.entered());
            }
            let actor = order[i].combatants.first().copied();
            ctx.push(R_TURN, actor, EventKind::TurnStarted { index: Some(i) });
        }
        None => {
            ctx.push(R_TURN, None, EventKind::TurnStarted { index: None });
            ctx.push(R_TURN, None, Step::Morale.entered());
        }
    }
}

/// Starts round `round`: intentions start over and a surprise's free round is over.
fn new_round(ctx: &mut Ctx, round: u32) {
    ctx.push(R_TURN, None, EventKind::RoundStarted { round });
    ctx.emit(R_TURN, None, BdpEvent::RoundReset);
    if round > 1 {
        let caught: Vec<CombatantId> = ctx
            .enc
            .combatants
            .values()
            .filter(|c| c.conditions.contains("surprised") || c.conditions.contains("unaware"))
            .map(|c| c.id)
            .collect();
        for id in caught {
            ctx.uncondition(R_TURN, id, "surprised");
            ctx.uncondition(R_TURN, id, "unaware");
        }
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
            new_round(&mut ctx, 1);
        }
        Some(Step::Declare) => {
            let plan = order::plan(ctx.enc);
            ctx.push(R_TURN, None, EventKind::OrderSet { order: plan.order });
            ctx.push(R_TURN, None, Step::Order.entered());
        }
        Some(Step::Order) => {
            if let Some((pc, _)) = order::pending(ctx.enc).first() {
                return Err(RuleError::NotAllowed(format!(
                    "break the tie first: {}'s DEX save",
                    ctx.enc.name_of(*pc)
                )));
            }
            let order = Arc::clone(&ctx.enc.order);
            let next = next_place(ctx.enc, &order, None);
            go_to(&mut ctx, &order, next);
        }
        Some(Step::Quick | Step::Full) => {
            let order = Arc::clone(&ctx.enc.order);
            let next = next_place(ctx.enc, &order, ctx.enc.turn);
            go_to(&mut ctx, &order, next);
        }
        Some(Step::Morale) => {
            if let Some((side, trigger)) = morale::due(ctx.enc).first() {
                return Err(RuleError::NotAllowed(format!(
                    "{} must check morale first ({})",
                    ctx.enc.sides[side].name,
                    trigger.label()
                )));
            }
            let round = ctx.enc.round + 1;
            new_round(&mut ctx, round);
        }
    }
    Ok(ctx.finish())
}

/// A move: the core move, then a free strike on offer for every foe left behind, unless the
/// mover declared a retreat (a careful one).
pub(crate) fn move_to(
    system: &dyn System,
    enc: &mut Encounter,
    id: CombatantId,
    to: Option<ZoneId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    // Who is left behind is read from the fight before the move.
    let foes = left_behind(enc, id, to);
    let mut events = handle_common(system, enc, Command::Move { id, to }, dice)?;
    if foes.is_empty() {
        return Ok(events);
    }
    let mut ctx = Ctx::new(enc, dice);
    for attacker in foes {
        ctx.emit(R_ATTACK, Some(attacker), BdpEvent::FreeAttackOffered { attacker, target: id });
    }
    events.extend(ctx.finish());
    Ok(events)
}

/// The foes a move of `id` to `to` leaves behind with a free strike on offer (none for a
/// careful retreat, outside the turns, or for one out of the fight).
fn left_behind(enc: &Encounter, id: CombatantId, to: Option<ZoneId>) -> Vec<CombatantId> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    let from = c.zone;
    let in_turns = in_turns(enc);
    let careful =
        matches!(enc.bdp().declarations.get(&id).map(|d| &d.intent), Some(Intent::Retreat));
    // Taken off the board is the GM's doing, not a careless step away.
    if !in_turns || careful || from.is_none() || to.is_none() || from == to || block::is_out(c) {
        return Vec::new();
    }
    enc.in_zone(from.expect("checked"))
        .filter(|o| {
            // Foes running or giving up strike no one.
            o.side != c.side
                && super::declare::cannot_act(o).is_none()
                && !super::morale::BROKEN.iter().any(|b| o.conditions.contains(*b))
        })
        .map(|o| o.id)
        .collect()
}
