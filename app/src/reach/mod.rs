//! Where combatants stand and what that means: the zone graph or the 5-ft grid, behind one
//! seam. Procedures ask how far ([`range`]), whether one sees the other ([`sees`]), what cover
//! ([`cover`]), whether one can strike the other ([`in_melee`]) and where one may go
//! ([`moves`]), and never look at which kind of space the encounter has. The geometry itself
//! is [`crate::space`]'s, which knows no encounter.

mod spread;
mod zones;

pub use spread::spread;
pub use zones::{distance, distances};

use crate::encounter::{Combatant, Encounter};
use crate::space::grid::{self, Footprint};
use crate::space::path::{self, Moves, Occupant, Passage};
use crate::space::sight::{Cover, Sight};
use crate::space::{Distance, strikes};

/// How far `a` is from `b`: zone steps, or feet between their nearest squares. `None` when
/// either is off the board or no path of zones joins them.
pub fn range(enc: &Encounter, a: &Combatant, b: &Combatant) -> Option<Distance> {
    match &enc.grid {
        Some(grid) => {
            let (fa, fb) = (a.footprint()?, b.footprint()?);
            Some(Distance::Feet(u32::from(fa.squares_to(fb)) * u32::from(grid.feet)))
        }
        None => distance(enc, a.zone?, b.zone?).map(Distance::Steps),
    }
}

/// Whether `a` has a line of sight to `b` (and `b` to `a`: it is the same line). Zones have
/// no walls: everyone on the board sees everyone.
pub fn sees(enc: &Encounter, a: &Combatant, b: &Combatant) -> bool {
    match &enc.grid {
        Some(grid) => match (a.footprint(), b.footprint()) {
            (Some(fa), Some(fb)) => Sight::new(grid).line_of_sight(fa, fb),
            _ => false,
        },
        None => a.zone.is_some() && b.zone.is_some(),
    }
}

/// How well `target` is covered from `attacker`. Zones give no cover of their own.
pub fn cover(enc: &Encounter, target: &Combatant, attacker: &Combatant) -> Cover {
    match &enc.grid {
        Some(grid) => match (attacker.footprint(), target.footprint()) {
            (Some(fa), Some(ft)) => Sight::new(grid).cover(fa, ft),
            _ => Cover::Hidden,
        },
        None if attacker.zone.is_some() && target.zone.is_some() => Cover::None,
        None => Cover::Hidden,
    }
}

/// Whether `a` can strike `b` in melee: the same zone, or squares side by side (diagonals
/// too) with no wall between them and no corner of a wall cut.
pub fn in_melee(enc: &Encounter, a: &Combatant, b: &Combatant) -> bool {
    match &enc.grid {
        Some(grid) => match (a.footprint(), b.footprint()) {
            // Most pairs stand apart: the walls are looked at only for those side by side.
            (Some(fa), Some(fb)) => fa.squares_to(fb) == 1 && strikes(&Passage::new(grid), fa, fb),
            _ => false,
        },
        None => a.zone.is_some() && a.zone == b.zone,
    }
}

/// Setting (of the procedures that offer it): how enemies stand in a mover's way on the grid.
pub const OBSTACLES: &str = "creatures_as_obstacles";
/// They bar the way, except to a mover eight times their area (the default).
pub const OBSTACLES_BY_SIZE: &str = "by_size";
/// They always bar the way.
pub const OBSTACLES_BLOCK: &str = "block";
/// Their squares are difficult terrain, never barred.
pub const OBSTACLES_DIFFICULT: &str = "difficult";

/// The enemy rule the encounter's settings choose.
fn enemy_rule(enc: &Encounter) -> path::EnemyRule {
    match enc.choice(OBSTACLES, OBSTACLES_BY_SIZE) {
        OBSTACLES_BLOCK => path::EnemyRule::Block,
        OBSTACLES_DIFFICULT => path::EnemyRule::Difficult,
        _ => path::EnemyRule::BySize,
    }
}

/// The moves open to `who` on the grid: everyone else on it, its side's as allies.
/// `passage` is [`Passage::new`] of the encounter's grid.
/// Enemies stand in the way as the [`OBSTACLES`] setting says, and (from rules edition 1) no
/// diagonal step cuts a corner past one that bars the way.
pub fn moves<'a>(enc: &Encounter, passage: &'a Passage, who: &Combatant) -> Moves<'a> {
    moves_among(enc, passage, who, |_| true)
}

/// [`moves`] with only those of the others `among` picks standing in the way: the fallen
/// alone, to ask whether a way could open once those still standing step aside.
pub fn moves_among<'a>(
    enc: &Encounter,
    passage: &'a Passage,
    who: &Combatant,
    among: impl Fn(&Combatant) -> bool,
) -> Moves<'a> {
    let occupants = enc
        .combatants
        .values()
        .filter(|c| c.id != who.id && among(c))
        .filter_map(|c| Some(Occupant { at: c.footprint()?, ally: c.side == who.side }))
        .collect();
    Moves::new(passage, who.size, occupants)
        .with_enemies(enemy_rule(enc))
        .with_enemy_corners(enc.rules >= 1)
}

/// The feet `who` may move in one step on the grid: its `move` stat, when its sheet gives
/// one; `None`: as far as the GM allows (procedures with an action economy check their own).
pub fn move_allowance_ft(who: &Combatant) -> Option<u32> {
    who.stat("move").and_then(|m| u32::try_from(m).ok())
}

/// The way a step of `who` from `from` to `to` takes, within its allowance: what the rules
/// accept for a step, and what the board shows while the token is dragged.
pub fn step_path(
    moves: &Moves<'_>,
    who: &Combatant,
    from: grid::GridPos,
    to: grid::GridPos,
) -> Result<path::Path, path::MoveRefusal> {
    match move_allowance_ft(who) {
        Some(allowance) => moves.within(from, to, allowance),
        None => moves.path(from, to),
    }
}

/// Everyone standing on the grid, as footprints (for drawing and for the GM's placements).
pub fn footprints(enc: &Encounter) -> impl Iterator<Item = (&Combatant, Footprint)> {
    enc.combatants.values().filter_map(|c| Some((c, c.footprint()?)))
}
