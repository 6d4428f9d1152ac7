//! Someone leaves mid-step (removed, off the board, to another side, marked dead): what
//! the procedure had open about it is settled by rule, each with a journal line.

use super::R_TURN;
use super::model::{D12Event, Pending};
use crate::ids::CombatantId;
use crate::system::{Ctx, Departure, Left, RuleError};

/// A hit's damage or injury whose attacker left is dropped and one on a target who left
/// misses; a riposte owed by or to someone who left is skipped; its place at the count ends.
pub(crate) fn settle(ctx: &mut Ctx, left: &Left) -> Result<(), RuleError> {
    let id = left.id;
    let gone = left.says();
    // From the back, so the indexes of the ones still to look at do not move.
    for index in (0..ctx.enc.d12().pending.len()).rev() {
        let p = ctx.enc.d12().pending[index].clone();
        let n = |x: CombatantId| ctx.enc.name_of(x);
        let what = match &p {
            Pending::Damage { attacker, target, .. } if *attacker == id => {
                format!("the damage of {}'s hit on {} is dropped", n(*attacker), n(*target))
            }
            Pending::Damage { attacker, target, .. } if *target == id => {
                format!("{}'s hit on {} misses", n(*attacker), n(*target))
            }
            Pending::Injury { attacker, target, .. } if *attacker == id || *target == id => {
                format!("{}'s combat injury is dropped", n(*target))
            }
            Pending::Riposte { defender, attacker } if *defender == id || *attacker == id => {
                format!("{}'s riposte at {} is skipped", n(*defender), n(*attacker))
            }
            _ => continue,
        };
        ctx.ruling(R_TURN, Some(id), format_args!("{gone}: {what}"));
        ctx.emit(R_TURN, Some(p.actor()), D12Event::Dropped { index });
    }
    let acting = ctx.enc.acting().contains(&id);
    if acting && !ctx.enc.d12().acted.contains(&id) {
        ctx.ruling(R_TURN, Some(id), format_args!("{gone}: the turn at this count ends"));
        ctx.emit(R_TURN, Some(id), D12Event::Acted { id });
    }
    let d = &ctx.enc.d12();
    if left.how == Departure::Removed
        && (d.declared.contains_key(&id)
            || d.late.contains_key(&id)
            || d.late_now.contains_key(&id))
    {
        ctx.emit(R_TURN, Some(id), D12Event::Withdrawn { id });
    }
    Ok(())
}
