//! The round: surprise and reactions before the fight, the side roll and the characters'
//! order (once per fight), each turn's start (ongoing damage) and end (the Test that may stop
//! it), skipping whoever is out and, in round 1, the surprised side.

use super::Step;
use super::block::{DEX, LEVEL, ONGOING, SKILL, has, is_character, is_out, stat};
use super::check::test;
use super::damage::hurt;
use super::model::Dr12Event;
use super::{PC_LEVEL, R_INIT, R_ONGOING, R_TURN};
use crate::checks::Advantage;
use crate::dice::DiceSource;
use crate::encounter::{Encounter, OrderEntry};
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, SideId};
use crate::system::Step as _;
use crate::system::turn_order;
use crate::system::{Ctx, RuleError, check_before};

/// The reaction table (d10).
pub(crate) fn reaction_word(roll: i64) -> &'static str {
    match roll {
        1 => "Hostile",
        2..=3 => "Wary",
        4..=7 => "Curious",
        8..=9 => "Kind",
        _ => "Helpful",
    }
}

/// The GM says which side is surprised.
pub(crate) fn surprise(
    enc: &mut Encounter,
    side: Option<SideId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_before(enc)?;
    if let Some(s) = side {
        let named =
            enc.side(s).ok_or_else(|| RuleError::Invalid(format!("there is no side {s}")))?;
        if enc.dr12().surprised == Some(s) {
            return Err(RuleError::NotAllowed(format!("{} is surprised already", named.name)));
        }
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_INIT, None, Dr12Event::Surprised { side });
    Ok(ctx.finish())
}

/// A d10 reaction roll for a side.
pub(crate) fn reaction(
    enc: &mut Encounter,
    side: SideId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_before(enc)?;
    let s = enc.side(side).ok_or_else(|| RuleError::Invalid(format!("there is no side {side}")))?;
    let name = s.name.clone();
    let mut ctx = Ctx::new(enc, dice);
    let roll = ctx.die(R_INIT, None, 10, format_args!("Reaction of {name}"))?;
    let word = reaction_word(roll);
    ctx.emit(R_INIT, None, Dr12Event::Reacted { side, reaction: word.into() });
    Ok(ctx.finish())
}

/// Next: start the fight, end a turn, end the round, or start the next one.
pub(crate) fn advance(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    match Step::of(ctx.enc) {
        Some(Step::Turns) => {
            // The place whose turn ends, as it was before the turn's end was said.
            let from = ctx.enc.turn;
            end_turn(&mut ctx)?;
            next(&mut ctx, from)?;
        }
        Some(Step::End) => {
            let round = ctx.enc.round + 1;
            ctx.push(R_TURN, None, EventKind::RoundStarted { round });
            turn_order::join_newcomers(&mut ctx, R_INIT, |c| !is_out(c));
            ctx.push(R_TURN, None, Step::Turns.entered());
            next(&mut ctx, None)?;
        }
        _ => {
            if ctx.enc.combatants.is_empty() {
                return Err(RuleError::NotAllowed("nobody is on the board yet".into()));
            }
            initiative(&mut ctx)?;
            ctx.push(R_TURN, None, EventKind::RoundStarted { round: 1 });
            ctx.push(R_TURN, None, Step::Turns.entered());
            next(&mut ctx, None)?;
        }
    }
    Ok(ctx.finish())
}

/// The side roll and each character's d6 + DEX: the order of the whole fight.
fn initiative(ctx: &mut Ctx) -> Result<(), RuleError> {
    let side = ctx.die(R_INIT, None, 6, "Which side begins (1–3 enemies, 4–6 characters)")?;
    ctx.emit(R_INIT, None, Dr12Event::SideRoll { roll: side });
    let characters_first = side >= 4;
    let ids: Vec<CombatantId> =
        ctx.enc.combatants.values().filter(|c| !is_out(c)).map(|c| c.id).collect();
    let mut characters = Vec::new();
    let mut enemies = Vec::new();
    for id in ids {
        if is_character(ctx.enc, id) {
            let dex = stat(ctx.who(id)?, DEX);
            let roll = ctx.die(R_INIT, Some(id), 6, "Order (d6 + DEX)")?;
            characters.push((
                roll + dex,
                dex,
                id,
                format!("d6 {roll} + DEX {dex} = {}", roll + dex),
            ));
        } else {
            enemies.push(id);
        }
    }
    // High to low; a tie goes to the higher DEX, then to who joined first.
    characters.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    let first = if characters_first { "characters first" } else { "enemies first" };
    let pcs = characters.into_iter().map(|(total, _, id, why)| OrderEntry {
        combatants: vec![id],
        count: Some(total),
        reason: format!("{why} ({first}, side roll {side})"),
    });
    let foes = enemies.into_iter().map(|id| OrderEntry {
        combatants: vec![id],
        count: None,
        reason: format!("the enemies' side ({first}, side roll {side})"),
    });
    let order: Vec<OrderEntry> =
        if characters_first { pcs.chain(foes).collect() } else { foes.chain(pcs).collect() };
    ctx.push(R_INIT, None, EventKind::OrderSet { order });
    Ok(())
}

/// Whether the place can act now (see [`turn_order::can_act`]).
fn can_act(enc: &Encounter, place: &OrderEntry) -> bool {
    turn_order::can_act(enc, place, enc.dr12().surprised, |c| !is_out(c))
}

/// Starts the first place after `from` that can act, or ends the round.
pub(crate) fn next(ctx: &mut Ctx, from: Option<usize>) -> Result<(), RuleError> {
    let start = from.map_or(0, |t| t + 1);
    let order = ctx.enc.order.to_vec();
    for (i, place) in order.iter().enumerate().skip(start) {
        if !can_act(ctx.enc, place) {
            let skipped = place.combatants.iter().any(|id| {
                let surprised = ctx.enc.round == 1 && ctx.enc.dr12().surprised.is_some();
                surprised && ctx.enc.combatant(*id).is_some_and(|c| !is_out(c))
            });
            if skipped {
                let names: Vec<String> =
                    place.combatants.iter().map(|id| ctx.enc.name_of(*id)).collect();
                ctx.ruling(
                    R_TURN,
                    None,
                    format_args!("{} is surprised: no turn in round 1", names.join(", ")),
                );
            }
            continue;
        }
        let actor = place.combatants.first().copied();
        ctx.push(R_TURN, actor, EventKind::TurnStarted { index: Some(i) });
        if let Some(id) = actor {
            start_turn(ctx, id)?;
        }
        return Ok(());
    }
    ctx.push(R_TURN, None, EventKind::TurnStarted { index: None });
    ctx.push(R_TURN, None, Step::End.entered());
    Ok(())
}

/// Ongoing damage and its Test read the Level and Skill; a character has no Skill, so by
/// default its Level stands for both (the setting: 1 HP a turn, and a Test with no bonus —
/// the empty stat key).
fn ongoing_numbers(enc: &Encounter, id: CombatantId) -> (i64, &'static str) {
    let c = &enc.combatants[&id];
    if is_character(enc, id) {
        if enc.flag(PC_LEVEL, true) { (stat(c, LEVEL).max(1), LEVEL) } else { (1, "") }
    } else {
        (stat(c, LEVEL).max(1), SKILL)
    }
}

/// The start of a turn: ongoing damage takes HP equal to the Level.
fn start_turn(ctx: &mut Ctx, id: CombatantId) -> Result<(), RuleError> {
    if !has(ctx.who(id)?, ONGOING) {
        return Ok(());
    }
    let (level, _) = ongoing_numbers(ctx.enc, id);
    hurt(ctx, R_ONGOING, id, level, "ongoing damage")?;
    Ok(())
}

/// The end of a turn: a creature with ongoing damage Tests its Skill; a pass stops it.
fn end_turn(ctx: &mut Ctx) -> Result<(), RuleError> {
    let Some(&id) = ctx.enc.acting().first() else { return Ok(()) };
    let Some(c) = ctx.enc.combatant(id) else { return Ok(()) };
    if !has(c, ONGOING) || is_out(c) {
        return Ok(());
    }
    let (_, key) = ongoing_numbers(ctx.enc, id);
    let t = test(ctx, R_ONGOING, id, key, Advantage::Normal, "Test to stop ongoing damage")?;
    if t.outcome.success {
        ctx.uncondition(R_ONGOING, id, ONGOING);
    }
    Ok(())
}

/// Whether it is `id`'s turn.
pub(crate) fn is_turn_of(enc: &Encounter, id: CombatantId) -> bool {
    crate::system::acts_now(enc, Step::Turns, id)
}

/// Refuses unless the fight is on.
pub(crate) fn check_begun(enc: &Encounter) -> Result<(), RuleError> {
    crate::system::check_begun(enc, Step::Before)
}
