//! How the recap reads a DR12 fight. A character's attack is its own Test: it lands when the
//! damage die follows, and misses otherwise; a natural 20 landing is a critical hit (damage
//! doubled), a natural 1 a fumble (the weapon marks a usage). A creature's blow is avoided by
//! the defender's DEX Test and lands when it fails; a natural 1 on that Test doubles the damage,
//! counted as the attacker's critical hit. The DEX Test is the defence itself, not a reaction.

use super::model::{Dr12Command, Dr12Event};
use crate::recap::{Fact, Outcome, Step, Tally};

/// The DR12 reading.
pub(crate) struct Dr12Tally;

impl Tally for Dr12Tally {
    fn read(&self, step: &Step<'_>, out: &mut Vec<Fact>) {
        let Some(command) = step.own_command::<Dr12Command>() else { return };
        match command {
            Dr12Command::Attack { attacker, target, .. } => {
                let waits = step
                    .own_events::<Dr12Event>()
                    .any(|(_, e)| matches!(e, Dr12Event::Waiting { .. }));
                let mut rolls = step.rolls().filter(|(e, _)| e.actor == Some(*attacker));
                let Some((_, test)) = rolls.next() else { return };
                if waits {
                    return;
                }
                let natural = test.kept_faces().first().copied();
                let landed = rolls.next().is_some();
                let outcome = if landed { Outcome::Landed } else { Outcome::Missed };
                out.push(Fact::Blow { by: *attacker, on: *target, outcome });
                if landed && natural == Some(20) {
                    out.push(Fact::Critical { by: Some(*attacker), on: *target });
                }
                if natural == Some(1) {
                    out.push(Fact::Fumble { by: *attacker });
                }
            }
            Dr12Command::Defend => {
                let Some(p) = step.before.dr12().pending.first() else { return };
                if step.events.is_empty() {
                    return;
                }
                let landed = step.rolls().any(|(e, _)| e.actor == Some(p.attacker));
                let outcome = if landed { Outcome::Landed } else { Outcome::Avoided };
                out.push(Fact::Blow { by: p.attacker, on: p.target, outcome });
                if landed && step.natural_of(p.target) == Some(1) {
                    out.push(Fact::Critical { by: Some(p.attacker), on: p.target });
                }
            }
            _ => {}
        }
    }

    fn words(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "Blows",
                "a character's attack Test lands or misses; a creature's blow lands unless the defender's DEX Test avoids it",
            ),
            ("Reactions", "none: the DEX Test is the defence itself"),
            (
                "Critical hits",
                "a natural 20 on an attack that lands, or a natural 1 on the defence: damage doubled",
            ),
            ("Fumbles", "a natural 1 attacking: the weapon marks a usage"),
        ]
    }
}
