//! A procedure's own values as the core holds them, without knowing their types.
//!
//! The core's `Command`, `EventKind` and procedure state each keep a procedure's own command,
//! fact or state behind one variant whose type the core never names: an [`Own`] (the
//! procedure's id and the value), and the procedure turns it back into its own type by
//! downcasting. So the procedures depend on the core and never the other way; which ids
//! exist is known only at run time, from the list the registry hands over as it is built
//! (`systems::registry`).
//!
//! They are written as they always were: `{"type": "<id>", …the value's own fields}`.
//!
//! This module sits under the encounter, its commands and facts, so it cannot name the
//! procedures' trait (`system::System`, which names all three): what those layers need of a
//! procedure — its id, reading its values back, its state's emptiness and folding its facts
//! into that state — is the [`Kind`] every procedure also is, handed over here when the
//! registry is built. This list is the one the core keeps, and only to read text as an id
//! (serde meets an id with no registry to ask); whoever lists procedures asks the registry.

use serde::{Serialize, Serializer};
use std::any::Any;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// What the layers under the rules know of a procedure. Every procedure is one
/// (`system::System` extends it, and one blanket impl gives it to every procedure).
pub trait Kind: Send + Sync + 'static {
    /// The procedure's id (written as its text).
    fn id(&self) -> SystemId;
    /// The procedure as the rules meet it: `system` downcasts it (this layer cannot name the
    /// rules' trait, so it holds the handle without knowing its type).
    fn system_any(&self) -> &'static dyn Any;
    /// Whether a round of it has the phase `id` (a stored encounter's phase is checked).
    fn has_phase(&self, id: &str) -> bool;
    /// Its state before anything happened.
    fn fresh(&self) -> Arc<dyn OwnValue>;
    /// Whether `state`, one of this procedure's, keeps nothing.
    fn state_is_empty(&self, state: &dyn OwnValue) -> bool;
    /// One of its own facts folded into its state (nothing when the state or the fact is
    /// another procedure's).
    fn apply_own(&self, state: &mut dyn OwnValue, event: &Own);
    /// One of its own commands, read from its written fields (without `type`).
    fn read_command(&self, value: serde_json::Value) -> serde_json::Result<Own>;
    /// One of its own facts, read from its written fields (without `type`).
    fn read_event(&self, value: serde_json::Value) -> serde_json::Result<Own>;
    /// Its state, read as written under its key.
    fn read_state(&self, value: serde_json::Value) -> serde_json::Result<Box<dyn OwnValue>>;
}

/// The procedures as this layer knows them, handed over once as the registry is built.
static KINDS: OnceLock<Vec<&'static dyn Kind>> = OnceLock::new();

/// Makes `kinds` the procedures this layer knows (only the first call counts: the registry
/// is built once).
pub(crate) fn install(kinds: Vec<&'static dyn Kind>) {
    KINDS.get_or_init(|| kinds);
}

/// The id of a registered procedure: what an encounter, a library entry, a company or a
/// stored row says it belongs to. Only text naming a procedure the registry holds becomes one
/// ([`SystemId::parse`], and reading one with serde), so an unknown id is refused with its
/// name where the text is read and no look-up past that point can miss. Written as its text
/// (`"<id>"`), as ids always were.
#[derive(Clone, Copy)]
pub struct SystemId {
    text: &'static str,
    kind: &'static dyn Kind,
}

impl SystemId {
    /// The id of the procedure `kind`, whose id text is `text`: only a procedure names itself
    /// (`Procedure::ID`, through the blanket `Kind` impl and `own_types!`).
    pub(crate) const fn of_procedure(text: &'static str, kind: &'static dyn Kind) -> Self {
        SystemId { text, kind }
    }

    /// The registered procedure `text` names, or the error that names the unknown id.
    pub fn parse(text: &str) -> Result<Self, UnknownSystem> {
        kind(text).map(Kind::id).ok_or_else(|| UnknownSystem(text.to_owned()))
    }

    /// The id as written.
    pub fn as_str(self) -> &'static str {
        self.text
    }

    /// The procedure, as the layers under the rules know it (`SystemId::system` gives it as
    /// the rules meet it).
    pub fn kind(self) -> &'static dyn Kind {
        self.kind
    }
}

impl PartialEq for SystemId {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for SystemId {}

impl PartialEq<str> for SystemId {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for SystemId {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl PartialOrd for SystemId {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SystemId {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.text.cmp(other.text)
    }
}

impl std::hash::Hash for SystemId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

/// Printed as its text, quoted, as the `String` it replaced was.
impl fmt::Debug for SystemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.text, f)
    }
}

impl fmt::Display for SystemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl AsRef<str> for SystemId {
    fn as_ref(&self) -> &str {
        self.text
    }
}

impl std::str::FromStr for SystemId {
    type Err = UnknownSystem;

    fn from_str(text: &str) -> Result<Self, UnknownSystem> {
        SystemId::parse(text)
    }
}

impl Serialize for SystemId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.text)
    }
}

/// Read from its text; an id no registered procedure has is refused with its name.
impl<'de> serde::Deserialize<'de> for SystemId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        SystemId::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// An id no registered procedure has: refused with its name, never read as another one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown system '{0}' (known: {list})", list = known_ids())]
pub struct UnknownSystem(pub String);

/// The ids of every registered procedure, for a message.
fn known_ids() -> String {
    match KINDS.get() {
        Some(kinds) if !kinds.is_empty() => {
            kinds.iter().map(|k| k.id().as_str()).collect::<Vec<_>>().join(", ")
        }
        _ => "none: the procedures' registry has not been built (`systems::registry`)".to_owned(),
    }
}

/// A procedure by id, as this layer knows it (none before the registry is built): for a
/// reader that tells a procedure's key from other keys (a tagged value's `type`, a stored
/// encounter's fields). Text that must name a procedure is read with [`SystemId::parse`].
pub(crate) fn kind(id: &str) -> Option<&'static dyn Kind> {
    KINDS.get()?.iter().copied().find(|k| k.id() == id)
}

/// A value a procedure keeps inside the core's types: anything it can copy, compare, print
/// and write. Implemented for every such type; the core sees only this.
pub trait OwnValue: Any + fmt::Debug + Send + Sync {
    /// A copy, boxed.
    fn clone_box(&self) -> Box<dyn OwnValue>;
    /// Whether `other` is a value of the same type and equal to this one.
    fn eq_dyn(&self, other: &dyn OwnValue) -> bool;
    /// The value, to downcast.
    fn as_any(&self) -> &dyn Any;
    /// The value, to downcast and change.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// The value itself, to downcast and keep.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    /// The value, to write with any serializer.
    fn as_serialize(&self) -> &dyn erased_serde::Serialize;
}

impl<T> OwnValue for T
where
    T: Any + fmt::Debug + Clone + PartialEq + Serialize + Send + Sync,
{
    fn clone_box(&self) -> Box<dyn OwnValue> {
        Box::new(self.clone())
    }

    fn eq_dyn(&self, other: &dyn OwnValue) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }

    fn as_serialize(&self) -> &dyn erased_serde::Serialize {
        self
    }
}

/// One procedure's own command or fact, in the core's `Command` or `EventKind`: the
/// procedure's id and the value.
pub struct Own {
    procedure: SystemId,
    value: Box<dyn OwnValue>,
}

impl Own {
    /// `value`, of the procedure `procedure` (its id).
    pub fn new(procedure: SystemId, value: impl OwnValue) -> Self {
        Own { procedure, value: Box::new(value) }
    }

    /// The value as the procedure `T` wrote it, read back from `value`.
    pub fn read<T: OwnValue + serde::de::DeserializeOwned>(
        procedure: SystemId,
        value: serde_json::Value,
    ) -> serde_json::Result<Self> {
        Ok(Own::new(procedure, serde_json::from_value::<T>(value)?))
    }

    /// The id of the procedure it belongs to.
    pub fn procedure(&self) -> SystemId {
        self.procedure
    }

    /// The value, when it is a `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.value.as_any().downcast_ref()
    }

    /// The value itself when it is a `T` (moved, not copied); else this, unchanged.
    pub fn take<T: Any>(self) -> Result<T, Own> {
        if !self.value.as_any().is::<T>() {
            return Err(self);
        }
        match self.value.into_any().downcast::<T>() {
            Ok(value) => Ok(*value),
            Err(_) => unreachable!("the value was just found to be a T"),
        }
    }
}

impl Clone for Own {
    fn clone(&self) -> Self {
        Own { procedure: self.procedure, value: self.value.clone_box() }
    }
}

impl PartialEq for Own {
    fn eq(&self, other: &Self) -> bool {
        self.procedure == other.procedure && self.value.eq_dyn(&*other.value)
    }
}

/// Printed as the value itself (`Attack { … }`), the way the procedure prints it.
impl fmt::Debug for Own {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

/// Written `{"type": "<id>", …}`: the id first, then the value's own fields, as the core's
/// tagged enums always wrote a procedure's variant.
impl Serialize for Own {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Tagged<'a> {
            #[serde(rename = "type")]
            procedure: &'static str,
            #[serde(flatten)]
            value: &'a dyn erased_serde::Serialize,
        }
        Tagged { procedure: self.procedure.as_str(), value: self.value.as_serialize() }
            .serialize(serializer)
    }
}

/// Reads a core enum written `{"type": …}` whose variants are the core's own (derived, as
/// `core`) plus one [`Own`] for whichever procedure's id `type` names (`own`): the procedure's
/// id goes to the procedure, anything else to the core's variants, so a core variant's error
/// keeps its words.
pub(crate) fn read_tagged<'de, D, T>(
    deserializer: D,
    own: impl FnOnce(&'static dyn Kind, serde_json::Value) -> serde_json::Result<T>,
    core: impl FnOnce(serde_json::Value) -> serde_json::Result<T>,
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
{
    use serde::Deserialize;
    use serde::de::Error;
    let mut value = serde_json::Value::deserialize(deserializer)?;
    let procedure = value.get("type").and_then(serde_json::Value::as_str).and_then(kind);
    let read = match (procedure, value.as_object_mut()) {
        (Some(procedure), Some(fields)) => {
            fields.remove("type");
            own(procedure, value)
        }
        _ => core(value),
    };
    read.map_err(D::Error::custom)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, Serialize)]
    #[serde(tag = "step", rename_all = "snake_case")]
    enum Step {
        Strike { by: u32 },
        Rest,
    }

    /// A registered procedure's id, to hold made-up values under.
    fn id(text: &str) -> SystemId {
        crate::systems::registry().parse(text).unwrap()
    }

    #[test]
    fn an_own_value_is_written_with_its_procedure_id_first_then_its_own_fields() {
        let strike = Own::new(id("bdp"), Step::Strike { by: 3 });
        assert_eq!(
            serde_json::to_string(&strike).unwrap(),
            r#"{"type":"bdp","step":"strike","by":3}"#
        );
        let rest = Own::new(id("bdp"), Step::Rest);
        assert_eq!(serde_json::to_string(&rest).unwrap(), r#"{"type":"bdp","step":"rest"}"#);
    }

    #[test]
    fn an_id_reads_only_as_a_registered_procedure_and_writes_as_its_text() {
        // Text (and serde) reads the ids the registry handed over as it was built.
        let bdp = id("bdp");
        assert_eq!((bdp.as_str(), bdp.kind().id()), ("bdp", bdp));
        assert_eq!(serde_json::to_string(&bdp).unwrap(), r#""bdp""#);
        assert_eq!(serde_json::from_str::<SystemId>(r#""bdp""#).unwrap(), bdp);
        assert_eq!(format!("{bdp} {bdp:?}"), r#"bdp "bdp""#);
        for unknown in ["chess", "", "BDP", " bdp"] {
            let e = SystemId::parse(unknown).unwrap_err().to_string();
            assert!(e.starts_with(&format!("unknown system '{unknown}' (known: ")), "{e}");
            let json = serde_json::to_string(unknown).unwrap();
            let e = serde_json::from_str::<SystemId>(&json).unwrap_err().to_string();
            assert!(e.starts_with(&format!("unknown system '{unknown}'")), "{e}");
        }
    }

    #[test]
    fn own_values_compare_by_procedure_type_and_value() {
        let a = Own::new(id("bdp"), Step::Rest);
        assert_eq!(a, a.clone());
        assert_ne!(a, Own::new(id("d12"), Step::Rest), "another procedure's");
        assert_ne!(a, Own::new(id("bdp"), Step::Strike { by: 1 }));
        assert_ne!(a, Own::new(id("bdp"), 1_u32), "another type");
        assert_eq!(a.get::<Step>(), Some(&Step::Rest));
        assert_eq!(a.get::<u32>(), None);
        assert_eq!(format!("{a:?}"), "Rest");
    }
}
