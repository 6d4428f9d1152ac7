//! A script's names looked up in the state at the step that uses them; an unknown one is an
//! error that lists the names there are.

use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::system::{Prompt, PromptOption};

/// "unknown combatant 'Haral' (there are: Harald, Goblin 1)".
pub(super) fn unknown<'a>(
    kind: &str,
    name: &str,
    known: impl Iterator<Item = &'a String>,
) -> String {
    let known: Vec<&str> = known.map(String::as_str).collect();
    if known.is_empty() {
        format!("unknown {kind} '{name}' (there is none yet)")
    } else {
        format!("unknown {kind} '{name}' (there are: {})", known.join(", "))
    }
}

pub(super) fn combatant(enc: &Encounter, name: &str) -> Result<CombatantId, String> {
    enc.combatant_named(name)
        .map(|c| c.id)
        .ok_or_else(|| unknown("combatant", name, enc.combatants.values().map(|c| &c.name)))
}

pub(super) fn zone(enc: &Encounter, name: &str) -> Result<ZoneId, String> {
    enc.zone_named(name)
        .map(|z| z.id)
        .ok_or_else(|| unknown("zone", name, enc.zones.values().map(|z| &z.name)))
}

pub(super) fn side(enc: &Encounter, name: &str) -> Result<SideId, String> {
    enc.side_named(name)
        .map(|s| s.id)
        .ok_or_else(|| unknown("side", name, enc.sides.values().map(|s| &s.name)))
}

/// A prompt by id or title (case-insensitive).
pub(super) fn find_prompt<'a>(prompts: &'a [Prompt], wanted: &str) -> Result<&'a Prompt, String> {
    prompts
        .iter()
        .find(|p| p.id.eq_ignore_ascii_case(wanted) || p.title.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| {
            if prompts.is_empty() {
                format!("no prompt '{wanted}': nothing is being asked now")
            } else {
                let open: Vec<String> =
                    prompts.iter().map(|p| format!("{} \"{}\"", p.id, p.title)).collect();
                format!("no prompt '{wanted}' now (open: {})", open.join(", "))
            }
        })
}

/// An option of a prompt by its label (case-insensitive).
pub(super) fn find_option<'a>(
    prompts: &'a [Prompt],
    prompt: &str,
    option: &str,
) -> Result<(&'a Prompt, &'a PromptOption), String> {
    let p = find_prompt(prompts, prompt)?;
    let o = p.options.iter().find(|o| o.label.eq_ignore_ascii_case(option)).ok_or_else(|| {
        let labels: Vec<String> = p.options.iter().map(|o| format!("\"{}\"", o.label)).collect();
        format!("'{}' has no option '{option}' (options: {})", p.title, labels.join(", "))
    })?;
    Ok((p, o))
}
