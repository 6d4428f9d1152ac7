//! Stat-block schemas: each system says which fields its blocks (and character sheets) have,
//! their types, ranges, defaults and which are required. One editor renders any schema, the
//! CSV import maps columns onto it and the Markdown export prints it, so a new system gets all
//! three by declaring its schema.
//!
//! A block is JSON; a field names where it lives with a dotted key (`tracks.hp`,
//! `stats.armor`, `armour.value`). Keys the schema does not name are left untouched by every
//! edit: nothing the GM (or another tool) wrote is lost.

use crate::dice::Dice;
use serde_json::{Map, Value};

/// Which entries a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Creatures and characters.
    Both,
    /// Bestiary entries only.
    Creatures,
    /// Characters (sheets) only.
    Characters,
}

/// The type of a field, with its limits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// A whole number within `min..=max`; `only`, when not empty, lists the values allowed
    /// (a damage die: 4, 6, 8, 10, 12).
    Whole {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// The only values allowed, if restricted.
        only: &'static [i64],
    },
    /// A track (HP, STR...): written as its maximum (`7`) or as `{"value": 3, "max": 7}`;
    /// the editor edits the maximum and a fresh track starts full.
    Track {
        /// Smallest maximum.
        min: i64,
        /// Largest maximum.
        max: i64,
    },
    /// Free text (one line, or several when `multiline`).
    Text {
        /// Notes and descriptions.
        multiline: bool,
    },
    /// Dice notation (`2d8`, `d6+1`).
    Dice,
    /// On or off.
    Flag,
    /// One word of a fixed list: each stored word and its label.
    Choice(&'static [(&'static str, &'static str)]),
    /// A list of words (features, keywords, damage types), written as a JSON array.
    Words,
    /// A list of records (weapons, attacks, spells), each with its own fields.
    List {
        /// The fields of one item (keys relative to the item).
        item: &'static [Field],
        /// What one item is called ("weapon"), for buttons and messages.
        noun: &'static str,
    },
}

/// One field of a stat block.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Field {
    /// Where it lives in the block: a dotted key (`tracks.hp`).
    pub key: &'static str,
    /// The label the GM reads ("HP"). CSV headers match it (or the key).
    pub label: &'static str,
    /// One line of help, in our own words (empty for none).
    pub help: &'static str,
    /// Its type and limits.
    pub kind: Kind,
    /// Whether a block without it is refused.
    pub required: bool,
    /// The value a new block starts with (JSON text, e.g. `"10"`, `"\"fast\""`), if any.
    pub default: Option<&'static str>,
    /// Which entries have it.
    pub audience: Audience,
}

impl Field {
    /// A field of `kind`, optional, with no help or default, for creatures and characters.
    pub const fn new(key: &'static str, label: &'static str, kind: Kind) -> Field {
        Field {
            key,
            label,
            help: "",
            kind,
            required: false,
            default: None,
            audience: Audience::Both,
        }
    }

    /// The same field, required.
    #[must_use]
    pub const fn required(mut self) -> Field {
        self.required = true;
        self
    }

    /// The same field with a line of help.
    #[must_use]
    pub const fn help(mut self, help: &'static str) -> Field {
        self.help = help;
        self
    }

    /// The same field with a starting value (JSON text).
    #[must_use]
    pub const fn default(mut self, json: &'static str) -> Field {
        self.default = Some(json);
        self
    }

    /// The same field, for characters only.
    #[must_use]
    pub const fn characters(mut self) -> Field {
        self.audience = Audience::Characters;
        self
    }

    /// The same field, for creatures only.
    #[must_use]
    pub const fn creatures(mut self) -> Field {
        self.audience = Audience::Creatures;
        self
    }

    /// Whether the field belongs to a character sheet (`character`) or a creature block.
    pub fn applies(&self, character: bool) -> bool {
        match self.audience {
            Audience::Both => true,
            Audience::Creatures => !character,
            Audience::Characters => character,
        }
    }

    /// The default as JSON, if the field has one.
    pub fn default_value(&self) -> Option<Value> {
        self.default.map(|d| serde_json::from_str(d).expect("schema defaults are valid JSON"))
    }
}

/// A system's stat-block schema.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlockSchema {
    /// Every field, in the order the editor shows them.
    pub fields: &'static [Field],
}

/// A field that does not hold: where (`weapons[1].die`), its label and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldProblem {
    /// The field's path in the block (`tracks.hp`, `weapons[0].die`); empty for the block
    /// as a whole.
    pub path: String,
    /// The field's label ("Die"), or empty.
    pub label: String,
    /// What is wrong, in words.
    pub message: String,
}

impl std::fmt::Display for FieldProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.path.is_empty(), self.label.is_empty()) {
            (true, _) => write!(f, "{}", self.message),
            (false, true) => write!(f, "field '{}': {}", self.path, self.message),
            (false, false) => write!(f, "field '{}' ({}): {}", self.path, self.label, self.message),
        }
    }
}

impl BlockSchema {
    /// The fields of a character sheet (`character`) or a creature block.
    pub fn fields_for(&self, character: bool) -> impl Iterator<Item = &'static Field> + use<> {
        self.fields.iter().filter(move |f| f.applies(character))
    }

    /// A new block: every field with a default set to it.
    pub fn new_block(&self, character: bool) -> Value {
        let mut block = Value::Object(Map::new());
        for field in self.fields_for(character) {
            if let Some(value) = field.default_value() {
                set(&mut block, field.key, Some(value));
            }
        }
        block
    }

    /// Every field of `block` that does not hold (empty when the block is good).
    pub fn check(&self, block: &Value, character: bool) -> Vec<FieldProblem> {
        if !block.is_object() {
            return vec![FieldProblem {
                path: String::new(),
                label: String::new(),
                message: "a stat block must be a JSON object".into(),
            }];
        }
        let mut problems = Vec::new();
        check_fields(self.fields_for(character), block, "", &mut problems);
        problems.extend(long_texts(block, ""));
        problems
    }
}

/// The longest text any one field of a stat block may hold, in characters: a long
/// description with its lore runs to a few thousand; more is a mistake or a file built to
/// bloat the library (every search reads every text).
pub const MAX_TEXT_CHARS: usize = 20_000;

/// Every string anywhere in `value` (fields of the schema or kept unknown keys) longer than
/// [`MAX_TEXT_CHARS`], named by its path under `path`.
pub fn long_texts(value: &Value, path: &str) -> Vec<FieldProblem> {
    let mut problems = Vec::new();
    walk_texts(value, path, &mut problems);
    problems
}

fn walk_texts(value: &Value, path: &str, problems: &mut Vec<FieldProblem>) {
    match value {
        Value::String(text) => {
            let n = text.chars().count();
            if n > MAX_TEXT_CHARS {
                problems.push(FieldProblem {
                    path: path.to_owned(),
                    label: String::new(),
                    message: format!("is {n} characters long; at most {MAX_TEXT_CHARS}"),
                });
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk_texts(item, &format!("{path}[{i}]"), problems);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                let path = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                walk_texts(item, &path, problems);
            }
        }
        _ => {}
    }
}

fn check_fields<'a>(
    fields: impl Iterator<Item = &'a Field>,
    block: &Value,
    prefix: &str,
    problems: &mut Vec<FieldProblem>,
) {
    for field in fields {
        let path = format!("{prefix}{}", field.key);
        let problem = |message: String| FieldProblem {
            path: path.clone(),
            label: field.label.to_owned(),
            message,
        };
        match get(block, field.key) {
            None | Some(Value::Null) => {
                if field.required {
                    problems.push(problem("is required".into()));
                }
            }
            Some(value) => {
                if let Err(message) = field.kind.check(value) {
                    problems.push(problem(message));
                } else if let Kind::List { item, .. } = field.kind
                    && let Value::Array(items) = value
                {
                    for (i, v) in items.iter().enumerate() {
                        check_fields(item.iter(), v, &format!("{path}[{i}]."), problems);
                    }
                }
            }
        }
    }
}

impl Kind {
    /// Whether a stored value fits the kind; why not, in words.
    pub fn check(&self, value: &Value) -> Result<(), String> {
        match *self {
            Kind::Whole { min, max, only } => whole(value, min, max, only).map(|_| ()),
            Kind::Track { min, max } => match value {
                Value::Object(o) => {
                    let top = o.get("max").ok_or("a track needs its 'max'")?;
                    let top = whole(top, min, max, &[])?;
                    if let Some(v) = o.get("value") {
                        whole(v, i64::MIN, top, &[]).map_err(|e| format!("value: {e}"))?;
                    }
                    Ok(())
                }
                other => whole(other, min, max, &[]).map(|_| ()),
            },
            Kind::Text { .. } => match value {
                Value::String(_) => Ok(()),
                other => Err(format!("must be text, not {}", kind_of(other))),
            },
            Kind::Dice => match value {
                Value::String(s) => Dice::parse(s).map(|_| ()).map_err(|e| e.to_string()),
                other => Err(format!("must be dice like 2d6, not {}", kind_of(other))),
            },
            Kind::Flag => match value {
                Value::Bool(_) => Ok(()),
                other => Err(format!("must be true or false, not {}", kind_of(other))),
            },
            Kind::Choice(options) => match value {
                Value::String(s) if options.iter().any(|(w, _)| w == s) => Ok(()),
                Value::String(s) => Err(format!("'{s}' is not one of {}", words(options))),
                other => Err(format!("must be one of {}, not {}", words(options), kind_of(other))),
            },
            Kind::Words => match value {
                Value::Array(items) if items.iter().all(Value::is_string) => Ok(()),
                other => Err(format!("must be a list of words, not {}", kind_of(other))),
            },
            Kind::List { noun, .. } => match value {
                Value::Array(items) => match items.iter().position(|v| !v.is_object()) {
                    Some(i) => Err(format!("{noun} {} is not a record", i + 1)),
                    None => Ok(()),
                },
                other => Err(format!("must be a list of {noun}s, not {}", kind_of(other))),
            },
        }
    }

    /// What the GM typed (in the editor or a CSV cell) as the value to store: `None` for a
    /// blank, else the value or why it does not fit. Lists are not typed as text.
    pub fn parse_text(&self, text: &str) -> Result<Option<Value>, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(match self {
                Kind::Flag => Some(Value::Bool(false)),
                _ => None,
            });
        }
        let value = match *self {
            // A die's size (a whole number among a few): "d8" is typed as often as "8".
            Kind::Whole { only, .. } if !only.is_empty() && die_size(text).is_some() => {
                Value::from(die_size(text).unwrap_or_default())
            }
            Kind::Whole { .. } | Kind::Track { .. } => {
                let n: i64 = text.parse().map_err(|_| format!("'{text}' is not a whole number"))?;
                Value::from(n)
            }
            Kind::Text { .. } => Value::String(text.to_owned()),
            Kind::Dice => Value::String(text.to_owned()),
            Kind::Flag => match text.to_lowercase().as_str() {
                "true" | "yes" | "y" | "1" | "x" | "on" => Value::Bool(true),
                "false" | "no" | "n" | "0" | "off" | "-" => Value::Bool(false),
                _ => return Err(format!("'{text}' is not yes or no")),
            },
            Kind::Choice(options) => {
                let found = options
                    .iter()
                    .find(|(w, l)| w.eq_ignore_ascii_case(text) || l.eq_ignore_ascii_case(text));
                match found {
                    Some((w, _)) => Value::String((*w).to_owned()),
                    None => return Err(format!("'{text}' is not one of {}", words(options))),
                }
            }
            Kind::Words => Value::Array(
                text.split([',', ';'])
                    .map(str::trim)
                    .filter(|w| !w.is_empty())
                    .map(|w| Value::String(w.to_owned()))
                    .collect(),
            ),
            Kind::List { noun, .. } => {
                return Err(format!("{noun}s are not typed as one piece of text"));
            }
        };
        self.check(&value)?;
        Ok(Some(value))
    }

    /// A stored value as the GM reads and types it (`7` for a full track of 7, `fast`,
    /// `Mindless, Flying`); empty for none.
    pub fn show(&self, value: Option<&Value>) -> String {
        let Some(value) = value.filter(|v| !v.is_null()) else { return String::new() };
        match (self, value) {
            (Kind::Track { .. }, Value::Object(o)) => {
                o.get("max").map(show_scalar).unwrap_or_default()
            }
            (Kind::Choice(options), Value::String(s)) => options
                .iter()
                .find(|(w, _)| w == s)
                .map_or_else(|| s.clone(), |(_, l)| (*l).to_owned()),
            (Kind::Flag, Value::Bool(b)) => if *b { "yes" } else { "no" }.into(),
            (Kind::Words, Value::Array(items)) => {
                items.iter().map(show_scalar).collect::<Vec<_>>().join(", ")
            }
            (Kind::List { .. }, Value::Array(items)) => format!("{}", items.len()),
            (_, other) => show_scalar(other),
        }
    }
}

/// A number or string as plain text.
fn show_scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn whole(value: &Value, min: i64, max: i64, only: &[i64]) -> Result<i64, String> {
    let n = match value {
        Value::Number(n) => n.as_i64().ok_or_else(|| format!("{n} is not a whole number"))?,
        other => return Err(format!("must be a whole number, not {}", kind_of(other))),
    };
    if !only.is_empty() && !only.contains(&n) {
        let list: Vec<String> = only.iter().map(i64::to_string).collect();
        return Err(format!("must be one of {}, not {n}", list.join(", ")));
    }
    if n < min || n > max {
        return Err(match (min, max) {
            (i64::MIN, top) => format!("must be at most {top}, not {n}"),
            (low, i64::MAX) => format!("must be at least {low}, not {n}"),
            (low, top) => format!("must be between {low} and {top}, not {n}"),
        });
    }
    Ok(n)
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "nothing",
        Value::Bool(_) => "true/false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "a record",
    }
}

fn words(options: &[(&str, &str)]) -> String {
    options.iter().map(|(w, _)| *w).collect::<Vec<_>>().join(", ")
}

/// The value at a dotted key of a block, if any.
pub fn get<'a>(block: &'a Value, key: &str) -> Option<&'a Value> {
    key.split('.').try_fold(block, |v, part| v.as_object()?.get(part))
}

/// Sets (or with `None` removes) the value at a dotted key, creating records on the way. A
/// record left empty by a removal is removed too, so clearing "armour" leaves no `{}` behind.
pub fn set(block: &mut Value, key: &str, value: Option<Value>) {
    if !block.is_object() {
        *block = Value::Object(Map::new());
    }
    let (head, rest) = match key.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (key, None),
    };
    let map = block.as_object_mut().expect("made an object above");
    match (rest, value) {
        (None, Some(v)) => {
            map.insert(head.to_owned(), v);
        }
        (None, None) => {
            map.remove(head);
        }
        (Some(rest), Some(v)) => {
            let child = map.entry(head).or_insert_with(|| Value::Object(Map::new()));
            set(child, rest, Some(v));
        }
        (Some(rest), None) => {
            if let Some(child) = map.get_mut(head) {
                if child.is_object() {
                    set(child, rest, None);
                }
                if child.as_object().is_some_and(Map::is_empty) {
                    map.remove(head);
                }
            }
        }
    }
}

/// The size of a die typed as "d8" (or "D8").
fn die_size(text: &str) -> Option<i64> {
    text.strip_prefix(['d', 'D']).and_then(|n| n.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const WEAPON: &[Field] = &[
        Field::new("name", "Name", Kind::Text { multiline: false }).required(),
        Field::new("die", "Die", Kind::Whole { min: 4, max: 12, only: &[4, 6, 8, 10, 12] })
            .required(),
    ];
    const SCHEMA: BlockSchema = BlockSchema {
        fields: &[
            Field::new("tracks.hp", "HP", Kind::Track { min: 1, max: 99 }).required().default("4"),
            Field::new("stats.armor", "Armor", Kind::Whole { min: 0, max: 3, only: &[] }),
            Field::new("speed", "Speed", Kind::Choice(&[("fast", "Fast"), ("slow", "Slow")])),
            Field::new("weapons", "Weapons", Kind::List { item: WEAPON, noun: "weapon" }),
            Field::new("fatigue", "Fatigue", Kind::Whole { min: 0, max: 10, only: &[] })
                .characters(),
        ],
    };

    #[test]
    fn a_new_block_has_the_defaults() {
        assert_eq!(SCHEMA.new_block(false), json!({"tracks": {"hp": 4}}));
        assert_eq!(SCHEMA.fields_for(false).count(), 4);
        assert_eq!(SCHEMA.fields_for(true).count(), 5);
    }

    #[test]
    fn problems_name_the_path_and_the_reason() {
        let block = json!({
            "tracks": {"hp": {"value": 2, "max": 0}},
            "stats": {"armor": "two"},
            "speed": "quick",
            "weapons": [{"name": "Club", "die": 6}, {"die": 5}],
            "notes": "kept, unknown keys are not the schema's business",
        });
        let problems: Vec<String> =
            SCHEMA.check(&block, false).iter().map(|p| p.to_string()).collect();
        assert_eq!(
            problems,
            [
                "field 'tracks.hp' (HP): must be between 1 and 99, not 0",
                "field 'stats.armor' (Armor): must be a whole number, not text",
                "field 'speed' (Speed): 'quick' is not one of fast, slow",
                "field 'weapons[1].name' (Name): is required",
                "field 'weapons[1].die' (Die): must be one of 4, 6, 8, 10, 12, not 5",
            ]
        );
        assert_eq!(
            SCHEMA.check(&json!({}), false)[0].to_string(),
            "field 'tracks.hp' (HP): is required"
        );
        assert!(SCHEMA.check(&json!({"tracks": {"hp": 3}}), true).is_empty());
        assert_eq!(
            SCHEMA.check(&json!([]), false)[0].message,
            "a stat block must be a JSON object"
        );
    }

    #[test]
    fn a_damage_die_is_typed_as_d8_or_8() {
        let die = Kind::Whole { min: 4, max: 12, only: &[4, 6, 8, 10, 12] };
        assert_eq!(die.parse_text("d8"), Ok(Some(json!(8))));
        assert_eq!(die.parse_text(" D10 "), Ok(Some(json!(10))));
        assert_eq!(die.parse_text("8"), Ok(Some(json!(8))));
        assert_eq!(die.parse_text("d5"), Err("must be one of 4, 6, 8, 10, 12, not 5".into()));
        assert_eq!(die.parse_text("dx"), Err("'dx' is not a whole number".into()));
        // Not a die: a plain number stays a plain number.
        let armour = Kind::Whole { min: 0, max: 3, only: &[] };
        assert_eq!(armour.parse_text("d2"), Err("'d2' is not a whole number".into()));
    }

    #[test]
    fn typed_text_becomes_values() {
        let hp = Kind::Track { min: 1, max: 99 };
        assert_eq!(hp.parse_text(" 7 "), Ok(Some(json!(7))));
        assert_eq!(hp.parse_text("ten"), Err("'ten' is not a whole number".into()));
        assert_eq!(hp.parse_text("100"), Err("must be between 1 and 99, not 100".into()));
        assert_eq!(
            hp.parse_text("99999999999999999999"),
            Err("'99999999999999999999' is not a whole number".into())
        );
        assert_eq!(hp.parse_text(""), Ok(None));
        let speed = Kind::Choice(&[("fast", "Fast"), ("slow", "Slow")]);
        assert_eq!(speed.parse_text("SLOW"), Ok(Some(json!("slow"))));
        assert_eq!(
            Kind::Words.parse_text("Mindless, Flying;"),
            Ok(Some(json!(["Mindless", "Flying"])))
        );
        assert_eq!(Kind::Flag.parse_text("yes"), Ok(Some(json!(true))));
        assert_eq!(Kind::Flag.parse_text(""), Ok(Some(json!(false))));
        assert_eq!(Kind::Dice.parse_text("2d8"), Ok(Some(json!("2d8"))));
        assert!(Kind::Dice.parse_text("2x8").is_err());
        assert_eq!(hp.show(Some(&json!({"value": 2, "max": 7}))), "7");
        assert_eq!(speed.show(Some(&json!("fast"))), "Fast");
        assert_eq!(Kind::Words.show(Some(&json!(["a", "b"]))), "a, b");
    }

    #[test]
    fn set_and_get_walk_dotted_keys() {
        let mut block = json!({"notes": "x"});
        set(&mut block, "armour.value", Some(json!(2)));
        assert_eq!(get(&block, "armour.value"), Some(&json!(2)));
        set(&mut block, "armour.value", None);
        assert_eq!(block, json!({"notes": "x"}), "an emptied record goes too");
        set(&mut block, "tracks.hp", Some(json!(5)));
        set(&mut block, "tracks.str", Some(json!(9)));
        set(&mut block, "tracks.hp", None);
        assert_eq!(block, json!({"notes": "x", "tracks": {"str": 9}}));
    }
}
