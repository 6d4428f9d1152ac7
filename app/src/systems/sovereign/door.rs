//! A door opened or shut by the one whose turn it is. The text counts "some other relatively
//! brief bodily action" as a Move action, as it does getting up from prone: working a door
//! in reach spends the turn's Move (our reading; nothing walked before it, as picking up an
//! item). A door is in reach when it lies on a side of one of the mover's squares.

use super::R_MOVE;
use super::model::{SovEvent, TurnAt};
use super::movement::{check_move_left, move_ft};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::space::grid::{Axis, Edge, WallKind};
use crate::space::path::Passage;
use crate::system::{Ctx, RuleError};

/// Whether `edge` lies on a side of one of `c`'s squares.
fn in_reach(c: &Combatant, edge: Edge) -> bool {
    let Some(f) = c.footprint() else { return false };
    f.squares().any(|s| match edge.axis {
        Axis::Vertical => edge.y == s.y && (edge.x == s.x || edge.x == s.x + 1),
        Axis::Horizontal => edge.x == s.x && (edge.y == s.y || edge.y == s.y + 1),
    })
}

/// The doors in `id`'s reach, each with whether it stands open, in the grid's order.
pub(crate) fn doors_in_reach(enc: &Encounter, id: CombatantId) -> Vec<(Edge, bool)> {
    let (Some(grid), Some(c)) = (enc.grid.as_ref(), enc.combatant(id)) else { return Vec::new() };
    grid.walls
        .iter()
        .filter_map(|w| match w.kind {
            WallKind::Door { open } if in_reach(c, w.edge) => Some((w.edge, open)),
            _ => None,
        })
        .collect()
}

/// Why `id` may not work the door on `edge` now; else whether it stands open.
pub(crate) fn check_door(enc: &Encounter, id: CombatantId, edge: Edge) -> Result<bool, RuleError> {
    let c = check_move_left(enc, id, false)?;
    let open = match enc.grid.as_ref().and_then(|g| g.wall(edge)) {
        Some(WallKind::Door { open }) => open,
        _ => {
            let (x, y) = edge.ends()[0];
            return Err(RuleError::Invalid(format!("there is no door at ({x}, {y})")));
        }
    };
    if !in_reach(c, edge) {
        return Err(RuleError::NotAllowed(format!("{} is not beside that door", c.name)));
    }
    if open && let Some(grid) = enc.grid.as_ref() {
        // A door is not shut through someone big standing in its way.
        let mut shut = grid.clone();
        shut.set_wall(edge, Some(WallKind::Door { open: false }));
        let passage = Passage::new(&shut);
        if let Some((who, _)) =
            crate::reach::footprints(enc).find(|(_, f)| !passage.can_stand(f.at, f.size))
        {
            return Err(RuleError::NotAllowed(format!("{} stands in the doorway", who.name)));
        }
    }
    Ok(open)
}

/// Opens or shuts the door on `edge`: the turn's Move.
pub(crate) fn work_door(
    enc: &mut Encounter,
    id: CombatantId,
    edge: Edge,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let open = check_door(enc, id, edge)?;
    let c = &*enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))?;
    let mut ctx = Ctx::new(enc, dice);
    let at = TurnAt::now(ctx.enc).unwrap_or_default();
    ctx.emit(R_MOVE, Some(id), SovEvent::Walked { id, at, feet: move_ft(c), done: false });
    let kind = Some(WallKind::Door { open: !open });
    ctx.push(R_MOVE, Some(id), EventKind::WallsSet { edges: vec![edge], kind });
    let verb = if open { "shuts" } else { "opens" };
    ctx.ruling(R_MOVE, Some(id), format_args!("{} {verb} the door (its Move)", c.name));
    Ok(ctx.finish())
}
