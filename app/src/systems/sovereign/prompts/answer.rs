//! The prompts that interrupt a turn: strikes of opportunity, and the answer an attack
//! waits for from its target.

use super::cmd;
use crate::encounter::Encounter;
use crate::system::{Prompt, PromptOption, RuleError};
use crate::systems::sovereign::CHARGED;
use crate::systems::sovereign::answer::{check_luck, has_luck, may_defend, snappers};
use crate::systems::sovereign::block::{AC, SovBlock, stat};
use crate::systems::sovereign::model::{Manner, Pending, SovCommand as C, Threat};
use crate::systems::sovereign::provoke::doing;

/// The foes next to the one `t` threatens: each may strike it first, or let it go.
pub(super) fn opportunity_prompts(enc: &Encounter, t: &Threat) -> Vec<Prompt> {
    let walker = enc.name_of(t.id);
    t.strikers
        .iter()
        .map(|s| {
            let name = enc.name_of(*s);
            let what = match &t.then {
                Some(c) => format!("{walker} {} next to {name}", doing(enc, c)),
                None if t.standing => format!("{walker} stands up next to {name}"),
                None => format!("{walker} leaves {name}'s reach"),
            };
            Prompt {
                id: format!("opportunity-{s}"),
                title: what,
                actor: Some(*s),
                options: vec![
                    PromptOption::allowed(
                        format!("{name} strikes"),
                        cmd(C::Opportunity { striker: *s, strike: true }),
                    ),
                    PromptOption::allowed(
                        format!("{name} lets it go"),
                        cmd(C::Opportunity { striker: *s, strike: false }),
                    ),
                ],
            }
        })
        .collect()
}

/// The attack waiting for its target's answer: Total Defense or not, Veteran's Luck, a Snap
/// Attack at the attacker.
pub(super) fn answer_prompt(enc: &Encounter, p: &Pending) -> Prompt {
    let (a, t) = (enc.name_of(p.attacker), enc.name_of(p.target));
    let total = p.roll.total + p.bonus;
    // What the roll does as things stand, so the GM sees what Total Defense would change.
    let ac = enc.combatant(p.target).map_or(0, |c| {
        let charging = if c.conditions.contains(CHARGED) { 2 } else { 0 };
        stat(c, AC) - charging
    });
    let lands = match p.forced {
        Some(true) => "a hit by Veteran's Luck",
        Some(false) => "a miss by Veteran's Luck",
        None if total >= ac => "a hit",
        None => "a miss",
    };
    let mut luck: Vec<PromptOption> = [p.attacker, p.target]
        .into_iter()
        .filter(|id| has_luck(enc, *id))
        .map(|id| {
            let name = enc.name_of(id);
            PromptOption::allowed(format!("{name}: Veteran's Luck"), cmd(C::Luck { id }))
                .unless(check_luck(enc, id).map(|_| ()))
        })
        .collect();
    // A Snap Attack at the attacker may fell it before its damage is rolled.
    let snaps = snappers(enc, p).into_iter().filter_map(|(id, i)| {
        let w = SovBlock::of(enc.combatant(id)?).ok()?.attacks.get(i)?.name.clone();
        Some(
            PromptOption::allowed(
                format!("{}: Snap Attack at {a} with {w} (−4)", enc.name_of(id)),
                cmd(C::Attack {
                    attacker: id,
                    target: p.attacker,
                    weapon: i,
                    manner: Manner::Snap,
                }),
            )
            .in_group("Snap Attack"),
        )
    });
    Prompt {
        id: format!("answer-{}", p.target),
        title: format!("{a} rolled {total} against {t}'s AC {ac}: {lands}"),
        actor: Some(p.target),
        options: vec![
            PromptOption::allowed(
                format!("{t}: Total Defense (+2 AC, no Shock)"),
                cmd(C::Answer { total_defense: true }),
            )
            .unless(if may_defend(enc, p.target) {
                Ok(())
            } else {
                Err(RuleError::NotAllowed("its Main action is spent".into()))
            }),
            PromptOption::allowed(format!("{t} takes it"), cmd(C::Answer { total_defense: false }))
                .main(),
        ]
        .into_iter()
        .chain(luck.drain(..))
        .chain(snaps)
        .collect(),
    }
}
