//! Morale: a group of non-player combatants saves on WIL when its first member falls and when
//! half are down; a lone foe saves at 0 HP. A leader's WIL may stand for the whole group (one
//! roll). Player characters never check. Failing means fleeing or surrendering.

use super::R_MORALE;
use super::block::{self, BdpBlock};
use super::model::{Ability, BdpEvent, Broken, Trigger};
use super::saves::roll_save;
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::{CombatantId, SideId};
use crate::system::Ctx;
use crate::system::RuleError;

/// Conditions of a combatant whose morale broke.
pub(crate) const BROKEN: [&str; 2] = ["fleeing", "surrendered"];

/// The members of a side that check morale: everyone but player characters.
fn members(enc: &Encounter, side: SideId) -> Vec<&Combatant> {
    enc.combatants.values().filter(|c| c.side == side && !block::is_pc(enc, c)).collect()
}

/// Members still in the fight and not already broken.
pub(crate) fn standing(enc: &Encounter, side: SideId) -> Vec<CombatantId> {
    members(enc, side)
        .into_iter()
        .filter(|c| !block::is_out(c) && !BROKEN.iter().any(|b| c.conditions.contains(*b)))
        .map(|c| c.id)
        .collect()
}

/// Morale checks due now and not yet made, side by side.
pub(crate) fn due(enc: &Encounter) -> Vec<(SideId, Trigger)> {
    // One pass over the combatants, counting each side's group (no lists): asked at every
    // step of a simulated fight.
    struct Group<'e> {
        side: SideId,
        total: usize,
        fallen: usize,
        standing: bool,
        only: Option<&'e Combatant>,
    }
    let mut groups: Vec<Group> = enc
        .sides
        .keys()
        .map(|id| Group { side: *id, total: 0, fallen: 0, standing: false, only: None })
        .collect();
    for c in enc.combatants.values() {
        let Some(g) = groups.iter_mut().find(|g| g.side == c.side) else { continue };
        if block::is_pc(enc, c) {
            continue;
        }
        g.total += 1;
        g.only = Some(c);
        if block::is_out(c) {
            g.fallen += 1;
        } else if c.conditions.is_empty() || !BROKEN.iter().any(|b| c.conditions.contains(*b)) {
            g.standing = true;
        }
    }
    let mut out = Vec::new();
    for g in groups {
        let Some(only) = g.only.filter(|_| g.standing) else { continue };
        let mut triggers = [None, None];
        if g.total == 1 {
            // A detachment alone is still a group: its rout is its Critical Damage Save.
            let detachment = BdpBlock::of(only).is_ok_and(|b| b.detachment);
            if !detachment && block::track(only, "hp") <= 0 {
                triggers[0] = Some(Trigger::Lone);
            }
        } else {
            if g.fallen >= 1 {
                triggers[0] = Some(Trigger::FirstFall);
            }
            if g.fallen * 2 >= g.total {
                triggers[1] = Some(Trigger::Half);
            }
        }
        for t in triggers.into_iter().flatten() {
            if !enc.bdp().morale.contains(&(g.side, t)) {
                out.push((g.side, t));
            }
        }
    }
    out
}

/// The group's leaders that may lend their WIL.
pub(crate) fn leaders(enc: &Encounter, side: SideId) -> Vec<CombatantId> {
    standing(enc, side)
        .into_iter()
        .filter(|id| {
            enc.combatants.get(id).and_then(|c| BdpBlock::of(c).ok()).is_some_and(|b| b.leader)
        })
        .collect()
}

/// Why a side checks now: every trigger due at once, in words. One save answers them all
/// (the first fall of a pair is also half of it).
pub(crate) fn reasons(enc: &Encounter, side: SideId) -> String {
    let words: Vec<&str> =
        due(enc).into_iter().filter(|(s, _)| *s == side).map(|(_, t)| t.label()).collect();
    words.join(" and ")
}

/// Marks every trigger due for `side` as checked.
fn settle(ctx: &mut Ctx, side: SideId) {
    for (s, trigger) in due(ctx.enc) {
        if s == side {
            ctx.emit(R_MORALE, None, BdpEvent::MoraleChecked { side, trigger });
        }
    }
}

fn check_due(enc: &Encounter, side: SideId, trigger: Trigger) -> Result<(), RuleError> {
    let s = enc.side(side).ok_or(RuleError::UnknownSide(side))?;
    if !due(enc).contains(&(side, trigger)) {
        return Err(RuleError::NotAllowed(format!(
            "{} has no morale check due for that ({})",
            s.name,
            trigger.label()
        )));
    }
    Ok(())
}

/// Makes a group's morale save.
pub(crate) fn check(
    enc: &mut Encounter,
    side: SideId,
    trigger: Trigger,
    leader: Option<CombatantId>,
    on_fail: Broken,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_due(enc, side, trigger)?;
    if let Some(l) = leader
        && !leaders(enc, side).contains(&l)
    {
        return Err(RuleError::NotAllowed(format!("{} does not lead this group", enc.name_of(l))));
    }
    let condition = match on_fail {
        Broken::Flee => "fleeing",
        Broken::Surrender => "surrendered",
    };
    let group = standing(enc, side);
    let mut ctx = Ctx::new(enc, dice);
    let side_name = ctx.enc.sides[&side].name.clone();
    ctx.ruling(R_MORALE, None, format_args!("Morale of {side_name}: {}", reasons(ctx.enc, side)));
    settle(&mut ctx, side);
    match leader {
        Some(l) => {
            let outcome = roll_save(&mut ctx, R_MORALE, l, Ability::Wil, 0, " (morale)")?;
            let lname = ctx.name(l);
            if outcome.success {
                ctx.ruling(
                    R_MORALE,
                    Some(l),
                    format_args!("{lname} holds them together ({})", outcome.describe()),
                );
            } else {
                ctx.ruling(
                    R_MORALE,
                    Some(l),
                    format_args!("{lname} cannot hold them: {condition} ({})", outcome.describe()),
                );
                for id in group {
                    ctx.condition(R_MORALE, id, condition);
                }
            }
        }
        None => {
            for id in group {
                let outcome = roll_save(&mut ctx, R_MORALE, id, Ability::Wil, 0, " (morale)")?;
                let name = ctx.name(id);
                if outcome.success {
                    ctx.ruling(
                        R_MORALE,
                        Some(id),
                        format_args!("{name} stands firm ({})", outcome.describe()),
                    );
                } else {
                    ctx.ruling(
                        R_MORALE,
                        Some(id),
                        format_args!("{name} breaks: {condition} ({})", outcome.describe()),
                    );
                    ctx.condition(R_MORALE, id, condition);
                }
            }
        }
    }
    Ok(ctx.finish())
}

/// The GM waives a morale check.
pub(crate) fn skip(
    enc: &mut Encounter,
    side: SideId,
    trigger: Trigger,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_due(enc, side, trigger)?;
    let mut ctx = Ctx::new(enc, dice);
    let name = ctx.enc.sides[&side].name.clone();
    let why = reasons(ctx.enc, side);
    settle(&mut ctx, side);
    ctx.ruling(
        R_MORALE,
        None,
        format_args!("No morale check for {name} ({why}): the GM rules they hold"),
    );
    Ok(ctx.finish())
}
