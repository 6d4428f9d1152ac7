//! Someone leaves mid-step (removed, off the board, to another side, marked dead): what
//! the procedure had open about it is settled by rule, each with a journal line.

use super::R_TURN;
use super::model::{BdpEvent, Intent, PendingAttack};
use crate::ids::CombatantId;
use crate::system::{Ctx, Departure, Left, RuleError};

/// Settles the blow, counter-gambit, Magic Dice, free strikes and turn that name `left`.
pub(crate) fn settle(ctx: &mut Ctx, left: &Left) -> Result<(), RuleError> {
    let id = left.id;
    let gone = left.says();
    if let Some(pending) = ctx.enc.bdp().attack.clone() {
        settle_blow(ctx, left, pending);
    }
    if let Some((by, against)) = ctx.enc.bdp().counter
        && (by == id || against == id)
    {
        ctx.ruling(R_TURN, Some(by), format_args!("{gone}: the counter-gambit chance is gone"));
        ctx.emit(R_TURN, Some(by), BdpEvent::CounterDone);
    }
    if let Some((caster, _)) = ctx.enc.bdp().spell.clone()
        && caster == id
    {
        ctx.ruling(R_TURN, Some(id), format_args!("{gone}: the Magic Dice in hand are put away"));
        ctx.emit(R_TURN, Some(id), BdpEvent::SpellDice { caster, faces: Vec::new() });
    }
    let strikes: Vec<_> =
        ctx.enc.bdp().free_attacks.iter().copied().filter(|(a, t)| *a == id || *t == id).collect();
    for (attacker, target) in strikes {
        let (a, t) = (ctx.name(attacker), ctx.name(target));
        ctx.ruling(
            R_TURN,
            Some(attacker),
            format_args!("{gone}: {a}'s free strike at {t} is dropped"),
        );
        ctx.emit(R_TURN, Some(attacker), BdpEvent::FreeAttackDone { attacker, target });
    }
    let acting = ctx.enc.order.get(ctx.enc.turn.unwrap_or(usize::MAX));
    let was_acting =
        acting.is_some_and(|e| e.combatants.contains(&id)) && !ctx.enc.bdp().acted.contains(&id);
    if was_acting {
        ctx.ruling(R_TURN, Some(id), format_args!("{gone}: the turn ends"));
        ctx.emit(R_TURN, Some(id), BdpEvent::Acted { id });
    }
    if left.how == Departure::Removed {
        // Intentions aimed at the one who is gone have nothing to aim at: they are
        // withdrawn, and the GM may declare anew.
        let aimed: Vec<_> = ctx
            .enc
            .bdp()
            .declarations
            .iter()
            .filter(|(who, d)| **who != id && aims_at(&d.intent, id))
            .map(|(who, _)| *who)
            .collect();
        for who in aimed {
            let name = ctx.name(who);
            ctx.ruling(R_TURN, Some(who), format_args!("{gone}: {name}'s intention has no target"));
            ctx.emit(R_TURN, Some(who), BdpEvent::Withdrawn { id: who });
        }
        if ctx.enc.bdp().declarations.contains_key(&id) {
            ctx.emit(R_TURN, Some(id), BdpEvent::Withdrawn { id });
        }
    }
    Ok(())
}

/// A blow whose attacker left loses that attacker (and is dropped with the last one); a
/// blow aimed at someone who left misses them and goes on to the blast's next target.
fn settle_blow(ctx: &mut Ctx, left: &Left, mut pending: PendingAttack) {
    let id = left.id;
    let gone = left.says();
    let before = pending.clone();
    if pending.attackers.contains(&id) {
        pending.attackers.retain(|a| *a != id);
        if pending.attackers.is_empty() {
            ctx.ruling(
                R_TURN,
                Some(id),
                format_args!("{gone}: the blow on {} is dropped", ctx.name(pending.target)),
            );
            ctx.emit(R_TURN, Some(id), BdpEvent::AttackDone);
            return;
        }
        ctx.ruling(
            R_TURN,
            Some(id),
            format_args!("{gone}: its part in the blow on {} is dropped", ctx.name(pending.target)),
        );
    }
    pending.queue.retain(|t| *t != id);
    if pending.target == id {
        ctx.ruling(R_TURN, Some(id), format_args!("{gone}: the blow misses"));
        if pending.queue.is_empty() {
            ctx.emit(R_TURN, Some(id), BdpEvent::AttackDone);
            return;
        }
        pending.target = pending.queue.remove(0);
    }
    if pending != before {
        let target = pending.target;
        ctx.emit(R_TURN, Some(target), BdpEvent::AttackPending { attack: pending });
    }
}

fn aims_at(intent: &Intent, id: CombatantId) -> bool {
    match intent {
        Intent::Attack { target, .. } | Intent::Gambit { target, .. } => *target == id,
        Intent::Cast { target, .. } => *target == Some(id),
        _ => false,
    }
}
