//! A command handled on the history's own state: replay re-runs every command of a journal,
//! and handling each on a copy, then applying its events again to record them, was most of
//! its time (issue 67). Here each event is applied once, and the history is left as it was
//! when the command, or the caller's check of its events, is refused.

use super::{History, SNAPSHOT_EVERY, fold};
use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::system::{self, RuleError};

/// A command that starts this close to the next snapshot keeps the fight before it, to take
/// the snapshot from; one further away that still reaches it (a rare long command) has the
/// snapshot folded from the last one.
const NEAR: usize = 64;

impl History {
    /// Handles `command` on the state itself and, when `check` accepts its events, records
    /// them at `stream` (see [`History::record_at_stream`]); `check` also sees the dice. A refusal by the rules (made into
    /// the caller's error by `refused`) or by `check` leaves the history as it was. `check`
    /// may fold the fight before the command: [`History::fold_to`] of
    /// [`History::event_cursor`].
    pub fn execute_in_place<D: DiceSource, E>(
        &mut self,
        command: Command,
        dice: &mut D,
        stream: u64,
        check: impl FnOnce(&Self, &[Event], &D) -> Result<(), E>,
        refused: impl FnOnce(RuleError) -> E,
    ) -> Result<(), E> {
        let start = self.event_cursor();
        let near = SNAPSHOT_EVERY - start % SNAPSHOT_EVERY <= NEAR;
        let before: Option<Encounter> = near.then(|| self.state.clone());
        let system = self.system();
        let seq = self.cursor as u64;
        let handled = system::handle(system, &mut self.state, command.clone(), dice);
        let checked = handled.map_err(refused).and_then(|mut events| {
            for e in &mut events {
                e.seq = seq;
            }
            check(self, &events, dice).map(|()| events)
        });
        let events = match checked {
            Ok(events) => events,
            Err(e) => {
                self.state = before.unwrap_or_else(|| self.fold_to(start));
                return Err(e);
            }
        };
        self.next_stream = stream;
        self.truncate_redo();
        let from = self.events.len();
        self.events.extend(events);
        for n in (from + 1..=self.events.len()).filter(|n| n % SNAPSHOT_EVERY == 0) {
            let snapshot = match &before {
                Some(b) if self.snapshots.len() == n / SNAPSHOT_EVERY => {
                    fold(b, &self.events[from..n])
                }
                _ => self.fold_to(n),
            };
            self.snapshots.push(snapshot);
        }
        self.push_record(seq, command, from);
        Ok(())
    }
}
