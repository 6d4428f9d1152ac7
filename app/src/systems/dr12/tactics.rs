//! How DR12 is fought when the app plays it (encounter odds).

use super::model::Dr12Command;
use crate::command::Command;
use crate::encounter::Encounter;
use crate::simulate::policy::{self, Look, Tactics, target_worth};
use crate::system::Owned;
use crate::system::{Prompt, PromptOption};

/// The DR12 way of fighting.
pub struct Dr12Tactics;

impl Tactics for Dr12Tactics {
    fn assumptions(&self) -> &'static [&'static str] {
        &[
            "Nobody is surprised and no reaction is rolled: the fight starts at once.",
            "On its turn each combatant attacks the best foe it can (two weapons when it has them), and walks one zone toward the nearest foe when none is in reach; no stunts, spells or items.",
            "A character always makes its DEX Test against a creature's blow.",
            "A creature tests morale once, at the end of the first round its side has a setback (its leader fell, half the group is gone, or one is left at a third of its HP); one that fails flees.",
        ]
    }

    fn worth(
        &self,
        enc: &Encounter,
        _: &Prompt,
        option: &PromptOption,
        look: &Look,
    ) -> Option<i32> {
        if let Some(command) = super::Dr12::own_ref(&option.command) {
            return match command {
                Dr12Command::Attack { attacker, target, second, .. } => Some(
                    100 + target_worth(&super::Dr12, enc, *attacker, *target) / 100
                        + i32::from(second.is_some()),
                ),
                Dr12Command::Defend => Some(0),
                Dr12Command::Morale { id } => {
                    let side = enc.combatant(*id)?.side;
                    let due = super::prompts::trigger(enc, side).is_some();
                    (due && !look.taken.contains(&option.command)).then_some(0)
                }
                Dr12Command::Yield { flee, .. } => Some(i32::from(*flee)),
                _ => None,
            };
        }
        match &option.command {
            Command::Move { id, to: Some(to) } => {
                (policy::zone_toward_foe(&super::Dr12, enc, *id) == Some(*to)).then_some(50)
            }
            _ => None,
        }
    }
}
