//! The turn's actions: an attack with the Main action (d20 + attack bonus + attribute
//! modifier + skill against AC, the situation's modifiers from the grid — cover, range,
//! prone, melee — damage never below Shock, Shock on a miss, a shield's first Shock turned
//! aside). Where it stands (reach, range, cover) is `situation.rs`; the Move is `movement.rs`,
//! a Charge's run `charge.rs`, the Heal check `heal.rs`, reloading `reload.rs`.

use super::Step;
use super::answer::{resume, waits_for_answer};
use super::block::{AC, ATK, HP, attack, is_out, stat, strikable, track};
use super::block::{Attack, Reload, SovBlock};
use super::charge::charge_path;
use super::model::{Manner, Pending, SovEvent, TurnAt};
use super::round::{fall, is_turn_of};
use super::rules::{
    Shock, Situation, attack_modifiers, attack_roll, damage_on_hit, swarm_allowed, swarm_bonus,
};
use super::situation::situation;
use super::{CHARGED, R_ATTACK, R_MOVE, SWARM_CAP, TOTAL_DEFENSE};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::reach;
use crate::system::{Ctx, RuleError, check_actor, check_turn};

/// Refuses unless `id` may spend its Main action now: on its turn, off it for an Instant (a
/// Snap Attack), or any time this round after holding its action.
pub(crate) fn check_main(enc: &Encounter, id: CombatantId, instant: bool) -> Result<(), RuleError> {
    // One who held its action may take its Main off its turn, until the round ends.
    let held = enc.sovereign().held.contains(&id);
    let turn = |c: &Combatant| {
        if instant && is_turn_of(enc, id) {
            return Err(RuleError::NotAllowed(format!(
                "{} acts now: an Instant is for off its turn",
                c.name
            )));
        }
        if instant || held { Ok(()) } else { check_turn(enc, Step::Turns, c) }
    };
    let c = check_actor(enc, Step::Before, id, turn, is_out)?;
    if enc.sovereign().mains.contains(&id) {
        return Err(RuleError::NotAllowed(format!("{} has spent its Main action", c.name)));
    }
    Ok(())
}

/// The attack's own check, with its modifiers when it may be made.
pub(crate) fn check_attack(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    manner: &Manner,
) -> Result<Vec<(&'static str, i64)>, RuleError> {
    check_main(enc, attacker, *manner == Manner::Snap)?;
    check_attack_on(enc, attacker, target, index, manner)
}

/// [`check_attack`] past its first check, the Main action's ([`check_main`]): the turn's
/// prompt, which lists every attack at every foe, asks that one once.
pub(crate) fn check_attack_on(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    manner: &Manner,
) -> Result<Vec<(&'static str, i64)>, RuleError> {
    let a = &enc.combatants[&attacker];
    let t = enc.combatant(target).ok_or(RuleError::UnknownCombatant(target))?;
    if t.side == a.side {
        return Err(RuleError::NotAllowed(format!("{} is on {}'s side", t.name, a.name)));
    }
    if !strikable(enc, t) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", t.name)));
    }
    if enc.sovereign().unloaded.contains(&(attacker, index)) {
        let w = attack(a, index)?;
        let cost = if w.reload() == Some(Reload::Main) { "the Main" } else { "the Move" };
        return Err(RuleError::NotAllowed(format!(
            "{}'s {} must be reloaded first ({cost})",
            a.name, w.name
        )));
    }
    // A Charge is judged from where it ends.
    let mut s =
        if *manner == Manner::Charge { Situation::default() } else { situation(enc, a, t, index)? };
    match manner {
        Manner::Plain => {}
        Manner::Snap => {
            let trained = enc.is_party(attacker) || SovBlock::of(a).is_ok_and(|b| b.snap_capable);
            if !trained {
                return Err(RuleError::NotAllowed(format!(
                    "{} is not trained for Snap Attacks",
                    a.name
                )));
            }
            s.snap = true;
        }
        Manner::Dual => {
            let melee = SovBlock::of(a)?.attacks.iter().filter(|w| !w.ranged()).count();
            if melee < 2 || s.ranged {
                return Err(RuleError::NotAllowed(format!("{} has not two hand weapons", a.name)));
            }
            s.dual_wielding = true;
        }
        Manner::Swarm { helpers } => {
            check_swarm(enc, a, t, helpers)?;
            s.swarm_helpers = helpers.len() as u32;
        }
        Manner::Charge => {
            let (to, _) = charge_path(enc, a, t)?;
            let mut there = enc.clone();
            if let Some(c) = there.combatants.get_mut(&attacker) {
                c.square = Some(to);
            }
            s = situation(&there, &there.combatants[&attacker], t, index)?;
            if s.ranged {
                return Err(RuleError::NotAllowed("a Charge ends in a melee attack".into()));
            }
            s.charging = true;
        }
    }
    attack_modifiers(&s).map_err(|why| RuleError::NotAllowed(why.into()))
}

/// A Swarm's helpers: distinct allies of the attacker next to the target, each with its Main
/// action unspent, the whole Swarm within the setting's cap.
fn check_swarm(
    enc: &Encounter,
    a: &Combatant,
    t: &Combatant,
    helpers: &[CombatantId],
) -> Result<(), RuleError> {
    let cap = enc.setting(SWARM_CAP).and_then(serde_json::Value::as_u64).map_or(4, |n| n as u32);
    let members = helpers.len() as u32 + 1;
    if !swarm_allowed(members, cap) {
        return Err(RuleError::NotAllowed(format!("a Swarm takes 2 to {cap}, not {members}")));
    }
    let mut seen = std::collections::BTreeSet::new();
    for id in helpers {
        let h = enc.combatant(*id).ok_or(RuleError::UnknownCombatant(*id))?;
        if *id == a.id || !seen.insert(*id) {
            return Err(RuleError::Invalid(format!("{} is named twice in the Swarm", h.name)));
        }
        if h.side != a.side || is_out(h) {
            return Err(RuleError::NotAllowed(format!("{} cannot help {}", h.name, a.name)));
        }
        if enc.sovereign().mains.contains(id) {
            return Err(RuleError::NotAllowed(format!("{} has spent its Main action", h.name)));
        }
        if !reach::in_melee(enc, h, t) {
            return Err(RuleError::NotAllowed(format!("{} is not next to {}", h.name, t.name)));
        }
    }
    Ok(())
}

/// An attack: the Main action and the d20. When the target may still take Total Defense (it
/// may, after seeing the roll), the attack waits for its answer; otherwise it lands now.
pub(crate) fn attack_with(
    enc: &mut Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    manner: &Manner,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let modifiers = check_attack(enc, attacker, target, index, manner)?;
    let a = &*enc.combatants.shared(&attacker).ok_or(RuleError::UnknownCombatant(attacker))?;
    let t = &*enc.combatants.shared(&target).ok_or(RuleError::UnknownCombatant(target))?;
    let w = attack(a, index)?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    if *manner == Manner::Charge {
        let (to, cost) = charge_path(ctx.enc, a, t)?;
        ctx.emit(
            R_MOVE,
            Some(attacker),
            SovEvent::Walked { id: attacker, at, feet: cost, done: true },
        );
        ctx.push(
            R_MOVE,
            Some(attacker),
            EventKind::Placed { id: attacker, from: a.square, to: Some(to), cost_ft: Some(cost) },
        );
        ctx.condition(R_ATTACK, attacker, CHARGED);
    }
    let what = match manner {
        Manner::Charge => format!("charges {} with {}", t.name, w.name),
        Manner::Snap => format!("a Snap Attack on {} with {}", t.name, w.name),
        Manner::Dual => format!("attacks {} with two weapons", t.name),
        _ => format!("attacks {} with {}", t.name, w.name),
    };
    ctx.emit(R_ATTACK, Some(attacker), SovEvent::Main { id: attacker, at, what });
    let (mut damage_bonus, mut sure_shock) = (0, false);
    match manner {
        Manner::Dual => damage_bonus = 2,
        Manner::Swarm { helpers } => {
            for h in helpers {
                let what = format!("helps {} swarm {}", a.name, t.name);
                ctx.emit(R_ATTACK, Some(*h), SovEvent::Main { id: *h, at, what });
            }
            damage_bonus = swarm_bonus(helpers.len() as u32).1;
            sure_shock = true;
        }
        _ => {}
    }
    // A screener by the target may take the blow instead.
    let target = super::screen::intercept(&mut ctx, a, t, index)?;
    let t = ctx.snapshot(target)?;
    let mut pending = roll_attack(&mut ctx, a, &t, index, &modifiers, "")?;
    // A bow or crossbow shot waits to be reloaded, unless the shooter has Shoot-1 or better
    // (then reloading is free and never asked).
    if w.reload().is_some() && stat(a, "shoot") < 1 {
        ctx.emit(
            R_ATTACK,
            Some(attacker),
            SovEvent::Loaded { id: attacker, weapon: index, loaded: false },
        );
    }
    pending.damage_bonus = damage_bonus;
    pending.sure_shock = sure_shock;
    if waits_for_answer(ctx.enc, target, &pending) {
        ctx.emit(R_ATTACK, Some(target), SovEvent::Waiting { pending });
    } else {
        land(&mut ctx, &pending)?;
        // A Snap Attack that lands at once may have felled the attacker it answered.
        resume(&mut ctx);
    }
    Ok(ctx.finish())
}

/// The attack lands against the target's AC (+2 and no Shock under Total Defense): a hit's
/// damage never below Shock; a miss's Shock, unless a shield turns the first aside.
pub(super) fn land(ctx: &mut Ctx, p: &Pending) -> Result<(), RuleError> {
    let (Some(a), Some(t)) =
        (ctx.enc.combatant(p.attacker).cloned(), ctx.enc.combatant(p.target).cloned())
    else {
        return Ok(());
    };
    let w = attack(&a, p.weapon)?;
    // Killing Blow: half the level, rounded up, on damage and Shock alike.
    let killing = if SovBlock::of(&a).is_ok_and(|b| b.killing_blow) {
        (stat(&a, "level").max(1) + 1) / 2
    } else {
        0
    };
    let attr = w.attribute_mod(&a);
    let defending = t.conditions.contains(TOTAL_DEFENSE);
    let charged = if t.conditions.contains(CHARGED) { -2 } else { 0 };
    let ac = stat(&t, AC) + if defending { 2 } else { 0 } + charged;
    let outcome = attack_roll(&p.roll, p.bonus, &[], ac);
    let (total, hit) = (outcome.total, p.forced.unwrap_or(outcome.success));
    if let Some(forced) = p.forced {
        let turned = if forced { "a hit" } else { "a miss" };
        ctx.ruling(R_ATTACK, Some(p.attacker), format_args!("Veteran's Luck makes it {turned}"));
    }
    let defence = match (defending, charged != 0) {
        (true, true) => " (+2 Total Defense, −2 charging)",
        (true, false) => " (+2 Total Defense)",
        (false, true) => " (−2 charging)",
        _ => "",
    };
    let (at, roll, bonus) = (&t.name, p.roll.total, &p.says);
    let verdict = if hit { "hit" } else { "miss" };
    let says = format_args!("{roll} {bonus} = {total} against AC {ac}{defence}: {verdict}");
    ctx.ruling(R_ATTACK, Some(p.attacker), format_args!("{}'s {} at {at}: {says}", a.name, w.name));
    // The Shock this blow deals on a miss (a Swarm's lands whatever the AC).
    let shock = w.shock().map_or(0, |s| {
        let s = if p.sure_shock { Shock { max_ac: None, ..s } } else { s };
        s.on_miss(ac, attr + killing, defending)
    });
    if hit {
        deal_hit(ctx, p, &a, &t.name, attr + killing, killing, shock)?;
    } else if shock > 0 {
        let shield = super::block::SovBlock::of(&t).is_ok_and(|b| b.shield);
        // A Swarm's Shock is not the ordinary kind: a shield does not turn it.
        let swarm = p.sure_shock && ctx.enc.rules >= 1;
        if shield && !swarm && !ctx.enc.sovereign().shields_used.contains(&p.target) {
            ctx.ruling(
                R_ATTACK,
                Some(p.target),
                format_args!("{}'s shield turns the Shock aside (the first this round)", t.name),
            );
            ctx.emit(R_ATTACK, Some(p.target), SovEvent::ShieldUsed { id: p.target });
        } else {
            ctx.ruling(R_ATTACK, Some(p.attacker), format_args!("Shock: {shock} on the miss"));
            hurt(ctx, p.target, shock)?;
        }
    } else if defending && w.shock.is_some() {
        ctx.ruling(
            R_ATTACK,
            Some(p.target),
            format_args!("{} takes no Shock under Total Defense", t.name),
        );
    }
    Ok(())
}

/// A hit's damage on `p`'s target (`target`): the die, then the sum it makes said whole in
/// one ruling ("damage to Goblin: 3 on the d8 + 1 STR = 4"), so the banner and the journal
/// show where every point comes from; never below its Shock (`shock`), a Swarm's capped.
/// `modifier` is the attribute modifier and Killing Blow (`killing`) together.
fn deal_hit(
    ctx: &mut Ctx,
    p: &Pending,
    a: &Combatant,
    target: &str,
    modifier: i64,
    killing: i64,
    shock: i64,
) -> Result<(), RuleError> {
    let w = attack(a, p.weapon)?;
    let die =
        ctx.roll(R_ATTACK, Some(p.attacker), &w.dmg, format_args!("Damage ({})", w.name))?.total;
    let mut damage = damage_on_hit(die, modifier, p.damage_bonus, shock);
    let plain = (die + modifier + p.damage_bonus).max(0);
    if ctx.enc.rules >= 3 {
        // From rules edition 3 the sum is said whole, each addition named.
        let sum = damage_sum(&w, target, die, modifier - killing, killing, p.damage_bonus);
        ctx.ruling(R_ATTACK, Some(p.attacker), sum);
    } else {
        if killing > 0 {
            ctx.ruling(R_ATTACK, Some(p.attacker), format_args!("Killing Blow: + {killing}"));
        }
        if p.damage_bonus > 0 {
            ctx.ruling(
                R_ATTACK,
                Some(p.attacker),
                format_args!("{} damage (not added to Shock)", signed(p.damage_bonus)),
            );
        }
    }
    if damage > die + modifier + p.damage_bonus && (ctx.enc.rules < 3 || damage > plain) {
        ctx.ruling(R_ATTACK, Some(p.attacker), format_args!("never below its Shock: {damage}"));
    }
    // A Swarm (its Shock sure) adds no more than the weapon's usual maximum allows.
    if p.sure_shock && ctx.enc.rules >= 1 {
        let usual = w.dmg.max() + modifier;
        let capped = super::rules::swarm_capped(damage, usual, shock);
        if capped < damage {
            damage = capped;
            ctx.ruling(
                R_ATTACK,
                Some(p.attacker),
                format_args!("a Swarm deals no more than the usual maximum: {damage}"),
            );
        }
    }
    hurt(ctx, p.target, damage)
}

/// A hit's damage as the sum it is: "damage to Goblin: 3 on the d8 + 1 STR = 4", each
/// addition named (the attribute, Killing Blow, a bonus not added to Shock).
fn damage_sum(w: &Attack, target: &str, die: i64, attr: i64, killing: i64, bonus: i64) -> String {
    let mut sum = format!("damage to {target}: {die} on the {}", w.dmg);
    if attr != 0 {
        sum.push_str(&format!(" {} {}", signed(attr), w.attribute_key().to_uppercase()));
    }
    if killing > 0 {
        sum.push_str(&format!(" + {killing} Killing Blow"));
    }
    if bonus > 0 {
        sum.push_str(&format!(" {} (not added to Shock)", signed(bonus)));
    }
    if attr != 0 || killing > 0 || bonus > 0 {
        sum.push_str(&format!(" = {}", (die + attr + killing + bonus).max(0)));
    }
    sum
}

/// The d20 of `a`'s attack `index` on `t` (`label`: what the roll line adds): the attack
/// bonus, attribute modifier and skill, and the situation's `modifiers`, in a pending attack
/// with no bonus damage yet.
fn roll_attack(
    ctx: &mut Ctx,
    a: &Combatant,
    t: &Combatant,
    index: usize,
    modifiers: &[(&'static str, i64)],
    label: &str,
) -> Result<Pending, RuleError> {
    let w = attack(a, index)?;
    let attr = w.attribute_mod(a);
    let skill = w.skill.as_deref().map_or(0, |k| stat(a, k));
    let base = stat(a, ATK) + attr + skill;
    let roll = ctx.roll(
        R_ATTACK,
        Some(a.id),
        &Dice::die(20),
        format_args!("{} at {}{label}", w.name, t.name),
    )?;
    let mut parts = vec![signed(base)];
    parts.extend(modifiers.iter().map(|(why, v)| format!("{} ({why})", signed(*v))));
    Ok(Pending {
        attacker: a.id,
        target: t.id,
        weapon: index,
        roll,
        bonus: base + modifiers.iter().map(|(_, v)| v).sum::<i64>(),
        says: parts.join(" "),
        forced: None,
        damage_bonus: 0,
        sure_shock: false,
    })
}

/// A free attack of `attacker` on `target` with attack `index` (`what`: its name in the
/// journal), no action spent: it lands at once, or (from rules edition 1) waits for an answer
/// as any attack does — then it says so (true).
pub(crate) fn strike_free(
    ctx: &mut Ctx,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    what: &str,
) -> Result<bool, RuleError> {
    let (Some(a), Some(t)) =
        (ctx.enc.combatant(attacker).cloned(), ctx.enc.combatant(target).cloned())
    else {
        return Ok(false);
    };
    let modifiers = situation(ctx.enc, &a, &t, index)
        .ok()
        .and_then(|s| attack_modifiers(&s).ok())
        .unwrap_or_default();
    let pending = roll_attack(ctx, &a, &t, index, &modifiers, &format!(" ({what})"))?;
    // From rules edition 1 it may be answered like any attack, before its damage.
    if ctx.enc.rules >= 1 && waits_for_answer(ctx.enc, target, &pending) {
        ctx.emit(R_ATTACK, Some(target), SovEvent::Waiting { pending });
        return Ok(true);
    }
    land(ctx, &pending)?;
    Ok(false)
}

/// A modifier as the journal writes it: "+ 2", "− 2".
pub(crate) fn signed(v: i64) -> String {
    if v < 0 { format!("− {}", -v) } else { format!("+ {v}") }
}

/// `id` loses `damage` HP; at 0 it falls.
pub(crate) fn hurt(ctx: &mut Ctx, id: CombatantId, damage: i64) -> Result<(), RuleError> {
    let c = ctx.who(id)?;
    let before = track(c, HP);
    let after = (before - damage.max(0)).max(0);
    ctx.set_track(R_ATTACK, id, HP, after);
    if after == 0 && before > 0 {
        fall(ctx, R_ATTACK, id);
    }
    Ok(())
}
