//! What a procedure waits for, checked in one place. While it waits for an answer (a
//! reaction to a blow, a DEX Test against an attack...), a command that would move the fight
//! on is refused with the procedure's own words, and the prompts show it forbidden for the
//! same reason; the answers, and the GM's own edits, go through. Each procedure says what it
//! waits for ([`Procedure::awaiting`]) and which commands must wait ([`Procedure::waits`]);
//! none repeats the check in its handlers.
//!
//! [`Procedure::awaiting`]: super::Procedure::awaiting
//! [`Procedure::waits`]: super::Procedure::waits

use crate::command::Command;
use crate::encounter::Encounter;

use crate::ids::CombatantId;

use super::{Prompt, PromptOption, RuleError, System};

/// Refuses `command` while `system` waits for something it does not answer.
pub fn check(system: &dyn System, enc: &Encounter, command: &Command) -> Result<(), RuleError> {
    match system.waiting_for(enc, command) {
        Some(why) => Err(RuleError::NotAllowed(why)),
        None => Ok(()),
    }
}

/// What `system` needs from the GM now (see [`super::Rules::prompts`]), every option that
/// must wait shown forbidden, with what it waits for.
pub fn prompts(system: &dyn System, enc: &Encounter) -> Vec<Prompt> {
    mark(system, enc, system.prompts(enc))
}

/// The prompts as the simulator needs them (see [`super::Rules::choices`]), marked alike.
pub fn choices(system: &dyn System, enc: &Encounter) -> Vec<Prompt> {
    mark(system, enc, system.choices(enc))
}

/// What a combatant's card offers (see [`super::Rules::card_actions`]), marked alike.
pub fn card_actions(system: &dyn System, enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let mut options = system.card_actions(enc, id);
    for option in &mut options {
        mark_option(system, enc, option);
    }
    options
}

fn mark(system: &dyn System, enc: &Encounter, mut prompts: Vec<Prompt>) -> Vec<Prompt> {
    for option in prompts.iter_mut().flat_map(|p| p.options.iter_mut()) {
        mark_option(system, enc, option);
    }
    prompts
}

fn mark_option(system: &dyn System, enc: &Encounter, option: &mut PromptOption) {
    if let Some(why) = system.waiting_for(enc, &option.command) {
        // What waits comes first: the GM answers it before anything else matters.
        option.enabled = false;
        option.reason = Some(why);
    }
}
