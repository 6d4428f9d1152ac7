//! The round: who holds the initiative, which faction goes first, factions taking turns to
//! activate a character or pass, the ambushers' bonus turn, the optional fast and slow
//! phases, and the Next button.

use super::Step;
use super::block::{WIT, stat};
use super::model::MurdhamEvent as E;
use super::{
    CONCEALED, DEAD, DYING, FAST_SLOW, R_DAMAGE, R_ROUND, R_TURN, factions, side_name, standing,
};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, SideId};
use crate::system::Step as _;
use crate::system::{Ctx, RuleError};

/// Whether factions take turns now (not before or after the round's turns).
pub(crate) fn activating(enc: &Encounter) -> bool {
    matches!(Step::of(enc), Some(Step::Ambush | Step::Fast | Step::Turns))
}

/// Sets (or rolls for) the faction holding the initiative.
pub(crate) fn holder(
    enc: &mut Encounter,
    side: Option<SideId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let all = factions(enc);
    if all.is_empty() {
        return Err(RuleError::NotAllowed("add the factions' characters first".into()));
    }
    let mut ctx = Ctx::new(enc, dice);
    match side {
        Some(side) => {
            if !all.contains(&side) {
                return Err(RuleError::Invalid(format!(
                    "{} has nobody in the fight",
                    side_name(ctx.enc, side)
                )));
            }
            ctx.emit(R_ROUND, None, E::Holder { side, rolled: false });
        }
        None => {
            // Each faction gets a face, in the order they were made.
            let n = u32::try_from(all.len()).unwrap_or(u32::MAX);
            let face = ctx.roll(R_ROUND, None, &Dice::die(n), "who holds the initiative")?.total;
            let side = all[usize::try_from(face - 1).unwrap_or(0).min(all.len() - 1)];
            ctx.emit(R_ROUND, None, E::Holder { side, rolled: true });
        }
    }
    Ok(ctx.finish())
}

/// The holder picks the faction acting first this round.
pub(crate) fn first(
    enc: &mut Encounter,
    side: SideId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if !activating(enc) {
        return Err(RuleError::NotAllowed("the round has not started".into()));
    }
    if enc.murdham().first.is_some() {
        return Err(RuleError::NotAllowed(format!(
            "{} already acts first this round",
            side_name(enc, enc.murdham().first.unwrap_or(side))
        )));
    }
    if !factions(enc).contains(&side) {
        return Err(RuleError::Invalid(format!(
            "{} has nobody in the fight",
            side_name(enc, side)
        )));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_ROUND, None, E::First { side });
    settle_choice(&mut ctx)?;
    Ok(ctx.finish())
}

/// Why `id` cannot be activated now, if it cannot.
pub(crate) fn cannot_activate(enc: &Encounter, id: CombatantId) -> Option<String> {
    let c = enc.combatant(id)?;
    if let Some(why) = super::unable(c) {
        return Some(why.into());
    }
    let m = &enc.murdham();
    match Step::of(enc) {
        Some(Step::Ambush) => {
            if !c.conditions.contains(CONCEALED) {
                return Some("only concealed ambushers act now".into());
            }
            if m.ambushed.contains(&id) {
                return Some("had its ambush turn".into());
            }
        }
        Some(Step::Fast | Step::Turns) => {
            if m.acted.contains(&id) {
                return Some("had its turn this round".into());
            }
            if Step::Fast.now(enc) {
                let t = m.threshold.unwrap_or(0);
                if stat(c, WIT) < t {
                    return Some(format!("WIT {} is below the threshold {t}", stat(c, WIT)));
                }
            }
        }
        _ => return Some("not while factions take turns".into()),
    }
    None
}

/// Who of `side` can be activated now.
pub(crate) fn can_activate(enc: &Encounter, side: SideId) -> Vec<CombatantId> {
    enc.combatants
        .values()
        .filter(|c| c.side == side && cannot_activate(enc, c.id).is_none())
        .map(|c| c.id)
        .collect()
}

/// Checks that it is `side`'s choice and nothing else waits.
fn check_choice(enc: &Encounter, side: SideId) -> Result<(), RuleError> {
    if !activating(enc) {
        return Err(RuleError::NotAllowed("factions take turns only during the round".into()));
    }
    if let Some(id) = enc.murdham().turn.id {
        return Err(RuleError::NotAllowed(format!(
            "{}'s turn is still going: end it first",
            enc.name_of(id)
        )));
    }
    match enc.murdham().choosing {
        None => Err(RuleError::NotAllowed(
            "the faction holding the initiative first says who acts first".into(),
        )),
        Some(s) if s != side => Err(RuleError::NotAllowed(format!(
            "it is {} choice, not {}",
            super::sides(enc, s),
            super::sides(enc, side)
        ))),
        Some(_) => Ok(()),
    }
}

/// The choosing faction activates one of its characters.
pub(crate) fn activate(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    // Why this character cannot act says more than whose choice it is.
    if activating(enc)
        && enc.murdham().turn.id.is_none()
        && let Some(why) = cannot_activate(enc, id)
    {
        return Err(RuleError::NotAllowed(format!("{} cannot act: {why}", c.name)));
    }
    check_choice(enc, c.side)?;
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_TURN, Some(id), E::Activated { id, ambush: Step::Ambush.now(ctx.enc) });
    Ok(ctx.finish())
}

/// The choosing faction passes.
pub(crate) fn pass(
    enc: &mut Encounter,
    side: SideId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_choice(enc, side)?;
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_TURN, None, E::Passed { side, forced: false });
    next_chooser(&mut ctx, side);
    settle_choice(&mut ctx)?;
    Ok(ctx.finish())
}

/// The active character's turn ends.
pub(crate) fn end_turn(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(id) = enc.murdham().turn.id else {
        return Err(RuleError::NotAllowed("nobody is taking a turn".into()));
    };
    let mut ctx = Ctx::new(enc, dice);
    close_turn(&mut ctx, id)?;
    Ok(ctx.finish())
}

/// Ends `id`'s turn and hands the choice on.
pub(crate) fn close_turn(ctx: &mut Ctx, id: CombatantId) -> Result<(), RuleError> {
    let side = ctx.who(id)?.side;
    close_turn_of(ctx, id, side)
}

/// Ends `id`'s turn and hands the choice on from `side`, the faction it acted for (it may
/// have left it since).
pub(crate) fn close_turn_of(ctx: &mut Ctx, id: CombatantId, side: SideId) -> Result<(), RuleError> {
    ctx.emit(R_TURN, Some(id), E::TurnEnded { id });
    next_chooser(ctx, side);
    settle_choice(ctx)
}

/// The faction after `side` chooses next.
fn next_chooser(ctx: &mut Ctx, side: SideId) {
    let all = factions(ctx.enc);
    let next = match all.iter().position(|s| *s == side) {
        Some(i) => all[(i + 1) % all.len()],
        None => all.first().copied().unwrap_or(side),
    };
    if ctx.enc.murdham().choosing != Some(next) {
        ctx.emit(R_TURN, None, E::Chooses { side: next });
    }
}

/// Factions with nobody able to act pass on their own; when every faction has passed in a
/// row the phase ends.
pub(crate) fn settle_choice(ctx: &mut Ctx) -> Result<(), RuleError> {
    let all = factions(ctx.enc);
    // Each faction passes at most once before the phase ends, so this stops.
    for _ in 0..=all.len() {
        if all.iter().all(|s| ctx.enc.murdham().passes.contains(s)) {
            return end_phase(ctx);
        }
        let Some(side) = ctx.enc.murdham().choosing else { return Ok(()) };
        if !can_activate(ctx.enc, side).is_empty() {
            return Ok(());
        }
        ctx.emit(R_TURN, None, E::Passed { side, forced: true });
        next_chooser(ctx, side);
    }
    Ok(())
}

/// Every faction passed in a row: the next phase of the round.
fn end_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    match Step::of(ctx.enc) {
        Some(Step::Ambush) => {
            let next = if ctx.enc.flag(FAST_SLOW, false) { Step::Fast } else { Step::Turns };
            begin_phase(ctx, next)
        }
        Some(Step::Fast) => begin_phase(ctx, Step::Turns),
        _ => end_of_round(ctx),
    }
}

/// Enters an activation phase: no passes yet, the first faction chooses.
fn begin_phase(ctx: &mut Ctx, phase: Step) -> Result<(), RuleError> {
    ctx.push(R_ROUND, None, phase.entered());
    if phase == Step::Fast {
        let t = ctx.enc.murdham().threshold.unwrap_or(0);
        ctx.ruling(R_ROUND, None, format_args!("Fast actions: WIT {t} or more"));
    } else if phase == Step::Turns && ctx.enc.flag(FAST_SLOW, false) {
        ctx.ruling(R_ROUND, None, "Slow actions: everyone who has not acted");
    }
    ctx.emit(R_ROUND, None, E::PhaseBegun);
    if ctx.enc.murdham().first.is_some() { settle_choice(ctx) } else { Ok(()) }
}

/// The end of the round: the dying whose time is up die; morale is asked by the prompts.
fn end_of_round(ctx: &mut Ctx) -> Result<(), RuleError> {
    ctx.push(R_ROUND, None, Step::End.entered());
    let round = ctx.enc.round;
    let due: Vec<CombatantId> = ctx
        .enc
        .murdham()
        .dying
        .iter()
        .filter(|(_, dies)| **dies <= round)
        .map(|(id, _)| *id)
        .collect();
    for id in due {
        ctx.ruling(R_DAMAGE, Some(id), format_args!("{} dies of its wounds", ctx.name(id)));
        ctx.uncondition(R_DAMAGE, id, DYING);
        ctx.condition(R_DAMAGE, id, DEAD);
        ctx.emit(R_DAMAGE, Some(id), E::NoLongerDying { id });
    }
    Ok(())
}

/// Starts the next round: threshold, the ambush or the first phase.
fn start_round(ctx: &mut Ctx) -> Result<(), RuleError> {
    let round = ctx.enc.round + 1;
    ctx.push(R_ROUND, None, EventKind::RoundStarted { round });
    ctx.emit(R_ROUND, None, E::RoundReset);
    let fast = ctx.enc.flag(FAST_SLOW, false);
    if fast {
        let t = ctx.roll(R_ROUND, None, &Dice::die(20), "fast action threshold")?.total;
        ctx.emit(R_ROUND, None, E::Threshold { threshold: t });
    }
    let ambushers =
        ctx.enc.combatants.values().any(|c| c.conditions.contains(CONCEALED) && standing(c));
    let phase = if round == 1 && ambushers {
        Step::Ambush
    } else if fast {
        Step::Fast
    } else {
        Step::Turns
    };
    ctx.push(R_ROUND, None, phase.entered());
    if phase == Step::Ambush {
        ctx.ruling(R_ROUND, None, "Ambush: only the concealed act, once each");
    } else if phase == Step::Fast {
        ctx.ruling(R_ROUND, None, format_args!("Fast actions: WIT {} or more", threshold(ctx)));
    }
    ctx.emit(R_ROUND, None, E::PhaseBegun);
    // With one faction there is nothing to choose.
    if let [only] = factions(ctx.enc)[..] {
        ctx.emit(R_ROUND, None, E::First { side: only });
        settle_choice(ctx)?;
    }
    Ok(())
}

fn threshold(ctx: &Ctx) -> i64 {
    ctx.enc.murdham().threshold.unwrap_or(0)
}

/// The Next button: starts the fight or the next round, or ends the turn in progress.
pub(crate) fn advance(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    match Step::of(ctx.enc) {
        None | Some(Step::Before) => {
            if ctx.enc.combatants.is_empty() {
                return Err(RuleError::NotAllowed("add at least one combatant first".into()));
            }
            if ctx.enc.murdham().holder.is_none() {
                return Err(RuleError::NotAllowed(
                    "first say which faction holds the initiative (it started the fight), or \
                     roll for it"
                        .into(),
                ));
            }
            start_round(&mut ctx)?;
        }
        Some(Step::Ambush | Step::Fast | Step::Turns) => match ctx.enc.murdham().turn.id {
            Some(id) => close_turn(&mut ctx, id)?,
            None => {
                let whose = ctx.enc.murdham().choosing.map(|s| super::sides(ctx.enc, s));
                return Err(RuleError::NotAllowed(match whose {
                    Some(s) => format!("it is {s} choice: activate a character or pass"),
                    None => "the faction holding the initiative first says who acts first".into(),
                }));
            }
        },
        Some(Step::End) => {
            if let Some(side) = super::morale::due(ctx.enc).first().map(|d| d.side) {
                return Err(RuleError::NotAllowed(format!(
                    "first settle {} morale",
                    super::sides(ctx.enc, side)
                )));
            }
            start_round(&mut ctx)?;
        }
        Some(Step::After) => return Err(RuleError::NotAllowed("the fight is over".into())),
    }
    Ok(ctx.finish())
}
