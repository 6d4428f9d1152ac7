//! What the procedure asks, phase by phase; each option asks the check its command makes.

use super::MORALE_2D6;
use super::Step;
use super::answer::{check_luck, has_luck, may_defend, snappers};
use super::attack::{check_attack, check_attack_on, check_main};
use super::awaits::Awaits;
use super::block::{SovBlock, is_out, strikable};
use super::checks::{morale_due, save_target};
use super::heal::check_heal;
use super::model::{Manner, Pending, SaveKind, SovCommand as C, Threat};
use super::movement::{check_move_left, feet_left};
use super::round::{check_surprisable, check_surprise_check};
use super::screen::check_screen_of;
use super::situation::in_reach;
use super::wrestle::check_wrestle_on;
use crate::command::Command;
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::{Prompt, PromptOption, Wording};

fn cmd(c: C) -> Command {
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
    let mut options = Vec::new();
    for (id, side) in enc.sides.iter() {
        if s.surprised != Some(*id) {
            options.push(
                PromptOption::allowed(
                    format!("Surprised: {}", side.name),
                    cmd(C::Surprise { side: Some(*id) }),
                )
                .unless(check_surprisable(enc, *id))
                .in_group("Surprise"),
            );
        }
        let on = !s.expecting.contains(id);
        let label = if on {
            format!("{}: on guard, expecting a fight", side.name)
        } else {
            format!("{}: no longer on guard", side.name)
        };
        options.push(
            PromptOption::allowed(label, cmd(C::Expecting { side: *id, on })).in_group("Surprise"),
        );
        for (other, o) in enc.sides.iter().filter(|(o, _)| *o != id) {
            for (exert, how) in [(false, "DEX/Sneak"), (true, "STR/Exert")] {
                options.push(
                    PromptOption::allowed(
                        format!(
                            "{} tries to catch {} unaware ({how} against WIS/Notice)",
                            side.name, o.name
                        ),
                        cmd(C::SurpriseCheck { side: *id, against: *other, exert }),
                    )
                    .unless(check_surprise_check(enc, *id, *other))
                    .in_group("Surprise checks"),
                );
            }
        }
    }
    if s.surprised.is_some() {
        options.push(
            PromptOption::allowed("Nobody is surprised", cmd(C::Surprise { side: None }))
                .in_group("Surprise"),
        );
    }
    Prompt {
        id: "before".into(),
        title: "Before the fight: is a side caught unaware?".into(),
        actor: None,
        options,
    }
}

fn turn(enc: &Encounter, id: CombatantId, words: Wording) -> Prompt {
    let c = &enc.combatants[&id];
    let mut options = vec![PromptOption::allowed("End turn", Command::Advance).main()];
    let attacks = SovBlock::of(c).map(|b| b.attacks.clone()).unwrap_or_default();
    // What every attack's, shove's and grapple's check opens with, asked once for the prompt.
    let main = check_main(enc, id, false);
    // The helpless can be struck too (a Frail one stabilised dies of it).
    for t in enc.combatants.values().filter(|t| t.side != c.side && strikable(enc, t)) {
        let against = || format!("Attack {}", t.name);
        for (i, w) in attacks.iter().enumerate() {
            let check =
                main.clone().and_then(|()| check_attack_on(enc, id, t.id, i, &Manner::Plain));
            let option = PromptOption::allowed(
                words.say(|| format!("{} at {} ({})", w.name, t.name, w.dmg)),
                cmd(C::Attack { attacker: id, target: t.id, weapon: i, manner: Manner::Plain }),
            )
            .unless(check.as_ref().map(|_| ()).map_err(Clone::clone));
            let mut option = words.group(option, against);
            if let Ok(mods) = check
                && !mods.is_empty()
                && words.written()
            {
                let words: Vec<String> =
                    mods.iter().map(|(why, v)| format!("{v:+} {why}")).collect();
                option.reason = Some(words.join(", "));
            }
            options.push(option);
            if !w.ranged() {
                let manner = Manner::Charge;
                let check = main.clone().and_then(|()| check_attack_on(enc, id, t.id, i, &manner));
                let charge = PromptOption::allowed(
                    words.say(|| format!("Charge {} with {} (+2)", t.name, w.name)),
                    cmd(C::Attack { attacker: id, target: t.id, weapon: i, manner }),
                )
                .unless(check.map(|_| ()));
                options.push(words.group(charge, against));
            }
        }
    }
    for t in enc.combatants.values().filter(|t| t.side != c.side && !is_out(t)) {
        let against = || format!("Attack {}", t.name);
        for (grapple, word) in [(false, "Shove"), (true, "Grapple")] {
            let wrestle = PromptOption::allowed(
                words.say(|| format!("{word} {}", t.name)),
                cmd(C::Wrestle { attacker: id, target: t.id, grapple }),
            )
            .unless(main.clone().and_then(|()| check_wrestle_on(enc, id, t.id)));
            options.push(words.group(wrestle, against));
        }
    }
    for (i, w) in attacks.iter().enumerate() {
        if enc.sovereign().unloaded.contains(&(id, i)) {
            let cost = if w.reload() == Some(super::block::Reload::Main) {
                "the Main"
            } else {
                "the Move"
            };
            options.push(
                PromptOption::allowed(
                    format!("Reload the {} ({cost})", w.name),
                    cmd(C::Reload { id, weapon: i }),
                )
                .unless(super::reload::check_reload(enc, id, i).map(|_| ())),
            );
        }
    }
    // What every Screen's check opens with, asked once for the prompt.
    let screener = check_move_left(enc, id, true);
    for ally in enc.combatants.values().filter(|a| a.side == c.side && a.id != id && !is_out(a)) {
        let screen = PromptOption::allowed(
            words.say(|| format!("Screen {} (the Move)", ally.name)),
            cmd(C::Screen { id, ward: ally.id }),
        )
        .unless(screener.clone().and_then(|c| check_screen_of(enc, c, ally.id)));
        options.push(words.group(screen, || "Move".into()));
    }
    options.push(
        PromptOption::allowed("Hold the action (the Move)", cmd(C::Hold { id }))
            .unless(super::screen::check_hold(enc, id))
            .in_group("Move"),
    );
    options.push(
        PromptOption::allowed("Pick up an item (the Move)", cmd(C::PickUp { id }))
            .unless(super::checks::check_pick_up(enc, id))
            .in_group("Move"),
    );
    for (edge, open) in super::door::doors_in_reach(enc, id) {
        let (x, y) = edge.ends()[0];
        let verb = if open { "Shut" } else { "Open" };
        options.push(
            PromptOption::allowed(
                format!("{verb} the door at ({x}, {y}) (the Move)"),
                cmd(C::Door { id, edge }),
            )
            .unless(super::door::check_door(enc, id, edge).map(|_| ()))
            .in_group("Move"),
        );
    }
    if c.conditions.contains("prone") {
        options.push(
            PromptOption::allowed("Stand up (the Move)", cmd(C::StandUp { id }))
                .unless(super::opportunity::check_stand_up(enc, id)),
        );
    }
    if enc
        .combatants
        .values()
        .any(|o| o.side != c.side && !is_out(o) && crate::reach::in_melee(enc, c, o))
    {
        options.push(
            PromptOption::allowed(
                "Disengage (leave melee without attacks)",
                cmd(C::Disengage { id }),
            )
            .unless(main),
        );
    }
    let title = words.say(|| format!("{}'s turn ({} ft left)", c.name, feet_left(enc, id)));
    Prompt { id: format!("turn-{id}"), title, actor: Some(id), options }
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
fn held_attacks(
    enc: &Encounter,
    c: &crate::encounter::Combatant,
    attacks: &[super::block::Attack],
) -> Vec<PromptOption> {
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
fn executions(enc: &Encounter, c: &crate::encounter::Combatant) -> Vec<PromptOption> {
    let attacks = SovBlock::of(c).map(|b| b.attacks.clone()).unwrap_or_default();
    let mut out = Vec::new();
    for t in enc.combatants.values().filter(|t| t.side != c.side && !is_out(t)) {
        for (i, w) in attacks.iter().enumerate() {
            if super::execution::check_execute(enc, c.id, t.id, i).is_ok() {
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

/// The foes next to the one `t` threatens: each may strike it first, or let it go.
fn opportunity_prompts(enc: &Encounter, t: &Threat) -> Vec<Prompt> {
    let walker = enc.name_of(t.id);
    t.strikers
        .iter()
        .map(|s| {
            let name = enc.name_of(*s);
            let what = match &t.then {
                Some(c) => format!("{walker} {} next to {name}", super::provoke::doing(enc, c)),
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
fn answer_prompt(enc: &Encounter, p: &Pending) -> Prompt {
    let (a, t) = (enc.name_of(p.attacker), enc.name_of(p.target));
    let total = p.roll.total + p.bonus;
    // What the roll does as things stand, so the GM sees what Total Defense would change.
    let ac = enc.combatant(p.target).map_or(0, |c| {
        let charging = if c.conditions.contains(super::CHARGED) { 2 } else { 0 };
        super::block::stat(c, super::block::AC) - charging
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
                Err(crate::system::RuleError::NotAllowed("its Main action is spent".into()))
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
