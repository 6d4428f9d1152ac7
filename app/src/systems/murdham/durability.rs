//! Gear with health of its own ("003" of the rules README; mechanics only, in our words): a
//! piece whose block says `durability: "X/Y"` (a cart, a boat, a ballista) has X health and
//! Y armour. It is harmed like a character instead of rolling for durability after a fight:
//! its health is a track of its bearer, `<name> health`, which the GM lowers in the fight (the
//! fight has no attack on an object, so the GM takes its armour off the blow first) or in the
//! fight's end review. Losing half or more of what it had left at once is critical damage: it
//! is out of use until it has health back from a repair (carried as broken); in the fight, health
//! the GM gives it back by hand is such a repair. It never heals with its bearer's rests: a
//! repair service gives it 2 health a watch; a toolbox, a watch and a WIT save, 2 on a pass and
//! 2 damage on a failure.

use super::R_GEAR;
use super::block::MurdhamBlock;
use super::model::Wear;
use super::wear::{break_item, mend_item, wear};
use crate::campaign::Condition;
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::system::{Ctx, RuleError};

/// Health a repair gives back, or a failed toolbox repair takes, each watch.
pub(super) const REPAIRED_A_WATCH: i64 = 2;

/// A piece's health and armour of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Durability {
    /// Its most health.
    pub health: i64,
    /// The armour it takes off each blow.
    pub armour: i64,
}

/// Reads "12/4"; why not, when it is not health/armour.
fn parse(text: &str) -> Result<Durability, String> {
    let why = || format!("durability \"{text}\" is not health/armour, like \"12/4\"");
    let (health, armour) = text.split_once('/').ok_or_else(why)?;
    let number = |n: &str| n.trim().parse::<i64>().map_err(|_| why());
    let (health, armour) = (number(health)?, number(armour)?);
    if !(1..=999).contains(&health) {
        return Err(format!("durability \"{text}\": its health goes from 1 to 999"));
    }
    if !(0..=99).contains(&armour) {
        return Err(format!("durability \"{text}\": its armour goes from 0 to 99"));
    }
    Ok(Durability { health, armour })
}

/// Every piece of a block that may say `durability`, with where it is written.
fn entries(block: &MurdhamBlock) -> Vec<(String, &str, Option<&String>)> {
    let weapons = block
        .weapons
        .iter()
        .enumerate()
        .map(|(i, w)| (format!("weapons[{i}]"), &w.name, &w.durability));
    let worn = [("armour", &block.armour), ("shield", &block.shield)]
        .into_iter()
        .filter_map(|(at, i)| i.as_ref().map(|i| (at.to_owned(), &i.name, &i.durability)));
    let gear =
        block.gear.iter().enumerate().map(|(i, g)| (format!("gear[{i}]"), &g.name, &g.durability));
    weapons.chain(worn).chain(gear).map(|(at, name, d)| (at, name.as_str(), d.as_ref())).collect()
}

/// A block's durability fields are well formed, and its gear has a durability (it is there for
/// nothing else); else an error naming the bearer, the entry and the field.
pub(super) fn check(bearer: &str, block: &MurdhamBlock) -> Result<(), RuleError> {
    for (at, name, durability) in entries(block) {
        let problem = match durability {
            Some(d) => parse(d).err(),
            None if at.starts_with("gear") => Some("gear needs a durability, like \"12/4\"".into()),
            None => None,
        };
        if let Some(p) = problem {
            return Err(RuleError::Invalid(format!("{bearer}'s stat block: {at} ({name}): {p}")));
        }
    }
    Ok(())
}

/// The pieces of a block with durability, in its order (weapons, armour, shield, gear).
pub(super) fn pieces(block: &MurdhamBlock) -> Result<Vec<(String, Durability)>, RuleError> {
    let mut out = Vec::new();
    for (at, name, durability) in entries(block) {
        let Some(d) = durability else { continue };
        let d = parse(d).map_err(|p| RuleError::Invalid(format!("{at} ({name}): {p}")))?;
        out.push((name.to_owned(), d));
    }
    Ok(out)
}

/// The piece's durability, if its bearer's block gives it one.
pub(super) fn of(block: &MurdhamBlock, item: &str) -> Option<Durability> {
    pieces(block).ok()?.into_iter().find(|(name, _)| name == item).map(|(_, d)| d)
}

/// The bearer's track that holds the piece's health.
pub(super) fn track(item: &str) -> String {
    format!("{} health", item.to_lowercase())
}

/// Losing half or more of the health left at once is critical damage (all of it too).
pub(super) fn critical(from: i64, to: i64) -> bool {
    let lost = from - to;
    lost > 0 && lost * 2 >= from
}

/// After a hand edit of a piece's health: critical damage puts it out of use, health given back
/// puts it back in use.
pub(crate) fn after_edit(
    enc: &mut Encounter,
    events: Vec<Event>,
    dice: &mut dyn crate::dice::DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    for e in events {
        let change = match &e.kind {
            EventKind::TrackSet { id, track, from, to } => Some((*id, track.clone(), *from, *to)),
            _ => None,
        };
        ctx.push(e.rule.clone(), e.actor, e.kind.clone());
        let Some((id, track_name, from, to)) = change else { continue };
        let bearer = ctx.snapshot(id)?;
        let block = MurdhamBlock::of(&bearer)?;
        let Some((item, d)) = pieces(&block)?.into_iter().find(|(n, _)| track(n) == track_name)
        else {
            continue;
        };
        let came_in = block_wear(&block, &item);
        let out_of_use = wear(ctx.enc, id, &item, came_in) == Some(Wear::Broken);
        // From rules edition 5, health the GM gives back by hand is a repair: the piece is back
        // in use (before it, it stayed out of use for the rest of the fight).
        if out_of_use && to > from && ctx.enc.rules >= 5 {
            let name = &bearer.name;
            ctx.ruling(
                R_GEAR,
                Some(id),
                format_args!("{name}'s {item} has health back, {from} → {to}: back in use"),
            );
            mend_item(&mut ctx, id, &item);
            continue;
        }
        if !critical(from, to) || out_of_use {
            continue;
        }
        ctx.ruling(
            R_GEAR,
            Some(id),
            format_args!(
                "{}'s {item} (durability {}/{}) takes critical damage, {from} → {to}: out of use \
                 until a repair gives it health back",
                bearer.name, d.health, d.armour
            ),
        );
        break_item(&mut ctx, id, &item);
    }
    Ok(ctx.finish())
}

/// How worn a piece came into the fight, as its bearer's block says.
fn block_wear(block: &MurdhamBlock, item: &str) -> Option<Wear> {
    let weapon = block.weapons.iter().find(|w| w.name == item).map(|w| w.worn());
    let other = [&block.armour, &block.shield]
        .into_iter()
        .flatten()
        .chain(block.gear.iter())
        .find(|i| i.name == item)
        .map(|i| i.worn());
    weapon.or(other).flatten()
}

/// A watch of repair on every piece of the sheet with durability that is short of health or out
/// of use: a service gives 2 health; a toolbox asks a WIT save (`save` says whether it is made)
/// and gives 2 on a pass, takes 2 on a failure (critical damage puts it out of use). Health
/// back lifts it out of use.
pub(super) fn repair(
    sheet: &serde_json::Value,
    after: &mut Condition,
    mut save: impl FnMut(&str) -> Result<bool, RuleError>,
) -> Result<(), RuleError> {
    let block = MurdhamBlock::read("the sheet", sheet)?;
    for (item, _) in pieces(&block)? {
        let name = track(&item);
        let (Some(now), Some(most)) = (after.track(sheet, &name), track_max(sheet, &name)) else {
            continue;
        };
        let carried = after.items.get(&item).map(|i| i.wear);
        if carried == Some(crate::campaign::Wear::Destroyed) || (now >= most && carried.is_none()) {
            continue;
        }
        if !save(&item)? {
            let to = (now - REPAIRED_A_WATCH).max(0);
            after.set_track(sheet, &name, to);
            if critical(now, to) {
                let wear = crate::campaign::Wear::Broken;
                let out_of_use = crate::campaign::Item { name: item.clone(), wear, spent: 0 };
                after.items.insert(item.clone(), out_of_use);
            }
            continue;
        }
        after.mend_track(sheet, &name, Some(REPAIRED_A_WATCH));
        if after.track(sheet, &name).is_some_and(|h| h > 0) {
            after.items.remove(&item);
        }
    }
    Ok(())
}

/// A track's maximum on the sheet.
fn track_max(sheet: &serde_json::Value, name: &str) -> Option<i64> {
    crate::command::block_tracks(sheet).into_iter().find(|t| t.name == name).map(|t| t.max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durability_reads_health_over_armour_and_names_what_is_wrong() {
        assert_eq!(parse("12/4"), Ok(Durability { health: 12, armour: 4 }));
        assert_eq!(parse(" 16 / 0 "), Ok(Durability { health: 16, armour: 0 }));
        for bad in ["12/x", "12", "/4", "twelve/4", "12/4/1"] {
            assert!(parse(bad).unwrap_err().contains("is not health/armour"), "{bad}");
        }
        assert!(parse("0/4").unwrap_err().contains("health goes from 1"));
        assert!(parse("12/-1").unwrap_err().contains("armour goes from 0"));
    }

    #[test]
    fn critical_damage_is_half_or_more_of_what_was_left() {
        assert!(critical(12, 6));
        assert!(!critical(12, 7));
        assert!(critical(3, 1));
        assert!(critical(1, 0));
        assert!(!critical(0, 0));
        assert!(!critical(4, 6));
    }

    #[test]
    fn a_malformed_durability_names_the_bearer_the_entry_and_the_field() {
        let block = serde_json::json!({"weapons": [{"name": "Sword", "die": 8},
            {"name": "Ballista", "die": 8, "durability": "12/x"}]});
        let err = MurdhamBlock::read("Hugo", &block).unwrap_err().to_string();
        assert!(
            err.contains("Hugo's stat block: weapons[1] (Ballista): durability \"12/x\""),
            "{err}"
        );
        let gear = serde_json::json!({"gear": [{"name": "Cart"}]});
        let err = MurdhamBlock::read("Hugo", &gear).unwrap_err().to_string();
        assert!(
            err.contains("Hugo's stat block: gear[0] (Cart): gear needs a durability"),
            "{err}"
        );
    }
}
