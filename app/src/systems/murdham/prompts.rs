//! What the procedure asks the GM, phase by phase. Anything waiting (a stunt's answer, a
//! reaction, a strike at someone leaving, a broken character's choice) comes first and alone.

use super::Step;
use super::attack::weapon_name;
use super::block::{AGI, MurdhamBlock, Weapon, stat};
use super::model::{
    Aim, AttackSpec, MainAction, MurdhamCommand as C, NonLethal, Pending, PendingAttack, Reaction,
    Yield,
};
use super::react::{allowed, bystanders, counter_weapons};
use super::round::{activating, cannot_activate};
use super::turn::{allowance, no_bonus, no_main};
use super::{
    CONCEALED, DEAD, DYING, INCAPACITATED, cmd, factions, grapple, morale, nearby, side_name,
    standing,
};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::{Prompt, PromptOption, RuleError, Wording};

/// Every prompt for the state; the words of the choices and turns written or not (the rest
/// is rare and always written).
pub(crate) fn prompts(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    if let Some(p) = enc.murdham().pending.first() {
        return vec![pending(enc, p)];
    }
    let m = &enc.murdham();
    match Step::of(enc) {
        None | Some(Step::Before) => {
            let mut out = Vec::new();
            if m.holder.is_none() && !factions(enc).is_empty() {
                out.push(holder_prompt(enc));
            } else {
                out.push(Prompt::ready_to_fight(enc));
            }
            out
        }
        _ if activating(enc) => {
            if m.first.is_none() {
                return vec![first_prompt(enc)];
            }
            if let Some(id) = m.turn.id {
                return vec![turn_prompt(enc, id, words)];
            }
            m.choosing.map(|side| choice_prompt(enc, side, words)).into_iter().collect()
        }
        Some(Step::End) => {
            let due = morale::due(enc);
            let mut out: Vec<Prompt> = due.iter().map(|d| morale_prompt(enc, d)).collect();
            if due.is_empty() {
                let mut p = Prompt::round_over(enc);
                p.options
                    .push(PromptOption::allowed("Fight over: gear durability", cmd(C::EndFight)));
                out.push(p);
            }
            out
        }
        Some(Step::After) if !m.durability_done => {
            let n: usize = m.used.values().map(|s| s.len()).sum();
            vec![Prompt {
                id: "durability".into(),
                title: "After the fight: the gear wears".into(),
                actor: None,
                options: vec![PromptOption::allowed(
                    format!("Roll durability ({n} item{} used)", if n == 1 { "" } else { "s" }),
                    cmd(C::Durability),
                )],
            }]
        }
        _ => Vec::new(),
    }
}

fn holder_prompt(enc: &Encounter) -> Prompt {
    let mut options: Vec<PromptOption> = factions(enc)
        .into_iter()
        .map(|s| {
            PromptOption::allowed(
                format!("{} started it", side_name(enc, s)),
                cmd(C::Holder { side: Some(s) }),
            )
        })
        .collect();
    options.push(PromptOption::allowed("Unclear: roll for it", cmd(C::Holder { side: None })));
    Prompt {
        id: "holder".into(),
        title: "Who started the fight? That faction holds the initiative".into(),
        actor: None,
        options,
    }
}

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
    let title = words.say(|| {
        let passed = enc.murdham().passes.len();
        let note = if passed == 0 { String::new() } else { format!(" ({passed} passed in a row)") };
        format!("{} choice: activate a character or pass{note}", super::sides(enc, side))
    });
    Prompt { id: format!("choice-{side}"), title, actor: None, options }
}

/// The damage dice of a weapon, in words ("d8", "d4 impaired").
pub(crate) fn dice_words(w: Option<&Weapon>) -> String {
    match w {
        None => "d4 impaired".into(),
        Some(w) => format!("d{}", w.die),
    }
}

/// An option for an attack, enabled when the rules allow it, noting a WIT save to hit;
/// `attacker` is what the attack's check asks of the attacker alone, asked once for the turn
/// ([`super::attack::check_attacker`]).
fn attack_option(
    enc: &Encounter,
    attacker: &Result<(), RuleError>,
    label: String,
    spec: AttackSpec,
    words: Wording,
    group: &str,
) -> PromptOption {
    let checked = attacker.clone().and_then(|()| super::attack::to_hit(enc, &spec));
    let (enabled, reason) = verdict(checked);
    let option =
        PromptOption { enabled, reason, ..PromptOption::allowed(label, cmd(C::Attack(spec))) };
    words.group(option, || group.to_owned())
}

/// Whether an attack may be made now, and why not or what it needs (a WIT save to hit): the
/// attack's own check, for its option and for the same option with the GM's circumstances.
pub(super) fn attack_verdict(enc: &Encounter, spec: &AttackSpec) -> (bool, Option<String>) {
    verdict(super::attack::check(enc, spec))
}

/// An attack's check as an option shows it.
fn verdict(checked: Result<Option<String>, RuleError>) -> (bool, Option<String>) {
    match checked {
        Ok(None) => (true, None),
        Ok(Some(why)) => (true, Some(format!("WIT save to hit: {why}"))),
        Err(why) => (false, Some(why.to_string())),
    }
}

fn spec(attacker: CombatantId, aim: Aim, weapon: Option<usize>) -> AttackSpec {
    AttackSpec::plain(attacker, aim, weapon)
}

/// The active character's turn: attacks by target, main and bonus actions, the end.
fn turn_prompt(enc: &Encounter, id: CombatantId, words: Wording) -> Prompt {
    let c = &enc.combatants[&id];
    let block = MurdhamBlock::of(c).unwrap_or_default();
    let mut weapons: Vec<(Option<usize>, Option<&Weapon>)> =
        block.weapons.iter().enumerate().map(|(i, w)| (Some(i), Some(w))).collect();
    weapons.push((None, None));
    let mut options = Vec::new();
    let held = grapple::held_by(enc, id);
    let attacker = super::attack::check_attacker(enc, id);
    for t in enc.combatants.values().filter(|t| t.side != c.side && !t.conditions.contains(DEAD)) {
        let group = words.say(|| format!("Against {}", t.name));
        let helpless = t.conditions.contains(INCAPACITATED) || t.conditions.contains(DYING);
        if helpless && nearby(enc, id, t.id) {
            let mut s = spec(id, Aim::One { target: t.id }, weapons[0].0);
            s.final_blow = true;
            let label = words.say(|| format!("Final blow on {}", t.name));
            options.push(attack_option(enc, &attacker, label, s, words, &group));
        }
        for (wi, w) in &weapons {
            if w.is_some_and(|w| w.blast) {
                continue;
            }
            let label =
                words.say(|| format!("{} at {} ({})", weapon_name(*w), t.name, dice_words(*w)));
            options.push(attack_option(
                enc,
                &attacker,
                label,
                spec(id, Aim::One { target: t.id }, *wi),
                words,
                &group,
            ));
        }
        for (nl, word) in [(NonLethal::Disarm, "Disarm"), (NonLethal::Grapple, "Grab")] {
            let mut s = spec(id, Aim::One { target: t.id }, None);
            s.nonlethal = Some(nl);
            let label = words.say(|| format!("{word} {} (STR save)", t.name));
            options.push(attack_option(enc, &attacker, label, s, words, &group));
        }
    }
    for (wi, w) in weapons.iter().filter(|(_, w)| w.is_some_and(|w| w.blast)) {
        for z in enc.zones.values() {
            let label =
                words.say(|| format!("{} on {} ({})", weapon_name(*w), z.name, dice_words(*w)));
            let option = attack_option(
                enc,
                &attacker,
                label,
                spec(id, Aim::Zone { zone: z.id }, *wi),
                words,
                "Blast",
            );
            // Zones out of reach would only clutter the list.
            if option.enabled {
                options.push(option);
            }
        }
    }
    let main = |label: &str, action: MainAction| {
        let command = cmd(C::Main { action });
        match no_main(enc) {
            None => PromptOption::allowed(label, command),
            Some(why) => PromptOption::forbidden(label, command, why),
        }
        .in_group("Other actions")
    };
    options.push(main("Full movement (main action)", MainAction::FullMovement));
    options.push(main(
        "Invoke a profane power",
        MainAction::InvokePower { what: "a profane power".into() },
    ));
    options.push(main("Distract, intimidate or taunt", MainAction::Distract { target: None }));
    options.push(main("Surrender", MainAction::Surrender));
    let bonus = cmd(C::Bonus { what: "a bonus action".into() });
    options.push(
        match no_bonus(enc) {
            None => PromptOption::allowed("Bonus action", bonus),
            Some(why) => PromptOption::forbidden("Bonus action", bonus, why),
        }
        .in_group("Other actions"),
    );
    if let Some(h) = held {
        let shove = cmd(C::Shove { grabber: id, toward: None });
        options.push(
            match no_main(enc) {
                None => PromptOption::allowed(format!("Shove {} away", enc.name_of(h)), shove),
                Some(why) => {
                    PromptOption::forbidden(format!("Shove {} away", enc.name_of(h)), shove, why)
                }
            }
            .in_group("Other actions"),
        );
        options.push(
            PromptOption::allowed(
                format!("Let go of {}", enc.name_of(h)),
                cmd(C::Release { grabber: id }),
            )
            .in_group("Other actions"),
        );
    }
    options.push(PromptOption::allowed("End turn", cmd(C::EndTurn)).main());
    let title = words.say(|| turn_title(enc, id));
    Prompt { id: format!("turn-{id}"), title, actor: Some(id), options }
}

/// "Brother Ansel's turn: used main action; may move 1 zone".
fn turn_title(enc: &Encounter, id: CombatantId) -> String {
    let c = &enc.combatants[&id];
    let t = &enc.murdham().turn;
    let mut used = Vec::new();
    if t.main {
        used.push(if t.full_move { "full movement" } else { "main action" });
    }
    if t.bonus > 0 {
        used.push(if t.bonus == 1 { "a bonus action" } else { "two bonus actions" });
    }
    let used = if used.is_empty() {
        "nothing used".to_owned()
    } else {
        format!("used {}", used.join(", "))
    };
    let zones = allowance(enc, id);
    let kind = if t.ambush { "ambush turn" } else { "turn" };
    format!(
        "{}'s {kind}: {used}; may move {zones} zone{}",
        c.name,
        if zones == 1 { "" } else { "s" }
    )
}

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

/// The waiting thing's prompt.
fn pending(enc: &Encounter, p: &Pending) -> Prompt {
    match p {
        Pending::Attack(pa) if pa.stunt_open => {
            let target = pa.struck[0].id;
            Prompt {
                id: format!("stunt-{target}"),
                title: format!(
                    "{} offers {}, instead of the blow: {}",
                    enc.name_of(pa.spec.attacker),
                    enc.name_of(target),
                    pa.spec.stunt.clone().unwrap_or_default()
                ),
                actor: Some(target),
                options: vec![
                    PromptOption::allowed("Accept the effect", cmd(C::Stunt { accept: true })),
                    PromptOption::allowed(
                        "Refuse: take the attack",
                        cmd(C::Stunt { accept: false }),
                    ),
                ],
            }
        }
        Pending::Attack(pa) => reaction_prompt(enc, pa),
        Pending::Leaving { held, enemies } => {
            let mut options = Vec::new();
            for e in enemies {
                let c = &enc.combatants[e];
                let block = MurdhamBlock::of(c).unwrap_or_default();
                let melee: Vec<(Option<usize>, Option<&Weapon>)> = block
                    .weapons
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| !w.ranged() && !w.blast)
                    .map(|(i, w)| (Some(i), Some(w)))
                    .chain(std::iter::once((None, None)))
                    .collect();
                for (wi, w) in melee {
                    options.push(PromptOption::allowed(
                        format!("{} strikes with {} ({})", c.name, weapon_name(w), dice_words(w)),
                        cmd(C::Opportunity { by: Some((*e, wi)) }),
                    ));
                }
            }
            options.push(PromptOption::allowed("Let it go", cmd(C::Opportunity { by: None })));
            let from = held.from.and_then(|z| enc.zone(z)).map_or("its zone", |z| z.name.as_str());
            Prompt {
                id: format!("leaving-{}", held.id),
                title: format!(
                    "{} moves away from {from}: does a nearby enemy strike as it leaves?",
                    enc.name_of(held.id)
                ),
                actor: Some(held.id),
                options,
            }
        }
        Pending::Yield { id } => Prompt {
            id: format!("yield-{id}"),
            title: format!("{} broke: does it surrender or retreat?", enc.name_of(*id)),
            actor: Some(*id),
            options: vec![
                PromptOption::allowed(
                    "Surrender",
                    cmd(C::GiveUp { id: *id, how: Yield::Surrender }),
                ),
                PromptOption::allowed("Retreat", cmd(C::GiveUp { id: *id, how: Yield::Retreat })),
            ],
        },
    }
}

/// The reactions open to the first target still to answer, each allowed or not with why.
fn reaction_prompt(enc: &Encounter, pa: &PendingAttack) -> Prompt {
    let Some(s) = pa.struck.iter().find(|s| s.reaction.is_none()) else {
        return Prompt {
            id: "attack".into(),
            title: "The attack is settled".into(),
            actor: None,
            options: vec![],
        };
    };
    let target = s.id;
    let attacker = pa.spec.attacker;
    let a = &enc.combatants[&attacker];
    let w = MurdhamBlock::of(a)
        .ok()
        .and_then(|b| pa.spec.weapon.and_then(|i| b.weapons.get(i).cloned()));
    let option = |label: String, reaction: Reaction| {
        let command = cmd(C::React { id: target, reaction: reaction.clone() });
        match allowed(enc, pa, &reaction) {
            Ok(()) => PromptOption::allowed(label, command),
            Err(why) => PromptOption::forbidden(label, command, why),
        }
    };
    let mut options = vec![option("No reaction".into(), Reaction::None)];
    let t = &enc.combatants[&target];
    options.push(option(format!("Dodge (AGI save: {} or less)", stat(t, AGI)), Reaction::Dodge));
    let block = MurdhamBlock::of(t).unwrap_or_default();
    for wi in counter_weapons(enc, target) {
        let cw = wi.and_then(|i| block.weapons.get(i));
        options.push(option(
            format!("Counter with {} ({})", weapon_name(cw), dice_words(cw)),
            Reaction::Counter { weapon: wi, nonlethal: None },
        ));
    }
    for b in bystanders(enc, pa, target) {
        let name = enc.name_of(b);
        let ally = enc.combatants.get(&b).is_some_and(|x| x.side == t.side);
        if ally || enc.murdham().grabs.get(&b) == Some(&target) {
            options.push(
                option(format!("Hide behind {name}"), Reaction::HideBehind { shield: b })
                    .in_group("Someone else"),
            );
        }
        if ally {
            options.push(
                option(format!("{name} guards"), Reaction::GuardedBy { guard: b })
                    .in_group("Someone else"),
            );
        }
    }
    let several = if pa.struck.len() > 1 {
        format!(" (a blast on {})", pa.struck.len())
    } else {
        String::new()
    };
    Prompt {
        id: format!("react-{target}"),
        title: format!(
            "{} attacks {} with {} ({}){several}: how does {} react?",
            a.name,
            t.name,
            weapon_name(w.as_ref()),
            dice_words(w.as_ref()),
            t.name
        ),
        actor: Some(target),
        options,
    }
}

/// Card buttons: hide (or come out of hiding), stand on a border, let go, flee in a chase.
pub(crate) fn card_actions(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    let mut out = Vec::new();
    if c.conditions.contains(CONCEALED) {
        out.push(PromptOption::allowed(
            "Reveal (no longer concealed)",
            Command::RemoveCondition { id, condition: CONCEALED.into() },
        ));
    } else if standing(c) {
        out.push(PromptOption::allowed(
            "Conceal (ambush, hidden)",
            Command::AddCondition { id, condition: CONCEALED.into() },
        ));
    }
    if let Some(zone) = c.zone.and_then(|z| enc.zone(z)) {
        let on = enc.murdham().borders.get(&id);
        for z in zone.adjacent.iter().filter_map(|z| enc.zone(*z)) {
            if on != Some(&z.id) {
                out.push(PromptOption::allowed(
                    format!("Stand on the border with {}", z.name),
                    cmd(C::Border { id, zone: Some(z.id) }),
                ));
            }
        }
        if on.is_some() {
            out.push(PromptOption::allowed(
                "Step back inside its zone",
                cmd(C::Border { id, zone: None }),
            ));
        }
    }
    if let Some(h) = grapple::held_by(enc, id) {
        out.push(PromptOption::allowed(
            format!("Let go of {}", enc.name_of(h)),
            cmd(C::Release { grabber: id }),
        ));
    }
    if enc.round > 0 {
        let fleeing: Vec<CombatantId> = enc
            .combatants
            .values()
            .filter(|x| x.side == c.side)
            .filter(|x| !x.conditions.contains(DEAD) && !x.conditions.contains(DYING))
            .filter(|x| {
                !x.conditions.contains(INCAPACITATED) && !x.conditions.contains(super::ESCAPED)
            })
            .map(|x| x.id)
            .collect();
        if !fleeing.is_empty() {
            out.push(PromptOption::allowed(
                format!("Chase: its side flees ({} on one AGI save)", fleeing.len()),
                cmd(C::Chase { ids: fleeing }),
            ));
        }
    }
    out
}
