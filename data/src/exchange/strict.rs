//! JSON read strictly: a key given twice in one object (`"name": "Goblin", "name": "Orc"`) is
//! a mistake or a trick — JSON readers differ on which one wins — so it is found, with where
//! it stands, instead of the last one silently winning.

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::fmt;

/// A key given twice: the path of the object holding it (`creatures[0].block`, empty for the
/// top) and the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicate {
    /// Where the object stands.
    pub path: String,
    /// The key given twice.
    pub key: String,
}

/// Parses `text` as JSON (the last of a repeated key kept, as `serde_json` does) and lists
/// every key given twice, in the order met.
pub fn parse(text: &str) -> Result<(Value, Vec<Duplicate>), serde_json::Error> {
    let found = RefCell::new(Vec::new());
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Walk { path: String::new(), found: &found }.deserialize(&mut de)?;
    de.end()?;
    Ok((value, found.into_inner()))
}

/// Builds a value at `path`, noting repeated keys.
struct Walk<'a> {
    path: String,
    found: &'a RefCell<Vec<Duplicate>>,
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(Walk {
            path: format!("{}[{}]", self.path, items.len()),
            found: self.found,
        })? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let path =
                if self.path.is_empty() { key.clone() } else { format!("{}.{key}", self.path) };
            let value = map.next_value_seed(Walk { path, found: self.found })?;
            if out.insert(key.clone(), value).is_some() {
                self.found.borrow_mut().push(Duplicate { path: self.path.clone(), key });
            }
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_keys_are_found_where_they_stand() {
        let (v, found) = parse(
            r#"{"fray": 1, "creatures": [{"name": "Goblin", "name": "Orc",
                "block": {"tracks": {"hp": 3, "hp": 30}}}], "fray": 1}"#,
        )
        .unwrap();
        assert_eq!(v["creatures"][0]["name"], "Orc", "the last wins, as serde_json has it");
        let found: Vec<(&str, &str)> =
            found.iter().map(|d| (d.path.as_str(), d.key.as_str())).collect();
        assert_eq!(
            found,
            [("creatures[0]", "name"), ("creatures[0].block.tracks", "hp"), ("", "fray")]
        );
        let (same, none) = parse(r#"{"a": [1, 2.5, null, true, "x"], "b": {"a": 1}}"#).unwrap();
        assert!(none.is_empty());
        assert_eq!(
            same,
            serde_json::from_str::<Value>(r#"{"a": [1, 2.5, null, true, "x"], "b": {"a": 1}}"#)
                .unwrap()
        );
        assert!(parse("{} trailing").is_err());
    }
}
