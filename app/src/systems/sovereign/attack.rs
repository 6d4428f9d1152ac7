//! The turn's actions: an attack with the Main action (d20 + attack bonus + attribute
//! modifier + skill against AC, the situation's modifiers from the grid — cover, range,
//! prone, melee — damage never below Shock, Shock on a miss, a shield's first Shock turned
//! aside), the Move (and the Main as a second Move) walked on the grid, and the Heal check
//! that stabilizes the mortally injured.

use super::answer::{resume, waits_for_answer};
use super::block::{AC, ATK, HEAL, HP, MOVE, attack, is_out, stat, track};
use super::block::{Reload, SovBlock};
use super::model::{Manner, Pending, SovEvent, TurnAt};
use super::round::{check_begun, fall, is_turn_of};
use super::rules::{
    Shock, Situation, attack_modifiers, attack_roll, attribute_mod, damage_on_hit, heal_penalty,
    skill_check, swarm_allowed, swarm_bonus,
};
use super::{CHARGED, HIDDEN, R_ATTACK, R_HEAL, R_MOVE, SWARM_CAP, TOTAL_DEFENSE, UNSEEN};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::space::grid::GridPos;
use crate::space::path::Passage;
use crate::space::{self, Distance};
use crate::system::{Ctx, RuleError};

/// Feet a Move covers when the block gives none.
pub const DEFAULT_MOVE_FT: u32 = 30;

/// Refuses unless `id` may spend its Main action now: on its turn, off it for an Instant (a
/// Snap Attack), or any time this round after holding its action.
pub(crate) fn check_main(enc: &Encounter, id: CombatantId, instant: bool) -> Result<(), RuleError> {
    check_begun(enc)?;
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    // One who held its action may take its Main off its turn, until the round ends.
    let held = enc.sovereign().held.contains(&id);
    if !instant && !held && !is_turn_of(enc, id) {
        return Err(RuleError::NotAllowed(format!("it is not {}'s turn", c.name)));
    }
    if instant && is_turn_of(enc, id) {
        return Err(RuleError::NotAllowed(format!(
            "{} acts now: an Instant is for off its turn",
            c.name
        )));
    }
    if is_out(c) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
    }
    if enc.sovereign().mains.contains(&id) {
        return Err(RuleError::NotAllowed(format!("{} has spent its Main action", c.name)));
    }
    Ok(())
}

/// Refuses unless `id` may still spend its Move on its turn: the fight on, nothing waiting,
/// its turn, in the fight, and its Move unused — or, with `walked_ok`, used only for walking
/// within it (a Screen's walk to its ward is part of the Screen).
pub(crate) fn check_move_left(
    enc: &Encounter,
    id: CombatantId,
    walked_ok: bool,
) -> Result<&Combatant, RuleError> {
    check_begun(enc)?;
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    if !is_turn_of(enc, id) {
        return Err(RuleError::NotAllowed(format!("it is not {}'s turn", c.name)));
    }
    if is_out(c) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
    }
    let spent = enc.sovereign().turn.now(enc);
    let walked = if walked_ok { spent.feet > move_ft(c) } else { spent.feet > 0 };
    if spent.done || walked {
        return Err(RuleError::NotAllowed(format!("{} has used its Move", c.name)));
    }
    Ok(c)
}

/// Whether any foe of `c` stands in melee with it.
fn foe_in_melee(enc: &Encounter, c: &Combatant) -> bool {
    enc.combatants.values().any(|o| o.side != c.side && !is_out(o) && space::in_melee(enc, c, o))
}

/// Whether `t` is within reach of `a`'s attack `index` (next to it, or within its range).
pub(crate) fn in_reach(enc: &Encounter, a: &Combatant, t: &Combatant, index: usize) -> bool {
    situation(enc, a, t, index).is_ok()
}

/// The situation of an attack, read from the grid and the conditions.
fn situation(
    enc: &Encounter,
    a: &Combatant,
    t: &Combatant,
    index: usize,
) -> Result<Situation, RuleError> {
    let w = attack(a, index)?;
    let adjacent = space::in_melee(enc, a, t);
    let feet = match space::range(enc, a, t) {
        Some(Distance::Feet(f)) => f,
        _ => {
            return Err(RuleError::NotAllowed(format!(
                "{} and {} are not both on the grid",
                a.name, t.name
            )));
        }
    };
    let mut long_range = false;
    if let Some(normal) = w.range {
        let long = w.long_range.unwrap_or(normal).max(normal);
        if feet > long {
            return Err(RuleError::NotAllowed(format!(
                "{} is {feet} ft away: beyond {}'s range ({long} ft)",
                t.name, w.name
            )));
        }
        long_range = feet > normal;
    } else if !adjacent {
        return Err(RuleError::NotAllowed(format!(
            "{} is not next to {}: a melee attack needs it",
            t.name, a.name
        )));
    }
    let cover = space::cover(enc, t, a);
    Ok(Situation {
        ranged: w.ranged(),
        // A thrown weapon that takes both hands is refused in melee like a bow (rules
        // edition 1); one that takes one is thrown at −4.
        thrown: w.thrown && (enc.rules < 1 || !w.two_handed()),
        one_handed: enc.rules >= 1 && w.ranged() && !w.thrown && !w.two_handed(),
        in_melee: w.ranged() && foe_in_melee(enc, a),
        long_range,
        cover: Some(cover),
        target_prone: t.conditions.contains("prone"),
        adjacent,
        attacker_prone: a.conditions.contains("prone"),
        // The GM marks what sight cannot show: `unseen` (its place known), `hidden` (not).
        unseen_located: t.conditions.contains(UNSEEN),
        unseen_unlocated: t.conditions.contains(HIDDEN),
        ..Situation::default()
    })
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
    let a = &enc.combatants[&attacker];
    let t = enc.combatant(target).ok_or(RuleError::UnknownCombatant(target))?;
    if t.side == a.side {
        return Err(RuleError::NotAllowed(format!("{} is on {}'s side", t.name, a.name)));
    }
    if is_out(t) {
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

/// Where a Charge of `a` at `t` ends and its path: the nearest square next to `t` reached in a
/// straight line (a row, a column or a diagonal), 5 ft at least and at most twice the Move,
/// with the Move unused this turn.
pub(crate) fn charge_path(
    enc: &Encounter,
    a: &Combatant,
    t: &Combatant,
) -> Result<(GridPos, u32), RuleError> {
    if enc.sovereign().turn.now(enc).feet > 0 {
        return Err(RuleError::NotAllowed(format!(
            "{} has moved this turn: a Charge takes the whole Move",
            a.name
        )));
    }
    let grid = enc.grid.as_ref().ok_or_else(|| RuleError::Invalid("there is no grid".into()))?;
    let (Some(from), Some(target)) = (a.square, t.square) else {
        return Err(RuleError::NotAllowed(format!(
            "{} and {} are not both on the grid",
            a.name, t.name
        )));
    };
    let passage = Passage::new(grid);
    let moves = space::moves(enc, &passage, a);
    let allowance = 2 * move_ft(a);
    let mut best: Option<(GridPos, u32)> = None;
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            let (x, y) = (i32::from(target.x) + dx, i32::from(target.y) + dy);
            let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) else { continue };
            let to = GridPos { x, y };
            if (dx, dy) == (0, 0) || to == from || !straight(from, to) {
                continue;
            }
            let Some(cost) = straight_run(&moves, from, to, allowance) else { continue };
            if best.is_none_or(|(_, c)| cost < c) {
                best = Some((to, cost));
            }
        }
    }
    best.ok_or_else(|| {
        RuleError::NotAllowed(format!(
            "no straight run of {allowance} ft or less takes {} next to {}",
            a.name, t.name
        ))
    })
}

/// The cost of running from `from` to `to` square by square along their line, each step a
/// direct one (no wall, no one in the way), within `allowance` feet; none when it cannot.
fn straight_run(
    moves: &space::path::Moves<'_>,
    from: GridPos,
    to: GridPos,
    allowance: u32,
) -> Option<u32> {
    let (dx, dy) = (
        (i32::from(to.x) - i32::from(from.x)).signum(),
        (i32::from(to.y) - i32::from(from.y)).signum(),
    );
    let (mut at, mut cost) = (from, 0u32);
    while at != to {
        let next = GridPos {
            x: u16::try_from(i32::from(at.x) + dx).ok()?,
            y: u16::try_from(i32::from(at.y) + dy).ok()?,
        };
        let left = allowance.checked_sub(cost)?;
        // A plain step needs no search (a Charge is checked for every foe at every turn).
        let step = if moves.plain_step(at, next) {
            Some(moves.square_ft()).filter(|ft| *ft <= left)?
        } else {
            // A path of two squares is the step itself: when it is barred, no search finds one.
            moves.step_cost(at, next)?;
            let step = moves.within(at, next, left).ok()?;
            if step.squares.len() != 2 {
                return None;
            }
            step.cost_ft
        };
        cost += step;
        at = next;
    }
    Some(cost)
}

/// Whether `to` lies on a row, a column or a diagonal through `from`.
fn straight(from: GridPos, to: GridPos) -> bool {
    let (dx, dy) = (i32::from(to.x) - i32::from(from.x), i32::from(to.y) - i32::from(from.y));
    dx == 0 || dy == 0 || dx.abs() == dy.abs()
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
        if !space::in_melee(enc, h, t) {
            return Err(RuleError::NotAllowed(format!("{} is not next to {}", h.name, t.name)));
        }
    }
    Ok(())
}

/// An attack: the Main action and the d20. When the target may still take Total Defense (it
/// may, after seeing the roll), the attack waits for its answer; otherwise it lands now.
pub(crate) fn attack_with(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
    index: usize,
    manner: &Manner,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let modifiers = check_attack(enc, attacker, target, index, manner)?;
    let a = &enc.combatants[&attacker];
    let t = &enc.combatants[&target];
    let w = attack(a, index)?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(enc).unwrap_or_default();
    if *manner == Manner::Charge {
        let (to, cost) = charge_path(enc, a, t)?;
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
    if waits_for_answer(&ctx.enc, target, &pending) {
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
        ctx.ruling(R_ATTACK, Some(p.attacker), format!("Veteran's Luck makes it {turned}"));
    }
    let defence = match (defending, charged != 0) {
        (true, true) => " (+2 Total Defense, −2 charging)",
        (true, false) => " (+2 Total Defense)",
        (false, true) => " (−2 charging)",
        _ => "",
    };
    let says = format!(
        "{}'s {} at {}: {} {} = {total} against AC {ac}{defence}: {}",
        a.name,
        w.name,
        t.name,
        p.roll.total,
        p.says,
        if hit { "hit" } else { "miss" }
    );
    ctx.ruling(R_ATTACK, Some(p.attacker), says);
    // The Shock this blow deals on a miss (a Swarm's lands whatever the AC).
    let shock = w.shock().map_or(0, |s| {
        let s = if p.sure_shock { Shock { max_ac: None, ..s } } else { s };
        s.on_miss(ac, attr + killing, defending)
    });
    if hit {
        let die =
            ctx.roll(R_ATTACK, Some(p.attacker), &w.dmg, &format!("Damage ({})", w.name))?.total;
        let mut damage = damage_on_hit(die, attr + killing, p.damage_bonus, shock);
        if killing > 0 {
            ctx.ruling(R_ATTACK, Some(p.attacker), format!("Killing Blow: + {killing}"));
        }
        if p.damage_bonus > 0 {
            ctx.ruling(
                R_ATTACK,
                Some(p.attacker),
                format!("{} damage (not added to Shock)", signed(p.damage_bonus)),
            );
        }
        if damage > die + attr + killing + p.damage_bonus {
            ctx.ruling(R_ATTACK, Some(p.attacker), format!("never below its Shock: {damage}"));
        }
        // A Swarm (its Shock sure) adds no more than the weapon's usual maximum allows.
        if p.sure_shock && ctx.enc.rules >= 1 {
            let usual = w.dmg.max() + attr + killing;
            let capped = super::rules::swarm_capped(damage, usual, shock);
            if capped < damage {
                damage = capped;
                ctx.ruling(
                    R_ATTACK,
                    Some(p.attacker),
                    format!("a Swarm deals no more than the usual maximum: {damage}"),
                );
            }
        }
        hurt(ctx, p.target, damage)?;
    } else if shock > 0 {
        let shield = super::block::SovBlock::of(&t).is_ok_and(|b| b.shield);
        // A Swarm's Shock is not the ordinary kind: a shield does not turn it.
        let swarm = p.sure_shock && ctx.enc.rules >= 1;
        if shield && !swarm && !ctx.enc.sovereign().shields_used.contains(&p.target) {
            ctx.ruling(
                R_ATTACK,
                Some(p.target),
                format!("{}'s shield turns the Shock aside (the first this round)", t.name),
            );
            ctx.emit(R_ATTACK, Some(p.target), SovEvent::ShieldUsed { id: p.target });
        } else {
            ctx.ruling(R_ATTACK, Some(p.attacker), format!("Shock: {shock} on the miss"));
            hurt(ctx, p.target, shock)?;
        }
    } else if defending && w.shock.is_some() {
        ctx.ruling(
            R_ATTACK,
            Some(p.target),
            format!("{} takes no Shock under Total Defense", t.name),
        );
    }
    Ok(())
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
        &format!("{} at {}{label}", w.name, t.name),
    )?;
    let mut parts = vec![signed(base)];
    parts.extend(modifiers.iter().map(|(why, v)| format!("{} ({why})", signed(*v))));
    Ok(Pending {
        attacker: a.id,
        target: t.id,
        weapon: index,
        roll: crate::dice::Roll::clone(&roll),
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
    let modifiers = situation(&ctx.enc, &a, &t, index)
        .ok()
        .and_then(|s| attack_modifiers(&s).ok())
        .unwrap_or_default();
    let pending = roll_attack(ctx, &a, &t, index, &modifiers, &format!(" ({what})"))?;
    // From rules edition 1 it may be answered like any attack, before its damage.
    if ctx.enc.rules >= 1 && waits_for_answer(&ctx.enc, target, &pending) {
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

/// Feet a Move of `c` covers (half while prone).
pub(crate) fn move_ft(c: &Combatant) -> u32 {
    let full = c.stat(MOVE).and_then(|m| u32::try_from(m).ok()).unwrap_or(DEFAULT_MOVE_FT);
    if c.conditions.contains("prone") { full / 2 } else { full }
}

/// Feet `id` may still walk this turn: its Move, and its Main as a second Move while unspent.
pub(crate) fn feet_left(enc: &Encounter, id: CombatantId) -> u32 {
    let c = &enc.combatants[&id];
    let spent = enc.sovereign().turn.now(enc);
    if spent.done {
        return 0;
    }
    let main = enc.sovereign().mains.contains(&id);
    let moves = if main && spent.feet <= move_ft(c) { 1 } else { 2 };
    (move_ft(c) * moves).saturating_sub(spent.feet)
}

/// The acting combatant walks to `to` on the grid, within its Move (and its Main as a second
/// Move, spent once the first is used up).
pub(crate) fn walk(
    enc: &Encounter,
    id: CombatantId,
    to: GridPos,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    let grid = enc.grid.as_ref().ok_or_else(|| RuleError::Invalid("there is no grid".into()))?;
    let from =
        c.square.ok_or_else(|| RuleError::Invalid(format!("{} is not on the grid", c.name)))?;
    if is_out(c) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
    }
    let left = feet_left(enc, id);
    let passage = Passage::new(grid);
    let moves = space::moves(enc, &passage, c);
    let path = moves.within(from, to, left).map_err(|e| {
        RuleError::NotAllowed(format!("{} cannot go there: {e} ({left} ft left this turn)", c.name))
    })?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(enc).unwrap_or_default();
    let spent = enc.sovereign().turn.now(enc);
    let feet = spent.feet + path.cost_ft;
    ctx.emit(R_MOVE, Some(id), SovEvent::Walked { id, at, feet, done: false });
    if feet > move_ft(c) && !enc.sovereign().mains.contains(&id) {
        ctx.emit(R_MOVE, Some(id), SovEvent::Main { id, at, what: "a second Move".into() });
    }
    // Walking out of a foe's reach: the foe may strike first.
    let strikers = super::opportunity::strikers(enc, c, to);
    if !strikers.is_empty() {
        let cost_ft = path.cost_ft;
        ctx.emit(
            R_MOVE,
            Some(id),
            SovEvent::Threatened { id, from, to, cost_ft, strikers, standing: false, then: None },
        );
        return Ok(ctx.finish());
    }
    ctx.push(
        R_MOVE,
        Some(id),
        EventKind::Placed { id, from: Some(from), to: Some(to), cost_ft: Some(path.cost_ft) },
    );
    Ok(ctx.finish())
}

/// The Heal check's own check: the healer's Main, next to someone mortally injured.
pub(crate) fn check_heal(
    enc: &Encounter,
    healer: CombatantId,
    target: CombatantId,
) -> Result<(), RuleError> {
    check_main(enc, healer, false)?;
    let t = enc.combatant(target).ok_or(RuleError::UnknownCombatant(target))?;
    if !enc.sovereign().mortal.contains_key(&target) {
        return Err(RuleError::NotAllowed(format!("{} is not mortally injured", t.name)));
    }
    let h = &enc.combatants[&healer];
    if !space::in_melee(enc, h, t) {
        return Err(RuleError::NotAllowed(format!("{} must be next to {}", h.name, t.name)));
    }
    Ok(())
}

/// A Heal check: 2d6 + Heal + the better of DEX and INT (INT and WIS in a fight begun before
/// rules edition 1), −1 per round since the fall; 10 or more stabilizes at 1 HP, Frail — and,
/// from rules edition 1, unconscious for the rest of the fight.
pub(crate) fn heal(
    enc: &Encounter,
    healer: CombatantId,
    target: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check_heal(enc, healer, target)?;
    let h = &enc.combatants[&healer];
    let t = &enc.combatants[&target];
    let fell = enc.sovereign().mortal[&target];
    let penalty = heal_penalty(enc.round.saturating_sub(fell));
    let (keys, said) = if enc.rules >= 1 {
        (["dex", "int"], "DEX or INT")
    } else {
        (["int", "wis"], "INT or WIS")
    };
    let attr = keys.iter().filter_map(|k| h.stat(k).map(attribute_mod)).max().unwrap_or(0);
    let skill = stat(h, HEAL);
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(enc).unwrap_or_default();
    ctx.emit(
        R_HEAL,
        Some(healer),
        SovEvent::Main { id: healer, at, what: format!("treats {}", t.name) },
    );
    let roll = ctx.roll(R_HEAL, Some(healer), &Dice::pool(2, 6), "Heal check")?;
    let outcome = skill_check(&roll, skill, attr + penalty, 10);
    ctx.ruling(
        R_HEAL,
        Some(healer),
        format!(
            "{}'s Heal check: {} + Heal {skill} {} ({said}) {} (rounds since the fall) = {} against 10: {}",
            h.name,
            roll.total,
            signed(attr),
            signed(penalty),
            outcome.total,
            if outcome.success { "stabilized" } else { "not yet" }
        ),
    );
    if outcome.success {
        ctx.emit(R_HEAL, Some(target), SovEvent::Settled { id: target });
        ctx.uncondition(R_HEAL, target, "mortally injured");
        ctx.set_track(R_HEAL, target, HP, 1);
        ctx.condition(R_HEAL, target, "frail");
        // The stabilised stays incapacitated for the rest of the Turn — the whole fight — and
        // comes to with 1 HP, Frail, after it (unconsciousness ends with the fight).
        if enc.rules >= 1 {
            ctx.condition(R_HEAL, target, "unconscious");
            ctx.ruling(
                R_HEAL,
                Some(target),
                format!("{} is out of the fight until it ends", t.name),
            );
        }
    }
    Ok(ctx.finish())
}

/// The check of reloading: its turn, the weapon shot, and the Move (a bow) or the Main (a
/// crossbow) still to spend.
pub(crate) fn check_reload(
    enc: &Encounter,
    id: CombatantId,
    index: usize,
) -> Result<Reload, RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    let w = attack(c, index)?;
    if !enc.sovereign().unloaded.contains(&(id, index)) {
        return Err(RuleError::NotAllowed(format!("{}'s {} is loaded", c.name, w.name)));
    }
    let cost = w.reload().unwrap_or(Reload::Move);
    match cost {
        Reload::Main => check_main(enc, id, false)?,
        Reload::Move => {
            check_move_left(enc, id, false)?;
        }
    }
    Ok(cost)
}

/// Reloads a bow (the Move) or a crossbow (the Main).
pub(crate) fn reload(
    enc: &Encounter,
    id: CombatantId,
    index: usize,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let cost = check_reload(enc, id, index)?;
    let c = &enc.combatants[&id];
    let w = attack(c, index)?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(enc).unwrap_or_default();
    match cost {
        Reload::Main => ctx.emit(
            R_ATTACK,
            Some(id),
            SovEvent::Main { id, at, what: format!("reloads its {}", w.name) },
        ),
        Reload::Move => {
            let feet = move_ft(c);
            ctx.emit(R_MOVE, Some(id), SovEvent::Walked { id, at, feet, done: false });
        }
    }
    ctx.emit(R_ATTACK, Some(id), SovEvent::Loaded { id, weapon: index, loaded: true });
    Ok(ctx.finish())
}
