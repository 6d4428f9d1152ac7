//! The skirmish procedure's own commands, facts and state.

use crate::ids::{CombatantId, SideId};
use crate::system::Kept;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// What the GM asks of a skirmish.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "skirmish", rename_all = "snake_case")]
pub enum SkirmishCommand {
    /// `attacker` strikes `target`, a foe in its zone.
    Attack {
        /// Who strikes.
        attacker: CombatantId,
        /// Whom.
        target: CombatantId,
    },
    /// `id` lets its turn go.
    Pass {
        /// Who.
        id: CombatantId,
    },
}

/// What happened in a skirmish.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "skirmish_event", rename_all = "snake_case")]
pub enum SkirmishEvent {
    /// A side won the round's initiative (a new round's acts start afresh).
    SideFirst {
        /// The side.
        side: SideId,
    },
    /// A combatant used its turn.
    Acted {
        /// Who.
        id: CombatantId,
    },
}

/// What a skirmish keeps: who acts first this round and who has acted.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SkirmishState {
    /// The side that won this round's initiative.
    #[serde(default)]
    pub first: Option<SideId>,
    /// Who has acted this round.
    #[serde(default)]
    pub acted: BTreeSet<CombatantId>,
}

impl Kept<SkirmishEvent> for SkirmishState {
    fn apply(&mut self, event: &SkirmishEvent) {
        match event {
            SkirmishEvent::SideFirst { side } => {
                self.first = Some(*side);
                self.acted.clear();
            }
            SkirmishEvent::Acted { id } => {
                self.acted.insert(*id);
            }
        }
    }
}
