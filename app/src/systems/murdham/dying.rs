//! Health lost and what 0 means: dying (dead at the end of the next round unless healed), a
//! hit as big as STR kills, a dying character healed above 0 is saved and rolls an injury.

use super::block::{HEALTH, MurdhamBlock, STR, health};
use super::model::MurdhamEvent as E;
use super::{DEAD, DYING, INCAPACITATED, R_DAMAGE, RETREATING, SURRENDERED, standing};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// Health lost: killed by a hit as big as STR, dying at 0, incapacitated by a critical hit.
pub(crate) fn harm(ctx: &mut Ctx, id: CombatantId, dealt: i64) -> Result<(), RuleError> {
    let c = ctx.snapshot(id)?;
    if c.conditions.contains(SURRENDERED) || c.conditions.contains(RETREATING) {
        ctx.ruling(
            R_DAMAGE,
            Some(id),
            format_args!("{} is harmed after giving up: it fights again", c.name),
        );
        ctx.uncondition(R_DAMAGE, id, SURRENDERED);
        ctx.uncondition(R_DAMAGE, id, RETREATING);
    }
    let cur = health(&c);
    let strength = c.stat(STR).unwrap_or_else(|| c.track(HEALTH).map_or(0, |t| t.max));
    let left = (cur - dealt).max(0);
    ctx.set_track(R_DAMAGE, id, HEALTH, left);
    if dealt >= strength && strength > 0 {
        kill(ctx, id, &format!("one hit of {dealt}, as much as its STR {strength}"));
        return Ok(());
    }
    if left == 0 {
        if !c.conditions.contains(DYING) {
            let dies = ctx.enc.round.max(1) + 1;
            ctx.ruling(
                R_DAMAGE,
                Some(id),
                format_args!(
                    "{} falls to 0 health: dying, dead at the end of round {dies} unless healed",
                    c.name
                ),
            );
            // Losing all that remains is losing half or more: a critical hit as well, so
            // the character stays incapacitated for the stretch after healing ends the dying.
            if cur > 0 && !c.conditions.contains(INCAPACITATED) {
                ctx.ruling(
                    R_DAMAGE,
                    Some(id),
                    format_args!(
                        "Critical hit: all {cur} remaining health lost: {} is incapacitated for the stretch as well",
                        c.name
                    ),
                );
                ctx.condition(R_DAMAGE, id, INCAPACITATED);
            }
            ctx.condition(R_DAMAGE, id, DYING);
            ctx.emit(R_DAMAGE, Some(id), E::Dying { id, dies });
        }
    } else if cur > 0 {
        let helmet = MurdhamBlock::of(&c).is_ok_and(|b| b.helmet);
        let needed = (cur + 1) / 2 + i64::from(helmet);
        if dealt >= needed && !c.conditions.contains(INCAPACITATED) {
            let cap = if helmet { ", helmet included" } else { "" };
            ctx.ruling(
                R_DAMAGE,
                Some(id),
                format_args!(
                    "Critical hit: {dealt} of {cur} health (needs {needed}{cap}): {} is incapacitated for the stretch",
                    c.name
                ),
            );
            ctx.condition(R_DAMAGE, id, INCAPACITATED);
        }
    }
    if !ctx.who(id).is_ok_and(standing) {
        super::grapple::let_go_of_all(ctx, id);
    }
    Ok(())
}

/// Kills a character outright.
pub(crate) fn kill(ctx: &mut Ctx, id: CombatantId, why: &str) {
    ctx.ruling(R_DAMAGE, Some(id), format_args!("{} is killed: {why}", ctx.name(id)));
    ctx.set_track(R_DAMAGE, id, HEALTH, 0);
    ctx.uncondition(R_DAMAGE, id, DYING);
    ctx.uncondition(R_DAMAGE, id, INCAPACITATED);
    ctx.condition(R_DAMAGE, id, DEAD);
    if ctx.enc.murdham().dying.contains_key(&id) {
        ctx.emit(R_DAMAGE, Some(id), E::NoLongerDying { id });
    }
    super::grapple::let_go_of_all(ctx, id);
    if ctx.enc.murdham().grabs.contains_key(&id) {
        ctx.emit(R_DAMAGE, Some(id), E::Freed { id });
        ctx.uncondition(R_DAMAGE, id, super::ENTANGLED);
    }
}

/// After a hand edit of health: a dying character healed above 0 is saved (and rolls a d6
/// injury); one brought to 0 is dying.
pub(crate) fn after_edit(
    enc: &mut Encounter,
    events: Vec<Event>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    let mut out = Vec::new();
    for e in events {
        let health_change = match &e.kind {
            EventKind::TrackSet { id, track, from, to } if track == HEALTH => {
                Some((*id, *from, *to))
            }
            _ => None,
        };
        ctx.push(e.rule.clone(), e.actor, e.kind.clone());
        let Some((id, from, to)) = health_change else { continue };
        let c = ctx.snapshot(id)?;
        if c.conditions.contains(DEAD) {
            continue;
        }
        if to > 0 && c.conditions.contains(DYING) {
            ctx.ruling(
                R_DAMAGE,
                Some(id),
                format_args!("{} is healed in time: no longer dying", c.name),
            );
            ctx.uncondition(R_DAMAGE, id, DYING);
            ctx.emit(R_DAMAGE, Some(id), E::NoLongerDying { id });
            injury(&mut ctx, id)?;
        } else if to <= 0 && from > 0 {
            let dies = ctx.enc.round.max(1) + 1;
            ctx.ruling(
                R_DAMAGE,
                Some(id),
                format_args!(
                    "{} is at 0 health: dying, dead at the end of round {dies} unless healed",
                    c.name
                ),
            );
            ctx.condition(R_DAMAGE, id, DYING);
            ctx.emit(R_DAMAGE, Some(id), E::Dying { id, dies });
        }
    }
    out.extend(ctx.finish());
    Ok(out)
}

/// What an injury row does beyond its name: abilities lost until a full rest (`lose`: a
/// number or dice per ability; health is never more than STR) and the conditions it puts on
/// (`conditions`: hobbled, an arm of no use).
fn row_effects(
    ctx: &mut Ctx,
    id: CombatantId,
    injury: &str,
    row: &serde_json::Value,
) -> Result<(), RuleError> {
    let name = ctx.name(id);
    for (ability, amount) in
        row.get("lose").and_then(serde_json::Value::as_object).into_iter().flatten()
    {
        let lost = match amount {
            serde_json::Value::Number(n) => n.as_i64().ok_or_else(|| {
                RuleError::Invalid(format!("injury row {injury}: {ability} loses {n}, not whole"))
            })?,
            serde_json::Value::String(d) => {
                let dice = Dice::parse(d)
                    .map_err(|e| RuleError::Invalid(format!("injury row {injury}: {e}")))?;
                ctx.roll(
                    R_DAMAGE,
                    Some(id),
                    &dice,
                    format_args!("{name}'s {} lost ({injury})", ability.to_uppercase()),
                )?
                .total
            }
            _ => {
                return Err(RuleError::Invalid(format!(
                    "injury row {injury}: {ability} loses neither a number nor dice"
                )));
            }
        };
        let had = ctx.who(id)?.stat(ability).unwrap_or(0);
        ctx.set_stat(R_DAMAGE, id, ability, (had - lost).max(0));
        if ability == STR && health(ctx.who(id)?) > had - lost {
            ctx.set_track(R_DAMAGE, id, HEALTH, (had - lost).max(0));
        }
    }
    let conditions = row.get("conditions").and_then(serde_json::Value::as_array);
    for k in conditions.into_iter().flatten().filter_map(serde_json::Value::as_str) {
        ctx.condition(R_DAMAGE, id, k);
    }
    Ok(())
}

/// The injury roll a saved character makes: on the encounter's injury table when the
/// library gave one, else a d6 for the GM to read.
fn injury(ctx: &mut Ctx, id: CombatantId) -> Result<(), RuleError> {
    let name = ctx.name(id);
    let table = ctx.enc.table_for("injury").filter(|t| !t.table.rows.is_empty()).cloned();
    match table {
        Some(t) => {
            let roll = ctx.roll(
                R_DAMAGE,
                Some(id),
                &t.table.dice,
                format_args!("{name}'s injury ({})", t.table.name),
            )?;
            match t.table.lookup(roll.total) {
                Some(row) => {
                    ctx.ruling(
                        R_DAMAGE,
                        Some(id),
                        format_args!("{name}'s injury: {}", row.result.text),
                    );
                    // The row's short name when it has one, else the start of its text.
                    let short = row
                        .result
                        .structured
                        .as_ref()
                        .and_then(|s| s.get("injury"))
                        .and_then(serde_json::Value::as_str);
                    let label: String = match short {
                        Some(s) => s.to_owned(),
                        None => row.result.text.chars().take(40).collect(),
                    };
                    let row = row.result.structured.clone().unwrap_or_default();
                    // From rules edition 2 the row does what it says (before it, only its name
                    // went on the token); a second of the same (a lost eye twice) is worse.
                    let second = row.get("second").and_then(serde_json::Value::as_str);
                    let again = ctx
                        .who(id)?
                        .conditions
                        .iter()
                        .any(|k| k.eq_ignore_ascii_case(label.trim()));
                    match second {
                        Some(worse) if again && ctx.enc.rules >= 2 => {
                            ctx.condition(R_DAMAGE, id, worse)
                        }
                        _ => ctx.condition(R_DAMAGE, id, label.trim()),
                    }
                    if ctx.enc.rules >= 2 {
                        row_effects(ctx, id, &label, &row)?;
                    }
                }
                None => ctx.ruling(
                    R_DAMAGE,
                    Some(id),
                    format_args!(
                        "{name}'s injury: {} is on no row of {}",
                        roll.total, t.table.name
                    ),
                ),
            }
        }
        None => {
            let n = ctx.die(R_DAMAGE, Some(id), 6, format_args!("{name}'s injury"))?;
            ctx.ruling(
                R_DAMAGE,
                Some(id),
                format_args!("{name}'s injury roll: {n} (no injury table in this encounter)"),
            );
        }
    }
    Ok(())
}
