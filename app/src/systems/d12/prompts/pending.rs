//! What waits for an answer before anything else: a hit's damage, an injury's table, a riposte.

use super::d12;
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::{Prompt, PromptOption};
use crate::systems::d12::attack::weapon;
use crate::systems::d12::block::D12Block;
use crate::systems::d12::injury;
use crate::systems::d12::model::{D12Command, Pending};

/// The waiting thing's prompt.
pub(super) fn pending(enc: &Encounter, p: &Pending) -> Prompt {
    match p {
        Pending::Damage { attacker, target, weapon: wi, natural } => {
            damage_prompt(enc, *attacker, *target, *wi, *natural)
        }
        Pending::Injury { attacker, target, types } => {
            injury_prompt(enc, *attacker, *target, types)
        }
        Pending::Riposte { defender, attacker } => riposte_prompt(enc, *defender, *attacker),
    }
}

/// A hit's damage: ordinary, or a critical hit (noted on a natural 20).
fn damage_prompt(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
    wi: usize,
    natural: u32,
) -> Prompt {
    let a = &enc.combatants[&attacker];
    let w = weapon(a, wi).ok();
    let (dmg, mult) = w.as_ref().map_or(("?".into(), 2), |w| (w.damage.to_string(), w.crit));
    let mut crit = PromptOption::allowed(
        format!("Critical hit ({dmg} ×{mult}, all to Wound Points)"),
        d12(D12Command::Damage { critical: true }),
    );
    if natural == 20 {
        crit.reason = Some("a natural 20".into());
    }
    Prompt {
        id: format!("damage-{attacker}"),
        title: format!(
            "{} hits {}{}: roll the damage",
            a.name,
            enc.name_of(target),
            w.map(|w| format!(" with {}", w.name)).unwrap_or_default()
        ),
        actor: Some(attacker),
        options: vec![
            PromptOption::allowed(
                format!("Damage ({dmg})"),
                d12(D12Command::Damage { critical: false }),
            ),
            crit,
        ],
    }
}

/// A combat injury: the attacker picks a table for one of the wound's damage types (or
/// another table, or none at the GM's word).
fn injury_prompt(
    enc: &Encounter,
    attacker: CombatantId,
    target: CombatantId,
    types: &[String],
) -> Prompt {
    let mut options: Vec<PromptOption> = types.iter().map(|t| table_option(enc, t)).collect();
    for t in enc.tables.iter().filter(|t| !t.table.rows.is_empty()) {
        let Some(kind) = &t.damage_type else { continue };
        if !types.iter().any(|x| x.eq_ignore_ascii_case(kind)) {
            options.push(table_option(enc, kind).in_group("Another table"));
        }
    }
    options.push(PromptOption::allowed("No injury (the GM rules)", d12(D12Command::Dismiss)));
    Prompt {
        id: format!("injury-{target}"),
        title: format!(
            "{} suffers a combat injury: {} picks the table",
            enc.name_of(target),
            enc.name_of(attacker)
        ),
        actor: Some(attacker),
        options,
    }
}

/// A defender on full defence who was attacked: a riposte with one of its attacks, or none.
fn riposte_prompt(enc: &Encounter, defender: CombatantId, attacker: CombatantId) -> Prompt {
    let d = &enc.combatants[&defender];
    let mut options: Vec<PromptOption> = D12Block::of(d)
        .map(|b| b.attacks.clone())
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, w)| {
            PromptOption::allowed(
                format!("Riposte with {} (d20{:+})", w.name, w.bonus),
                d12(D12Command::Attack {
                    attacker: defender,
                    target: attacker,
                    weapon: i,
                    riposte: true,
                }),
            )
        })
        .collect();
    options.push(PromptOption::allowed("No riposte", d12(D12Command::Dismiss)));
    Prompt {
        id: format!("riposte-{defender}"),
        title: format!(
            "{} on full defense was attacked by {}: riposte?",
            d.name,
            enc.name_of(attacker)
        ),
        actor: Some(defender),
        options,
    }
}

/// Rolling on the injury table of `damage_type`, refused with why when there is none to use.
fn table_option(enc: &Encounter, damage_type: &str) -> PromptOption {
    let command = d12(D12Command::Injury { damage_type: damage_type.to_owned() });
    match injury::usable(enc, damage_type) {
        Ok(t) => {
            PromptOption::allowed(format!("Roll on {} ({})", t.table.name, t.table.dice), command)
        }
        Err(why) => {
            PromptOption::forbidden(format!("Roll on the {damage_type} table"), command, why)
        }
    }
}
