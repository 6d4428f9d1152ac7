//! What outlives a fight: a character's condition, what each procedure says lasts, rests,
//! and the campaign's journaled steps (a fight's write-back, a rest, a heal by hand).
//!
//! A character has a *sheet* (the library's JSON) and a [`Condition`] (what differs from it
//! now). When a fight ends, [`aftermath::outcome`] asks the procedure which tracks,
//! conditions and gear last and proposes the condition after; the GM reviews it line by line
//! ([`review::Change`]) and the kept lines become one [`CampaignStep`], which carries every
//! condition before and after so that undoing it restores exactly what was there. The store
//! writes steps and conditions in one transaction.

pub mod aftermath;
pub mod card;
pub mod chat;
pub mod company;
pub mod condition;
pub mod end;
pub mod export;
pub mod injury;
pub mod log;
pub mod review;
pub mod session;
pub mod turn;
pub mod verify;

#[cfg(test)]
mod tests;

pub use aftermath::{Aftermath, Recovery, outcome};
pub use company::Company;
pub use condition::{Condition, Item, Lasting, Logged, Wear};
pub use end::{Review, Reviewed};
pub use log::{CampaignStep, Edit, FightRef, Hand, Happening, StepDice, Written};
pub use review::Change;
