//! The active character's turn: its attacks by target, blasts on zones, its main and bonus
//! actions, and the end of it, each option asking the attack's or action's own check.

use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::{Prompt, PromptOption, RuleError, Wording};
use crate::systems::murdham::attack::weapon_name;
use crate::systems::murdham::block::{MurdhamBlock, Weapon};
use crate::systems::murdham::model::{Aim, AttackSpec, MainAction, MurdhamCommand as C, NonLethal};
use crate::systems::murdham::turn::{allowance, no_bonus, no_main};
use crate::systems::murdham::{DEAD, DYING, INCAPACITATED, cmd, grapple, nearby};

/// A weapon of the attacker's by index, or none: bare-handed.
type Arm<'a> = (Option<usize>, Option<&'a Weapon>);

/// The damage dice of a weapon, in words ("d8", "d4 impaired").
pub(crate) fn dice_words(w: Option<&Weapon>) -> String {
    match w {
        None => "d4 impaired".into(),
        Some(w) => format!("d{}", w.die),
    }
}

/// An option for an attack, enabled when the rules allow it, noting a WIT save to hit;
/// `attacker` is what the attack's check asks of the attacker alone, asked once for the turn
/// ([`crate::systems::murdham::attack::check_attacker`]).
fn attack_option(
    enc: &Encounter,
    attacker: &Result<(), RuleError>,
    label: String,
    spec: AttackSpec,
    words: Wording,
    group: &str,
) -> PromptOption {
    let checked =
        attacker.clone().and_then(|()| crate::systems::murdham::attack::to_hit(enc, &spec));
    let (enabled, reason) = verdict(checked);
    let option =
        PromptOption { enabled, reason, ..PromptOption::allowed(label, cmd(C::Attack(spec))) };
    words.group(option, || group.to_owned())
}

/// Whether an attack may be made now, and why not or what it needs (a WIT save to hit): the
/// attack's own check, for its option and for the same option with the GM's circumstances.
pub(crate) fn attack_verdict(enc: &Encounter, spec: &AttackSpec) -> (bool, Option<String>) {
    verdict(crate::systems::murdham::attack::check(enc, spec))
}

/// An attack's check as an option shows it.
fn verdict(checked: Result<Option<String>, RuleError>) -> (bool, Option<String>) {
    match checked {
        Ok(None) => (true, None),
        Ok(Some(why)) => (true, Some(format!("WIT save to hit: {why}"))),
        Err(why) => (false, Some(why.to_string())),
    }
}

/// A plain attack by `attacker` at `aim` with `weapon`.
fn spec(attacker: CombatantId, aim: Aim, weapon: Option<usize>) -> AttackSpec {
    AttackSpec::plain(attacker, aim, weapon)
}

/// The active character's turn: attacks by target, main and bonus actions, the end.
pub(super) fn turn_prompt(enc: &Encounter, id: CombatantId, words: Wording) -> Prompt {
    let c = &enc.combatants[&id];
    let block = MurdhamBlock::of(c).unwrap_or_default();
    let mut weapons: Vec<Arm> =
        block.weapons.iter().enumerate().map(|(i, w)| (Some(i), Some(w))).collect();
    weapons.push((None, None));
    let mut options = Vec::new();
    let attacker = crate::systems::murdham::attack::check_attacker(enc, id);
    for t in enc.combatants.values().filter(|t| t.side != c.side && !t.conditions.contains(DEAD)) {
        options.extend(target_options(enc, id, t, &weapons, &attacker, words));
    }
    options.extend(blast_options(enc, id, &weapons, &attacker, words));
    options.extend(other_actions(enc, id));
    options.push(PromptOption::allowed("End turn", cmd(C::EndTurn)).main());
    let title = words.say(|| turn_title(enc, id));
    Prompt { id: format!("turn-{id}"), title, actor: Some(id), options }
}

/// The attacks `id` could make on foe `t`: a final blow when it lies helpless nearby, a blow
/// with each weapon but blasts, a disarm and a grab.
fn target_options(
    enc: &Encounter,
    id: CombatantId,
    t: &Combatant,
    weapons: &[Arm],
    attacker: &Result<(), RuleError>,
    words: Wording,
) -> Vec<PromptOption> {
    let mut options = Vec::new();
    let group = words.say(|| format!("Against {}", t.name));
    let helpless = t.conditions.contains(INCAPACITATED) || t.conditions.contains(DYING);
    if helpless && nearby(enc, id, t.id) {
        let mut s = spec(id, Aim::One { target: t.id }, weapons[0].0);
        s.final_blow = true;
        let label = words.say(|| format!("Final blow on {}", t.name));
        options.push(attack_option(enc, attacker, label, s, words, &group));
    }
    for (wi, w) in weapons {
        if w.is_some_and(|w| w.blast) {
            continue;
        }
        let label = words.say(|| format!("{} at {} ({})", weapon_name(*w), t.name, dice_words(*w)));
        options.push(attack_option(
            enc,
            attacker,
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
        options.push(attack_option(enc, attacker, label, s, words, &group));
    }
    options
}

/// A blast with each blast weapon on each zone it may reach now.
fn blast_options(
    enc: &Encounter,
    id: CombatantId,
    weapons: &[Arm],
    attacker: &Result<(), RuleError>,
    words: Wording,
) -> Vec<PromptOption> {
    let mut options = Vec::new();
    for (wi, w) in weapons.iter().filter(|(_, w)| w.is_some_and(|w| w.blast)) {
        for z in enc.zones.values() {
            let label =
                words.say(|| format!("{} on {} ({})", weapon_name(*w), z.name, dice_words(*w)));
            let option = attack_option(
                enc,
                attacker,
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
    options
}

/// The main actions that are not attacks, the bonus action, and a shove or letting go when
/// `id` holds someone.
fn other_actions(enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
    let mut options = Vec::new();
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
    if let Some(h) = grapple::held_by(enc, id) {
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
    options
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
