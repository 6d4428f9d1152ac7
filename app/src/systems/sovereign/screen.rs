//! Screening an ally and holding an action, the two Move actions that act later.
//!
//! A screener walks next to its ward (within its Move) and guards it until its own next turn:
//! each attack on the ward first makes an opposed combat check — the attacker's 2d6 + the
//! attack's skill + the better of its STR and DEX modifiers against each screener's 2d6 + best
//! combat skill + the same modifier. A screener who rolls at least as high holds; of those who
//! hold, the lowest roller takes the attack instead, with the roll's modifiers unchanged (it
//! blocks at its ward's side). A screener takes on as many attackers a round as its best combat
//! skill, so Stab-0 cannot screen at all.
//!
//! Holding an action spends the Move; the Main may then come off its turn, as an Instant, until
//! the round ends. The GM makes it before what it answers, so it resolves first.

use super::attack::signed;
use super::block::{attack, attack_skill, combat_skill, is_out, str_or_dex_mod};
use super::model::{SovEvent, TurnAt};
use super::movement::check_move_left;
use super::{R_ATTACK, R_MOVE};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::reach;
use crate::system::{Ctx, RuleError};

/// The check of a Screen: its Move left (the walk to the ward within it), next to an ally in
/// the fight, with a combat skill of 1 or more.
pub(crate) fn check_screen(
    enc: &Encounter,
    id: CombatantId,
    ward: CombatantId,
) -> Result<(), RuleError> {
    let c = check_move_left(enc, id, true)?;
    check_screen_of(enc, c, ward)
}

/// [`check_screen`] past its first check, the Move's ([`check_move_left`], which gives the
/// screener `c`): the turn's prompt, which lists every ally, asks that one once.
pub(crate) fn check_screen_of(
    enc: &Encounter,
    c: &Combatant,
    ward: CombatantId,
) -> Result<(), RuleError> {
    let w = enc.combatant(ward).ok_or(RuleError::UnknownCombatant(ward))?;
    if ward == c.id || w.side != c.side {
        return Err(RuleError::NotAllowed(format!("{} can only screen an ally", c.name)));
    }
    if is_out(w) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", w.name)));
    }
    if combat_skill(c) < 1 {
        return Err(RuleError::NotAllowed(format!(
            "{} needs a combat skill of 1 or more to screen",
            c.name
        )));
    }
    if !reach::in_melee(enc, c, w) {
        return Err(RuleError::NotAllowed(format!(
            "{} must first walk next to {} (within its Move)",
            c.name, w.name
        )));
    }
    Ok(())
}

/// Screen an ally: the Move is spent, and the ward is guarded until the screener's next turn.
pub(crate) fn screen(
    enc: &mut Encounter,
    id: CombatantId,
    ward: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_screen(enc, id, ward)?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    let feet = ctx.enc.sovereign().turn.now(ctx.enc).feet;
    ctx.emit(R_MOVE, Some(id), SovEvent::Walked { id, at, feet, done: true });
    ctx.emit(R_MOVE, Some(id), SovEvent::Screening { screener: id, ward: Some(ward) });
    Ok(ctx.finish())
}

/// The check of holding an action: its turn, nothing moved, the Main unspent.
pub(crate) fn check_hold(enc: &Encounter, id: CombatantId) -> Result<(), RuleError> {
    let c = check_move_left(enc, id, false)?;
    if enc.sovereign().mains.contains(&id) {
        return Err(RuleError::NotAllowed(format!(
            "{} has spent its Main action: nothing is left to hold",
            c.name
        )));
    }
    Ok(())
}

/// Hold an action: the Move spent, the Main kept for an Instant later this round.
pub(crate) fn hold(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_hold(enc, id)?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    ctx.emit(R_MOVE, Some(id), SovEvent::Walked { id, at, feet: 0, done: true });
    ctx.emit(R_MOVE, Some(id), SovEvent::Held { id, on: true });
    Ok(ctx.finish())
}

/// Whether screener `s` may take on `attacker` this round: already did, or has room left under
/// its best combat skill.
fn has_room(enc: &Encounter, s: &Combatant, attacker: CombatantId) -> bool {
    let taken = enc.sovereign().screened.get(&s.id);
    taken.is_some_and(|t| t.contains(&attacker))
        || taken.map_or(0, |t| t.len() as i64) < combat_skill(s)
}

/// The screeners standing by `target` who may take on `attacker` now.
pub(crate) fn screeners(
    enc: &Encounter,
    target: &Combatant,
    attacker: CombatantId,
) -> Vec<CombatantId> {
    enc.sovereign()
        .screens
        .iter()
        .filter(|(_, ward)| **ward == target.id)
        .filter_map(|(s, _)| enc.combatant(*s))
        .filter(|s| !is_out(s) && reach::in_melee(enc, s, target) && has_room(enc, s, attacker))
        .map(|s| s.id)
        .collect()
}

/// The opposed check of an attack (`a`'s attack `index`) on a screened `target`: whom it
/// strikes — the lowest-rolling screener who holds, or the target when none does.
pub(crate) fn intercept(
    ctx: &mut Ctx,
    a: &Combatant,
    target: &Combatant,
    index: usize,
) -> Result<CombatantId, RuleError> {
    let guards = screeners(ctx.enc, target, a.id);
    if guards.is_empty() {
        return Ok(target.id);
    }
    let w = attack(a, index)?;
    let bonus = attack_skill(a, &w) + str_or_dex_mod(a);
    let roll =
        ctx.roll(R_ATTACK, Some(a.id), &Dice::pool(2, 6), "combat check (past the screen)")?;
    let total = roll.total + bonus;
    let mut held: Vec<(i64, CombatantId)> = Vec::new();
    for s in guards {
        let c = ctx.snapshot(s)?;
        let their_bonus = combat_skill(&c) + str_or_dex_mod(&c);
        let r = ctx.roll(R_ATTACK, Some(s), &Dice::pool(2, 6), "combat check (screening)")?;
        let theirs = r.total + their_bonus;
        ctx.emit(R_ATTACK, Some(s), SovEvent::Screened { screener: s, attacker: a.id });
        let holds = theirs >= total;
        ctx.ruling(
            R_ATTACK,
            Some(s),
            format_args!(
                "{}'s screen: {} {} = {theirs} against {}'s {} {} = {total}: {}",
                c.name,
                r.total,
                signed(their_bonus),
                a.name,
                roll.total,
                signed(bonus),
                if holds { "holds" } else { "passed" }
            ),
        );
        if holds {
            held.push((theirs, s));
        }
    }
    match held.iter().min() {
        Some((_, s)) => {
            let name = ctx.enc.name_of(*s);
            ctx.ruling(
                R_ATTACK,
                Some(*s),
                format_args!("{name} takes the attack meant for {}", target.name),
            );
            Ok(*s)
        }
        None => Ok(target.id),
    }
}

/// A turn starts: the one whose turn it is stops screening.
pub(crate) fn turn_starts(ctx: &mut Ctx, id: CombatantId) {
    if ctx.enc.sovereign().screens.contains_key(&id) {
        ctx.emit(R_MOVE, Some(id), SovEvent::Screening { screener: id, ward: None });
    }
}

/// Someone leaves: screens it gave or received end, and a held action is gone.
pub(crate) fn left(ctx: &mut Ctx, id: CombatantId, rule: &'static str) {
    let ended: Vec<CombatantId> = ctx
        .enc
        .sovereign()
        .screens
        .iter()
        .filter(|(s, w)| **s == id || **w == id)
        .map(|(s, _)| *s)
        .collect();
    for s in ended {
        ctx.emit(rule, Some(s), SovEvent::Screening { screener: s, ward: None });
    }
    if ctx.enc.sovereign().held.contains(&id) {
        ctx.emit(rule, Some(id), SovEvent::Held { id, on: false });
    }
}
