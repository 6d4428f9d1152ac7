//! Gear that wears: armour and shields that soak a hit, weapons that break on a bad roll, an
//! item broken by the GM or the rules.

use super::R_GEAR;
use super::block::{ARMOUR, MurdhamBlock, Weapon, stat};
use super::damage::{DamageRoll, shield_in_use};
use super::model::{MurdhamEvent as E, Wear};
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// An item's wear in the fight (its block's, or what happened since).
pub(crate) fn wear(
    enc: &Encounter,
    owner: CombatantId,
    item: &str,
    from_block: Option<Wear>,
) -> Option<Wear> {
    enc.murdham().wear.get(&owner).and_then(|m| m.get(item).copied()).or(from_block)
}

/// Armour (and a shield in use) is used when hit; damaged ones break on 8 or more before
/// armour, the shield first.
pub(super) fn wear_from_hit(
    ctx: &mut Ctx,
    t: &Combatant,
    raw: i64,
    reacted: bool,
) -> Result<(), RuleError> {
    let block = MurdhamBlock::of(t)?;
    let shield = if reacted { shield_in_use(ctx.enc, t) } else { None };
    if let Some(s) = &shield {
        ctx.emit(R_GEAR, Some(t.id), E::ItemUsed { owner: t.id, item: s.name.clone() });
    }
    let worn = block
        .armour
        .clone()
        .filter(|a| wear(ctx.enc, t.id, &a.name, a.worn()) != Some(Wear::Broken));
    if let Some(a) = &worn {
        ctx.emit(R_GEAR, Some(t.id), E::ItemUsed { owner: t.id, item: a.name.clone() });
    }
    if raw < 8 {
        return Ok(());
    }
    if let Some(s) =
        shield.filter(|s| wear(ctx.enc, t.id, &s.name, s.worn()) == Some(Wear::Damaged))
    {
        ctx.ruling(
            R_GEAR,
            Some(t.id),
            format_args!("{}'s damaged {} breaks under a hit of {raw}", t.name, s.name),
        );
        ctx.emit(R_GEAR, Some(t.id), E::Worn { owner: t.id, item: s.name, wear: Wear::Broken });
        return Ok(());
    }
    if let Some(a) = worn.filter(|a| wear(ctx.enc, t.id, &a.name, a.worn()) == Some(Wear::Damaged))
    {
        ctx.ruling(
            R_GEAR,
            Some(t.id),
            format_args!("{}'s damaged {} breaks under a hit of {raw}", t.name, a.name),
        );
        break_item(ctx, t.id, &a.name);
    }
    Ok(())
}

/// An item is broken for good: a weapon or shield can no longer be used, armour no longer
/// counts (the armour stat loses its value).
pub(crate) fn break_item(ctx: &mut Ctx, owner: CombatantId, item: &str) {
    set_in_use(ctx, owner, item, Wear::Broken);
}

/// A piece out of use is back in use (health given back to a piece with health of its own):
/// armour counts again, as [`break_item`] took it off (or its entry into the fight did).
pub(crate) fn mend_item(ctx: &mut Ctx, owner: CombatantId, item: &str) {
    set_in_use(ctx, owner, item, Wear::Mended);
}

/// `item` goes out of use (`Broken`) or back in use (`Mended`); when it is the worn armour, the
/// armour stat loses or regains its value.
fn set_in_use(ctx: &mut Ctx, owner: CombatantId, item: &str, wear: Wear) {
    ctx.emit(R_GEAR, Some(owner), E::Worn { owner, item: item.to_owned(), wear });
    let Some(c) = ctx.enc.combatant(owner).cloned() else { return };
    let armour =
        MurdhamBlock::of(&c).ok().and_then(|b| b.armour.clone()).filter(|a| a.name == item);
    if let Some(a) = armour {
        let now = stat(&c, ARMOUR);
        let to = if wear == Wear::Broken { (now - a.value).max(0) } else { now + a.value };
        ctx.set_stat(R_GEAR, owner, ARMOUR, to);
    }
}

/// A damaged weapon that rolled a 1 breaks.
pub(super) fn weapon_wear(
    ctx: &mut Ctx,
    owner: CombatantId,
    w: Option<&Weapon>,
    roll: &DamageRoll,
) {
    let Some(w) = w else { return };
    if roll.one && wear(ctx.enc, owner, &w.name, w.worn()) == Some(Wear::Damaged) {
        ctx.ruling(
            R_GEAR,
            Some(owner),
            format_args!("{}'s damaged {} breaks on a 1", ctx.name(owner), w.name),
        );
        ctx.emit(R_GEAR, Some(owner), E::Worn { owner, item: w.name.clone(), wear: Wear::Broken });
    }
}
