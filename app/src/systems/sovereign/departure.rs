//! Someone leaves mid-step: a countdown naming one who was removed ends, and the turn of one
//! who left passes on.

use super::R_TURN;
use super::model::SovEvent;
use super::round::next;
use crate::system::{Ctx, Departure, Left, RuleError};

/// Settles what names the one who left.
pub(crate) fn settle(ctx: &mut Ctx, left: &Left) -> Result<(), RuleError> {
    let id = left.id;
    let gone = matches!(left.how, Departure::Removed | Departure::Dead);
    if gone && ctx.enc.sovereign().mortal.contains_key(&id) {
        ctx.emit(R_TURN, Some(id), SovEvent::Settled { id });
    }
    // Every waiting attack that names it is dropped, the one on top and, as they surface, those
    // a Snap Attack had interrupted.
    while let Some(p) = ctx.enc.sovereign().pending.clone()
        && (p.attacker == id || p.target == id)
    {
        let (a, t) = (ctx.enc.name_of(p.attacker), ctx.enc.name_of(p.target));
        ctx.ruling(
            R_TURN,
            Some(id),
            format_args!("{}: {a}'s attack on {t} is dropped", left.says()),
        );
        ctx.emit(R_TURN, Some(id), SovEvent::Answered);
    }
    if let Some(t) = ctx.enc.sovereign().threat.clone() {
        if t.id == id {
            ctx.ruling(R_TURN, Some(id), format_args!("{}: the walk is dropped", left.says()));
            ctx.emit(R_TURN, Some(id), SovEvent::WalkSettled);
        } else if t.strikers.contains(&id) {
            ctx.emit(R_TURN, Some(id), SovEvent::Struck { striker: id });
            super::opportunity::settle(ctx);
        }
    }
    if left.how != Departure::OffBoard {
        super::wrestle::release(ctx, id, R_TURN);
    }
    // Off the board, or gone, a screener guards nobody (nor is guarded), and what it held is
    // lost.
    super::screen::left(ctx, id, R_TURN);
    let acting = crate::system::acts_now(ctx.enc, super::Step::Turns, id);
    let still = matches!(left.how, Departure::OffBoard | Departure::SideChanged);
    if acting && !still {
        ctx.ruling(R_TURN, Some(id), format_args!("{}: the turn passes on", left.says()));
        let from = ctx.enc.turn;
        next(ctx, from)?;
    }
    Ok(())
}
