//! How a procedure plays itself when the app plays a fight (encounter odds): what each allowed
//! option is worth, and what a side does on its own. The procedures implement [`Tactics`] and
//! return it from [`super::Rules::tactics`]; the simulator's chooser reads it. Here, beside the
//! procedure traits, so the rules never depend on the simulator.

use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::system::{Prompt, PromptOption};

/// What the policy knows beyond the board: what the rules just refused and what was done.
#[derive(Debug)]
pub struct Look<'a> {
    /// Commands refused since the last one the rules took: not tried again.
    pub refused: &'a [Command],
    /// Next was refused with nothing better to do: options worth [`LAST_RESORT`] may go.
    pub stuck: bool,
    /// Every command the rules took in this fight so far, oldest first: what the GM would
    /// remember (a creature that already tested its morale for a setback).
    pub taken: &'a [Command],
}

/// A procedure's way of fighting: what each allowed option is worth to whoever chooses it,
/// and what a side does on its own when nothing asked is worth doing.
pub trait Tactics: Sync {
    /// The procedure's assumptions in plain words, listed with every result beside the
    /// shared ones (`simulate::policy::SHARED_ASSUMPTIONS`).
    fn assumptions(&self) -> &'static [&'static str];

    /// What `option` of `prompt` is worth (higher is better); `None`: never chosen (the GM
    /// would not: fleeing with the party, ending a turn with a blow to strike).
    fn worth(
        &self,
        enc: &Encounter,
        prompt: &Prompt,
        option: &PromptOption,
        look: &Look,
    ) -> Option<i32>;

    /// Whether `c` can strike a foe it only sees, from afar (a bow, a thrown spear): then a
    /// line of sight to a foe is a way to it when the simulator asks whether the sides are
    /// walled apart (`simulate::stalemate`). Unless the procedure tells, anyone may.
    fn shoots(&self, _enc: &Encounter, _c: &Combatant) -> bool {
        true
    }

    /// A command no prompt offers, made when no option is worth taking: most often a walk
    /// toward the nearest foe.
    fn own_move(&self, _enc: &Encounter, _look: &Look) -> Option<Command> {
        None
    }
}

/// The worth of an option taken only when nothing better is allowed (letting a chance
/// pass, dismissing what waits): below any real choice, above never.
pub const LAST_RESORT: i32 = -1_000_000;
