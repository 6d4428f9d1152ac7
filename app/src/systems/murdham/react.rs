//! Answers to an attack, after the save to hit and before the damage: a stunt accepted or
//! refused, then each target's reaction — dodge, counter, hide behind a nearby character,
//! or a nearby character guarding it. A reaction spends the reacting character's turn for
//! the round; unaware targets (and the targets of a concealed attacker or of an opportunity
//! attack) cannot react.

use super::block::{MurdhamBlock, weapon};
use super::model::{MurdhamEvent as E, Pending, PendingAttack, Reaction, Struck};
use super::{R_REACT, nearby, standing};
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// Why `id` cannot spend its turn on a reaction now, if it cannot.
pub(crate) fn cannot_react(enc: &Encounter, id: CombatantId) -> Option<String> {
    let c = enc.combatant(id)?;
    if let Some(why) = super::unable(c) {
        return Some(why.into());
    }
    if enc.murdham().turn.id == Some(id) {
        return Some("it is taking its turn".into());
    }
    if enc.murdham().acted.contains(&id) {
        return Some("already had its turn this round".into());
    }
    None
}

/// Nearby characters who could step in for `target` (guard it, or be hidden behind).
pub(crate) fn bystanders(
    enc: &Encounter,
    pa: &PendingAttack,
    target: CombatantId,
) -> Vec<CombatantId> {
    enc.combatants
        .values()
        .filter(|c| c.id != target && c.id != pa.spec.attacker && standing(c))
        .filter(|c| nearby(enc, c.id, target) && c.zone.is_some())
        .filter(|c| !pa.struck.iter().any(|s| s.id == c.id))
        .map(|c| c.id)
        .collect()
}

/// Whether `reaction` is allowed for the first target still to answer (`Err`: why not).
pub(crate) fn allowed(
    enc: &Encounter,
    pa: &PendingAttack,
    reaction: &Reaction,
) -> Result<(), String> {
    let Some(s) = pa.struck.iter().find(|s| s.reaction.is_none()) else {
        return Err("every target has answered".into());
    };
    let target = s.id;
    if matches!(reaction, Reaction::None) {
        return Ok(());
    }
    if pa.no_reaction {
        return Err(pa.why_not.clone());
    }
    let own_turn = |enc: &Encounter| -> Result<(), String> {
        if s.guard {
            return Err("it stepped in as a guard: no dodge or counter".into());
        }
        match cannot_react(enc, target) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    };
    match reaction {
        Reaction::None => Ok(()),
        Reaction::Dodge => own_turn(enc),
        Reaction::Counter { weapon: wi, .. } => {
            own_turn(enc)?;
            counter_allowed(enc, pa, target, *wi)
        }
        Reaction::HideBehind { shield } => {
            let holds = enc.murdham().grabs.get(shield) == Some(&target);
            if !holds {
                own_turn(enc)?;
            } else if let Some(why) = cannot_react(enc, target) {
                return Err(why);
            }
            if !bystanders(enc, pa, target).contains(shield) {
                return Err(format!("{} is not nearby to hide behind", enc.name_of(*shield)));
            }
            // Only a friend agrees to stand in the way (or the one held, who has no say).
            if !holds && super::enemies(enc, target, *shield) {
                return Err(format!("{} is no friend to hide behind", enc.name_of(*shield)));
            }
            Ok(())
        }
        Reaction::GuardedBy { guard } => {
            if !bystanders(enc, pa, target).contains(guard) {
                return Err(format!("{} is not nearby", enc.name_of(*guard)));
            }
            if super::enemies(enc, target, *guard) {
                return Err(format!("{} fights on the other side", enc.name_of(*guard)));
            }
            match cannot_react(enc, *guard) {
                Some(why) => Err(why),
                None => Ok(()),
            }
        }
    }
}

/// Whether `target` may counter with its weapon `wi` (bare-handed without): the only one of
/// several targets to, a weapon not broken, and the attacker nearby or in range.
fn counter_allowed(
    enc: &Encounter,
    pa: &PendingAttack,
    target: CombatantId,
    wi: Option<usize>,
) -> Result<(), String> {
    if pa.struck.len() > 1
        && pa.struck.iter().any(|x| matches!(x.reaction, Some(Reaction::Counter { .. })))
    {
        return Err("only one of several targets may counter".into());
    }
    let c = enc.combatant(target).ok_or("gone")?;
    let w = weapon(c, wi).map_err(|e| e.to_string())?;
    if let Some(w) = &w {
        super::attack::check_not_broken(enc, target, w).map_err(|e| e.to_string())?;
    }
    let attacker = pa.spec.attacker;
    match w.as_ref().and_then(|w| w.range) {
        None if !nearby(enc, target, attacker) => {
            Err(format!("{} is not nearby to strike back at", enc.name_of(attacker)))
        }
        Some(range) => {
            let from = c.zone;
            let to = enc.combatant(attacker).and_then(|a| a.zone);
            match from.zip(to).map(|(a, b)| crate::reach::distance(enc, a, b)) {
                Some(Some(d)) if d > range => Err(format!("out of range ({d} zones)")),
                Some(None) => Err("no line to the attacker".into()),
                _ => Ok(()),
            }
        }
        None => Ok(()),
    }
}

/// Whether the first target still to answer has anything to choose (a reaction of its own
/// or someone to guard it).
fn has_choice(enc: &Encounter, pa: &PendingAttack) -> bool {
    let Some(s) = pa.struck.iter().find(|s| s.reaction.is_none()) else { return false };
    if pa.no_reaction {
        return false;
    }
    if allowed(enc, pa, &Reaction::Dodge).is_ok() {
        return true;
    }
    bystanders(enc, pa, s.id).into_iter().any(|g| {
        allowed(enc, pa, &Reaction::GuardedBy { guard: g }).is_ok()
            || allowed(enc, pa, &Reaction::HideBehind { shield: g }).is_ok()
    })
}

/// Moves an attack on: asks the stunt or the next reaction, or resolves it when everyone
/// has answered (targets with nothing to choose take it). `new`: not yet queued.
pub(crate) fn proceed(ctx: &mut Ctx, mut pa: PendingAttack, new: bool) -> Result<(), RuleError> {
    loop {
        if pa.stunt_open {
            break;
        }
        if pa.struck.iter().all(|s| s.reaction.is_some()) {
            if !new {
                ctx.emit(R_REACT, None, E::Settled);
            }
            return super::damage::resolve(ctx, pa);
        }
        if has_choice(ctx.enc, &pa) {
            break;
        }
        if let Some(s) = pa.struck.iter_mut().find(|s| s.reaction.is_none()) {
            // Say why, so the journal shows the reaction was not forgotten.
            let why = if pa.no_reaction {
                pa.why_not.clone()
            } else {
                cannot_react(ctx.enc, s.id).unwrap_or_else(|| "nobody can step in".into())
            };
            let name = ctx.name(s.id);
            ctx.ruling(R_REACT, Some(s.id), format_args!("{name} cannot react: {why}"));
            s.reaction = Some(Reaction::None);
        }
    }
    let attacker = Some(pa.spec.attacker);
    let pending = Pending::Attack(pa);
    if new {
        ctx.emit(R_REACT, attacker, E::Queued { pending, first: true });
    } else {
        ctx.emit(R_REACT, attacker, E::Updated { pending });
    }
    Ok(())
}

/// The target answers a stunt.
pub(crate) fn stunt(
    enc: &mut Encounter,
    accept: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(Pending::Attack(pa)) = enc.murdham().pending.first() else {
        return Err(RuleError::NotAllowed("no stunt waits for an answer".into()));
    };
    if !pa.stunt_open {
        return Err(RuleError::NotAllowed("no stunt waits for an answer".into()));
    }
    let mut pa = pa.clone();
    let target = pa.struck[0].id;
    let effect = pa.spec.stunt.clone().unwrap_or_default();
    let mut ctx = Ctx::new(enc, dice);
    if accept {
        ctx.emit(R_REACT, Some(target), E::Settled);
        ctx.ruling(
            R_REACT,
            Some(target),
            format_args!("{} accepts instead of the blow: {effect}", ctx.enc.name_of(target)),
        );
        let label: String = effect.chars().take(40).collect();
        ctx.condition(R_REACT, target, label.trim());
    } else {
        ctx.ruling(
            R_REACT,
            Some(target),
            format_args!("{} refuses the stunt: the attack goes on", ctx.enc.name_of(target)),
        );
        pa.stunt_open = false;
        proceed(&mut ctx, pa, false)?;
    }
    Ok(ctx.finish())
}

/// The first target still to answer reacts.
pub(crate) fn react(
    enc: &mut Encounter,
    id: CombatantId,
    reaction: Reaction,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(Pending::Attack(pa)) = enc.murdham().pending.first() else {
        return Err(RuleError::NotAllowed("no attack waits for a reaction".into()));
    };
    if pa.stunt_open {
        return Err(RuleError::NotAllowed("first the stunt: accept it or take the attack".into()));
    }
    let mut pa = pa.clone();
    let Some(i) = pa.struck.iter().position(|s| s.reaction.is_none()) else {
        return Err(RuleError::NotAllowed("every target has answered".into()));
    };
    if pa.struck[i].id != id {
        return Err(RuleError::NotAllowed(format!(
            "{} answers first",
            enc.name_of(pa.struck[i].id)
        )));
    }
    allowed(enc, &pa, &reaction)
        .map_err(|why| RuleError::NotAllowed(format!("{}: {why}", enc.name_of(id))))?;
    let mut ctx = Ctx::new(enc, dice);
    let name = ctx.enc.name_of(id);
    match &reaction {
        Reaction::None => {
            ctx.ruling(R_REACT, Some(id), format_args!("{name} takes the attack"));
            pa.struck[i].reaction = Some(Reaction::None);
        }
        Reaction::Dodge => {
            ctx.emit(R_REACT, Some(id), E::Reacted { id, how: "dodges".into() });
            pa.struck[i].reaction = Some(reaction.clone());
        }
        Reaction::Counter { weapon: wi, .. } => {
            let c = ctx.snapshot(id)?;
            let w = weapon(&c, *wi)?;
            let how = format!("counters with {}", super::attack::weapon_name(w.as_ref()));
            ctx.emit(R_REACT, Some(id), E::Reacted { id, how });
            pa.struck[i].reaction = Some(reaction.clone());
        }
        Reaction::HideBehind { shield } => {
            let held = ctx.enc.murdham().grabs.get(shield) == Some(&id);
            let note = if held { ", the one it holds, who has no say" } else { "" };
            let how = format!("hides behind {}{note}", ctx.enc.name_of(*shield));
            ctx.emit(R_REACT, Some(id), E::Reacted { id, how });
            pa.struck[i] =
                Struck { id: *shield, reaction: held.then_some(Reaction::None), guard: held };
        }
        Reaction::GuardedBy { guard } => {
            let how = format!("guards {name} and takes the attack");
            ctx.emit(R_REACT, Some(*guard), E::Reacted { id: *guard, how });
            pa.struck[i] = Struck { id: *guard, reaction: Some(Reaction::None), guard: true };
        }
    }
    proceed(&mut ctx, pa, false)?;
    Ok(ctx.finish())
}

/// The weapons a character may counter with: its own, then bare hands.
pub(crate) fn counter_weapons(enc: &Encounter, id: CombatantId) -> Vec<Option<usize>> {
    let n = enc.combatant(id).and_then(|c| MurdhamBlock::of(c).ok()).map_or(0, |b| b.weapons.len());
    (0..n).map(Some).chain(std::iter::once(None)).collect()
}
