//! Stress and Wound Points: damage spends Stress first and wounds the body after; at 0 Wound
//! Points a creature is incapacitated, below 0 dying (it bleeds 1 a round), at minus its STR
//! score dead. A Heal check against 10 + its worst wound stabilizes it.

use super::R_WOUNDS;
use super::block::{HEAL, STR, STRESS, WP, stat};
use super::model::{Action, D12Event, Wound};
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// Condition: at 0 Wound Points.
pub const INCAPACITATED: &str = "incapacitated";
/// Condition: below 0 Wound Points.
pub const DYING: &str = "dying";
/// Condition: at minus the STR score.
pub const DEAD: &str = "dead";
/// Condition: treated; no longer bleeds, one action a round for free.
pub const STABILIZED: &str = "stabilized";

/// How a creature's body is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Above 0 Wound Points.
    Up,
    /// At 0.
    Incapacitated,
    /// Below 0, above minus the STR score.
    Dying,
    /// At or below minus the STR score.
    Dead,
}

/// The Wound Points track's current value, or `None` without one.
pub fn wp(c: &Combatant) -> Option<i64> {
    c.track(WP).map(|t| t.value)
}

/// The STR score: death comes at its negative.
fn str_score(c: &Combatant) -> i64 {
    c.stat(STR).or_else(|| c.track(WP).map(|t| t.max)).unwrap_or(0)
}

/// The status of a combatant (one without Wound Points is always up, unless marked dead).
pub fn status(c: &Combatant) -> Status {
    if c.conditions.contains(DEAD) {
        return Status::Dead;
    }
    match wp(c) {
        None => Status::Up,
        Some(v) if v > 0 => Status::Up,
        Some(0) => Status::Incapacitated,
        Some(v) if v <= -str_score(c) => Status::Dead,
        Some(_) => Status::Dying,
    }
}

/// Still fighting at full capacity: up and not out of the fight otherwise.
pub fn is_up(c: &Combatant) -> bool {
    status(c) == Status::Up && !c.conditions.iter().any(|k| OUT.contains(&k.as_str()))
}

/// Conditions that take a creature out of the fight without wounds.
pub const OUT: &[&str] = &["fled", "surrendered"];

/// Puts the conditions in line with the Wound Points (after any change to them).
pub(crate) fn sync(ctx: &mut Ctx, id: CombatantId) {
    // Shared, not copied: its name is read only where the words are.
    let Ok(c) = ctx.snapshot(id) else { return };
    let now = status(&c);
    let name = &c.name;
    let had = |k: &str| c.conditions.contains(k);
    let (was_inc, was_dying, was_dead) = (had(INCAPACITATED), had(DYING), had(DEAD));
    let want = |k: &str| match k {
        INCAPACITATED => now == Status::Incapacitated,
        DYING => now == Status::Dying,
        DEAD => now == Status::Dead,
        _ => false,
    };
    for k in [INCAPACITATED, DYING, DEAD] {
        if want(k) {
            ctx.condition(R_WOUNDS, id, k);
        } else {
            ctx.uncondition(R_WOUNDS, id, k);
        }
    }
    if now == Status::Up || now == Status::Dead {
        ctx.uncondition(R_WOUNDS, id, STABILIZED);
    }
    let line = match now {
        Status::Incapacitated if !was_inc => format_args!(
            "{name} is incapacitated: it can crawl, and anything else costs 1 Wound Point"
        ),
        Status::Dying if !was_dying => format_args!(
            "{name} is dying: one action a turn, and 1 Wound Point lost each round's end"
        ),
        Status::Dead if !was_dead => format_args!("{name} is dead"),
        _ => return,
    };
    ctx.ruling(R_WOUNDS, Some(id), line);
}

/// Wound Points lost from a wound (journaled with its type and amount); a new wound undoes a
/// stabilization. Returns the amount.
pub(crate) fn wound(ctx: &mut Ctx, rule: &'static str, id: CombatantId, wound: Wound) -> i64 {
    let amount = wound.amount;
    if amount <= 0 {
        return 0;
    }
    let Ok(c) = ctx.who(id) else { return 0 };
    let now = wp(c).unwrap_or(0);
    ctx.set_track(rule, id, WP, now - amount);
    ctx.emit(rule, Some(id), D12Event::Wounded { id, wound });
    ctx.uncondition(rule, id, STABILIZED);
    sync(ctx, id);
    amount
}

/// Damage after Armour: Stress first, the rest to the Wound Points (typed `damage_type`).
/// Returns the Wound Points lost.
pub(crate) fn hurt(ctx: &mut Ctx, id: CombatantId, damage: i64, damage_type: &str) -> i64 {
    let Ok(c) = ctx.who(id) else { return 0 };
    let stress = c.track(STRESS).map_or(0, |t| t.value.max(0));
    let to_stress = damage.min(stress);
    if to_stress > 0 {
        ctx.set_track(super::R_DAMAGE, id, STRESS, stress - to_stress);
    }
    let rest = damage - to_stress;
    wound(
        ctx,
        super::R_DAMAGE,
        id,
        Wound { damage_type: damage_type.into(), amount: rest, critical: false, injury: None },
    )
}

/// The price of acting while down: 1 Wound Point for anything but crawling, unless the
/// creature is stabilized (its one action is free) or was up when the count began (its
/// action lands with the others of the count).
pub(crate) fn pay_to_act(ctx: &mut Ctx, id: CombatantId, action: Option<&Action>) {
    let Ok(c) = ctx.who(id) else { return };
    let down = matches!(status(c), Status::Incapacitated | Status::Dying);
    if !down
        || ctx.enc.d12().fit.contains(&id)
        || c.conditions.contains(STABILIZED)
        || matches!(action, Some(Action::Crawl))
    {
        return;
    }
    let (name, now) = (c.name.clone(), wp(c).unwrap_or(0));
    ctx.ruling(R_WOUNDS, Some(id), format_args!("{name} strains to act while down: 1 Wound Point"));
    own_harm(ctx, id, now, "strain");
}

/// A Wound Point lost to the body's own harm (bleeding, straining to act while down): from
/// rules edition 4 a wound of its own in the injury log, of type `kind`, that no blow dealt;
/// before it, only the track.
fn own_harm(ctx: &mut Ctx, id: CombatantId, now: i64, kind: &str) {
    if ctx.enc.rules >= 4 {
        let harm = Wound { damage_type: kind.into(), amount: 1, critical: false, injury: None };
        wound(ctx, R_WOUNDS, id, harm);
    } else {
        ctx.set_track(R_WOUNDS, id, WP, now - 1);
        sync(ctx, id);
    }
}

/// The end of the round: every dying creature not stabilized loses 1 Wound Point.
pub(crate) fn bleed(ctx: &mut Ctx) {
    let dying: Vec<CombatantId> = ctx
        .enc
        .combatants
        .values()
        .filter(|c| status(c) == Status::Dying && !c.conditions.contains(STABILIZED))
        .map(|c| c.id)
        .collect();
    for id in dying {
        let name = ctx.name(id);
        ctx.ruling(
            R_WOUNDS,
            Some(id),
            format_args!("{name} bleeds: 1 Wound Point at the round's end"),
        );
        let now = ctx.who(id).ok().and_then(wp).unwrap_or(0);
        own_harm(ctx, id, now, "bleeding");
    }
}

/// The worst wound a combatant has: taken in this fight, or carried in unhealed (0 without
/// any).
pub fn worst_wound(enc: &Encounter, id: CombatantId) -> i64 {
    let carried = enc
        .combatant(id)
        .and_then(|c| super::block::D12Block::of(c).ok())
        .and_then(|b| b.wounds.iter().map(|w| w.amount).max());
    let here = enc.d12().wounds.get(&id).into_iter().flatten().map(|w| w.amount).max();
    here.max(carried).unwrap_or(0)
}

/// The TN to stabilize a combatant: 10 + its worst wound.
pub fn stabilize_tn(enc: &Encounter, id: CombatantId) -> i64 {
    10 + worst_wound(enc, id)
}

/// A Heal check (d20 + Heal) against 10 + the worst wound.
pub(crate) fn stabilize(
    enc: &mut Encounter,
    healer: CombatantId,
    target: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    let h = ctx.snapshot(healer)?;
    let t = ctx.snapshot(target)?;
    if status(&h) == Status::Dead {
        return Err(RuleError::NotAllowed(format!("{} is dead", h.name)));
    }
    match status(&t) {
        Status::Incapacitated | Status::Dying => {}
        Status::Dead => return Err(RuleError::NotAllowed(format!("{} is beyond help", t.name))),
        Status::Up => {
            return Err(RuleError::NotAllowed(format!(
                "{} is not down: nothing to stabilize",
                t.name
            )));
        }
    }
    if t.conditions.contains(STABILIZED) {
        return Err(RuleError::NotAllowed(format!("{} is stabilized already", t.name)));
    }
    let tn = stabilize_tn(ctx.enc, target);
    let bonus = stat(&h, HEAL);
    let roll = ctx.roll(
        R_WOUNDS,
        Some(healer),
        &Dice::die(20).plus(bonus),
        format_args!("{}'s Heal check on {}", h.name, t.name),
    )?;
    if roll.total >= tn {
        ctx.ruling(
            R_WOUNDS,
            Some(target),
            format_args!("{} ≥ TN {tn}: {} is stabilized", roll.total, t.name),
        );
        ctx.condition(R_WOUNDS, target, STABILIZED);
    } else {
        ctx.ruling(
            R_WOUNDS,
            Some(target),
            format_args!("{} < TN {tn}: {} is not stabilized", roll.total, t.name),
        );
    }
    Ok(ctx.finish())
}

/// Stress spent in place of Mana.
pub(crate) fn spend_stress(
    enc: &mut Encounter,
    id: CombatantId,
    amount: i64,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    let c = ctx.snapshot(id)?;
    let Some(stress) = c.track(STRESS).map(|t| t.value) else {
        return Err(RuleError::Invalid(format!("{} has no Stress track", c.name)));
    };
    if amount <= 0 {
        return Err(RuleError::Invalid("spend at least 1 Stress".into()));
    }
    if amount > stress {
        return Err(RuleError::NotAllowed(format!("{} has only {stress} Stress", c.name)));
    }
    ctx.ruling(R_WOUNDS, Some(id), format_args!("{} spends {amount} Stress as Mana", c.name));
    ctx.set_track(R_WOUNDS, id, STRESS, stress - amount);
    Ok(ctx.finish())
}

/// After the GM edits a track by hand: the Wound Points' conditions follow.
pub(crate) fn after_edit(
    enc: &mut Encounter,
    events: Vec<Event>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let touched: Vec<CombatantId> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::TrackSet { id, track, .. } if track == WP => Some(*id),
            _ => None,
        })
        .collect();
    if touched.is_empty() {
        return Ok(events);
    }
    let mut ctx = Ctx::new(enc, dice);
    for id in touched {
        sync(&mut ctx, id);
    }
    let mut all = events;
    all.extend(ctx.finish());
    Ok(all)
}

/// Whether a monster (not the party) lost more than half its Wound Points in one hit.
pub(crate) fn note_big_hit(ctx: &mut Ctx, id: CombatantId, lost: i64) {
    let Ok(c) = ctx.who(id) else { return };
    let max = c.track(WP).map_or(0, |t| t.max);
    if !ctx.enc.is_party(id) && max > 0 && lost * 2 > max && status(c) != Status::Dead {
        ctx.emit(R_WOUNDS, Some(id), D12Event::BigHit { id });
    }
}

/// A GM edit moved `id`'s Wound Points: its state follows them as after a wound (incapacitated,
/// dying or dead as they fall; up again as they are mended).
pub(crate) fn settle_edit(ctx: &mut Ctx, edit: &crate::system::TrackEdit) {
    if edit.track == WP {
        sync(ctx, edit.id);
    }
}

/// Harm from outside a blow (a blast, a fall): Armour off, then Stress first and the rest to
/// the Wound Points, as a hit's damage goes (typed by `what`).
pub(crate) fn hazard(ctx: &mut Ctx, id: CombatantId, amount: i64, what: &str) {
    let Ok(c) = ctx.who(id) else { return };
    let armour = stat(c, super::block::ARMOUR).max(0);
    let dealt = (amount - armour).max(0);
    let name = c.name.clone();
    ctx.ruling(
        super::R_DAMAGE,
        Some(id),
        format_args!("{name} takes {what}: {amount} − Armour {armour} = {dealt}"),
    );
    hurt(ctx, id, dealt, what);
}
