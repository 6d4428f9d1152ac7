//! Magic Dice: invest up to four d6 (one free slot each), Fatigue for each 4–6, arcane
//! feedback when faces match (their sum, to HP then WIL; a blast on everyone close when it
//! is big), then spend the faces as damage (a detachment takes only the highest unless the
//! spell is a blast) or on tricks (2 harder per die beyond the first).

use super::attack::tire;
use super::block::{self, BdpBlock};
use super::damage::{Blow, deal, wound};
use super::model::{Ability, BdpEvent};
use super::saves::roll_save;
use super::{FEEDBACK_BLAST_FROM_4, R_MAGIC};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::Ctx;
use crate::system::RuleError;
use std::collections::BTreeMap;

/// Most Magic Dice in one spell.
pub const MAX_DICE: u32 = 4;

/// The most Magic Dice `c` may put into one spell now (none when its block cannot be read).
pub(crate) fn most_dice(c: &crate::encounter::Combatant) -> u32 {
    BdpBlock::of(c).map_or(0, |b| block::magic_dice(c, &b).min(MAX_DICE))
}

/// The feedback of a throw: the sum of every face that matches another.
pub(crate) fn feedback(faces: &[u32]) -> i64 {
    let mut count: BTreeMap<u32, i64> = BTreeMap::new();
    for f in faces {
        *count.entry(*f).or_default() += 1;
    }
    count.iter().filter(|(_, n)| **n > 1).map(|(f, n)| i64::from(*f) * n).sum()
}

/// Whether `caster` may invest `n` Magic Dice now: the check the turn prompt shows and the
/// command makes.
pub(crate) fn check_cast(enc: &Encounter, caster: CombatantId, n: u32) -> Result<(), RuleError> {
    let c = enc.combatant(caster).ok_or(RuleError::UnknownCombatant(caster))?;
    let b = BdpBlock::of(c)?;
    let most = block::magic_dice(c, &b).min(MAX_DICE);
    if most == 0 {
        let why = if b.wand_dice > 0 { ": the wand or staff is cracked" } else { "" };
        return Err(RuleError::NotAllowed(format!("{} has no Magic Dice{why}", c.name)));
    }
    if n == 0 || n > most {
        return Err(RuleError::Invalid(format!("{} can invest 1 to {most} Magic Dice", c.name)));
    }
    if block::is_pc(enc, c) {
        let free = block::SLOTS - block::slots_filled(c, &b);
        if free < i64::from(n) {
            return Err(RuleError::NotAllowed(format!(
                "{} needs {n} empty slots for {n} dice and has {free}",
                c.name
            )));
        }
    }
    if !super::turns::in_turns(enc) || !enc.acting().contains(&caster) {
        return Err(RuleError::NotAllowed(format!("{} casts on its turn", c.name)));
    }
    if enc.bdp().acted.contains(&caster) {
        return Err(RuleError::NotAllowed(format!("{} has already acted", c.name)));
    }
    Ok(())
}

/// Rolls the Magic Dice a caster invests.
pub(crate) fn cast(
    enc: &mut Encounter,
    caster: CombatantId,
    n: u32,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_cast(enc, caster, n)?;
    let c = enc.combatants.shared(&caster).ok_or(RuleError::UnknownCombatant(caster))?;
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_MAGIC, Some(caster), BdpEvent::Acted { id: caster });
    let roll = ctx.roll(
        R_MAGIC,
        Some(caster),
        &Dice::pool(n, 6),
        format_args!("{}'s Magic Dice", c.name),
    )?;
    let faces = roll.faces();
    let tiring = faces.iter().filter(|f| **f >= 4).count() as i64;
    if tiring > 0 {
        tire(&mut ctx, caster, tiring, "Magic Dice of 4 or more")?;
    }
    let fb = feedback(&faces);
    if fb > 0 {
        let threshold = if ctx.enc.flag(FEEDBACK_BLAST_FROM_4, false) { 4 } else { 7 };
        let blast = fb >= threshold;
        let how = if blast { ", a blast on everyone close" } else { "" };
        ctx.ruling(
            R_MAGIC,
            Some(caster),
            format_args!("Arcane feedback: matching dice, {fb} damage{how}"),
        );
        let hp = block::track(ctx.who(caster)?, "hp").max(0);
        let to_hp = fb.min(hp);
        ctx.set_track(R_MAGIC, caster, "hp", hp - to_hp);
        if fb > to_hp {
            wound(&mut ctx, caster, "wil", fb - to_hp, true, false)?;
        }
        if blast {
            let close: Vec<CombatantId> = ctx
                .enc
                .combatants
                .values()
                .filter(|o| {
                    o.id != caster && crate::reach::in_melee(ctx.enc, &c, o) && !block::is_out(o)
                })
                .map(|o| o.id)
                .collect();
            for id in close {
                let blow = Blow {
                    raw: fb,
                    source: "Arcane feedback".into(),
                    armor: true,
                    to_str: false,
                    save: true,
                    nonlethal: false,
                };
                deal(&mut ctx, id, blow)?;
            }
        }
    }
    ctx.emit(R_MAGIC, Some(caster), BdpEvent::SpellDice { caster, faces });
    Ok(ctx.finish())
}

/// Takes `spent` out of the faces in hand, refusing faces that are not there.
fn spend(enc: &Encounter, spent: &[u32]) -> Result<(CombatantId, Vec<u32>), RuleError> {
    let Some((caster, faces)) = enc.bdp().spell.clone() else {
        return Err(RuleError::NotAllowed("no Magic Dice in hand: cast first".into()));
    };
    if spent.is_empty() {
        return Err(RuleError::Invalid("spend at least one die".into()));
    }
    let mut left = faces.clone();
    for f in spent {
        let Some(i) = left.iter().position(|x| x == f) else {
            return Err(RuleError::Invalid(format!(
                "no die showing {f} in hand (in hand: {faces:?})"
            )));
        };
        left.remove(i);
    }
    Ok((caster, left))
}

/// Spends faces as damage on one target, or on each target of a blast.
pub(crate) fn damage(
    enc: &mut Encounter,
    targets: Vec<CombatantId>,
    faces: Vec<u32>,
    blast: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let (caster, left) = spend(enc, &faces)?;
    if targets.is_empty() {
        return Err(RuleError::Invalid("a spell needs a target".into()));
    }
    if targets.len() > 1 && !blast {
        return Err(RuleError::NotAllowed("only a blast spell hits several targets".into()));
    }
    let mut ctx = Ctx::new(enc, dice);
    let sum: i64 = faces.iter().map(|f| i64::from(*f)).sum();
    let highest = faces.iter().max().map_or(0, |f| i64::from(*f));
    let who = ctx.name(caster);
    for t in targets {
        let c = ctx.snapshot(t)?;
        // Many bodies soak a spell: a detachment takes the highest die, unless it is a blast.
        let raw = if BdpBlock::of(&c)?.detachment && !blast { highest } else { sum };
        if raw != sum {
            ctx.ruling(
                R_MAGIC,
                Some(t),
                format_args!("{} is a detachment: only the highest die, {raw}", c.name),
            );
        }
        let blow = Blow {
            raw,
            source: format!("{who}'s spell"),
            armor: true,
            to_str: false,
            save: true,
            nonlethal: false,
        };
        deal(&mut ctx, t, blow)?;
    }
    ctx.emit(R_MAGIC, Some(caster), BdpEvent::SpellDice { caster, faces: left });
    Ok(ctx.finish())
}

/// Spends faces on a trick: the target saves, 2 harder for each die beyond the first.
pub(crate) fn trick(
    enc: &mut Encounter,
    target: CombatantId,
    ability: Ability,
    faces: Vec<u32>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let (caster, left) = spend(enc, &faces)?;
    let t = enc.combatants.shared(&target).ok_or(RuleError::UnknownCombatant(target))?;
    let penalty = 2 * (faces.len() as i64 - 1);
    let mut ctx = Ctx::new(enc, dice);
    let outcome = roll_save(&mut ctx, R_MAGIC, target, ability, -penalty, " against the trick")?;
    let harder = if penalty > 0 { format!(", {penalty} harder") } else { String::new() };
    let text = if outcome.success {
        format!(
            "{} shakes off {}'s trick ({}{harder})",
            t.name,
            ctx.name(caster),
            outcome.describe()
        )
    } else {
        format!(
            "{}'s trick takes hold of {} ({}{harder})",
            ctx.name(caster),
            t.name,
            outcome.describe()
        )
    };
    ctx.ruling(R_MAGIC, Some(target), text);
    ctx.emit(R_MAGIC, Some(caster), BdpEvent::SpellDice { caster, faces: left });
    Ok(ctx.finish())
}

/// Puts away the dice left in hand.
pub(crate) fn end(enc: &mut Encounter, dice: &mut dyn DiceSource) -> Result<Vec<Event>, RuleError> {
    let Some((caster, _)) = enc.bdp().spell else {
        return Err(RuleError::NotAllowed("no Magic Dice in hand".into()));
    };
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_MAGIC, Some(caster), BdpEvent::SpellDice { caster, faces: Vec::new() });
    Ok(ctx.finish())
}

#[cfg(test)]
mod tests {
    use super::feedback;

    #[test]
    fn feedback_sums_matching_faces() {
        assert_eq!(feedback(&[4, 2, 1]), 0);
        assert_eq!(feedback(&[4, 3, 3]), 6);
        assert_eq!(feedback(&[5, 5, 5, 1]), 15);
        assert_eq!(feedback(&[2, 2, 6, 6]), 16);
    }
}
