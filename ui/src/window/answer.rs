//! An answer to the question asked, and what the same click takes with it: when the answer
//! leaves the fight asking only for the button the procedure takes with the last answer
//! (*Done: next turn* once the turn has nothing else), that button is pressed too, and the
//! status line says so. The GM spends no click on a step where nothing else is possible.

use super::Model;
use super::action::run;
use fray_app::Command;
use fray_app::dice::DieChoice;

/// Runs the answer `command` (a player's own roll when `player`), then what it leaves alone.
/// An answer waiting for dice typed at the table goes on once they are ([`continue_roll`]).
pub(super) fn answer(model: &mut Model, command: Command, player: bool) {
    run(model, command.clone(), Vec::new(), player);
    if model.pending_roll.is_some() {
        model.answering = Some(command);
    } else {
        model.answering = None;
        take_what_is_left(model);
    }
}

/// The pending roll's next die, typed or the app's; once the command runs, an answer goes on
/// as [`answer`] does.
pub(super) fn continue_roll(model: &mut Model, choice: DieChoice) {
    let Some(pending) = model.pending_roll.clone() else { return };
    let mut plan = pending.plan;
    plan.push(choice);
    let answering = model.answering.as_ref() == Some(&pending.command);
    run(model, pending.command, plan, pending.player);
    if model.pending_roll.is_none() {
        model.answering = None;
        if answering {
            take_what_is_left(model);
        }
    }
}

/// When all the fight asks now is one question with one allowed answer, the procedure's
/// button taken with the last answer, presses it, and says so.
fn take_what_is_left(model: &mut Model) {
    let Some(session) = &model.session else { return };
    let prompts = session.prompts();
    let [only] = prompts.as_slice() else { return };
    let mut allowed = only.options.iter().filter(|o| o.enabled);
    let (Some(next), None) = (allowed.next(), allowed.next()) else { return };
    if !next.with_last_answer {
        return;
    }
    let (command, label) = (next.command.clone(), next.label.clone());
    let refused = model.status.as_ref().is_some_and(|s| s.error);
    if refused {
        return;
    }
    run(model, command, Vec::new(), false);
    if model.status.is_none() && model.pending_roll.is_none() {
        model.info(format!("{label}, with the same click: nothing else was left"));
    }
}
