//! A fight nobody can fight: the sides walled apart. When a whole round passes and nothing on
//! the board changed (nobody moved, nobody was hurt), the simulator asks whether any standing
//! combatant and any standing foe of it can reach each other — a path to a square from which
//! it strikes the foe (next to it, no wall between), even through doors that are shut today
//! (any door may be opened), past its own side's standing (they may step aside) but not past
//! a foe, nor past the fallen, who lie where they fell and bar the way as the movement rules
//! say — or whether one that shoots sees the other. When none can, the fight ends as *no way
//! between the sides*, instead of playing to the round limit. On zones, a way is a chain of
//! adjacent zones.

use super::policy::Tactics;
use crate::encounter::{Combatant, Encounter};
use crate::reach;
use crate::space::grid::Footprint;
use crate::space::path::{Passage, doors};
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

/// Whether no standing member of the party and no standing foe can reach, or shoot at, one
/// of the other side.
pub fn no_way(system: &dyn System, tactics: &dyn Tactics, enc: &Encounter) -> bool {
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
            let way = |me: &Combatant, others: &[&Combatant]| {
                let Some(fp) = me.footprint() else { return false };
                let targets: Vec<Footprint> = others.iter().filter_map(|f| f.footprint()).collect();
                if tactics.shoots(enc, me) && targets.iter().any(|t| sight.line_of_sight(fp, *t)) {
                    return true;
                }
                // In the way: the fallen of either side and the foes standing; the foes may
                // come nearer, but then their own way is found.
                let in_the_way =
                    |c: &Combatant| system.is_out(enc, c) || others.iter().any(|o| o.id == c.id);
                let moves = reach::moves_among(enc, &passage, me, in_the_way);
                let here = std::iter::once(fp.at);
                here.chain(moves.reachable(fp.at, u32::MAX).into_iter().map(|(at, _)| at)).any(
                    |at| {
                        // Next to a foe with no wall between: a blow may be struck.
                        let me = Footprint { at, size: me.size };
                        targets.iter().any(|t| crate::space::strikes(&passage, me, *t))
                    },
                )
            };
            // The fallen bar the way by side (an ally's body may be passed, a foe's not), so
            // the way is asked from both sides.
            !party.iter().any(|p| way(p, &foes)) && !foes.iter().any(|f| way(f, &party))
        }
    }
}
