//! What the GM calls for outside the attack: saving throws, skill checks (opposed or not),
//! and morale — the individual at half its HP and the group that lost a third of its number
//! are due; undead, constructs, zealots and the militarized never are. The GM judges, or rolls
//! 2d6 against the Morale score with the setting on.

use super::attack::{check_main, signed};
use super::block::{HD, HP, SovBlock, is_out, stat, track};
use super::model::{Opponent, SaveKind, SovEvent, TurnAt};
use super::movement::{check_move_left, move_ft};
use super::round::check_begun;
use super::rules::{
    attribute_mod, opposed_difficulty, save, save_target_npc, save_target_pc, skill_check,
};
use super::{MORALE_2D6, R_CHECK, R_MORALE};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// The modifier of attribute `key` (0 without the score).
fn modifier(c: &Combatant, key: &str) -> i64 {
    c.stat(key).map_or(0, attribute_mod)
}

/// A saving throw's target for `c`.
pub(crate) fn save_target(enc: &Encounter, c: &Combatant, kind: SaveKind) -> i64 {
    if enc.is_party(c.id) {
        let best = kind.attributes().iter().map(|a| modifier(c, a)).max().unwrap_or(0);
        save_target_pc(stat(c, "level").max(1), best)
    } else {
        c.stat("save").unwrap_or_else(|| save_target_npc(stat(c, HD)))
    }
}

/// A saving throw.
pub(crate) fn save_throw(
    enc: &mut Encounter,
    id: CombatantId,
    kind: SaveKind,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    let target = save_target(enc, &c, kind);
    let mut ctx = Ctx::new(enc, dice);
    let what = if ctx.enc.is_party(id) { format!("{} save", kind.word()) } else { "save".into() };
    let roll = ctx.roll(R_CHECK, Some(id), &Dice::die(20), &what)?;
    let o = save(&roll, target);
    ctx.ruling(
        R_CHECK,
        Some(id),
        format_args!(
            "{}'s {what}: {} against {target}: {}",
            c.name,
            roll.total,
            if o.success { "saved" } else { "failed" }
        ),
    );
    Ok(ctx.finish())
}

/// A skill's bonus for `c`: the stat named, or an NPC's single `skill`.
fn skill_of(c: &Combatant, skill: &str) -> i64 {
    c.stat(skill).or_else(|| c.stat("skill")).unwrap_or(0)
}

/// A skill check, opposed or not.
pub(crate) fn skill(
    enc: &mut Encounter,
    id: CombatantId,
    skill_key: &str,
    attr: &str,
    against: Option<&Opponent>,
    main: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if main {
        check_main(enc, id, false)?;
    }
    let c = enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    let (skill_key, attr) = (skill_key.trim().to_lowercase(), attr.trim().to_lowercase());
    if skill_key.is_empty() || attr.is_empty() {
        return Err(RuleError::Invalid("a check names a skill and an attribute".into()));
    }
    let difficulty = match against {
        Some(o) => {
            let other = enc.combatant(o.id).ok_or(RuleError::UnknownCombatant(o.id))?;
            opposed_difficulty(
                skill_of(other, &o.skill.to_lowercase()) + modifier(other, &o.attr.to_lowercase()),
            )
        }
        None => 10,
    };
    let (bonus, attr_mod) = (skill_of(&c, &skill_key), modifier(&c, &attr));
    let mut ctx = Ctx::new(enc, dice);
    if main {
        let at = TurnAt::now(ctx.enc).unwrap_or_default();
        let what = format!("uses {skill_key}");
        ctx.emit(R_CHECK, Some(id), SovEvent::Main { id, at, what });
    }
    let what = format!("{}/{} check", attr.to_uppercase(), skill_key);
    let roll = ctx.roll(R_CHECK, Some(id), &Dice::pool(2, 6), &what)?;
    let o = skill_check(&roll, bonus, attr_mod, difficulty);
    let vs = against.map_or(String::new(), |o| format!(" (opposed by {})", ctx.enc.name_of(o.id)));
    ctx.ruling(
        R_CHECK,
        Some(id),
        format_args!(
            "{}'s {what}: {} {} {} = {} against {difficulty}{vs}: {}",
            c.name,
            roll.total,
            signed(bonus),
            signed(attr_mod),
            o.total,
            if o.success { "success" } else { "failure" }
        ),
    );
    Ok(ctx.finish())
}

/// Why `c` is due a morale check now, if it is: at half its HP or less, or its group has
/// lost a third of its number. None for the exempt and those already settled.
pub(crate) fn morale_due(enc: &Encounter, c: &Combatant) -> Option<String> {
    if enc.is_party(c.id) || is_out(c) || enc.sovereign().morale_done.contains(&c.id) {
        return None;
    }
    if SovBlock::of(c).is_ok_and(|b| b.morale_exempt) {
        return None;
    }
    let max = c.track(HP).map_or(0, |t| t.max);
    if max > 0 && track(c, HP) * 2 <= max {
        return Some("at half its HP or less".into());
    }
    let group: Vec<&Combatant> = enc.combatants.values().filter(|o| o.side == c.side).collect();
    let lost = group.iter().filter(|o| is_out(o)).count();
    if group.len() > 1 && lost * 3 >= group.len() {
        return Some(format!("its group lost {lost} of {}", group.len()));
    }
    None
}

/// Morale: the GM's call, or 2d6 over the Morale score (with the setting on: above it, it
/// retreats).
pub(crate) fn morale(
    enc: &mut Encounter,
    id: CombatantId,
    retreats: Option<bool>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_begun(enc)?;
    let c = enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    let Some(why) = morale_due(enc, &c) else {
        return Err(RuleError::NotAllowed(format!("{} is not due a morale check", c.name)));
    };
    let mut ctx = Ctx::new(enc, dice);
    let retreats = match retreats {
        Some(r) => r,
        None => {
            if !ctx.enc.flag(MORALE_2D6, false) {
                return Err(RuleError::NotAllowed(
                    "the 2d6 morale check is off: decide instead".into(),
                ));
            }
            let score = stat(&c, "morale");
            let roll = ctx.roll(R_MORALE, Some(id), &Dice::pool(2, 6), "Morale (2d6)")?;
            let r = roll.total > score;
            ctx.ruling(
                R_MORALE,
                Some(id),
                format_args!(
                    "{}'s morale: {} against {score}: {}",
                    c.name,
                    roll.total,
                    if r { "over, it retreats" } else { "it holds" }
                ),
            );
            r
        }
    };
    ctx.ruling(
        R_MORALE,
        Some(id),
        format_args!("{} ({why}) {}", c.name, if retreats { "retreats" } else { "fights on" }),
    );
    ctx.emit(R_MORALE, Some(id), SovEvent::MoraleDone { id });
    if retreats {
        ctx.condition(R_MORALE, id, "fled");
    }
    Ok(ctx.finish())
}

/// The check of picking up an item: its turn, its Move unused.
pub(crate) fn check_pick_up(enc: &Encounter, id: CombatantId) -> Result<(), RuleError> {
    check_move_left(enc, id, false).map(|_| ())
}

/// Picking up an item within reach: the turn's Move.
pub(crate) fn pick_up(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_pick_up(enc, id)?;
    let c = &*enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    let feet = move_ft(c);
    ctx.emit(R_CHECK, Some(id), SovEvent::Walked { id, at, feet, done: false });
    ctx.ruling(R_CHECK, Some(id), format_args!("{} picks up an item (its Move)", c.name));
    Ok(ctx.finish())
}
