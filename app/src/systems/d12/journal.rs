//! Journal lines for this procedure's events, in any format's style.

use super::declare::words;
use super::model::{D12Event, Declared, Pending};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::journal::line::{Style, group, who};

fn declared_words(enc: &Encounter, id: CombatantId, d: &Declared) -> String {
    let what = enc.combatant(id).map_or_else(String::new, |c| words(enc, c, &d.action));
    format!("{what} ({:+}): count {}", d.modifier, d.count)
}

/// Appends the line of one event.
pub(crate) fn write(out: &mut String, enc: &Encounter, e: &D12Event, s: &dyn Style) {
    match e {
        D12Event::BaseInitiative { ids, base } => {
            group(out, enc, ids, s);
            out.push_str(if ids.len() == 1 { " has" } else { " share" });
            out.push_str(" base initiative ");
            s.text(out, &base.to_string());
        }
        D12Event::Declared { id, hidden: true, .. } => {
            who(out, enc, *id, s);
            out.push_str(" writes down an action");
        }
        D12Event::Declared { id, declared, .. } => {
            who(out, enc, *id, s);
            out.push_str(" declares: ");
            s.text(out, &declared_words(enc, *id, declared));
        }
        D12Event::Revealed => {
            out.push_str("The written actions are shown: ");
            let list: Vec<String> = enc
                .d12()
                .declared
                .iter()
                .map(|(id, d)| format!("{} {}", enc.name_of(*id), declared_words(enc, *id, d)))
                .collect();
            s.text(out, &list.join("; "));
        }
        D12Event::Late { id, declared } => {
            who(out, enc, *id, s);
            out.push_str(" owes a late action next round at count ");
            s.text(out, &declared.count.to_string());
        }
        D12Event::CountStarted { fit } => {
            out.push_str("Up when the count begins: ");
            let names: Vec<String> = fit.iter().map(|id| enc.name_of(*id)).collect();
            let list = if names.is_empty() { "nobody".to_owned() } else { names.join(", ") };
            s.text(out, &list);
        }
        D12Event::JoinedCount { id } => {
            who(out, enc, *id, s);
            out.push_str(" joins this count");
        }
        D12Event::Acted { id } => {
            // Also when it lets the count pass: the line after says which.
            who(out, enc, *id, s);
            match super::count::current_count(enc) {
                Some(n) => {
                    out.push_str(" uses its place at count ");
                    s.text(out, &n.to_string());
                }
                None => out.push_str(" uses its place at this count"),
            }
        }
        D12Event::Queued { pending, .. } => {
            out.push_str("Waiting: ");
            s.text(out, &super::pending_words(enc, pending));
        }
        D12Event::Settled => {
            out.push_str("Settled: ");
            let what = enc.d12().pending.first().map(|p| match p {
                Pending::Damage { .. } => "the damage",
                Pending::Injury { .. } => "the injury",
                Pending::Riposte { .. } => "the riposte",
            });
            s.text(out, what.unwrap_or("nothing"));
        }
        D12Event::Wounded { id, wound } => {
            who(out, enc, *id, s);
            out.push_str(" takes a wound: ");
            let crit = if wound.critical { ", critical" } else { "" };
            s.text(out, &format!("{} {}{crit}", wound.amount, wound.damage_type));
        }
        D12Event::Injured { id, injury } => {
            who(out, enc, *id, s);
            out.push_str(" is injured: ");
            s.text(out, injury);
        }
        D12Event::BigHit { id } => {
            who(out, enc, *id, s);
            out.push_str(" lost over half its Wound Points in one hit: morale at the round's end");
        }
        D12Event::Intimidated { id, result } => {
            who(out, enc, *id, s);
            out.push_str(" is intimidated (");
            s.text(out, &result.to_string());
            out.push(')');
        }
        D12Event::MoraleSettled { id } => {
            out.push_str("Morale of ");
            who(out, enc, *id, s);
            out.push_str(" settled for the round");
        }
        D12Event::RoundReset => out.push_str("Declarations start over"),
        D12Event::Dropped { index } => {
            out.push_str("Dropped: ");
            let what = enc.d12().pending.get(*index).map(|p| super::pending_words(enc, p));
            s.text(out, &what.unwrap_or_else(|| "nothing".into()));
        }
        D12Event::Withdrawn { id } => {
            who(out, enc, *id, s);
            out.push_str("'s declaration is withdrawn");
        }
    }
}
