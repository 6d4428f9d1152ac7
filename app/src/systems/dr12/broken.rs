//! The Broken table in the fight, with the setting `broken_table` on ("001" of the rules
//! README, "Between fights": the optional 0-HP preset, from the nearest public game's): the
//! moment a character drops to 0 HP it rolls a d4. 1: out for d4 rounds, then up with d4 HP;
//! 2: a broken limb (an eye, on a d6 of 6), out for d4 rounds, then d4 HP; 3: a haemorrhage,
//! dead in d2 hours unless treated (down till then); 4: dead.
//!
//! "Out for d4 rounds" is `down` on a timer: the rest of this round and d4 more; the HP it wakes
//! with are rolled at once and put on the track, so a fight that ends before it wakes leaves
//! the character up with them (the timer ends with the fight). Creatures still die at 0.

use super::between::BROKEN_TABLE;
use super::block::HP;
use crate::encounter::{Timer, Until};
use crate::event::EventKind;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// Whether the Broken table decides what 0 HP does to this character now (from rules edition
/// 4: before it, the table was only a rest kind, and an earlier fight replays so).
pub(super) fn applies(ctx: &Ctx, id: CombatantId) -> bool {
    ctx.enc.rules >= 4
        && ctx.enc.flag(BROKEN_TABLE, false)
        && super::block::is_character(ctx.enc, id)
}

/// The character `id` has just dropped to 0 HP: the Broken table's d4, and what it says.
pub(super) fn roll(ctx: &mut Ctx, rule: &'static str, id: CombatantId) -> Result<(), RuleError> {
    let name = ctx.name(id);
    let result = ctx.die(rule, Some(id), 4, format_args!("{name}: the Broken table"))?;
    match result {
        1 => out_then_up(ctx, rule, id, "falls senseless")?,
        2 => {
            let eye = ctx.die(rule, Some(id), 6, "A limb, or an eye on a 6")? == 6;
            let harm = if eye { "lost an eye" } else { "broken limb" };
            ctx.condition(rule, id, harm);
            out_then_up(ctx, rule, id, if eye { "loses an eye" } else { "breaks a limb" })?;
        }
        3 => {
            let hours = ctx.die(rule, Some(id), 2, "Hours to live untreated")?;
            let s = if hours == 1 { "" } else { "s" };
            ctx.ruling(
                rule,
                Some(id),
                format_args!(
                    "{name} haemorrhages: dead in {hours} hour{s} unless treated (a Test DR16, \
                     DR18 in the last hour)"
                ),
            );
            ctx.condition(rule, id, "down");
            ctx.condition(rule, id, "haemorrhage");
        }
        _ => {
            ctx.ruling(rule, Some(id), format_args!("{name} is dead"));
            ctx.condition(rule, id, "dead");
        }
    }
    Ok(())
}

/// Out for the rest of the round and d4 more (`down` on a timer), waking with d4 HP.
fn out_then_up(
    ctx: &mut Ctx,
    rule: &'static str,
    id: CombatantId,
    what: &str,
) -> Result<(), RuleError> {
    let name = ctx.name(id);
    let rounds = ctx.die(rule, Some(id), 4, "Rounds out")?;
    let hp = ctx.die(rule, Some(id), 4, "Wakes with HP")?;
    ctx.ruling(
        rule,
        Some(id),
        format_args!("{name} {what}: out for {rounds} more round(s), then up with {hp} HP"),
    );
    ctx.condition(rule, id, "down");
    let round = ctx.enc.round.max(1).saturating_add(u32::try_from(rounds).unwrap_or(1));
    let timer = Timer { id, condition: "down".into(), until: Until::RoundOver { round } };
    ctx.push(rule, Some(id), EventKind::TimerSet { timer });
    ctx.set_track(rule, id, HP, hp);
    Ok(())
}
