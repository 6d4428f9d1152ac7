//! Someone leaves mid-step (removed, off the board, to another side, marked dead): what
//! the procedure had open about it is settled by rule, each with a journal line.

use super::model::{MurdhamEvent as E, Pending};
use super::{R_TURN, pending_words, round, turn};
use crate::system::{Ctx, Departure, Left, RuleError};

/// An attack whose attacker left is dropped, one on a target who left misses it; a move
/// held for strikes from someone who left goes on without them; a morale answer owed by
/// someone who left is skipped; its turn ends; holds on it or by it are let go.
pub(crate) fn settle(ctx: &mut Ctx, left: &Left) -> Result<(), RuleError> {
    let id = left.id;
    let gone = left.says();
    // From the back, so the indexes of the ones still to look at do not move.
    for index in (0..ctx.enc.murdham().pending.len()).rev() {
        let p = ctx.enc.murdham().pending[index].clone();
        let what = pending_words(ctx.enc, &p);
        match settle_pending(&p, id) {
            Outcome::Untouched => {}
            Outcome::Dropped(why) => {
                ctx.ruling(R_TURN, Some(id), format_args!("{gone}: {what} {why}"));
                ctx.emit(R_TURN, Some(id), E::Dropped { index });
            }
            Outcome::Revised(pending, why) => {
                ctx.ruling(R_TURN, Some(id), format_args!("{gone}: {what} {why}"));
                ctx.emit(R_TURN, Some(id), E::Revised { index, pending });
            }
            Outcome::MoveGoesOn(held) => {
                ctx.ruling(R_TURN, Some(id), format_args!("{gone}: {what} goes on unhindered"));
                ctx.emit(R_TURN, Some(id), E::Dropped { index });
                if ctx.enc.combatant(held.id).is_some() && held.id != id {
                    turn::finish_move(ctx, &held)?;
                }
            }
        }
    }
    for (held, by) in ctx.enc.murdham().grabs.clone().iter().map(|(a, b)| (*a, *b)) {
        if held == id || by == id {
            let freed = ctx.name(held);
            ctx.ruling(R_TURN, Some(held), format_args!("{gone}: {freed} is no longer held"));
            ctx.emit(R_TURN, Some(held), E::Freed { id: held });
        }
    }
    if left.how == Departure::OffBoard && ctx.enc.murdham().borders.contains_key(&id) {
        ctx.emit(R_TURN, Some(id), E::OnBorder { id, zone: None });
    }
    if ctx.enc.murdham().turn.id == Some(id) && ctx.enc.murdham().pending.is_empty() {
        ctx.ruling(R_TURN, Some(id), format_args!("{gone}: the turn ends"));
        round::close_turn_of(ctx, id, left.side)?;
    }
    if left.how == Departure::Removed {
        ctx.emit(R_TURN, Some(id), E::Withdrawn { id });
    }
    Ok(())
}

/// What becomes of one waiting thing when `id` left.
enum Outcome {
    Untouched,
    Dropped(&'static str),
    Revised(Pending, &'static str),
    MoveGoesOn(super::model::HeldMove),
}

fn settle_pending(p: &Pending, id: crate::ids::CombatantId) -> Outcome {
    match p {
        Pending::Attack(a) if a.spec.attacker == id => match &a.then_move {
            Some(held) => Outcome::MoveGoesOn(held.clone()),
            None => Outcome::Dropped("is dropped"),
        },
        Pending::Attack(a) if a.struck.iter().any(|s| s.id == id) => {
            let mut a = a.clone();
            a.struck.retain(|s| s.id != id);
            if a.struck.is_empty() {
                return match &a.then_move {
                    Some(held) if held.id != id => Outcome::MoveGoesOn(held.clone()),
                    _ => Outcome::Dropped("misses: nobody is left to strike"),
                };
            }
            if a.then_move.as_ref().is_some_and(|h| h.id == id) {
                a.then_move = None;
            }
            Outcome::Revised(Pending::Attack(a), "misses it")
        }
        Pending::Leaving { held, .. } if held.id == id => Outcome::Dropped("is called off"),
        Pending::Leaving { held, enemies } if enemies.contains(&id) => {
            let rest: Vec<_> = enemies.iter().copied().filter(|e| *e != id).collect();
            if rest.is_empty() {
                Outcome::MoveGoesOn(held.clone())
            } else {
                Outcome::Revised(
                    Pending::Leaving { held: held.clone(), enemies: rest },
                    "loses a striker",
                )
            }
        }
        Pending::Yield { id: who } if *who == id => Outcome::Dropped("is skipped"),
        _ => Outcome::Untouched,
    }
}
