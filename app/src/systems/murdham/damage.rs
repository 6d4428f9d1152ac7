//! Damage: dice that explode (a die showing its highest face is rolled again and added,
//! less one), impaired (two dice, the lower kept) and enhanced (the higher), armour and cover
//! taken off, health lost; half the current health or more in one hit is a critical hit
//! (incapacitated for the stretch), 0 is dying (dead at the end of the next round unless
//! healed), a hit as big as STR kills. Counters land in order of the damage they deal; gear
//! breaks.

use super::block::{AGI, ARMOUR, HEALTH, MurdhamBlock, STR, Weapon, health, stat, weapon};
use super::model::{MurdhamEvent as E, NonLethal, PendingAttack, Reaction, Struck, Wear};
use super::{DEAD, DYING, INCAPACITATED, R_DAMAGE, R_GEAR, RETREATING, SURRENDERED, standing};
use crate::checks::save_under;
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// Most times one die explodes (the app's dice would need luck to get there; a typo in table
/// dice must not loop).
const MAX_EXPLOSIONS: u32 = 30;

/// A damage roll: its total and whether the kept die first showed a 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DamageRoll {
    /// The damage before armour.
    pub total: i64,
    /// The kept die first showed 1 (a damaged weapon breaks).
    pub one: bool,
    /// Its faces when it exploded ("6 ↑ 4 − 1"), else empty.
    pub says: String,
}

/// Rolls one exploding die: a highest face rolls again and adds, less one, as long as it
/// keeps coming.
fn exploding(
    ctx: &mut Ctx,
    who: CombatantId,
    sides: u32,
    label: &str,
) -> Result<DamageRoll, RuleError> {
    let first = ctx.die(R_DAMAGE, Some(who), sides, label)?;
    let mut total = first;
    let mut last = first;
    let mut faces = vec![first.to_string()];
    let mut n = 0;
    while last == i64::from(sides) && n < MAX_EXPLOSIONS {
        last = ctx.die(R_DAMAGE, Some(who), sides, &format!("{label}, exploding"))?;
        total += last - 1;
        faces.push(last.to_string());
        n += 1;
    }
    let says = if n == 0 { String::new() } else { format!("{} − {n}", faces.join(" ↑ ")) };
    Ok(DamageRoll { total, one: first == 1, says })
}

/// How a damage roll is made: `impaired` and `enhanced` count the reasons each way.
pub(crate) fn roll_damage(
    ctx: &mut Ctx,
    who: CombatantId,
    sides: u32,
    impaired: u32,
    enhanced: u32,
    label: &str,
) -> Result<DamageRoll, RuleError> {
    let net = i64::from(impaired) - i64::from(enhanced);
    if net >= 2 {
        ctx.ruling(R_DAMAGE, Some(who), format!("{label}: impaired twice, no damage"));
        return Ok(DamageRoll { total: 0, one: false, says: String::new() });
    }
    if net == 0 {
        return exploding(ctx, who, sides, label);
    }
    let a = exploding(ctx, who, sides, label)?;
    let b = exploding(ctx, who, sides, label)?;
    let (take_b, how) = if net > 0 {
        (b.total < a.total, "impaired: the lower")
    } else {
        (b.total > a.total, "enhanced: the higher")
    };
    let (at, bt) = (a.total, b.total);
    let kept = if take_b { b } else { a };
    ctx.ruling(R_DAMAGE, Some(who), format!("{label} {how} of {at} and {bt}: {}", kept.total));
    Ok(kept)
}

/// The reasons an attack's damage is impaired: bare hands, holding back, concealment.
fn impairments(w: Option<&Weapon>, held_back: bool, concealment: bool) -> u32 {
    u32::from(w.is_none()) + u32::from(held_back) + u32::from(concealment)
}

/// An item's wear in the fight (its block's, or what happened since).
pub(crate) fn wear(
    enc: &Encounter,
    owner: CombatantId,
    item: &str,
    from_block: Option<Wear>,
) -> Option<Wear> {
    enc.murdham().wear.get(&owner).and_then(|m| m.get(item).copied()).or(from_block)
}

/// Armour against one hit, and why: worn armour (unless the attack is direct), +1 behind
/// cover the attack cannot go through, +1 from a shield against an attack its bearer
/// reacted to.
fn armour(
    enc: &Encounter,
    target: &Combatant,
    direct: bool,
    cover: bool,
    reacted: bool,
) -> (i64, Vec<String>) {
    if direct {
        return (0, vec!["direct: armour does not count".into()]);
    }
    let mut total = stat(target, ARMOUR);
    let mut why = Vec::new();
    if total != 0 {
        why.push(format!("{total} armour"));
    }
    if cover {
        total += 1;
        why.push("1 cover".into());
    }
    if reacted && shield_in_use(enc, target).is_some() {
        total += 1;
        why.push("1 shield".into());
    }
    (total, why)
}

/// The shield a character bears, unless broken.
fn shield_in_use(enc: &Encounter, c: &Combatant) -> Option<super::block::Item> {
    let s = MurdhamBlock::of(c).ok()?.shield.clone()?;
    (wear(enc, c.id, &s.name, s.worn()) != Some(Wear::Broken)).then_some(s)
}

/// One hit landing on `target`: armour off, health lost, gear breaking on a big hit.
#[allow(clippy::too_many_arguments)]
fn land(
    ctx: &mut Ctx,
    by: CombatantId,
    target: CombatantId,
    roll: &DamageRoll,
    w: Option<&Weapon>,
    cover: bool,
    reacted: bool,
) -> Result<(), RuleError> {
    let t = ctx.snapshot(target)?;
    let raw = roll.total;
    let direct = w.is_some_and(|w| w.direct);
    let (off, why) = armour(&ctx.enc, &t, direct, cover, reacted);
    let dealt = (raw - off).max(0);
    let wname = super::attack::weapon_name(w);
    let sum = if direct {
        " (direct: armour does not count)".to_owned()
    } else if why.is_empty() {
        String::new()
    } else {
        format!(" − {}", why.join(" − "))
    };
    let what = if dealt == 0 { "no harm".to_owned() } else { format!("{dealt}") };
    // From rules edition 1 the faces of an exploding die are shown ("6 ↑ 4 − 1 = 9"), and a
    // blow with nothing taken off reads as itself, not "9 = 9".
    let line = if ctx.enc.rules < 1 {
        format!("{raw}{sum} = {what}")
    } else if roll.says.is_empty() && sum.is_empty() {
        what
    } else if roll.says.is_empty() {
        format!("{raw}{sum} = {what}")
    } else {
        format!("{} = {raw}{sum} = {what}", roll.says)
    };
    ctx.ruling(R_DAMAGE, Some(target), format!("{}'s {wname} on {}: {line}", ctx.name(by), t.name));
    wear_from_hit(ctx, &t, raw, reacted)?;
    if dealt > 0 {
        harm(ctx, target, dealt)?;
    }
    Ok(())
}

/// Harm from outside a blow (a blast, a fall) on `target`: its armour off, health lost, gear
/// breaking on a big hit, as a hit it did not react to.
pub(crate) fn hazard(
    ctx: &mut Ctx,
    target: CombatantId,
    raw: i64,
    what: &str,
) -> Result<(), RuleError> {
    let t = ctx.snapshot(target)?;
    let (off, why) = armour(&ctx.enc, &t, false, false, false);
    let dealt = (raw - off).max(0);
    let sum = if why.is_empty() { String::new() } else { format!(" − {}", why.join(" − ")) };
    let shown = if dealt == 0 { "no harm".to_owned() } else { format!("{dealt}") };
    ctx.ruling(R_DAMAGE, Some(target), format!("{what} on {}: {raw}{sum} = {shown}", t.name));
    wear_from_hit(ctx, &t, raw, false)?;
    if dealt > 0 {
        harm(ctx, target, dealt)?;
    }
    Ok(())
}

/// Armour (and a shield in use) is used when hit; damaged ones break on 8 or more before
/// armour, the shield first.
fn wear_from_hit(ctx: &mut Ctx, t: &Combatant, raw: i64, reacted: bool) -> Result<(), RuleError> {
    let block = MurdhamBlock::of(t)?;
    let shield = if reacted { shield_in_use(&ctx.enc, t) } else { None };
    if let Some(s) = &shield {
        ctx.emit(R_GEAR, Some(t.id), E::ItemUsed { owner: t.id, item: s.name.clone() });
    }
    let worn = block
        .armour
        .clone()
        .filter(|a| wear(&ctx.enc, t.id, &a.name, a.worn()) != Some(Wear::Broken));
    if let Some(a) = &worn {
        ctx.emit(R_GEAR, Some(t.id), E::ItemUsed { owner: t.id, item: a.name.clone() });
    }
    if raw < 8 {
        return Ok(());
    }
    if let Some(s) =
        shield.filter(|s| wear(&ctx.enc, t.id, &s.name, s.worn()) == Some(Wear::Damaged))
    {
        ctx.ruling(
            R_GEAR,
            Some(t.id),
            format!("{}'s damaged {} breaks under a hit of {raw}", t.name, s.name),
        );
        ctx.emit(R_GEAR, Some(t.id), E::Worn { owner: t.id, item: s.name, wear: Wear::Broken });
        return Ok(());
    }
    if let Some(a) = worn.filter(|a| wear(&ctx.enc, t.id, &a.name, a.worn()) == Some(Wear::Damaged))
    {
        ctx.ruling(
            R_GEAR,
            Some(t.id),
            format!("{}'s damaged {} breaks under a hit of {raw}", t.name, a.name),
        );
        break_item(ctx, t.id, &a.name);
    }
    Ok(())
}

/// An item is broken for good: a weapon or shield can no longer be used, armour no longer
/// counts (the armour stat loses its value).
pub(crate) fn break_item(ctx: &mut Ctx, owner: CombatantId, item: &str) {
    ctx.emit(R_GEAR, Some(owner), E::Worn { owner, item: item.to_owned(), wear: Wear::Broken });
    let Some(c) = ctx.enc.combatant(owner).cloned() else { return };
    let armour =
        MurdhamBlock::of(&c).ok().and_then(|b| b.armour.clone()).filter(|a| a.name == item);
    if let Some(a) = armour {
        let left = (stat(&c, ARMOUR) - a.value).max(0);
        ctx.set_stat(R_GEAR, owner, ARMOUR, left);
    }
}

/// A damaged weapon that rolled a 1 breaks.
fn weapon_wear(ctx: &mut Ctx, owner: CombatantId, w: Option<&Weapon>, roll: &DamageRoll) {
    let Some(w) = w else { return };
    if roll.one && wear(&ctx.enc, owner, &w.name, w.worn()) == Some(Wear::Damaged) {
        ctx.ruling(
            R_GEAR,
            Some(owner),
            format!("{}'s damaged {} breaks on a 1", ctx.name(owner), w.name),
        );
        ctx.emit(R_GEAR, Some(owner), E::Worn { owner, item: w.name.clone(), wear: Wear::Broken });
    }
}

/// Health lost: killed by a hit as big as STR, dying at 0, incapacitated by a critical hit.
pub(crate) fn harm(ctx: &mut Ctx, id: CombatantId, dealt: i64) -> Result<(), RuleError> {
    let c = ctx.snapshot(id)?;
    if c.conditions.contains(SURRENDERED) || c.conditions.contains(RETREATING) {
        ctx.ruling(
            R_DAMAGE,
            Some(id),
            format!("{} is harmed after giving up: it fights again", c.name),
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
                format!(
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
                    format!(
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
                format!(
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
    ctx.ruling(R_DAMAGE, Some(id), format!("{} is killed: {why}", ctx.name(id)));
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

/// Whether the target reacted to the attack itself (its shield counts).
fn reacted(s: &Struck) -> bool {
    s.guard || matches!(s.reaction, Some(Reaction::Dodge | Reaction::Counter { .. }))
}

/// Settles an attack everyone has answered: dodges, then the blows in their order.
pub(crate) fn resolve(ctx: &mut Ctx, pa: PendingAttack) -> Result<(), RuleError> {
    let attacker = pa.spec.attacker;
    let a = ctx.snapshot(attacker)?;
    let w = weapon(&a, pa.spec.weapon)?;
    let mut hit = Vec::new();
    for s in &pa.struck {
        if matches!(s.reaction, Some(Reaction::Dodge)) {
            let t = ctx.snapshot(s.id)?;
            let agi = stat(&t, AGI);
            let roll = ctx.roll(
                R_DAMAGE,
                Some(s.id),
                &Dice::die(20),
                &format!("{}'s AGI save to dodge", t.name),
            )?;
            if save_under(agi, &roll).success {
                ctx.ruling(
                    R_DAMAGE,
                    Some(s.id),
                    format!("{} dodges ({} ≤ AGI {agi}): the attack misses", t.name, roll.total),
                );
                continue;
            }
            ctx.ruling(
                R_DAMAGE,
                Some(s.id),
                format!("{} fails to dodge ({} over AGI {agi})", t.name, roll.total),
            );
        }
        hit.push(s.clone());
    }
    let counter = hit.iter().find_map(|s| match &s.reaction {
        Some(Reaction::Counter { weapon, nonlethal }) => Some((s.id, *weapon, *nonlethal)),
        _ => None,
    });
    let how = pa.spec.how;
    let cover = how.cover && !how.penetrating;
    // The counter's blow: its damage roll (none for a disarm or a grab).
    let counter_blow = match counter {
        Some((cid, cwi, None)) => {
            let c = ctx.snapshot(cid)?;
            let cw = weapon(&c, cwi)?;
            if let Some(cw) = &cw {
                ctx.emit(R_GEAR, Some(cid), E::ItemUsed { owner: cid, item: cw.name.clone() });
            }
            let sides = cw.as_ref().map_or(4, |w| w.die);
            let label =
                format!("{}'s counter ({})", c.name, super::attack::weapon_name(cw.as_ref()));
            let roll =
                roll_damage(ctx, cid, sides, impairments(cw.as_ref(), false, false), 0, &label)?;
            weapon_wear(ctx, cid, cw.as_ref(), &roll);
            Some((cid, cw, roll))
        }
        _ => None,
    };
    if let Some(nl) = pa.spec.nonlethal {
        // A disarm or a grab lands last.
        if let Some((cid, cw, roll)) = &counter_blow {
            land(ctx, *cid, attacker, roll, cw.as_ref(), how.peeking, false)?;
        }
        if let Some((cid, _, Some(cnl))) = counter {
            // Both sides' holds land: neither does damage, so neither stops the other.
            for s in &hit {
                super::grapple::nonlethal(ctx, attacker, s.id, nl)?;
            }
            return finish(ctx, &pa, Some((cid, cnl)));
        }
        if ctx.who(attacker).is_ok_and(standing) {
            for s in &hit {
                super::grapple::nonlethal(ctx, attacker, s.id, nl)?;
            }
        } else if !hit.is_empty() {
            ctx.ruling(R_DAMAGE, Some(attacker), format!("{} drops before its hold lands", a.name));
        }
        return finish(ctx, &pa, None);
    }
    if hit.is_empty() {
        return finish(ctx, &pa, None);
    }
    let sides = w.as_ref().map_or(4, |w| w.die);
    let label = format!("{}'s damage ({})", a.name, super::attack::weapon_name(w.as_ref()));
    let roll = roll_damage(
        ctx,
        attacker,
        sides,
        impairments(w.as_ref(), how.held_back, how.concealment),
        u32::from(how.enhanced),
        &label,
    )?;
    weapon_wear(ctx, attacker, w.as_ref(), &roll);
    let blows = |ctx: &mut Ctx| -> Result<(), RuleError> {
        for s in &hit {
            land(ctx, attacker, s.id, &roll, w.as_ref(), cover, reacted(s))?;
        }
        Ok(())
    };
    match (counter, counter_blow) {
        (Some((cid, _, _)), Some((_, cw, croll))) => {
            // Each side's damage after the other's armour decides who is hit first.
            let ct = ctx.snapshot(cid)?;
            let on_counter = (roll.total
                - armour(&ctx.enc, &ct, w.as_ref().is_some_and(|w| w.direct), cover, true).0)
                .max(0);
            let on_attacker = (croll.total
                - armour(&ctx.enc, &a, cw.as_ref().is_some_and(|w| w.direct), how.peeking, false)
                    .0)
                .max(0);
            if on_counter > on_attacker {
                ctx.ruling(
                    R_DAMAGE,
                    None,
                    format!(
                        "{} takes more ({on_counter} to {on_attacker}): it is hit first",
                        ct.name
                    ),
                );
                blows(ctx)?;
                if ctx.who(cid).is_ok_and(standing) {
                    land(ctx, cid, attacker, &croll, cw.as_ref(), how.peeking, false)?;
                } else {
                    ctx.ruling(
                        R_DAMAGE,
                        Some(cid),
                        format!("{} drops before striking back", ct.name),
                    );
                }
            } else if on_attacker > on_counter {
                ctx.ruling(
                    R_DAMAGE,
                    None,
                    format!(
                        "{} takes more ({on_attacker} to {on_counter}): it is hit first",
                        a.name
                    ),
                );
                land(ctx, cid, attacker, &croll, cw.as_ref(), how.peeking, false)?;
                if ctx.who(attacker).is_ok_and(standing) {
                    blows(ctx)?;
                } else {
                    ctx.ruling(
                        R_DAMAGE,
                        Some(attacker),
                        format!("{} drops before its blow lands", a.name),
                    );
                }
            } else {
                ctx.ruling(
                    R_DAMAGE,
                    None,
                    format!("Both take {on_counter}: the blows land together"),
                );
                blows(ctx)?;
                land(ctx, cid, attacker, &croll, cw.as_ref(), how.peeking, false)?;
            }
            finish(ctx, &pa, None)
        }
        (Some((cid, _, Some(cnl))), None) => {
            blows(ctx)?;
            finish(ctx, &pa, Some((cid, cnl)))
        }
        _ => {
            blows(ctx)?;
            finish(ctx, &pa, None)
        }
    }
}

/// After the blows: a counter's disarm or grab (last of all), then an interrupted move.
fn finish(
    ctx: &mut Ctx,
    pa: &PendingAttack,
    late: Option<(CombatantId, NonLethal)>,
) -> Result<(), RuleError> {
    if let Some((cid, nl)) = late {
        if ctx.who(cid).is_ok_and(standing) {
            super::grapple::nonlethal(ctx, cid, pa.spec.attacker, nl)?;
        } else {
            ctx.ruling(
                R_DAMAGE,
                Some(cid),
                format!("{} drops before its hold lands", ctx.name(cid)),
            );
        }
    }
    if let Some(held) = &pa.then_move {
        super::turn::finish_move(ctx, held)?;
    }
    Ok(())
}

/// After a hand edit of health: a dying character healed above 0 is saved (and rolls a d6
/// injury); one brought to 0 is dying.
pub(crate) fn after_edit(
    enc: &Encounter,
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
                format!("{} is healed in time: no longer dying", c.name),
            );
            ctx.uncondition(R_DAMAGE, id, DYING);
            ctx.emit(R_DAMAGE, Some(id), E::NoLongerDying { id });
            injury(&mut ctx, id)?;
        } else if to <= 0 && from > 0 {
            let dies = ctx.enc.round.max(1) + 1;
            ctx.ruling(
                R_DAMAGE,
                Some(id),
                format!(
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
                &format!("{name}'s injury ({})", t.table.name),
            )?;
            match t.table.lookup(roll.total) {
                Some(row) => {
                    ctx.ruling(R_DAMAGE, Some(id), format!("{name}'s injury: {}", row.result.text));
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
                    ctx.condition(R_DAMAGE, id, label.trim());
                }
                None => ctx.ruling(
                    R_DAMAGE,
                    Some(id),
                    format!("{name}'s injury: {} is on no row of {}", roll.total, t.table.name),
                ),
            }
        }
        None => {
            let n = ctx.die(R_DAMAGE, Some(id), 6, &format!("{name}'s injury"))?;
            ctx.ruling(
                R_DAMAGE,
                Some(id),
                format!("{name}'s injury roll: {n} (no injury table in this encounter)"),
            );
        }
    }
    Ok(())
}
