//! The board an encounter was fought on, as it stood before the fight: what a template keeps
//! and a new fight starts from. Here, above the encounter, because which tracks start empty
//! is the procedure's word (a track that fills up as it worsens).

use crate::encounter::{Encounter, ProcedureState, RULES, TableState, Track};
use crate::system::presentation;

impl Encounter {
    /// The board as it stood before the fight, to save as a template or start a new
    /// encounter from: the same system, name, seed, settings, zones (places and links),
    /// sides, tables and combatants where they stand, but round 0 with no phase entered, no
    /// order or turn, no procedure state kept, every track back to its
    /// maximum (a track that fills up as it worsens, Fatigue, back to 0) and every condition
    /// cleared.
    pub fn board(&self) -> Encounter {
        let mut board = Encounter {
            round: 0,
            phase: String::new(),
            order: Default::default(),
            turn: None,
            procedure: ProcedureState::fresh(self.procedure.kind()),
            timers: Vec::new(),
            // A new fight from the board plays by today's rules.
            rules: RULES,
            // The GM's player-view settings and word on each combatant stay; what happened
            // in the fight does not.
            table: TableState {
                acted: Default::default(),
                rolls: Default::default(),
                rulings: Default::default(),
                ..self.table.clone()
            },
            ..self.clone()
        };
        let system = self.system();
        let fresh = |t: &Track| match system.track_meaning(&t.name) {
            // A track that fills up as it gets worse (Fatigue) starts empty.
            presentation::Meaning::Fatigue => 0,
            _ => t.max,
        };
        for c in board.combatants.values_mut() {
            for t in &mut c.tracks {
                t.value = fresh(t);
            }
            c.conditions.clear();
        }
        board
    }
}
