//! Journal lines for this procedure's events, in any format's style.

use super::declare::words;
use super::model::{D12Event, Declared, Pending};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::journal::line::{Style, group, who};

/// A declared action in words, with its modifier and count.
fn declared_words(enc: &Encounter, id: CombatantId, d: &Declared) -> String {
    let what = enc.combatant(id).map_or_else(String::new, |c| words(enc, c, &d.action));
    format!("{what} ({:+}): count {}", d.modifier, d.count)
}

/// Appends the line of one event.
pub(crate) fn write(out: &mut String, enc: &Encounter, e: &D12Event, s: &dyn Style) {
    // Most lines are a name and what befell it, or a heading and a text.
    let says = |out: &mut String, id: CombatantId, rest: &str| {
        who(out, enc, id, s);
        out.push_str(rest);
    };
    let headed = |out: &mut String, heading: &str, text: &str| {
        out.push_str(heading);
        s.text(out, text);
    };
    match e {
        D12Event::BaseInitiative { ids, base } => base_initiative(out, enc, ids, *base, s),
        D12Event::Declared { id, hidden: true, .. } => says(out, *id, " writes down an action"),
        D12Event::Declared { id, declared, .. } => {
            says(out, *id, " declares: ");
            s.text(out, &declared_words(enc, *id, declared));
        }
        D12Event::Revealed => revealed(out, enc, s),
        D12Event::Late { id, declared } => {
            says(out, *id, " owes a late action next round at count ");
            s.text(out, &declared.count.to_string());
        }
        D12Event::CountStarted { fit } => {
            let names: Vec<String> = fit.iter().map(|id| enc.name_of(*id)).collect();
            let list = if names.is_empty() { "nobody".to_owned() } else { names.join(", ") };
            headed(out, "Up when the count begins: ", &list);
        }
        D12Event::JoinedCount { id } => says(out, *id, " joins this count"),
        // Also when it lets the count pass: the line after says which.
        D12Event::Acted { id } => acted(out, enc, *id, s),
        D12Event::Queued { pending, .. } => {
            headed(out, "Waiting: ", &super::pending_words(enc, pending));
        }
        D12Event::Settled => {
            let what = enc.d12().pending.first().map(|p| match p {
                Pending::Damage { .. } => "the damage",
                Pending::Injury { .. } => "the injury",
                Pending::Riposte { .. } => "the riposte",
            });
            headed(out, "Settled: ", what.unwrap_or("nothing"));
        }
        D12Event::Wounded { id, wound } => {
            says(out, *id, " takes a wound: ");
            let crit = if wound.critical { ", critical" } else { "" };
            s.text(out, &format!("{} {}{crit}", wound.amount, wound.damage_type));
        }
        D12Event::Injured { id, injury } => {
            says(out, *id, " is injured: ");
            s.text(out, injury);
        }
        D12Event::BigHit { id } => {
            says(out, *id, " lost over half its Wound Points in one hit: morale at the round's end")
        }
        D12Event::Intimidated { id, result } => {
            says(out, *id, " is intimidated (");
            s.text(out, &result.to_string());
            out.push(')');
        }
        D12Event::MoraleSettled { id } => {
            out.push_str("Morale of ");
            says(out, *id, " settled for the round");
        }
        D12Event::RoundReset => out.push_str("Declarations start over"),
        D12Event::Dropped { index } => {
            let what = enc.d12().pending.get(*index).map(|p| super::pending_words(enc, p));
            headed(out, "Dropped: ", &what.unwrap_or_else(|| "nothing".into()));
        }
        D12Event::Withdrawn { id } => says(out, *id, "'s declaration is withdrawn"),
    }
}

/// Those who share a base initiative, and it.
fn base_initiative(
    out: &mut String,
    enc: &Encounter,
    ids: &[CombatantId],
    base: i64,
    s: &dyn Style,
) {
    group(out, enc, ids, s);
    out.push_str(if ids.len() == 1 { " has" } else { " share" });
    out.push_str(" base initiative ");
    s.text(out, &base.to_string());
}

/// Every written action, shown at once.
fn revealed(out: &mut String, enc: &Encounter, s: &dyn Style) {
    out.push_str("The written actions are shown: ");
    let list: Vec<String> = enc
        .d12()
        .declared
        .iter()
        .map(|(id, d)| format!("{} {}", enc.name_of(*id), declared_words(enc, *id, d)))
        .collect();
    s.text(out, &list.join("; "));
}

/// `id` uses its place at the count going on.
fn acted(out: &mut String, enc: &Encounter, id: CombatantId, s: &dyn Style) {
    who(out, enc, id, s);
    match super::count::current_count(enc) {
        Some(n) => {
            out.push_str(" uses its place at count ");
            s.text(out, &n.to_string());
        }
        None => out.push_str(" uses its place at this count"),
    }
}
