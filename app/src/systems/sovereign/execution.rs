//! Execution attacks, before the fight, on someone entirely unsuspecting (its side does not
//! expect a fight) after the minute of stalking or aiming the GM has granted: a melee blow
//! hits; a shot needs a DEX/Shoot check of 10 (+4 within 10 ft, +2 within the weapon's normal
//! range) and ignores AC. Hit, the victim takes the damage and saves (Physical) at a penalty of
//! the assailant's skill with the weapon, or falls to 0 HP at once.

use super::R_ATTACK;
use super::attack::{hurt, signed};
use super::block::{HP, attack, attack_skill, is_out, track};
use super::checks::save_target;
use super::model::SaveKind;
use super::round::fall;
use super::rules::{attribute_mod, save, skill_check};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::reach;
use crate::space::Distance;
use crate::system::check_before;
use crate::system::{Ctx, RuleError};

/// A shot's bonus to its DEX/Shoot check at `feet` with normal range `normal`.
pub fn shot_bonus(feet: u32, normal: u32) -> i64 {
    if feet <= 10 {
        4
    } else if feet <= normal {
        2
    } else {
        0
    }
}

/// The check of an execution attack; the distance in feet when it may be made.
pub(crate) fn check_execute(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
) -> Result<u32, RuleError> {
    check_before(enc)?;
    let a = enc.combatant(attacker).ok_or(RuleError::UnknownCombatant(attacker))?;
    let t = enc.combatant(target).ok_or(RuleError::UnknownCombatant(target))?;
    if a.side == t.side || is_out(a) || is_out(t) {
        return Err(RuleError::NotAllowed(format!("{} cannot execute {}", a.name, t.name)));
    }
    if enc.sovereign().expecting.contains(&t.side) {
        return Err(RuleError::NotAllowed(format!(
            "{} expects danger: no execution attack",
            t.name
        )));
    }
    let w = attack(a, index)?;
    let Some(Distance::Feet(feet)) = reach::range(enc, a, t) else {
        return Err(RuleError::NotAllowed(format!(
            "{} and {} are not both on the grid",
            a.name, t.name
        )));
    };
    match w.range {
        None if !reach::in_melee(enc, a, t) => Err(RuleError::NotAllowed(format!(
            "{} must be next to {} for a melee execution",
            a.name, t.name
        ))),
        Some(normal) if feet > w.long_range.unwrap_or(normal).max(normal) => {
            Err(RuleError::NotAllowed(format!("{} is beyond {}'s range", t.name, w.name)))
        }
        _ => Ok(feet),
    }
}

/// An execution attack.
pub(crate) fn execute(
    enc: &mut Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let feet = check_execute(enc, attacker, target, index)?;
    let a = &*enc.combatants.shared(&attacker).ok_or(RuleError::UnknownCombatant(attacker))?;
    let t = &*enc.combatants.shared(&target).ok_or(RuleError::UnknownCombatant(target))?;
    let w = attack(a, index)?;
    let skill = attack_skill(a, &w);
    let mut ctx = Ctx::new(enc, dice);
    let hit = match w.range {
        None => {
            ctx.ruling(
                R_ATTACK,
                Some(attacker),
                format_args!("{} executes {} with {}: a sure hit", a.name, t.name, w.name),
            );
            true
        }
        Some(normal) => {
            let dex = a.stat("dex").map_or(0, attribute_mod);
            let near = shot_bonus(feet, normal);
            let roll = ctx.roll(R_ATTACK, Some(attacker), &Dice::pool(2, 6), "DEX/Shoot check")?;
            let o = skill_check(&roll, skill, dex + near, 10);
            ctx.ruling(
                R_ATTACK,
                Some(attacker),
                format_args!(
                    "{}'s execution shot at {} ({feet} ft): {} {} (skill) {} (DEX) {} (distance) = {} against 10: {}",
                    a.name,
                    t.name,
                    roll.total,
                    signed(skill),
                    signed(dex),
                    signed(near),
                    o.total,
                    if o.success { "it hits, AC ignored" } else { "it misses" }
                ),
            );
            o.success
        }
    };
    if !hit {
        return Ok(ctx.finish());
    }
    let die =
        ctx.roll(R_ATTACK, Some(attacker), &w.dmg, format_args!("Damage ({})", w.name))?.total;
    hurt(&mut ctx, target, (die + w.attribute_mod(a)).max(0))?;
    let victim = ctx.snapshot(target)?;
    if is_out(&victim) || track(&victim, HP) == 0 {
        return Ok(ctx.finish());
    }
    let base = save_target(ctx.enc, &victim, SaveKind::Physical);
    let needed = base + skill;
    let roll = ctx.roll(R_ATTACK, Some(target), &Dice::die(20), "Physical save (execution)")?;
    let saved = save(&roll, needed).success;
    ctx.ruling(
        R_ATTACK,
        Some(target),
        format_args!(
            "{}'s Physical save: {} against {base} {} ({}'s skill) = {needed}: {}",
            t.name,
            roll.total,
            signed(skill),
            a.name,
            if saved { "saved" } else { "failed: down to 0 HP" }
        ),
    );
    if !saved {
        ctx.set_track(R_ATTACK, target, HP, 0);
        fall(&mut ctx, R_ATTACK, target);
    }
    Ok(ctx.finish())
}

#[cfg(test)]
mod tests {
    use super::shot_bonus;

    #[test]
    fn a_shot_is_easier_close() {
        assert_eq!(shot_bonus(10, 60), 4, "within 10 ft: +4");
        assert_eq!(shot_bonus(15, 60), 2, "within the normal range: +2");
        assert_eq!(shot_bonus(60, 60), 2);
        assert_eq!(shot_bonus(65, 60), 0, "beyond it: nothing");
    }
}
