//! What the procedure asks the GM, phase by phase. Anything waiting for an answer (a
//! reaction, a counter-gambit, magic dice in hand, a free strike) comes first and alone.

use super::Step;
use super::attack::reaction_options;
use super::awaits::Awaits;
use super::block::{self, BdpBlock};
use super::declare::cannot_act;
use super::model::{
    Ability, Arms, BdpCommand, Broken, Edge, Intent, PendingAttack, Situation, Stance, Trigger,
    TurnClass,
};
use super::{morale, order};
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::space::distances;
use crate::system::Owned;
use crate::system::Step as _;
use crate::system::Wording;
use crate::system::{Prompt, PromptOption};

fn bdp(c: BdpCommand) -> Command {
    Command::from(c)
}

/// Every prompt for the state, its words written or not.
pub(crate) fn prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    let waiting = waiting(enc);
    if !waiting.is_empty() {
        return waiting;
    }
    let mut out = match Step::of(enc) {
        None | Some(Step::Before) => before(enc),
        Some(Step::Declare) => declare(enc, words),
        Some(Step::Order) => ties(enc, words),
        Some(Step::Quick | Step::Full) => turn(enc, words),
        Some(Step::Morale) => Vec::new(),
    };
    if enc.round > 0 {
        out.extend(morale_prompts(enc));
    }
    if Step::Morale.now(enc) && morale::due(enc).is_empty() {
        out.push(Prompt::round_over(enc));
    }
    out
}

/// Prompts that block everything else until answered: the first thing the fight waits for.
fn waiting(enc: &Encounter) -> Vec<Prompt> {
    let Some(first) = enc.bdp().awaits() else { return Vec::new() };
    vec![match first {
        Awaits::Reaction(pending) => reaction_prompt(enc, pending),
        Awaits::Counter { by, against } => counter_prompt(enc, by, against),
        Awaits::Spell { caster, faces } => spell_prompt(enc, caster, faces),
        Awaits::FreeStrike { attacker, target } => free_strike_prompt(enc, attacker, target),
    }]
}

/// How the struck one reacts to the blow waiting for it.
fn reaction_prompt(enc: &Encounter, pending: &PendingAttack) -> Prompt {
    let names: Vec<String> = pending
        .attackers
        .iter()
        .map(|a| {
            let Some(c) = enc.combatant(*a) else { return enc.name_of(*a) };
            let dice = if pending.free {
                "free strike, d4".to_owned()
            } else {
                super::attack::wielded(enc, c)
                    .map(|ws| {
                        ws.iter().map(|w| format!("d{}", w.die)).collect::<Vec<_>>().join("+")
                    })
                    .unwrap_or_default()
            };
            format!("{} ({dice})", c.name)
        })
        .collect();
    let defender = enc.name_of(pending.target);
    let options = reaction_options(enc, pending)
        .unwrap_or_default()
        .into_iter()
        .map(|o| {
            let command = bdp(BdpCommand::React { reaction: o.reaction.clone() });
            let label = o.label(enc);
            let mut option = match &o.allowed {
                Ok(()) => PromptOption::allowed(label, command),
                Err(why) => PromptOption::forbidden(label, command, why.words(&defender)),
            };
            if option.enabled {
                option.reason = o.note.map(str::to_owned);
            }
            if o.fatigue > 0 {
                option.cost = Some(format!("+{} Fatigue", o.fatigue));
            }
            option
        })
        .collect();
    Prompt {
        id: format!("react-{}", pending.target),
        title: format!(
            "{} is struck by {}: how does it react?",
            enc.name_of(pending.target),
            names.join(" and ")
        ),
        actor: Some(pending.target),
        options,
    }
}

/// A gambit back, after resisting one.
fn counter_prompt(enc: &Encounter, by: CombatantId, against: CombatantId) -> Prompt {
    let mut options: Vec<PromptOption> = Ability::ALL
        .iter()
        .map(|a| {
            PromptOption::allowed(
                format!("Counter-gambit: {} save", a.label()),
                bdp(BdpCommand::Gambit { attacker: by, target: against, ability: *a }),
            )
            .unless(super::gambit::check(enc, by, against))
        })
        .collect();
    options.push(PromptOption::allowed("Let it be", bdp(BdpCommand::DeclineCounter)));
    Prompt {
        id: format!("counter-{by}"),
        title: format!("{} resisted: a gambit back at {}?", enc.name_of(by), enc.name_of(against)),
        actor: Some(by),
        options,
    }
}

/// A free strike at someone leaving carelessly, or letting them go.
fn free_strike_prompt(enc: &Encounter, attacker: CombatantId, target: CombatantId) -> Prompt {
    let (a, t) = (enc.name_of(attacker), enc.name_of(target));
    Prompt {
        id: format!("free-{attacker}-{target}"),
        title: format!("{t} leaves {a}'s zone carelessly"),
        actor: Some(attacker),
        options: vec![
            PromptOption::allowed(
                format!("{a} strikes (1d4)"),
                bdp(BdpCommand::FreeAttack { attacker, target }),
            ),
            PromptOption::allowed(
                format!("{a} lets {t} go"),
                bdp(BdpCommand::LetGo { attacker, target }),
            ),
        ],
    }
}

fn spell_prompt(enc: &Encounter, caster: CombatantId, faces: &[u32]) -> Prompt {
    let sum: u32 = faces.iter().sum();
    let lowest = faces.iter().min().copied().unwrap_or(0);
    let mut options = Vec::new();
    for foe in foes(enc, caster) {
        let detachment = BdpBlock::of(foe).is_ok_and(|b| b.detachment);
        let hit = if detachment { faces.iter().max().copied().unwrap_or(0) } else { sum };
        options.push(PromptOption::allowed(
            format!("All dice on {}: {hit} damage", foe.name),
            bdp(BdpCommand::SpellDamage {
                targets: vec![foe.id],
                faces: faces.to_vec(),
                blast: false,
            }),
        ));
        if faces.len() > 1 {
            options.push(PromptOption::allowed(
                format!("Trick on {} with the {lowest} (DEX save)", foe.name),
                bdp(BdpCommand::Trick {
                    target: foe.id,
                    ability: Ability::Dex,
                    faces: vec![lowest],
                }),
            ));
        }
    }
    options.push(PromptOption::allowed("Put the dice away", bdp(BdpCommand::EndSpell)));
    let list: Vec<String> = faces.iter().map(u32::to_string).collect();
    Prompt {
        id: format!("spell-{caster}"),
        title: format!("{} holds Magic Dice {}", enc.name_of(caster), list.join(", ")),
        actor: Some(caster),
        options,
    }
}

/// Standing foes of a combatant.
fn foes(enc: &Encounter, id: CombatantId) -> Vec<&Combatant> {
    let Some(me) = enc.combatant(id) else { return Vec::new() };
    enc.combatants.values().filter(|c| c.side != me.side && !block::is_out(c)).collect()
}

fn before(enc: &Encounter) -> Vec<Prompt> {
    let mut surprise = Vec::new();
    if enc.round == 0 && !enc.combatants.values().any(|c| c.conditions.contains("surprised")) {
        let roll = |label: &str, situation, favoured, ambush| {
            PromptOption::allowed(label, bdp(BdpCommand::Surprise { situation, favoured, ambush }))
        };
        surprise.push(roll("Roll surprise (1 or 6)", Situation::Normal, None, false));
        surprise.push(roll("Low visibility (1–2 or 5–6)", Situation::LowVisibility, None, false));
        surprise.push(roll("The foes have the edge (1–2 or 6)", Situation::Advantage, None, false));
        for side in enc.sides.values() {
            surprise.push(roll(
                &format!("Only {} can surprise (1–3)", side.name),
                Situation::OneSided,
                Some(side.id),
                false,
            ));
        }
        surprise.push(roll("Ambush: roll, the caught cannot guard", Situation::Normal, None, true));
    }
    let mut out = Vec::new();
    if !surprise.is_empty() {
        out.push(Prompt {
            id: "surprise".into(),
            title: "Surprise?".into(),
            actor: None,
            options: surprise,
        });
    }
    out.push(Prompt {
        id: "reaction".into(),
        title: "The foes' reaction (2d6)".into(),
        actor: None,
        options: vec![
            PromptOption::allowed(
                "Roll the reaction",
                bdp(BdpCommand::Reaction { stance: Stance::Neutral }),
            ),
            PromptOption::allowed(
                "Weapons drawn (−1d4)",
                bdp(BdpCommand::Reaction { stance: Stance::Drawn }),
            ),
            PromptOption::allowed(
                "Weapons sheathed (+1d4)",
                bdp(BdpCommand::Reaction { stance: Stance::Sheathed }),
            ),
        ],
    });
    out.push(Prompt::ready_to_fight(enc));
    out
}

/// The declaration options of one combatant: (label, intention, heading). Strikes and
/// gambits are listed under the foe they are against. Without words, labels and headings
/// are empty.
pub(crate) fn intents_of(
    enc: &Encounter,
    c: &Combatant,
    words: Wording,
) -> Vec<(String, Intent, Option<String>)> {
    let Ok(b) = BdpBlock::of(c) else { return Vec::new() };
    let written = words == Wording::Written;
    let mut arms: Vec<(String, Arms)> = b
        .weapons
        .iter()
        .enumerate()
        .map(|(i, w)| {
            (words.say(|| format!("{} d{}", w.name.to_lowercase(), w.die)), Arms::Weapon(i))
        })
        .collect();
    let melee: Vec<usize> = (0..b.weapons.len()).filter(|i| !b.weapons[*i].ranged).collect();
    if melee.len() >= 2 {
        let (x, y) = (melee[0], melee[1]);
        let (wx, wy) = (&b.weapons[x], &b.weapons[y]);
        arms.push((
            words.say(|| format!("{} and {}", wx.name.to_lowercase(), wy.name.to_lowercase())),
            Arms::Dual(x, y),
        ));
    }
    arms.push((words.say(|| "fists d4".into()), Arms::Unarmed));
    for (what, die) in
        [("a bottle, d6, breaks", 6), ("a chair, d8, breaks", 8), ("a bench, d10, breaks", 10)]
    {
        arms.push((words.say(|| what.into()), Arms::Improvised(die)));
    }
    let foes = foes(enc, c.id);
    // Room for every option at once: they are many, and moved each time the list grows.
    let mut out = Vec::with_capacity(foes.len() * (arms.len() + 2) + 12);
    for foe in foes {
        let group = written.then(|| ["Against ", &foe.name].concat());
        for (name, arms) in &arms {
            out.push((
                words.say(|| ["Attack ", &foe.name, " (", name, ")"].concat()),
                Intent::Attack { target: foe.id, arms: arms.clone(), moving: false },
                group.clone(),
            ));
        }
        if crate::space::in_melee(enc, foe, c) {
            out.push((
                words.say(|| ["Attack ", &foe.name, ", then move away"].concat()),
                Intent::Attack { target: foe.id, arms: b.default_arms(), moving: true },
                group.clone(),
            ));
        }
        out.push((
            words.say(|| ["Gambit on ", &foe.name].concat()),
            Intent::Gambit { target: foe.id, arms: b.default_arms(), moving: false },
            group,
        ));
    }
    if b.magic_dice > 0 {
        out.push((
            words.say(|| "Cast a spell".into()),
            Intent::Cast { target: None, fast: false },
            None,
        ));
        out.push((
            words.say(|| "A fast spell or trick".into()),
            Intent::Cast { target: None, fast: true },
            None,
        ));
    }
    if let Some(from) = c.zone {
        for (zone, steps) in distances(enc, from) {
            if (1..=2).contains(&steps) {
                let name =
                    || enc.zone(zone).map_or(String::new(), |z| ["Move to ", &z.name].concat());
                out.push((words.say(name), Intent::Move { to: zone }, None));
            }
        }
    }
    out.push((words.say(|| "Retreat".into()), Intent::Retreat, None));
    for (label, full) in
        [("Something else (one action)", false), ("Something else (the whole turn)", true)]
    {
        out.push((
            words.say(|| label.into()),
            Intent::Other { text: "something else".into(), full },
            None,
        ));
    }
    out.push((words.say(|| "Hold".into()), Intent::Hold, None));
    out
}

fn declare(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    let written = words == Wording::Written;
    let mut out = Vec::new();
    let undeclared: Vec<&Combatant> = enc
        .combatants
        .values()
        .filter(|c| cannot_act(c).is_none() && !enc.bdp().declarations.contains_key(&c.id))
        .collect();
    if let Some(c) = undeclared.first() {
        // What every intention's check shares, asked once for the prompt.
        let actor = super::declare::may_declare(enc, c.id);
        let options = intents_of(enc, c, words)
            .into_iter()
            .map(|(label, intent, group)| {
                let checked = match &actor {
                    Ok(actor) => super::declare::check_for(enc, actor, &intent),
                    Err(e) => Err(e.clone()),
                };
                let command =
                    bdp(BdpCommand::Declare { id: c.id, intent, class: None, no_reach: false });
                let option = match checked {
                    Ok((class, why)) => {
                        let mut o = PromptOption::allowed(label, command);
                        if written
                            && !matches!(
                                super::Bdp::own_ref(&o.command),
                                Some(BdpCommand::Declare { intent: Intent::Hold, .. })
                            )
                        {
                            o.reason = Some([class.label(), ": ", &why.words(enc)].concat());
                        }
                        o
                    }
                    Err(e) if written => PromptOption::forbidden(label, command, e.to_string()),
                    Err(_) => PromptOption::forbidden(label, command, String::new()),
                };
                match group {
                    Some(g) => option.in_group(g),
                    None => option,
                }
            })
            .collect();
        out.push(Prompt {
            id: if written { format!("declare-{}", c.id) } else { String::new() },
            title: if written {
                format!("What does {} mean to do?", c.name)
            } else {
                String::new()
            },
            actor: Some(c.id),
            options,
        });
    }
    let mut overrides = Vec::new();
    for (id, d) in enc.bdp().declarations.iter() {
        if d.intent == Intent::Hold {
            continue;
        }
        let other = match d.class {
            TurnClass::Quick => TurnClass::Full,
            TurnClass::Full => TurnClass::Quick,
        };
        let Some(c) = enc.combatant(*id) else { continue };
        let allowed = super::declare::check(enc, *id, &d.intent).map(|_| ());
        let reach = match &d.intent {
            Intent::Attack { arms, .. } | Intent::Gambit { arms, .. } => BdpBlock::of(c)
                .ok()
                .and_then(|b| b.strike_traits(arms).ok())
                .is_some_and(|ws| ws.iter().flatten().any(|w| w.reach)),
            _ => false,
        };
        if reach && !d.no_reach {
            overrides.push(
                PromptOption::allowed(
                    if written {
                        format!("{}: its reach does not count this round", c.name)
                    } else {
                        String::new()
                    },
                    bdp(BdpCommand::Declare {
                        id: *id,
                        intent: d.intent.clone(),
                        class: d.overridden.then_some(d.class),
                        no_reach: true,
                    }),
                )
                .unless(allowed.clone()),
            );
        }
        overrides.push(
            PromptOption::allowed(
                if written {
                    format!("{}: make it a {}", enc.name_of(*id), other.label())
                } else {
                    String::new()
                },
                bdp(BdpCommand::Declare {
                    id: *id,
                    intent: d.intent.clone(),
                    class: Some(other),
                    no_reach: d.no_reach,
                }),
            )
            .unless(allowed),
        );
    }
    if !overrides.is_empty() {
        out.push(Prompt {
            id: "classes".into(),
            title: "The GM's call on a turn".into(),
            actor: None,
            options: overrides,
        });
    }
    let mut next = PromptOption::allowed("Work out the order", Command::Advance);
    if written && !undeclared.is_empty() {
        let names: Vec<&str> = undeclared.iter().map(|c| c.name.as_str()).collect();
        next.reason = Some(format!("not declared yet, they hold: {}", names.join(", ")));
    }
    out.push(Prompt {
        id: "order".into(),
        title: "Everyone declared?".into(),
        actor: None,
        options: vec![next],
    });
    out
}

fn ties(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    let pending = order::pending(enc);
    let mut out: Vec<Prompt> = pending
        .iter()
        .map(|(pc, foes)| {
            let names = || foes.iter().map(|f| enc.name_of(*f)).collect::<Vec<_>>().join(" and ");
            Prompt {
                id: words.say(|| format!("tie-{pc}")),
                title: words.say(|| format!("{} and {} are tied", enc.name_of(*pc), names())),
                actor: Some(*pc),
                options: vec![PromptOption::allowed(
                    words.say(|| format!("{}'s DEX save to go first", enc.name_of(*pc))),
                    bdp(BdpCommand::BreakTie { id: *pc }),
                )],
            }
        })
        .collect();
    let mut go = PromptOption::allowed("Start the turns", Command::Advance);
    if !pending.is_empty() {
        go = PromptOption { enabled: false, reason: Some("break the ties first".into()), ..go };
    }
    out.push(Prompt {
        id: "turns".into(),
        title: "The order is set".into(),
        actor: None,
        options: vec![go],
    });
    out
}

fn turn(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    let acting: Vec<CombatantId> =
        enc.acting().iter().copied().filter(|id| !enc.bdp().acted.contains(id)).collect();
    let mut options = Vec::new();
    let gambits_left = acting.iter().any(|id| {
        matches!(enc.bdp().declarations.get(id).map(|d| &d.intent), Some(Intent::Gambit { .. }))
    });
    let mut strikes: Vec<(CombatantId, Vec<CombatantId>)> = Vec::new();
    for id in &acting {
        let Some(d) = enc.bdp().declarations.get(id) else { continue };
        let name = enc.name_of(*id);
        match &d.intent {
            Intent::Attack { target, .. } => match strikes.iter_mut().find(|(t, _)| t == target) {
                Some((_, who)) => who.push(*id),
                None => strikes.push((*target, vec![*id])),
            },
            Intent::Gambit { target, .. } => {
                for a in Ability::ALL {
                    options.push(
                        PromptOption::allowed(
                            format!(
                                "{name}'s gambit on {}: {} save",
                                enc.name_of(*target),
                                a.label()
                            ),
                            bdp(BdpCommand::Gambit { attacker: *id, target: *target, ability: a }),
                        )
                        .unless(super::gambit::check(enc, *id, *target)),
                    );
                }
            }
            Intent::Cast { .. } => {
                let Some(c) = enc.combatant(*id) else { continue };
                let most = BdpBlock::of(c).map_or(0, |b| b.magic_dice);
                for n in 1..=most {
                    options.push(
                        PromptOption::allowed(
                            format!(
                                "{name} invests {n} Magic {}",
                                if n == 1 { "Die" } else { "Dice" }
                            ),
                            bdp(BdpCommand::Cast { caster: *id, dice: n }),
                        )
                        .unless(super::magic::check_cast(enc, *id, n)),
                    );
                }
            }
            // Dragged there by hand already: the move is made, nothing stale to offer.
            Intent::Move { to } if enc.combatant(*id).is_some_and(|c| c.zone == Some(*to)) => {}
            Intent::Move { to } => {
                let zone = enc.zone(*to).map_or(String::new(), |z| z.name.clone());
                options.push(
                    PromptOption::allowed(
                        format!("{name} moves to {zone}"),
                        Command::Move { id: *id, to: Some(*to) },
                    )
                    .unless(crate::system::check_room(enc, *to, 1, Some(*id))),
                );
            }
            Intent::Retreat => options.push(PromptOption::allowed(
                format!("{name} tries to get away (DEX save)"),
                bdp(BdpCommand::Retreat { id: *id }),
            )),
            Intent::Other { .. } | Intent::Hold => {}
        }
    }
    for (target, attackers) in strikes {
        let who = words
            .say(|| attackers.iter().map(|a| enc.name_of(*a)).collect::<Vec<_>>().join(" and "));
        let t = words.say(|| enc.name_of(target));
        let allowed = super::attack::check(enc, &attackers, &[target]);
        for (label, edge) in [
            (words.say(|| format!("{who} strikes {t}")), Edge::Normal),
            (words.say(|| format!("{who}: enhanced strike (+d12)")), Edge::Enhanced),
            (words.say(|| format!("{who}: impaired strike (d4)")), Edge::Impaired),
            (words.say(|| format!("{who}: a stunt (enhanced, risky)")), Edge::Stunt),
        ] {
            let command = bdp(BdpCommand::Attack {
                attackers: attackers.clone(),
                targets: vec![target],
                edge,
                nonlethal: false,
            });
            options.push(if let Err(why) = &allowed {
                PromptOption::forbidden(label, command, why.to_string())
            } else if gambits_left {
                PromptOption::forbidden(label, command, "resolve the gambits first")
            } else {
                PromptOption::allowed(label, command)
            });
        }
    }
    options.push(PromptOption::allowed("Done: next turn", Command::Advance));
    let title = match enc.acting() {
        _ if words == Wording::Skipped => String::new(),
        [] => "Nobody is acting".to_owned(),
        ids => {
            let names: Vec<String> = ids.iter().map(|id| enc.name_of(*id)).collect();
            let what = enc
                .acting()
                .first()
                .and_then(|id| enc.bdp().declarations.get(id))
                .map_or(String::new(), |d| format!(" ({})", d.reason));
            format!("{}'s turn{what}", names.join(" and "))
        }
    };
    vec![Prompt { id: "turn".into(), title, actor: enc.acting().first().copied(), options }]
}

fn morale_prompts(enc: &Encounter) -> Vec<Prompt> {
    let mut due = morale::due(enc);
    // One prompt per side: its first trigger stands for all those due at once.
    due.dedup_by_key(|(side, _)| *side);
    due.into_iter()
        .map(|(side, trigger)| {
            let name = enc.sides[&side].name.clone();
            let mut options = vec![
                PromptOption::allowed(
                    "Each saves on WIL; failing, they flee",
                    bdp(BdpCommand::Morale { side, trigger, leader: None, on_fail: Broken::Flee }),
                ),
                PromptOption::allowed(
                    "Each saves on WIL; failing, they surrender",
                    bdp(BdpCommand::Morale {
                        side,
                        trigger,
                        leader: None,
                        on_fail: Broken::Surrender,
                    }),
                ),
            ];
            for l in morale::leaders(enc, side) {
                options.push(PromptOption::allowed(
                    format!("{}'s WIL for all; failing, they flee", enc.name_of(l)),
                    bdp(BdpCommand::Morale {
                        side,
                        trigger,
                        leader: Some(l),
                        on_fail: Broken::Flee,
                    }),
                ));
            }
            options.push(PromptOption::allowed(
                "No check: they hold (fearless, or the GM rules)",
                bdp(BdpCommand::SkipMorale { side, trigger }),
            ));
            Prompt {
                id: format!(
                    "morale-{side}-{}",
                    match trigger {
                        Trigger::FirstFall => "first-fall",
                        Trigger::Half => "half",
                        Trigger::Lone => "lone",
                    }
                ),
                title: format!("Morale of {name}: {}", morale::reasons(enc, side)),
                actor: None,
                options,
            }
        })
        .collect()
}

/// The card's buttons for one combatant: the saves the GM calls for, the shield, and the
/// detachment moves (form, split, merge, break up).
pub(crate) fn card_actions(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    let Ok(b) = BdpBlock::of(c) else { return Vec::new() };
    let mut out: Vec<PromptOption> = Ability::ALL
        .iter()
        .map(|a| {
            PromptOption::allowed(
                format!("{} save", a.label()),
                bdp(BdpCommand::Save { id, ability: *a, modifier: 0 }),
            )
        })
        .collect();
    if b.shield {
        let (label, to) =
            if block::shield_held(c) { ("Drop the shield", 0) } else { ("Take up the shield", 1) };
        out.push(PromptOption::allowed(
            label,
            Command::SetStat { id, stat: "shield".into(), value: to },
        ));
    }
    if b.detachment {
        let members = block::track(c, "members");
        let reshape = || super::detachment::can_reshape(enc, id);
        if members >= 2 {
            out.push(
                PromptOption::allowed(
                    format!("Split in two ({} and {})", members - members / 2, members / 2),
                    bdp(BdpCommand::SplitDetachment { id, members: members / 2 }),
                )
                .unless(reshape()),
            );
            let too_many = if members > i64::from(crate::system::MAX_ADD_COUNT) {
                Err(crate::system::RuleError::Invalid(format!(
                    "{} has too many members to break up",
                    c.name
                )))
            } else {
                reshape()
            };
            out.push(
                PromptOption::allowed(
                    format!("Break up into {members} fighters"),
                    bdp(BdpCommand::BreakDetachment { id }),
                )
                .unless(too_many),
            );
        }
        for other in enc.combatants.values() {
            let same = other.id != id
                && other.side == c.side
                && BdpBlock::of(other).is_ok_and(|o| o.detachment);
            if same {
                out.push(
                    PromptOption::allowed(
                        format!("Merge {} into this one", other.name),
                        bdp(BdpCommand::MergeDetachments { into: id, from: other.id }),
                    )
                    .unless(reshape().and_then(|()| super::detachment::can_reshape(enc, other.id))),
                );
            }
        }
    } else if !block::is_pc(enc, c) {
        let base = |name: &str| {
            name.rsplit_once(' ')
                .filter(|(_, n)| n.parse::<u32>().is_ok())
                .map_or(name.to_owned(), |(b, _)| b.to_owned())
        };
        let kin: Vec<CombatantId> = enc
            .combatants
            .values()
            .filter(|o| {
                o.side == c.side
                    && !block::is_out(o)
                    && base(&o.name) == base(&c.name)
                    && BdpBlock::of(o).is_ok_and(|x| !x.detachment)
            })
            .map(|o| o.id)
            .collect();
        if kin.len() >= 2 {
            out.push(PromptOption::allowed(
                format!("Form a detachment of the {} {}", kin.len(), base(&c.name)),
                bdp(BdpCommand::FormDetachment { ids: kin }),
            ));
        }
    }
    out
}
