//! Taking a step back, or putting it back, field by field.
//!
//! A step is a change per field (before → after). Undoing it puts back *its* fields only, and
//! only where they still read as it left them; if a later step changed one of them, undoing
//! this one would wipe that later step, so it is refused and the field named. Redo is the
//! same the other way. Fields the step did not touch keep what later steps wrote.

use super::condition::Condition;
use super::log::Written;
use super::review::{Change, apply, changes};

/// Which way a step is turned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Take it back.
    Undo,
    /// Put it back.
    Redo,
}

/// `now` with `w`'s fields turned (back to its *before* for undo, to its *after* for redo),
/// or the fields that no longer read as the turn expects: each a change from what the field
/// reads `now` to what the step left there.
pub fn turned(w: &Written, now: &Condition, turn: Turn) -> Result<Condition, Vec<Change>> {
    let (from, to) = match turn {
        Turn::Undo => (&w.after, &w.before),
        Turn::Redo => (&w.before, &w.after),
    };
    let first = super::condition::main_tracks(w.system);
    let writes = changes(&w.sheet, first, from, to);
    let fields: Vec<String> = writes.iter().map(Change::field).collect();
    let drift: Vec<Change> = changes(&w.sheet, first, now, from)
        .into_iter()
        .filter(|c| fields.contains(&c.field()))
        .collect();
    if drift.is_empty() { Ok(apply(&w.sheet, now, &writes)) } else { Err(drift) }
}

/// Whether a step's member `w` changed any of the fields in `fields`.
pub fn touches(w: &Written, fields: &[String]) -> bool {
    w.changes().iter().any(|c| fields.contains(&c.field()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn written(before: i64, after: i64) -> Written {
        let sheet = json!({"tracks": {"hp": 6, "fatigue": {"value": 0, "max": 10}}});
        let at = |hp| {
            let mut c = Condition::default();
            c.set_track(&sheet, "hp", hp);
            c
        };
        Written {
            who: "character:1".into(),
            system: crate::systems::registry().parse("bdp").unwrap(),
            name: "Harald".into(),
            before: at(before),
            after: at(after),
            sheet,
        }
    }

    #[test]
    fn undo_puts_back_its_own_field_and_keeps_the_others_later_steps_wrote() {
        let w = written(5, 4);
        let mut now = w.after.clone();
        now.set_track(&w.sheet, "fatigue", 2);
        let back = turned(&w, &now, Turn::Undo).unwrap();
        assert_eq!(back.track(&w.sheet, "hp"), Some(5));
        assert_eq!(back.track(&w.sheet, "fatigue"), Some(2), "a later step's field stays");
    }

    #[test]
    fn a_field_a_later_step_changed_refuses_the_undo_and_is_named() {
        let w = written(5, 4);
        let mut now = w.after.clone();
        now.set_track(&w.sheet, "hp", 3);
        let drift = turned(&w, &now, Turn::Undo).unwrap_err();
        assert_eq!(drift.len(), 1);
        assert_eq!(drift[0].field(), "track:hp");
        assert_eq!(drift[0].text(), "HP 3 → 4", "what it reads now, and what the step left");
    }

    #[test]
    fn redo_needs_the_field_as_the_step_found_it() {
        let w = written(5, 4);
        assert_eq!(turned(&w, &w.before, Turn::Redo).unwrap(), w.after);
        let mut now = w.before.clone();
        now.set_track(&w.sheet, "hp", 6);
        assert!(turned(&w, &now, Turn::Redo).is_err());
    }
}
