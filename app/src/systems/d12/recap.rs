//! How the recap reads a d12 fight: an attack roll against Defense lands or misses; its damage
//! (rolled at a later command, maybe a critical hit the GM calls) and any combat injury are the
//! attacker's; a riposte is the defender's reaction and a blow of its own. Blows at the same
//! count need nothing special: each lands by its roll, whoever fell first.

use super::model::{D12Command, D12Event, Pending};
use crate::recap::{Fact, Outcome, Step, Tally};

/// The d12 reading.
pub(crate) struct D12Tally;

impl Tally for D12Tally {
    fn read(&self, step: &Step<'_>, out: &mut Vec<Fact>) {
        let Some(command) = step.own_command::<D12Command>() else { return };
        match command {
            D12Command::Attack { attacker, target, riposte, .. } => {
                // A refused command has no events; an attack that goes has its roll.
                if step.natural_of(*attacker).is_none() {
                    return;
                }
                if *riposte {
                    out.push(Fact::Reaction {
                        who: *attacker,
                        against: Some(*target),
                        what: "riposte".into(),
                        turned_aside: false,
                    });
                }
                let hit = step.own_events::<D12Event>().any(|(_, e)| {
                    matches!(e, D12Event::Queued { pending: Pending::Damage { .. }, .. })
                });
                let outcome = if hit { Outcome::Landed } else { Outcome::Missed };
                out.push(Fact::Blow { by: *attacker, on: *target, outcome });
            }
            D12Command::Damage { critical } => {
                let d12 = step.before.d12();
                if let Some(Pending::Damage { attacker, target, .. }) = d12.pending.first() {
                    out.push(Fact::Harms { by: *attacker, on: *target });
                    if *critical && !step.events.is_empty() {
                        out.push(Fact::Critical { by: Some(*attacker), on: *target });
                    }
                }
            }
            D12Command::Injury { .. } => {
                if let Some(Pending::Injury { attacker, target, .. }) =
                    step.before.d12().pending.first()
                {
                    out.push(Fact::Harms { by: *attacker, on: *target });
                }
            }
            _ => {}
        }
    }

    fn words(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("Blows", "an attack roll against Defense: a hit lands, anything less misses"),
            ("Reactions", "a riposte from full defense (it is also a blow of its own)"),
            ("Critical hits", "a hit the GM calls critical (a natural 20 offers it)"),
            ("Fumbles", "none: the procedure has no fumble"),
            ("Harm", "Stress, then Wound Points; bleeding and straining to act are nobody's blow"),
            ("Same count", "blows at one count each land by their own roll, whoever falls first"),
        ]
    }
}
