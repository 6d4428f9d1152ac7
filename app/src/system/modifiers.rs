//! Circumstances the GM sets by hand for a procedure's next command of one kind, which the
//! rules cannot see (an attack: the target unseen, in cover, the blow held back...),
//! as toggles and an optional line of words. The procedure lists them and applies them to a
//! prompt's options, saying at once what they change (allowed or not, and why); the stepper
//! only draws the toggles and sends the options it is given back.

use std::collections::BTreeSet;

/// The panel of modifiers a procedure offers.
#[derive(Debug, Clone, Copy)]
pub struct ModifierSpec {
    /// The panel's title ("Circumstances").
    pub title: &'static str,
    /// The caption under it ("For the next attack; cleared once it is made").
    pub caption: &'static str,
    /// What the panel's room says while no answer takes them (before the fight, between
    /// attacks): what comes there and when, so the room kept for them never reads as a hole.
    pub waiting: &'static str,
    /// The toggles, in the order drawn.
    pub toggles: &'static [Toggle],
    /// A line of free words sent with the command (a stunt): its label and hint.
    pub words: Option<(&'static str, &'static str)>,
}

/// One toggle.
#[derive(Debug, Clone, Copy)]
pub struct Toggle {
    /// Stable key.
    pub key: &'static str,
    /// Its label on the button.
    pub label: &'static str,
    /// What it means, in a few words (the hover).
    pub help: &'static str,
}

/// What the GM set: the toggles on, by key, and the words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Keys of the toggles that are on.
    pub on: BTreeSet<&'static str>,
    /// The free words (trimmed; empty: none).
    pub words: String,
}

impl Modifiers {
    /// Whether anything is set.
    pub fn any(&self) -> bool {
        !self.on.is_empty() || !self.words.trim().is_empty()
    }

    /// Whether the toggle `key` is on.
    pub fn is_on(&self, key: &str) -> bool {
        self.on.contains(key)
    }
}
