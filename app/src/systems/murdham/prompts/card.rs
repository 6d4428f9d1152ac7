//! The buttons on a character's card: hide or come out of hiding, stand on a border, let go,
//! flee in a chase.

use crate::command::Command;
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::PromptOption;
use crate::systems::murdham::model::MurdhamCommand as C;
use crate::systems::murdham::{
    CONCEALED, DEAD, DYING, ESCAPED, INCAPACITATED, cmd, grapple, standing,
};

/// Card buttons: hide (or come out of hiding), stand on a border, let go, flee in a chase.
pub(crate) fn card_actions(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    let mut out = Vec::new();
    if c.conditions.contains(CONCEALED) {
        out.push(PromptOption::allowed(
            "Reveal (no longer concealed)",
            Command::RemoveCondition { id, condition: CONCEALED.into() },
        ));
    } else if standing(c) {
        out.push(PromptOption::allowed(
            "Conceal (ambush, hidden)",
            Command::AddCondition { id, condition: CONCEALED.into() },
        ));
    }
    if let Some(zone) = c.zone.and_then(|z| enc.zone(z)) {
        let on = enc.murdham().borders.get(&id);
        for z in zone.adjacent.iter().filter_map(|z| enc.zone(*z)) {
            if on != Some(&z.id) {
                out.push(PromptOption::allowed(
                    format!("Stand on the border with {}", z.name),
                    cmd(C::Border { id, zone: Some(z.id) }),
                ));
            }
        }
        if on.is_some() {
            out.push(PromptOption::allowed(
                "Step back inside its zone",
                cmd(C::Border { id, zone: None }),
            ));
        }
    }
    if let Some(h) = grapple::held_by(enc, id) {
        out.push(PromptOption::allowed(
            format!("Let go of {}", enc.name_of(h)),
            cmd(C::Release { grabber: id }),
        ));
    }
    if enc.round > 0 {
        let fleeing: Vec<CombatantId> = enc
            .combatants
            .values()
            .filter(|x| x.side == c.side)
            .filter(|x| !x.conditions.contains(DEAD) && !x.conditions.contains(DYING))
            .filter(|x| !x.conditions.contains(INCAPACITATED) && !x.conditions.contains(ESCAPED))
            .map(|x| x.id)
            .collect();
        if !fleeing.is_empty() {
            out.push(PromptOption::allowed(
                format!("Chase: its side flees ({} on one AGI save)", fleeing.len()),
                cmd(C::Chase { ids: fleeing }),
            ));
        }
    }
    out
}
