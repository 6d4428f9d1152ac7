//! Attacks of opportunity: walking out of a foe's reach lets that foe strike first, free, with
//! its first melee attack — unless the walker spent its Main action to disengage. The walk
//! waits for every such foe's answer (and each blow for the walker's own answer, from rules
//! edition 1), then goes on (unless the walker fell).

use super::attack::{check_main, strike_free};
use super::block::MOVE;
use super::block::{SovBlock, is_out};
use super::model::{SovEvent, Threat, TurnAt};
use super::movement::{DEFAULT_MOVE_FT, check_move_left};
use super::{R_ATTACK, R_MOVE};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::reach;
use crate::space::{self, grid::GridPos};
use crate::system::{Ctx, RuleError};

/// The foes a walk of `c` to `to` takes it out of the reach of (next to it now, not at the
/// end), each with a melee attack; none when it disengaged this turn.
pub(crate) fn strikers(enc: &Encounter, c: &Combatant, to: GridPos) -> Vec<CombatantId> {
    if enc.sovereign().turn.now(enc).disengaged {
        return Vec::new();
    }
    let mut there = c.clone();
    there.square = Some(to);
    enc.combatants
        .values()
        .filter(|o| o.side != c.side && !is_out(o) && reach::in_melee(enc, c, o))
        .filter(|o| !reach::in_melee(enc, &there, o))
        .filter(|o| SovBlock::of(o).is_ok_and(|b| b.attacks.iter().any(|w| !w.ranged())))
        .map(|o| o.id)
        .collect()
}

/// The check of standing up: its turn, prone, its Move unused.
pub(crate) fn check_stand_up(enc: &Encounter, id: CombatantId) -> Result<(), RuleError> {
    let c = check_move_left(enc, id, false)?;
    if !c.conditions.contains("prone") {
        return Err(RuleError::NotAllowed(format!("{} is not prone", c.name)));
    }
    if c.square.is_none() {
        return Err(RuleError::NotAllowed(format!("{} is not on the grid", c.name)));
    }
    Ok(())
}

/// Standing up: the turn's Move, and every foe next to it may strike first.
pub(crate) fn stand_up(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_stand_up(enc, id)?;
    let c = &*enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    let spent = enc.sovereign().turn.now(enc);
    let at_square =
        c.square.ok_or_else(|| RuleError::NotAllowed(format!("{} is not on the grid", c.name)))?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    let feet = c.stat(MOVE).and_then(|m| u32::try_from(m).ok()).unwrap_or(DEFAULT_MOVE_FT);
    ctx.emit(R_MOVE, Some(id), SovEvent::Walked { id, at, feet, done: false });
    let strikers: Vec<CombatantId> = if spent.disengaged {
        Vec::new()
    } else {
        ctx.enc
            .combatants
            .values()
            .filter(|o| o.side != c.side && !is_out(o) && reach::in_melee(ctx.enc, c, o))
            .filter(|o| SovBlock::of(o).is_ok_and(|b| b.attacks.iter().any(|w| !w.ranged())))
            .map(|o| o.id)
            .collect()
    };
    if strikers.is_empty() {
        ctx.uncondition(R_MOVE, id, "prone");
    } else {
        let (from, to) = (at_square, at_square);
        ctx.emit(
            R_MOVE,
            Some(id),
            SovEvent::Threatened { id, from, to, cost_ft: 0, strikers, standing: true, then: None },
        );
    }
    Ok(ctx.finish())
}

/// Disengage: the Main action, so that walking out of melee draws no attack this turn.
pub(crate) fn disengage(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_main(enc, id, false)?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    ctx.emit(R_MOVE, Some(id), SovEvent::Main { id, at, what: "disengages".into() });
    ctx.emit(R_MOVE, Some(id), SovEvent::Disengaged { id, at });
    Ok(ctx.finish())
}

/// The check of a foe's answer to the walk waiting.
pub(crate) fn check_opportunity(
    enc: &Encounter,
    striker: CombatantId,
) -> Result<&Threat, RuleError> {
    let Some(t) = &enc.sovereign().threat else {
        return Err(RuleError::NotAllowed("nobody is walking out of reach".into()));
    };
    if !t.strikers.contains(&striker) {
        return Err(RuleError::NotAllowed(format!(
            "{} has no attack of opportunity now",
            enc.name_of(striker)
        )));
    }
    Ok(t)
}

/// A foe strikes at the walker (or lets it go); when every foe has answered, the walk goes on.
pub(crate) fn answer(
    enc: &mut Encounter,
    striker: CombatantId,
    strike: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let threat = check_opportunity(enc, striker)?.clone();
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_ATTACK, Some(striker), SovEvent::Struck { striker });
    if strike {
        let index = SovBlock::of(&ctx.enc.combatants[&striker])?
            .attacks
            .iter()
            .position(|w| !w.ranged())
            .unwrap_or(0);
        if strike_free(&mut ctx, striker, threat.id, index, "an attack of opportunity")? {
            // Its target answers first; the walk goes on once it has landed.
            return Ok(ctx.finish());
        }
    }
    settle(&mut ctx);
    Ok(ctx.finish())
}

/// Whether `c` may end a walk on `to` as the board is now.
fn free_at(enc: &Encounter, c: &Combatant, to: GridPos) -> bool {
    let Some(grid) = enc.grid.as_ref() else { return false };
    let passage = space::path::Passage::new(grid);
    reach::moves(enc, &passage, c).can_end(to).is_ok()
}

/// When no foe is left to answer, the walk is made (unless the walker fell).
pub(crate) fn settle(ctx: &mut Ctx) {
    let Some(t) = ctx.enc.sovereign().threat.clone() else { return };
    // A blow that waits for its answer lands before the walk goes on.
    if !t.strikers.is_empty() || ctx.enc.sovereign().pending.is_some() {
        return;
    }
    ctx.emit(R_MOVE, Some(t.id), SovEvent::WalkSettled);
    match ctx.enc.combatant(t.id) {
        Some(c) if !is_out(c) && t.then.is_some() => {
            if let Some(command) = t.then {
                super::provoke::make(ctx, *command);
            }
        }
        Some(c) if !is_out(c) && t.standing => ctx.uncondition(R_MOVE, t.id, "prone"),
        Some(c) if !is_out(c) && !free_at(ctx.enc, c, t.to) => {
            // The GM changed the board while the foes answered (a token grew, one was placed
            // there): the walk cannot end where it meant to.
            let name = c.name.clone();
            ctx.ruling(R_MOVE, Some(t.id), format_args!("{name} cannot end there now and stays"));
        }
        Some(c) if !is_out(c) => {
            let placed = EventKind::Placed {
                id: t.id,
                from: Some(t.from),
                to: Some(t.to),
                cost_ft: Some(t.cost_ft),
            };
            ctx.push(R_MOVE, Some(t.id), placed);
        }
        Some(c) => {
            let name = c.name.clone();
            let what = if t.then.is_some() { "acting" } else { "getting away" };
            ctx.ruling(R_MOVE, Some(t.id), format_args!("{name} falls before {what}"));
        }
        None => {}
    }
}
