//! A turn: a bonus action, a main action (or a second bonus action), a move of one zone in
//! any order; full movement as the main action. Moving away from nearby enemies lets them
//! strike as it leaves (an opportunity attack, which spends their turn).

use super::model::{AttackSpec, HeldMove, MainAction, MurdhamEvent as E, Pending};
use super::{CONCEALED, R_TURN, SURRENDERED, ZONES_PER_ROUND, enemies, nearby, round};
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, ZoneId};
use crate::system::{Ctx, RuleError, check_room, handle_common};

/// The character whose turn is going, or why there is none.
pub(crate) fn active(enc: &Encounter) -> Result<CombatantId, RuleError> {
    enc.murdham().turn.id.ok_or_else(|| RuleError::NotAllowed("nobody is taking a turn".into()))
}

/// Why the active character cannot take a main action now, if it cannot.
pub(crate) fn no_main(enc: &Encounter) -> Option<String> {
    let t = &enc.murdham().turn;
    if t.main {
        Some("the main action is taken".into())
    } else if t.bonus >= 2 {
        Some("two bonus actions took the turn".into())
    } else {
        None
    }
}

/// Why the active character cannot take a bonus action now, if it cannot.
pub(crate) fn no_bonus(enc: &Encounter) -> Option<String> {
    let t = &enc.murdham().turn;
    if t.bonus + u32::from(t.main) >= 2 {
        Some("a bonus and a main action (or two bonus actions) are taken".into())
    } else {
        None
    }
}

/// Marks the main action taken (after checking it is free).
pub(crate) fn use_main(ctx: &mut Ctx, full_move: bool) -> Result<(), RuleError> {
    if let Some(why) = no_main(ctx.enc) {
        return Err(RuleError::NotAllowed(why));
    }
    let t = ctx.enc.murdham().turn.clone();
    ctx.emit(R_TURN, t.id, E::Used { bonus: t.bonus, main: true, zones: t.zones, full_move });
    Ok(())
}

/// A bonus action of the active character.
pub(crate) fn bonus(
    enc: &mut Encounter,
    what: String,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let id = active(enc)?;
    if let Some(why) = no_bonus(enc) {
        return Err(RuleError::NotAllowed(why));
    }
    let what = what.trim();
    let what = if what.is_empty() { "a bonus action" } else { what };
    let mut ctx = Ctx::new(enc, dice);
    let t = ctx.enc.murdham().turn.clone();
    ctx.emit(
        R_TURN,
        Some(id),
        E::Used { bonus: t.bonus + 1, main: t.main, zones: t.zones, full_move: t.full_move },
    );
    ctx.ruling(R_TURN, Some(id), format_args!("{} (bonus action): {what}", ctx.enc.name_of(id)));
    Ok(ctx.finish())
}

/// A main action other than an attack.
pub(crate) fn main(
    enc: &mut Encounter,
    action: MainAction,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let id = active(enc)?;
    let name = enc.name_of(id);
    let mut ctx = Ctx::new(enc, dice);
    use_main(&mut ctx, matches!(action, MainAction::FullMovement))?;
    // Doing anything but moving or striking the one held lets it go.
    if !matches!(action, MainAction::FullMovement) {
        super::grapple::let_go_of_all(&mut ctx, id);
    }
    match action {
        MainAction::FullMovement => {
            let most = allowance(ctx.enc, id);
            ctx.ruling(R_TURN, Some(id), format_args!("{name} moves at full speed: {most} zones"));
        }
        MainAction::InvokePower { what } => {
            ctx.ruling(R_TURN, Some(id), format_args!("{name} invokes a profane power: {what}"));
            reveal(&mut ctx, id, "invoking a power");
        }
        MainAction::Distract { target } => {
            let whom = target.map(|t| format!(" {}", ctx.name(t))).unwrap_or_default();
            ctx.ruling(
                R_TURN,
                Some(id),
                format_args!("{name} distracts, taunts or threatens{whom}"),
            );
        }
        MainAction::Surrender => {
            ctx.ruling(
                R_TURN,
                Some(id),
                format_args!("{name} throws down its weapons: the turn is spent"),
            );
            ctx.condition(R_TURN, id, SURRENDERED);
            round::close_turn(&mut ctx, id)?;
        }
        MainAction::Other { what } => {
            ctx.ruling(R_TURN, Some(id), format_args!("{name} (main action): {what}"));
        }
    }
    Ok(ctx.finish())
}

/// A concealed character gives itself away.
pub(crate) fn reveal(ctx: &mut Ctx, id: CombatantId, by: &str) {
    if ctx.enc.combatant(id).is_some_and(|c| c.conditions.contains(CONCEALED)) {
        ctx.ruling(R_TURN, Some(id), format_args!("{} is revealed by {by}", ctx.name(id)));
        ctx.uncondition(R_TURN, id, CONCEALED);
    }
}

/// Zones the active character may still move this turn.
pub(crate) fn allowance(enc: &Encounter, id: CombatantId) -> u32 {
    let t = &enc.murdham().turn;
    let cap = enc
        .setting(ZONES_PER_ROUND)
        .and_then(serde_json::Value::as_u64)
        .map_or(2, |n| u32::try_from(n).unwrap_or(u32::MAX));
    let this_turn: u32 = if t.full_move { 3 } else { 1 };
    let moved_round = enc.murdham().moved.get(&id).copied().unwrap_or(0);
    this_turn.saturating_sub(t.zones).min(cap.saturating_sub(moved_round))
}

/// A move: the active character's is its turn's move (counted, and nearby enemies may
/// strike as it leaves); anyone else's is the GM placing a token.
pub(crate) fn moved(
    enc: &mut Encounter,
    id: CombatantId,
    to: Option<ZoneId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    let from = c.zone;
    if let Some(by) = enc.murdham().grabs.get(&id) {
        return Err(RuleError::NotAllowed(format!(
            "{} is held by {}: it moves only with its grabber",
            c.name,
            enc.name_of(*by)
        )));
    }
    let turn_move = enc.murdham().turn.id == Some(id) && round::activating(enc);
    if !turn_move || from == to {
        let mut events =
            handle_common(&super::Murdham, enc, crate::command::Command::Move { id, to }, dice)?;
        events.extend(carry_along(enc, id, from, to, dice)?);
        return Ok(events);
    }
    let steps = match (from, to) {
        (Some(a), Some(b)) => crate::reach::distance(enc, a, b).ok_or_else(|| {
            RuleError::NotAllowed(format!(
                "no way from {} to {}",
                enc.zone(a).map_or("?", |z| &z.name),
                enc.zone(b).map_or("?", |z| &z.name)
            ))
        })?,
        _ => 1,
    };
    let left = allowance(enc, id);
    if steps > left {
        let t = &enc.murdham().turn;
        let hint =
            if t.full_move || t.main { "" } else { " (full movement, a main action, gives more)" };
        return Err(RuleError::NotAllowed(format!(
            "{} may move {left} more zone{} this turn{hint}; that is {steps}",
            c.name,
            if left == 1 { "" } else { "s" }
        )));
    }
    if let Some(z) = to {
        check_room(enc, z, 1, Some(id))?;
    }
    let held = HeldMove { id, from, to, steps };
    let strikers = leaving_from(enc, id);
    let mut ctx = Ctx::new(enc, dice);
    if strikers.is_empty() {
        finish_move(&mut ctx, &held)?;
    } else {
        ctx.emit(
            R_TURN,
            Some(id),
            E::Queued { pending: Pending::Leaving { held, enemies: strikers }, first: false },
        );
    }
    Ok(ctx.finish())
}

/// Nearby enemies who could strike at `id` leaving its zone.
pub(crate) fn leaving_from(enc: &Encounter, id: CombatantId) -> Vec<CombatantId> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    // Enemies do not strike at someone they do not know is there.
    if c.conditions.contains(CONCEALED) {
        return Vec::new();
    }
    let Some(zone) = c.zone else { return Vec::new() };
    enc.in_zone(zone)
        .filter(|e| enemies(enc, id, e.id) && nearby(enc, id, e.id))
        .filter(|e| super::react::cannot_react(enc, e.id).is_none())
        .map(|e| e.id)
        .collect()
}

/// Completes a move of the turn: the token moves, the zones are counted, the held one comes
/// along.
pub(crate) fn finish_move(ctx: &mut Ctx, held: &HeldMove) -> Result<(), RuleError> {
    let id = held.id;
    let c = ctx.who(id)?;
    if let Some(why) = super::unable(c) {
        ctx.ruling(R_TURN, Some(id), format!("{}'s move is cut short: {why}", c.name));
        return Ok(());
    }
    let from = c.zone;
    ctx.push(R_TURN, Some(id), EventKind::Moved { id, from, to: held.to });
    if ctx.enc.murdham().borders.contains_key(&id) {
        ctx.emit(R_TURN, Some(id), E::OnBorder { id, zone: None });
    }
    if ctx.enc.murdham().turn.id == Some(id) {
        let t = ctx.enc.murdham().turn.clone();
        ctx.emit(
            R_TURN,
            Some(id),
            E::Used {
                bonus: t.bonus,
                main: t.main,
                zones: t.zones + held.steps,
                full_move: t.full_move,
            },
        );
    }
    for (grabbed, by) in ctx.enc.murdham().grabs.clone().iter().map(|(a, b)| (*a, *b)) {
        if by == id {
            ctx.push(R_TURN, Some(grabbed), EventKind::Moved { id: grabbed, from, to: held.to });
            ctx.ruling(
                R_TURN,
                Some(grabbed),
                format_args!("{} is dragged along", ctx.name(grabbed)),
            );
        }
    }
    Ok(())
}

/// The GM moved a grabber: whoever it holds comes along.
fn carry_along(
    enc: &mut Encounter,
    id: CombatantId,
    from: Option<ZoneId>,
    to: Option<ZoneId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    if from != to {
        for (grabbed, by) in ctx.enc.murdham().grabs.clone().iter().map(|(a, b)| (*a, *b)) {
            if by == id {
                let gfrom = ctx.enc.combatant(grabbed).and_then(|c| c.zone);
                ctx.push(R_TURN, Some(grabbed), EventKind::Moved { id: grabbed, from: gfrom, to });
            }
        }
        if ctx.enc.murdham().borders.contains_key(&id) {
            ctx.emit(R_TURN, Some(id), E::OnBorder { id, zone: None });
        }
    }
    Ok(ctx.finish())
}

/// A nearby enemy strikes at the character moving away, or nobody does.
pub(crate) fn opportunity(
    enc: &mut Encounter,
    by: Option<(CombatantId, Option<usize>)>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(Pending::Leaving { held, enemies }) = enc.murdham().pending.first() else {
        return Err(RuleError::NotAllowed("nobody is moving away from an enemy".into()));
    };
    let (held, enemies) = (held.clone(), enemies.clone());
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_TURN, None, E::Settled);
    match by {
        None => {
            ctx.ruling(
                R_TURN,
                Some(held.id),
                format_args!("Nobody strikes at {} leaving", ctx.enc.name_of(held.id)),
            );
            finish_move(&mut ctx, &held)?;
        }
        Some((striker, weapon)) => {
            if !enemies.contains(&striker) {
                return Err(RuleError::NotAllowed(format!(
                    "{} is not a nearby enemy able to strike",
                    ctx.enc.name_of(striker)
                )));
            }
            let how = format!("strikes at {} leaving", ctx.enc.name_of(held.id));
            ctx.emit(R_TURN, Some(striker), E::Reacted { id: striker, how });
            let aim = super::model::Aim::One { target: held.id };
            let spec = AttackSpec::plain(striker, aim, weapon);
            super::attack::strike(&mut ctx, spec, super::attack::Mode::Opportunity(held))?;
        }
    }
    Ok(ctx.finish())
}
