//! Attacks and moves: a character's STR or DEX Test to hit, a creature's blow the defender
//! avoids with DEX, damage by the weapon's die (two one-handed weapons: both, the higher
//! counts), the naturals (20 doubles a character's damage, 1 on the defence doubles what it
//! takes, 1 on an attack marks a usage), and the free attacks on a character leaving its
//! foes.

use super::Step;
use super::block::{
    DEX, DISTRACTED, PARALYSED, SKILL, STR, STUCK, Weapon, has, is_character, is_out, weapon,
};
use super::check::test;
use super::damage::hit;
use super::model::{Dr12Event, Pending, TurnAt};
use super::{ENEMY_TESTS, FREE_ATTACK, PC_DEFENDS, R_ATTACK, R_MOVE, USAGE_MAX};
use crate::checks::Advantage;
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, ZoneId};
use crate::reach::in_melee;
use crate::system::{Ctx, RuleError, check_actor, check_room, check_turn};

/// How many usages a weapon takes before it is spent.
pub(crate) fn usage_max(enc: &Encounter, w: &Weapon) -> u32 {
    w.usage_max.unwrap_or_else(|| {
        enc.setting(USAGE_MAX).and_then(serde_json::Value::as_u64).map_or(3, |n| n as u32)
    })
}

/// Refuses unless `id` may spend its Action now: its turn, the Action unspent, not Distracted
/// or Paralysed, nothing waiting.
pub(crate) fn check_action(enc: &Encounter, id: CombatantId) -> Result<(), RuleError> {
    let turn = |c: &Combatant| check_turn(enc, Step::Turns, c);
    let c = check_actor(enc, Step::Before, id, turn, is_out)?;
    for h in [DISTRACTED, PARALYSED] {
        if has(c, h) {
            return Err(RuleError::NotAllowed(format!("{} is {h}: no Actions", c.name)));
        }
    }
    if enc.dr12().turn.now(enc).acted {
        return Err(RuleError::NotAllowed(format!("{} has spent its Action", c.name)));
    }
    Ok(())
}

/// The attack's own check: the Action, the target, the weapons (melee needs Close).
pub(crate) fn check_attack(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    second: Option<usize>,
) -> Result<(), RuleError> {
    check_action(enc, attacker)?;
    check_attack_on(enc, attacker, target, index, second)
}

/// [`check_attack`] past its first check, the Action's ([`check_action`]): the turn's prompt,
/// which lists every weapon at every foe, asks that one once.
pub(crate) fn check_attack_on(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    second: Option<usize>,
) -> Result<(), RuleError> {
    let a = &enc.combatants[&attacker];
    let t = enc.combatant(target).ok_or(RuleError::UnknownCombatant(target))?;
    if t.side == a.side {
        return Err(RuleError::NotAllowed(format!("{} is on {}'s side", t.name, a.name)));
    }
    if is_out(t) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", t.name)));
    }
    let w = weapon(a, index)?;
    check_weapon(enc, a, t, index, &w)?;
    if let Some(s) = second {
        let w2 = weapon(a, s)?;
        if s == index {
            return Err(RuleError::Invalid("two weapons means two different ones".into()));
        }
        if w.hands != 1 || w2.hands != 1 {
            return Err(RuleError::NotAllowed(
                "only two one-handed weapons can be used together".into(),
            ));
        }
        check_weapon(enc, a, t, s, &w2)?;
    }
    Ok(())
}

fn check_weapon(
    enc: &Encounter,
    a: &Combatant,
    t: &Combatant,
    index: usize,
    w: &Weapon,
) -> Result<(), RuleError> {
    let used = super::block::usages(enc, a, index);
    let max = usage_max(enc, w);
    if used >= max {
        return Err(RuleError::NotAllowed(format!(
            "{}'s {} is spent ({used}/{max} usages)",
            a.name, w.name
        )));
    }
    if w.ranged {
        if crate::reach::range(enc, a, t).is_none() {
            return Err(RuleError::NotAllowed(format!("{} is not on the board", t.name)));
        }
    } else if !in_melee(enc, a, t) {
        return Err(RuleError::NotAllowed(format!(
            "{} is not Close: a melee attack needs the same zone",
            t.name
        )));
    }
    Ok(())
}

/// An attack.
pub(crate) fn attack(
    enc: &mut Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    second: Option<usize>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_attack(enc, attacker, target, index, second)?;
    let mut ctx = Ctx::new(enc, dice);
    let w = weapon(&ctx.enc.combatants[&attacker], index)?;
    let mut what = format!("attacks {} with {}", ctx.enc.name_of(target), w.name);
    if let Some(s) = second {
        what.push_str(&format!(" and {}", weapon(&ctx.enc.combatants[&attacker], s)?.name));
    }
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    ctx.emit(R_ATTACK, Some(attacker), Dr12Event::Acted { id: attacker, at, what });
    if !is_character(ctx.enc, attacker) {
        // A creature's blow: the defender Tests DEX to avoid it.
        let pending = Pending { attacker, target, weapon: index, free: false };
        ctx.emit(R_ATTACK, Some(target), Dr12Event::Waiting { pending });
        return Ok(ctx.finish());
    }
    let a = ctx.snapshot(attacker)?;
    let t = ctx.snapshot(target)?;
    let w = weapon(&a, index)?;
    let close = in_melee(ctx.enc, &a, &t);
    let (key, extra) = match (w.ranged, close) {
        (true, true) => (DEX, Advantage::Disadvantage),
        (true, false) => (DEX, Advantage::Normal),
        (false, _) => (STR, Advantage::Normal),
    };
    let what = format!("attack on {} with {}", t.name, w.name);
    let tested = test(&mut ctx, R_ATTACK, attacker, key, extra, &what)?;
    if tested.one {
        mark_usage(&mut ctx, &a, index, &w);
    }
    if !tested.outcome.success {
        return Ok(ctx.finish());
    }
    let mut arms = vec![(index, w)];
    if let Some(s) = second {
        arms.push((s, weapon(&a, s)?));
    }
    let mut best = 0;
    for (_, w) in &arms {
        let d = ctx.die(R_ATTACK, Some(attacker), w.die, format_args!("Damage ({})", w.name))?;
        best = best.max(d);
    }
    if arms.len() == 2 {
        ctx.ruling(
            R_ATTACK,
            Some(attacker),
            format_args!("two weapons: the higher die, {best}, counts"),
        );
    }
    if tested.twenty {
        ctx.ruling(
            R_ATTACK,
            Some(attacker),
            format_args!("natural 20: damage doubled, {best} → {}", best * 2),
        );
        best *= 2;
    }
    hit(&mut ctx, R_ATTACK, target, best, &format!("{}'s attack", a.name))?;
    Ok(ctx.finish())
}

/// A natural 1 attacking: one more usage on the weapon; spent at its maximum.
fn mark_usage(ctx: &mut Ctx, a: &Combatant, index: usize, w: &Weapon) {
    let usages = super::block::usages(ctx.enc, a, index) + 1;
    ctx.ruling(R_ATTACK, Some(a.id), format_args!("natural 1: the {} marks a usage", w.name));
    ctx.emit(R_ATTACK, Some(a.id), Dr12Event::Usage { id: a.id, weapon: index, usages });
}

/// The defender's DEX Test against the first attack waiting.
pub(crate) fn defend(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(p) = enc.dr12().pending.first().cloned() else {
        return Err(RuleError::NotAllowed("no attack waits for a DEX Test".into()));
    };
    let mut ctx = Ctx::new(enc, dice);
    let a = ctx.snapshot(p.attacker)?;
    let w = weapon(&a, p.weapon)?;
    ctx.emit(R_ATTACK, Some(p.target), Dr12Event::Settled);
    let what = format!("DEX Test to avoid {}'s {}", a.name, w.name);
    let tested = test(&mut ctx, R_ATTACK, p.target, DEX, Advantage::Normal, &what)?;
    if !tested.outcome.success {
        let mut damage =
            ctx.die(R_ATTACK, Some(p.attacker), w.die, format_args!("Damage ({})", w.name))?;
        if tested.one {
            let t = ctx.name(p.target);
            ctx.ruling(
                R_ATTACK,
                Some(p.target),
                format_args!(
                    "natural 1 on the defence: {t} takes double, {damage} → {}",
                    damage * 2
                ),
            );
            damage *= 2;
        }
        hit(&mut ctx, R_ATTACK, p.target, damage, &format!("{}'s {}", a.name, w.name))?;
    }
    release(&mut ctx)?;
    Ok(ctx.finish())
}

/// When no free attack waits any more, the held move is made (unless the mover fell).
fn release(ctx: &mut Ctx) -> Result<(), RuleError> {
    if !ctx.enc.dr12().pending.is_empty() {
        return Ok(());
    }
    let Some((id, to)) = ctx.enc.dr12().held else { return Ok(()) };
    ctx.emit(R_MOVE, Some(id), Dr12Event::Released);
    let Some(c) = ctx.enc.combatant(id).cloned() else { return Ok(()) };
    if is_out(&c) {
        ctx.ruling(R_MOVE, Some(id), format_args!("{} falls before leaving", c.name));
        return Ok(());
    }
    if check_room(ctx.enc, to, 1, Some(id)).is_err() {
        ctx.ruling(R_MOVE, Some(id), format_args!("{} finds no room and stays", c.name));
        return Ok(());
    }
    ctx.push(R_MOVE, Some(id), EventKind::Moved { id, from: c.zone, to: Some(to) });
    Ok(())
}

/// The checks of the acting combatant's own move to `to`.
pub(crate) fn check_move(enc: &Encounter, id: CombatantId, to: ZoneId) -> Result<(), RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    for h in [STUCK, PARALYSED] {
        if has(c, h) {
            return Err(RuleError::NotAllowed(format!("{} is {h}: no move", c.name)));
        }
    }
    let from =
        c.zone.ok_or_else(|| RuleError::NotAllowed(format!("{} is off the board", c.name)))?;
    let zone = enc.zone(to).ok_or_else(|| RuleError::Invalid(format!("there is no zone {to}")))?;
    if from == to {
        return Err(RuleError::Invalid(format!("{} is already in {}", c.name, zone.name)));
    }
    if !enc.zone(from).is_some_and(|z| z.adjacent.contains(&to)) {
        return Err(RuleError::NotAllowed(format!(
            "{} is not Nearby: a move goes to an adjacent zone",
            zone.name
        )));
    }
    if enc.dr12().turn.now(enc).moved {
        // Another move is the turn's Action.
        check_action(enc, id).map_err(|e| {
            RuleError::NotAllowed(format!(
                "{} has moved; another move needs the Action ({e})",
                c.name
            ))
        })?;
    }
    check_room(enc, to, 1, Some(id))
}

/// The foes Close to a character leaving, who get a free attack — none when an ally is Close
/// or it disengaged, and none of a side surprised in round 1 (it does not act at all then).
pub(crate) fn free_attackers(enc: &Encounter, id: CombatantId) -> Vec<CombatantId> {
    close_foes(enc, id).into_iter().filter(|o| !surprised_now(enc, *o)).collect()
}

/// Whether `id`'s side is surprised and this is round 1: it takes no turn and strikes no one.
pub(crate) fn surprised_now(enc: &Encounter, id: CombatantId) -> bool {
    // Rules edition 1: before it, a surprised side still struck someone leaving.
    enc.rules >= 1
        && enc.round == 1
        && enc.combatant(id).is_some_and(|c| enc.dr12().surprised == Some(c.side))
}

/// The foes Close to a character leaving, surprised or not (see [`free_attackers`]).
fn close_foes(enc: &Encounter, id: CombatantId) -> Vec<CombatantId> {
    let c = &enc.combatants[&id];
    if !is_character(enc, id) || enc.dr12().turn.now(enc).disengaged {
        return Vec::new();
    }
    let close: Vec<&Combatant> = enc
        .combatants
        .values()
        .filter(|o| o.id != id && !is_out(o) && in_melee(enc, c, o))
        .collect();
    if close.iter().any(|o| o.side == c.side) {
        return Vec::new();
    }
    close.iter().filter(|o| o.side != c.side).map(|o| o.id).collect()
}

/// The acting combatant moves to a Nearby zone (its move, or its Action for a second); foes
/// Close to a leaving character strike first.
pub(crate) fn turn_move(
    enc: &mut Encounter,
    id: CombatantId,
    to: ZoneId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_move(enc, id, to)?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    let spend = if ctx.enc.dr12().turn.now(ctx.enc).moved {
        Dr12Event::Acted { id, at, what: "moves again".into() }
    } else {
        Dr12Event::Moved { id, at }
    };
    // Who may strike is read from the fight before the move is spent.
    let foes = free_attackers(ctx.enc, id);
    let napping: Vec<String> = close_foes(ctx.enc, id)
        .into_iter()
        .filter(|o| surprised_now(ctx.enc, *o))
        .map(|o| ctx.enc.name_of(o))
        .collect();
    ctx.emit(R_MOVE, Some(id), spend);
    if !napping.is_empty() {
        let name = ctx.name(id);
        ctx.ruling(
            R_MOVE,
            Some(id),
            format_args!("{} surprised: no free attack on {name} in round 1", napping.join(", ")),
        );
    }
    if foes.is_empty() {
        let from = ctx.enc.combatants[&id].zone;
        ctx.push(R_MOVE, Some(id), EventKind::Moved { id, from, to: Some(to) });
        return Ok(ctx.finish());
    }
    let name = ctx.name(id);
    ctx.ruling(
        R_MOVE,
        Some(id),
        format_args!("{name} leaves while a foe is Close: a free attack first"),
    );
    ctx.emit(R_MOVE, Some(id), Dr12Event::Held { id, to });
    let pc_defends = ctx.enc.choice(FREE_ATTACK, PC_DEFENDS) != ENEMY_TESTS;
    for foe in foes {
        let Some(w) = weapon(&ctx.enc.combatants[&foe], 0).ok() else {
            let f = ctx.name(foe);
            ctx.ruling(R_MOVE, Some(foe), format_args!("{f} has nothing to strike with"));
            continue;
        };
        if pc_defends {
            let pending = Pending { attacker: foe, target: id, weapon: 0, free: true };
            ctx.emit(R_MOVE, Some(id), Dr12Event::Waiting { pending });
        } else {
            // The setting: the foe Tests its Skill to hit.
            let f = ctx.name(foe);
            let tested = test(
                &mut ctx,
                R_MOVE,
                foe,
                SKILL,
                Advantage::Normal,
                &format!("free attack on {name}"),
            )?;
            if tested.outcome.success {
                let d = ctx
                    .roll(
                        R_MOVE,
                        Some(foe),
                        &Dice::die(w.die),
                        format_args!("Damage ({})", w.name),
                    )?
                    .total;
                hit(&mut ctx, R_MOVE, id, d, &format!("{f}'s free attack"))?;
            }
        }
    }
    release(&mut ctx)?;
    Ok(ctx.finish())
}
