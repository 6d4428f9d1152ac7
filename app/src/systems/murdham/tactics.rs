//! How Murdham is fought when the app plays it (encounter odds).

use super::model::{Aim, AttackSpec, MurdhamCommand, Reaction, Yield};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::simulate::policy::{self, LAST_RESORT, Look, Tactics, target_worth};
use crate::system::Owned;
use crate::system::{Prompt, PromptOption};

/// The Murdham way of fighting.
pub struct MurdhamTactics;

impl Tactics for MurdhamTactics {
    fn assumptions(&self) -> &'static [&'static str] {
        &[
            "The faction holding the initiative is rolled for, and it always goes first; a faction passes only when it has nobody left to activate.",
            "An active character strikes the best foe it can with a weapon, walks one zone toward the nearest foe when none is near, then ends its turn; no stunts, blasts, bonus actions or final blows.",
            "A struck character dodges when it may, else counters, else takes it; nobody hides behind or guards another; a nearby enemy always strikes at one moving away.",
            "Morale is saved when due; one who fails retreats.",
        ]
    }

    fn worth(&self, enc: &Encounter, _: &Prompt, option: &PromptOption, _: &Look) -> Option<i32> {
        let command = super::Murdham::own_ref(&option.command)?;
        match command {
            MurdhamCommand::Holder { side: None } | MurdhamCommand::Morale { .. } => Some(0),
            MurdhamCommand::First { side } => Some(i32::from(enc.murdham().holder == Some(*side))),
            MurdhamCommand::Activate { .. } => Some(10),
            MurdhamCommand::Attack(spec) => attack_worth(enc, spec),
            MurdhamCommand::React { reaction, .. } => match reaction {
                Reaction::Dodge => Some(30),
                Reaction::Counter { .. } => Some(20),
                Reaction::None => Some(10),
                _ => None,
            },
            MurdhamCommand::Opportunity { by: Some(_) } => Some(50),
            MurdhamCommand::GiveUp { how: Yield::Retreat, .. } => Some(1),
            MurdhamCommand::GiveUp { how: Yield::Surrender, .. } => Some(0),
            MurdhamCommand::Stunt { accept: false } => Some(0),
            // Only when nothing else will do: passing, ending a turn, letting a mover go.
            MurdhamCommand::Pass { .. }
            | MurdhamCommand::EndTurn
            | MurdhamCommand::Opportunity { by: None } => Some(LAST_RESORT),
            _ => None,
        }
    }

    /// The active character walks one zone toward the nearest foe when none is near.
    fn own_move(&self, enc: &Encounter, _: &Look) -> Option<Command> {
        let id = enc.murdham().turn.id?;
        let to = policy::zone_toward_foe(&super::Murdham, enc, id)?;
        Some(Command::Move { id, to: Some(to) })
    }
}

/// A plain weapon attack on one foe; the best target first.
fn attack_worth(enc: &Encounter, spec: &AttackSpec) -> Option<i32> {
    let plain = AttackSpec::plain(spec.attacker, spec.aim, spec.weapon);
    if *spec != plain || spec.weapon.is_none() {
        return None;
    }
    let Aim::One { target } = spec.aim else { return None };
    Some(100 + target_worth(&super::Murdham, enc, spec.attacker, target) / 100)
}
