//! Journal lines for this procedure's events, in any format's style. Most of what happens is
//! already said by its ruling lines; these lines say the procedure's own facts.

use super::attack::usage_max;
use super::block::weapon;
use super::model::Dr12Event;
use crate::encounter::Encounter;
use crate::journal::line::{Style, who};

/// Appends the line of one event.
pub(crate) fn write(out: &mut String, enc: &Encounter, e: &Dr12Event, s: &dyn Style) {
    let side = |id| enc.side(id).map_or_else(|| "a side".to_owned(), |s| s.name.clone());
    match e {
        Dr12Event::Surprised { side: Some(id) } => {
            s.text(out, &format!("Surprised: {} (no turn in round 1)", side(*id)));
        }
        Dr12Event::Surprised { side: None } => out.push_str("Nobody is surprised"),
        Dr12Event::Reacted { side: id, reaction } => {
            s.text(out, &format!("{} react: {reaction}", side(*id)));
        }
        Dr12Event::SideRoll { roll } => {
            let first = if *roll >= 4 { "the characters" } else { "the enemies" };
            s.text(out, &format!("Side roll {roll}: {first} begin"));
        }
        Dr12Event::Moved { id, .. } => {
            who(out, enc, *id, s);
            out.push_str(" makes the turn's move");
        }
        Dr12Event::Acted { id, what, .. } => {
            who(out, enc, *id, s);
            out.push_str("'s Action: ");
            s.text(out, what);
        }
        Dr12Event::Disengaged { id, .. } => {
            who(out, enc, *id, s);
            out.push_str("'s Action: disengages (leaving draws no free attack)");
        }
        Dr12Event::Waiting { pending } => {
            who(out, enc, pending.target, s);
            out.push_str(" must Test DEX against ");
            who(out, enc, pending.attacker, s);
            out.push_str(if pending.free { "'s free attack" } else { "'s attack" });
        }
        Dr12Event::Settled => out.push_str("The DEX Test against it is rolled"),
        Dr12Event::Dropped { index } => match enc.dr12().pending.get(*index) {
            Some(p) => {
                who(out, enc, p.attacker, s);
                out.push_str("'s attack on ");
                who(out, enc, p.target, s);
                out.push_str(" is dropped");
            }
            None => out.push_str("An attack waiting is dropped"),
        },
        Dr12Event::Held { id, .. } => {
            who(out, enc, *id, s);
            out.push_str("'s move waits for the free attacks");
        }
        Dr12Event::Released => out.push_str("The move goes on"),
        Dr12Event::Usage { id, weapon: index, usages } => {
            who(out, enc, *id, s);
            let w = enc.combatant(*id).and_then(|c| weapon(c, *index).ok());
            let (name, max) = w.map_or_else(
                || (format!("weapon #{}", index + 1), 0),
                |w| (w.name.clone(), usage_max(enc, &w)),
            );
            let spent = if max > 0 && *usages >= max { ": spent" } else { "" };
            s.text(out, &format!("'s {name}: {usages}/{max} usages{spent}"));
        }
        Dr12Event::Broke { id } => {
            who(out, enc, *id, s);
            out.push_str(" loses heart: it parleys or flees");
        }
        Dr12Event::Yielded { id } => {
            who(out, enc, *id, s);
            out.push_str("'s failed morale is settled");
        }
    }
}
