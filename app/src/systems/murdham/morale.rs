//! Morale at the end of the round: a group brought to half its number or fewer, or a lone
//! fighter at half its health or less, makes one group WIT save (one d20 for all). Who fails
//! surrenders or retreats; who passes is steady for the rest of the stretch; the fearless
//! (constructs, demons, undead, the mindless) never check. Also the chase: one AGI save for
//! the fleeing group.

use super::Step;
use super::block::{AGI, HEALTH, MurdhamBlock, WIT, stat};
use super::model::{MurdhamEvent as E, Pending, Yield};
use super::{ESCAPED, PARTY_MORALE, R_MORALE, RETREATING, SURRENDERED, side_name, standing};
use crate::checks::save_under;
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::{CombatantId, SideId};
use crate::system::Step as _;
use crate::system::{Ctx, RuleError};

/// A side whose morale is due this round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Due {
    /// Which side.
    pub side: SideId,
    /// Who checks (standing, not steady, not fearless).
    pub ids: Vec<CombatantId>,
    /// Why, in a few words.
    pub why: String,
}

/// The sides whose morale is due now (only at the end of the round).
pub(crate) fn due(enc: &Encounter) -> Vec<Due> {
    if !Step::End.now(enc) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for side in enc.sides.values() {
        if enc.murdham().morale_done.contains(&side.id)
            || (side.party && !enc.flag(PARTY_MORALE, false))
        {
            continue;
        }
        let members: Vec<_> = enc.combatants.values().filter(|c| c.side == side.id).collect();
        let fighting: Vec<_> = members.iter().filter(|c| standing(c)).collect();
        let why = match members.len() {
            0 => continue,
            1 => {
                let c = members[0];
                let Some(t) = c.track(HEALTH) else { continue };
                if !standing(c) || t.value * 2 > t.max {
                    continue;
                }
                format!("fighting alone at {} of {} health", t.value, t.max)
            }
            n => {
                if fighting.is_empty() || fighting.len() * 2 > n {
                    continue;
                }
                format!("{} of {n} still fighting", fighting.len())
            }
        };
        let ids: Vec<CombatantId> = fighting
            .iter()
            .filter(|c| !enc.murdham().steady.contains(&c.id))
            .filter(|c| MurdhamBlock::of(c).ok().and_then(|b| b.fearless()).is_none())
            .map(|c| c.id)
            .collect();
        if !ids.is_empty() {
            out.push(Due { side: side.id, ids, why });
        }
    }
    out
}

/// The group WIT save of a side whose morale is due.
pub(crate) fn check(
    enc: &mut Encounter,
    side: SideId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(d) = due(enc).into_iter().find(|d| d.side == side) else {
        return Err(RuleError::NotAllowed(format!(
            "{} morale is not due",
            super::sides(enc, side)
        )));
    };
    let mut ctx = Ctx::new(enc, dice);
    let name = side_name(ctx.enc, side);
    let roll = ctx.roll(
        R_MORALE,
        None,
        &Dice::die(20),
        format_args!("{} morale (one WIT save for the group)", super::sides(ctx.enc, side)),
    )?;
    ctx.ruling(R_MORALE, None, format_args!("{name}: {}", d.why));
    for id in d.ids {
        let c = ctx.snapshot(id)?;
        let wit = stat(&c, WIT);
        if save_under(wit, &roll).success {
            ctx.ruling(
                R_MORALE,
                Some(id),
                format_args!(
                    "{} holds ({} ≤ WIT {wit}): steady for the stretch",
                    c.name, roll.total
                ),
            );
            ctx.emit(R_MORALE, Some(id), E::Steady { id });
        } else {
            ctx.ruling(
                R_MORALE,
                Some(id),
                format_args!(
                    "{} breaks ({} over WIT {wit}): surrenders or retreats",
                    c.name, roll.total
                ),
            );
            ctx.emit(
                R_MORALE,
                Some(id),
                E::Queued { pending: Pending::Yield { id }, first: false },
            );
        }
    }
    ctx.emit(R_MORALE, None, E::MoraleDone { side });
    Ok(ctx.finish())
}

/// The GM rules a side's due morale unneeded.
pub(crate) fn skip(
    enc: &mut Encounter,
    side: SideId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if !due(enc).iter().any(|d| d.side == side) {
        return Err(RuleError::NotAllowed(format!(
            "{} morale is not due",
            super::sides(enc, side)
        )));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.ruling(
        R_MORALE,
        None,
        format_args!("No morale check for {} this round (the GM rules)", side_name(ctx.enc, side)),
    );
    ctx.emit(R_MORALE, None, E::MoraleDone { side });
    Ok(ctx.finish())
}

/// One who broke surrenders or retreats.
pub(crate) fn give_up(
    enc: &mut Encounter,
    id: CombatantId,
    how: Yield,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    match enc.murdham().pending.first() {
        Some(Pending::Yield { id: who }) if *who == id => {}
        _ => {
            return Err(RuleError::NotAllowed(format!(
                "{} has not failed a morale check",
                enc.name_of(id)
            )));
        }
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_MORALE, Some(id), E::Settled);
    let (condition, words) = match how {
        Yield::Surrender => (SURRENDERED, "surrenders"),
        Yield::Retreat => (RETREATING, "retreats"),
    };
    ctx.ruling(R_MORALE, Some(id), format_args!("{} {words}", ctx.enc.name_of(id)));
    ctx.condition(R_MORALE, id, condition);
    Ok(ctx.finish())
}

/// A chase over a distance: one AGI save for the whole fleeing group.
pub(crate) fn chase(
    enc: &mut Encounter,
    ids: Vec<CombatantId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if ids.is_empty() {
        return Err(RuleError::Invalid("name who flees".into()));
    }
    for id in &ids {
        enc.combatant(*id).ok_or(RuleError::UnknownCombatant(*id))?;
    }
    let mut ctx = Ctx::new(enc, dice);
    let names: Vec<String> = ids.iter().map(|id| ctx.enc.name_of(*id)).collect();
    let roll = ctx.roll(
        R_MORALE,
        None,
        &Dice::die(20),
        format_args!("chase: {} flee (one AGI save)", names.join(", ")),
    )?;
    for id in ids {
        let c = ctx.snapshot(id)?;
        let agi = stat(&c, AGI);
        if save_under(agi, &roll).success {
            ctx.ruling(
                R_MORALE,
                Some(id),
                format_args!("{} gets away ({} ≤ AGI {agi})", c.name, roll.total),
            );
            ctx.condition(R_MORALE, id, ESCAPED);
        } else {
            let who = if ctx.enc.is_party(id) { "the pursuers reach it" } else { "caught" };
            ctx.ruling(
                R_MORALE,
                Some(id),
                format_args!("{}: {who} ({} over AGI {agi})", c.name, roll.total),
            );
        }
    }
    Ok(ctx.finish())
}
