//! Prompts that block everything else until answered: a reaction to an attack, a counter-gambit,
//! a free strike, magic dice in hand.

use super::{bdp, foes};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::{Prompt, PromptOption};
use crate::systems::bdp::awaits::Awaits;
use crate::systems::bdp::block::BdpBlock;
use crate::systems::bdp::model::{Ability, BdpCommand, PendingAttack};
use crate::systems::bdp::reactions::reaction_options;

/// Prompts that block everything else until answered: the first thing the fight waits for.
pub(super) fn waiting(enc: &Encounter) -> Vec<Prompt> {
    let Some(first) = enc.bdp().awaits() else { return Vec::new() };
    vec![match first {
        Awaits::Reaction(pending) => reaction_prompt(enc, pending),
        Awaits::Counter { by, against } => counter_prompt(enc, by, against),
        Awaits::Spell { caster, faces } => spell_prompt(enc, caster, faces),
        Awaits::FreeStrike { attacker, target } => free_strike_prompt(enc, attacker, target),
    }]
}

/// How the struck one reacts to the blow waiting for it.
fn reaction_prompt(enc: &Encounter, pending: &PendingAttack) -> Prompt {
    let names: Vec<String> = pending
        .attackers
        .iter()
        .map(|a| {
            let Some(c) = enc.combatant(*a) else { return enc.name_of(*a) };
            let dice = if pending.free {
                "free strike, d4".to_owned()
            } else {
                crate::systems::bdp::attack::wielded(enc, c)
                    .map(|ws| {
                        ws.iter().map(|w| format!("d{}", w.die)).collect::<Vec<_>>().join("+")
                    })
                    .unwrap_or_default()
            };
            format!("{} ({dice})", c.name)
        })
        .collect();
    let defender = enc.name_of(pending.target);
    let options = reaction_options(enc, pending)
        .unwrap_or_default()
        .into_iter()
        .map(|o| {
            let command = bdp(BdpCommand::React { reaction: o.reaction.clone() });
            let label = o.label(enc);
            let mut option = match &o.allowed {
                Ok(()) => PromptOption::allowed(label, command),
                Err(why) => PromptOption::forbidden(label, command, why.words(&defender)),
            };
            if option.enabled {
                option.reason = o.note.map(str::to_owned);
            }
            if o.fatigue > 0 {
                option.cost = Some(format!("+{} Fatigue", o.fatigue));
            }
            option
        })
        .collect();
    Prompt {
        id: format!("react-{}", pending.target),
        title: format!(
            "{} is struck by {}: how does it react?",
            enc.name_of(pending.target),
            names.join(" and ")
        ),
        actor: Some(pending.target),
        options,
    }
}

/// A gambit back, after resisting one.
fn counter_prompt(enc: &Encounter, by: CombatantId, against: CombatantId) -> Prompt {
    let mut options: Vec<PromptOption> = Ability::ALL
        .iter()
        .map(|a| {
            PromptOption::allowed(
                format!("Counter-gambit: {} save", a.label()),
                bdp(BdpCommand::Gambit { attacker: by, target: against, ability: *a }),
            )
            .unless(crate::systems::bdp::gambit::check(enc, by, against))
        })
        .collect();
    options.push(PromptOption::allowed("Let it be", bdp(BdpCommand::DeclineCounter)));
    Prompt {
        id: format!("counter-{by}"),
        title: format!("{} resisted: a gambit back at {}?", enc.name_of(by), enc.name_of(against)),
        actor: Some(by),
        options,
    }
}

/// A free strike at someone leaving carelessly, or letting them go.
fn free_strike_prompt(enc: &Encounter, attacker: CombatantId, target: CombatantId) -> Prompt {
    let (a, t) = (enc.name_of(attacker), enc.name_of(target));
    Prompt {
        id: format!("free-{attacker}-{target}"),
        title: format!("{t} leaves {a}'s zone carelessly"),
        actor: Some(attacker),
        options: vec![
            PromptOption::allowed(
                format!("{a} strikes (1d4)"),
                bdp(BdpCommand::FreeAttack { attacker, target }),
            ),
            PromptOption::allowed(
                format!("{a} lets {t} go"),
                bdp(BdpCommand::LetGo { attacker, target }),
            ),
        ],
    }
}

fn spell_prompt(enc: &Encounter, caster: CombatantId, faces: &[u32]) -> Prompt {
    let sum: u32 = faces.iter().sum();
    let lowest = faces.iter().min().copied().unwrap_or(0);
    let mut options = Vec::new();
    for foe in foes(enc, caster) {
        let detachment = BdpBlock::of(foe).is_ok_and(|b| b.detachment);
        let hit = if detachment { faces.iter().max().copied().unwrap_or(0) } else { sum };
        options.push(PromptOption::allowed(
            format!("All dice on {}: {hit} damage", foe.name),
            bdp(BdpCommand::SpellDamage {
                targets: vec![foe.id],
                faces: faces.to_vec(),
                blast: false,
            }),
        ));
        if faces.len() > 1 {
            options.push(PromptOption::allowed(
                format!("Trick on {} with the {lowest} (DEX save)", foe.name),
                bdp(BdpCommand::Trick {
                    target: foe.id,
                    ability: Ability::Dex,
                    faces: vec![lowest],
                }),
            ));
        }
    }
    options.push(PromptOption::allowed("Put the dice away", bdp(BdpCommand::EndSpell)));
    let list: Vec<String> = faces.iter().map(u32::to_string).collect();
    Prompt {
        id: format!("spell-{caster}"),
        title: format!("{} holds Magic Dice {}", enc.name_of(caster), list.join(", ")),
        actor: Some(caster),
        options,
    }
}
