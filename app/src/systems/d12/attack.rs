//! The blow: d20 + attack bonus against Defense; on a hit the GM calls it ordinary or
//! critical and the damage is rolled: Armour off every hit, Stress first on an ordinary hit,
//! all of it (multiplied) to the Wound Points on a critical one, which may injure. A
//! defender on full defense may riposte unless the attacker attacked defensively.

use super::block::{ARMOUR, Attack, D12Block, stat};
use super::count::{action_now, cannot_act_now};
use super::declare::FULL_DEFENSE;
use super::model::{Action, D12Event, Pending, Wound};
use super::wounds::{self, Status, status};
use super::{R_ATTACK, R_DAMAGE, injury};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// An attack of a combatant's block by index.
pub fn weapon(c: &Combatant, i: usize) -> Result<Attack, RuleError> {
    D12Block::of(c)?
        .attacks
        .get(i)
        .cloned()
        .ok_or_else(|| RuleError::Invalid(format!("{} has no attack #{}", c.name, i + 1)))
}

/// Whether a combatant fights on full defense this round.
pub fn on_full_defense(c: &Combatant) -> bool {
    c.conditions.contains(FULL_DEFENSE)
}

/// An attack roll.
pub(crate) fn attack(
    enc: &mut Encounter,
    attacker: CombatantId,
    target: CombatantId,
    weapon_index: usize,
    riposte: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    let a = ctx.snapshot(attacker)?;
    let t = ctx.snapshot(target)?;
    if riposte {
        match ctx.enc.d12().pending.first() {
            Some(Pending::Riposte { defender, attacker: at })
                if *defender == attacker && *at == target => {}
            _ => {
                return Err(RuleError::NotAllowed(format!(
                    "{} has no riposte at {} waiting",
                    a.name, t.name
                )));
            }
        }
    } else {
        if let Some(why) = cannot_act_now(ctx.enc, attacker) {
            return Err(RuleError::NotAllowed(why));
        }
        super::declare::check_strike(ctx.enc, attacker, weapon_index)?;
    }
    if attacker == target {
        return Err(RuleError::Invalid(format!("{} cannot attack itself", a.name)));
    }
    if status(&t) == Status::Dead {
        return Err(RuleError::NotAllowed(format!("{} is dead already", t.name)));
    }
    let w = weapon(&a, weapon_index)?;
    let declared = action_now(ctx.enc, attacker).map(|d| d.action.clone());
    // Every refusal above, before the first event: the fight is changed in place.
    if riposte {
        ctx.emit(R_ATTACK, Some(attacker), D12Event::Settled);
    } else {
        ctx.emit(R_ATTACK, Some(attacker), D12Event::Acted { id: attacker });
        wounds::pay_to_act(&mut ctx, attacker, declared.as_ref());
    }
    let full = on_full_defense(&t);
    let defense = super::block::defense(&t, full);
    let label = if riposte {
        format!("{}'s riposte with {} at {}", a.name, w.name, t.name)
    } else {
        format!("{}'s {} at {}", a.name, w.name, t.name)
    };
    let roll = ctx.roll(R_ATTACK, Some(attacker), &Dice::die(20).plus(w.bonus), &label)?;
    let natural = roll.kept_faces().first().copied().unwrap_or(0);
    let hit = roll.total >= defense;
    let full_note = if full { " (+4 on full defense)" } else { "" };
    ctx.ruling(
        R_ATTACK,
        Some(attacker),
        format_args!(
            "{} against Defense {defense}{full_note}: {}",
            roll.total,
            if hit { "a hit" } else { "a miss" }
        ),
    );
    if hit {
        let pending = Pending::Damage { attacker, target, weapon: weapon_index, natural };
        ctx.emit(R_ATTACK, Some(attacker), D12Event::Queued { pending, first: true });
    }
    let careful = matches!(declared, Some(Action::DefensiveAttack { .. }));
    if full && !riposte && !careful && status(&t) == Status::Up {
        let pending = Pending::Riposte { defender: target, attacker };
        ctx.emit(R_ATTACK, Some(target), D12Event::Queued { pending, first: false });
    }
    Ok(ctx.finish())
}

/// The damage of the hit waiting for it.
pub(crate) fn damage(
    enc: &mut Encounter,
    critical: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(Pending::Damage { attacker, target, weapon: wi, .. }) = enc.d12().pending.first()
    else {
        return Err(RuleError::NotAllowed("no hit is waiting for its damage".into()));
    };
    let (attacker, target, wi) = (*attacker, *target, *wi);
    let mut ctx = Ctx::new(enc, dice);
    let a = ctx.snapshot(attacker)?;
    let t = ctx.snapshot(target)?;
    let w = weapon(&a, wi)?;
    ctx.emit(R_DAMAGE, Some(attacker), D12Event::Settled);
    let roll = ctx.roll(
        R_DAMAGE,
        Some(attacker),
        &w.damage,
        format_args!("{}'s {} damage", a.name, w.name),
    )?;
    let armour = stat(&t, ARMOUR).max(0);
    let raw = if critical { roll.total * w.crit } else { roll.total };
    let dealt = (raw - armour).max(0);
    if critical {
        let (name, total, crit) = (&t.name, roll.total, w.crit);
        ctx.ruling(
            R_DAMAGE,
            Some(target),
            format_args!(
                "{name} takes a critical hit: {total} × {crit} = {raw}, − Armour {armour} = \
                 {dealt}, all to Wound Points"
            ),
        );
    } else {
        let name = &t.name;
        ctx.ruling(
            R_DAMAGE,
            Some(target),
            format_args!("{name} takes {raw} − Armour {armour} = {dealt}"),
        );
    }
    let lost = if critical {
        // A critical hit skips Stress: all of it goes to the body.
        let wound = Wound {
            damage_type: w.main_type().to_owned(),
            amount: dealt,
            critical: true,
            injury: None,
        };
        wounds::wound(&mut ctx, R_DAMAGE, target, wound)
    } else {
        wounds::hurt(&mut ctx, target, dealt, w.main_type())
    };
    wounds::note_big_hit(&mut ctx, target, lost);
    // A defender the blow took down (or killed) no longer ripostes.
    let riposte_waits = matches!(
        ctx.enc.d12().pending.first(),
        Some(Pending::Riposte { defender, .. }) if *defender == target
    );
    if riposte_waits && !ctx.who(target).is_ok_and(wounds::is_up) {
        ctx.emit(R_ATTACK, Some(target), D12Event::Settled);
        ctx.ruling(R_ATTACK, Some(target), format_args!("{} is down: no riposte", t.name));
    }
    if critical && dealt > 0 {
        injury::chance(&mut ctx, attacker, target, &w, dealt)?;
    }
    Ok(ctx.finish())
}

/// Lets the first waiting injury or riposte go.
pub(crate) fn dismiss(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    let line = match ctx.enc.d12().pending.first() {
        Some(Pending::Injury { target, .. }) => {
            format!("No combat injury is rolled for {}", ctx.enc.name_of(*target))
        }
        Some(Pending::Riposte { defender, .. }) => {
            format!("{} does not riposte", ctx.enc.name_of(*defender))
        }
        Some(Pending::Damage { .. }) => {
            return Err(RuleError::NotAllowed("roll the hit's damage first".into()));
        }
        None => return Err(RuleError::NotAllowed("nothing is waiting".into())),
    };
    let actor = ctx.enc.d12().pending.first().map(Pending::actor);
    ctx.emit(R_ATTACK, actor, D12Event::Settled);
    ctx.ruling(R_ATTACK, actor, line);
    Ok(ctx.finish())
}
