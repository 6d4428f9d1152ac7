//! Actions that draw attacks of opportunity from the armed foes next to the one acting: a
//! Charge (from where it starts), Use a Skill (a check as the Main, first aid), Pick up an
//! Item. Walking out of reach and standing up draw them too (`opportunity`). Disengaging first
//! spares all of them. The action waits, named in the threat, until every such foe has struck
//! or let it go; then it is made, unless the one acting fell.

use super::attack::{check_attack, check_main};
use super::block::{armed_in_melee, is_out};
use super::heal::check_heal;
use super::model::{Manner, SovCommand, SovEvent};
use super::{R_MOVE, checks};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::reach;
use crate::system::{Ctx, RuleError};

/// The armed foes next to `c` who may strike when it acts there; none when it disengaged this
/// turn.
pub(crate) fn adjacent_strikers(enc: &Encounter, c: &Combatant) -> Vec<CombatantId> {
    if enc.sovereign().turn.now(enc).disengaged {
        return Vec::new();
    }
    enc.combatants
        .values()
        .filter(|o| o.side != c.side && !is_out(o) && reach::in_melee(enc, c, o))
        .filter(|o| armed_in_melee(o))
        .map(|o| o.id)
        .collect()
}

/// Who acts in `command`, when it is an action that draws attacks of opportunity; its own
/// checks are made first, so a refused action draws nothing.
pub(crate) fn provoker(
    enc: &Encounter,
    command: &SovCommand,
) -> Result<Option<CombatantId>, RuleError> {
    match command {
        SovCommand::Attack { attacker, target, weapon, manner: Manner::Charge } => {
            check_attack(enc, *attacker, *target, *weapon, &Manner::Charge)?;
            Ok(Some(*attacker))
        }
        SovCommand::Heal { healer, target } => {
            check_heal(enc, *healer, *target)?;
            Ok(Some(*healer))
        }
        SovCommand::Check { id, main: true, .. } => {
            check_main(enc, *id, false)?;
            Ok(Some(*id))
        }
        SovCommand::PickUp { id } => {
            checks::check_pick_up(enc, *id)?;
            Ok(Some(*id))
        }
        _ => Ok(None),
    }
}

/// What the action waiting is, for the journal: "charges Orc 1".
pub(crate) fn doing(enc: &Encounter, command: &SovCommand) -> String {
    match command {
        SovCommand::Attack { target, .. } => format!("charges {}", enc.name_of(*target)),
        SovCommand::Heal { target, .. } => format!("treats {}", enc.name_of(*target)),
        SovCommand::Check { skill, .. } => format!("uses {skill}"),
        SovCommand::PickUp { .. } => "picks up an item".into(),
        _ => "acts".into(),
    }
}

/// `command` made at once, or — when armed foes stand next to the one acting — held back
/// until each has struck or let it go.
pub(crate) fn handle(
    enc: &mut Encounter,
    command: SovCommand,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Some(id) = provoker(enc, &command)? else { return super::act(enc, command, dice) };
    let c = &enc.combatants[&id];
    let strikers = adjacent_strikers(enc, c);
    let Some(square) = c.square.filter(|_| !strikers.is_empty()) else {
        return super::act(enc, command, dice);
    };
    let mut ctx = Ctx::new(enc, dice);
    ctx.emit(
        R_MOVE,
        Some(id),
        SovEvent::Threatened {
            id,
            from: square,
            to: square,
            cost_ft: 0,
            strikers,
            standing: false,
            then: Some(Box::new(command)),
        },
    );
    Ok(ctx.finish())
}

/// The waiting action, made now that every foe has answered; when it can no longer be made,
/// the journal says why.
pub(crate) fn make(ctx: &mut Ctx, command: SovCommand) {
    let id = provoker_id(&command);
    if let Err(e) = ctx.then(|enc, dice| super::act(enc, command, dice)) {
        let name = id.map_or_else(String::new, |id| ctx.enc.name_of(id));
        ctx.ruling(R_MOVE, id, format_args!("{name} cannot go on: {e}"));
    }
}

fn provoker_id(command: &SovCommand) -> Option<CombatantId> {
    match command {
        SovCommand::Attack { attacker, .. } => Some(*attacker),
        SovCommand::Heal { healer, .. } => Some(*healer),
        SovCommand::Check { id, .. } | SovCommand::PickUp { id } => Some(*id),
        _ => None,
    }
}

/// A blow or a treatment held back by the foes next to the one acting shows its target and
/// those foes to the players: they watch the charge begin.
pub(crate) fn meets(event: &Event, out: &mut Vec<CombatantId>) {
    let crate::event::EventKind::Own(own) = &event.kind else { return };
    if let Some(SovEvent::Threatened { strikers, then, .. }) = own.get::<SovEvent>() {
        out.extend(strikers);
        if let Some(SovCommand::Attack { target, .. } | SovCommand::Heal { target, .. }) =
            then.as_deref()
        {
            out.push(*target);
        }
    }
}
