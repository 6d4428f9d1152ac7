//! Gambits: shove, trip, disarm. The weapon die sets a Difficulty (1–3; 4 or more sets none);
//! the target must save at or under its ability and above the Difficulty. A target that
//! resists may answer with a gambit of its own, and so on down the chain.

use super::attack::wielded;
use super::model::{Ability, BdpEvent};
use super::saves::roll_save;
use super::{R_GAMBIT, block};
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::Ctx;
use crate::system::RuleError;

/// Whether `attacker` may try a gambit on `target` now (its turn, or the counter-gambit on
/// offer): the check the turn prompt shows and the command makes.
pub(crate) fn check(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
) -> Result<(), RuleError> {
    let a = enc.combatant(attacker).ok_or(RuleError::UnknownCombatant(attacker))?;
    let t = enc.combatant(target).ok_or(RuleError::UnknownCombatant(target))?;
    let counter = enc.bdp().counter == Some((attacker, target));
    if !counter {
        if !super::turns::in_turns(enc) || !enc.acting().contains(&attacker) {
            return Err(RuleError::NotAllowed(format!("{} tries gambits on its turn", a.name)));
        }
        if enc.bdp().acted.contains(&attacker) {
            return Err(RuleError::NotAllowed(format!("{} has already acted", a.name)));
        }
    }
    for c in [a, t] {
        if block::is_out(c) {
            return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
        }
    }
    wielded(enc, a)?;
    Ok(())
}

/// Tries a gambit (or the counter-gambit on offer).
pub(crate) fn gambit(
    enc: &mut Encounter,
    attacker: CombatantId,
    target: CombatantId,
    ability: Ability,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check(enc, attacker, target)?;
    let a = enc.combatants.shared(&attacker).ok_or(RuleError::UnknownCombatant(attacker))?;
    let t = enc.combatants.shared(&target).ok_or(RuleError::UnknownCombatant(target))?;
    let counter = enc.bdp().counter == Some((attacker, target));
    let weapon = wielded(enc, &a)?
        .into_iter()
        .max_by_key(|w| w.die)
        .unwrap_or_else(super::block::Weapon::unarmed);
    let mut ctx = Ctx::new(enc, dice);
    if counter {
        ctx.emit(R_GAMBIT, Some(attacker), BdpEvent::CounterDone);
    } else {
        ctx.emit(R_GAMBIT, Some(attacker), BdpEvent::Acted { id: attacker });
    }
    let kind = if counter { "counter-gambit" } else { "gambit" };
    let die = ctx.die(
        R_GAMBIT,
        Some(attacker),
        weapon.die,
        format_args!("{}'s {kind} ({})", a.name, weapon.name.to_lowercase()),
    )?;
    let difficulty = if die <= 3 { die } else { 0 };
    let outcome = roll_save(&mut ctx, R_GAMBIT, target, ability, 0, " against the gambit")?;
    let resisted = outcome.success && outcome.total > difficulty;
    let against = if difficulty > 0 {
        format!("{} needs {} or less and above {difficulty}", t.name, outcome.target)
    } else {
        format!("{} needs {} or less", t.name, outcome.target)
    };
    if resisted {
        ctx.ruling(
            R_GAMBIT,
            Some(target),
            format_args!(
                "{} resists {}'s {kind}: rolled {} ({against}) and may answer",
                t.name, a.name, outcome.total
            ),
        );
        ctx.emit(
            R_GAMBIT,
            Some(target),
            BdpEvent::CounterOffered { by: target, against: attacker },
        );
    } else {
        ctx.ruling(
            R_GAMBIT,
            Some(attacker),
            format_args!(
                "{}'s {kind} works: {} rolled {} ({against})",
                a.name, t.name, outcome.total
            ),
        );
    }
    Ok(ctx.finish())
}

/// Lets the counter-gambit chance go.
pub(crate) fn decline(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some((by, _)) = enc.bdp().counter else {
        return Err(RuleError::NotAllowed("no counter-gambit is on offer".into()));
    };
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_GAMBIT, Some(by), BdpEvent::CounterDone);
    ctx.ruling(R_GAMBIT, Some(by), format_args!("{} lets it be", ctx.name(by)));
    Ok(ctx.finish())
}
