//! The answers to an attack whose d20 is rolled, before it lands: the target's Total Defense
//! (an Instant it may take after seeing the roll), Veteran's Luck on either side, and Snap
//! Attacks at the attacker by its foes (from rules edition 1), which may fell it before its
//! damage is rolled. What waits is a stack: a Snap Attack waits on top of the attack it
//! answers.

use super::attack::{check_attack, land};
use super::block::{AC, SovBlock, is_out, stat, strikable};
use super::model::{Manner, Pending, SovEvent, TurnAt};
use super::{CHARGED, R_ATTACK, TOTAL_DEFENSE};
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// Whether `id` may still take Total Defense: in the fight, not already defending, its Main
/// action unspent this round.
pub(crate) fn may_defend(enc: &Encounter, id: CombatantId) -> bool {
    enc.combatant(id).is_some_and(|c| {
        !is_out(c) && !c.conditions.contains(TOTAL_DEFENSE) && !enc.sovereign().mains.contains(&id)
    })
}

/// Whether `id` may still use Veteran's Luck: once a Turn, and a fight is one Turn (once a
/// round in a fight begun before rules edition 2).
pub(crate) fn has_luck(enc: &Encounter, id: CombatantId) -> bool {
    let s = enc.sovereign();
    let used = if enc.rules >= 2 { &s.luck_spent } else { &s.luck_used };
    enc.combatant(id).is_some_and(|c| {
        !is_out(c) && !used.contains(&id) && SovBlock::of(c).is_ok_and(|b| b.veterans_luck)
    })
}

/// When Veteran's Luck comes back, as the journal says it.
fn luck_period(enc: &Encounter) -> &'static str {
    if enc.rules >= 2 { "this fight" } else { "this round" }
}

/// The check of Veteran's Luck on the waiting attack: the attacker on a miss, the target on
/// a hit (as things stand: the target's AC, a charger's −2).
pub(crate) fn check_luck(enc: &Encounter, id: CombatantId) -> Result<bool, RuleError> {
    let Some(p) = &enc.sovereign().pending else {
        return Err(RuleError::NotAllowed("no attack waits".into()));
    };
    if !has_luck(enc, id) {
        return Err(RuleError::NotAllowed(format!(
            "{} has no Veteran's Luck left {}",
            enc.name_of(id),
            luck_period(enc)
        )));
    }
    if p.forced.is_some() {
        return Err(RuleError::NotAllowed("Veteran's Luck already turned this attack".into()));
    }
    let hit = standing_outcome(enc, p);
    match (id == p.attacker, id == p.target, hit) {
        (true, _, false) => Ok(true),
        (_, true, true) => Ok(false),
        (true, _, true) => Err(RuleError::NotAllowed("it hits already".into())),
        (_, true, false) => Err(RuleError::NotAllowed("it misses already".into())),
        _ => Err(RuleError::NotAllowed(format!("{} is not part of this attack", enc.name_of(id)))),
    }
}

/// Whether the waiting attack hits as things stand (before any Total Defense).
pub(crate) fn standing_outcome(enc: &Encounter, p: &Pending) -> bool {
    enc.combatant(p.target).is_some_and(|t| {
        let charging = if t.conditions.contains(CHARGED) { 2 } else { 0 };
        p.roll.total + p.bonus >= stat(t, AC) - charging
    })
}

/// Who may answer `p` with a Snap Attack at its attacker (from rules edition 1), each with the
/// first attack it can make: a foe of the attacker trained for it, off its turn, its Main
/// unspent, the attacker in reach. Its blow may fell the attacker before the damage is rolled.
pub(crate) fn snappers(enc: &Encounter, p: &Pending) -> Vec<(CombatantId, usize)> {
    let Some(a) = enc.combatant(p.attacker) else { return Vec::new() };
    if enc.rules < 1 {
        return Vec::new();
    }
    enc.combatants
        .values()
        .filter(|c| c.side != a.side && !is_out(c))
        .filter_map(|c| {
            let weapons = SovBlock::of(c).map_or(0, |b| b.attacks.len());
            (0..weapons)
                .find(|i| check_attack(enc, c.id, a.id, *i, &Manner::Snap).is_ok())
                .map(|i| (c.id, i))
        })
        .collect()
}

/// Whether an attack rolled waits before it lands: its target may take Total Defense, either
/// side may use Veteran's Luck, or someone may answer with a Snap Attack.
pub(super) fn waits_for_answer(enc: &Encounter, target: CombatantId, p: &Pending) -> bool {
    may_defend(enc, target)
        || has_luck(enc, p.attacker)
        || has_luck(enc, target)
        || !snappers(enc, p).is_empty()
}

/// After an attack lands: an attack a Snap Attack interrupted waits again — dropped when its
/// attacker (or its target) is down by now — and with none left, a walk an attack of
/// opportunity held up goes on.
pub(super) fn resume(ctx: &mut Ctx) {
    while let Some(p) = ctx.enc.sovereign().pending.clone() {
        let down = |id| ctx.enc.combatant(id).is_none_or(is_out);
        // A helpless target (knocked out, mortally injured) can still be struck.
        let gone = |id| ctx.enc.combatant(id).is_none_or(|c| !strikable(ctx.enc, c));
        if !down(p.attacker) && !gone(p.target) {
            return;
        }
        let (a, t) = (ctx.enc.name_of(p.attacker), ctx.enc.name_of(p.target));
        let says = if down(p.attacker) {
            format!("{a} is down before its blow on {t} lands: the attack is dropped")
        } else {
            format!("{t} is down already: {a}'s attack on {t} is dropped")
        };
        ctx.ruling(R_ATTACK, Some(p.attacker), says);
        ctx.emit(R_ATTACK, Some(p.attacker), SovEvent::Answered);
    }
    super::opportunity::settle(ctx);
}

/// Veteran's Luck on the waiting attack.
pub(crate) fn luck(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let hit = check_luck(enc, id)?;
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_ATTACK, Some(id), SovEvent::Lucky { id, hit });
    Ok(ctx.finish())
}

/// The target's answer to the waiting attack: Total Defense or not; then the attack lands.
pub(crate) fn answer(
    enc: &mut Encounter,
    total_defense: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(p) = enc.sovereign().pending.clone() else {
        return Err(RuleError::NotAllowed("no attack waits for an answer".into()));
    };
    if total_defense && !may_defend(enc, p.target) {
        return Err(RuleError::NotAllowed(format!(
            "{} has spent its Main action this round",
            enc.name_of(p.target)
        )));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_ATTACK, Some(p.target), SovEvent::Answered);
    if total_defense {
        let at = TurnAt::now(ctx.enc).unwrap_or_default();
        let what = "Total Defense (+2 AC, no Shock until its next turn)".into();
        ctx.emit(R_ATTACK, Some(p.target), SovEvent::Main { id: p.target, at, what });
        ctx.condition(R_ATTACK, p.target, TOTAL_DEFENSE);
    }
    land(&mut ctx, &p)?;
    resume(&mut ctx);
    Ok(ctx.finish())
}
