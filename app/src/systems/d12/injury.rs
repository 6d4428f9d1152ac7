//! Combat injuries: after a critical hit, a d% at or under the damage dealt means an injury,
//! rolled on the GM's table for the attack's damage type (the attacker's side picks when
//! there are several). Tables come from the library (copied into the encounter); a type
//! without a table, or with an empty one, asks the GM instead of failing.

use super::R_INJURY;
use super::block::Attack;
use super::model::{D12Event, Pending};
use crate::checks::{Effect, TableRow};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Encounter, EncounterTable};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};
use serde::Deserialize;

/// The table for a damage type if it can be rolled, or why not.
pub fn usable<'a>(enc: &'a Encounter, damage_type: &str) -> Result<&'a EncounterTable, String> {
    match enc.table_for(damage_type) {
        None => Err(format!("there is no {damage_type} injury table in this encounter")),
        Some(t) if t.table.rows.is_empty() => {
            Err(format!("the {} table has no rows yet", t.table.name))
        }
        Some(t) => Ok(t),
    }
}

/// The d% after a critical hit that dealt `dealt`.
pub(crate) fn chance(
    ctx: &mut Ctx,
    attacker: CombatantId,
    target: CombatantId,
    w: &Attack,
    dealt: i64,
) -> Result<(), RuleError> {
    let name = ctx.name(target);
    let roll = ctx.roll(
        R_INJURY,
        Some(attacker),
        &Dice::parse("d%").expect("valid"),
        format_args!("combat injury chance for {name}"),
    )?;
    if roll.total > dealt {
        ctx.ruling(
            R_INJURY,
            Some(target),
            format_args!("{} > {dealt}: no combat injury", roll.total),
        );
        return Ok(());
    }
    ctx.ruling(R_INJURY, Some(target), format_args!("{} ≤ {dealt}: a combat injury", roll.total));
    let types: Vec<String> =
        if w.types.is_empty() { vec!["untyped".into()] } else { w.types.clone() };
    if let [only] = types.as_slice()
        && let Ok(table) = usable(ctx.enc, only)
    {
        let table = table.clone();
        return on_table(ctx, target, &table);
    }
    let pending = Pending::Injury { attacker, target, types };
    ctx.emit(R_INJURY, Some(attacker), D12Event::Queued { pending, first: true });
    Ok(())
}

/// Rolls the waiting injury on the table of `damage_type`.
pub(crate) fn roll(
    enc: &mut Encounter,
    damage_type: &str,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(Pending::Injury { target, attacker, .. }) = enc.d12().pending.first() else {
        return Err(RuleError::NotAllowed("no combat injury is waiting".into()));
    };
    let (target, attacker) = (*target, *attacker);
    let table = usable(enc, damage_type).map_err(RuleError::NotAllowed)?.clone();
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_INJURY, Some(attacker), D12Event::Settled);
    on_table(&mut ctx, target, &table)?;
    Ok(ctx.finish())
}

/// What a row of an injury table does, as the bundled tables write it.
#[derive(Debug, Default, Deserialize)]
struct Structured {
    #[serde(default)]
    injury: Option<String>,
    #[serde(default)]
    damage: Vec<AbilityDamage>,
    #[serde(default)]
    conditions: Vec<String>,
    #[serde(default)]
    limb: Option<String>,
}

#[derive(Debug, Deserialize)]
struct AbilityDamage {
    abilities: Vec<String>,
    dice: Dice,
}

/// Rolls on `table` for `target` and applies the row.
fn on_table(ctx: &mut Ctx, target: CombatantId, table: &EncounterTable) -> Result<(), RuleError> {
    let name = ctx.name(target);
    let roll = ctx.roll(
        R_INJURY,
        Some(target),
        &table.table.dice,
        format_args!("{name}'s injury ({})", table.table.name),
    )?;
    let Some(row) = table.table.lookup(roll.total).cloned() else {
        ctx.ruling(
            R_INJURY,
            Some(target),
            format_args!("{} has no row for {}: the GM decides", table.table.name, roll.total),
        );
        return Ok(());
    };
    apply(ctx, target, &row)
}

/// Applies one row: the injury's name and conditions on the token, ability damage as stats,
/// the arm or hand rolled for.
fn apply(ctx: &mut Ctx, target: CombatantId, row: &TableRow<Effect>) -> Result<(), RuleError> {
    let name = ctx.name(target);
    let effect = &row.result;
    let s: Structured = match &effect.structured {
        Some(v) => serde_json::from_value(v.clone())
            .map_err(|e| RuleError::Invalid(format!("injury row {}–{}: {e}", row.low, row.high)))?,
        None => Structured::default(),
    };
    let injury = s
        .injury
        .clone()
        .unwrap_or_else(|| effect.text.split(':').next().unwrap_or(&effect.text).trim().to_owned());
    ctx.ruling(R_INJURY, Some(target), format_args!("{name}: {}", effect.text));
    ctx.emit(R_INJURY, Some(target), D12Event::Injured { id: target, injury: injury.clone() });
    ctx.condition(R_INJURY, target, &injury.to_lowercase());
    for d in &s.damage {
        let total = ctx
            .roll(
                R_INJURY,
                Some(target),
                &d.dice,
                format_args!("{name}'s {} damage ({injury})", abilities(&d.abilities)),
            )?
            .total;
        for ability in &d.abilities {
            let key = format!("{} damage", ability.to_lowercase());
            let had = ctx.who(target)?.stat(&key).unwrap_or(0);
            ctx.set_stat(R_INJURY, target, &key, had + total);
        }
    }
    for k in &s.conditions {
        ctx.condition(R_INJURY, target, k);
    }
    if let Some(limb) = &s.limb {
        let side =
            ctx.die(R_INJURY, Some(target), 4, format_args!("{name}'s {limb}: main or off"))?;
        let which = if side <= 2 { "main" } else { "off" };
        ctx.condition(R_INJURY, target, &format!("{which} {limb} useless"));
    }
    Ok(())
}

/// "STR and DEX".
fn abilities(list: &[String]) -> String {
    list.iter().map(|a| a.to_uppercase()).collect::<Vec<_>>().join(" and ")
}
