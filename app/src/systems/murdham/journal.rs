//! Journal lines for this procedure's events, in any format's style. `enc` is the state
//! before the event.

use super::model::{MurdhamEvent as E, Pending, Wear};
use super::side_name;
use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::journal::line::{Style, who};

/// Appends the line of one event.
pub(crate) fn write(out: &mut String, enc: &Encounter, e: &E, s: &dyn Style) {
    // Most lines are a name and what befell it, or a heading and a name.
    let says = |out: &mut String, id: CombatantId, rest: &str| {
        who(out, enc, id, s);
        out.push_str(rest);
    };
    let headed = |out: &mut String, heading: &str, text: &str| {
        out.push_str(heading);
        s.text(out, text);
    };
    match e {
        E::Holder { side, rolled } => holder(out, enc, *side, *rolled, s),
        E::RoundReset => out.push_str("Turns and passes start over"),
        E::Threshold { threshold } => {
            headed(out, "Fast action threshold: ", &threshold.to_string());
        }
        E::First { side } => headed(out, "First to act this round: ", &side_name(enc, *side)),
        E::PhaseBegun => out.push_str("Factions take turns: no passes yet"),
        E::Activated { id, ambush } => {
            says(out, *id, if *ambush { " takes its ambush turn" } else { " takes its turn" });
        }
        E::Used { bonus, main, zones, full_move } => {
            used(out, enc, (*bonus, *main, *zones, *full_move), s);
        }
        E::TurnEnded { id } => says(out, *id, "'s turn ends"),
        E::Passed { side, forced } => passed(out, enc, *side, *forced, s),
        E::Chooses { side } => headed(out, "Next to choose: ", &side_name(enc, *side)),
        E::Reacted { id, how } => reacted(out, enc, *id, how, s),
        E::Queued { pending, .. } | E::Updated { pending } => {
            headed(out, "Waiting: ", &waiting(enc, pending));
        }
        E::Settled => settled(out, enc, s),
        E::Deviated { from, to } => deviated(out, enc, *from, *to, s),
        E::Dying { id, dies } => {
            who_then(out, enc, *id, " is dying: dead at the end of round ", &dies.to_string(), s);
        }
        E::NoLongerDying { id } => says(out, *id, " is no longer counted down"),
        E::Grabbed { id, by } => grabbed(out, enc, *id, *by, s),
        E::Freed { id } => says(out, *id, " is free"),
        E::OnBorder { id, zone: Some(z) } => {
            who_then(out, enc, *id, " stands on the border with ", &zone(enc, *z), s);
        }
        E::OnBorder { id, zone: None } => says(out, *id, " steps back inside its zone"),
        E::Steady { id } => says(out, *id, " is steady: no more morale checks this stretch"),
        E::MoraleDone { side } => morale_done(out, enc, *side, s),
        E::ItemUsed { owner, item } => who_then(out, enc, *owner, " uses ", item, s),
        E::Worn { owner, item, wear } => worn(out, enc, *owner, item, *wear, s),
        E::FightOver => out.push_str("The fight is over"),
        E::DurabilityRolled => out.push_str("Durability rolled for the gear used"),
        E::Dropped { index } => dropped(out, enc, *index, s),
        E::Revised { pending, .. } => {
            headed(out, "Now waiting: ", &super::pending_words(enc, pending));
        }
        E::Withdrawn { id } => says(out, *id, " leaves the fight's records"),
    }
}

/// A name, a few words, then a text in the style's hand.
fn who_then(
    out: &mut String,
    enc: &Encounter,
    id: CombatantId,
    mid: &str,
    text: &str,
    s: &dyn Style,
) {
    who(out, enc, id, s);
    out.push_str(mid);
    s.text(out, text);
}

/// Who holds the initiative, and whether it was rolled for.
fn holder(out: &mut String, enc: &Encounter, side: SideId, rolled: bool, s: &dyn Style) {
    out.push_str("Initiative held by ");
    s.text(out, &side_name(enc, side));
    out.push_str(if rolled { " (rolled for)" } else { ": they started the fight" });
}

/// What the turn going on has used: its main action, bonus actions and zones of movement.
fn used(
    out: &mut String,
    enc: &Encounter,
    (bonus, main, zones, full_move): (u32, bool, u32, bool),
    s: &dyn Style,
) {
    let id = enc.murdham().turn.id;
    if let Some(id) = id {
        who(out, enc, id, s);
        out.push_str(" has used ");
    }
    let mut parts = Vec::new();
    if main {
        parts.push(if full_move { "full movement".to_owned() } else { "its main action".into() });
    }
    match bonus {
        0 => {}
        1 => parts.push("a bonus action".into()),
        n => parts.push(format!("{n} bonus actions")),
    }
    if zones > 0 {
        parts.push(format!("{zones} zone{} of movement", if zones == 1 { "" } else { "s" }));
    }
    if parts.is_empty() {
        parts.push("nothing yet".into());
    }
    s.text(out, &parts.join(", "));
}

/// A side passes, forced when nobody is left who can act.
fn passed(out: &mut String, enc: &Encounter, side: SideId, forced: bool, s: &dyn Style) {
    out.push_str("Pass: ");
    s.text(out, &side_name(enc, side));
    if forced {
        out.push_str(" (nobody left who can act)");
    }
}

/// `id` reacted, which is its turn this round.
fn reacted(out: &mut String, enc: &Encounter, id: CombatantId, how: &str, s: &dyn Style) {
    who(out, enc, id, s);
    out.push(' ');
    s.text(out, how);
    out.push_str(" (its turn this round)");
}

/// The first thing waiting is settled.
fn settled(out: &mut String, enc: &Encounter, s: &dyn Style) {
    out.push_str("Settled: ");
    let what = enc.murdham().pending.first().map(|p| super::pending_words(enc, p));
    s.text(out, what.as_deref().unwrap_or("nothing"));
}

/// A blast deviated from one zone to another.
fn deviated(out: &mut String, enc: &Encounter, from: ZoneId, to: ZoneId, s: &dyn Style) {
    out.push_str("Blast deviated from ");
    s.text(out, &zone(enc, from));
    out.push_str(" to ");
    s.text(out, &zone(enc, to));
}

/// `by` holds `id`.
fn grabbed(out: &mut String, enc: &Encounter, id: CombatantId, by: CombatantId, s: &dyn Style) {
    who(out, enc, by, s);
    out.push_str(" holds ");
    who(out, enc, id, s);
}

/// A side's morale is settled for the round.
fn morale_done(out: &mut String, enc: &Encounter, side: SideId, s: &dyn Style) {
    out.push_str("Morale of ");
    s.text(out, &side_name(enc, side));
    out.push_str(" settled for the round");
}

/// An item of `owner`'s is damaged or broken.
fn worn(
    out: &mut String,
    enc: &Encounter,
    owner: CombatantId,
    item: &str,
    wear: Wear,
    s: &dyn Style,
) {
    who(out, enc, owner, s);
    out.push_str("'s ");
    s.text(out, item);
    out.push_str(match wear {
        Wear::Damaged => " is damaged",
        Wear::Broken => " is broken",
        Wear::Mended => " is back in use",
    });
}

/// The thing waiting at `index` is dropped.
fn dropped(out: &mut String, enc: &Encounter, index: usize, s: &dyn Style) {
    out.push_str("Dropped: ");
    let what = enc.murdham().pending.get(index).map(|p| super::pending_words(enc, p));
    s.text(out, &what.unwrap_or_else(|| "nothing".into()));
}

/// A zone's name (its id when it is gone).
fn zone(enc: &Encounter, z: ZoneId) -> String {
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
