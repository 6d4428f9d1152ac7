//! An attack: what may be attacked, whether it needs a WIT save to hit (an unseen target in
//! melee, a shot beyond half range or on the move, any indirect shot) or cannot be made at
//! all, blasts on a zone and its borders, a missed ranged blast deviating to a neighbouring
//! zone. A hit waits for the stunt's answer and the targets' reactions (`react`), or lands
//! at once when nobody can react.

use super::block::{WIT, Weapon, stat, weapon};
use super::model::{Aim, AttackSpec, HeldMove, MurdhamEvent as E, PendingAttack, Struck};
use super::{CONCEALED, DYING, INCAPACITATED, R_ATTACK, nearby, turn};
use crate::checks::save_under;
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::{CombatantId, ZoneId};
use crate::system::{Ctx, RuleError};

/// Why an attack is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Mode {
    /// On the attacker's turn, as its main action.
    Turn,
    /// As a nearby enemy moves away (the move completes afterwards).
    Opportunity(HeldMove),
}

/// The attacker's weapon name, for the journal.
pub(crate) fn weapon_name(w: Option<&Weapon>) -> String {
    w.map_or_else(|| "bare hands".into(), |w| w.name.clone())
}

/// Whether a WIT save is needed to hit, and why (`Ok(None)`: it simply hits), or why the
/// attack cannot be made.
pub(crate) fn to_hit(enc: &Encounter, spec: &AttackSpec) -> Result<Option<String>, RuleError> {
    let a = enc.combatant(spec.attacker).ok_or(RuleError::UnknownCombatant(spec.attacker))?;
    let w = weapon(a, spec.weapon)?;
    if let Some(w) = &w {
        check_not_broken(enc, spec.attacker, w)?;
    }
    let how = &spec.how;
    if how.barrier && !how.peeking {
        return Err(RuleError::NotAllowed("a barrier blocks the attack".into()));
    }
    let blast = w.as_ref().is_some_and(|w| w.blast);
    let target = match spec.aim {
        Aim::One { target } => Some(target),
        Aim::Zone { .. } if !blast => {
            return Err(RuleError::NotAllowed(format!(
                "only a blast weapon hits a whole zone; {} is not one",
                weapon_name(w.as_ref())
            )));
        }
        Aim::Zone { .. } => None,
    };
    if let Some(t) = target {
        check_target(enc, spec, &a.name, t)?;
        if spec.final_blow {
            return Ok(None);
        }
    }
    let Some(range) = w.as_ref().and_then(|w| w.range) else {
        return melee_to_hit(enc, spec, a.zone, target, blast);
    };
    ranged_to_hit(enc, spec, a.zone, w.as_ref(), target, range)
}

/// What the target `t` of `attacker` (named `name`) must be: another, alive; for a final
/// blow, nearby and helpless; for a disarm or a grab, nearby.
fn check_target(
    enc: &Encounter,
    spec: &AttackSpec,
    name: &str,
    t: CombatantId,
) -> Result<(), RuleError> {
    let tc = enc.combatant(t).ok_or(RuleError::UnknownCombatant(t))?;
    if t == spec.attacker {
        return Err(RuleError::Invalid(format!("{name} cannot attack itself")));
    }
    if tc.conditions.contains(super::DEAD) {
        return Err(RuleError::NotAllowed(format!("{} is dead", tc.name)));
    }
    if spec.final_blow {
        if !nearby(enc, spec.attacker, t) {
            return Err(RuleError::NotAllowed(format!("{} is not nearby", tc.name)));
        }
        if !tc.conditions.contains(INCAPACITATED) && !tc.conditions.contains(DYING) {
            return Err(RuleError::NotAllowed(format!(
                "a final blow needs a helpless target; {} is not incapacitated",
                tc.name
            )));
        }
        return Ok(());
    }
    if spec.nonlethal.is_some() && !nearby(enc, spec.attacker, t) {
        return Err(RuleError::NotAllowed(format!("a disarm or a grab needs {} nearby", tc.name)));
    }
    Ok(())
}

/// A melee attack's chance: a nearby target (a melee blast hits the attacker's own zone, from
/// `from`, and never misses); a WIT save to hit an unseen one.
fn melee_to_hit(
    enc: &Encounter,
    spec: &AttackSpec,
    from: Option<ZoneId>,
    target: Option<CombatantId>,
    blast: bool,
) -> Result<Option<String>, RuleError> {
    if blast {
        if let Aim::Zone { zone } = spec.aim
            && from.is_some_and(|z| z != zone)
        {
            return Err(RuleError::NotAllowed("a melee blast hits the attacker's own zone".into()));
        }
        return Ok(None);
    }
    if let Some(t) = target
        && !nearby(enc, spec.attacker, t)
    {
        return Err(RuleError::NotAllowed(format!(
            "{} is not nearby: a melee attack needs the same zone",
            enc.name_of(t)
        )));
    }
    Ok(spec.how.unseen.then(|| "the target cannot be seen".into()))
}

/// A shot's chance with `w` (range `range`) from zone `from`: in range and in line; an
/// indirect shot beyond half range and still; a direct one in sight, a WIT save to hit beyond
/// half range or on the move.
fn ranged_to_hit(
    enc: &Encounter,
    spec: &AttackSpec,
    from: Option<ZoneId>,
    w: Option<&Weapon>,
    target: Option<CombatantId>,
    range: u32,
) -> Result<Option<String>, RuleError> {
    let how = &spec.how;
    let indirect = w.is_some_and(|w| w.indirect);
    let moving = how.moving || moved_this_turn(enc, spec.attacker);
    let steps =
        aimed_zone(enc, spec).zip(from).map(|(to, from)| crate::reach::distance(enc, from, to));
    let steps = match steps {
        Some(None) => return Err(RuleError::NotAllowed("no line to that zone".into())),
        Some(Some(s)) => Some(s),
        None => None,
    };
    if let Some(s) = steps
        && s > range
    {
        return Err(RuleError::NotAllowed(format!(
            "out of range: {s} zones away, the range is {range}"
        )));
    }
    let far = steps.is_some_and(|s| s * 2 > range);
    if indirect {
        if steps.is_some() && !far {
            return Err(RuleError::NotAllowed(format!(
                "an indirect shot only reaches beyond half range (more than {} zones)",
                range / 2
            )));
        }
        if moving {
            return Err(RuleError::NotAllowed("no indirect shots while moving".into()));
        }
        return Ok(Some("an indirect shot always needs one".into()));
    }
    if how.unseen && target.is_some() {
        return Err(RuleError::NotAllowed(
            "a shot needs a target in sight (only indirect weapons shoot blind)".into(),
        ));
    }
    match (far, moving) {
        (true, true) => {
            Err(RuleError::NotAllowed("beyond half range while moving: no chance to hit".into()))
        }
        (true, false) => Ok(Some(format!("beyond half range ({} zones)", steps.unwrap_or(0)))),
        (false, true) => Ok(Some("shooting on the move".into())),
        (false, false) => Ok(None),
    }
}

/// Refuses a weapon that broke in this fight (or came broken).
pub(crate) fn check_not_broken(
    enc: &Encounter,
    owner: CombatantId,
    w: &Weapon,
) -> Result<(), RuleError> {
    if super::wear::wear(enc, owner, &w.name, w.worn()) == Some(super::Wear::Broken) {
        return Err(RuleError::NotAllowed(format!(
            "{}'s {} is broken",
            enc.name_of(owner),
            w.name
        )));
    }
    Ok(())
}

/// Whether the character moved during its turn in progress.
fn moved_this_turn(enc: &Encounter, id: CombatantId) -> bool {
    enc.murdham().turn.id == Some(id) && enc.murdham().turn.zones > 0
}

/// The zone an attack aims at (the target's, for one target).
fn aimed_zone(enc: &Encounter, spec: &AttackSpec) -> Option<ZoneId> {
    match spec.aim {
        Aim::Zone { zone } => Some(zone),
        Aim::One { target } => enc.combatant(target)?.zone,
    }
}

/// Everyone a blast on `zone` strikes: in the zone and on its borders.
pub(crate) fn blast_targets(enc: &Encounter, zone: ZoneId) -> Vec<CombatantId> {
    enc.combatants
        .values()
        .filter(|c| c.zone == Some(zone) || enc.murdham().borders.get(&c.id) == Some(&zone))
        .filter(|c| !c.conditions.contains(super::DEAD))
        .map(|c| c.id)
        .collect()
}

/// Whether the attack may be made on the attacker's turn now, and if so the WIT save it
/// needs (why, or `None`): the check the turn prompt and the circumstances panel show and
/// the command makes.
pub(crate) fn check(enc: &Encounter, spec: &AttackSpec) -> Result<Option<String>, RuleError> {
    check_attacker(enc, spec.attacker)?;
    to_hit(enc, spec)
}

/// What [`check`] asks of the attacker alone before the attack itself: its own turn, able to
/// act, its main action unspent. The turn's prompt, which lists every attack at every foe,
/// asks it once.
pub(crate) fn check_attacker(enc: &Encounter, attacker: CombatantId) -> Result<(), RuleError> {
    let a = enc.combatant(attacker).ok_or(RuleError::UnknownCombatant(attacker))?;
    if enc.murdham().turn.id != Some(attacker) {
        return Err(RuleError::NotAllowed(format!(
            "{} attacks on its own turn (or as a reaction)",
            a.name
        )));
    }
    if let Some(why) = super::unable(a) {
        return Err(RuleError::NotAllowed(format!("{} cannot attack: {why}", a.name)));
    }
    if let Some(why) = super::turn::no_main(enc) {
        return Err(RuleError::NotAllowed(why));
    }
    Ok(())
}

/// An attack on the attacker's turn.
pub(crate) fn attack(
    enc: &mut Encounter,
    spec: AttackSpec,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    check(enc, &spec)?;
    let mut ctx = Ctx::new(enc, dice);
    turn::use_main(&mut ctx, false)?;
    strike(&mut ctx, spec, Mode::Turn)?;
    Ok(ctx.finish())
}

/// Makes an attack: the save to hit, the targets, then the stunt and reactions or the hit.
pub(crate) fn strike(ctx: &mut Ctx, spec: AttackSpec, mode: Mode) -> Result<(), RuleError> {
    let save_for = to_hit(ctx.enc, &spec)?;
    let attacker = spec.attacker;
    let a = ctx.snapshot(attacker)?;
    let w = weapon(&a, spec.weapon)?;
    let wname = weapon_name(w.as_ref());
    // A grab is made with the hands: the weapon is not used.
    if let Some(w) = w.as_ref().filter(|_| spec.nonlethal != Some(super::NonLethal::Grapple)) {
        ctx.emit(R_ATTACK, Some(attacker), E::ItemUsed { owner: attacker, item: w.name.clone() });
    }
    // Striking anyone but the one it holds lets that one go.
    let held_target = match spec.aim {
        Aim::One { target } => ctx.enc.murdham().grabs.get(&target) == Some(&attacker),
        Aim::Zone { .. } => false,
    };
    if !held_target {
        super::grapple::let_go_of_all(ctx, attacker);
    }
    let concealed = a.conditions.contains(CONCEALED);
    if spec.final_blow {
        let Aim::One { target } = spec.aim else { unreachable!("checked by to_hit") };
        final_blow(ctx, &a, target, &wname);
        return Ok(());
    }
    let mut zone = match spec.aim {
        Aim::Zone { zone } => Some(zone),
        Aim::One { target } if w.as_ref().is_some_and(|w| w.blast) => ctx.who(target)?.zone,
        Aim::One { .. } => None,
    };
    if let Some(why) = &save_for
        && !save_to_hit(ctx, &a, why)?
    {
        match zone {
            Some(z) if w.as_ref().is_some_and(|w| w.ranged()) => {
                zone = deviate(ctx, z)?;
                if zone.is_none() {
                    return after_strike(ctx, attacker, &mode);
                }
            }
            _ => return after_strike(ctx, attacker, &mode),
        }
    }
    let mut targets = match (spec.aim, zone) {
        (_, Some(z)) => blast_targets(ctx.enc, z),
        (Aim::One { target }, None) => vec![target],
        (Aim::Zone { .. }, None) => Vec::new(),
    };
    // A melee blast spares its maker.
    if zone.is_some() && w.as_ref().is_some_and(|w| !w.ranged()) {
        targets.retain(|t| *t != attacker);
    }
    if targets.is_empty() {
        ctx.ruling(R_ATTACK, Some(attacker), "The blast catches nobody");
        return after_strike(ctx, attacker, &mode);
    }
    let (no_reaction, why_not) = reaction_barred(&mode, concealed, spec.how.unaware, &a.name);
    let then_move = match &mode {
        Mode::Opportunity(held) => Some(held.clone()),
        Mode::Turn => None,
    };
    let pending = PendingAttack {
        stunt_open: spec.stunt.is_some() && targets.len() == 1,
        spec,
        struck: targets.into_iter().map(|id| Struck { id, reaction: None, guard: false }).collect(),
        no_reaction,
        why_not,
        then_move,
    };
    turn::reveal(ctx, attacker, "attacking");
    super::react::proceed(ctx, pending, true)
}

/// A final blow by `a` on the helpless `target` with the weapon named `wname`: it dies.
fn final_blow(ctx: &mut Ctx, a: &Combatant, target: CombatantId, wname: &str) {
    ctx.ruling(
        R_ATTACK,
        Some(a.id),
        format_args!("{} deals {} a final blow with {wname}", a.name, ctx.name(target)),
    );
    super::dying::kill(ctx, target, "a final blow");
    turn::reveal(ctx, a.id, "attacking");
}

/// The WIT save `a` makes to hit (`why` it needs one): whether it hits.
fn save_to_hit(ctx: &mut Ctx, a: &Combatant, why: &str) -> Result<bool, RuleError> {
    let wit = stat(a, WIT);
    let roll = ctx.roll(
        R_ATTACK,
        Some(a.id),
        &Dice::die(20),
        format_args!("{}'s WIT save to hit", a.name),
    )?;
    let outcome = save_under(wit, &roll);
    if outcome.success {
        ctx.ruling(
            R_ATTACK,
            Some(a.id),
            format_args!("{} hits ({why}: {} ≤ WIT {wit})", a.name, roll.total),
        );
    } else {
        ctx.ruling(
            R_ATTACK,
            Some(a.id),
            format_args!("{} misses ({why}: {} over WIT {wit})", a.name, roll.total),
        );
    }
    Ok(outcome.success)
}

/// Whether the targets may not react to the attack, and why: an opportunity attack, a
/// concealed attacker (named `name`), targets unaware of it.
fn reaction_barred(mode: &Mode, concealed: bool, unaware: bool, name: &str) -> (bool, String) {
    if let Mode::Opportunity(_) = mode {
        (true, "an opportunity attack cannot be answered".to_owned())
    } else if concealed {
        (true, format!("taken by surprise by the concealed {name}"))
    } else if unaware {
        (true, "unaware of the attacker".to_owned())
    } else {
        (false, String::new())
    }
}

/// What follows an attack that hit nobody: an interrupted move goes on.
fn after_strike(ctx: &mut Ctx, attacker: CombatantId, mode: &Mode) -> Result<(), RuleError> {
    turn::reveal(ctx, attacker, "attacking");
    if let Mode::Opportunity(held) = mode {
        turn::finish_move(ctx, held)?;
    }
    Ok(())
}

/// A ranged blast that missed lands in a neighbouring zone, picked by a die over them
/// (numbered in the order they were made). `None` when there is no neighbour.
fn deviate(ctx: &mut Ctx, from: ZoneId) -> Result<Option<ZoneId>, RuleError> {
    let neighbours: Vec<ZoneId> =
        ctx.enc.zone(from).map(|z| z.adjacent.iter().copied().collect()).unwrap_or_default();
    let name =
        |ctx: &Ctx, z: ZoneId| ctx.enc.zone(z).map_or_else(|| z.to_string(), |z| z.name.clone());
    match neighbours.len() {
        0 => {
            ctx.ruling(
                R_ATTACK,
                None,
                format_args!("The blast goes astray: {} has no neighbouring zone", name(ctx, from)),
            );
            Ok(None)
        }
        1 => {
            let to = neighbours[0];
            ctx.ruling(
                R_ATTACK,
                None,
                format_args!("The blast lands in {}, the only neighbouring zone", name(ctx, to)),
            );
            ctx.emit(R_ATTACK, None, E::Deviated { from, to });
            Ok(Some(to))
        }
        n => {
            let list: Vec<String> = neighbours
                .iter()
                .enumerate()
                .map(|(i, z)| format!("{} {}", i + 1, name(ctx, *z)))
                .collect();
            let sides = u32::try_from(n).unwrap_or(u32::MAX);
            let face = ctx.roll(R_ATTACK, None, &Dice::die(sides), "where the blast lands")?.total;
            let to = neighbours[usize::try_from(face - 1).unwrap_or(0).min(n - 1)];
            ctx.ruling(
                R_ATTACK,
                None,
                format_args!(
                    "The die over the neighbouring zones ({}) says {face}",
                    list.join(", ")
                ),
            );
            ctx.emit(R_ATTACK, None, E::Deviated { from, to });
            Ok(Some(to))
        }
    }
}
