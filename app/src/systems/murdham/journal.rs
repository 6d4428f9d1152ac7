//! Journal lines for this procedure's events, in any format's style. `enc` is the state
//! before the event.

use super::model::{MurdhamEvent as E, Pending, Wear};
use super::side_name;
use crate::encounter::Encounter;
use crate::journal::line::{Style, who};

/// Appends the line of one event.
pub(crate) fn write(out: &mut String, enc: &Encounter, e: &E, s: &dyn Style) {
    match e {
        E::Holder { side, rolled } => {
            out.push_str("Initiative held by ");
            s.text(out, &side_name(enc, *side));
            out.push_str(if *rolled { " (rolled for)" } else { ": they started the fight" });
        }
        E::RoundReset => out.push_str("Turns and passes start over"),
        E::Threshold { threshold } => {
            out.push_str("Fast action threshold: ");
            s.text(out, &threshold.to_string());
        }
        E::First { side } => {
            out.push_str("First to act this round: ");
            s.text(out, &side_name(enc, *side));
        }
        E::PhaseBegun => out.push_str("Factions take turns: no passes yet"),
        E::Activated { id, ambush } => {
            who(out, enc, *id, s);
            out.push_str(if *ambush { " takes its ambush turn" } else { " takes its turn" });
        }
        E::Used { bonus, main, zones, full_move } => {
            let id = enc.murdham().turn.id;
            if let Some(id) = id {
                who(out, enc, id, s);
                out.push_str(" has used ");
            }
            let mut parts = Vec::new();
            if *main {
                parts.push(if *full_move {
                    "full movement".to_owned()
                } else {
                    "its main action".into()
                });
            }
            match bonus {
                0 => {}
                1 => parts.push("a bonus action".into()),
                n => parts.push(format!("{n} bonus actions")),
            }
            if *zones > 0 {
                parts.push(format!(
                    "{zones} zone{} of movement",
                    if *zones == 1 { "" } else { "s" }
                ));
            }
            if parts.is_empty() {
                parts.push("nothing yet".into());
            }
            s.text(out, &parts.join(", "));
        }
        E::TurnEnded { id } => {
            who(out, enc, *id, s);
            out.push_str("'s turn ends");
        }
        E::Passed { side, forced } => {
            out.push_str("Pass: ");
            s.text(out, &side_name(enc, *side));
            if *forced {
                out.push_str(" (nobody left who can act)");
            }
        }
        E::Chooses { side } => {
            out.push_str("Next to choose: ");
            s.text(out, &side_name(enc, *side));
        }
        E::Reacted { id, how } => {
            who(out, enc, *id, s);
            out.push(' ');
            s.text(out, how);
            out.push_str(" (its turn this round)");
        }
        E::Queued { pending, .. } | E::Updated { pending } => {
            out.push_str("Waiting: ");
            s.text(out, &waiting(enc, pending));
        }
        E::Settled => {
            out.push_str("Settled: ");
            let what = enc.murdham().pending.first().map(|p| super::pending_words(enc, p));
            s.text(out, what.as_deref().unwrap_or("nothing"));
        }
        E::Deviated { from, to } => {
            out.push_str("Blast deviated from ");
            s.text(out, &zone(enc, *from));
            out.push_str(" to ");
            s.text(out, &zone(enc, *to));
        }
        E::Dying { id, dies } => {
            who(out, enc, *id, s);
            out.push_str(" is dying: dead at the end of round ");
            s.text(out, &dies.to_string());
        }
        E::NoLongerDying { id } => {
            who(out, enc, *id, s);
            out.push_str(" is no longer counted down");
        }
        E::Grabbed { id, by } => {
            who(out, enc, *by, s);
            out.push_str(" holds ");
            who(out, enc, *id, s);
        }
        E::Freed { id } => {
            who(out, enc, *id, s);
            out.push_str(" is free");
        }
        E::OnBorder { id, zone: z } => {
            who(out, enc, *id, s);
            match z {
                Some(z) => {
                    out.push_str(" stands on the border with ");
                    s.text(out, &zone(enc, *z));
                }
                None => out.push_str(" steps back inside its zone"),
            }
        }
        E::Steady { id } => {
            who(out, enc, *id, s);
            out.push_str(" is steady: no more morale checks this stretch");
        }
        E::MoraleDone { side } => {
            out.push_str("Morale of ");
            s.text(out, &side_name(enc, *side));
            out.push_str(" settled for the round");
        }
        E::ItemUsed { owner, item } => {
            who(out, enc, *owner, s);
            out.push_str(" uses ");
            s.text(out, item);
        }
        E::Worn { owner, item, wear } => {
            who(out, enc, *owner, s);
            out.push_str("'s ");
            s.text(out, item);
            out.push_str(match wear {
                Wear::Damaged => " is damaged",
                Wear::Broken => " is broken",
            });
        }
        E::FightOver => out.push_str("The fight is over"),
        E::DurabilityRolled => out.push_str("Durability rolled for the gear used"),
        E::Dropped { index } => {
            out.push_str("Dropped: ");
            let what = enc.murdham().pending.get(*index).map(|p| super::pending_words(enc, p));
            s.text(out, &what.unwrap_or_else(|| "nothing".into()));
        }
        E::Revised { pending, .. } => {
            out.push_str("Now waiting: ");
            s.text(out, &super::pending_words(enc, pending));
        }
        E::Withdrawn { id } => {
            who(out, enc, *id, s);
            out.push_str(" leaves the fight's records");
        }
    }
}

fn zone(enc: &Encounter, z: crate::ids::ZoneId) -> String {
    enc.zone(z).map_or_else(|| z.to_string(), |z| z.name.clone())
}

/// What waits, in a few words.
fn waiting(enc: &Encounter, p: &Pending) -> String {
    match p {
        Pending::Attack(a) if a.stunt_open => format!(
            "{}'s answer to a stunt: {}",
            a.struck.first().map_or_else(String::new, |s| enc.name_of(s.id)),
            a.spec.stunt.clone().unwrap_or_default()
        ),
        Pending::Attack(a) => match a.struck.iter().find(|s| s.reaction.is_none()) {
            Some(s) => {
                format!("{}'s reaction to {}", enc.name_of(s.id), enc.name_of(a.spec.attacker))
            }
            None => super::pending_words(enc, p),
        },
        other => super::pending_words(enc, other),
    }
}
