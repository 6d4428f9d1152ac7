//! Someone leaves mid-step (removed, off the board, to another side, marked dead): what the
//! procedure had open about it is settled by rule, each with a journal line.

use super::R_TURN;
use super::model::Dr12Event;
use super::round::next;
use crate::system::{Ctx, Departure, Left, RuleError};

/// An attack waiting on or by someone who left is dropped; a move held by one who left is
/// dropped, and one held only for foes who left goes on; a failed morale answer owed by one
/// who left is dropped; the turn of one who left passes on.
pub(crate) fn settle(ctx: &mut Ctx, left: &Left) -> Result<(), RuleError> {
    let id = left.id;
    let gone = left.says();
    for index in (0..ctx.enc.dr12().pending.len()).rev() {
        let p = ctx.enc.dr12().pending[index].clone();
        if p.attacker != id && p.target != id {
            continue;
        }
        ctx.emit(R_TURN, Some(id), Dr12Event::Dropped { index });
    }
    if let Some((mover, to)) = ctx.enc.dr12().held {
        if mover == id {
            ctx.emit(R_TURN, Some(id), Dr12Event::Released);
        } else if ctx.enc.dr12().pending.is_empty() {
            let name = ctx.enc.name_of(mover);
            ctx.ruling(R_TURN, Some(mover), format_args!("{gone}: {name}'s move goes on"));
            ctx.emit(R_TURN, Some(mover), Dr12Event::Released);
            let from = ctx.enc.combatants.get(&mover).and_then(|c| c.zone);
            ctx.push(
                R_TURN,
                Some(mover),
                crate::event::EventKind::Moved { id: mover, from, to: Some(to) },
            );
        }
    }
    if ctx.enc.dr12().broken.contains(&id) {
        ctx.emit(R_TURN, Some(id), Dr12Event::Yielded { id });
    }
    let acting = crate::system::acts_now(ctx.enc, super::Step::Turns, id);
    let still = matches!(left.how, Departure::OffBoard | Departure::SideChanged);
    if acting && !still {
        ctx.ruling(R_TURN, Some(id), format_args!("{gone}: the turn passes on"));
        let from = ctx.enc.turn;
        next(ctx, from)?;
    }
    Ok(())
}
