//! How the recap reads a Murdham fight. A blow is settled once its reaction is chosen (or at
//! once when none can be): it lands on whoever loses health to it; with nobody harmed it
//! missed when the attacker's WIT save to hit failed, was turned aside when the target dodged
//! or countered, and landed on armour otherwise. A counter is the reactor's blow on the
//! attacker, both falling together. A critical hit is a blow that leaves its target
//! incapacitated or dead (half or more of its health, or all of it, in one hit).

use super::model::{AttackSpec, MurdhamCommand, MurdhamEvent, Pending, PendingAttack, Reaction};
use super::{DEAD, INCAPACITATED};
use crate::dice::Dice;
use crate::ids::CombatantId;
use crate::recap::{Fact, Outcome, Step, Tally};

/// The Murdham reading.
pub(crate) struct MurdhamTally;

impl Tally for MurdhamTally {
    fn read(&self, step: &Step<'_>, out: &mut Vec<Fact>) {
        if step.events.is_empty() {
            return;
        }
        let command = step.own_command::<MurdhamCommand>();
        let reaction = match command {
            Some(MurdhamCommand::React { id, reaction }) => {
                reacted(step, *id, reaction, out);
                Some((*id, reaction))
            }
            _ => None,
        };
        if let Some(MurdhamCommand::Opportunity { by: Some((striker, _)) }) = command
            && let Some(Pending::Leaving { held, .. }) = step.before.murdham().pending.first()
        {
            let outcome = if step.lost(held.id) > 0 { Outcome::Landed } else { Outcome::Missed };
            out.push(Fact::Blow { by: *striker, on: held.id, outcome });
            critical(step, *striker, held.id, out);
        }
        if let Some((spec, struck)) = settled(step, command) {
            settle(step, &spec, &struck, reaction, out);
        }
    }

    fn words(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("Blows", "settled once the reaction is chosen; a failed WIT save to hit misses"),
            ("Reactions", "dodge, counter, hide behind a shield-bearer, a guard taking the blow"),
            ("Turned aside", "a dodge or counter after which the target lost no health"),
            ("Counters", "the reactor's blow on the attacker, both landing together"),
            ("Critical hits", "a blow that leaves its target incapacitated or dead"),
            ("Fumbles", "none: the procedure has no fumble"),
        ]
    }
}

/// The attack this command settles: one struck at once (no one can react), or the one waiting
/// for a reaction, settled now; with who it struck of one target (a guard who stepped in for
/// it, or the target), none for a blast at a zone.
fn settled(
    step: &Step<'_>,
    command: Option<&MurdhamCommand>,
) -> Option<(AttackSpec, Vec<CombatantId>)> {
    let waits = step
        .own_events::<MurdhamEvent>()
        .any(|(_, e)| matches!(e, MurdhamEvent::Queued { pending: Pending::Attack(_), .. }));
    let one = |spec: &AttackSpec| matches!(spec.aim, super::model::Aim::One { .. });
    match command {
        Some(MurdhamCommand::Attack(spec)) if !waits => {
            let struck = match spec.aim {
                super::model::Aim::One { target } => vec![target],
                super::model::Aim::Zone { .. } => Vec::new(),
            };
            Some((spec.clone(), struck))
        }
        _ => attack_settled(step).map(|a| {
            let struck =
                if one(&a.spec) { a.struck.iter().map(|s| s.id).collect() } else { Vec::new() };
            (a.spec, struck)
        }),
    }
}

/// The attack the step's `Settled` settles: the first thing waiting at that moment, found by
/// playing the step's facts on the queue as the procedure's state does (a counter or a new
/// attack may have come before the one waiting when the command began: murdham seed 37 of
/// random play settled Oswin's attack on the cultist while Oswin's on the captain waited first
/// before the step).
fn attack_settled(step: &Step<'_>) -> Option<PendingAttack> {
    use crate::system::Kept;
    let mut state = step.before.murdham().clone();
    for (_, e) in step.own_events::<MurdhamEvent>() {
        if matches!(e, MurdhamEvent::Settled) {
            return match state.pending.first() {
                Some(Pending::Attack(a)) => Some(a.clone()),
                _ => None,
            };
        }
        state.apply(e);
    }
    None
}

/// The attack a reaction answers: the first attack waiting once the step's facts before the
/// reaction's own are played, else the one waiting before the step.
fn attack_answered(step: &Step<'_>) -> Option<PendingAttack> {
    attack_settled(step).or_else(|| {
        let queued = step.own_events::<MurdhamEvent>().find_map(|(_, e)| match e {
            MurdhamEvent::Queued { pending: Pending::Attack(a), .. }
            | MurdhamEvent::Updated { pending: Pending::Attack(a) } => Some(a.clone()),
            _ => None,
        });
        queued.or(match step.before.murdham().pending.first() {
            Some(Pending::Attack(a)) => Some(a.clone()),
            _ => None,
        })
    })
}

fn reacted(step: &Step<'_>, id: CombatantId, reaction: &Reaction, out: &mut Vec<Fact>) {
    let (who, what) = match reaction {
        Reaction::None => return,
        Reaction::Dodge => (id, "dodge"),
        Reaction::Counter { .. } => (id, "counter"),
        Reaction::HideBehind { .. } => (id, "hide behind"),
        Reaction::GuardedBy { guard } => (*guard, "guard"),
    };
    let against = attack_answered(step).map(|a| a.spec.attacker);
    let turned_aside = matches!(reaction, Reaction::Dodge | Reaction::Counter { .. })
        && step.lost(id) == 0
        && step.own_events::<MurdhamEvent>().any(|(_, e)| matches!(e, MurdhamEvent::Settled));
    out.push(Fact::Reaction { who, against, what: what.into(), turned_aside });
}

fn settle(
    step: &Step<'_>,
    attack: &AttackSpec,
    struck: &[CombatantId],
    reaction: Option<(CombatantId, &Reaction)>,
    out: &mut Vec<Fact>,
) {
    let attacker = attack.attacker;
    let counter = match reaction {
        Some((id, Reaction::Counter { .. })) => Some(id),
        _ => None,
    };
    let victims: Vec<CombatantId> = step
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            crate::event::EventKind::TrackSet { id, from, to, .. } if to < from => Some(*id),
            _ => None,
        })
        .filter(|id| *id != attacker)
        .fold(Vec::new(), |mut v, id| {
            if !v.contains(&id) {
                v.push(id);
            }
            v
        });
    for on in &victims {
        out.push(Fact::Blow { by: attacker, on: *on, outcome: Outcome::Landed });
        critical(step, attacker, *on, out);
    }
    if victims.is_empty() {
        let wit_failed = step.rolls().any(|(e, r)| {
            e.actor == Some(attacker)
                && r.dice == Dice::die(20)
                && step.before.combatant(attacker).is_some_and(|a| {
                    !crate::checks::save_under(a.stat(super::block::WIT).unwrap_or(0), r).success
                })
        });
        let outcome = if wit_failed {
            Outcome::Missed
        } else if matches!(reaction, Some((_, Reaction::Dodge | Reaction::Counter { .. }))) {
            Outcome::Avoided
        } else {
            Outcome::Landed
        };
        for on in struck {
            out.push(Fact::Blow { by: attacker, on: *on, outcome });
        }
    }
    if let Some(reactor) = counter {
        let outcome = if step.lost(attacker) > 0 { Outcome::Landed } else { Outcome::Missed };
        out.push(Fact::Blow { by: reactor, on: attacker, outcome });
        critical(step, reactor, attacker, out);
    }
}

/// A critical hit when the blow left `on` incapacitated or dead.
fn critical(step: &Step<'_>, by: CombatantId, on: CombatantId, out: &mut Vec<Fact>) {
    if step.lost(on) > 0 && (step.gained(on, INCAPACITATED) || step.gained(on, DEAD)) {
        out.push(Fact::Critical { by: Some(by), on });
    }
}
