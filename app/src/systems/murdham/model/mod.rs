//! The commands, events and state of the Murdham procedure. Ordinary facts (damage,
//! conditions, rolls, moves) are core events; these carry what only this procedure knows:
//! which faction holds the initiative and whose choice it is, who has had a turn, passes in
//! a row, the turn in progress, the attack waiting for a reaction, grabs, borders, the dying,
//! morale immunity and the wear of gear.

mod attack;
mod command;
mod event;
mod state;

pub use attack::{
    Aim, AttackSpec, Circumstances, HeldMove, NonLethal, Pending, PendingAttack, Reaction, Struck,
    Turn,
};
pub use command::{MainAction, MurdhamCommand};
pub use event::MurdhamEvent;
pub use state::MurdhamState;

use serde::{Deserialize, Serialize};

/// How worn an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wear {
    /// Damaged: a weapon or shield breaks on a damage roll of 1, armour or a shield on a
    /// hit of 8 or more.
    Damaged,
    /// Broken: no use any more.
    Broken,
    /// Back in use: a piece with health of its own that was out of use got health back
    /// (rules edition 5). As good as the sheet's.
    Mended,
}

/// How a character who failed morale gives up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Yield {
    /// Throws down its weapons.
    Surrender,
    /// Falls back and leaves the fight.
    Retreat,
}
