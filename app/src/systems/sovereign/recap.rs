//! How the recap reads a Sovereign fight. An attack roll against AC lands (its damage is
//! rolled) or misses; a miss may still deal its Shock, which is the attacker's harm though the
//! blow counts as missed. Total Defense, a shield turning Shock aside, a screener taking the
//! blow and Veteran's Luck on the defence are reactions. The procedure has no critical hit and
//! no fumble.

use super::model::{SovCommand, SovEvent};
use crate::ids::CombatantId;
use crate::recap::{Fact, Outcome, Step, Tally};

/// The Sovereign reading.
pub(crate) struct SovTally;

impl Tally for SovTally {
    fn read(&self, step: &Step<'_>, out: &mut Vec<Fact>) {
        if step.events.is_empty() {
            return;
        }
        let mut screener = None;
        for (_, e) in step.own_events::<SovEvent>() {
            match e {
                SovEvent::ShieldUsed { id } => out.push(Fact::Reaction {
                    who: *id,
                    against: step.before.sovereign().pending.as_ref().map(|p| p.attacker),
                    what: "shield".into(),
                    turned_aside: true,
                }),
                SovEvent::Screened { screener: s, attacker } => {
                    screener = Some(*s);
                    out.push(Fact::Reaction {
                        who: *s,
                        against: Some(*attacker),
                        what: "screen".into(),
                        turned_aside: false,
                    });
                }
                SovEvent::Lucky { id, hit: false } => {
                    if let Some(p) = &step.before.sovereign().pending
                        && p.target == *id
                    {
                        out.push(Fact::Reaction {
                            who: *id,
                            against: Some(p.attacker),
                            what: "Veteran's Luck".into(),
                            turned_aside: true,
                        });
                    }
                }
                _ => {}
            }
        }
        let waits =
            step.own_events::<SovEvent>().any(|(_, e)| matches!(e, SovEvent::Waiting { .. }));
        let Some(command) = step.own_command::<SovCommand>() else { return };
        match command {
            SovCommand::Attack { attacker, target, .. } if !waits => {
                // The attack roll, then the damage roll on a hit.
                let on = screener.unwrap_or(*target);
                blow(out, *attacker, on, rolls_by(step, *attacker) >= 2);
            }
            SovCommand::Answer { total_defense } => {
                let Some(p) = &step.before.sovereign().pending else { return };
                let landed = rolls_by(step, p.attacker) >= 1;
                if *total_defense {
                    out.push(Fact::Reaction {
                        who: p.target,
                        against: Some(p.attacker),
                        what: "Total Defense".into(),
                        turned_aside: !landed && step.lost(p.target) == 0,
                    });
                }
                blow(out, p.attacker, p.target, landed);
            }
            SovCommand::Opportunity { striker, strike: true } => {
                if let Some(threat) = &step.before.sovereign().threat {
                    blow(out, *striker, threat.id, rolls_by(step, *striker) >= 2);
                }
            }
            SovCommand::Execute { attacker, target, .. } => {
                blow(out, *attacker, *target, step.lost(*target) > 0);
            }
            _ => {}
        }
    }

    fn words(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("Blows", "an attack roll against AC: a hit rolls damage, anything less misses"),
            ("Shock", "harm a miss still deals: the attacker's harm, the blow still a miss"),
            ("Reactions", "Total Defense, a shield against Shock, a screener, Veteran's Luck"),
            ("Critical hits", "none: the procedure has no critical hit"),
            ("Fumbles", "none: the procedure has no fumble"),
        ]
    }
}

fn rolls_by(step: &Step<'_>, id: CombatantId) -> usize {
    step.rolls().filter(|(e, _)| e.actor == Some(id)).count()
}

fn blow(out: &mut Vec<Fact>, by: CombatantId, on: CombatantId, landed: bool) {
    let outcome = if landed { Outcome::Landed } else { Outcome::Missed };
    out.push(Fact::Blow { by, on, outcome });
}
