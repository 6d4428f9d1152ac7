//! A combatant's stat block: the system's JSON, with the system's typed reading of it
//! remembered. Procedures read a block many times a command (every prompt option asks what
//! a combatant wields); parsing the JSON each time was most of a simulated fight's cost.
//! Any change to the JSON (through `DerefMut`) forgets the reading, so it never goes stale.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::any::Any;
use std::sync::{Arc, OnceLock};

/// The JSON of a stat block and its remembered typed reading. The JSON is shared between
/// copies until one changes it: a combatant is copied whenever a command changes it (a hit,
/// a condition), and the block almost never changes.
#[derive(Default)]
pub struct Block {
    value: Arc<serde_json::Value>,
    read: OnceLock<Arc<dyn Any + Send + Sync>>,
}

impl Block {
    /// The block read as `T` by `read`, remembered after the first success and shared, not
    /// copied (a failure is not remembered: it is rare and its message names the combatant).
    pub fn shared<T, E>(
        &self,
        read: impl FnOnce(&serde_json::Value) -> Result<T, E>,
    ) -> Result<Arc<T>, E>
    where
        T: Send + Sync + 'static,
    {
        if let Some(known) = self.read.get().and_then(|r| Arc::clone(r).downcast::<T>().ok()) {
            return Ok(known);
        }
        let fresh = Arc::new(read(&self.value)?);
        // Another type may already be remembered (a block read by two procedures' readers):
        // then this one is simply not kept.
        let _ = self.read.set(fresh.clone());
        Ok(fresh)
    }

    /// The JSON itself.
    pub fn into_value(self) -> serde_json::Value {
        Arc::unwrap_or_clone(self.value)
    }
}

impl std::ops::Deref for Block {
    type Target = serde_json::Value;

    fn deref(&self) -> &serde_json::Value {
        &self.value
    }
}

impl std::ops::DerefMut for Block {
    fn deref_mut(&mut self) -> &mut serde_json::Value {
        self.read = OnceLock::new();
        Arc::make_mut(&mut self.value)
    }
}

impl Clone for Block {
    fn clone(&self) -> Self {
        let read = OnceLock::new();
        if let Some(known) = self.read.get() {
            let _ = read.set(Arc::clone(known));
        }
        Block { value: Arc::clone(&self.value), read }
    }
}

impl PartialEq for Block {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl PartialEq<serde_json::Value> for Block {
    fn eq(&self, other: &serde_json::Value) -> bool {
        *self.value == *other
    }
}

impl std::fmt::Debug for Block {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.value.fmt(f)
    }
}

impl From<serde_json::Value> for Block {
    fn from(value: serde_json::Value) -> Self {
        Block { value: Arc::new(value), read: OnceLock::new() }
    }
}

impl Serialize for Block {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Block {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(d).map(Block::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn level(v: &serde_json::Value) -> Result<i64, String> {
        v["level"].as_i64().ok_or_else(|| "no level".to_owned())
    }

    #[test]
    fn a_change_forgets_the_reading() {
        let mut b = Block::from(json!({"level": 2}));
        assert_eq!(b.shared(level).as_deref(), Ok(&2));
        b["level"] = json!(5);
        assert_eq!(b.shared(level).as_deref(), Ok(&5));
        *b = json!({});
        assert_eq!(b.shared(level).as_deref(), Err(&"no level".to_owned()));
    }

    #[test]
    fn a_copy_keeps_the_reading_and_changes_apart() {
        let a = Block::from(json!({"level": 2}));
        assert_eq!(a.shared(level).as_deref(), Ok(&2));
        let mut b = a.clone();
        b["level"] = json!(3);
        assert_eq!(a.shared(level).as_deref(), Ok(&2));
        assert_eq!(b.shared(level).as_deref(), Ok(&3));
        assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"level":2}"#);
    }
}
