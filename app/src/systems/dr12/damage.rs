//! HP lost: a hit less the target's armour, or ongoing damage; at 0 HP a character is down
//! and a creature dead (the rules text gives no death rule; the GM can change either by
//! hand).

use super::block::{ARMOR, HP, is_character, stat, track};
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// `id` loses `amount` HP (`why` names it in the journal).
pub(crate) fn hurt(
    ctx: &mut Ctx,
    rule: &'static str,
    id: CombatantId,
    amount: i64,
    why: &str,
) -> Result<(), RuleError> {
    let c = ctx.who(id)?;
    let name = c.name.clone();
    let before = track(c, HP);
    let after = (before - amount.max(0)).max(0);
    ctx.ruling(rule, Some(id), format_args!("{name} takes {} from {why}", amount.max(0)));
    ctx.set_track(rule, id, HP, after);
    if after == 0 && before > 0 {
        at_zero(ctx, rule, id)?;
    }
    Ok(())
}

/// At 0 HP a character is down, a creature dead; with the Broken table on, a character rolls
/// on it instead.
fn at_zero(ctx: &mut Ctx, rule: &'static str, id: CombatantId) -> Result<(), RuleError> {
    if super::broken::applies(ctx, id) {
        return super::broken::roll(ctx, rule, id);
    }
    let down = if is_character(ctx.enc, id) { "down" } else { "dead" };
    ctx.condition(rule, id, down);
    Ok(())
}

/// A GM edit brought `id`'s HP to 0: down or dead as a blow would leave it (and so, dead, out
/// of every free attack and turn it had open).
pub(crate) fn settle_edit(
    ctx: &mut Ctx,
    rule: &'static str,
    edit: &crate::system::TrackEdit,
) -> Result<(), RuleError> {
    if edit.track == HP && edit.to <= 0 && edit.from > 0 {
        let name = ctx.name(edit.id);
        ctx.ruling(rule, Some(edit.id), format_args!("{name} is brought to 0 HP"));
        at_zero(ctx, rule, edit.id)?;
    }
    Ok(())
}

/// A hit of `damage` on `target`: its armour first.
pub(crate) fn hit(
    ctx: &mut Ctx,
    rule: &'static str,
    target: CombatantId,
    damage: i64,
    why: &str,
) -> Result<(), RuleError> {
    let armor = stat(ctx.who(target)?, ARMOR).max(0);
    if armor > 0 {
        let name = ctx.name(target);
        ctx.ruling(
            rule,
            Some(target),
            format_args!(
                "{name}'s armour {armor}: {damage} − {armor} = {}",
                (damage - armor).max(0)
            ),
        );
    }
    hurt(ctx, rule, target, damage - armor, why)
}
