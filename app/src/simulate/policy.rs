//! The policy of auto-play: how a side chooses among the open prompts' options. One shared
//! chooser ([`choose`]) weighs every allowed option with the procedure's own [`Tactics`] and
//! takes the best; the building blocks every procedure's tactics share (who is a foe, the
//! weakest and the nearest, how hurt someone is, a step toward a foe) are here too.

use crate::command::Command;
use crate::dice::SeededDice;
use crate::encounter::{Combatant, Encounter};
use crate::ids::{CombatantId, ZoneId};
use crate::reach;
use crate::space;
use crate::system::System;

// A procedure's tactics are part of what it answers (`Rules::tactics`), so their trait lives
// with the procedure traits in `system`; the chooser here reads them.
pub use crate::system::tactics::{LAST_RESORT, Look, Tactics};

/// What every procedure's policy assumes (beside what the party does when the fight goes
/// badly: [`super::autoplay::Rules::party_words`]).
pub const SHARED_ASSUMPTIONS: &[&str] = &[
    "Everyone fights to win with what they carry: no spells or items the stat blocks do not list.",
    "An attacker picks a foe it can reach, the most hurt first, then the nearest.",
    "Nobody waits when there is something useful to do; a side moves toward the nearest foe.",
    "The fight ends when one side is all out (dead, down, fled or surrendered), or at the round limit.",
];

/// The command the sides choose now: the best allowed option of any prompt, else the
/// procedure's own move, else `None` (press Next).
pub fn choose(
    system: &dyn System,
    tactics: &dyn Tactics,
    enc: &Encounter,
    look: &Look,
    coin: &mut SeededDice,
) -> Option<Command> {
    // The best so far by its place (prompt, option): taken out at the end, never copied.
    let mut best: Option<(i32, usize, usize)> = None;
    let mut ties = 0u32;
    let mut prompts = crate::system::waiting::choices(system, enc);
    for (p, prompt) in prompts.iter().enumerate() {
        for (o, option) in prompt.options.iter().enumerate().filter(|(_, o)| o.enabled) {
            if matches!(option.command, Command::Advance) || look.refused.contains(&option.command)
            {
                continue;
            }
            let Some(worth) = tactics.worth(enc, prompt, option, look) else { continue };
            if worth <= LAST_RESORT && !look.stuck {
                continue;
            }
            match best {
                Some((b, ..)) if worth < b => {}
                Some((b, ..)) if worth == b => {
                    // Reservoir choice among equals, so no option wins a tie by its place.
                    ties += 1;
                    if coin.face(ties + 1) == 1 {
                        best = Some((worth, p, o));
                    }
                }
                _ => {
                    ties = 0;
                    best = Some((worth, p, o));
                }
            }
        }
    }
    if let Some((_, p, o)) = best {
        return Some(prompts.swap_remove(p).options.swap_remove(o).command);
    }
    tactics.own_move(enc, look).filter(|c| !look.refused.contains(c))
}

/// Whether `a` and `b` fight on opposite sides (the party against everyone else).
pub fn foes(enc: &Encounter, a: CombatantId, b: CombatantId) -> bool {
    match (enc.combatant(a), enc.combatant(b)) {
        (Some(x), Some(y)) => opposed(enc, x, y),
        _ => false,
    }
}

/// [`foes`] for two combatants at hand: no lookup by id.
fn opposed(enc: &Encounter, x: &Combatant, y: &Combatant) -> bool {
    let party = |c: &Combatant| enc.side(c.side).is_some_and(|s| s.party);
    x.side != y.side && (party(x) || party(y))
}

/// How much is left of a combatant's health, 0 (gone) to 1000 (untouched): its harm tracks
/// summed against their maxima. The most hurt is the one to finish.
pub fn health_permille(system: &dyn System, c: &Combatant) -> i64 {
    let (mut value, mut max) = (0, 0);
    for t in c.tracks.iter().filter(|t| t.max > 0) {
        if system.track_meaning(&t.name) == crate::system::presentation::Meaning::Harm {
            value += t.value.clamp(0, t.max);
            max += t.max;
        }
    }
    if max == 0 { 1000 } else { value * 1000 / max }
}

/// How good a target `target` is for `attacker`: the most hurt first, then the nearest
/// (a larger number is a better target).
pub fn target_worth(
    system: &dyn System,
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
) -> i32 {
    let (Some(a), Some(t)) = (enc.combatant(attacker), enc.combatant(target)) else {
        return i32::MIN / 2;
    };
    let hurt = 1000 - health_permille(system, t);
    let distance = reach::range(enc, a, t).map_or(50, steps_of);
    (hurt * 10) as i32 - distance
}

/// A distance as a number of steps: zones between, or 5-ft squares.
fn steps_of(d: space::Distance) -> i32 {
    match d {
        space::Distance::Steps(n) => n as i32,
        space::Distance::Feet(f) => (f / 5) as i32,
    }
}

/// The nearest foe of `id` still fighting, and how far (zone steps or squares).
pub fn nearest_foe(
    system: &dyn System,
    enc: &Encounter,
    id: CombatantId,
) -> Option<(CombatantId, i32)> {
    let me = enc.combatant(id)?;
    enc.combatants
        .values()
        .filter(|c| opposed(enc, me, c) && !system.is_out(enc, c))
        .filter_map(|c| {
            let steps = match (&enc.grid, me.zone) {
                // Zone to zone: one or two steps need no search (`zones::distance`).
                (None, Some(here)) => {
                    c.zone.and_then(|there| reach::distance(enc, here, there)).map(|d| d as i32)
                }
                _ => reach::range(enc, me, c).map(steps_of),
            };
            steps.map(|d| (c.id, d))
        })
        .min_by_key(|(fid, d)| (*d, *fid))
}

/// The zone next to `id`'s that is one step nearer its nearest foe, on a board of zones.
pub fn zone_toward_foe(system: &dyn System, enc: &Encounter, id: CombatantId) -> Option<ZoneId> {
    let (foe, distance) = nearest_foe(system, enc, id)?;
    if distance == 0 {
        return None;
    }
    let here = enc.combatant(id)?.zone?;
    let there = enc.combatant(foe)?.zone?;
    let zone = enc.zone(here)?;
    zone.adjacent
        .iter()
        .copied()
        .filter(|z| reach::distance(enc, *z, there).is_some_and(|d| (d as i32) < distance))
        .min()
}
