//! How the recap reads a Block, Dodge, Parry fight. A blow rolls no attack: it lands unless the
//! defender's reaction (block, dodge, parry, a sacrificed item) keeps all harm off, which
//! counts as turned aside. Several attackers on one target keep the highest die: that one
//! lands, the others count as missed. Fighting back and a parry that wins are the defender's
//! blows. A critical hit is a blow that goes past the HP to STR (critical damage). A
//! detachment strikes and is struck as one combatant; its members lost are its harm.

use super::model::{BdpCommand, BdpEvent, Reaction};
use crate::ids::CombatantId;
use crate::recap::{Fact, Outcome, Step, Tally};

/// The BDP reading.
pub(crate) struct BdpTally;

impl Tally for BdpTally {
    fn read(&self, step: &Step<'_>, out: &mut Vec<Fact>) {
        let Some(command) = step.own_command::<BdpCommand>() else { return };
        if step.events.is_empty() {
            return;
        }
        match command {
            BdpCommand::Attack { attackers, targets, .. } => {
                blows(step, attackers, targets, &Reaction::Defend, out);
            }
            BdpCommand::FreeAttack { attacker, target } => {
                blows(step, &[*attacker], &[*target], &Reaction::Defend, out);
            }
            BdpCommand::React { reaction } => {
                let Some(pending) = &step.before.bdp().attack else { return };
                let mut targets = vec![pending.target];
                targets.extend(&pending.queue);
                if *reaction != Reaction::Defend {
                    out.push(Fact::Reaction {
                        who: pending.target,
                        against: pending.attackers.first().copied(),
                        what: word(reaction).into(),
                        turned_aside: step.lost(pending.target) == 0,
                    });
                }
                blows(step, &pending.attackers, &targets, reaction, out);
                // Fighting back, or a parry that wins, harms the attacker: the defender's blow.
                if let Reaction::FightBack { against } | Reaction::Parry { against } = reaction
                    && step.lost(*against) > 0
                {
                    let (by, on) = (pending.target, *against);
                    out.push(Fact::Blow { by, on, outcome: Outcome::Landed });
                    critical(step, by, on, out);
                }
            }
            BdpCommand::SpellDamage { targets, .. } => {
                // The dice were rolled when the spell was cast: the harm is the caster's.
                if let Some((caster, _)) = &step.before.bdp().spell {
                    for on in targets {
                        out.push(Fact::Harms { by: *caster, on: *on });
                    }
                }
            }
            _ => {}
        }
    }

    fn harm_tracks(&self) -> Option<&'static [&'static str]> {
        // The guard, the body, and a detachment's body: its WIL.
        Some(&["hp", "str", "wil"])
    }

    fn words(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("Blows", "no attack roll: a blow lands unless a reaction keeps all its harm off"),
            ("Several attackers", "the highest die lands; the others count as missed"),
            ("Reactions", "block, dodge, parry, fight back or a sacrificed item"),
            ("Turned aside", "a reaction after which the defender lost nothing"),
            ("Critical hits", "a blow that goes past the HP to STR (a detachment's WIL)"),
            ("Spells", "their harm is the caster's; a spell is not counted as a blow"),
            ("Fumbles", "none: the procedure has no fumble"),
            ("Detachments", "strike and are struck as one combatant"),
        ]
    }
}

/// The blows of `attackers` on each of `targets` resolved in this command (the first left
/// waiting for a reaction, and those after it, are counted when they resolve).
fn blows(
    step: &Step<'_>,
    attackers: &[CombatantId],
    targets: &[CombatantId],
    reaction: &Reaction,
    out: &mut Vec<Fact>,
) {
    let waiting = step.own_events::<BdpEvent>().find_map(|(_, e)| match e {
        BdpEvent::AttackPending { attack } => Some(attack.target),
        _ => None,
    });
    for (i, target) in targets.iter().enumerate() {
        if Some(*target) == waiting {
            return;
        }
        let kept_off = *reaction != Reaction::Defend && step.lost(*target) == 0;
        // The kept die: the highest roll of the pool, the earliest on a tie.
        let kept = attackers
            .iter()
            .filter_map(|a| {
                step.rolls().find(|(e, _)| e.actor == Some(*a)).map(|(_, r)| (*a, r.total))
            })
            .fold(None::<(CombatantId, i64)>, |best, p| match best {
                Some(b) if b.1 >= p.1 => Some(b),
                _ => Some(p),
            })
            .map(|(a, _)| a);
        for a in attackers {
            let outcome = if kept_off {
                Outcome::Avoided
            } else if attackers.len() > 1 && targets.len() == 1 && kept != Some(*a) {
                Outcome::Missed
            } else {
                Outcome::Landed
            };
            out.push(Fact::Blow { by: *a, on: *target, outcome });
        }
        if i == 0 && !kept_off {
            let by = if attackers.len() == 1 { attackers.first().copied() } else { kept };
            if let Some(by) = by {
                critical(step, by, *target, out);
            }
        }
    }
}

/// A critical hit when `on` lost STR (a detachment: WIL) past its HP in this command.
fn critical(step: &Step<'_>, by: CombatantId, on: CombatantId, out: &mut Vec<Fact>) {
    let reached_str = step.events.iter().any(|e| {
        matches!(&e.kind, crate::event::EventKind::TrackSet { id, track, from, to }
            if *id == on && (track == "str" || track == "wil") && to < from)
    });
    if reached_str {
        out.push(Fact::Critical { by: Some(by), on });
    }
}

/// The reaction in a word.
fn word(reaction: &Reaction) -> &'static str {
    match reaction {
        Reaction::Defend => "none",
        Reaction::FightBack { .. } => "fights back",
        Reaction::Block => "block",
        Reaction::Dodge => "dodge",
        Reaction::Parry { .. } => "parry",
        Reaction::Sacrifice { .. } => "sacrifice",
    }
}
