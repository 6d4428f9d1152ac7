//! What the procedure asks the GM, phase by phase. Anything waiting for an answer (a
//! reaction, a counter-gambit, magic dice in hand, a free strike) comes first and alone.

use super::Step;
use super::block::{self, BdpBlock};
use super::model::{Ability, BdpCommand, Broken, Edge, Intent, Situation, Stance, Trigger};
use super::{morale, order};
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::Wording;
use crate::system::{Prompt, PromptOption};

mod declaration;
mod waiting;

use declaration::declare;
use waiting::waiting;

pub(super) fn bdp(c: BdpCommand) -> Command {
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

/// Standing foes of a combatant.
pub(super) fn foes(enc: &Encounter, id: CombatantId) -> Vec<&Combatant> {
    let Some(me) = enc.combatant(id) else { return Vec::new() };
    enc.combatants.values().filter(|c| c.side != me.side && !block::is_out(c)).collect()
}

fn before(enc: &Encounter) -> Vec<Prompt> {
    let surprise =
        enc.round == 0 && !enc.combatants.values().any(|c| c.conditions.contains("surprised"));
    let roll = |label: &str, situation, favoured, ambush| {
        PromptOption::allowed(label, bdp(BdpCommand::Surprise { situation, favoured, ambush }))
    };
    let mut out = Vec::new();
    if surprise {
        out.push(Prompt {
            id: "surprise".into(),
            title: "Surprise?".into(),
            actor: None,
            options: vec![
                roll("Roll surprise (1 or 6)", Situation::Normal, None, false),
                roll("Low visibility (1–2 or 5–6)", Situation::LowVisibility, None, false),
                roll("The foes have the edge (1–2 or 6)", Situation::Advantage, None, false),
                roll("Ambush: roll, the caught cannot guard", Situation::Normal, None, true),
            ],
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
    if surprise && !enc.sides.is_empty() {
        // Last of the questions with answers: a side added brings its own at the very end.
        let title = "Or only one side can surprise (1–3)".to_owned();
        out.push(Prompt::by_side(enc, ("surprise-one-side", title), Vec::new(), |side, _| {
            let label = format!("Only {} can surprise (1–3)", side.name);
            vec![roll(&label, Situation::OneSided, Some(side.id), false)]
        }));
    }
    out.push(Prompt::ready_to_fight(enc));
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
    let mut go =
        PromptOption::allowed("Start the turns", Command::Advance).with_last_answer().main();
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
                options.extend(gambit_options(enc, *id, *target, &name));
            }
            Intent::Cast { .. } => options.extend(cast_options(enc, *id, &name)),
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
        options.extend(strike_options(enc, target, &attackers, gambits_left, words));
    }
    // Beside Next (a main button): the answers above it come and go as the turn is played,
    // and it never slides up into the place of one just taken.
    options
        .push(PromptOption::allowed("Done: next turn", Command::Advance).with_last_answer().main());
    let title = turn_title(enc, words);
    vec![Prompt { id: "turn".into(), title, actor: enc.acting().first().copied(), options }]
}

/// The gambit `id` (named `name`) declared on `target`: one option a save it may call for.
fn gambit_options(
    enc: &Encounter,
    id: CombatantId,
    target: CombatantId,
    name: &str,
) -> Vec<PromptOption> {
    // One check for the gambit, whichever save it calls for.
    let allowed = super::gambit::check(enc, id, target);
    Ability::ALL
        .into_iter()
        .map(|a| {
            PromptOption::allowed(
                format!("{name}'s gambit on {}: {} save", enc.name_of(target), a.label()),
                bdp(BdpCommand::Gambit { attacker: id, target, ability: a }),
            )
            .unless(allowed.clone())
        })
        .collect()
}

/// The spell `id` (named `name`) declared: one option each number of Magic Dice it may invest.
fn cast_options(enc: &Encounter, id: CombatantId, name: &str) -> Vec<PromptOption> {
    let Some(c) = enc.combatant(id) else { return Vec::new() };
    // Its own dice and a wand's or staff's not cracked, four at most.
    let most = super::magic::most_dice(c);
    (1..=most)
        .map(|n| {
            PromptOption::allowed(
                format!("{name} invests {n} Magic {}", if n == 1 { "Die" } else { "Dice" }),
                bdp(BdpCommand::Cast { caster: id, dice: n }),
            )
            .unless(super::magic::check_cast(enc, id, n))
        })
        .collect()
}

/// The strikes of `attackers` together on `target`: plain, enhanced, impaired or a stunt,
/// refused while gambits are left to resolve.
fn strike_options(
    enc: &Encounter,
    target: CombatantId,
    attackers: &[CombatantId],
    gambits_left: bool,
    words: Wording,
) -> Vec<PromptOption> {
    let mut options = Vec::new();
    let who =
        words.say(|| attackers.iter().map(|a| enc.name_of(*a)).collect::<Vec<_>>().join(" and "));
    let t = words.say(|| enc.name_of(target));
    let allowed = super::attack::check(enc, attackers, &[target]);
    for (label, edge) in [
        (words.say(|| format!("{who} strikes {t}")), Edge::Normal),
        (words.say(|| format!("{who}: enhanced strike (+d12)")), Edge::Enhanced),
        (words.say(|| format!("{who}: impaired strike (d4)")), Edge::Impaired),
        (words.say(|| format!("{who}: a stunt (enhanced, risky)")), Edge::Stunt),
    ] {
        let command = bdp(BdpCommand::Attack {
            attackers: attackers.to_vec(),
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
    options
}

/// Whose turn it is, and why ("Brienne's turn (fast weapon)").
fn turn_title(enc: &Encounter, words: Wording) -> String {
    match enc.acting() {
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
    }
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
        out.extend(detachment_options(enc, c));
    } else if !block::is_pc(enc, c) {
        out.extend(form_detachment(enc, c));
    }
    out
}

/// What a detachment may do: split in two or break up into fighters when it has two members
/// or more, merge another of its side into itself.
fn detachment_options(enc: &Encounter, c: &Combatant) -> Vec<PromptOption> {
    let id = c.id;
    let mut out = Vec::new();
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
    out
}

/// Forming a detachment of `c` and its kin (those of its side named alike, up and not in a
/// detachment), when there are two or more.
fn form_detachment(enc: &Encounter, c: &Combatant) -> Option<PromptOption> {
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
    (kin.len() >= 2).then(|| {
        PromptOption::allowed(
            format!("Form a detachment of the {} {}", kin.len(), base(&c.name)),
            bdp(BdpCommand::FormDetachment { ids: kin }),
        )
    })
}
