//! What random play checks after every step: the prompts and the simulator's choices agree,
//! card actions answer, nobody shares a square or stands across a wall, the state is the fold
//! of the events, undo then redo gives it back; at the end, the journal renders, replays and
//! round-trips.

use super::Play;
use crate::command::Command;
use crate::history::fold;
use crate::journal;

impl Play<'_> {
    /// What must hold after every step.
    pub(super) fn check_invariants(&mut self) -> Result<(), String> {
        let enc = self.history.state().clone();
        // The window asks these every frame; the simulator asks the choices, which must be
        // the same options in the same order, allowed alike, only without words.
        let prompts = crate::system::waiting::prompts(self.system, &enc);
        if choices_of(&prompts) != choices_of(&crate::system::waiting::choices(self.system, &enc)) {
            return Err("the simulator's choices are not the prompts' options".into());
        }
        for id in enc.combatants.keys() {
            let _ = crate::system::waiting::card_actions(self.system, &enc, *id);
        }
        // On a grid nobody shares a square or stands off its edge or across a wall.
        if let Some(grid) = &enc.grid {
            let passage = crate::space::path::Passage::new(grid);
            let placed: Vec<_> = crate::reach::footprints(&enc).collect();
            for (i, (a, fa)) in placed.iter().enumerate() {
                if !passage.can_stand(fa.at, fa.size) {
                    return Err(format!("{} stands off the grid or across a wall", a.name));
                }
                if let Some((b, _)) = placed[i + 1..].iter().find(|(_, fb)| fa.overlaps(*fb)) {
                    return Err(format!("{} and {} share a square", a.name, b.name));
                }
            }
        }
        if fold(self.history.base(), self.history.events()) != enc {
            return Err("the state is not the fold of the events".into());
        }
        if self.history.undo() {
            self.history.redo();
            if *self.history.state() != enc {
                return Err("undo then redo does not give the same state".into());
            }
        }
        Ok(())
    }

    /// The journal renders, replays through the rules and round-trips through JSON.
    pub(super) fn check_journal(&self) -> Result<(), String> {
        let base = self.history.base();
        let events = self.history.events();
        let _ = journal::markdown(base, events);
        let _ = journal::html(base, events);
        let doc = journal::JournalDoc::from_history(&self.history);
        let text = doc.to_json();
        let back = journal::from_json(&text)
            .map_err(|e| format!("the JSON journal does not read back: {e}"))?;
        if back != doc {
            return Err("the JSON journal does not round-trip".into());
        }
        journal::replay(&back).map_err(|e| format!("the journal does not replay: {e}"))?;
        Ok(())
    }
}

/// What the simulator may choose from a list of prompts: each option's command, whether it is
/// allowed and its cost, prompt by prompt, without the words.
fn choices_of(prompts: &[crate::system::Prompt]) -> Vec<Vec<(&Command, bool, Option<&str>)>> {
    prompts
        .iter()
        .map(|p| p.options.iter().map(|o| (&o.command, o.enabled, o.cost.as_deref())).collect())
        .collect()
}
