//! Journal lines for this procedure's events, in any format's style.

use super::model::{BdpEvent, Intent};
use crate::encounter::Encounter;
use crate::journal::line::{Style, who};

/// A few words for an intention ("attacks Harald").
pub(crate) fn intent_words(enc: &Encounter, intent: &Intent) -> String {
    match intent {
        Intent::Attack { target, .. } => format!("attack {}", enc.name_of(*target)),
        Intent::Gambit { target, .. } => format!("a gambit on {}", enc.name_of(*target)),
        Intent::Move { to } => {
            format!("move to {}", enc.zone(*to).map_or("?".to_owned(), |z| z.name.clone()))
        }
        Intent::Cast { fast: true, .. } => "a fast spell".into(),
        Intent::Cast { .. } => "cast a spell".into(),
        Intent::Retreat => "retreat".into(),
        Intent::Other { text, .. } => text.clone(),
        Intent::Hold => "hold".into(),
    }
}

/// Appends the line of one event.
pub(crate) fn write(out: &mut String, enc: &Encounter, e: &BdpEvent, s: &dyn Style) {
    match e {
        BdpEvent::RoundReset => out.push_str("Intentions start over"),
        BdpEvent::Declared { id, declaration: d } => {
            who(out, enc, *id, s);
            out.push_str(" declares: ");
            s.text(out, &intent_words(enc, &d.intent));
            if d.intent != Intent::Hold {
                out.push_str(" (");
                if !d.overridden {
                    s.text(out, d.class.label());
                    out.push_str(": ");
                }
                s.text(out, &d.reason);
                out.push(')');
            }
        }
        BdpEvent::TieBroken { id, passed } => {
            who(out, enc, *id, s);
            out.push_str(if *passed { " wins the tie" } else { " loses the tie" });
        }
        BdpEvent::AttackPending { attack } => {
            who(out, enc, attack.target, s);
            out.push_str(" must answer the blow");
        }
        BdpEvent::AttackDone => out.push_str("The blow is answered"),
        BdpEvent::Acted { id } => {
            who(out, enc, *id, s);
            out.push_str(" acts");
        }
        BdpEvent::CounterOffered { by, against } => {
            who(out, enc, *by, s);
            out.push_str(" may answer with a gambit on ");
            who(out, enc, *against, s);
        }
        // Taken or let go: a taken counter-gambit follows on the next lines.
        BdpEvent::CounterDone => out.push_str("The counter-gambit chance is settled"),
        BdpEvent::SpellDice { caster, faces } => {
            who(out, enc, *caster, s);
            if faces.is_empty() {
                out.push_str(" has no Magic Dice left in hand");
            } else {
                let list: Vec<String> = faces.iter().map(u32::to_string).collect();
                out.push_str(" holds Magic Dice ");
                s.text(out, &list.join(", "));
            }
        }
        BdpEvent::StuntRisk { id, on } => {
            who(out, enc, *id, s);
            out.push_str(if *on {
                "'s next incoming blow is enhanced (the stunt's risk)"
            } else {
                " is steady again"
            });
        }
        BdpEvent::FreeAttackOffered { attacker, target } => {
            who(out, enc, *attacker, s);
            out.push_str(" may strike ");
            who(out, enc, *target, s);
            out.push_str(" for leaving carelessly");
        }
        BdpEvent::FreeAttackDone { attacker, .. } => {
            who(out, enc, *attacker, s);
            out.push_str("'s free strike is settled");
        }
        BdpEvent::MoraleChecked { side, trigger } => {
            out.push_str("Morale of ");
            s.place(out, &enc.side(*side).map_or("?".to_owned(), |x| x.name.clone()));
            out.push_str(" settled (");
            s.text(out, trigger.label());
            out.push(')');
        }
        BdpEvent::Withdrawn { id } => {
            who(out, enc, *id, s);
            out.push_str("'s intention is withdrawn");
        }
        BdpEvent::ItemBroken { id, name, .. } => {
            who(out, enc, *id, s);
            out.push_str("'s ");
            s.text(out, name);
            out.push_str(" breaks");
        }
    }
}
