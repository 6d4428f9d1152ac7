//! The count: who may act at this count of the round, and each one's options when it does
//! (the declared action, or a change of it at its cost).

use super::{d12, foes};
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::{Prompt, PromptOption, Wording};
use crate::systems::d12::attack::weapon;
use crate::systems::d12::block::D12Block;
use crate::systems::d12::count::{action_now, current_count, may_act_now};
use crate::systems::d12::declare::{self};
use crate::systems::d12::model::{Action, D12Command};
use crate::systems::d12::wounds::{STABILIZED, Status, status};

/// At a count: each combatant there carries out its action; then the next count.
pub(super) fn count_prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    let Some(count) = current_count(enc) else { return Vec::new() };
    let mut out = Vec::new();
    let mut waiting = false;
    for &id in enc.acting() {
        if !may_act_now(enc, id) {
            continue;
        }
        waiting = true;
        out.push(act_prompt(enc, id, count, words));
    }
    let next = enc.turn.and_then(|t| enc.order.get(t + 1..)).and_then(|rest| rest.first());
    let label = words.say(|| match next.and_then(|e| e.count) {
        Some(n) => format!("Next: count {n}"),
        None => "End the round".into(),
    });
    let title = words.say(|| {
        if waiting {
            format!("Count {count}: when everyone here has acted")
        } else {
            format!("Count {count} is done")
        }
    });
    out.push(Prompt {
        id: "count-done".into(),
        title,
        actor: None,
        options: vec![PromptOption::allowed(label, Command::Advance)],
    });
    out
}

/// What one combatant does at its count.
fn act_prompt(enc: &Encounter, id: CombatantId, count: i64, words: Wording) -> Prompt {
    let c = &enc.combatants[&id];
    let d = action_now(enc, id);
    let down = matches!(status(c), Status::Incapacitated | Status::Dying)
        && !enc.d12().fit.contains(&id)
        && !c.conditions.contains(STABILIZED);
    let cost = |mut o: PromptOption, action: Option<&Action>| {
        if down && !matches!(action, Some(Action::Crawl)) {
            o.cost = Some("1 Wound Point".into());
        }
        o
    };
    let mut options = Vec::new();
    let strike = match d.map(|d| &d.action) {
        Some(Action::Attack { target, weapon }) => Some((*target, Some(*weapon))),
        Some(Action::DefensiveAttack { target: Some(t), weapon }) => Some((*t, *weapon)),
        _ => None,
    };
    match (strike, d) {
        (Some((target, Some(wi))), Some(d)) => {
            let t = enc.combatant(target);
            let standing = t.is_some_and(|t| status(t) != Status::Dead);
            if let (Some(t), Ok(w)) = (t, weapon(c, wi)) {
                let defense = crate::systems::d12::block::defense(
                    t,
                    crate::systems::d12::attack::on_full_defense(t),
                );
                let command =
                    d12(D12Command::Attack { attacker: id, target, weapon: wi, riposte: false });
                let label = words.say(|| {
                    format!(
                        "Attack {} with {} (d20{:+} vs Defense {defense})",
                        t.name, w.name, w.bonus
                    )
                });
                let o = if standing {
                    PromptOption::allowed(label, command)
                } else {
                    let why = words.say(|| format!("{} is dead", t.name));
                    PromptOption::forbidden(label, command, why)
                };
                options.push(cost(o, Some(&d.action)));
                // The declared foe fell: the weapon may turn on another.
                if !standing {
                    for foe in foes(enc, c) {
                        let command = d12(D12Command::Attack {
                            attacker: id,
                            target: foe.id,
                            weapon: wi,
                            riposte: false,
                        });
                        let label = words.say(|| format!("Attack {} instead", foe.name));
                        let o = PromptOption::allowed(label, command);
                        let o = words.group(o, || "Another target".into());
                        options.push(cost(o, Some(&d.action)));
                    }
                }
            }
        }
        (_, Some(d)) => {
            let what = words.say(|| format!("Done: {}", declare::words(enc, c, &d.action)));
            options.push(cost(
                PromptOption::allowed(what, d12(D12Command::Done { id, acted: true })),
                Some(&d.action),
            ));
        }
        (_, None) => {}
    }
    options.extend(change_options(enc, c, d.map(|d| &d.action), words));
    options.push(PromptOption::allowed(
        words.say(|| "Let the count pass".into()),
        d12(D12Command::Done { id, acted: false }),
    ));
    let title = words.say(|| {
        let what = d.map_or_else(|| "no action".to_owned(), |d| declare::words(enc, c, &d.action));
        format!("Count {count}: {} {what}", c.name)
    });
    Prompt { id: format!("act-{id}"), title, actor: Some(id), options }
}

/// The GM's call at a combatant's count: strike with another of its attacks (at the declared
/// foe, or the first standing one), or not strike at all. The count stays.
fn change_options(
    enc: &Encounter,
    c: &Combatant,
    declared: Option<&Action>,
    words: Wording,
) -> Vec<PromptOption> {
    let Some(declared) = declared else { return Vec::new() };
    let grouped = |o: PromptOption| words.group(o, || "The GM's call: another action".into());
    let target = match declared {
        Action::Attack { target, .. } | Action::DefensiveAttack { target: Some(target), .. } => {
            Some(*target)
        }
        _ => foes(enc, c).next().map(|f| f.id),
    };
    let mut out = Vec::new();
    let block = D12Block::of(c).unwrap_or_default();
    if let Some(target) = target {
        for (i, w) in block.attacks.iter().enumerate() {
            let action = Action::Attack { target, weapon: i };
            if action == *declared {
                continue;
            }
            let command = d12(D12Command::ChangeDeclaration { id: c.id, action: action.clone() });
            let label =
                words.say(|| format!("Attack {} with {} instead", enc.name_of(target), w.name));
            out.push(grouped(
                PromptOption::allowed(label, command)
                    .unless(declare::check_change(enc, c.id, &action).map(|_| ())),
            ));
        }
    }
    let other = Action::Other { text: "does something else".into(), modifier: 0 };
    if !matches!(declared, Action::Other { .. }) {
        let command = d12(D12Command::ChangeDeclaration { id: c.id, action: other.clone() });
        let label = words.say(|| "Something else instead (no attack)".into());
        out.push(grouped(
            PromptOption::allowed(label, command)
                .unless(declare::check_change(enc, c.id, &other).map(|_| ())),
        ));
    }
    out
}
