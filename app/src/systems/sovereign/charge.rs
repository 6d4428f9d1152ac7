//! A Charge's run: the nearest square next to the target reached in a straight line (a row, a
//! column or a diagonal), at least 5 ft and at most twice the Move.

use super::movement::move_ft;
use crate::encounter::{Combatant, Encounter};
use crate::reach;
use crate::space::grid::GridPos;
use crate::space::path::Passage;
use crate::space::{self};
use crate::system::RuleError;

/// Where a Charge of `a` at `t` ends and its path: the nearest square next to `t` reached in a
/// straight line (a row, a column or a diagonal), 5 ft at least and at most twice the Move,
/// with the Move unused this turn.
pub(crate) fn charge_path(
    enc: &Encounter,
    a: &Combatant,
    t: &Combatant,
) -> Result<(GridPos, u32), RuleError> {
    if enc.sovereign().turn.now(enc).feet > 0 {
        return Err(RuleError::NotAllowed(format!(
            "{} has moved this turn: a Charge takes the whole Move",
            a.name
        )));
    }
    let grid = enc.grid.as_ref().ok_or_else(|| RuleError::Invalid("there is no grid".into()))?;
    let (Some(from), Some(target)) = (a.square, t.square) else {
        return Err(RuleError::NotAllowed(format!(
            "{} and {} are not both on the grid",
            a.name, t.name
        )));
    };
    let passage = Passage::new(grid);
    let moves = reach::moves(enc, &passage, a);
    let allowance = 2 * move_ft(a);
    let mut best: Option<(GridPos, u32)> = None;
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            let (x, y) = (i32::from(target.x) + dx, i32::from(target.y) + dy);
            let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) else { continue };
            let to = GridPos { x, y };
            if (dx, dy) == (0, 0) || to == from || !straight(from, to) {
                continue;
            }
            let Some(cost) = straight_run(&moves, from, to, allowance) else { continue };
            if best.is_none_or(|(_, c)| cost < c) {
                best = Some((to, cost));
            }
        }
    }
    best.ok_or_else(|| {
        RuleError::NotAllowed(format!(
            "no straight run of {allowance} ft or less takes {} next to {}",
            a.name, t.name
        ))
    })
}

/// The cost of running from `from` to `to` square by square along their line, each step a
/// direct one (no wall, no one in the way), within `allowance` feet; none when it cannot.
fn straight_run(
    moves: &space::path::Moves<'_>,
    from: GridPos,
    to: GridPos,
    allowance: u32,
) -> Option<u32> {
    let (dx, dy) = (
        (i32::from(to.x) - i32::from(from.x)).signum(),
        (i32::from(to.y) - i32::from(from.y)).signum(),
    );
    let (mut at, mut cost) = (from, 0u32);
    while at != to {
        let next = GridPos {
            x: u16::try_from(i32::from(at.x) + dx).ok()?,
            y: u16::try_from(i32::from(at.y) + dy).ok()?,
        };
        let left = allowance.checked_sub(cost)?;
        // A plain step needs no search (a Charge is checked for every foe at every turn).
        let step = if moves.plain_step(at, next) {
            Some(moves.square_ft()).filter(|ft| *ft <= left)?
        } else {
            // A path of two squares is the step itself: when it is barred, no search finds one.
            moves.step_cost(at, next)?;
            let step = moves.within(at, next, left).ok()?;
            if step.squares.len() != 2 {
                return None;
            }
            step.cost_ft
        };
        cost += step;
        at = next;
    }
    Some(cost)
}

/// Whether `to` lies on a row, a column or a diagonal through `from`.
fn straight(from: GridPos, to: GridPos) -> bool {
    let (dx, dy) = (i32::from(to.x) - i32::from(from.x), i32::from(to.y) - i32::from(from.y));
    dx == 0 || dy == 0 || dx.abs() == dy.abs()
}
