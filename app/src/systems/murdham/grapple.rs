//! Non-lethal attacks and holds: a disarm or a grab is a STR save; a grabbed character is
//! entangled, moves with its grabber and can be hidden behind; the grabber may shove it
//! half a zone away (freeing it) or let go; doing anything else lets go. Also where a
//! character stands: inside its zone or on the border with a neighbouring one (blasts on
//! either zone catch it).

use super::block::{STR, stat};
use super::model::{MurdhamEvent as E, NonLethal};
use super::{DISARMED, ENTANGLED, R_GRAPPLE, turn};
use crate::checks::save_under;
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::{CombatantId, ZoneId};
use crate::system::{Ctx, RuleError};

/// A disarm or a grab on `target`: its STR save, or the consequence.
pub(crate) fn nonlethal(
    ctx: &mut Ctx,
    by: CombatantId,
    target: CombatantId,
    what: NonLethal,
) -> Result<(), RuleError> {
    let t = ctx.snapshot(target)?;
    let strength = stat(&t, STR);
    let verb = match what {
        NonLethal::Disarm => "to keep its weapon",
        NonLethal::Grapple => "to break free",
    };
    let roll = ctx.roll(
        R_GRAPPLE,
        Some(target),
        &Dice::die(20),
        format_args!("{}'s STR save {verb}", t.name),
    )?;
    if save_under(strength, &roll).success {
        ctx.ruling(
            R_GRAPPLE,
            Some(target),
            format_args!("{} resists ({} ≤ STR {strength})", t.name, roll.total),
        );
        return Ok(());
    }
    match what {
        NonLethal::Disarm => {
            ctx.ruling(
                R_GRAPPLE,
                Some(target),
                format_args!(
                    "{} drops a weapon of {}'s choosing ({} over STR {strength})",
                    t.name,
                    ctx.name(by),
                    roll.total
                ),
            );
            ctx.condition(R_GRAPPLE, target, DISARMED);
        }
        NonLethal::Grapple => {
            ctx.ruling(
                R_GRAPPLE,
                Some(target),
                format_args!(
                    "{} is grabbed by {} ({} over STR {strength})",
                    t.name,
                    ctx.name(by),
                    roll.total
                ),
            );
            if ctx.enc.murdham().grabs.contains_key(&target) {
                ctx.emit(R_GRAPPLE, Some(target), E::Freed { id: target });
            }
            ctx.emit(R_GRAPPLE, Some(target), E::Grabbed { id: target, by });
            ctx.condition(R_GRAPPLE, target, ENTANGLED);
        }
    }
    Ok(())
}

/// Frees everyone `grabber` holds.
pub(crate) fn let_go_of_all(ctx: &mut Ctx, grabber: CombatantId) {
    for (held, by) in ctx.enc.murdham().grabs.clone().iter().map(|(a, b)| (*a, *b)) {
        if by == grabber {
            ctx.ruling(
                R_GRAPPLE,
                Some(held),
                format_args!("{} lets go of {}", ctx.name(grabber), ctx.name(held)),
            );
            ctx.emit(R_GRAPPLE, Some(held), E::Freed { id: held });
            ctx.uncondition(R_GRAPPLE, held, ENTANGLED);
        }
    }
}

/// Whom `grabber` holds, if anyone.
pub(crate) fn held_by(enc: &Encounter, grabber: CombatantId) -> Option<CombatantId> {
    enc.murdham().grabs.iter().find(|(_, by)| **by == grabber).map(|(held, _)| *held)
}

/// The grabber shoves the one it holds half a zone away (onto a border), freeing it: its
/// main action.
pub(crate) fn shove(
    enc: &mut Encounter,
    grabber: CombatantId,
    toward: Option<ZoneId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(held) = held_by(enc, grabber) else {
        return Err(RuleError::NotAllowed(format!("{} holds nobody", enc.name_of(grabber))));
    };
    if enc.murdham().turn.id != Some(grabber) {
        return Err(RuleError::NotAllowed(format!(
            "{} shoves on its own turn",
            enc.name_of(grabber)
        )));
    }
    if let Some(z) = toward {
        check_neighbour(enc, held, z)?;
    }
    let mut ctx = Ctx::new(enc, dice);
    turn::use_main(&mut ctx, false)?;
    let where_to = toward
        .and_then(|z| ctx.enc.zone(z))
        .map(|z| format!(" towards {}", z.name))
        .unwrap_or_default();
    ctx.ruling(
        R_GRAPPLE,
        Some(held),
        format_args!(
            "{} shoves {} half a zone{where_to}",
            ctx.enc.name_of(grabber),
            ctx.enc.name_of(held)
        ),
    );
    ctx.emit(R_GRAPPLE, Some(held), E::Freed { id: held });
    ctx.uncondition(R_GRAPPLE, held, ENTANGLED);
    if toward.is_some() {
        ctx.emit(R_GRAPPLE, Some(held), E::OnBorder { id: held, zone: toward });
    }
    Ok(ctx.finish())
}

/// The grabber lets go (costs nothing).
pub(crate) fn release(
    enc: &mut Encounter,
    grabber: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if held_by(enc, grabber).is_none() {
        return Err(RuleError::NotAllowed(format!("{} holds nobody", enc.name_of(grabber))));
    }
    let mut ctx = Ctx::new(enc, dice);
    let_go_of_all(&mut ctx, grabber);
    Ok(ctx.finish())
}

/// Checks that `zone` neighbours `id`'s zone.
fn check_neighbour(enc: &Encounter, id: CombatantId, zone: ZoneId) -> Result<(), RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    let z = enc.zone(zone).ok_or(RuleError::UnknownZone(zone))?;
    let Some(own) = c.zone.and_then(|z| enc.zone(z)) else {
        return Err(RuleError::NotAllowed(format!("{} is not in a zone", c.name)));
    };
    if !own.adjacent.contains(&zone) {
        return Err(RuleError::NotAllowed(format!("{} does not border {}", z.name, own.name)));
    }
    Ok(())
}

/// A character stands on the border with a neighbouring zone, or back inside its own.
pub(crate) fn border(
    enc: &mut Encounter,
    id: CombatantId,
    zone: Option<ZoneId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if let Some(z) = zone {
        check_neighbour(enc, id, z)?;
    } else if !enc.murdham().borders.contains_key(&id) {
        return Err(RuleError::NotAllowed(format!("{} is not on a border", enc.name_of(id))));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_GRAPPLE, Some(id), E::OnBorder { id, zone });
    Ok(ctx.finish())
}
