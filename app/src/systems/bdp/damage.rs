//! The damage pipeline: Armor, then HP (the guard), overflow to STR, then the Critical Damage
//! Save and what failing it means. Detachments take the overflow on WIL and save with it.

use super::block::{self, BdpBlock};
use super::{CDS_D6, R_DAMAGE};
use crate::checks::save_under;
use crate::dice::Dice;
use crate::ids::CombatantId;
use crate::system::Ctx;
use crate::system::RuleError;

/// One blow about to land.
#[derive(Debug, Clone)]
pub(crate) struct Blow {
    /// The damage rolled (kept).
    pub raw: i64,
    /// What dealt it, for the journal ("Spear skeleton's spear").
    pub source: String,
    /// Armor counts against it.
    pub armor: bool,
    /// Skips the guard: straight to STR (parry, unaware, a ruling).
    pub to_str: bool,
    /// STR damage calls for a Critical Damage Save.
    pub save: bool,
    /// A failed save knocks out instead of wounding.
    pub nonlethal: bool,
}

/// Deals a blow to `target` through the whole pipeline.
pub(crate) fn deal(ctx: &mut Ctx, target: CombatantId, blow: Blow) -> Result<(), RuleError> {
    let c = ctx.snapshot(target)?;
    let b = BdpBlock::of(&c)?;
    let pc = block::is_pc(ctx.enc, &c);
    let armor = if blow.armor { block::armor(&c) } else { 0 };
    let damage = (blow.raw - armor).max(0);
    let why_straight = if blow.to_str {
        Some("straight to the body")
    } else if c.conditions.contains("unaware") {
        Some("unaware: no guard")
    } else if pc && block::slots_filled(&c, &b) >= block::SLOTS {
        Some("every slot filled: no guard")
    } else {
        None
    };
    let crit = if b.detachment { "wil" } else { "str" };
    let mut line = format!("{} on {}: {}", blow.source, c.name, blow.raw);
    if armor > 0 {
        line.push_str(&format!(" − {armor} Armor = {damage}"));
    }
    let overflow = match why_straight {
        Some(why) => {
            line.push_str(&format!(", {why}"));
            damage
        }
        None => {
            let hp = block::track(&c, "hp").max(0);
            let to_hp = damage.min(hp);
            if damage > 0 {
                line.push_str(&format!(", {to_hp} to HP"));
            }
            damage - to_hp
        }
    };
    if overflow > 0 && why_straight.is_none() {
        line.push_str(&format!(", {overflow} past the guard"));
    }
    if damage == 0 {
        line.push_str(", no harm");
    }
    ctx.ruling(R_DAMAGE, Some(target), line);
    if why_straight.is_none() {
        let hp = block::track(&c, "hp").max(0);
        ctx.set_track(R_DAMAGE, target, "hp", hp - damage.min(hp));
    }
    if overflow > 0 {
        wound(ctx, target, crit, overflow, blow.save, blow.nonlethal)?;
    }
    Ok(())
}

/// Takes `amount` off an ability (`str`, `dex`, `wil`); at 0 the combatant is out, otherwise
/// a save may follow.
pub(crate) fn wound(
    ctx: &mut Ctx,
    id: CombatantId,
    ability: &str,
    amount: i64,
    save: bool,
    nonlethal: bool,
) -> Result<(), RuleError> {
    let c = ctx.snapshot(id)?;
    let detachment = BdpBlock::of(&c)?.detachment;
    let before = block::track(&c, ability);
    let after = (before - amount).max(0);
    ctx.set_track(R_DAMAGE, id, ability, after);
    if after == 0 {
        at_zero(ctx, id, ability, detachment, "");
        return Ok(());
    }
    if save {
        critical_save(ctx, id, ability, after, nonlethal, detachment)?;
    }
    Ok(())
}

/// An ability at 0: STR dead, DEX or WIL out cold, a detachment's WIL destroyed (`who`: the
/// name to begin the line with, or nothing).
fn at_zero(ctx: &mut Ctx, id: CombatantId, ability: &str, detachment: bool, who: &str) {
    let (condition, why) = match (ability, detachment) {
        ("wil", true) => ("destroyed", "WIL 0: the detachment is destroyed"),
        ("str", _) => ("dead", "STR 0: dead"),
        ("dex", _) => ("unconscious", "DEX 0: out cold"),
        _ => ("unconscious", "WIL 0: out cold"),
    };
    ctx.ruling(R_DAMAGE, Some(id), format_args!("{who}{why}"));
    ctx.condition(R_DAMAGE, id, condition);
}

/// A GM edit brought an ability (STR, DEX, WIL) of `id` to 0: out as damage would leave it.
pub(crate) fn settle_edit(ctx: &mut Ctx, edit: &crate::system::TrackEdit) -> Result<(), RuleError> {
    let ability = edit.track.as_str();
    if !matches!(ability, "str" | "dex" | "wil") || edit.to > 0 || edit.from <= 0 {
        return Ok(());
    }
    let c = ctx.who(edit.id)?;
    let detachment = BdpBlock::of(c)?.detachment;
    let who = format!("{}: ", c.name);
    at_zero(ctx, edit.id, ability, detachment, &who);
    Ok(())
}

/// The Critical Damage Save after damage to an ability.
fn critical_save(
    ctx: &mut Ctx,
    id: CombatantId,
    ability: &str,
    score: i64,
    nonlethal: bool,
    detachment: bool,
) -> Result<(), RuleError> {
    let name = ctx.name(id);
    let roll = ctx.roll(
        R_DAMAGE,
        Some(id),
        &Dice::die(20),
        format_args!("{name}'s Critical Damage Save ({})", ability.to_uppercase()),
    )?;
    let outcome = save_under(score, &roll);
    if outcome.success {
        ctx.ruling(
            R_DAMAGE,
            Some(id),
            format_args!("{name} stays in the fight ({})", outcome.describe()),
        );
        return Ok(());
    }
    let (condition, why) = match (ability, detachment, nonlethal) {
        (_, true, _) => (Some("routed"), "the detachment is routed"),
        (_, _, true) => (Some("unconscious"), "knocked out"),
        ("str", _, _) => (None, "badly hurt"),
        ("dex", _, _) => (Some("immobilized"), "cannot move"),
        _ => (Some("debilitated"), "mind reeling"),
    };
    ctx.ruling(R_DAMAGE, Some(id), format_args!("{name}: {why} ({})", outcome.describe()));
    match condition {
        Some(condition) => ctx.condition(R_DAMAGE, id, condition),
        None => hit_location(ctx, id)?,
    }
    Ok(())
}

/// A failed STR save: where the wound is and what it does.
fn hit_location(ctx: &mut Ctx, id: CombatantId) -> Result<(), RuleError> {
    let name = ctx.name(id);
    let d6 = ctx.enc.flag(CDS_D6, false);
    let sides = if d6 { 6 } else { 10 };
    let roll = ctx.die(R_DAMAGE, Some(id), sides, format_args!("{name}'s wound location"))?;
    // The d10 bands are the text's; the d6 setting reads the same four places on a d6.
    let place = match (d6, roll) {
        (false, 1..=5) | (true, 1..=3) => "torso",
        (false, 6..=7) | (true, 4) => "leg",
        (false, 8..=9) | (true, 5) => "arm",
        _ => "head",
    };
    let c = ctx.snapshot(id)?;
    if block::is_pc(ctx.enc, &c) {
        // A severe wound takes a slot until healed.
        let wounds = c.stat("wounds").unwrap_or(0);
        ctx.set_stat(R_DAMAGE, id, "wounds", wounds + 1);
    }
    match place {
        "torso" => {
            let lost = ctx.die(R_DAMAGE, Some(id), 4, format_args!("{name}'s torso wound"))?;
            ctx.ruling(R_DAMAGE, Some(id), format_args!("Torso wound: {name} loses {lost} STR"));
            wound(ctx, id, "str", lost, false, false)?;
        }
        "leg" => {
            let lost = ctx.die(R_DAMAGE, Some(id), 4, format_args!("{name}'s leg wound"))?;
            ctx.ruling(R_DAMAGE, Some(id), format_args!("Leg wound: {name} loses {lost} DEX"));
            wound(ctx, id, "dex", lost, false, false)?;
        }
        "arm" => {
            ctx.ruling(
                R_DAMAGE,
                Some(id),
                format_args!("Arm wound: {name} drops what that hand held; attacks are impaired"),
            );
            ctx.condition(R_DAMAGE, id, "arm wound");
        }
        _ => {
            let fate = ctx.die(R_DAMAGE, Some(id), 6, format_args!("{name}'s head wound"))?;
            let (condition, text) = match fate {
                1..=3 => ("dead", "Head wound: killed"),
                4..=5 => ("lost an eye", "Head wound: an eye is lost"),
                _ => ("scarred", "Head wound: a scar to remember"),
            };
            ctx.ruling(R_DAMAGE, Some(id), format_args!("{text} ({name})"));
            ctx.condition(R_DAMAGE, id, condition);
        }
    }
    Ok(())
}
