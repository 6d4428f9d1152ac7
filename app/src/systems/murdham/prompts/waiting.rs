//! What waits for an answer before the fight goes on: a stunt offered instead of a blow, the
//! target's reaction to an attack, a strike at someone leaving, a broken character's choice.

use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::{Prompt, PromptOption};
use crate::systems::murdham::attack::weapon_name;
use crate::systems::murdham::block::{AGI, MurdhamBlock, Weapon, stat};
use crate::systems::murdham::cmd;
use crate::systems::murdham::model::{
    HeldMove, MurdhamCommand as C, Pending, PendingAttack, Reaction, Yield,
};
use crate::systems::murdham::react::{allowed, bystanders, counter_weapons};

use super::turn::dice_words;

/// The waiting thing's prompt.
pub(super) fn pending(enc: &Encounter, p: &Pending) -> Prompt {
    match p {
        Pending::Attack(pa) if pa.stunt_open => stunt_prompt(enc, pa),
        Pending::Attack(pa) => reaction_prompt(enc, pa),
        Pending::Leaving { held, enemies } => leaving_prompt(enc, held, enemies),
        Pending::Yield { id } => yield_prompt(enc, *id),
    }
}

/// The target of a stunt: accept its effect instead of the blow, or refuse and take the attack.
fn stunt_prompt(enc: &Encounter, pa: &PendingAttack) -> Prompt {
    let target = pa.struck[0].id;
    Prompt {
        id: format!("stunt-{target}"),
        title: format!(
            "{} offers {}, instead of the blow: {}",
            enc.name_of(pa.spec.attacker),
            enc.name_of(target),
            pa.spec.stunt.clone().unwrap_or_default()
        ),
        actor: Some(target),
        options: vec![
            PromptOption::allowed("Accept the effect", cmd(C::Stunt { accept: true })),
            PromptOption::allowed("Refuse: take the attack", cmd(C::Stunt { accept: false })),
        ],
    }
}

/// Someone moves away from `enemies`: each may strike with a melee weapon as it leaves, or
/// let it go.
fn leaving_prompt(enc: &Encounter, held: &HeldMove, enemies: &[CombatantId]) -> Prompt {
    let mut options = Vec::new();
    for e in enemies {
        let c = &enc.combatants[e];
        let block = MurdhamBlock::of(c).unwrap_or_default();
        let melee: Vec<(Option<usize>, Option<&Weapon>)> = block
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.ranged() && !w.blast)
            .map(|(i, w)| (Some(i), Some(w)))
            .chain(std::iter::once((None, None)))
            .collect();
        for (wi, w) in melee {
            options.push(PromptOption::allowed(
                format!("{} strikes with {} ({})", c.name, weapon_name(w), dice_words(w)),
                cmd(C::Opportunity { by: Some((*e, wi)) }),
            ));
        }
    }
    options.push(PromptOption::allowed("Let it go", cmd(C::Opportunity { by: None })));
    let from = held.from.and_then(|z| enc.zone(z)).map_or("its zone", |z| z.name.as_str());
    Prompt {
        id: format!("leaving-{}", held.id),
        title: format!(
            "{} moves away from {from}: does a nearby enemy strike as it leaves?",
            enc.name_of(held.id)
        ),
        actor: Some(held.id),
        options,
    }
}

/// A broken character: surrender or retreat.
fn yield_prompt(enc: &Encounter, id: CombatantId) -> Prompt {
    Prompt {
        id: format!("yield-{id}"),
        title: format!("{} broke: does it surrender or retreat?", enc.name_of(id)),
        actor: Some(id),
        options: vec![
            PromptOption::allowed("Surrender", cmd(C::GiveUp { id, how: Yield::Surrender })),
            PromptOption::allowed("Retreat", cmd(C::GiveUp { id, how: Yield::Retreat })),
        ],
    }
}

/// The reactions open to the first target still to answer, each allowed or not with why.
fn reaction_prompt(enc: &Encounter, pa: &PendingAttack) -> Prompt {
    let Some(s) = pa.struck.iter().find(|s| s.reaction.is_none()) else {
        return Prompt {
            id: "attack".into(),
            title: "The attack is settled".into(),
            actor: None,
            options: vec![],
        };
    };
    let target = s.id;
    let attacker = pa.spec.attacker;
    let a = &enc.combatants[&attacker];
    let w = MurdhamBlock::of(a)
        .ok()
        .and_then(|b| pa.spec.weapon.and_then(|i| b.weapons.get(i).cloned()));
    let option = |label: String, reaction: Reaction| {
        let command = cmd(C::React { id: target, reaction: reaction.clone() });
        match allowed(enc, pa, &reaction) {
            Ok(()) => PromptOption::allowed(label, command),
            Err(why) => PromptOption::forbidden(label, command, why),
        }
    };
    let mut options = vec![option("No reaction".into(), Reaction::None)];
    let t = &enc.combatants[&target];
    options.push(option(format!("Dodge (AGI save: {} or less)", stat(t, AGI)), Reaction::Dodge));
    let block = MurdhamBlock::of(t).unwrap_or_default();
    for wi in counter_weapons(enc, target) {
        let cw = wi.and_then(|i| block.weapons.get(i));
        options.push(option(
            format!("Counter with {} ({})", weapon_name(cw), dice_words(cw)),
            Reaction::Counter { weapon: wi, nonlethal: None },
        ));
    }
    for b in bystanders(enc, pa, target) {
        let name = enc.name_of(b);
        let ally = enc.combatants.get(&b).is_some_and(|x| x.side == t.side);
        if ally || enc.murdham().grabs.get(&b) == Some(&target) {
            options.push(
                option(format!("Hide behind {name}"), Reaction::HideBehind { shield: b })
                    .in_group("Someone else"),
            );
        }
        if ally {
            options.push(
                option(format!("{name} guards"), Reaction::GuardedBy { guard: b })
                    .in_group("Someone else"),
            );
        }
    }
    let several = if pa.struck.len() > 1 {
        format!(" (a blast on {})", pa.struck.len())
    } else {
        String::new()
    };
    Prompt {
        id: format!("react-{target}"),
        title: format!(
            "{} attacks {} with {} ({}){several}: how does {} react?",
            a.name,
            t.name,
            weapon_name(w.as_ref()),
            dice_words(w.as_ref()),
            t.name
        ),
        actor: Some(target),
        options,
    }
}
