//! Damage: dice that explode (a die showing its highest face is rolled again and added,
//! less one), impaired (two dice, the lower kept) and enhanced (the higher), armour and cover
//! taken off, health lost; half the current health or more in one hit is a critical hit
//! (incapacitated for the stretch). Counters land in order of the damage they deal. What 0
//! health means is `dying.rs`; gear that wears and breaks, `wear.rs`.

use super::block::{AGI, ARMOUR, MurdhamBlock, Weapon, stat, weapon};
use super::dying::harm;
use super::model::{MurdhamEvent as E, NonLethal, PendingAttack, Reaction, Struck, Wear};
use super::wear::{weapon_wear, wear, wear_from_hit};
use super::{R_DAMAGE, R_GEAR, standing};
use crate::checks::save_under;
use crate::dice::Dice;
use crate::encounter::{Combatant, Encounter};
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
    /// Its faces when it exploded ("6 ↑ 4 − 1 (one per explosion)"), else empty.
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
        last = ctx.die(R_DAMAGE, Some(who), sides, format_args!("{label}, exploding"))?;
        total += last - 1;
        faces.push(last.to_string());
        n += 1;
    }
    // From rules edition 3 the one taken off each explosion says what it is ("6 ↑ 3 − 1
    // (one per explosion)").
    let says = match n {
        0 => String::new(),
        _ if ctx.enc.rules >= 3 => format!("{} − {n} (one per explosion)", faces.join(" ↑ ")),
        _ => format!("{} − {n}", faces.join(" ↑ ")),
    };
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
        ctx.ruling(R_DAMAGE, Some(who), format_args!("{label}: impaired twice, no damage"));
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
    ctx.ruling(R_DAMAGE, Some(who), format_args!("{label} {how} of {at} and {bt}: {}", kept.total));
    Ok(kept)
}

/// The reasons an attack's damage is impaired: bare hands, holding back, concealment.
fn impairments(w: Option<&Weapon>, held_back: bool, concealment: bool) -> u32 {
    u32::from(w.is_none()) + u32::from(held_back) + u32::from(concealment)
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
pub(super) fn shield_in_use(enc: &Encounter, c: &Combatant) -> Option<super::block::Item> {
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
    let (off, why) = armour(ctx.enc, &t, direct, cover, reacted);
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
    ctx.ruling(
        R_DAMAGE,
        Some(target),
        format_args!("{}'s {wname} on {}: {line}", ctx.name(by), t.name),
    );
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
    let (off, why) = armour(ctx.enc, &t, false, false, false);
    let dealt = (raw - off).max(0);
    let sum = if why.is_empty() { String::new() } else { format!(" − {}", why.join(" − ")) };
    let shown = if dealt == 0 { "no harm".to_owned() } else { format!("{dealt}") };
    ctx.ruling(R_DAMAGE, Some(target), format_args!("{what} on {}: {raw}{sum} = {shown}", t.name));
    wear_from_hit(ctx, &t, raw, false)?;
    if dealt > 0 {
        harm(ctx, target, dealt)?;
    }
    Ok(())
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
    let hit = dodges(ctx, &pa.struck)?;
    let counter = hit.iter().find_map(|s| match &s.reaction {
        Some(Reaction::Counter { weapon, nonlethal }) => Some((s.id, *weapon, *nonlethal)),
        _ => None,
    });
    let how = pa.spec.how;
    let cover = how.cover && !how.penetrating;
    // The counter's blow: its damage roll (none for a disarm or a grab).
    let counter_blow = match counter {
        Some((cid, cwi, None)) => Some(counter_roll(ctx, cid, cwi)?),
        _ => None,
    };
    if let Some(nl) = pa.spec.nonlethal {
        let counter_hold = counter.and_then(|(cid, _, cnl)| Some((cid, cnl?)));
        return hold(ctx, &pa, &a, nl, &hit, counter_hold, counter_blow.as_ref());
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
    let blows = Blows { attacker, hit: &hit, roll: &roll, weapon: w.as_ref(), cover };
    match (counter, counter_blow) {
        (Some(_), Some((cid, cw, croll))) => {
            exchange(ctx, &a, &blows, (cid, cw.as_ref(), &croll), how.peeking)?;
            finish(ctx, &pa, None)
        }
        (Some((cid, _, Some(cnl))), None) => {
            blows.land(ctx)?;
            finish(ctx, &pa, Some((cid, cnl)))
        }
        _ => {
            blows.land(ctx)?;
            finish(ctx, &pa, None)
        }
    }
}

/// Those struck who are still hit: each who dodges makes an AGI save, and is missed on a
/// success.
fn dodges(ctx: &mut Ctx, struck: &[Struck]) -> Result<Vec<Struck>, RuleError> {
    let mut hit = Vec::new();
    for s in struck {
        if matches!(s.reaction, Some(Reaction::Dodge)) {
            let t = ctx.snapshot(s.id)?;
            let agi = stat(&t, AGI);
            let roll = ctx.roll(
                R_DAMAGE,
                Some(s.id),
                &Dice::die(20),
                format_args!("{}'s AGI save to dodge", t.name),
            )?;
            if save_under(agi, &roll).success {
                ctx.ruling(
                    R_DAMAGE,
                    Some(s.id),
                    format_args!(
                        "{} dodges ({} ≤ AGI {agi}): the attack misses",
                        t.name, roll.total
                    ),
                );
                continue;
            }
            ctx.ruling(
                R_DAMAGE,
                Some(s.id),
                format_args!("{} fails to dodge ({} over AGI {agi})", t.name, roll.total),
            );
        }
        hit.push(s.clone());
    }
    Ok(hit)
}

/// The damage roll of `cid`'s counter with its weapon `cwi` (bare-handed without), the weapon
/// marked used and worn by the roll.
fn counter_roll(
    ctx: &mut Ctx,
    cid: CombatantId,
    cwi: Option<usize>,
) -> Result<(CombatantId, Option<Weapon>, DamageRoll), RuleError> {
    let c = ctx.snapshot(cid)?;
    let cw = weapon(&c, cwi)?;
    if let Some(cw) = &cw {
        ctx.emit(R_GEAR, Some(cid), E::ItemUsed { owner: cid, item: cw.name.clone() });
    }
    let sides = cw.as_ref().map_or(4, |w| w.die);
    let label = format!("{}'s counter ({})", c.name, super::attack::weapon_name(cw.as_ref()));
    let roll = roll_damage(ctx, cid, sides, impairments(cw.as_ref(), false, false), 0, &label)?;
    weapon_wear(ctx, cid, cw.as_ref(), &roll);
    Ok((cid, cw, roll))
}

/// A disarm or a grab (`nl`) on those `hit`: it lands last, after a counter's blow; against a
/// counter's own hold both land; else only while the attacker still stands.
fn hold(
    ctx: &mut Ctx,
    pa: &PendingAttack,
    a: &Combatant,
    nl: NonLethal,
    hit: &[Struck],
    counter_hold: Option<(CombatantId, NonLethal)>,
    counter_blow: Option<&(CombatantId, Option<Weapon>, DamageRoll)>,
) -> Result<(), RuleError> {
    let attacker = a.id;
    if let Some((cid, cw, roll)) = counter_blow {
        land(ctx, *cid, attacker, roll, cw.as_ref(), pa.spec.how.peeking, false)?;
    }
    if let Some(late) = counter_hold {
        // Both sides' holds land: neither does damage, so neither stops the other.
        for s in hit {
            super::grapple::nonlethal(ctx, attacker, s.id, nl)?;
        }
        return finish(ctx, pa, Some(late));
    }
    if ctx.who(attacker).is_ok_and(standing) {
        for s in hit {
            super::grapple::nonlethal(ctx, attacker, s.id, nl)?;
        }
    } else if !hit.is_empty() {
        ctx.ruling(
            R_DAMAGE,
            Some(attacker),
            format_args!("{} drops before its hold lands", a.name),
        );
    }
    finish(ctx, pa, None)
}

/// The attacker's blow on everyone it hit, rolled once.
struct Blows<'a> {
    /// Who strikes.
    attacker: CombatantId,
    /// Those it hits, with their reactions.
    hit: &'a [Struck],
    /// Its damage roll.
    roll: &'a DamageRoll,
    /// Its weapon (bare-handed: none).
    weapon: Option<&'a Weapon>,
    /// Whether cover counts against it.
    cover: bool,
}

impl Blows<'_> {
    /// Lands the blow on each one hit.
    fn land(&self, ctx: &mut Ctx) -> Result<(), RuleError> {
        for s in self.hit {
            land(ctx, self.attacker, s.id, self.roll, self.weapon, self.cover, reacted(s))?;
        }
        Ok(())
    }
}

/// A blow and a counter's blow: each side's damage after the other's armour decides who is
/// hit first; one who drops first does not strike; a tie lands both together.
fn exchange(
    ctx: &mut Ctx,
    a: &Combatant,
    blows: &Blows,
    (cid, cw, croll): (CombatantId, Option<&Weapon>, &DamageRoll),
    peeking: bool,
) -> Result<(), RuleError> {
    let attacker = a.id;
    let ct = ctx.snapshot(cid)?;
    let on_counter = (blows.roll.total
        - armour(ctx.enc, &ct, blows.weapon.is_some_and(|w| w.direct), blows.cover, true).0)
        .max(0);
    let on_attacker =
        (croll.total - armour(ctx.enc, a, cw.is_some_and(|w| w.direct), peeking, false).0).max(0);
    if on_counter > on_attacker {
        ctx.ruling(
            R_DAMAGE,
            None,
            format_args!("{} takes more ({on_counter} to {on_attacker}): it is hit first", ct.name),
        );
        blows.land(ctx)?;
        if ctx.who(cid).is_ok_and(standing) {
            land(ctx, cid, attacker, croll, cw, peeking, false)?;
        } else {
            ctx.ruling(R_DAMAGE, Some(cid), format_args!("{} drops before striking back", ct.name));
        }
    } else if on_attacker > on_counter {
        ctx.ruling(
            R_DAMAGE,
            None,
            format_args!("{} takes more ({on_attacker} to {on_counter}): it is hit first", a.name),
        );
        land(ctx, cid, attacker, croll, cw, peeking, false)?;
        if ctx.who(attacker).is_ok_and(standing) {
            blows.land(ctx)?;
        } else {
            ctx.ruling(
                R_DAMAGE,
                Some(attacker),
                format_args!("{} drops before its blow lands", a.name),
            );
        }
    } else {
        ctx.ruling(R_DAMAGE, None, format_args!("Both take {on_counter}: the blows land together"));
        blows.land(ctx)?;
        land(ctx, cid, attacker, croll, cw, peeking, false)?;
    }
    Ok(())
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
                format_args!("{} drops before its hold lands", ctx.name(cid)),
            );
        }
    }
    if let Some(held) = &pa.then_move {
        super::turn::finish_move(ctx, held)?;
    }
    Ok(())
}
