//! Journal lines for this procedure's events, in any format's style.

use super::model::{Pending, SovCommand, SovEvent};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::journal::line::{Style, who};

/// Appends the line of one event.
pub(crate) fn write(out: &mut String, enc: &Encounter, e: &SovEvent, s: &dyn Style) {
    let side = |id| enc.side(id).map_or_else(|| "a side".to_owned(), |s| s.name.clone());
    // Most lines are a name and what befell it.
    let says = |out: &mut String, id: CombatantId, rest: &str| {
        who(out, enc, id, s);
        out.push_str(rest);
    };
    match e {
        SovEvent::Surprised { side: Some(id) } => {
            s.text(out, &format!("Surprised: {} (the other side has a free round)", side(*id)));
        }
        SovEvent::Surprised { side: None } => out.push_str("Nobody is surprised"),
        SovEvent::Expects { side: id, on } => expects(out, &side(*id), *on, s),
        SovEvent::Initiative { side: id, total } => {
            s.text(out, &format!("Initiative of {}: {total}", side(*id)));
        }
        SovEvent::Main { id, what, .. } => main_action(out, enc, *id, what, s),
        SovEvent::Walked { id, feet: 0, done: true, .. } => says(out, *id, " has used its Move"),
        SovEvent::Walked { id, feet, done, .. } => walked(out, enc, *id, *feet, *done, s),
        SovEvent::ShieldUsed { id } => says(out, *id, "'s shield is spent for the round"),
        SovEvent::Fell { id, round } => fell(out, enc, *id, *round, s),
        SovEvent::Settled { id } => says(out, *id, "'s mortal countdown ends"),
        SovEvent::Waiting { pending } => waiting(out, enc, pending, s),
        SovEvent::Answered => out.push_str("The target has answered"),
        SovEvent::Lucky { id, hit } => lucky(out, enc, *id, *hit, s),
        SovEvent::Loaded { id, weapon, loaded } => loaded_line(out, enc, *id, *weapon, *loaded, s),
        SovEvent::Disengaged { id, .. } => {
            says(out, *id, " may leave melee this turn without attacks of opportunity");
        }
        SovEvent::Threatened { id, strikers, standing, then, .. } => {
            threatened(out, enc, *id, strikers, *standing, then.as_deref(), s);
        }
        SovEvent::Struck { striker } => says(out, *striker, " has answered"),
        SovEvent::WalkSettled => out.push_str("Every foe has answered"),
        SovEvent::Grapple { target, by: Some(by) } => {
            between(out, enc, *by, " holds ", *target, "", s)
        }
        SovEvent::Grapple { target, by: None } => says(out, *target, " is held no more"),
        SovEvent::Screening { screener, ward: Some(ward) } => {
            between(out, enc, *screener, " screens ", *ward, " until its next turn", s);
        }
        SovEvent::Screening { screener, ward: None } => says(out, *screener, " screens no one now"),
        SovEvent::Screened { screener, attacker } => {
            between(out, enc, *screener, " has taken on ", *attacker, " this round", s);
        }
        SovEvent::Held { id, on: true } => {
            says(out, *id, " holds its action: its Main may come as an Instant this round");
        }
        SovEvent::Held { id, on: false } => says(out, *id, " holds its action no longer"),
        SovEvent::MoraleDone { id } => says(out, *id, "'s morale is settled for this fight"),
        SovEvent::RoundReset => out.push_str("A new round: shields and Main actions are ready"),
    }
}

/// A side expects a fight, or no longer does.
fn expects(out: &mut String, side: &str, on: bool, s: &dyn Style) {
    let says =
        if on { "expects a fight: it cannot be surprised" } else { "no longer expects a fight" };
    s.text(out, &format!("{side} {says}"));
}

/// What `id`'s Main action was.
fn main_action(out: &mut String, enc: &Encounter, id: CombatantId, what: &str, s: &dyn Style) {
    who(out, enc, id, s);
    out.push_str("'s Main action: ");
    s.text(out, what);
}

/// The feet `id` has walked this turn, and whether its movement is over.
fn walked(
    out: &mut String,
    enc: &Encounter,
    id: CombatantId,
    feet: u32,
    done: bool,
    s: &dyn Style,
) {
    who(out, enc, id, s);
    let over = if done { ": its movement is over" } else { "" };
    s.text(out, &format!(" has walked {feet} ft this turn{over}"));
}

/// `id` falls mortally injured, and the round it dies at the end of unless stabilized.
fn fell(out: &mut String, enc: &Encounter, id: CombatantId, round: u32, s: &dyn Style) {
    who(out, enc, id, s);
    s.text(out, &format!(" falls mortally injured in round {round}: dead at the end of round {} unless stabilized", round + super::rules::MORTAL_ROUNDS));
}

/// An attack's target sees its roll and may answer it.
fn waiting(out: &mut String, enc: &Encounter, pending: &Pending, s: &dyn Style) {
    who(out, enc, pending.target, s);
    out.push_str(" sees the roll of ");
    who(out, enc, pending.attacker, s);
    out.push_str(" and may answer it");
}

/// `id` uses Veteran's Luck, turning a miss to a hit or a hit to a miss.
fn lucky(out: &mut String, enc: &Encounter, id: CombatantId, hit: bool, s: &dyn Style) {
    who(out, enc, id, s);
    out.push_str(if hit {
        " uses Veteran's Luck: the miss becomes a hit"
    } else {
        " uses Veteran's Luck: the hit becomes a miss"
    });
}

/// `id`'s weapon is loaded, or must be reloaded.
fn loaded_line(
    out: &mut String,
    enc: &Encounter,
    id: CombatantId,
    weapon: usize,
    loaded: bool,
    s: &dyn Style,
) {
    who(out, enc, id, s);
    let name = enc
        .combatant(id)
        .and_then(|c| super::block::attack(c, weapon).ok())
        .map_or_else(|| format!("weapon #{}", weapon + 1), |w| w.name);
    let says =
        if loaded { format!("'s {name} is loaded") } else { format!("'s {name} must be reloaded") };
    s.text(out, &says);
}

/// `id` walks, stands up or acts next to foes that may strike first.
fn threatened(
    out: &mut String,
    enc: &Encounter,
    id: CombatantId,
    strikers: &[CombatantId],
    standing: bool,
    then: Option<&SovCommand>,
    s: &dyn Style,
) {
    who(out, enc, id, s);
    let names: Vec<String> = strikers.iter().map(|x| enc.name_of(*x)).collect();
    let how = match then {
        Some(c) => format!("{} next to", super::provoke::doing(enc, c)),
        None if standing => "stands up next to".into(),
        None => "leaves the reach of".into(),
    };
    s.text(out, &format!(" {how} {}: they may strike first", names.join(", ")));
}

/// One combatant does something to another: `a`, `verb`, `b`, then the rest.
fn between(
    out: &mut String,
    enc: &Encounter,
    a: CombatantId,
    verb: &str,
    b: CombatantId,
    rest: &str,
    s: &dyn Style,
) {
    who(out, enc, a, s);
    out.push_str(verb);
    who(out, enc, b, s);
    out.push_str(rest);
}
