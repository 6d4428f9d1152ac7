//! What the procedure asks the GM, phase by phase. Anything waiting (a stunt's answer, a
//! reaction, a strike at someone leaving, a broken character's choice) comes first and alone.

use super::Step;
use super::model::MurdhamCommand as C;
use super::round::{activating, cannot_activate};
use super::{DEAD, cmd, factions, morale, side_name};
use crate::encounter::Encounter;
use crate::system::Step as _;
use crate::system::{Prompt, PromptOption, Wording};

mod card;
mod turn;
mod waiting;

pub(crate) use card::card_actions;
pub(super) use turn::attack_verdict;
use turn::turn_prompt;
use waiting::pending;

/// Every prompt for the state; the words of the choices and turns written or not (the rest
/// is rare and always written).
pub(crate) fn prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    if let Some(p) = enc.murdham().pending.first() {
        return vec![pending(enc, p)];
    }
    let m = &enc.murdham();
    match Step::of(enc) {
        None | Some(Step::Before) if m.holder.is_none() && !factions(enc).is_empty() => {
            vec![holder_prompt(enc)]
        }
        None | Some(Step::Before) => vec![Prompt::ready_to_fight(enc)],
        _ if activating(enc) => {
            if m.first.is_none() {
                return vec![first_prompt(enc)];
            }
            if let Some(id) = m.turn.id {
                return vec![turn_prompt(enc, id, words)];
            }
            m.choosing.map(|side| choice_prompt(enc, side, words)).into_iter().collect()
        }
        Some(Step::End) => round_end_prompts(enc),
        Some(Step::After) if !m.durability_done => vec![durability_prompt(enc)],
        _ => Vec::new(),
    }
}

/// The end of a round: a morale check for each side due one, else the round over (or the
/// fight, with the gear's durability to roll).
fn round_end_prompts(enc: &Encounter) -> Vec<Prompt> {
    let due = morale::due(enc);
    let mut out: Vec<Prompt> = due.iter().map(|d| morale_prompt(enc, d)).collect();
    if due.is_empty() {
        let mut p = Prompt::round_over(enc);
        p.options.push(PromptOption::allowed("Fight over: gear durability", cmd(C::EndFight)));
        out.push(p);
    }
    out
}

/// After the fight: roll the durability of the gear used.
fn durability_prompt(enc: &Encounter) -> Prompt {
    let n: usize = enc.murdham().used.values().map(|s| s.len()).sum();
    Prompt {
        id: "durability".into(),
        title: "After the fight: the gear wears".into(),
        actor: None,
        options: vec![PromptOption::allowed(
            format!("Roll durability ({n} item{} used)", if n == 1 { "" } else { "s" }),
            cmd(C::Durability),
        )],
    }
}

/// Who started the fight: that faction holds the initiative (or roll for it).
fn holder_prompt(enc: &Encounter) -> Prompt {
    // The answer always there comes first: a faction added while the question is asked adds
    // its answer after the others, never in the place of one. Every side has its answer,
    // refused while nobody is in it: its first member moves no answer under the pointer.
    let mut options =
        vec![PromptOption::allowed("Unclear: roll for it", cmd(C::Holder { side: None }))];
    let present = factions(enc);
    options.extend(enc.sides.keys().map(|s| {
        let label = format!("{} started it", side_name(enc, *s));
        let command = cmd(C::Holder { side: Some(*s) });
        if present.contains(s) {
            PromptOption::allowed(label, command)
        } else {
            PromptOption::forbidden(label, command, "nobody on this side yet")
        }
    }));
    Prompt {
        id: "holder".into(),
        title: "Who started the fight? That faction holds the initiative".into(),
        actor: None,
        options,
    }
}

/// Which faction acts first this round.
fn first_prompt(enc: &Encounter) -> Prompt {
    let holder = enc.murdham().holder.map_or_else(|| "The holder".into(), |s| side_name(enc, s));
    Prompt {
        id: "first".into(),
        title: format!("{holder} holds the initiative: who acts first this round?"),
        actor: None,
        options: factions(enc)
            .into_iter()
            .map(|s| {
                PromptOption::allowed(
                    format!("{} first", side_name(enc, s)),
                    cmd(C::First { side: s }),
                )
            })
            .collect(),
    }
}

/// The choosing faction: activate one of its characters, or pass.
fn choice_prompt(enc: &Encounter, side: crate::ids::SideId, words: Wording) -> Prompt {
    let mut options: Vec<PromptOption> = enc
        .combatants
        .values()
        .filter(|c| c.side == side && !c.conditions.contains(DEAD))
        .map(|c| {
            let label = words.say(|| format!("Activate {}", c.name));
            let command = cmd(C::Activate { id: c.id });
            match cannot_activate(enc, c.id) {
                None => PromptOption::allowed(label, command),
                Some(why) => PromptOption::forbidden(label, command, why),
            }
        })
        .collect();
    options.push(PromptOption::allowed("Pass", cmd(C::Pass { side })));
    // Who can act first, then Pass, then who had its turn: on a short window the ones the GM
    // can take are the ones in view (a stable sort: each part keeps the roster's order).
    options.sort_by_key(|o| !o.enabled);
    let title = words.say(|| {
        let passed = enc.murdham().passes.len();
        let note = if passed == 0 { String::new() } else { format!(" ({passed} passed in a row)") };
        format!("{} choice: activate a character or pass{note}", super::sides(enc, side))
    });
    Prompt { id: format!("choice-{side}"), title, actor: None, options }
}

/// A side's morale check: a group WIT save, or none at the GM's word.
fn morale_prompt(enc: &Encounter, d: &morale::Due) -> Prompt {
    let n = d.ids.len();
    Prompt {
        id: format!("morale-{}", d.side),
        title: format!("{} morale: {}", super::sides(enc, d.side), d.why),
        actor: None,
        options: vec![
            PromptOption::allowed(
                format!("Group WIT save (one d20 for {n})"),
                cmd(C::Morale { side: d.side }),
            ),
            PromptOption::allowed("No check (the GM rules)", cmd(C::SkipMorale { side: d.side })),
        ],
    }
}
