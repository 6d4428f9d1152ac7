//! A fight nobody can fight: the sides walled apart. When a whole round passes and nothing on
//! the board changed (nobody moved, nobody was hurt), the simulator asks whether any standing
//! member of the party and any standing foe can reach each other — a path between them, even
//! through doors that are shut today (any door may be opened), or a line of sight — and ends
//! the fight as *no way between the sides* when none can, instead of playing to the round
//! limit. On zones, a way is a chain of adjacent zones.

use crate::encounter::{Combatant, Encounter};
use crate::reach;
use crate::space::grid::Footprint;
use crate::space::path::{Moves, Passage, doors};
use crate::space::sight::Sight;
use crate::system::System;
use std::hash::{Hash, Hasher};

/// What a round changes on the board: where everyone stands and their tracks. Equal at the
/// start and the end of a round: nothing happened in it.
pub fn board_print(enc: &Encounter) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for c in enc.combatants.values() {
        (c.id, c.square, c.zone).hash(&mut h);
        for t in &c.tracks {
            t.value.hash(&mut h);
        }
        c.conditions.len().hash(&mut h);
    }
    h.finish()
}

/// Whether no standing member of the party can reach or see any standing foe.
pub fn no_way(system: &dyn System, enc: &Encounter) -> bool {
    let standing = |c: &&Combatant| c.on_board() && !system.is_out(enc, c);
    let (party, foes): (Vec<&Combatant>, Vec<&Combatant>) =
        enc.combatants.values().filter(standing).partition(|c| enc.is_party(c.id));
    if party.is_empty() || foes.is_empty() {
        return false;
    }
    match &enc.grid {
        None => !party.iter().any(|p| {
            foes.iter().any(|f| match (p.zone, f.zone) {
                (Some(a), Some(b)) => reach::distance(enc, a, b).is_some(),
                _ => false,
            })
        }),
        Some(grid) => {
            let sight = Sight::new(grid);
            let opened = doors::doors_opened(grid);
            let passage = Passage::new(&opened);
            let foot = |c: &Combatant| c.footprint();
            !party.iter().any(|p| {
                let Some(fp) = foot(p) else { return false };
                let targets: Vec<Footprint> = foes.iter().filter_map(|f| foot(f)).collect();
                if targets.iter().any(|t| sight.line_of_sight(fp, *t)) {
                    return true;
                }
                // Walls and doors alone: who stands where may change.
                let moves = Moves::new(&passage, p.size, Vec::new());
                let here = std::iter::once(fp.at);
                here.chain(moves.reachable(fp.at, u32::MAX).into_iter().map(|(at, _)| at)).any(
                    |at| {
                        let me = Footprint { at, size: p.size };
                        targets.iter().any(|t| me.squares_to(*t) <= 1)
                    },
                )
            })
        }
    }
}
