//! What the procedure asks the GM, phase by phase. Anything waiting (a hit's damage, an
//! injury's table, a riposte) comes first and alone.

use super::Step;
use super::attack::weapon;
use super::block::{D12Block, HEAL, INTIMIDATE, STRESS, stat};
use super::count::{action_now, current_count, may_act_now};
use super::declare::{self, modifier};
use super::initiative::{SURPRISED, formula};
use super::model::{Action, D12Command, Pending};
use super::wounds::{self, STABILIZED, Status, status};
use super::{HIDDEN, ROUND_ROBIN, injury, morale, turns};
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::{Prompt, PromptOption, Wording};
use std::collections::BTreeMap;

fn d12(c: D12Command) -> Command {
    Command::from(c)
}

/// Every prompt for the state; the declarations' and the counts' words written or not (the
/// waiting things, initiative, surprise and morale are rare and always written).
pub(crate) fn prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    if let Some(p) = enc.d12().pending.first() {
        return vec![pending(enc, p)];
    }
    let mut out = Vec::new();
    if let Some(p) = initiative(enc) {
        out.push(p);
    }
    match Step::of(enc) {
        None | Some(Step::Before) => {
            out.extend(surprise(enc));
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

/// The waiting thing's prompt.
fn pending(enc: &Encounter, p: &Pending) -> Prompt {
    match p {
        Pending::Damage { attacker, target, weapon: wi, natural } => {
            let a = &enc.combatants[attacker];
            let w = weapon(a, *wi).ok();
            let (dmg, mult) =
                w.as_ref().map_or(("?".into(), 2), |w| (w.damage.to_string(), w.crit));
            let mut crit = PromptOption::allowed(
                format!("Critical hit ({dmg} ×{mult}, all to Wound Points)"),
                d12(D12Command::Damage { critical: true }),
            );
            if *natural == 20 {
                crit.reason = Some("a natural 20".into());
            }
            Prompt {
                id: format!("damage-{attacker}"),
                title: format!(
                    "{} hits {}{}: roll the damage",
                    a.name,
                    enc.name_of(*target),
                    w.map(|w| format!(" with {}", w.name)).unwrap_or_default()
                ),
                actor: Some(*attacker),
                options: vec![
                    PromptOption::allowed(
                        format!("Damage ({dmg})"),
                        d12(D12Command::Damage { critical: false }),
                    ),
                    crit,
                ],
            }
        }
        Pending::Injury { attacker, target, types } => {
            let mut options: Vec<PromptOption> =
                types.iter().map(|t| table_option(enc, t)).collect();
            for t in enc.tables.iter().filter(|t| !t.table.rows.is_empty()) {
                let Some(kind) = &t.damage_type else { continue };
                if !types.iter().any(|x| x.eq_ignore_ascii_case(kind)) {
                    options.push(table_option(enc, kind).in_group("Another table"));
                }
            }
            options
                .push(PromptOption::allowed("No injury (the GM rules)", d12(D12Command::Dismiss)));
            Prompt {
                id: format!("injury-{target}"),
                title: format!(
                    "{} suffers a combat injury: {} picks the table",
                    enc.name_of(*target),
                    enc.name_of(*attacker)
                ),
                actor: Some(*attacker),
                options,
            }
        }
        Pending::Riposte { defender, attacker } => {
            let d = &enc.combatants[defender];
            let mut options: Vec<PromptOption> = D12Block::of(d)
                .map(|b| b.attacks.clone())
                .unwrap_or_default()
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    PromptOption::allowed(
                        format!("Riposte with {} (d20{:+})", w.name, w.bonus),
                        d12(D12Command::Attack {
                            attacker: *defender,
                            target: *attacker,
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
                    enc.name_of(*attacker)
                ),
                actor: Some(*defender),
                options,
            }
        }
    }
}

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

/// Base initiative for whoever lacks it: shared rolls for identical monsters first.
fn initiative(enc: &Encounter) -> Option<Prompt> {
    let missing = turns::without_base(enc);
    if missing.is_empty() {
        return None;
    }
    let mut options = Vec::new();
    // Identical monsters: same library entry and same AGI modifier.
    let mut groups: BTreeMap<(String, i64), Vec<CombatantId>> = BTreeMap::new();
    for id in &missing {
        let c = &enc.combatants[id];
        if let Some(source) = &c.source {
            let key = (source.clone(), stat(c, super::block::AGI_MOD));
            groups.entry(key).or_default().push(*id);
        }
    }
    for ids in groups.values().filter(|ids| ids.len() > 1) {
        let stem = stem(&enc.combatants[&ids[0]].name);
        options.push(
            PromptOption::allowed(
                format!("{stem} ×{}: one roll ({})", ids.len(), formula(enc, ids[0])),
                d12(D12Command::Initiative { ids: ids.clone() }),
            )
            .in_group("One roll for a group"),
        );
    }
    for id in &missing {
        options.push(
            PromptOption::allowed(
                format!("{}: {}", enc.name_of(*id), formula(enc, *id)),
                d12(D12Command::Initiative { ids: vec![*id] }),
            )
            .in_group("One each"),
        );
    }
    let title = if enc.round == 0 {
        "Base initiative for the fight (d12 − AGI)".to_owned()
    } else {
        "Newcomers roll base initiative".to_owned()
    };
    Some(Prompt { id: "initiative".into(), title, actor: None, options })
}

/// "Hobgoblin warrior 3" → "Hobgoblin warrior".
fn stem(name: &str) -> String {
    match name.rsplit_once(' ') {
        Some((head, tail)) if tail.chars().all(|c| c.is_ascii_digit()) => head.to_owned(),
        _ => name.to_owned(),
    }
}

/// Before the fight: a whole side caught unaware.
fn surprise(enc: &Encounter) -> Option<Prompt> {
    if enc.round > 0 {
        return None;
    }
    let options: Vec<PromptOption> = enc
        .sides
        .values()
        .filter_map(|side| {
            let ids: Vec<CombatantId> =
                enc.combatants.values().filter(|c| c.side == side.id).map(|c| c.id).collect();
            if ids.is_empty() {
                return None;
            }
            let all = ids.iter().all(|id| enc.combatants[id].conditions.contains(SURPRISED));
            Some(PromptOption::allowed(
                if all {
                    format!("{} are not surprised after all", side.name)
                } else {
                    format!("{} are surprised", side.name)
                },
                d12(D12Command::Surprise { ids, surprised: !all }),
            ))
        })
        .collect();
    (!options.is_empty()).then(|| Prompt {
        id: "surprise".into(),
        title: "Anyone caught unaware? (optional)".into(),
        actor: None,
        options,
    })
}

/// Foes of `c` still standing.
fn foes<'a>(enc: &'a Encounter, c: &'a Combatant) -> impl Iterator<Item = &'a Combatant> {
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

/// At a count: each combatant there carries out its action; then the next count.
fn count_prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
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
                let defense = super::block::defense(t, super::attack::on_full_defense(t));
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
