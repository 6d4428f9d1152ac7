//! Fray's pure core: dice, the rule systems, event-sourced encounters, undo and journal
//! rendering.
//!
//! Nothing here does IO, reads a clock or knows about egui or SQLite: the crate is a set of
//! functions from commands and dice to events, and from events to state. The layers above
//! (`fray-data`, `fray-ui`) own storage and the window.

pub mod campaign;
pub mod checks;
pub mod command;
pub mod dice;
pub mod encounter;
pub mod event;
pub mod history;
pub mod ids;
pub mod journal;
pub mod own;
pub mod reach;
pub mod recap;
pub mod scenario;
pub mod simulate;
pub mod space;
pub mod style;
pub mod system;
pub mod systems;
pub mod table_view;

pub use command::Command;
pub use encounter::Encounter;
pub use event::{Event, EventKind};
pub use history::History;
pub use system::{Prompt, PromptOption, RuleError, System};
