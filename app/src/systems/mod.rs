//! The combat procedures, one module each. They share the building blocks in
//! [`crate::checks`], [`crate::space`] and [`crate::system::handle_common`].
//!
//! [`ALL`] is the one registration point: a procedure is its folder here and its line in that
//! list (what it hands the layers above the rules, its recap's tally and its rules between
//! fights, it names itself as its `Procedure::PARTS`). The core never names a procedure: it
//! meets them through the [`System`] trait and holds their own values without knowing their
//! types. The [`Registry`] is built once from the list ([`registry`]) and passed to whoever
//! lists the procedures (the window's pickers, the CLI, the store's bundled content, the
//! tests that go over every procedure): it cannot be empty. So the procedures depend on the
//! core, never the other way.

use crate::ids::SystemId;
use crate::system::{System, UnknownSystem};
use std::sync::LazyLock;

/// Every procedure Fray knows, in menu order (the tests add a sixth, made up).
static ALL: &[&dyn System] = &[
    &freeform::Freeform,
    &bdp::Bdp,
    &murdham::Murdham,
    &d12::D12,
    &dr12::Dr12,
    &sovereign::Sovereign,
    #[cfg(test)]
    &skirmish::Skirmish,
];

/// The procedures Fray knows, as one value: built once, from [`ALL`], by [`registry`].
pub struct Registry {
    procedures: &'static [&'static dyn System],
}

impl Registry {
    /// Every procedure, in menu order (never empty).
    pub fn all(&self) -> &'static [&'static dyn System] {
        self.procedures
    }

    /// The procedure a picker offers first (the menu's first).
    pub fn first(&self) -> &'static dyn System {
        self.procedures[0]
    }

    /// The ids of every procedure, in menu order.
    pub fn ids(&self) -> impl Iterator<Item = SystemId> + '_ {
        self.procedures.iter().map(|system| system.id())
    }

    /// The procedure `text` names, or the error that names the unknown id and the known ones.
    pub fn parse(&self, text: &str) -> Result<SystemId, UnknownSystem> {
        self.get(text).map(|system| system.id())
    }

    /// The procedure `text` names, as the rules meet it, or the error that names it.
    pub fn get(&self, text: &str) -> Result<&'static dyn System, UnknownSystem> {
        let found = self.procedures.iter().find(|system| system.id() == text);
        found.copied().ok_or_else(|| UnknownSystem(text.to_owned()))
    }
}

/// The registry, built on first use. Building it also hands the layers under the rules the
/// ids they read text as (an encounter, a row or a file names its procedure by text, and
/// serde has no registry to ask), so every program asks for it before it reads anything: the
/// window and the CLI as they start, the store as it opens.
pub fn registry() -> &'static Registry {
    static BUILT: LazyLock<Registry> = LazyLock::new(|| {
        crate::system::install(ALL);
        Registry { procedures: ALL }
    });
    &BUILT
}

/// A script run for the core's own tests, the registry built first: a script names its
/// procedure by text (`system bdp`), read as an id the registry handed over.
#[cfg(test)]
pub(crate) fn run_script(
    file: &str,
    text: &str,
) -> Result<crate::History, crate::scenario::ScenarioError> {
    registry();
    crate::scenario::run(file, text)
}

pub mod bdp;
#[cfg(test)]
mod before_tests;
pub mod d12;
pub mod dr12;
pub mod freeform;
pub mod murdham;
#[cfg(test)]
pub mod skirmish;
pub mod sovereign;

use crate::command::{NewCombatant, block_stats, block_tracks};
use crate::ids::SideId;

/// A stat block as a combatant added from it would be (stats and tracks read the way the
/// board reads them), for a system's own checks of a library entry named `name`.
pub(crate) fn combatant_of(name: &str, block: &serde_json::Value) -> NewCombatant {
    NewCombatant {
        name: name.to_owned(),
        side: SideId(0),
        zone: None,
        square: None,
        stats: block_stats(block),
        tracks: block_tracks(block),
        conditions: Vec::new(),
        source: None,
        block: block.clone(),
    }
}

/// A block with every field of `schema` for `character` filled with a value that fits it
/// (lists hold one item filled the same way): every key a schema names, at once.
#[cfg(test)]
pub(crate) fn full_block(
    fields: impl Iterator<Item = &'static crate::system::schema::Field>,
) -> serde_json::Value {
    use crate::system::schema::{Kind, set};
    use serde_json::{Value, json};
    let mut block = json!({});
    for field in fields {
        let value = match field.kind {
            Kind::Whole { only: [first, ..], .. } => json!(first),
            Kind::Whole { min, max, .. } | Kind::Track { min, max } => json!(1.clamp(min, max)),
            Kind::Text { .. } => json!("x"),
            Kind::Dice => json!("2d6"),
            Kind::Flag => json!(true),
            Kind::Choice(options) => json!(options[0].0),
            Kind::Words => json!(["x"]),
            Kind::List { item, .. } => Value::Array(vec![full_block(item.iter())]),
        };
        set(&mut block, field.key, Some(value));
    }
    block
}

#[cfg(test)]
mod registry_tests {
    use super::*;

    #[test]
    fn the_registry_holds_every_procedure_once_in_menu_order_and_reads_each_id() {
        // Nothing else was asked first (a test runs in its own process under nextest): the
        // registry builds itself, and text reads as ids from then on.
        let registry = registry();
        let ids: Vec<&str> = registry.ids().map(SystemId::as_str).collect();
        assert_eq!(ids, ["freeform", "bdp", "murdham", "d12", "dr12", "sovereign", "skirmish"]);
        assert_eq!(registry.first().id(), "freeform");
        for system in registry.all() {
            assert_eq!(registry.parse(system.id().as_str()), Ok(system.id()));
            assert_eq!(SystemId::parse(system.id().as_str()), Ok(system.id()));
        }
        let e = registry.parse("chess").unwrap_err().to_string();
        assert!(e.starts_with("unknown system 'chess' (known: freeform, bdp, murdham"), "{e}");
    }

    #[test]
    fn each_procedure_with_rules_of_blows_and_rests_hands_both_over() {
        use crate::campaign::aftermath;
        use crate::recap::Tally;
        for system in registry().all() {
            let plain = ["freeform", "skirmish"].contains(&system.id().as_str());
            // Its own words, not the default's, when it hands its parts over.
            let tally = crate::recap::tally_of(*system).words();
            assert_eq!(tally == crate::recap::NoBlows.words(), plain, "{}: tally", system.id());
            let rests = aftermath::of(*system).recoveries();
            let plain_rests = aftermath::of(&freeform::Freeform).recoveries();
            assert_eq!(std::ptr::eq(rests, plain_rests), plain, "{}: rests", system.id());
            assert_eq!(system.parts().len(), if plain { 0 } else { 2 }, "{}", system.id());
        }
    }
}
