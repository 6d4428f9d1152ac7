//! The one reading of a combatant's stat block every procedure shares: its own typed view of
//! the JSON (a missing block reads as the default), a malformed one refused naming the
//! combatant and the field; and the shared stats and tracks, 0 when missing.

use super::RuleError;
use crate::encounter::Combatant;
use serde::de::DeserializeOwned;

/// Reads the block of `name` (a combatant or a library entry) as the procedure's type `T`; an
/// empty block is `T::default()`.
pub fn read_block<T: DeserializeOwned + Default>(
    name: &str,
    block: &serde_json::Value,
) -> Result<T, RuleError> {
    if block.is_null() {
        return Ok(T::default());
    }
    T::deserialize(block).map_err(|e| RuleError::Invalid(format!("{name}'s stat block: {e}")))
}

/// A stat, 0 when missing.
pub fn stat(c: &Combatant, name: &str) -> i64 {
    c.stat(name).unwrap_or(0)
}

/// A track's current value, 0 when missing.
pub fn track(c: &Combatant, name: &str) -> i64 {
    c.track(name).map_or(0, |t| t.value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Default, PartialEq, Deserialize)]
    struct Block {
        #[serde(default)]
        level: i64,
    }

    #[test]
    fn a_block_reads_or_names_the_combatant_and_field() {
        assert_eq!(read_block::<Block>("Rat", &json!(null)).unwrap(), Block::default());
        assert_eq!(read_block::<Block>("Rat", &json!({"level": 2})).unwrap().level, 2);
        let err = read_block::<Block>("Rat", &json!({"level": "two"})).unwrap_err().to_string();
        assert!(err.starts_with("Rat's stat block: invalid type: string \"two\""), "{err}");
    }
}
