//! JSON looked at without being built: whether a text is JSON at all, and the little of it that
//! tells which tool wrote it (the top's keys and the first creature). Telling a 20 MB file's
//! kind once built every value of it, a tree four times the text, only to be dropped.

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// What sniffing needs of a JSON text: the top-level keys of an object, each with a
/// placeholder of its value's kind, an Open5e page's first result and a list's first element
/// whole ([`Look::Head`]); `None` when the text is not one JSON value as
/// `serde_json::from_str::<Value>` takes it (the same syntax, numbers, escapes and nesting
/// limit).
pub(super) fn head(text: &str) -> Option<Value> {
    let mut de = serde_json::Deserializer::from_str(text);
    let head = Look::Head.deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(head)
}

/// Reads any value through `deserialize_any` (so a number is parsed and checked as a
/// `Value` would be, which `IgnoredAny` skips), keeping nothing.
struct Skip;

impl<'de> DeserializeSeed<'de> for Skip {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Skip {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Skip)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map.next_key_seed(Skip)?.is_some() {
            map.next_value_seed(Skip)?;
        }
        Ok(())
    }
}

/// How much of a value sniffing keeps.
#[derive(Clone, Copy)]
enum Look {
    /// Its kind with nothing inside: an empty object, list or text, zero, the same bool.
    Shape,
    /// A list's first element whole, the rest skipped; anything else as its shape.
    First,
    /// The top of a file: a list as [`Look::First`]; an object's keys, each with its value's
    /// shape, but for `results` (Open5e's page), whose first result tells the kind.
    Head,
}

impl<'de> DeserializeSeed<'de> for Look {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Look {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, _: i64) -> Result<Value, E> {
        Ok(Value::from(0))
    }

    fn visit_u64<E>(self, _: u64) -> Result<Value, E> {
        Ok(Value::from(0))
    }

    fn visit_f64<E>(self, _: f64) -> Result<Value, E> {
        Ok(Value::from(0))
    }

    fn visit_str<E>(self, _: &str) -> Result<Value, E> {
        Ok(Value::String(String::new()))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let first: Option<Value> = match self {
            Look::Shape => None,
            Look::First | Look::Head => seq.next_element()?,
        };
        Skip.visit_seq(seq)?;
        Ok(Value::Array(first.into_iter().collect()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        if !matches!(self, Look::Head) {
            Skip.visit_map(map)?;
            return Ok(Value::Object(out));
        }
        while let Some(key) = map.next_key::<String>()? {
            let look = if key == "results" { Look::First } else { Look::Shape };
            out.insert(key, map.next_value_seed(look)?);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_keeps_what_tells_the_kind_and_nothing_else() {
        let text = r#"{"name": "Troll", "type": "npc", "system": {"hp": {"max": 6}}, "n": 1.5,
                      "results": [{"name": "Orc", "hit_points": 15}, {"name": "Ogre"}]}"#;
        assert_eq!(
            head(text).unwrap(),
            serde_json::json!({"name": "", "type": "", "system": {}, "n": 0,
                               "results": [{"name": "Orc", "hit_points": 15}]})
        );
        assert_eq!(head("[1, [2, 3], {\"a\": 4}]").unwrap(), serde_json::json!([1]));
        assert_eq!(head("[]").unwrap(), serde_json::json!([]));
    }

    #[test]
    fn json_is_told_as_serde_json_takes_it() {
        for (text, json) in [
            ("[1, {\"a\": [true, null, \"x\\u00e9\"]}]", true),
            ("{\"a\": 1e400}", false),
            ("[NaN]", false),
            ("{} {}", false),
            ("{\"a\": 1,}", false),
        ] {
            assert_eq!(head(text).is_some(), json, "{text}");
            assert_eq!(serde_json::from_str::<Value>(text).is_ok(), json, "{text}");
        }
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(head(&deep).is_none(), "the same nesting limit");
    }
}
