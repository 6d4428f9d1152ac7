//! What a skirmish asks: start, the acting combatant's attack or pass, the end of a round.

use super::Step;
use super::{SkirmishCommand, stands};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId};
use crate::system::Step as _;
use crate::system::{Prompt, PromptOption};

/// Who acts now: the first combatant still standing and not yet acted, of the side that won
/// the initiative, then of the others in the order they were added.
pub(super) fn next_to_act(enc: &Encounter) -> Option<CombatantId> {
    if !Step::Turns.now(enc) {
        return None;
    }
    let state = enc.skirmish();
    let mut sides: Vec<SideId> = enc.sides.keys().copied().collect();
    sides.sort_by_key(|s| Some(*s) != state.first);
    sides.into_iter().find_map(|side| {
        enc.combatants
            .values()
            .find(|c| c.side == side && stands(c) && !state.acted.contains(&c.id))
            .map(|c| c.id)
    })
}

/// The question of the moment.
pub(super) fn prompts(enc: &Encounter) -> Vec<Prompt> {
    match Step::of(enc) {
        Some(Step::Turns) => vec![turn(enc)],
        Some(Step::Morale) => vec![Prompt::round_over(enc)],
        _ => vec![Prompt::ready_to_fight(enc)],
    }
}

fn turn(enc: &Encounter) -> Prompt {
    let Some(id) = next_to_act(enc) else {
        return Prompt {
            id: "round-done".into(),
            title: "Everyone has acted".into(),
            actor: None,
            options: vec![PromptOption::allowed("Morale", Command::Advance).main()],
        };
    };
    let me = &enc.combatants[&id];
    let mut options: Vec<PromptOption> = enc
        .combatants
        .values()
        .filter(|c| c.side != me.side && stands(c))
        .map(|foe| {
            let attack = Command::from(SkirmishCommand::Attack { attacker: id, target: foe.id });
            let label = format!("Attack {}", foe.name);
            if me.zone.is_some() && me.zone == foe.zone {
                PromptOption::allowed(label, attack)
            } else {
                PromptOption::forbidden(label, attack, "not in the same zone")
            }
        })
        .collect();
    options.push(PromptOption::allowed("Pass", SkirmishCommand::Pass { id }.into()).main());
    Prompt {
        id: format!("turn-{id}"),
        title: format!("{}'s turn", me.name),
        actor: Some(id),
        options,
    }
}
