//! Weapons that do not outlast their use (the SRD's weapons and combat chapters, "000" of the
//! rules README, "Between fights"): a thrown weapon whose damage roll is a 1 is lost or broken,
//! and a decayed one breaks the first time it rolls its maximum. Either is marked broken in the
//! fight (`weapon:N`), so it is out of use for the rest of it, and written back as broken gear
//! until a repair. An improvised weapon breaks after its one attack (`attack.rs`) and, being
//! no gear of the sheet, leaves nothing to carry.

use super::R_ATTACK;
use super::block::{BdpBlock, Weapon};
use super::model::{Arms, BdpEvent};
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// The sheet's index of each weapon an attacker strikes with now, in the order `wielded`
/// gives them (none for fists or an improvised weapon).
pub(super) fn indices(enc: &Encounter, c: &Combatant, block: &BdpBlock) -> [Option<usize>; 2] {
    match super::attack::arms_of(enc, c.id, block) {
        Arms::Weapon(i) => [Some(i), None],
        Arms::Dual(i, j) => [Some(i), Some(j)],
        Arms::Unarmed | Arms::Improvised(_) => [None, None],
    }
}

/// After `weapon` (the sheet's `index`) rolled `face` on a d`sides`: a thrown weapon's 1 loses
/// or breaks it; a decayed weapon's own maximum (rolled on its own die, not an impaired d4)
/// breaks it.
pub(super) fn after_roll(
    ctx: &mut Ctx,
    attacker: CombatantId,
    index: usize,
    weapon: &Weapon,
    sides: u32,
    face: i64,
) -> Result<(), RuleError> {
    let why = if weapon.thrown && face == 1 {
        "a thrown weapon that rolls a 1 is lost or broken"
    } else if weapon.decayed && sides == weapon.die && face == i64::from(weapon.die) {
        "a decayed weapon breaks on its maximum damage"
    } else {
        return Ok(());
    };
    let who = ctx.name(attacker);
    ctx.ruling(R_ATTACK, Some(attacker), format_args!("{who}'s {}: {why}", weapon.name));
    ctx.emit(
        R_ATTACK,
        Some(attacker),
        BdpEvent::ItemBroken {
            id: attacker,
            item: format!("weapon:{index}"),
            name: weapon.name.to_string(),
        },
    );
    Ok(())
}
