//! The declaration phase's prompts: every combatant's intentions, strikes and gambits listed
//! under the foe they are against, each with its rule check.

use super::bdp;
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::reach::distances;
use crate::system::Owned;
use crate::system::Wording;
use crate::system::{Prompt, PromptOption};
use crate::systems::bdp::block::{BdpBlock, is_out};
use crate::systems::bdp::declare::cannot_act;
use crate::systems::bdp::model::{Arms, BdpCommand, Intent, TurnClass};

/// The declaration options of one combatant: (label, intention, variant). Against each foe
/// one row: the blow with the first weapon, then its other ways as small choices inside the
/// row (the other weapons, fists, what lies about, a blow and away, a gambit: `variant` holds
/// their few words), so every foe's first answer is on the first screen. A foe that is down
/// keeps its row (the rules refuse it; see [`declare`]). Without words, labels and variants
/// are empty.
pub(crate) fn intents_of(
    enc: &Encounter,
    c: &Combatant,
    words: Wording,
) -> Vec<(String, Intent, Option<String>)> {
    let Ok(b) = BdpBlock::of(c) else { return Vec::new() };
    let written = words == Wording::Written;
    let arms = arms_of(&b, words);
    // Every foe, those down too, in the order they came.
    let foes: Vec<&Combatant> = enc.combatants.values().filter(|o| o.side != c.side).collect();
    // Room for every option at once: they are many, and moved each time the list grows.
    let mut out = Vec::with_capacity(foes.len() * (arms.len() + 2) + 12);
    let variant = |n: usize, short: &str| (written && n > 0).then(|| short.to_owned());
    for foe in foes {
        for (n, (name, short, arms)) in arms.iter().enumerate() {
            out.push((
                words.say(|| ["Attack ", &foe.name, " (", name, ")"].concat()),
                Intent::Attack { target: foe.id, arms: arms.clone(), moving: false },
                variant(n, short),
            ));
        }
        if crate::reach::in_melee(enc, foe, c) {
            out.push((
                words.say(|| ["Attack ", &foe.name, ", then move away"].concat()),
                Intent::Attack { target: foe.id, arms: b.default_arms(), moving: true },
                variant(1, "strike, then move away"),
            ));
        }
        out.push((
            words.say(|| ["Gambit on ", &foe.name].concat()),
            Intent::Gambit { target: foe.id, arms: b.default_arms(), moving: false },
            variant(1, "gambit"),
        ));
    }
    if super::super::block::magic_dice(c, &b) > 0 {
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

/// The GM's calls on the turns declared: a quick turn made full or the other way, a weapon's
/// reach not counted this round. Without words, the labels are empty.
fn gm_calls(enc: &Encounter, written: bool) -> Vec<PromptOption> {
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
        let allowed = crate::systems::bdp::declare::check(enc, *id, &d.intent).map(|_| ());
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
    overrides
}

/// The ways `b` can strike: (in the label, in the row, arms): each weapon, the first two melee
/// weapons together, fists, and what lies about. Without words, the words are empty.
fn arms_of(b: &BdpBlock, words: Wording) -> Vec<(String, String, Arms)> {
    let mut arms: Vec<(String, String, Arms)> = b
        .weapons
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let name = words.say(|| format!("{} d{}", w.name.to_lowercase(), w.die));
            (name.clone(), name, Arms::Weapon(i))
        })
        .collect();
    let melee: Vec<usize> = (0..b.weapons.len()).filter(|i| !b.weapons[*i].ranged).collect();
    if melee.len() >= 2 {
        let (x, y) = (melee[0], melee[1]);
        let (wx, wy) = (&b.weapons[x], &b.weapons[y]);
        let name =
            words.say(|| format!("{} and {}", wx.name.to_lowercase(), wy.name.to_lowercase()));
        arms.push((name.clone(), name, Arms::Dual(x, y)));
    }
    arms.push((words.say(|| "fists d4".into()), words.say(|| "fists d4".into()), Arms::Unarmed));
    for (what, short, die) in [
        ("a bottle, d6, breaks", "bottle d6", 6),
        ("a chair, d8, breaks", "chair d8", 8),
        ("a bench, d10, breaks", "bench d10", 10),
    ] {
        arms.push((words.say(|| what.into()), words.say(|| short.into()), Arms::Improvised(die)));
    }
    arms
}

/// Whether `option` is a blow or a gambit on a foe that is down.
fn down(enc: &Encounter, option: &PromptOption) -> bool {
    match crate::systems::bdp::Bdp::own_ref(&option.command) {
        Some(BdpCommand::Declare {
            intent: Intent::Attack { target, .. } | Intent::Gambit { target, .. },
            ..
        }) => enc.combatant(*target).is_some_and(is_out),
        _ => false,
    }
}

pub(super) fn declare(enc: &Encounter, words: Wording) -> Vec<Prompt> {
    let written = words == Wording::Written;
    let mut out = Vec::new();
    let undeclared: Vec<&Combatant> = enc
        .combatants
        .values()
        .filter(|c| cannot_act(c).is_none() && !enc.bdp().declarations.contains_key(&c.id))
        .collect();
    if let Some(c) = undeclared.first() {
        // What every intention's check shares, asked once for the prompt.
        let actor = crate::systems::bdp::declare::may_declare(enc, c.id);
        let options = intents_of(enc, c, words)
            .into_iter()
            .map(|(label, intent, variant)| {
                let checked = match &actor {
                    Ok(actor) => crate::systems::bdp::declare::check_for(enc, actor, &intent),
                    Err(e) => Err(e.clone()),
                };
                let command =
                    bdp(BdpCommand::Declare { id: c.id, intent, class: None, no_reach: false });
                let option = match checked {
                    Ok((class, why)) => {
                        let mut o = PromptOption::allowed(label, command);
                        if written
                            && !matches!(
                                crate::systems::bdp::Bdp::own_ref(&o.command),
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
                let option = match variant {
                    Some(words) => option.variant(words),
                    None => option,
                };
                // A foe fallen while the question is asked keeps its row, refused; one
                // already down when it was asked is not drawn.
                let reason = option.reason.clone().unwrap_or_default();
                if down(enc, &option) { option.leftover(reason) } else { option }
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
    let overrides = gm_calls(enc, written);
    if !overrides.is_empty() {
        // Folded under a heading: the GM calls them now and then, and a button per declared
        // combatant would push "Work out the order" below the fold.
        let heading = || "The GM's call: quick or full, reach".to_owned();
        let options = overrides.into_iter().map(|o| words.group(o, heading)).collect();
        out.push(Prompt {
            id: "classes".into(),
            title: words.say(|| "The GM's call on a turn".into()),
            actor: None,
            options,
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
