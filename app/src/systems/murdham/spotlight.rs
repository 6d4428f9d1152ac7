//! Murdham's answers to the stepper (see [`crate::system::spotlight`]): there is no turn
//! order, so the headline is the character taking its turn (with what the turn has used and
//! the zones it may still move) or the faction whose choice it is (with the holder of the
//! initiative and the passes in a row), the fast action threshold when that optional rule is
//! on, the declaration countdown, and who is still to act per faction.

use super::Step;
use super::{CHAOS_TIMER, DECLARE_SECS, FAST_SLOW, round, side_name, turn};
use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId};
use crate::system::Step as _;
use crate::system::spotlight::{Chip, Countdown, Faction, Note, Spotlight, Tone};

/// The factions in the fight: sides with anyone on them, in the order they were made (as
/// the engine takes turns between them).
fn factions_in(enc: &Encounter) -> Vec<SideId> {
    enc.sides.keys().copied().filter(|s| enc.combatants.values().any(|c| c.side == *s)).collect()
}

/// The headline.
pub(super) fn spotlight(enc: &Encounter) -> Spotlight {
    let ms = &enc.murdham();
    let mut s = match (ms.turn.id, ms.first, ms.choosing) {
        (Some(id), _, _) => turn_of(enc, id),
        (None, None, _) if super::round::activating(enc) => {
            let holder = ms.holder.map_or_else(|| "The holder".into(), |s| side_name(enc, s));
            Spotlight {
                caption: "Whose choice".into(),
                who: format!("{holder} picks who goes first"),
                side: ms.holder,
                ..Spotlight::default()
            }
        }
        (None, Some(_), Some(side)) if super::round::activating(enc) => choice_of(enc, side),
        _ => {
            let mut s = Spotlight { caption: "Acting now".into(), ..Spotlight::default() };
            s.notes.extend(ms.holder.map(|h| holder_note(enc, h)));
            s
        }
    };
    s.notes.extend(threshold_note(enc));
    s.countdown = countdown(enc);
    s
}

/// "★ Red Hand holds the initiative".
fn holder_note(enc: &Encounter, holder: SideId) -> Note {
    let text = format!("\u{2605} {} holds the initiative", side_name(enc, holder));
    Note { text, tone: Tone::Plain }
}

/// A faction's choice: its name, the holder, the passes in a row and what one more does.
fn choice_of(enc: &Encounter, side: SideId) -> Spotlight {
    let ms = &enc.murdham();
    let mut s = Spotlight {
        caption: "Whose choice".into(),
        who: format!("{} choice", super::sides(enc, side)),
        side: Some(side),
        ..Spotlight::default()
    };
    s.notes.extend(ms.holder.map(|h| holder_note(enc, h)));
    let all = factions_in(enc);
    let passed: Vec<String> =
        all.iter().filter(|s| ms.passes.contains(s)).map(|s| side_name(enc, *s)).collect();
    if passed.is_empty() {
        return s;
    }
    let n = passed.len();
    let text =
        format!("{n} pass{} in a row ({})", if n == 1 { "" } else { "es" }, passed.join(", "));
    s.notes.push(Note { text, tone: Tone::Plain });
    // Every other faction has passed: one more pass and the phase is over.
    if n + 1 == all.len() && !ms.passes.contains(&side) {
        let ends = match Step::of(enc) {
            Some(Step::Ambush) => "ends the ambush",
            Some(Step::Fast) => "ends the fast actions",
            _ => "ends the round",
        };
        s.notes.push(Note { text: format!("Another pass {ends}"), tone: Tone::Warn });
    }
    s
}

/// The character taking its turn, and what its turn has left.
fn turn_of(enc: &Encounter, id: CombatantId) -> Spotlight {
    let t = &enc.murdham().turn;
    let main = if t.full_move {
        chip("Main action: full movement", false)
    } else if t.main {
        chip("Main action: used", false)
    } else if t.bonus >= 2 {
        chip("Main action: spent on a bonus", false)
    } else {
        chip("Main action: free", true)
    };
    let bonus = match (if t.main { 1 } else { 2 } as u32).saturating_sub(t.bonus) {
        0 => chip("Bonus: none left", false),
        n => chip(&format!("Bonus: {n} left"), true),
    };
    let moves = match turn::allowance(enc, id) {
        0 => chip("Move: no zones left", false),
        1 => chip("Move: 1 zone left", true),
        n => chip(&format!("Move: {n} zones left"), true),
    };
    Spotlight {
        caption: if t.ambush { "Ambush turn" } else { "Acting now" }.into(),
        who: enc.name_of(id),
        side: enc.combatant(id).map(|c| c.side),
        chips: vec![main, bonus, moves],
        ..Spotlight::default()
    }
}

fn chip(text: &str, free: bool) -> Chip {
    Chip { text: text.into(), free }
}

/// With fast and slow actions on: who acts in this part of the round.
fn threshold_note(enc: &Encounter) -> Option<Note> {
    let t = enc.murdham().threshold?;
    if !enc.flag(FAST_SLOW, false) {
        return None;
    }
    match Step::of(enc) {
        Some(Step::Fast | Step::Ambush) => {
            Some(Note { text: format!("Fast actions: WIT \u{2265} {t}"), tone: Tone::Lit })
        }
        Some(Step::Turns) => Some(Note {
            text: format!("Slow actions: everyone else (fast was WIT \u{2265} {t})"),
            tone: Tone::Plain,
        }),
        _ => None,
    }
}

/// With the chaos-of-combat rule on, a party character's turn gives the player 15 seconds
/// to declare. The key names the turn, so a new turn (or an ambusher's second) restarts it.
fn countdown(enc: &Encounter) -> Option<Countdown> {
    if !enc.flag(CHAOS_TIMER, false) {
        return None;
    }
    let t = &enc.murdham().turn;
    let id = t.id?;
    let c = enc.combatant(id)?;
    enc.side(c.side).filter(|s| s.party)?;
    Some(Countdown {
        key: format!("{}/{}/{id}/{}", enc.round, enc.phase, t.ambush),
        seconds: DECLARE_SECS as u32,
        expired: "The character hesitates: end its turn".into(),
    })
}

/// Who is still to act, per faction.
pub(super) fn factions(enc: &Encounter) -> Vec<Faction> {
    let ms = &enc.murdham();
    let someone_acting = ms.turn.id.and_then(|id| enc.combatant(id)).is_some();
    factions_in(enc)
        .into_iter()
        .map(|side| {
            let mut f = Faction {
                side,
                name: side_name(enc, side),
                holder: ms.holder == Some(side),
                choosing: ms.turn.id.is_none() && ms.choosing == Some(side) && ms.first.is_some(),
                passed: ms.passes.contains(&side),
                acting: Vec::new(),
                to_act: Vec::new(),
                done: Vec::new(),
                not_now: Vec::new(),
                nobody_left: false,
            };
            for c in enc.combatants.values().filter(|c| c.side == side) {
                let had_turn = if Step::Ambush.now(enc) {
                    ms.ambushed.contains(&c.id)
                } else {
                    ms.acted.contains(&c.id)
                };
                if ms.turn.id == Some(c.id) {
                    f.acting.push(c.name.clone());
                } else if had_turn {
                    f.done.push(c.name.clone());
                } else {
                    // Between activations only the dead, dying and the like are kept out;
                    // while activating, whatever stops an activation now.
                    let why = if super::round::activating(enc) {
                        round::cannot_activate(enc, c.id)
                    } else {
                        super::unable(c).map(str::to_owned)
                    };
                    match why {
                        None => f.to_act.push(c.name.clone()),
                        Some(why) => match f.not_now.iter_mut().find(|(w, _)| *w == why) {
                            Some((_, names)) => names.push(c.name.clone()),
                            None => f.not_now.push((why, vec![c.name.clone()])),
                        },
                    }
                }
            }
            f.nobody_left = f.to_act.is_empty() && super::round::activating(enc) && !someone_acting;
            f
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::system::Rules;
    use crate::system::spotlight::Tone;

    fn run(body: &str) -> crate::History {
        let text = format!(
            "system murdham\nside P party\nside F\nzone Hall\nzone Yard\nconnect Hall Yard\n\
             add Ann side P zone Hall stat str=12 agi=11 wit=10\n\
             add Orc side F zone Hall count 2 stat str=9 agi=8 wit=7\n{body}"
        );
        crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_choice_names_the_faction_the_holder_and_the_passes() {
        let h = run("holder P\nnext\nfirst P\npass P\n");
        let s = super::super::Murdham.spotlight(h.state());
        assert_eq!((s.caption.as_str(), s.who.as_str()), ("Whose choice", "F's choice"));
        let notes: Vec<_> = s.notes.iter().map(|n| (n.text.as_str(), n.tone)).collect();
        assert_eq!(
            notes,
            [
                ("\u{2605} P holds the initiative", Tone::Plain),
                ("1 pass in a row (P)", Tone::Plain),
                ("Another pass ends the round", Tone::Warn),
            ]
        );
    }

    #[test]
    fn a_turn_says_what_it_has_left_and_the_factions_who_is_to_act() {
        let h = run("holder P\nnext\nfirst P\nactivate Ann\n");
        let s = super::super::Murdham.spotlight(h.state());
        assert_eq!((s.caption.as_str(), s.who.as_str()), ("Acting now", "Ann"));
        let chips: Vec<_> = s.chips.iter().map(|c| (c.text.as_str(), c.free)).collect();
        assert_eq!(
            chips,
            [("Main action: free", true), ("Bonus: 2 left", true), ("Move: 1 zone left", true)]
        );
        assert!(s.countdown.is_none(), "the timer rule is off");
        let f = super::super::Murdham.factions(h.state()).unwrap();
        assert_eq!(f[0].acting, ["Ann"]);
        assert!(f[0].to_act.is_empty() && !f[0].nobody_left, "Ann is acting: not 'nobody left'");
        assert_eq!(f[1].to_act, ["Orc 1", "Orc 2"]);
        let h = run("holder P\nnext\nfirst P\nactivate Ann\nend-turn\n");
        let f = super::super::Murdham.factions(h.state()).unwrap();
        assert_eq!((f[0].done.as_slice(), f[0].nobody_left), (&["Ann".to_owned()][..], true));
    }

    #[test]
    fn the_countdown_restarts_with_each_party_turn() {
        let h = run("setting chaos_timer true\nholder P\nnext\nfirst P\nactivate Ann\n");
        let c = super::super::Murdham.spotlight(h.state()).countdown.expect("Ann is timed");
        assert_eq!(c.seconds, 15);
        let h = run("setting chaos_timer true\nholder P\nnext\nfirst P\nactivate Ann\nend-turn\n\
             activate \"Orc 1\"\n");
        assert!(super::super::Murdham.spotlight(h.state()).countdown.is_none(), "foes untimed");
    }
}

#[cfg(test)]
mod out_of_the_fight {
    use crate::system::Rules;

    #[test]
    fn the_dead_and_incapacitated_are_never_listed_to_act_in_any_phase() {
        let text = "system murdham\nside P party\nside F\nzone Hall\n\
             add Ann side P zone Hall stat str=12 agi=11 wit=10\n\
             add Orc side F zone Hall count 3 stat str=9 agi=8 wit=7\n\
             condition \"Orc 1\" +dead\ncondition \"Orc 2\" +incapacitated\n";
        // Before the fight (no activations), then while activating.
        for then in ["", "holder P\nnext\nfirst P\n"] {
            let h = crate::systems::run_script("t.fray", &format!("{text}{then}")).unwrap();
            let f = super::super::Murdham.factions(h.state()).unwrap();
            assert_eq!(f[1].to_act, ["Orc 3"], "{then:?}");
            let kept: Vec<&str> =
                f[1].not_now.iter().flat_map(|(_, n)| n).map(String::as_str).collect();
            assert_eq!(kept, ["Orc 1", "Orc 2"], "{then:?}: {:?}", f[1].not_now);
        }
    }
}
