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

/// The most repeated keys listed: past them a file is refused for them all the same, and
/// writing out where each stands would cost time in proportion to their number.
pub const MAX_LISTED: usize = 100;

/// Parses `text` as JSON (the last of a repeated key kept, as `serde_json` does) and lists
/// the keys given twice, in the order met (at most [`MAX_LISTED`]; the count says how many
/// in all).
///
/// Linear in the text: where a value stands is kept as a chain of links to its parents and
/// written out only for a repeated key, never copied for every value (a 250,000-character key
/// over a long array once made this quadratic).
pub fn parse(text: &str) -> Result<(Value, Vec<Duplicate>, usize), serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let read = parse_from(&mut de, text.len())?;
    de.end()?;
    Ok(read)
}

/// [`parse`] for any reader of a self-describing format (Fantasy Statblocks' YAML), into the
/// same JSON values. `size` is the text's length: the values built may hold at most twice as
/// many characters and values as it (plus a little), so a YAML alias that repeats a long
/// anchor many times is refused rather than copied out into gigabytes.
pub fn parse_from<'de, D: Deserializer<'de>>(
    d: D,
    size: usize,
) -> Result<(Value, Vec<Duplicate>, usize), D::Error> {
    let found = RefCell::new(Found { listed: Vec::new(), count: 0, left: 2 * size + 4096 });
    let value = Walk { at: None, found: &found }.deserialize(d)?;
    let found = found.into_inner();
    Ok((value, found.listed, found.count))
}

/// A value [`parse_each`] hands over.
pub enum Item {
    /// An element of the top-level list, read on its own.
    Element(Value),
    /// The whole value, when the top is not a list (one object).
    Whole(Value),
}

impl Item {
    /// The value, wherever it stood.
    pub fn value(&self) -> &Value {
        match self {
            Item::Element(v) | Item::Whole(v) => v,
        }
    }
}

/// [`parse_from`], a top-level list's elements handed to `each` one at a time, each with the
/// keys given twice inside it (those listed), so it can be read and dropped before the next
/// is built: at the import's cap the values of a whole file took four times the file's text.
/// Anything else at the top is built whole and handed over once. Returns how many keys were
/// given twice in all.
pub fn parse_each<'de, D: Deserializer<'de>>(
    d: D,
    size: usize,
    each: &mut dyn FnMut(Item, &[Duplicate]),
) -> Result<usize, D::Error> {
    parse_each_within(d, &mut (2 * size + 4096), each)
}

/// [`parse_each`] building at most `left` characters and values, less what it built: the
/// pieces of one text read apart share the text's allowance.
pub fn parse_each_within<'de, D: Deserializer<'de>>(
    d: D,
    left: &mut usize,
    each: &mut dyn FnMut(Item, &[Duplicate]),
) -> Result<usize, D::Error> {
    let found = RefCell::new(Found { listed: Vec::new(), count: 0, left: *left });
    d.deserialize_any(Each { found: &found, each })?;
    let found = found.into_inner();
    *left = found.left;
    Ok(found.count)
}

/// The top of a [`parse_each`]: a list is walked element by element, anything else built whole.
struct Each<'a> {
    found: &'a RefCell<Found>,
    each: &'a mut dyn FnMut(Item, &[Duplicate]),
}

impl Each<'_> {
    fn whole<E>(self, value: Result<Value, E>) -> Result<(), E> {
        let value = value?;
        let twice = self.found.borrow().listed.clone();
        (self.each)(Item::Whole(value), &twice);
        Ok(())
    }

    fn walk(&self) -> Walk<'_> {
        Walk { at: None, found: self.found }
    }
}

impl<'de> Visitor<'de> for Each<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<(), E> {
        let value = self.walk().visit_bool(v);
        self.whole(value)
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<(), E> {
        let value = self.walk().visit_i64(v);
        self.whole(value)
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<(), E> {
        let value = self.walk().visit_u64(v);
        self.whole(value)
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<(), E> {
        let value = self.walk().visit_f64(v);
        self.whole(value)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<(), E> {
        let value = self.walk().visit_str(v);
        self.whole(value)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        let value = self.walk().visit_unit();
        self.whole(value)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<(), E> {
        let value = self.walk().visit_none();
        self.whole(value)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let value = self.walk().visit_map(map);
        self.whole(value)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        spend::<A::Error>(self.found, 0)?;
        for i in 0.. {
            let before = self.found.borrow().listed.len();
            let step = Step { parent: None, part: Part::Index(i) };
            let Some(value) = seq.next_element_seed(Walk { at: Some(&step), found: self.found })?
            else {
                break;
            };
            let twice = self.found.borrow().listed[before..].to_vec();
            (self.each)(Item::Element(value), &twice);
        }
        Ok(())
    }
}

/// What a walk finds besides the value: the repeated keys listed, their count, and how much
/// more it may build.
struct Found {
    listed: Vec<Duplicate>,
    count: usize,
    left: usize,
}

/// What a value costs against [`Found::left`]: one, and its characters for a text.
fn spend<E: serde::de::Error>(found: &RefCell<Found>, characters: usize) -> Result<(), E> {
    let mut found = found.borrow_mut();
    match found.left.checked_sub(1 + characters) {
        Some(left) => {
            found.left = left;
            Ok(())
        }
        None => Err(E::custom(
            "holds more than twice its own size once its aliases are repeated out (an alias bomb?)",
        )),
    }
}

/// One step of the way from the top to a value: a key of an object or an index of an array,
/// after its parent's steps.
struct Step<'a> {
    parent: Option<&'a Step<'a>>,
    part: Part<'a>,
}

enum Part<'a> {
    Key(&'a str),
    Index(usize),
}

/// The path of `at` as messages write it (`creatures[0].block`; empty for the top).
fn path_of(at: Option<&Step<'_>>) -> String {
    let mut steps = Vec::new();
    let mut next = at;
    while let Some(step) = next {
        steps.push(step);
        next = step.parent;
    }
    let mut out = String::new();
    for step in steps.into_iter().rev() {
        match step.part {
            Part::Key(key) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Part::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Builds a value standing at `at`, noting repeated keys (the listed ones, and how many).
struct Walk<'a> {
    at: Option<&'a Step<'a>>,
    found: &'a RefCell<Found>,
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

    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Value, E> {
        spend::<E>(self.found, 0)?;
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Value, E> {
        spend::<E>(self.found, 0)?;
        Ok(Value::from(v))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Value, E> {
        spend::<E>(self.found, 0)?;
        Ok(Value::from(v))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Value, E> {
        spend::<E>(self.found, 0)?;
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Value, E> {
        spend::<E>(self.found, v.len())?;
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Value, E> {
        spend::<E>(self.found, v.len())?;
        Ok(Value::String(v))
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Value, E> {
        spend::<E>(self.found, 0)?;
        Ok(Value::Null)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Value, E> {
        spend::<E>(self.found, 0)?;
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        spend::<A::Error>(self.found, 0)?;
        let mut items = Vec::new();
        loop {
            let step = Step { parent: self.at, part: Part::Index(items.len()) };
            match seq.next_element_seed(Walk { at: Some(&step), found: self.found })? {
                Some(v) => items.push(v),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        spend::<A::Error>(self.found, 0)?;
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            spend::<A::Error>(self.found, key.len())?;
            let step = Step { parent: self.at, part: Part::Key(&key) };
            let value = map.next_value_seed(Walk { at: Some(&step), found: self.found })?;
            if out.contains_key(&key) {
                let mut found = self.found.borrow_mut();
                found.count += 1;
                if found.listed.len() < MAX_LISTED {
                    found.listed.push(Duplicate { path: path_of(self.at), key: key.clone() });
                }
            }
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_keys_are_found_where_they_stand() {
        let (v, found, count) = parse(
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
        assert_eq!(count, 3);
        let (same, none, _) = parse(r#"{"a": [1, 2.5, null, true, "x"], "b": {"a": 1}}"#).unwrap();
        assert!(none.is_empty());
        assert_eq!(
            same,
            serde_json::from_str::<Value>(r#"{"a": [1, 2.5, null, true, "x"], "b": {"a": 1}}"#)
                .unwrap()
        );
        assert!(parse("{} trailing").is_err());
    }
}

#[cfg(test)]
mod bounds {
    use super::{MAX_LISTED, parse};

    #[test]
    fn a_long_key_over_a_long_array_is_read_once_not_per_element() {
        // The path is written out only for a repeated key: here the one under the long key.
        let key = "k".repeat(100_000);
        let items = ["{\"a\":1,\"a\":2}"; 3];
        let text = format!("{{\"{key}\": [{}]}}", items.join(","));
        let (_, found, count) = parse(&text).unwrap();
        assert_eq!(count, 3);
        assert_eq!(found[2].path, format!("{key}[2]"));
        assert_eq!(found[2].key, "a");
    }

    #[test]
    fn repeated_keys_past_the_listed_ones_are_counted() {
        let objects = vec!["{\"a\":1,\"a\":2}"; MAX_LISTED + 50];
        let (_, found, count) = parse(&format!("[{}]", objects.join(","))).unwrap();
        assert_eq!((found.len(), count), (MAX_LISTED, MAX_LISTED + 50));
        assert_eq!(found[0].path, "[0]");
    }
}
