//! What the procedure asks, phase by phase; each option asks the check its command makes.

use super::MORALE_2D6;
use super::Step;
use super::awaits::Awaits;
use super::checks::morale_due;
use super::model::SovCommand as C;
use super::round::{check_surprisable, check_surprise_check};
use crate::command::Command;
use crate::encounter::{Encounter, Side};
use crate::system::Step as _;
use crate::system::{Prompt, PromptOption, Wording};

mod answer;
mod card;
mod turn;

use answer::{answer_prompt, opportunity_prompts};
pub(crate) use card::card_actions;
use turn::turn;

/// The command an option sends.
pub(super) fn cmd(c: C) -> Command {
    Command::from(c)
}

/// Every prompt for the state; a turn's words written or not (the rest is rare and always
/// written).
pub(crate) fn prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    match enc.sovereign().awaits() {
        Some(Awaits::Opportunity(t)) => return opportunity_prompts(enc, t),
        Some(Awaits::Answer(p)) => return vec![answer_prompt(enc, p)],
        None => {}
    }
    match Step::of(enc) {
        None | Some(Step::Before) => vec![before(enc), start(enc)],
        Some(Step::Turns) => {
            enc.acting().first().map(|id| turn(enc, *id, words)).into_iter().collect()
        }
        Some(Step::End) => {
            let mut p = Prompt::round_over(enc);
            p.options[0] = p.options[0].clone().main();
            let mut out = morale_prompts(enc);
            out.push(p);
            out
        }
    }
}

fn start(enc: &Encounter) -> Prompt {
    let mut p = Prompt::ready_to_fight(enc);
    if enc.grid.is_none() {
        let o = &mut p.options[0];
        o.enabled = false;
        o.reason = Some("Sovereign is fought on a grid: set one up first".into());
    }
    p
}

fn before(enc: &Encounter) -> Prompt {
    let s = enc.sovereign();
    // Always there and first (saying so again when nobody is changes nothing), then each
    // side's answers under its name, the one given refused: an answer that went away or came
    // first would move the ones after it under the pointer.
    let nobody = PromptOption::allowed("Nobody is surprised", cmd(C::Surprise { side: None }));
    let title = "Before the fight: is a side caught unaware?".to_owned();
    Prompt::by_side(enc, ("before", title), vec![nobody], |side, made| {
        let id = side.id;
        let label = format!("Surprised: {}", side.name);
        let command = cmd(C::Surprise { side: Some(id) });
        let mut options = vec![if s.surprised == Some(id) {
            PromptOption::forbidden(label, command, "surprised already")
        } else {
            PromptOption::allowed(label, command).unless(check_surprisable(enc, id))
        }];
        // A toggle, ticked while the side expects a fight: the same words either way, so a
        // second click takes it back rather than landing on other words.
        let expecting = s.expecting.contains(&id);
        let label = format!("{}: on guard, expecting a fight", side.name);
        let command = cmd(C::Expecting { side: id, on: !expecting });
        options.push(PromptOption::allowed(label, command).checked(expecting));
        // Between this side and each made before it, both ways: the checks of a pair come
        // with the later side, so a side added brings them at the end.
        for other in made {
            for (by, against) in [(side, *other), (*other, side)] {
                options.extend(surprise_checks(enc, by, against));
            }
        }
        options
    })
}

/// `by` trying to catch `against` unaware: with DEX/Sneak, or with STR/Exert as the other
/// way of the same row.
fn surprise_checks(enc: &Encounter, by: &Side, against: &Side) -> [PromptOption; 2] {
    let check = || check_surprise_check(enc, by.id, against.id);
    let command = |exert| cmd(C::SurpriseCheck { side: by.id, against: against.id, exert });
    let label = |how| {
        format!("{} tries to catch {} unaware ({how} against WIS/Notice)", by.name, against.name)
    };
    [
        PromptOption::allowed(label("DEX/Sneak"), command(false)).unless(check()),
        PromptOption::allowed(label("STR/Exert"), command(true))
            .unless(check())
            .variant("STR/Exert"),
    ]
}

/// Morale for each foe due a check: the GM's call, or 2d6 with the setting on.
fn morale_prompts(enc: &Encounter) -> Vec<Prompt> {
    enc.combatants
        .values()
        .filter_map(|c| Some((c, morale_due(enc, c)?)))
        .map(|(c, why)| {
            let id = c.id;
            let mut options = vec![
                PromptOption::allowed(
                    format!("{} fights on", c.name),
                    cmd(C::Morale { id, retreats: Some(false) }),
                ),
                PromptOption::allowed(
                    format!("{} retreats", c.name),
                    cmd(C::Morale { id, retreats: Some(true) }),
                ),
            ];
            let roll = PromptOption::allowed(
                "Roll 2d6 against its Morale",
                cmd(C::Morale { id, retreats: None }),
            );
            options.push(if enc.flag(MORALE_2D6, false) {
                roll
            } else {
                PromptOption {
                    enabled: false,
                    reason: Some("the 2d6 morale check is off (a setting)".into()),
                    ..roll
                }
            });
            Prompt {
                id: format!("morale-{id}"),
                title: format!("Morale: {}, {why}", c.name),
                actor: Some(id),
                options,
            }
        })
        .collect()
}
