//! Shoving and grappling: the Main action, an opposed STR/Brawl check next to the foe. A shove
//! knocks it prone; a grapple holds it (`grappled`), and at each end of round the holder's
//! unarmed damage lands until the hold ends — when either leaves the fight or they part.

use super::attack::check_main;
use super::block::{HP, SovBlock, is_out, track};
use super::model::{SovEvent, TurnAt};
use super::round::fall;
use super::rules::{attribute_mod, opposed_difficulty, skill_check};
use super::{R_ATTACK, R_ROUND};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::reach;
use crate::system::{Ctx, RuleError};

/// Condition: held in a grapple.
pub const GRAPPLED: &str = "grappled";

/// Brawl and the STR modifier of `c` (an NPC without Brawl uses its `skill`).
fn brawl(c: &Combatant) -> i64 {
    c.stat("brawl").or_else(|| c.stat("skill")).unwrap_or(0)
        + c.stat("str").map_or(0, attribute_mod)
}

/// The check of a shove or grapple.
pub(crate) fn check_wrestle(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
) -> Result<(), RuleError> {
    check_main(enc, attacker, false)?;
    check_wrestle_on(enc, attacker, target)
}

/// [`check_wrestle`] past its first check, the Main action's ([`check_main`]): the turn's
/// prompt, which lists a shove and a grapple at every foe, asks that one once.
pub(crate) fn check_wrestle_on(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
) -> Result<(), RuleError> {
    let a = &enc.combatants[&attacker];
    let t = enc.combatant(target).ok_or(RuleError::UnknownCombatant(target))?;
    if t.side == a.side || is_out(t) {
        return Err(RuleError::NotAllowed(format!("{} cannot wrestle {}", a.name, t.name)));
    }
    if !reach::in_melee(enc, a, t) {
        return Err(RuleError::NotAllowed(format!("{} is not next to {}", t.name, a.name)));
    }
    Ok(())
}

/// A shove or a grapple.
pub(crate) fn wrestle(
    enc: &mut Encounter,
    attacker: CombatantId,
    target: CombatantId,
    grapple: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_wrestle(enc, attacker, target)?;
    let a = &*enc.combatants.shared(&attacker).ok_or(RuleError::UnknownCombatant(attacker))?;
    let t = &*enc.combatants.shared(&target).ok_or(RuleError::UnknownCombatant(target))?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    let what = format!("{} {}", if grapple { "grapples" } else { "shoves" }, t.name);
    ctx.emit(R_ATTACK, Some(attacker), SovEvent::Main { id: attacker, at, what: what.clone() });
    let difficulty = opposed_difficulty(brawl(t));
    let roll = ctx.roll(R_ATTACK, Some(attacker), &Dice::pool(2, 6), "STR/Brawl check")?;
    let o = skill_check(&roll, brawl(a), 0, difficulty);
    ctx.ruling(
        R_ATTACK,
        Some(attacker),
        format_args!(
            "{} {what}: {} + {} = {} against {difficulty}: {}",
            a.name,
            roll.total,
            brawl(a),
            o.total,
            if o.success { "success" } else { "failure" }
        ),
    );
    if o.success {
        if grapple {
            ctx.condition(R_ATTACK, target, GRAPPLED);
            ctx.emit(R_ATTACK, Some(target), SovEvent::Grapple { target, by: Some(attacker) });
        } else {
            ctx.condition(R_ATTACK, target, "prone");
        }
    }
    Ok(ctx.finish())
}

/// At the end of the round each holder's unarmed damage lands on whom it holds.
pub(crate) fn end_of_round(ctx: &mut Ctx) -> Result<(), RuleError> {
    let holds: Vec<(CombatantId, CombatantId)> =
        ctx.enc.sovereign().grapples.iter().map(|(t, b)| (*t, *b)).collect();
    for (target, by) in holds {
        let (Some(h), Some(t)) =
            (ctx.enc.combatant(by).cloned(), ctx.enc.combatant(target).cloned())
        else {
            continue;
        };
        if is_out(&h) || is_out(&t) {
            continue;
        }
        let dice = SovBlock::of(&h)
            .ok()
            .and_then(|b| b.unarmed.clone())
            .unwrap_or_else(|| Dice::pool(1, 2));
        let damage =
            ctx.roll(R_ROUND, Some(by), &dice, format_args!("Unarmed damage on {}", t.name))?.total
                + h.stat("str").map_or(0, attribute_mod);
        let damage = damage.max(0);
        ctx.ruling(R_ROUND, Some(by), format_args!("{} holds {}: {damage} damage", h.name, t.name));
        let before = track(&t, HP);
        let after = (before - damage).max(0);
        ctx.set_track(R_ROUND, target, HP, after);
        if after == 0 && before > 0 {
            fall(ctx, R_ROUND, target);
        }
    }
    Ok(())
}

/// Ends every hold `id` is part of (it left the fight), each with a line.
pub(crate) fn release(ctx: &mut Ctx, id: CombatantId, rule: &'static str) {
    let holds: Vec<(CombatantId, CombatantId)> =
        ctx.enc.sovereign().grapples.iter().map(|(t, b)| (*t, *b)).collect();
    for (target, by) in holds {
        if target == id || by == id {
            ctx.emit(rule, Some(target), SovEvent::Grapple { target, by: None });
            ctx.uncondition(rule, target, GRAPPLED);
        }
    }
}
