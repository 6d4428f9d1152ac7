//! Attacks: the blow, the defender's reaction (the options, with what each costs and why one
//! is not allowed, are `reactions.rs`; a parry and gear given up, `answer.rs`), simultaneous
//! attackers keeping the single highest die, dual weapons, enhanced and impaired dice,
//! detachments and fighting back.

use super::answer::{parry, sacrifice};
use super::block::{self, BdpBlock, Speed, Weapon};
use super::damage::{Blow, deal};
use super::model::{Arms, BdpEvent, Edge, Intent, PendingAttack, Reaction};
use super::reactions::reaction_options;
use super::{ENHANCED_ADDS, R_ATTACK, R_REACT, Step};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::Ctx;
use crate::system::RuleError;
use crate::system::Step as _;

/// What a combatant strikes with now: its declared arms when it declared a strike, else its
/// first weapon.
pub(crate) fn arms_of(enc: &Encounter, id: CombatantId, block: &BdpBlock) -> Arms {
    match enc.bdp().declarations.get(&id).map(|d| &d.intent) {
        Some(Intent::Attack { arms, .. } | Intent::Gambit { arms, .. }) => arms.clone(),
        _ => block.default_arms(),
    }
}

/// The weapons a combatant strikes with now, refusing broken ones.
pub(crate) fn wielded(enc: &Encounter, c: &Combatant) -> Result<Vec<Weapon>, RuleError> {
    let block = BdpBlock::of(c)?;
    let arms = arms_of(enc, c.id, &block);
    if let Arms::Weapon(i) | Arms::Dual(i, _) = arms {
        // Asked at every blow, reaction and option weighed: most fights break no weapon, so
        // a weapon's key is written out to be looked up only where something is broken.
        let marked = !block.broken.is_empty() || enc.bdp().broken.iter().any(|(id, _)| *id == c.id);
        let broken = |i: usize| {
            if !marked {
                return false;
            }
            let key = format!("weapon:{i}");
            block.broken.contains(&key) || enc.bdp().broken.contains(&(c.id, key))
        };
        if broken(i) || matches!(arms, Arms::Dual(_, j) if broken(j)) {
            return Err(RuleError::NotAllowed(format!("{}'s weapon is broken", c.name)));
        }
    }
    block.strikes(&arms).map_err(|e| RuleError::Invalid(format!("{}: {e}", c.name)))
}

/// Whether `attackers` may strike `targets` now: the check the turn prompt shows and the
/// command makes.
pub(crate) fn check(
    enc: &Encounter,
    attackers: &[CombatantId],
    targets: &[CombatantId],
) -> Result<(), RuleError> {
    if attackers.is_empty() || targets.is_empty() {
        return Err(RuleError::Invalid("an attack needs an attacker and a target".into()));
    }
    // Blows land in the order of the round; off-turn strikes are reactions or free strikes.
    let on_turn = matches!(Step::of(enc), Some(Step::Quick | Step::Full));
    if let Some(a) = attackers.iter().find(|a| !on_turn || !enc.acting().contains(a)) {
        return Err(RuleError::NotAllowed(format!("{} strikes on its turn", enc.name_of(*a))));
    }
    for id in attackers.iter().chain(targets) {
        let c = enc.combatant(*id).ok_or(RuleError::UnknownCombatant(*id))?;
        if block::is_out(c) {
            return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
        }
    }
    // Gambits of the same place come before its blows (as the turn prompt says).
    let acting = enc.acting();
    if attackers.iter().any(|a| acting.contains(a)) {
        let gambit_left = acting.iter().find(|id| {
            !enc.bdp().acted.contains(id)
                && matches!(
                    enc.bdp().declarations.get(id).map(|d| &d.intent),
                    Some(Intent::Gambit { .. })
                )
        });
        if let Some(g) = gambit_left {
            return Err(RuleError::NotAllowed(format!(
                "resolve the gambits first ({}'s)",
                enc.name_of(*g)
            )));
        }
    }
    let mut blast = true;
    for id in attackers {
        if targets.contains(id) {
            return Err(RuleError::Invalid(format!("{} cannot strike itself", enc.name_of(*id))));
        }
        if enc.bdp().acted.contains(id) {
            return Err(RuleError::NotAllowed(format!(
                "{} has already acted this round",
                enc.name_of(*id)
            )));
        }
        let c = &enc.combatants[id];
        let weapons = wielded(enc, c)?;
        blast &= BdpBlock::of(c)?.detachment || weapons.iter().any(|w| w.blast);
    }
    if targets.len() > 1 && !blast {
        return Err(RuleError::NotAllowed(
            "only a blast (a detachment, a blast weapon) strikes several targets".into(),
        ));
    }
    Ok(())
}

/// Starts an attack: checks it, then either waits for the defender's reaction or resolves it.
pub(crate) fn attack(
    enc: &mut Encounter,
    attackers: Vec<CombatantId>,
    targets: Vec<CombatantId>,
    edge: Edge,
    nonlethal: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check(enc, &attackers, &targets)?;
    let mut ctx = Ctx::new(enc, dice);
    for id in &attackers {
        ctx.emit(R_ATTACK, Some(*id), BdpEvent::Acted { id: *id });
    }
    let mut queue = targets;
    let first = queue.remove(0);
    let pending = PendingAttack { attackers, target: first, queue, edge, nonlethal, free: false };
    next_target(&mut ctx, pending)?;
    Ok(ctx.finish())
}

/// Puts the blow on `pending.target` up for a reaction, or resolves it when the defender
/// has none; then the next target of a blast.
fn next_target(ctx: &mut Ctx, mut pending: PendingAttack) -> Result<(), RuleError> {
    loop {
        let can_react = reaction_options(ctx.enc, &pending)?
            .iter()
            .any(|o| o.allowed.is_ok() && o.reaction != Reaction::Defend);
        if can_react {
            ctx.emit(R_ATTACK, Some(pending.target), BdpEvent::AttackPending { attack: pending });
            return Ok(());
        }
        resolve(ctx, &pending, &Reaction::Defend)?;
        if pending.queue.is_empty() {
            return Ok(());
        }
        pending.target = pending.queue.remove(0);
    }
}

/// The defender answers the waiting blow.
pub(crate) fn react(
    enc: &mut Encounter,
    reaction: Reaction,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(pending) = enc.bdp().attack.clone() else {
        return Err(RuleError::NotAllowed("no blow is waiting for a reaction".into()));
    };
    let options = reaction_options(enc, &pending)?;
    let Some(option) = options.iter().find(|o| o.reaction == reaction) else {
        return Err(RuleError::NotAllowed(format!(
            "{} cannot answer that way to this blow",
            enc.name_of(pending.target)
        )));
    };
    if let Err(why) = &option.allowed {
        let why = why.words(&enc.name_of(pending.target));
        return Err(RuleError::NotAllowed(format!("{}: {why}", option.label(enc))));
    }
    // The reaction's words as the blow stood, before it is done.
    let label = option.label(enc);
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_REACT, Some(pending.target), BdpEvent::AttackDone);
    let fatigue = option.fatigue;
    if fatigue > 0 {
        tire(&mut ctx, pending.target, fatigue, &label)?;
    }
    resolve(&mut ctx, &pending, &reaction)?;
    let mut rest = pending;
    if !rest.queue.is_empty() {
        rest.target = rest.queue.remove(0);
        next_target(&mut ctx, rest)?;
    }
    Ok(ctx.finish())
}

/// Adds Fatigue to a player character (it fills a slot); others just tire in the journal.
pub(crate) fn tire(
    ctx: &mut Ctx,
    id: CombatantId,
    amount: i64,
    why: &str,
) -> Result<(), RuleError> {
    let c = ctx.snapshot(id)?;
    let name = c.name.clone();
    if block::is_pc(ctx.enc, &c) {
        let now = block::track(&c, "fatigue");
        ctx.set_track(R_REACT, id, "fatigue", now + amount);
        if c.track("fatigue").is_none_or(|t| t.max == 0) {
            ctx.push(
                R_REACT,
                Some(id),
                crate::event::EventKind::TrackMaxSet {
                    id,
                    track: "fatigue".into(),
                    max: block::SLOTS,
                },
            );
        }
        ctx.ruling(R_REACT, Some(id), format_args!("{name} takes {amount} Fatigue ({why})"));
    }
    Ok(())
}

/// One attacker's dice against `target`: the value it keeps and the weapon that rolled it.
fn strike(
    ctx: &mut Ctx,
    attacker: CombatantId,
    target: CombatantId,
    edge: Edge,
    reaction: &Reaction,
    free: bool,
) -> Result<(i64, Weapon), RuleError> {
    let a = ctx.snapshot(attacker)?;
    let t = ctx.snapshot(target)?;
    let ab = BdpBlock::of(&a)?;
    let tb = BdpBlock::of(&t)?;
    let weapons = if free { vec![Weapon::free_strike()] } else { wielded(ctx.enc, &a)? };
    let indices = if free { [None, None] } else { super::wear::indices(ctx.enc, &a, &ab) };
    let risky = ctx.enc.bdp().stunt_risk.contains(&target);
    let enhanced =
        matches!(edge, Edge::Enhanced | Edge::Stunt) || (ab.detachment && !tb.detachment) || risky;
    let weak = edge == Edge::Impaired || a.conditions.contains("arm wound");
    let mut best: Option<(i64, Weapon)> = None;
    for (n, w) in weapons.into_iter().enumerate() {
        let speed = w.speed();
        let impaired = weak
            || (tb.detachment && !ab.detachment && !w.blast)
            || (*reaction == Reaction::Block && speed != Speed::Slow)
            || (*reaction == Reaction::Dodge && speed != Speed::Fast);
        let sides = if impaired { 4 } else { w.die };
        let label = if impaired && w.die != 4 {
            format!("{}'s {} (impaired)", a.name, w.name.to_lowercase())
        } else {
            format!("{}'s {}", a.name, w.name.to_lowercase())
        };
        let value = ctx.die(R_ATTACK, Some(attacker), sides, &label)?;
        if let Some(i) = indices.get(n).copied().flatten() {
            super::wear::after_roll(ctx, attacker, i, &w, sides, value)?;
        }
        if best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, w));
        }
    }
    let (mut value, weapon) = best.unwrap_or((0, Weapon::unarmed()));
    if enhanced {
        let d12 =
            ctx.die(R_ATTACK, Some(attacker), 12, format_args!("{}'s enhanced d12", a.name))?;
        value = if ctx.enc.flag(ENHANCED_ADDS, false) { value + d12 } else { value.max(d12) };
    }
    Ok((value, weapon))
}

/// Rolls every attacker, applies the reaction and deals the result.
fn resolve(ctx: &mut Ctx, pending: &PendingAttack, reaction: &Reaction) -> Result<(), RuleError> {
    let target = pending.target;
    let name = ctx.name(target);
    if let Reaction::Sacrifice { item } = reaction {
        return sacrifice(ctx, target, item);
    }
    if ctx.enc.bdp().stunt_risk.contains(&target) {
        ctx.ruling(
            R_ATTACK,
            Some(target),
            format_args!("{name} pays for the stunt: the blow is enhanced"),
        );
    }
    let mut pool = Vec::new();
    for a in &pending.attackers {
        let (value, weapon) = strike(ctx, *a, target, pending.edge, reaction, pending.free)?;
        pool.push((*a, value, weapon));
    }
    if ctx.enc.bdp().stunt_risk.contains(&target) {
        ctx.emit(R_ATTACK, Some(target), BdpEvent::StuntRisk { id: target, on: false });
    }
    match reaction {
        Reaction::Parry { against } => parry(ctx, target, *against, &mut pool)?,
        _ => land(ctx, target, &pool, pending.nonlethal)?,
    }
    // The stunt's risk starts once the blow is struck: a parry meets the stunt itself, a
    // blow fought back comes after it.
    if pending.edge == Edge::Stunt {
        for a in &pending.attackers {
            ctx.emit(R_ATTACK, Some(*a), BdpEvent::StuntRisk { id: *a, on: true });
        }
    }
    for (a, _, w) in &pool {
        if w.name.starts_with("Improvised") {
            ctx.emit(
                R_ATTACK,
                Some(*a),
                BdpEvent::ItemBroken {
                    id: *a,
                    item: "improvised".into(),
                    name: w.name.to_string(),
                },
            );
        }
    }
    if let Reaction::FightBack { against } = reaction {
        let standing = ctx.who(target).is_ok_and(|c| !block::is_out(c));
        let foe_standing = ctx.who(*against).is_ok_and(|c| !block::is_out(c));
        if standing && foe_standing {
            ctx.ruling(R_REACT, Some(target), format_args!("{name} fights back"));
            let (value, weapon) = strike_back(ctx, target, *against)?;
            land(ctx, *against, &[(target, value, weapon)], false)?;
        }
    }
    Ok(())
}

/// The defender's own roll at an attacker (fighting back, parrying): enhanced when that
/// attacker is paying for an earlier stunt, which spends the risk.
pub(super) fn strike_back(
    ctx: &mut Ctx,
    defender: CombatantId,
    at: CombatantId,
) -> Result<(i64, Weapon), RuleError> {
    let risky = ctx.enc.bdp().stunt_risk.contains(&at);
    if risky {
        let who = ctx.name(at);
        ctx.ruling(
            R_ATTACK,
            Some(at),
            format_args!("{who} pays for the stunt: the blow is enhanced"),
        );
    }
    let out = strike(ctx, defender, at, Edge::Normal, &Reaction::Defend, false)?;
    if risky {
        ctx.emit(R_ATTACK, Some(at), BdpEvent::StuntRisk { id: at, on: false });
    }
    Ok(out)
}

/// The highest die of the pool lands on `target`; only that weapon's tags count.
pub(super) fn land(
    ctx: &mut Ctx,
    target: CombatantId,
    pool: &[(CombatantId, i64, Weapon)],
    nonlethal: bool,
) -> Result<(), RuleError> {
    // Keep the single highest: the earliest attacker wins a tie.
    let Some((attacker, value, weapon)) =
        pool.iter().fold(None::<&(CombatantId, i64, Weapon)>, |best, p| match best {
            Some(b) if b.1 >= p.1 => Some(b),
            _ => Some(p),
        })
    else {
        return Ok(());
    };
    let who = ctx.name(*attacker);
    if pool.len() > 1 {
        ctx.ruling(
            R_ATTACK,
            Some(*attacker),
            format_args!("{who}'s {value} is the highest and lands"),
        );
    }
    if !weapon.tags.is_empty() {
        ctx.ruling(R_ATTACK, Some(*attacker), format_args!("Tags: {}", weapon.tags.join(", ")));
    }
    let blow = Blow {
        raw: *value,
        source: format!("{who}'s {}", weapon.name.to_lowercase()),
        armor: true,
        to_str: false,
        save: true,
        nonlethal: nonlethal || &*weapon.name == "Unarmed",
    };
    deal(ctx, target, blow)
}

/// A free 1d4 strike at someone leaving a zone carelessly.
pub(crate) fn free_attack(
    enc: &mut Encounter,
    attacker: CombatantId,
    target: CombatantId,
    take: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if !enc.bdp().free_attacks.contains(&(attacker, target)) {
        return Err(RuleError::NotAllowed(format!(
            "{} has no free strike at {}",
            enc.name_of(attacker),
            enc.name_of(target)
        )));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(R_ATTACK, Some(attacker), BdpEvent::FreeAttackDone { attacker, target });
    if take {
        // A blow like any other: a defender who can react picks its reaction first.
        let pending = PendingAttack {
            attackers: vec![attacker],
            target,
            queue: Vec::new(),
            edge: Edge::Normal,
            nonlethal: false,
            free: true,
        };
        next_target(&mut ctx, pending)?;
    } else {
        ctx.ruling(
            R_ATTACK,
            Some(attacker),
            format_args!("{} lets {} go", ctx.name(attacker), ctx.name(target)),
        );
    }
    Ok(ctx.finish())
}
