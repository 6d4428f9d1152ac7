//! The circumstances the GM sets for a Murdham attack by hand (see
//! [`crate::system::modifiers`]): each toggle a field of [`Circumstances`], the words a stunt
//! offered instead of the damage. Applied to a turn's attack options, with the attack's own
//! check saying whether it now needs a WIT save to hit or cannot be made.

use super::model::{AttackSpec, Circumstances, MurdhamCommand};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::system::Owned;
use crate::system::PromptOption;
use crate::system::modifiers::{ModifierSpec, Modifiers, Toggle};

/// The panel: a row each for the target, the cover and the attacker.
pub(super) const SPEC: ModifierSpec = ModifierSpec {
    title: "Circumstances",
    caption: "For the next attack; cleared once it is made",
    waiting: "The circumstances of an attack (unseen, in cover, held back and more) are set \
              here when a turn may make one.",
    toggles: &[
        toggle(
            "unseen",
            "Unseen",
            "The attacker cannot see the target: a WIT save in melee, no ordinary shot",
        ),
        toggle("unaware", "Unaware", "The target does not see the attack coming: it cannot react"),
        toggle(
            "concealment",
            "Concealment",
            "Smoke, darkness or foliage around the target: impaired damage",
        ),
        toggle("cover", "In cover", "The target is behind cover: 1 more armour"),
        toggle(
            "penetrating",
            "Cover pierced",
            "The attack goes through the cover: no extra armour",
        ),
        toggle(
            "peeking",
            "Peeking out",
            "The attacker leans out from behind a barrier: it may be countered",
        ),
        toggle("held_back", "Held back", "The attacker pulls its blow: impaired damage"),
        toggle("moving", "On the move", "The attacker shoots while moving: a WIT save to hit"),
        toggle("enhanced", "Enhanced", "A trait or a power makes the damage enhanced"),
    ],
    words: Some(("Stunt", "an effect offered instead of the damage")),
};

const fn toggle(key: &'static str, label: &'static str, help: &'static str) -> Toggle {
    Toggle { key, label, help }
}

/// The circumstances the toggles `set` stand for.
fn circumstances(set: &Modifiers) -> Circumstances {
    Circumstances {
        unseen: set.is_on("unseen"),
        unaware: set.is_on("unaware"),
        concealment: set.is_on("concealment"),
        cover: set.is_on("cover"),
        penetrating: set.is_on("penetrating"),
        peeking: set.is_on("peeking"),
        held_back: set.is_on("held_back"),
        moving: set.is_on("moving"),
        enhanced: set.is_on("enhanced"),
        ..Circumstances::default()
    }
}

/// The attack an option makes, if it makes one.
pub(super) fn attack(command: &Command) -> Option<&AttackSpec> {
    match super::Murdham::own_ref(command) {
        Some(MurdhamCommand::Attack(spec)) => Some(spec),
        _ => None,
    }
}

/// An attack option made with the GM's circumstances, allowed or not as the rules say then.
pub(super) fn modified(
    enc: &Encounter,
    option: &PromptOption,
    set: &Modifiers,
) -> Option<PromptOption> {
    let mut spec = attack(&option.command)?.clone();
    spec.how = circumstances(set);
    let stunt = set.words.trim();
    if !stunt.is_empty() {
        spec.stunt = Some(stunt.to_owned());
    }
    let (enabled, reason) = super::prompts::attack_verdict(enc, &spec);
    let mut option = option.clone();
    option.command = MurdhamCommand::Attack(spec).into();
    option.enabled = enabled;
    option.reason = reason;
    Some(option)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_toggle_sets_its_own_field_and_only_it() {
        let none = circumstances(&Modifiers::default());
        assert_eq!(none, Circumstances::default());
        for t in SPEC.toggles {
            let set = Modifiers { on: [t.key].into(), words: String::new() };
            let c = circumstances(&set);
            assert_ne!(c, none, "{} sets nothing", t.key);
            let json = serde_json::to_value(c).unwrap();
            let on: Vec<_> = json
                .as_object()
                .unwrap()
                .iter()
                .filter(|(_, v)| **v == serde_json::Value::Bool(true))
                .map(|(k, _)| k.as_str())
                .collect();
            assert_eq!(on, [t.key], "the toggle's key is the field it sets");
        }
    }
}
