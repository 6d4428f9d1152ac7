//! What the stepper pins at its top and lists under its prompts, answered by the procedure so
//! the stepper draws one shape for every system: who acts or chooses (with a count, a side,
//! what the turn has left, notes such as who holds the initiative), a declaration countdown,
//! and who is still to act, as a turn order (the default) or per faction (for
//! alternating activations). The window only lays these out.

use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId};

/// The stepper's headline, as the procedure sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Spotlight {
    /// The small caption over the big line: "Acting now", "Whose choice", "Ambush turn".
    pub caption: String,
    /// A lit lead before the names ("Count 9: "), when the procedure counts initiative.
    pub lead: String,
    /// Who acts or chooses, in big letters; empty when nobody does.
    pub who: String,
    /// The side whose colour leads the big line, if it is one side's turn or choice.
    pub side: Option<SideId>,
    /// Several act at once ("… act together").
    pub together: bool,
    /// What the acting character's turn has left ("Main action: free"), as chips.
    pub chips: Vec<Chip>,
    /// Lines under the headline ("★ Red Hand holds the initiative").
    pub notes: Vec<Note>,
    /// A countdown the window runs for the player to declare, if one is due now.
    pub countdown: Option<Countdown>,
}

/// A part of a turn, free or used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chip {
    /// "Bonus: 1 left".
    pub text: String,
    /// Still available (used chips are faded and struck through).
    pub free: bool,
}

/// A line under the headline, with how loudly it is said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The words.
    pub text: String,
    /// How it is drawn.
    pub tone: Tone,
}

/// How loudly a [`Note`] is said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Plain text.
    Plain,
    /// A warning ("Another pass ends the round").
    Warn,
    /// Lit and large: what decides who acts in this part of the round.
    Lit,
}

/// A countdown for a player to declare. The clock is the window's; nothing of it is
/// recorded. `key` changes when a new countdown is due (a new turn), which restarts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Countdown {
    /// Identifies the turn being timed.
    pub key: String,
    /// Seconds given.
    pub seconds: u32,
    /// What the GM does at zero.
    pub expired: String,
}

/// One faction's block in a per-faction roster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Faction {
    /// The side.
    pub side: SideId,
    /// Its name.
    pub name: String,
    /// It holds the initiative (starred).
    pub holder: bool,
    /// It is choosing who goes next (lit).
    pub choosing: bool,
    /// It passed (noted).
    pub passed: bool,
    /// Its character taking a turn.
    pub acting: Vec<String>,
    /// Who may still act.
    pub to_act: Vec<String>,
    /// Who has acted.
    pub done: Vec<String>,
    /// Who cannot act now, grouped by why.
    pub not_now: Vec<(String, Vec<String>)>,
    /// Nobody of it is left to act while activations go on (said, so an empty block reads).
    pub nobody_left: bool,
}

/// The default headline: whoever the order has acting, led by the count when the order
/// counts ("Count 9: Harald · Hobgoblin 1 act together").
pub fn by_order(enc: &Encounter, acting: &[CombatantId]) -> Spotlight {
    let count = enc.turn.and_then(|t| enc.order.get(t)).and_then(|e| e.count);
    let names: Vec<String> = acting.iter().map(|id| enc.name_of(*id)).collect();
    let (lead, who) = match count {
        Some(n) if !names.is_empty() => (format!("Count {n}: "), names.join(" \u{b7} ")),
        _ => (String::new(), names.join(" & ")),
    };
    Spotlight {
        caption: "Acting now".into(),
        together: count.is_some() && names.len() > 1,
        lead,
        who,
        ..Spotlight::default()
    }
}

#[cfg(test)]
mod tests {

    fn spot(system: &str, script: &str) -> super::Spotlight {
        let text = format!("system {system}\nside Party party\nside Foes\nzone Hall\n{script}");
        let h = crate::systems::run_script("t.fray", &text).unwrap();
        crate::systems::registry().get(system).unwrap().spotlight(h.state())
    }

    #[test]
    fn nobody_acting_is_an_empty_spotlight() {
        let s = spot("freeform", "add Ann side Party zone Hall track hp=5/5");
        assert_eq!(s.caption, "Acting now");
        assert!(s.who.is_empty() && s.lead.is_empty() && !s.together);
    }
}
