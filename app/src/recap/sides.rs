//! A side's figures, summed from its members', and the round the fight turned.

use std::collections::BTreeMap;

use super::figures::{Figures, SideFigures, Turned};
use crate::encounter::Encounter;
use crate::ids::SideId;

/// Every side of `enc` with its members' figures summed (a member counts for the side it was
/// on at the end) and its standing series.
pub(super) fn sum(
    enc: &Encounter,
    figures: &[Figures],
    standing: &mut BTreeMap<SideId, Vec<(u32, u32)>>,
) -> Vec<SideFigures> {
    enc.sides
        .values()
        .map(|side| {
            let mut s =
                SideFigures::new(side.id, side.name.clone(), side.colour.clone(), side.party);
            s.standing = standing.remove(&side.id).unwrap_or_default();
            for f in figures.iter().filter(|f| f.side == side.id) {
                for (k, v) in &f.dealt {
                    *s.dealt.entry(k.clone()).or_default() += v;
                }
                for (k, v) in &f.taken {
                    *s.taken.entry(k.clone()).or_default() += v;
                }
                s.landed += f.landed;
                s.missed += f.missed;
                s.avoided += f.avoided;
                s.reactions += f.reactions;
                s.criticals += f.criticals;
                s.fumbles += f.fumbles;
                s.took_out += f.took_out.len() as u32;
                s.went_out += f.taken_out_by.len() as u32;
            }
            s
        })
        .collect()
}

/// The round after which one side always had more standing than every other, to the end: the
/// first round `r` such that at the end of `r` and of every later round that side was ahead.
/// `None` when no side ends ahead, or before a round was fought.
pub(super) fn turned(sides: &[SideFigures]) -> Option<Turned> {
    let ends: Vec<u32> = {
        let mut rounds: Vec<u32> =
            sides.iter().flat_map(|s| s.standing.iter().map(|(r, _)| *r)).collect();
        rounds.sort_unstable();
        rounds.dedup();
        rounds.into_iter().filter(|r| *r > 0).collect()
    };
    let at = |s: &SideFigures, round: u32| {
        // A side's count holds from its last figure at or before the round.
        s.standing.iter().rev().find(|(r, _)| *r <= round).map_or(0, |(_, n)| *n)
    };
    let ahead = |round: u32| -> Option<SideId> {
        let best = sides.iter().max_by_key(|s| at(s, round))?;
        let n = at(best, round);
        let tied = sides.iter().filter(|s| at(s, round) == n).count() > 1;
        (!tied).then_some(best.id)
    };
    let last = *ends.last()?;
    let side = ahead(last)?;
    let mut round = last;
    for &r in ends.iter().rev() {
        if ahead(r) == Some(side) {
            round = r;
        } else {
            break;
        }
    }
    Some(Turned { round, side })
}
