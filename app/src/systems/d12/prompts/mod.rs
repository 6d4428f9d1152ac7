//! What the procedure asks the GM, phase by phase. Anything waiting (a hit's damage, an
//! injury's table, a riposte) comes first and alone.

mod before;
mod count;
mod pending;

use super::Step;
use super::block::{D12Block, HEAL, INTIMIDATE, STRESS, stat};
use super::count::current_count;
use super::declare::{self, modifier};
use super::initiative::{SURPRISED, formula};
use super::model::{Action, D12Command};
use super::wounds::{self, STABILIZED, Status, status};
use super::{HIDDEN, ROUND_ROBIN, morale, turns};
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::{Prompt, PromptOption, Wording};
use before::{initiative, surprise};
use count::count_prompts;
use pending::pending;

pub(super) fn d12(c: D12Command) -> Command {
    Command::from(c)
}

/// Every prompt for the state; the initiative's, the declarations' and the counts' words
/// written or not (the waiting things, surprise and morale are rare and always written).
pub(crate) fn prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    if let Some(p) = enc.d12().pending.first() {
        return vec![pending(enc, p)];
    }
    let mut out = Vec::new();
    let before = matches!(Step::of(enc), None | Some(Step::Before));
    if before {
        // Who is caught unaware first, as the rules order it: its answers, one per side,
        // keep their places as combatants come, and the initiative's list growing under it
        // moves nothing.
        out.extend(surprise(enc));
    }
    if let Some(p) = initiative(enc, words) {
        out.push(p);
    }
    match Step::of(enc) {
        None | Some(Step::Before) => {
            if turns::without_base(enc).is_empty() {
                out.push(Prompt::ready_to_fight(enc));
            }
        }
        Some(Step::Declare) => {
            let left = declare::to_declare(enc);
            let hidden = enc.choice(super::DECLARE_ORDER, ROUND_ROBIN) == HIDDEN;
            // Around the table or by Agility, one at a time; written down, all at once.
            let shown = if hidden { left.len() } else { left.len().min(1) };
            out.extend(left.iter().take(shown).map(|id| declare_prompt(enc, *id, words)));
            if left.is_empty() && turns::without_base(enc).is_empty() {
                let label =
                    if hidden { "Show the actions and start counting" } else { "Start counting" };
                out.push(Prompt {
                    id: "declared".into(),
                    title: "Everyone has declared".into(),
                    actor: None,
                    options: vec![PromptOption::allowed(label, Command::Advance)],
                });
            }
        }
        Some(Step::Resolve) => {
            // Newcomers declare as soon as they have a base initiative.
            for id in declare::to_declare(enc) {
                out.push(declare_prompt(enc, id, words));
            }
            out.extend(count_prompts(enc, words));
        }
        Some(Step::End) => {
            let due = morale::due(enc);
            out.extend(due.iter().map(|(id, t)| morale_prompt(enc, *id, *t)));
            if due.is_empty() {
                out.push(Prompt::round_over(enc));
            }
        }
    }
    out
}

/// Foes of `c` still standing.
pub(super) fn foes<'a>(
    enc: &'a Encounter,
    c: &'a Combatant,
) -> impl Iterator<Item = &'a Combatant> {
    enc.combatants.values().filter(move |o| o.side != c.side && status(o) != Status::Dead)
}

/// One combatant's declaration: each action with its count.
fn declare_prompt(enc: &Encounter, id: CombatantId, words: Wording) -> Prompt {
    let c = &enc.combatants[&id];
    let base = enc.d12().base.get(&id).copied().unwrap_or(0);
    let down = matches!(status(c), Status::Incapacitated | Status::Dying);
    let now = if Step::Resolve.now(enc) { current_count(enc) } else { None };
    let written = words.written();
    let option = |label: &dyn Fn() -> String, action: Action| {
        let command = d12(D12Command::Declare { id, action: action.clone() });
        let Ok(m) = modifier(c, &action) else {
            return PromptOption::forbidden(words.say(label), command, "not in its stat block");
        };
        let count = base + m;
        let mut o =
            PromptOption::allowed(words.say(|| format!("{} · count {count}", label())), command);
        o.reason = written.then(|| match now {
            Some(n) if count < n => format!(
                "base {base} {m:+}: count {n} has passed, so it acts next round at {} and {count}",
                count - 12
            ),
            _ => format!("base {base} {m:+}"),
        });
        if down && action != Action::Crawl && !c.conditions.contains(STABILIZED) {
            o.cost = Some("1 Wound Point".into());
        }
        o
    };
    let block = D12Block::of(c).unwrap_or_default();
    let mut options = Vec::new();
    if down {
        options.push(option(&|| "Crawl a yard".into(), Action::Crawl));
    }
    for foe in foes(enc, c) {
        let group = words.say(|| format!("Against {}", foe.name));
        for (i, w) in block.attacks.iter().enumerate() {
            let attack = option(
                &|| format!("{} ({:+})", w.name, w.speed),
                Action::Attack { target: foe.id, weapon: i },
            );
            options.push(words.group(attack, || group.clone()));
            let defensive = option(
                &|| format!("{} defensively ({:+})", w.name, w.speed + 1),
                Action::DefensiveAttack { target: Some(foe.id), weapon: Some(i) },
            );
            options.push(words.group(defensive, || group.clone()));
        }
    }
    let other = words.say(|| "Other actions".into());
    for s in &block.spells {
        let spell = option(
            &|| format!("Cast {} (TN {}: {:+})", s.name, s.tn, s.tn - 10),
            Action::Spell { name: s.name.clone(), tn: s.tn, target: None },
        );
        options.push(words.group(spell, || other.clone()));
    }
    let rest: [(&str, Action); 5] = [
        ("Full defense (−1, +4 Defense)", Action::FullDefense),
        ("Move defensively (+1)", Action::DefensiveAttack { target: None, weapon: None }),
        ("Use an item (+6)", Action::Consumable { modifier: None }),
        ("Throw something (+2)", Action::Throw { target: None, modifier: None }),
        ("Something else (+0)", Action::Other { text: "does something else".into(), modifier: 0 }),
    ];
    for (label, action) in rest {
        options.push(words.group(option(&|| label.to_owned(), action), || other.clone()));
    }
    Prompt {
        id: format!("declare-{id}"),
        title: words.say(|| format!("{} declares (base initiative {base})", c.name)),
        actor: Some(id),
        options,
    }
}

/// A due morale check.
fn morale_prompt(enc: &Encounter, id: CombatantId, trigger: super::Trigger) -> Prompt {
    let c = &enc.combatants[&id];
    let (dice, tn) = morale::numbers(enc, c);
    Prompt {
        id: format!("morale-{id}"),
        title: format!("{} checks morale ({})", c.name, trigger.label()),
        actor: Some(id),
        options: vec![
            PromptOption::allowed(
                format!("Roll {dice} against {tn}"),
                d12(D12Command::Morale { id, obvious: false }),
            ),
            PromptOption::allowed(
                "The outcome is obvious: it fails",
                d12(D12Command::Morale { id, obvious: true }),
            ),
            PromptOption::allowed("No check (the GM rules)", d12(D12Command::SkipMorale { id })),
        ],
    }
}

/// Things the GM may do with one combatant outside the prompts.
pub(crate) fn card_actions(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    let mut out = Vec::new();
    if !enc.d12().base.contains_key(&id) && status(c) != Status::Dead {
        out.push(PromptOption::allowed(
            format!("Roll base initiative ({})", formula(enc, id)),
            d12(D12Command::Initiative { ids: vec![id] }),
        ));
    }
    let surprised = c.conditions.contains(SURPRISED);
    if surprised || !enc.d12().declared.contains_key(&id) {
        out.push(PromptOption::allowed(
            if surprised { "Not surprised" } else { "Surprised" },
            d12(D12Command::Surprise { ids: vec![id], surprised: !surprised }),
        ));
    }
    let down = matches!(status(c), Status::Incapacitated | Status::Dying);
    if down && !c.conditions.contains(STABILIZED) {
        let tn = wounds::stabilize_tn(enc, id);
        for h in enc.combatants.values().filter(|h| h.id != id && wounds::is_up(h)) {
            out.push(
                PromptOption::allowed(
                    format!("{} treats (d20{:+} vs TN {tn})", h.name, stat(h, HEAL)),
                    d12(D12Command::Stabilize { healer: h.id, target: id }),
                )
                .in_group("Stabilize"),
            );
        }
    }
    let stress = c.track(STRESS).map_or(0, |t| t.value);
    for amount in [1, 5] {
        if stress >= amount {
            out.push(
                PromptOption::allowed(
                    format!("Spend {amount} Stress as Mana"),
                    d12(D12Command::SpendStress { id, amount }),
                )
                .in_group("Mana"),
            );
        }
    }
    if !enc.is_party(id) && status(c) != Status::Dead {
        for o in enc.combatants.values().filter(|o| o.side != c.side && wounds::is_up(o)) {
            out.push(
                PromptOption::allowed(
                    format!("Intimidated by {} (d20{:+})", o.name, stat(o, INTIMIDATE)),
                    d12(D12Command::Intimidate { by: o.id, target: id }),
                )
                .in_group("Intimidation"),
            );
        }
    }
    out
}
