//! What a defender's answer does beside taking the blow: a parry, its roll against the
//! attackers' (one or all, by setting), and gear given up to stop the blow. The options and
//! their costs are `reactions.rs`; the blow itself is `attack.rs`.

use super::attack::{land, strike_back};
use super::block::{BdpBlock, Weapon};
use super::damage::{Blow, deal};
use super::model::BdpEvent;
use super::{PARRY_ALL, PARRY_ARMOR, R_REACT};
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// A parry: the defender's roll against one attacker's (or every attacker's, by setting).
pub(super) fn parry(
    ctx: &mut Ctx,
    defender: CombatantId,
    against: CombatantId,
    pool: &mut Vec<(CombatantId, i64, Weapon)>,
) -> Result<(), RuleError> {
    let (mine, my_weapon) = strike_back(ctx, defender, against)?;
    let armor = ctx.enc.flag(PARRY_ARMOR, false);
    let all = ctx.enc.flag(PARRY_ALL, false);
    let me = ctx.name(defender);
    let contested: Vec<(CombatantId, i64, Weapon)> = if all {
        std::mem::take(pool)
    } else {
        let i = pool.iter().position(|p| p.0 == against).ok_or_else(|| {
            RuleError::Invalid(format!("{} is not among the attackers", ctx.name(against)))
        })?;
        vec![pool.remove(i)]
    };
    let mut worst: Option<(CombatantId, i64, Weapon)> = None;
    for (a, theirs, weapon) in contested {
        let foe = ctx.name(a);
        if mine > theirs {
            ctx.ruling(
                R_REACT,
                Some(defender),
                format_args!("{me}'s parry {mine} beats {foe}'s {theirs}"),
            );
            let blow = Blow {
                raw: mine,
                source: format!("{me}'s {}", my_weapon.name.to_lowercase()),
                armor,
                to_str: true,
                save: false,
                nonlethal: false,
            };
            deal(ctx, a, blow)?;
        } else if theirs > mine {
            ctx.ruling(
                R_REACT,
                Some(defender),
                format_args!("{foe}'s {theirs} beats {me}'s parry {mine}"),
            );
            if worst.as_ref().is_none_or(|w| theirs > w.1) {
                worst = Some((a, theirs, weapon));
            }
        } else {
            ctx.ruling(
                R_REACT,
                Some(defender),
                format_args!("{me} and {foe} both roll {mine}: the blades ring, no harm"),
            );
        }
    }
    if let Some((a, value, weapon)) = worst {
        let blow = Blow {
            raw: value,
            source: format!("{}'s {}", ctx.name(a), weapon.name.to_lowercase()),
            armor,
            to_str: true,
            save: false,
            nonlethal: false,
        };
        deal(ctx, defender, blow)?;
    }
    // Attackers the parry did not face still strike as usual.
    if !pool.is_empty() {
        land(ctx, defender, pool, false)?;
    }
    Ok(())
}

/// Gear given up to stop a blow: the guard drops to 0 and the item breaks.
pub(super) fn sacrifice(ctx: &mut Ctx, id: CombatantId, item: &str) -> Result<(), RuleError> {
    let c = ctx.snapshot(id)?;
    let b = BdpBlock::of(&c)?;
    let name = match item {
        "shield" => "shield".to_owned(),
        "armor" => b.armor_item.clone().unwrap_or_else(|| "armour".into()),
        _ => {
            let i: usize = item
                .strip_prefix("weapon:")
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| RuleError::Invalid(format!("no item '{item}'")))?;
            b.weapons.get(i).map(|w| w.name.to_string()).unwrap_or_default()
        }
    };
    ctx.set_track(R_REACT, id, "hp", 0);
    ctx.ruling(R_REACT, Some(id), format_args!("{} gives up the {name} to stop the blow", c.name));
    match item {
        "shield" => ctx.set_stat(R_REACT, id, "shield", 0),
        "armor" => ctx.set_stat(R_REACT, id, "armor", 0),
        _ => {}
    }
    ctx.emit(R_REACT, Some(id), BdpEvent::ItemBroken { id, item: item.into(), name });
    Ok(())
}
