//! How the d12 procedure is fought when the app plays it (encounter odds).

use super::block::D12Block;
use super::model::{Action, D12Command, Pending};
use super::morale::FAILED;
use crate::command::Command;
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::simulate::policy::{LAST_RESORT, Look, Tactics, target_worth};
use crate::system::Owned;
use crate::system::{Prompt, PromptOption};

/// The condition of one that left the fight running (one of `wounds::OUT`).
const FLED: &str = "fled";

/// The d12 way of fighting.
pub struct D12Tactics;

impl Tactics for D12Tactics {
    fn assumptions(&self) -> &'static [&'static str] {
        &[
            "Each combatant declares an attack with its hardest-hitting attack (the highest average damage) on the best foe; one that cannot attack defends.",
            "Nobody is caught unaware; base initiative is rolled for everyone.",
            "A hit is a critical one only on a natural 20; a combat injury is rolled on the weapon's table whenever one is due.",
            "A defender on full defense always ripostes; monsters check morale when the rules call for it, and one that fails it flees.",
        ]
    }

    fn worth(&self, enc: &Encounter, _: &Prompt, option: &PromptOption, _: &Look) -> Option<i32> {
        let command = super::D12::own_ref(&option.command)?;
        match command {
            D12Command::Initiative { .. } | D12Command::Morale { obvious: false, .. } => Some(0),
            // One that failed morale fights no more: it flees instead (`own_move`).
            D12Command::Declare { id, .. } if gave_up(enc, *id) => None,
            D12Command::Declare { id, action } => declare_worth(enc, *id, action),
            D12Command::Attack { attacker, target, riposte, .. } => Some(
                if *riposte { 50 } else { 100 }
                    + target_worth(&super::D12, enc, *attacker, *target) / 100,
            ),
            D12Command::Done { acted: true, .. } => Some(0),
            // Critical only on a natural 20: the hit waiting for its damage says what it rolled
            // (the option's words are for the GM, not to be read back).
            D12Command::Damage { critical } => {
                if natural_20_waiting(enc) {
                    Some(i32::from(*critical))
                } else {
                    (!critical).then_some(0)
                }
            }
            D12Command::Injury { .. } => Some(0),
            // Letting an injury or a riposte go, or a count pass: only when nothing else is
            // allowed.
            D12Command::Dismiss | D12Command::Done { acted: false, .. } => Some(LAST_RESORT),
            _ => None,
        }
    }

    /// A monster that failed morale flees (the GM's other calls, surrender or a parley, end
    /// its part in the fight the same way): marked fled as soon as nothing else waits.
    fn own_move(&self, enc: &Encounter, _: &Look) -> Option<Command> {
        let id = enc.combatants.values().find(|c| gave_up(enc, c.id))?.id;
        Some(Command::AddCondition { id, condition: FLED.to_owned() })
    }
}

/// Whether `id` failed morale and, not dead, has not fled yet (the dying still act, so they
/// flee too).
fn gave_up(enc: &Encounter, id: CombatantId) -> bool {
    use super::wounds::{OUT, Status, status};
    enc.combatant(id).is_some_and(|c| {
        c.conditions.contains(FAILED)
            && status(c) != Status::Dead
            && !OUT.iter().any(|k| c.conditions.contains(*k))
    })
}

/// Whether the hit waiting for its damage was a natural 20.
fn natural_20_waiting(enc: &Encounter) -> bool {
    matches!(enc.d12().pending.first(), Some(Pending::Damage { natural: 20, .. }))
}

/// An attack with the hardest-hitting weapon on the best target; full defense when no
/// attack is allowed; crawling when that is all there is.
fn declare_worth(enc: &Encounter, id: CombatantId, action: &Action) -> Option<i32> {
    match action {
        Action::Attack { target, weapon } => {
            let block = D12Block::of(enc.combatant(id)?).ok()?;
            let average = block.attacks.get(*weapon)?.damage.average();
            Some(
                10_000 + target_worth(&super::D12, enc, id, *target) * 10 + (average * 10.0) as i32,
            )
        }
        Action::FullDefense => Some(1),
        Action::Crawl => Some(0),
        _ => None,
    }
}
