//! A procedure's own values as the core holds them, without knowing their types.
//!
//! The core's `Command`, `EventKind` and procedure state each keep a procedure's own command,
//! fact or state behind one variant whose type the core never names: an [`Own`] (the
//! procedure's id and the value), and the procedure turns it back into its own type by
//! downcasting. So the procedures depend on the core and never the other way; which ids
//! exist is known only at run time, from the list installed in [`super::registry`].
//!
//! They are written as they always were: `{"type": "<id>", …the value's own fields}`.

use serde::{Serialize, Serializer};
use std::any::Any;
use std::fmt;

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

    fn as_serialize(&self) -> &dyn erased_serde::Serialize {
        self
    }
}

/// One procedure's own command or fact, in the core's `Command` or `EventKind`: the
/// procedure's id and the value.
pub struct Own {
    procedure: &'static str,
    value: Box<dyn OwnValue>,
}

impl Own {
    /// `value`, of the procedure `procedure` (its id).
    pub fn new(procedure: &'static str, value: impl OwnValue) -> Self {
        Own { procedure, value: Box::new(value) }
    }

    /// The id of the procedure it belongs to.
    pub fn procedure(&self) -> &'static str {
        self.procedure
    }

    /// The value, when it is a `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.value.as_any().downcast_ref()
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
        Tagged { procedure: self.procedure, value: self.value.as_serialize() }.serialize(serializer)
    }
}

/// Reads a core enum written `{"type": …}` whose variants are the core's own (derived, as
/// `core`) plus one [`Own`] for whichever procedure's id `type` names (`own`): the procedure's
/// id goes to the procedure, anything else to the core's variants, so a core variant's error
/// keeps its words.
pub(crate) fn read_tagged<'de, D, T>(
    deserializer: D,
    own: impl FnOnce(&'static dyn super::System, serde_json::Value) -> serde_json::Result<T>,
    core: impl FnOnce(serde_json::Value) -> serde_json::Result<T>,
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
{
    use serde::Deserialize;
    use serde::de::Error;
    let mut value = serde_json::Value::deserialize(deserializer)?;
    let procedure = value.get("type").and_then(serde_json::Value::as_str).and_then(super::by_id);
    let read = match (procedure, value.as_object_mut()) {
        (Some(procedure), Some(fields)) => {
            fields.remove("type");
            own(procedure, value)
        }
        _ => core(value),
    };
    read.map_err(D::Error::custom)
}

/// Says whose its own types are, in a procedure's module: `own_types!(Proc: ProcCommand,
/// ProcEvent, ProcState => accessor)` makes the command and fact types the procedure's (so
/// `.into()` makes them the core's) and gives the encounter `enc.accessor()`, the procedure's
/// state (empty on another procedure's encounter).
macro_rules! own_types {
    ($procedure:ident: $command:ty, $event:ty, $state:ty => $accessor:ident) => {
        impl $crate::command::OwnCommand for $command {
            type Of = $procedure;
        }

        impl $crate::event::OwnEvent for $event {
            type Of = $procedure;
        }

        impl $crate::encounter::Encounter {
            #[doc = concat!("What `", stringify!($procedure), "` keeps of the encounter.")]
            pub fn $accessor(&self) -> &$state {
                self.procedure.of::<$procedure>()
            }
        }
    };
}
pub(crate) use own_types;

/// The default `T`, one for the whole run (a generic `static`): what another procedure's
/// encounter keeps of a procedure's state. Made once per type, and only asked of an
/// encounter of another procedure.
pub(crate) fn empty<T: Any + Default + Send + Sync>() -> &'static T {
    use std::sync::{Mutex, PoisonError};
    static MADE: Mutex<Vec<&'static (dyn Any + Send + Sync)>> = Mutex::new(Vec::new());
    let mut made = MADE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(found) = made.iter().find_map(|one| one.downcast_ref::<T>()) {
        return found;
    }
    let fresh: &'static T = Box::leak(Box::new(T::default()));
    made.push(fresh);
    fresh
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

    #[test]
    fn an_own_value_is_written_with_its_procedure_id_first_then_its_own_fields() {
        let strike = Own::new("made_up", Step::Strike { by: 3 });
        assert_eq!(
            serde_json::to_string(&strike).unwrap(),
            r#"{"type":"made_up","step":"strike","by":3}"#
        );
        let rest = Own::new("made_up", Step::Rest);
        assert_eq!(serde_json::to_string(&rest).unwrap(), r#"{"type":"made_up","step":"rest"}"#);
    }

    #[test]
    fn own_values_compare_by_procedure_type_and_value() {
        let a = Own::new("made_up", Step::Rest);
        assert_eq!(a, a.clone());
        assert_ne!(a, Own::new("other", Step::Rest), "another procedure's");
        assert_ne!(a, Own::new("made_up", Step::Strike { by: 1 }));
        assert_ne!(a, Own::new("made_up", 1_u32), "another type");
        assert_eq!(a.get::<Step>(), Some(&Step::Rest));
        assert_eq!(a.get::<u32>(), None);
        assert_eq!(format!("{a:?}"), "Rest");
    }
}
