//! Timed conditions running out: after every command, each timer whose time came is ended by
//! taking its condition off, with a journal line. A turn starts when its combatant starts
//! acting and ends when it stops, in the procedure's own notion of acting
//! ([`super::System::acting`]: a place of the order, a count, an activation); a round is over
//! when the next one starts.

use super::{Ctx, System};
use crate::encounter::{Encounter, Timer, Until};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;

/// Rule tag of the lines.
const R_TIMER: &str = "core.timer";

/// Whether anything about timers can happen in this command (none set, none running: no).
pub(crate) fn any(before: &Encounter, events: &[Event]) -> bool {
    !before.timers.is_empty() || events.iter().any(|e| matches!(e.kind, EventKind::TimerSet { .. }))
}

/// Ends or counts down the timers of `ctx.enc` (the state after the command), given who was
/// acting before it (`was`) and the command's `events`.
pub(crate) fn run_out(system: &dyn System, was: &[CombatantId], events: &[Event], ctx: &mut Ctx) {
    let now: Vec<CombatantId> = system.acting(ctx.enc);
    let round_over = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::RoundStarted { round } => Some(round.saturating_sub(1)),
            _ => None,
        })
        .max();
    // Timers set by this very command start counting from the next one.
    let fresh: Vec<(CombatantId, String)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::TimerSet { timer } => Some((timer.id, timer.condition.clone())),
            _ => None,
        })
        .collect();
    for timer in ctx.enc.timers.clone() {
        if fresh.contains(&(timer.id, timer.condition.clone())) {
            continue;
        }
        let gone = |of: CombatantId| ctx.enc.combatant(of).is_none();
        let ended = |of: CombatantId| was.contains(&of) && !now.contains(&of);
        let started = |of: CombatantId| now.contains(&of) && !was.contains(&of);
        match timer.until {
            Until::RoundOver { round } if round_over.is_some_and(|r| r >= round) => {
                end(ctx, &timer)
            }
            Until::EndOfTurn { of, .. } | Until::StartOfTurn { of } if gone(of) => end(ctx, &timer),
            Until::EndOfTurn { of, ends } if ended(of) => {
                if ends > 1 {
                    let until = Until::EndOfTurn { of, ends: ends - 1 };
                    let timer = Timer { until, ..timer };
                    ctx.push(R_TIMER, Some(timer.id), EventKind::TimerSet { timer });
                } else {
                    end(ctx, &timer);
                }
            }
            Until::StartOfTurn { of } if started(of) => end(ctx, &timer),
            _ => {}
        }
    }
}

/// Takes a timed condition off, saying why.
fn end(ctx: &mut Ctx, timer: &Timer) {
    let (id, condition) = (timer.id, timer.condition.clone());
    let words = crate::encounter::timer::timer_words(ctx.enc, &timer.until);
    let name = ctx.name(id);
    ctx.ruling(R_TIMER, Some(id), format_args!("{name}'s {condition} runs out ({words})"));
    if ctx.enc.combatant(id).is_some_and(|c| c.conditions.contains(&condition)) {
        ctx.push(R_TIMER, Some(id), EventKind::ConditionRemoved { id, condition });
    } else {
        ctx.push(R_TIMER, Some(id), EventKind::TimerEnded { id, condition });
    }
}
