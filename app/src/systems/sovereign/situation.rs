//! Where an attack stands, read from the grid and the conditions: in reach or range, long
//! range, cover, prone, a ranged attacker with a foe next to it, a target unseen. The
//! modifiers these make are `rules.rs`; the attack itself `attack.rs`.

use super::block::{attack, is_out};
use super::rules::Situation;
use super::{HIDDEN, UNSEEN};
use crate::encounter::{Combatant, Encounter};
use crate::reach;
use crate::space::Distance;
use crate::system::RuleError;

/// Whether any foe of `c` stands in melee with it.
fn foe_in_melee(enc: &Encounter, c: &Combatant) -> bool {
    enc.combatants.values().any(|o| o.side != c.side && !is_out(o) && reach::in_melee(enc, c, o))
}

/// Whether `t` is within reach of `a`'s attack `index` (next to it, or within its range).
pub(crate) fn in_reach(enc: &Encounter, a: &Combatant, t: &Combatant, index: usize) -> bool {
    situation(enc, a, t, index).is_ok()
}

/// The situation of an attack, read from the grid and the conditions.
pub(super) fn situation(
    enc: &Encounter,
    a: &Combatant,
    t: &Combatant,
    index: usize,
) -> Result<Situation, RuleError> {
    let w = attack(a, index)?;
    let adjacent = reach::in_melee(enc, a, t);
    let feet = match reach::range(enc, a, t) {
        Some(Distance::Feet(f)) => f,
        _ => {
            return Err(RuleError::NotAllowed(format!(
                "{} and {} are not both on the grid",
                a.name, t.name
            )));
        }
    };
    let mut long_range = false;
    if let Some(normal) = w.range {
        let long = w.long_range.unwrap_or(normal).max(normal);
        if feet > long {
            return Err(RuleError::NotAllowed(format!(
                "{} is {feet} ft away: beyond {}'s range ({long} ft)",
                t.name, w.name
            )));
        }
        long_range = feet > normal;
    } else if !adjacent {
        return Err(RuleError::NotAllowed(format!(
            "{} is not next to {}: a melee attack needs it",
            t.name, a.name
        )));
    }
    let cover = reach::cover(enc, t, a);
    Ok(Situation {
        ranged: w.ranged(),
        // A thrown weapon that takes both hands is refused in melee like a bow (rules
        // edition 1); one that takes one is thrown at −4.
        thrown: w.thrown && (enc.rules < 1 || !w.two_handed()),
        one_handed: enc.rules >= 1 && w.ranged() && !w.thrown && !w.two_handed(),
        in_melee: w.ranged() && foe_in_melee(enc, a),
        long_range,
        cover: Some(cover),
        target_prone: t.conditions.contains("prone"),
        adjacent,
        attacker_prone: a.conditions.contains("prone"),
        // The GM marks what sight cannot show: `unseen` (its place known), `hidden` (not).
        unseen_located: t.conditions.contains(UNSEEN),
        unseen_unlocated: t.conditions.contains(HIDDEN),
        ..Situation::default()
    })
}
