//! The combat procedures, one module each. They share the building blocks in
//! [`crate::checks`], [`crate::space`] and [`crate::system::handle_common`].
//!
//! [`ALL`] is the one registration point: a procedure is its folder here and its line in that
//! list. The core never names a procedure: it meets them through the [`System`] trait, holds
//! their own values without knowing their types, and learns which exist from the list
//! [`install`] hands it. So the procedures depend on the core, never the other way.

use crate::campaign::Aftermath;
use crate::campaign::aftermath::{AFTERMATHS, Plain};
use crate::ids::SystemId;
use crate::recap::{NoBlows, TALLIES, Tally};
use crate::system::System;
use std::sync::OnceLock;

/// One procedure as it registers: its rules, and what each layer above the rules reads of it
/// (each of those layers holds its own list, filled from this one).
pub struct Registration {
    /// The procedure's rules.
    pub system: &'static dyn System,
    /// How the recap reads its blows.
    pub tally: &'static dyn Tally,
    /// What outlives its fights, and its rests.
    pub aftermath: &'static dyn Aftermath,
}

/// Every procedure Fray knows, in menu order (the tests add a sixth, made up).
pub static ALL: &[Registration] = &[
    Registration { system: &freeform::Freeform, tally: &NoBlows, aftermath: &Plain },
    Registration { system: &bdp::Bdp, tally: bdp::TALLY, aftermath: bdp::AFTERMATH },
    Registration {
        system: &murdham::Murdham,
        tally: murdham::TALLY,
        aftermath: murdham::AFTERMATH,
    },
    Registration { system: &d12::D12, tally: d12::TALLY, aftermath: d12::AFTERMATH },
    Registration { system: &dr12::Dr12, tally: dr12::TALLY, aftermath: dr12::AFTERMATH },
    Registration {
        system: &sovereign::Sovereign,
        tally: sovereign::TALLY,
        aftermath: sovereign::AFTERMATH,
    },
    #[cfg(test)]
    Registration { system: &skirmish::Skirmish, tally: &NoBlows, aftermath: &Plain },
];

/// Tells the core which procedures exist. Every program calls it once before reading or
/// running an encounter (the window, the CLI, the store on opening); calling it again
/// changes nothing.
pub fn install() {
    static SYSTEMS: OnceLock<Vec<&'static dyn System>> = OnceLock::new();
    let systems = SYSTEMS.get_or_init(|| ALL.iter().map(|r| r.system).collect());
    // The layers above the rules first: a reader that finds a procedure finds its parts.
    TALLIES.install(each(|r| r.tally));
    AFTERMATHS.install(each(|r| r.aftermath));
    crate::system::install(systems);
}

/// What every procedure hands over to one layer, by id.
fn each<T: ?Sized>(part: fn(&Registration) -> &'static T) -> Vec<(SystemId, &'static T)> {
    ALL.iter().map(|r| (r.system.id(), part(r))).collect()
}

pub mod bdp;
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
