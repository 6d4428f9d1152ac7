//! The players' evening: each fight's recap as the table view let them see it
//! ([`super::players_recap`]), and the party over the evening summed from those — so the
//! evening's table, the card and the chat text give harm in numbers only where every fight
//! did: harm dealt when the players saw every side's health in numbers in every fight, harm
//! taken when they saw the party's in every fight. The dice are those they saw rolled.

use super::{PlayersRecap, players_recap};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::history::CommandRecord;
use crate::recap::dice::DieTally;
use crate::recap::{SessionRecap, evening};

/// The evening as the players saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayersEvening {
    /// Each fight's players' recap, in order.
    pub fights: Vec<PlayersRecap>,
    /// The party over the evening from those recaps, with the dice the players saw.
    pub recap: SessionRecap,
    /// Harm dealt may be told: every fight showed every side's health in numbers.
    pub dealt: bool,
    /// Harm taken may be told: every fight showed the party's health in numbers.
    pub taken: bool,
}

/// The players' evening `name` on `date`, of the fights `fights` (each its board at the
/// start, its commands in effect and its events), in order.
pub fn players_evening<'a>(
    name: &str,
    date: &str,
    fights: impl Iterator<Item = (&'a Encounter, &'a [CommandRecord], &'a [Event])>,
) -> PlayersEvening {
    let fights: Vec<PlayersRecap> =
        fights.map(|(base, commands, events)| players_recap(base, commands, events)).collect();
    let dealt = fights.iter().all(|p| p.numbers);
    let taken = fights.iter().all(|p| {
        p.fight
            .combatants
            .iter()
            .filter(|f| p.fight.sides.iter().any(|s| s.id == f.side && s.party))
            .all(|f| p.harm_seen.contains(&f.id))
    });
    let mut recap =
        evening(name, date, fights.iter().map(|p| p.fight.clone()).collect(), std::iter::empty());
    recap.dice = merged(fights.iter().flat_map(|p| &p.fight.dice));
    if !dealt || !taken {
        for person in &mut recap.party {
            if !dealt {
                person.dealt.clear();
            }
            if !taken {
                person.taken.clear();
            }
        }
    }
    PlayersEvening { fights, recap, dealt, taken }
}

/// Tallies of the same thrower and die added together, in the order first met.
fn merged<'a>(tallies: impl Iterator<Item = &'a DieTally>) -> Vec<DieTally> {
    let mut out: Vec<DieTally> = Vec::new();
    for t in tallies {
        let same =
            |m: &&mut DieTally| m.thrower == t.thrower && m.sides == t.sides && m.fudge == t.fudge;
        match out.iter_mut().find(same) {
            Some(m) if m.counts.len() == t.counts.len() => {
                m.counts.iter_mut().zip(&t.counts).for_each(|(a, b)| *a += b);
            }
            _ => out.push(t.clone()),
        }
    }
    // In the order a tally of the rolls themselves gives (thrower, die).
    out.sort_by(|a, b| (&a.thrower, a.sides, a.fudge).cmp(&(&b.thrower, b.sides, b.fudge)));
    out
}
