//! Journal lines for this procedure's events, in any format's style.

use super::model::SovEvent;
use crate::encounter::Encounter;
use crate::journal::line::{Style, who};

/// Appends the line of one event.
pub(crate) fn write(out: &mut String, enc: &Encounter, e: &SovEvent, s: &dyn Style) {
    let side = |id| enc.side(id).map_or_else(|| "a side".to_owned(), |s| s.name.clone());
    match e {
        SovEvent::Surprised { side: Some(id) } => {
            s.text(out, &format!("Surprised: {} (the other side has a free round)", side(*id)));
        }
        SovEvent::Surprised { side: None } => out.push_str("Nobody is surprised"),
        SovEvent::Expects { side: id, on } => {
            let says = if *on {
                "expects a fight: it cannot be surprised"
            } else {
                "no longer expects a fight"
            };
            s.text(out, &format!("{} {says}", side(*id)));
        }
        SovEvent::Initiative { side: id, total } => {
            s.text(out, &format!("Initiative of {}: {total}", side(*id)));
        }
        SovEvent::Main { id, what, .. } => {
            who(out, enc, *id, s);
            out.push_str("'s Main action: ");
            s.text(out, what);
        }
        SovEvent::Walked { id, feet: 0, done: true, .. } => {
            who(out, enc, *id, s);
            out.push_str(" has used its Move");
        }
        SovEvent::Walked { id, feet, done, .. } => {
            who(out, enc, *id, s);
            let over = if *done { ": its movement is over" } else { "" };
            s.text(out, &format!(" has walked {feet} ft this turn{over}"));
        }
        SovEvent::ShieldUsed { id } => {
            who(out, enc, *id, s);
            out.push_str("'s shield is spent for the round");
        }
        SovEvent::Fell { id, round } => {
            who(out, enc, *id, s);
            s.text(out, &format!(" falls mortally injured in round {round}: dead at the end of round {} unless stabilized", round + super::rules::MORTAL_ROUNDS));
        }
        SovEvent::Settled { id } => {
            who(out, enc, *id, s);
            out.push_str("'s mortal countdown ends");
        }
        SovEvent::Waiting { pending } => {
            who(out, enc, pending.target, s);
            out.push_str(" sees the roll of ");
            who(out, enc, pending.attacker, s);
            out.push_str(" and may answer it");
        }
        SovEvent::Answered => out.push_str("The target has answered"),
        SovEvent::Lucky { id, hit } => {
            who(out, enc, *id, s);
            out.push_str(if *hit {
                " uses Veteran's Luck: the miss becomes a hit"
            } else {
                " uses Veteran's Luck: the hit becomes a miss"
            });
        }
        SovEvent::Loaded { id, weapon, loaded } => {
            who(out, enc, *id, s);
            let name = enc
                .combatant(*id)
                .and_then(|c| super::block::attack(c, *weapon).ok())
                .map_or_else(|| format!("weapon #{}", weapon + 1), |w| w.name);
            let says = if *loaded {
                format!("'s {name} is loaded")
            } else {
                format!("'s {name} must be reloaded")
            };
            s.text(out, &says);
        }
        SovEvent::Disengaged { id, .. } => {
            who(out, enc, *id, s);
            out.push_str(" may leave melee this turn without attacks of opportunity");
        }
        SovEvent::Threatened { id, strikers, standing, then, .. } => {
            who(out, enc, *id, s);
            let names: Vec<String> = strikers.iter().map(|x| enc.name_of(*x)).collect();
            let how = match then {
                Some(c) => format!("{} next to", super::provoke::doing(enc, c)),
                None if *standing => "stands up next to".into(),
                None => "leaves the reach of".into(),
            };
            s.text(out, &format!(" {how} {}: they may strike first", names.join(", ")));
        }
        SovEvent::Struck { striker } => {
            who(out, enc, *striker, s);
            out.push_str(" has answered");
        }
        SovEvent::WalkSettled => out.push_str("Every foe has answered"),
        SovEvent::Grapple { target, by: Some(by) } => {
            who(out, enc, *by, s);
            out.push_str(" holds ");
            who(out, enc, *target, s);
        }
        SovEvent::Grapple { target, by: None } => {
            who(out, enc, *target, s);
            out.push_str(" is held no more");
        }
        SovEvent::Screening { screener, ward: Some(ward) } => {
            who(out, enc, *screener, s);
            out.push_str(" screens ");
            who(out, enc, *ward, s);
            out.push_str(" until its next turn");
        }
        SovEvent::Screening { screener, ward: None } => {
            who(out, enc, *screener, s);
            out.push_str(" screens no one now");
        }
        SovEvent::Screened { screener, attacker } => {
            who(out, enc, *screener, s);
            out.push_str(" has taken on ");
            who(out, enc, *attacker, s);
            out.push_str(" this round");
        }
        SovEvent::Held { id, on: true } => {
            who(out, enc, *id, s);
            out.push_str(" holds its action: its Main may come as an Instant this round");
        }
        SovEvent::Held { id, on: false } => {
            who(out, enc, *id, s);
            out.push_str(" holds its action no longer");
        }
        SovEvent::MoraleDone { id } => {
            who(out, enc, *id, s);
            out.push_str("'s morale is settled for this fight");
        }
        SovEvent::RoundReset => out.push_str("A new round: shields and Main actions are ready"),
    }
}
