//! What a card offers off the turn: Snap Attacks and held actions at foes in reach, executions
//! before the fight, Heal checks on the mortally injured, and saves and skill checks.

use super::cmd;
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::PromptOption;
use crate::system::Step as _;
use crate::systems::sovereign::Step;
use crate::systems::sovereign::attack::check_attack;
use crate::systems::sovereign::block::{Attack, SovBlock, is_out};
use crate::systems::sovereign::checks::save_target;
use crate::systems::sovereign::execution::check_execute;
use crate::systems::sovereign::heal::check_heal;
use crate::systems::sovereign::model::{Manner, SaveKind, SovCommand as C};
use crate::systems::sovereign::situation::in_reach;

/// A card's saves and common skill checks, called for by the GM.
fn check_options(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let kinds: &[SaveKind] = if enc.is_party(id) {
        &[SaveKind::Physical, SaveKind::Evasion, SaveKind::Mental]
    } else {
        &[SaveKind::Physical]
    };
    let c = &enc.combatants[&id];
    let mut out: Vec<PromptOption> = kinds
        .iter()
        .map(|k| {
            let target = save_target(enc, c, *k);
            let word = if enc.is_party(id) { format!("{} save", k.word()) } else { "Save".into() };
            PromptOption::allowed(format!("{word} (d20 ≥ {target})"), cmd(C::Save { id, kind: *k }))
                .in_group("Saves and checks")
        })
        .collect();
    for (skill, attr) in [("notice", "wis"), ("sneak", "dex"), ("exert", "str")] {
        let label = format!("{}/{skill} check", attr.to_uppercase());
        out.push(
            PromptOption::allowed(
                label,
                cmd(C::Check {
                    id,
                    skill: skill.into(),
                    attr: attr.into(),
                    against: None,
                    main: false,
                }),
            )
            .in_group("Saves and checks"),
        );
    }
    out
}

/// What a card offers: Snap Attacks off its turn at foes in reach, and, when it lies mortally
/// injured, a Heal check by each one who could make it now.
pub(crate) fn card_actions(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    let mut out = Vec::new();
    if Step::Turns.now(enc) && !enc.acting().contains(&id) && !is_out(c) {
        let attacks = SovBlock::of(c).map(|b| b.attacks.clone()).unwrap_or_default();
        if enc.sovereign().held.contains(&id) {
            out.extend(held_attacks(enc, c, &attacks));
        }
        for t in enc.combatants.values().filter(|t| t.side != c.side && !is_out(t)) {
            for (i, w) in attacks.iter().enumerate() {
                if !in_reach(enc, c, t, i) {
                    continue;
                }
                out.push(
                    PromptOption::allowed(
                        format!("Snap Attack: {} at {} (−4)", w.name, t.name),
                        cmd(C::Attack {
                            attacker: id,
                            target: t.id,
                            weapon: i,
                            manner: Manner::Snap,
                        }),
                    )
                    .unless(check_attack(enc, id, t.id, i, &Manner::Snap).map(|_| ()))
                    .in_group("Snap Attack"),
                );
            }
        }
    }
    if enc.round == 0 && !is_out(c) {
        out.extend(executions(enc, c));
    }
    if enc.sovereign().mortal.contains_key(&id) {
        out.extend(heal_options(enc, id));
    }
    if !is_out(c) {
        out.extend(check_options(enc, id));
    }
    out
}

/// The Heal checks each one could make on `id`.
fn heal_options(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    enc.combatants
        .values()
        .filter(|h| h.id != id && !is_out(h))
        .map(|h| {
            PromptOption::allowed(
                format!("{} treats (Heal check)", h.name),
                cmd(C::Heal { healer: h.id, target: id }),
            )
            .unless(check_heal(enc, h.id, id))
            .in_group("Heal")
        })
        .collect()
}

/// The attacks a held action may make now, at foes in reach.
fn held_attacks(enc: &Encounter, c: &Combatant, attacks: &[Attack]) -> Vec<PromptOption> {
    let mut out = Vec::new();
    for t in enc.combatants.values().filter(|t| t.side != c.side && !is_out(t)) {
        for (i, w) in attacks.iter().enumerate() {
            if !in_reach(enc, c, t, i) {
                continue;
            }
            let attack =
                C::Attack { attacker: c.id, target: t.id, weapon: i, manner: Manner::Plain };
            out.push(
                PromptOption::allowed(
                    format!("Held action: {} at {}", w.name, t.name),
                    cmd(attack),
                )
                .unless(check_attack(enc, c.id, t.id, i, &Manner::Plain).map(|_| ()))
                .in_group("Held action"),
            );
        }
    }
    out
}

/// Before the fight, the execution attacks `c` could make on the unsuspecting.
fn executions(enc: &Encounter, c: &Combatant) -> Vec<PromptOption> {
    let attacks = SovBlock::of(c).map(|b| b.attacks.clone()).unwrap_or_default();
    let mut out = Vec::new();
    for t in enc.combatants.values().filter(|t| t.side != c.side && !is_out(t)) {
        for (i, w) in attacks.iter().enumerate() {
            if check_execute(enc, c.id, t.id, i).is_ok() {
                out.push(
                    PromptOption::allowed(
                        format!("Execution: {} at {} (unsuspecting)", w.name, t.name),
                        cmd(C::Execute { attacker: c.id, target: t.id, weapon: i }),
                    )
                    .in_group("Execution"),
                );
            }
        }
    }
    out
}
