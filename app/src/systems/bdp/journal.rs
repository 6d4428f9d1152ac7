//! Journal lines for this procedure's events, in any format's style.

use super::model::{BdpEvent, Declaration, Intent, Trigger};
use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId};
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
    // Most lines are a name and what befell it.
    let says = |out: &mut String, id: CombatantId, rest: &str| {
        who(out, enc, id, s);
        out.push_str(rest);
    };
    match e {
        BdpEvent::RoundReset => out.push_str("Intentions start over"),
        BdpEvent::Declared { id, declaration: d } => declared(out, enc, *id, d, s),
        BdpEvent::TieBroken { id, passed } => {
            says(out, *id, if *passed { " wins the tie" } else { " loses the tie" });
        }
        BdpEvent::AttackPending { attack } => says(out, attack.target, " must answer the blow"),
        BdpEvent::AttackDone => out.push_str("The blow is answered"),
        BdpEvent::Acted { id } => says(out, *id, " acts"),
        BdpEvent::CounterOffered { by, against } => {
            says(out, *by, " may answer with a gambit on ");
            who(out, enc, *against, s);
        }
        // Taken or let go: a taken counter-gambit follows on the next lines.
        BdpEvent::CounterDone => out.push_str("The counter-gambit chance is settled"),
        BdpEvent::SpellDice { caster, faces } => spell_dice(out, enc, *caster, faces, s),
        BdpEvent::StuntRisk { id, on } => says(
            out,
            *id,
            if *on {
                "'s next incoming blow is enhanced (the stunt's risk)"
            } else {
                " is steady again"
            },
        ),
        BdpEvent::FreeAttackOffered { attacker, target } => {
            says(out, *attacker, " may strike ");
            says(out, *target, " for leaving carelessly");
        }
        BdpEvent::FreeAttackDone { attacker, .. } => {
            says(out, *attacker, "'s free strike is settled");
        }
        BdpEvent::MoraleChecked { side, trigger } => morale_checked(out, enc, *side, *trigger, s),
        BdpEvent::Withdrawn { id } => says(out, *id, "'s intention is withdrawn"),
        BdpEvent::ItemBroken { id, name, .. } => {
            says(out, *id, "'s ");
            s.text(out, name);
            out.push_str(" breaks");
        }
    }
}

/// What `id` declares, with its turn's class (unless the GM set it) and why.
fn declared(out: &mut String, enc: &Encounter, id: CombatantId, d: &Declaration, s: &dyn Style) {
    who(out, enc, id, s);
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

/// The Magic Dice `caster` holds (none left, or their faces).
fn spell_dice(
    out: &mut String,
    enc: &Encounter,
    caster: CombatantId,
    faces: &[u32],
    s: &dyn Style,
) {
    who(out, enc, caster, s);
    if faces.is_empty() {
        out.push_str(" has no Magic Dice left in hand");
    } else {
        let list: Vec<String> = faces.iter().map(u32::to_string).collect();
        out.push_str(" holds Magic Dice ");
        s.text(out, &list.join(", "));
    }
}

/// A side's morale is settled for what triggered it.
fn morale_checked(
    out: &mut String,
    enc: &Encounter,
    side: SideId,
    trigger: Trigger,
    s: &dyn Style,
) {
    out.push_str("Morale of ");
    s.place(out, &enc.side(side).map_or("?".to_owned(), |x| x.name.clone()));
    out.push_str(" settled (");
    s.text(out, trigger.label());
    out.push(')');
}
