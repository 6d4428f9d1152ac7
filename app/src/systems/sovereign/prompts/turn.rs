//! The turn prompt: the attacks, shoves and grapples, reloads and Move actions of the one
//! acting, each option asking the check its command makes.

use super::cmd;
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::{Prompt, PromptOption, RuleError, Wording};
use crate::systems::sovereign::attack::{check_attack_on, check_main};
use crate::systems::sovereign::block::{Attack, Reload, SovBlock, is_out, strikable};
use crate::systems::sovereign::model::{Manner, SovCommand as C};
use crate::systems::sovereign::movement::{check_move_left, feet_left};
use crate::systems::sovereign::screen::check_screen_of;
use crate::systems::sovereign::wrestle::check_wrestle_on;

/// The prompt of `id`'s turn: End turn, then its attacks, shoves and grapples, reloads, Move
/// actions, standing up and disengaging, in that order.
pub(super) fn turn(enc: &Encounter, id: CombatantId, words: Wording) -> Prompt {
    let c = &enc.combatants[&id];
    let mut options = vec![PromptOption::allowed("End turn", Command::Advance).main()];
    let attacks = SovBlock::of(c).map(|b| b.attacks.clone()).unwrap_or_default();
    // What every attack's, shove's and grapple's check opens with, asked once for the prompt.
    let main = check_main(enc, id, false);
    // The moves first: a foe who joins brings its own heading after the others', never in
    // the place of the Move heading.
    options.extend(move_options(enc, c, words));
    options.extend(attack_options(enc, c, &attacks, &main, words));
    options.extend(wrestle_options(enc, c, &main, words));
    options.extend(reload_options(enc, id, &attacks));
    if c.conditions.contains("prone") {
        options.push(
            PromptOption::allowed("Stand up (the Move)", cmd(C::StandUp { id }))
                .unless(crate::systems::sovereign::opportunity::check_stand_up(enc, id)),
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

/// Every plain attack and charge `c` could make with each of its attacks, grouped by foe; a
/// plain attack's modifiers written as its reason.
fn attack_options(
    enc: &Encounter,
    c: &Combatant,
    attacks: &[Attack],
    main: &Result<(), RuleError>,
    words: Wording,
) -> Vec<PromptOption> {
    let id = c.id;
    let mut options = Vec::new();
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
    options
}

/// A shove and a grapple at each foe still up, grouped by foe.
fn wrestle_options(
    enc: &Encounter,
    c: &Combatant,
    main: &Result<(), RuleError>,
    words: Wording,
) -> Vec<PromptOption> {
    let mut options = Vec::new();
    for t in enc.combatants.values().filter(|t| t.side != c.side && !is_out(t)) {
        let against = || format!("Attack {}", t.name);
        for (grapple, word) in [(false, "Shove"), (true, "Grapple")] {
            let wrestle = PromptOption::allowed(
                words.say(|| format!("{word} {}", t.name)),
                cmd(C::Wrestle { attacker: c.id, target: t.id, grapple }),
            )
            .unless(main.clone().and_then(|()| check_wrestle_on(enc, c.id, t.id)));
            options.push(words.group(wrestle, against));
        }
    }
    options
}

/// A reload for each of `id`'s weapons that is unloaded, saying which action it costs.
fn reload_options(enc: &Encounter, id: CombatantId, attacks: &[Attack]) -> Vec<PromptOption> {
    let mut options = Vec::new();
    for (i, w) in attacks.iter().enumerate() {
        if enc.sovereign().unloaded.contains(&(id, i)) {
            let cost = if w.reload() == Some(Reload::Main) { "the Main" } else { "the Move" };
            options.push(
                PromptOption::allowed(
                    format!("Reload the {} ({cost})", w.name),
                    cmd(C::Reload { id, weapon: i }),
                )
                .unless(crate::systems::sovereign::reload::check_reload(enc, id, i).map(|_| ())),
            );
        }
    }
    options
}

/// The Move actions: screening each ally, holding the action, picking up an item, and opening
/// or shutting each door in reach.
fn move_options(enc: &Encounter, c: &Combatant, words: Wording) -> Vec<PromptOption> {
    let id = c.id;
    let mut options = Vec::new();
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
            .unless(crate::systems::sovereign::screen::check_hold(enc, id))
            .in_group("Move"),
    );
    options.push(
        PromptOption::allowed("Pick up an item (the Move)", cmd(C::PickUp { id }))
            .unless(crate::systems::sovereign::checks::check_pick_up(enc, id))
            .in_group("Move"),
    );
    let door = crate::systems::sovereign::door::check_door;
    for (edge, open) in crate::systems::sovereign::door::doors_in_reach(enc, id) {
        let (x, y) = edge.ends()[0];
        let verb = if open { "Shut" } else { "Open" };
        options.push(
            PromptOption::allowed(
                format!("{verb} the door at ({x}, {y}) (the Move)"),
                cmd(C::Door { id, edge }),
            )
            .unless(door(enc, id, edge).map(|_| ()))
            .in_group("Move"),
        );
    }
    options
}
