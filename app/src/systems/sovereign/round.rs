//! The round: the surprised side, each side's d8 once a fight (the party adding its best DEX
//! modifier, winning ties by default), the sides acting in turn with every member taking its
//! whole turn, and the end of the round (the mortal-injury countdown, shields made ready).

use super::Step;
use super::block::{is_out, lingers};
use super::model::SovEvent;
use super::rules::{acts_first, attribute_mod, dies_at_end_of, side_initiative};
use super::wrestle;
use super::{R_INIT, R_ROUND, R_TURN, REROLL, TIES};
use crate::dice::DiceSource;
use crate::encounter::{Encounter, OrderEntry};
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, SideId};
use crate::system::Step as _;
use crate::system::turn_order;
use crate::system::{Ctx, RuleError, check_before};

/// The GM says which side is caught unaware.
pub(crate) fn surprise(
    enc: &mut Encounter,
    side: Option<SideId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_before(enc)?;
    if let Some(s) = side {
        check_surprisable(enc, s)?;
        if enc.sovereign().surprised == Some(s) {
            let name = enc.side(s).map_or("that side", |x| x.name.as_str());
            return Err(RuleError::NotAllowed(format!("{name} is surprised already")));
        }
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_INIT, None, SovEvent::Surprised { side });
    Ok(ctx.finish())
}

/// Refuses to surprise a side that expects a fight (or is no side).
pub(crate) fn check_surprisable(enc: &Encounter, side: SideId) -> Result<(), RuleError> {
    let s = enc.side(side).ok_or_else(|| RuleError::Invalid(format!("there is no side {side}")))?;
    if enc.sovereign().expecting.contains(&side) {
        return Err(RuleError::NotAllowed(format!(
            "{} cannot be surprised: on guard, expecting a fight",
            s.name
        )));
    }
    Ok(())
}

/// A side expects a fight, or no longer does.
pub(crate) fn expecting(
    enc: &mut Encounter,
    side: SideId,
    on: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_before(enc)?;
    enc.side(side).ok_or_else(|| RuleError::Invalid(format!("there is no side {side}")))?;
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_INIT, None, SovEvent::Expects { side, on });
    if on && ctx.enc.sovereign().surprised == Some(side) {
        ctx.emit(R_INIT, None, SovEvent::Surprised { side: None });
    }
    Ok(ctx.finish())
}

/// The check of a side trying to catch another unaware.
pub(crate) fn check_surprise_check(
    enc: &Encounter,
    side: SideId,
    against: SideId,
) -> Result<(), RuleError> {
    check_before(enc)?;
    enc.side(side).ok_or_else(|| RuleError::Invalid(format!("there is no side {side}")))?;
    if side == against {
        return Err(RuleError::Invalid("a side cannot surprise itself".into()));
    }
    check_surprisable(enc, against)?;
    let has = |s: SideId| enc.combatants.values().any(|c| c.side == s && !is_out(c));
    if !has(side) || !has(against) {
        return Err(RuleError::NotAllowed("both sides need someone on the board".into()));
    }
    Ok(())
}

/// The best total bonus of a side's members for `skill` with `attr`.
fn best_of(enc: &Encounter, side: SideId, skill: &str, attr: &str) -> (i64, String) {
    enc.combatants
        .values()
        .filter(|c| c.side == side && !is_out(c))
        .map(|c| {
            let bonus = c.stat(skill).or_else(|| c.stat("skill")).unwrap_or(0)
                + c.stat(attr).map_or(0, attribute_mod);
            (bonus, c.name.clone())
        })
        // The first of the best, in the order they joined.
        .fold(None, |best: Option<(i64, String)>, x| match best {
            Some(b) if b.0 >= x.0 => Some(b),
            _ => Some(x),
        })
        .unwrap_or((0, String::new()))
}

/// One side tries to catch another unaware: its best against 8 + the other's best Notice.
pub(crate) fn surprise_check(
    enc: &mut Encounter,
    side: SideId,
    against: SideId,
    exert: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_surprise_check(enc, side, against)?;
    let (skill, attr) = if exert { ("exert", "str") } else { ("sneak", "dex") };
    let (bonus, who) = best_of(enc, side, skill, attr);
    let (notice, watcher) = best_of(enc, against, "notice", "wis");
    let difficulty = super::rules::opposed_difficulty(notice);
    let mut ctx = Ctx::new(enc, dice);
    let (a, b) = (ctx.enc.sides[&side].name.clone(), ctx.enc.sides[&against].name.clone());
    let what = format!("{a}: {}/{skill} to catch {b} unaware", attr.to_uppercase());
    let roll = ctx.roll(R_INIT, None, &crate::dice::Dice::pool(2, 6), &what)?;
    let o = super::rules::skill_check(&roll, bonus, 0, difficulty);
    ctx.ruling(
        R_INIT,
        None,
        format_args!(
            "{what} ({who} leads): {} {} = {} against 8 + {notice} ({watcher} watches) = {difficulty}: {}",
            roll.total,
            if bonus < 0 { format!("− {}", -bonus) } else { format!("+ {bonus}") },
            o.total,
            if o.success { "unnoticed" } else { "noticed" }
        ),
    );
    if o.success {
        ctx.emit(R_INIT, None, SovEvent::Surprised { side: Some(against) });
    }
    Ok(ctx.finish())
}

/// Next: start the fight, pass the turn, end the round, or start the next.
pub(crate) fn advance(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    match Step::of(ctx.enc) {
        Some(Step::Turns) => {
            let from = ctx.enc.turn;
            next(&mut ctx, from)?;
        }
        Some(Step::End) => {
            ctx.push(R_ROUND, None, EventKind::RoundStarted { round: ctx.enc.round + 1 });
            turn_order::join_newcomers(&mut ctx, R_INIT, |c| !is_out(c));
            ctx.push(R_ROUND, None, Step::Turns.entered());
            next(&mut ctx, None)?;
        }
        _ => {
            if ctx.enc.grid.is_none() {
                return Err(RuleError::NotAllowed(
                    "Sovereign is fought on a grid: set one up first".into(),
                ));
            }
            if ctx.enc.combatants.is_empty() {
                return Err(RuleError::NotAllowed("nobody is on the board yet".into()));
            }
            initiative(&mut ctx)?;
            ctx.push(R_ROUND, None, EventKind::RoundStarted { round: 1 });
            ctx.push(R_ROUND, None, Step::Turns.entered());
            next(&mut ctx, None)?;
        }
    }
    Ok(ctx.finish())
}

/// The best DEX modifier among a side's members in the fight.
fn best_dex(enc: &Encounter, side: SideId) -> i64 {
    enc.combatants
        .values()
        .filter(|c| c.side == side && !is_out(c))
        .filter_map(|c| c.stat("dex").map(attribute_mod))
        .max()
        .unwrap_or(0)
}

/// Each side with someone in the fight rolls 1d8; the order lists the sides high to low.
fn initiative(ctx: &mut Ctx) -> Result<(), RuleError> {
    let sides: Vec<SideId> = ctx
        .enc
        .sides
        .keys()
        .copied()
        .filter(|s| ctx.enc.combatants.values().any(|c| c.side == *s && !is_out(c)))
        .collect();
    let mut rolled: Vec<(SideId, i64, String)> = Vec::new();
    for side in sides {
        rolled.push(roll_side(ctx, side)?);
    }
    let reroll = ctx.enc.choice(TIES, super::PARTY_WINS) == REROLL;
    // Ties: the party wins (the default), or the tied sides roll again.
    for _ in 0..20 {
        let tied: Vec<usize> = (0..rolled.len())
            .filter(|&i| rolled.iter().enumerate().any(|(j, o)| j != i && o.1 == rolled[i].1))
            .collect();
        if !reroll || tied.is_empty() {
            break;
        }
        for i in tied {
            rolled[i] = roll_side(ctx, rolled[i].0)?;
        }
    }
    let party = |s: SideId| ctx.enc.side(s).is_some_and(|s| s.party);
    // Higher first, the party on a tie; otherwise as the sides were made.
    let first = |a: &(SideId, i64, String), b: &(SideId, i64, String)| {
        acts_first(a.1, party(a.0), b.1, party(b.0))
    };
    rolled.sort_by(|a, b| {
        if first(a, b) {
            std::cmp::Ordering::Less
        } else if first(b, a) {
            std::cmp::Ordering::Greater
        } else {
            a.0.cmp(&b.0)
        }
    });
    let mut order = Vec::new();
    for (side, total, why) in &rolled {
        ctx.emit(R_INIT, None, SovEvent::Initiative { side: *side, total: *total });
        for c in ctx.enc.combatants.values().filter(|c| c.side == *side && !is_out(c)) {
            order.push(OrderEntry {
                combatants: vec![c.id],
                count: Some(*total),
                reason: why.clone(),
            });
        }
    }
    ctx.push(R_INIT, None, EventKind::OrderSet { order });
    Ok(())
}

/// One side's d8 (with the party's best DEX modifier): its total and the reason.
fn roll_side(ctx: &mut Ctx, side: SideId) -> Result<(SideId, i64, String), RuleError> {
    let s =
        ctx.enc.side(side).cloned().ok_or_else(|| RuleError::Invalid(format!("no side {side}")))?;
    let d8 = ctx.die(R_INIT, None, 8, format_args!("Initiative of {}", s.name))?;
    let dex = if s.party { best_dex(ctx.enc, side) } else { 0 };
    let total = side_initiative(d8, s.party, dex);
    let why = if s.party {
        format!("{}: d8 {d8} + best DEX {dex:+} = {total}", s.name)
    } else {
        format!("{}: d8 {d8}", s.name)
    };
    Ok((side, total, why))
}

/// Whether the place can act now (see [`turn_order::can_act`]).
fn can_act(enc: &Encounter, place: &OrderEntry) -> bool {
    turn_order::can_act(enc, place, enc.sovereign().surprised, |c| !is_out(c))
}

/// Starts the next place that can act after `from`, or ends the round.
pub(crate) fn next(ctx: &mut Ctx, from: Option<usize>) -> Result<(), RuleError> {
    let start = from.map_or(0, |t| t + 1);
    let order = ctx.enc.order.to_vec();
    if let Some(i) = (start..order.len()).find(|&i| can_act(ctx.enc, &order[i])) {
        let actor = order[i].combatants.first().copied();
        ctx.push(R_TURN, actor, EventKind::TurnStarted { index: Some(i) });
        // Total Defense lasts until its own next turn.
        if let Some(id) = actor {
            super::screen::turn_starts(ctx, id);
            ctx.uncondition(R_TURN, id, super::TOTAL_DEFENSE);
            if ctx.enc.choice(super::CHARGE_AC, super::END_OF_ROUND) == super::NEXT_TURN {
                ctx.uncondition(R_TURN, id, super::CHARGED);
            }
        }
        return Ok(());
    }
    ctx.push(R_TURN, None, EventKind::TurnStarted { index: None });
    ctx.push(R_ROUND, None, Step::End.entered());
    end_of_round(ctx)
}

/// The mortally injured whose sixth round after the fall is over die; shields are ready again;
/// chargers stand normally again (unless the setting keeps it to their next turn).
fn end_of_round(ctx: &mut Ctx) -> Result<(), RuleError> {
    if ctx.enc.choice(super::CHARGE_AC, super::END_OF_ROUND) == super::END_OF_ROUND {
        let chargers: Vec<CombatantId> = ctx
            .enc
            .combatants
            .values()
            .filter(|c| c.conditions.contains(super::CHARGED))
            .map(|c| c.id)
            .collect();
        for id in chargers {
            ctx.uncondition(R_ROUND, id, super::CHARGED);
        }
    }
    wrestle::end_of_round(ctx)?;
    let round = ctx.enc.round;
    let due: Vec<(CombatantId, u32)> =
        ctx.enc.sovereign().mortal.iter().map(|(id, r)| (*id, *r)).collect();
    for (id, fell) in due {
        if dies_at_end_of(fell, round) {
            let name = ctx.enc.name_of(id);
            ctx.ruling(
                R_ROUND,
                Some(id),
                format_args!("{name} fell in round {fell}: six rounds have passed unstabilized"),
            );
            ctx.emit(R_ROUND, Some(id), SovEvent::Settled { id });
            ctx.uncondition(R_ROUND, id, "mortally injured");
            ctx.condition(R_ROUND, id, "dead");
        }
    }
    let s = ctx.enc.sovereign();
    let busy = !s.shields_used.is_empty() || !s.mains.is_empty() || !s.luck_used.is_empty();
    if busy || !s.screened.is_empty() || !s.held.is_empty() {
        ctx.emit(R_ROUND, None, SovEvent::RoundReset);
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

/// Someone at 0 HP: a character or named NPC lies mortally injured, others die.
pub(crate) fn fall(ctx: &mut Ctx, rule: &'static str, id: CombatantId) {
    let Some(c) = ctx.enc.combatant(id).cloned() else { return };
    // A Frail character brought to 0 HP again dies at once: no second mortal injury.
    if c.conditions.contains("frail") && ctx.enc.rules >= 1 {
        ctx.ruling(rule, Some(id), format_args!("{} is Frail: at 0 HP again, dead", c.name));
        ctx.condition(rule, id, "dead");
        return;
    }
    if lingers(ctx.enc, &c) {
        ctx.condition(rule, id, "mortally injured");
        let round = ctx.enc.round;
        ctx.emit(rule, Some(id), SovEvent::Fell { id, round });
    } else {
        ctx.condition(rule, id, "dead");
    }
}

/// A GM edit brought `id`'s HP to 0 (see [`crate::system::TrackEdit`]): it falls as a blow
/// would fell it — a character or named NPC mortally injured, others dead, the Frail dead.
pub(crate) fn settle_edit(ctx: &mut Ctx, edit: &crate::system::TrackEdit) {
    if edit.track == super::block::HP && edit.to <= 0 && edit.from > 0 {
        let name = ctx.name(edit.id);
        ctx.ruling(R_TURN, Some(edit.id), format_args!("{name} is brought to 0 HP"));
        fall(ctx, R_TURN, edit.id);
    }
}
