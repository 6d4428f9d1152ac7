//! After the fight: every weapon, shield and armour used rolls for durability — damaged on
//! a 1 on a d4, or on a d8 for robust gear; gear already damaged that fails is destroyed.

use super::Step;
use super::block::MurdhamBlock;
use super::model::{MurdhamEvent as E, Wear};
use super::wear::{break_item, wear};
use super::{R_GEAR, R_ROUND};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::system::Step as _;
use crate::system::{Ctx, RuleError};
use std::sync::Arc;

/// Ends the fight: on to the durability rolls.
pub(crate) fn end_fight(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if Step::After.now(enc) {
        return Err(RuleError::NotAllowed("the fight is already over".into()));
    }
    if enc.round == 0 {
        return Err(RuleError::NotAllowed("the fight has not started".into()));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.push(R_ROUND, None, Step::After.entered());
    ctx.emit(R_ROUND, None, E::FightOver);
    Ok(ctx.finish())
}

/// Whether an item is robust, and how worn it came in, as its owner's block says.
fn item_facts(block: &MurdhamBlock, item: &str) -> Option<(bool, Option<Wear>)> {
    let weapon = block.weapons.iter().find(|w| w.name == item).map(|w| (w.robust, w.worn()));
    let worn = [&block.armour, &block.shield]
        .into_iter()
        .flatten()
        .find(|i| i.name == item)
        .map(|i| (i.robust, i.worn()));
    weapon.or(worn)
}

/// The durability rolls of everything used in the fight.
pub(crate) fn durability(
    enc: &mut Encounter,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if !Step::After.now(enc) {
        return Err(RuleError::NotAllowed("durability is rolled after the fight".into()));
    }
    if enc.murdham().durability_done {
        return Err(RuleError::NotAllowed("durability is already rolled".into()));
    }
    let mut ctx = Ctx::new(enc, dice);
    // Every block read before the first event: a refusal comes before any.
    let used = Arc::clone(&ctx.enc.murdham().used);
    let mut gear = Vec::new();
    for (owner, items) in used.iter() {
        let Some(c) = ctx.enc.combatants.shared(owner) else { continue };
        let block = MurdhamBlock::of(&c)?;
        gear.push((owner, c, block, items));
    }
    let mut any = false;
    for (owner, c, block, items) in gear {
        for item in items {
            let Some((robust, came_in)) = item_facts(&block, item) else { continue };
            any = true;
            if let Some(d) = super::durability::of(&block, item) {
                // It has health of its own: harm, not a durability roll, wears it.
                ctx.ruling(R_GEAR, Some(*owner), format_args!(
                    "{}'s {item} has durability {}/{}: no durability roll, it takes damage instead",
                    c.name, d.health, d.armour
                ));
                continue;
            }
            let was = wear(ctx.enc, *owner, item, came_in);
            if was == Some(Wear::Broken) {
                continue;
            }
            // Damaged gear rolls too: failing again destroys it.
            let sides = if robust { 8 } else { 4 };
            let face = ctx
                .roll(
                    R_GEAR,
                    Some(*owner),
                    &Dice::die(sides),
                    format_args!("{}'s {item} durability", c.name),
                )?
                .total;
            if face != 1 {
                continue;
            }
            if was == Some(Wear::Damaged) {
                ctx.ruling(
                    R_GEAR,
                    Some(*owner),
                    format_args!("{}'s {item} was damaged already: it is destroyed", c.name),
                );
                break_item(&mut ctx, *owner, item);
            } else {
                ctx.emit(
                    R_GEAR,
                    Some(*owner),
                    E::Worn { owner: *owner, item: item.clone(), wear: Wear::Damaged },
                );
            }
        }
    }
    if !any {
        ctx.ruling(R_GEAR, None, "No gear was used");
    }
    ctx.emit(R_GEAR, None, E::DurabilityRolled);
    Ok(ctx.finish())
}
