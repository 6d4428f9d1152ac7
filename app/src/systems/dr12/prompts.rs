//! What the procedure asks, phase by phase. An attack waiting for a DEX Test comes first and
//! alone (the player rolls it: table dice by default), then a creature's answer to failed
//! morale; each option asks the check its command will make.

use super::MORALE_PRESETS;
use super::Step;
use super::actions::{check_morale, check_test};
use super::attack::{check_action, check_attack_on, check_move, free_attackers, usage_max};
use super::block::{Dr12Block, HINDRANCES, HP, SKILL, Weapon, has, is_character, is_out, track};
use super::model::{Dr12Command as C, Pending, Purpose};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId};
use crate::system::Step as _;
use crate::system::{Prompt, PromptOption, RuleError, Wording};

fn cmd(c: C) -> Command {
    Command::from(c)
}

/// Every prompt for the state; a turn's words written or not (the rest is rare and always
/// written).
pub(crate) fn prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    if let Some(p) = enc.dr12().pending.first() {
        return vec![defence(enc, p)];
    }
    let broken: Vec<Prompt> = enc.dr12().broken.iter().map(|id| yield_prompt(enc, *id)).collect();
    if !broken.is_empty() {
        return broken;
    }
    match Step::of(enc) {
        None | Some(Step::Before) => vec![before(enc), Prompt::ready_to_fight(enc)],
        Some(Step::Turns) => {
            enc.acting().first().map(|id| turn(enc, *id, words)).into_iter().collect()
        }
        Some(Step::End) => vec![end(enc)],
    }
}

fn defence(enc: &Encounter, p: &Pending) -> Prompt {
    let (a, t) = (enc.name_of(p.attacker), enc.name_of(p.target));
    // Short: the stepper shows it large, two lines at most.
    let free = if p.free { " (free attack)" } else { "" };
    Prompt {
        id: format!("defend-{}", p.target),
        title: format!("{t} Tests DEX against {a}{free}"),
        actor: Some(p.target),
        options: vec![
            PromptOption::allowed(format!("{t} rolls d20 + DEX (12 avoids it)"), cmd(C::Defend))
                .player_rolls()
                .main(),
        ],
    }
}

fn yield_prompt(enc: &Encounter, id: CombatantId) -> Prompt {
    let name = enc.name_of(id);
    Prompt {
        id: format!("broken-{id}"),
        title: format!("{name} lost heart"),
        actor: Some(id),
        options: vec![
            PromptOption::allowed(format!("{name} parleys"), cmd(C::Yield { id, flee: false })),
            PromptOption::allowed(format!("{name} flees"), cmd(C::Yield { id, flee: true })),
        ],
    }
}

fn before(enc: &Encounter) -> Prompt {
    let d = enc.dr12();
    let reacted: Vec<String> = d
        .reactions
        .iter()
        .map(|(s, r)| format!("{}: {r}", enc.side(*s).map_or("?", |s| &s.name)))
        .collect();
    let title = if reacted.is_empty() {
        "Before the fight".to_owned()
    } else {
        format!("Before the fight — reactions: {}", reacted.join(", "))
    };
    // Always there and first (saying so again when nobody is changes nothing), then each
    // side's answers under its name, a side added after the others.
    let nobody = PromptOption::allowed("Nobody is surprised", cmd(C::Surprise { side: None }));
    Prompt::by_side(enc, ("before", title), vec![nobody], |side, _| {
        let name = &side.name;
        // Every side's answer stays in its place, the one given refused: an answer that went
        // away would move the ones after it under the pointer.
        let label = format!("Surprised: {name}");
        let command = cmd(C::Surprise { side: Some(side.id) });
        let mut options = vec![if d.surprised == Some(side.id) {
            PromptOption::forbidden(label, command, "surprised already")
        } else {
            PromptOption::allowed(label, command)
        }];
        if !side.party {
            // Rolled, it stays where it was, saying what came (a roll again replaces it).
            let mut option = PromptOption::allowed(
                format!("Roll {name}'s reaction (d10)"),
                cmd(C::Reaction { side: side.id }),
            );
            if let Some(r) = d.reactions.get(&side.id) {
                option.reason = Some(format!("rolled: {r}; again replaces it"));
            }
            options.push(option);
        }
        options
    })
}

/// The stats a Test may use for `id`: a character's STR and DEX, a creature's Skill.
fn test_stats(enc: &Encounter, id: CombatantId) -> &'static [&'static str] {
    if is_character(enc, id) { &["str", "dex"] } else { &[SKILL] }
}

fn turn(enc: &Encounter, id: CombatantId, words: Wording) -> Prompt {
    let c = &enc.combatants[&id];
    let name = &c.name;
    let d = enc.dr12();
    let spent = d.turn.now(enc);
    let mut options = vec![PromptOption::allowed("End turn", Command::Advance).main()];
    if is_out(c) {
        return Prompt {
            id: format!("turn-{id}"),
            title: format!("{name} is out: pass the turn"),
            actor: Some(id),
            options,
        };
    }
    let arms = Dr12Block::of(c)
        .map(|b| b.arms().into_iter().cloned().collect::<Vec<_>>())
        .unwrap_or_default();
    let foes: Vec<CombatantId> =
        enc.combatants.values().filter(|o| o.side != c.side && !is_out(o)).map(|o| o.id).collect();
    // What every attack's check opens with, asked once for the prompt.
    let may_act = check_action(enc, id);
    for &target in &foes {
        options.extend(attack_options(enc, id, target, &arms, &may_act, words));
    }
    options.extend(zone_options(enc, id, spent.moved));
    options.extend(action_options(enc, id, &may_act));
    options.extend(shake_options(enc, id));
    let title = words.say(|| {
        let mut title = format!("{name}'s turn");
        let spent: Vec<&str> = [(spent.moved, "moved"), (spent.acted, "Action spent")]
            .into_iter()
            .filter_map(|(done, w)| done.then_some(w))
            .collect();
        if !spent.is_empty() {
            title.push_str(&format!(" ({})", spent.join(", ")));
        }
        title
    });
    Prompt { id: format!("turn-{id}"), title, actor: Some(id), options }
}

/// The attacks `id` could make on `target`, under one heading: with each of its `arms`, and
/// with two one-handed ones of a kind together (the higher die).
fn attack_options(
    enc: &Encounter,
    id: CombatantId,
    target: CombatantId,
    arms: &[Weapon],
    may_act: &Result<(), RuleError>,
    words: Wording,
) -> Vec<PromptOption> {
    let mut options = Vec::new();
    let group = words.say(|| format!("Attack {}", enc.name_of(target)));
    // The heading shared by a foe's options (only where words are written).
    let grouped = |o: PromptOption| words.group(o, || group.clone());
    for (i, w) in arms.iter().enumerate() {
        options.push(grouped(
            PromptOption::allowed(
                words.say(|| format!("{} (d{})", w.name, w.die)),
                cmd(C::Attack { attacker: id, target, weapon: i, second: None }),
            )
            .unless(may_act.clone().and_then(|()| check_attack_on(enc, id, target, i, None))),
        ));
    }
    for i in 0..arms.len() {
        for j in i + 1..arms.len() {
            if arms[i].hands == 1 && arms[j].hands == 1 && arms[i].ranged == arms[j].ranged {
                let label =
                    words.say(|| format!("{} and {} (the higher die)", arms[i].name, arms[j].name));
                options.push(grouped(
                    PromptOption::allowed(
                        label,
                        cmd(C::Attack { attacker: id, target, weapon: i, second: Some(j) }),
                    )
                    .unless(
                        may_act.clone().and_then(|()| check_attack_on(enc, id, target, i, Some(j))),
                    ),
                ));
            }
        }
    }
    options
}

/// A move to each zone next to `id`'s (costing the Action once it `moved`, naming who gets a
/// free attack first), and a Test against its zone's feature when the zone has one. Off the
/// board, one move refused, saying why: the Move heading keeps its place among the others.
fn zone_options(enc: &Encounter, id: CombatantId, moved: bool) -> Vec<PromptOption> {
    let mut options = Vec::new();
    let c = &enc.combatants[&id];
    let Some(zone) = c.zone.and_then(|z| enc.zone(z)) else {
        // A move to the board's first zone, which the rules refuse from off the board.
        let Some(to) = enc.zones.keys().next().copied() else { return options };
        let refused =
            PromptOption::allowed("Move to a Nearby zone", Command::Move { id, to: Some(to) })
                .unless(check_move(enc, id, to))
                .in_group("Move");
        return vec![refused];
    };
    let strikers: Vec<String> = free_attackers(enc, id).iter().map(|f| enc.name_of(*f)).collect();
    for to in &zone.adjacent {
        let Some(z) = enc.zone(*to) else { continue };
        let mut option = PromptOption::allowed(
            format!("Move to {}", z.name),
            Command::Move { id, to: Some(*to) },
        )
        .unless(check_move(enc, id, *to))
        .in_group("Move");
        if moved {
            option.cost = Some("the Action".into());
        }
        if option.enabled && !strikers.is_empty() {
            option.reason = Some(format!("free attack first: {}", strikers.join(", ")));
        }
        options.push(option);
    }
    if !zone.note.trim().is_empty() {
        for stat in test_stats(enc, id) {
            options.push(
                PromptOption::allowed(
                    format!(
                        "Test {} against {} ({})",
                        stat.to_uppercase(),
                        zone.name,
                        zone.note.trim()
                    ),
                    cmd(C::Test {
                        id,
                        stat: (*stat).into(),
                        purpose: Purpose::Zone,
                        action: false,
                    }),
                )
                .in_group("The zone"),
            );
        }
    }
    options
}

/// The Actions that are not attacks: disengaging when a foe would get a free attack, taking
/// an item from the backpack, a stunt Test of each stat.
fn action_options(
    enc: &Encounter,
    id: CombatantId,
    may_act: &Result<(), RuleError>,
) -> Vec<PromptOption> {
    let mut options = Vec::new();
    let action = |label: &str, command: C| {
        PromptOption::allowed(label, cmd(command)).unless(may_act.clone()).in_group("Action")
    };
    if !free_attackers(enc, id).is_empty() {
        options.push(action("Disengage (leave without a free attack)", C::Disengage { id }));
    }
    options.push(action(
        "Take an item from the backpack",
        C::Act { id, what: "takes an item from the backpack".into() },
    ));
    for stat in test_stats(enc, id) {
        options.push(action(
            &format!("Stunt: Test {}", stat.to_uppercase()),
            C::Test {
                id,
                stat: (*stat).into(),
                purpose: Purpose::Stunt { target: None },
                action: true,
            },
        ));
    }
    options
}

/// A Test to shake off each hindrance it has.
fn shake_options(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let c = &enc.combatants[&id];
    let mut out = Vec::new();
    for h in HINDRANCES.iter().filter(|h| has(c, h)) {
        for stat in test_stats(enc, id) {
            let purpose = Purpose::Shake { hindrance: (*h).into() };
            out.push(
                PromptOption::allowed(
                    format!("Shake off {h}: Test {}", stat.to_uppercase()),
                    cmd(C::Test {
                        id,
                        stat: (*stat).into(),
                        purpose: purpose.clone(),
                        action: false,
                    }),
                )
                .unless(check_test(enc, id, stat, &purpose, false))
                .in_group("Hindrances"),
            );
        }
    }
    out
}

fn end(enc: &Encounter) -> Prompt {
    let mut p = Prompt::round_over(enc);
    p.options[0] = p.options[0].clone().main();
    let presets = enc.flag(MORALE_PRESETS, false);
    for c in enc.combatants.values().filter(|c| !is_character(enc, c.id) && !is_out(c)) {
        let mut option = PromptOption::allowed(
            format!("Morale: {} Tests Skill", c.name),
            cmd(C::Morale { id: c.id }),
        )
        .unless(check_morale(enc, c.id))
        .in_group("Morale");
        if presets
            && option.enabled
            && let Some(why) = trigger(enc, c.side)
        {
            option.reason = Some(why);
        }
        p.options.push(option);
    }
    p
}

/// Why a side should Test morale (the presets): its leader fell, half of it is gone, or one
/// is left at a third of its HP or less.
pub(crate) fn trigger(enc: &Encounter, side: SideId) -> Option<String> {
    let members: Vec<_> = enc.combatants.values().filter(|c| c.side == side).collect();
    let fallen = members.iter().filter(|c| is_out(c)).count();
    if members.iter().any(|c| is_out(c) && Dr12Block::of(c).is_ok_and(|b| b.leader)) {
        return Some("their leader fell".into());
    }
    let standing: Vec<_> = members.iter().filter(|c| !is_out(c)).collect();
    if members.len() > 1 && fallen * 2 >= members.len() {
        return Some("half the group is gone".into());
    }
    if let [last] = standing.as_slice() {
        let max = last.track(HP).map_or(0, |t| t.max);
        if max > 0 && track(last, HP) * 3 <= max {
            return Some("alone, at a third of its HP or less".into());
        }
    }
    None
}

/// What the card of `id` offers: shaking off hindrances, morale, mending a weapon.
pub(crate) fn card_actions(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    let mut out = shake_options(enc, id);
    if !is_character(enc, id) {
        out.push(
            PromptOption::allowed("Morale: Test Skill", cmd(C::Morale { id }))
                .unless(check_morale(enc, id)),
        );
    }
    if let Ok(block) = Dr12Block::of(c) {
        for (i, w) in block.arms().iter().enumerate() {
            let used = super::block::usages(enc, c, i);
            if used > 0 {
                let max = usage_max(enc, w);
                out.push(PromptOption::allowed(
                    format!("Mend {} ({used}/{max} usages)", w.name),
                    cmd(C::SetUsage { id, weapon: i, usages: 0 }),
                ));
            }
        }
    }
    out
}
