//! The entry being edited: a copy of the stored one (or a new one), the text typed in each
//! field, and what does not hold yet. Nothing reaches the database until it is saved.

use crate::window::library_ops::{EntryRef, SavedEntry};
use fray_app::System;
use fray_app::ids::SystemId;
use fray_app::system::schema::{self, FieldProblem, Kind};
use fray_data::{Character, Creature};
use serde_json::Value;
use std::collections::HashMap;

/// An entry in the editor.
pub struct Draft {
    /// The stored entry, or `None` for a new one.
    pub target: Option<EntryRef>,
    /// A character sheet (true) or a creature block.
    pub character: bool,
    /// The system whose schema the block follows.
    pub system: &'static dyn System,
    /// The name when the editor opened (for the title).
    pub title: String,
    /// Name as typed.
    pub name: String,
    /// Tags as typed ("undead, pack").
    pub tags: String,
    /// Party as typed (characters).
    pub party: String,
    /// The block being edited; keys the schema does not name stay as they were.
    pub block: Value,
    /// The portrait as it will be saved (PNG).
    pub portrait: Option<Vec<u8>>,
    /// Whether the portrait was chosen or removed here.
    pub portrait_changed: bool,
    /// Why the last file chosen could not be a portrait.
    pub portrait_error: Option<String>,
    /// Whether anything changed since the editor opened.
    pub dirty: bool,
    /// Text typed per field path (`tracks.hp`, `weapons[1].die`).
    texts: HashMap<String, String>,
    /// Why typed text does not fit its field, per path.
    typing: HashMap<String, String>,
    /// The block's problems (schema, then system), refreshed after each edit.
    problems: Vec<FieldProblem>,
}

impl Draft {
    /// A new entry of `system` (its schema's defaults).
    pub fn new(system: SystemId, character: bool) -> Self {
        let system = system.system();
        let block = system.block_schema().new_block(character);
        Self::with(None, character, system, "", Vec::new(), None, block, None)
    }

    /// A copy of a stored creature, for editing.
    pub fn from_creature(c: &Creature, portrait: Option<Vec<u8>>) -> Self {
        let system = c.system.system();
        let target = Some(EntryRef::Creature(c.id));
        Self::with(target, false, system, &c.name, c.tags.clone(), None, c.block.clone(), portrait)
    }

    /// A copy of a stored character, for editing.
    pub fn from_character(c: &Character, portrait: Option<Vec<u8>>) -> Self {
        let system = c.system.system();
        let target = Some(EntryRef::Character(c.id));
        let (party, tags, sheet) = (c.party.clone(), c.tags.clone(), c.sheet.clone());
        Self::with(target, true, system, &c.name, tags, party, sheet, portrait)
    }

    #[allow(clippy::too_many_arguments)]
    fn with(
        target: Option<EntryRef>,
        character: bool,
        system: &'static dyn System,
        name: &str,
        tags: Vec<String>,
        party: Option<String>,
        block: Value,
        portrait: Option<Vec<u8>>,
    ) -> Self {
        let block = if block.is_object() { block } else { Value::Object(Default::default()) };
        let mut draft = Self {
            target,
            character,
            system,
            title: name.to_owned(),
            name: name.to_owned(),
            tags: tags.join(", "),
            party: party.unwrap_or_default(),
            block,
            portrait,
            portrait_changed: false,
            portrait_error: None,
            dirty: false,
            texts: HashMap::new(),
            typing: HashMap::new(),
            problems: Vec::new(),
        };
        draft.revalidate();
        draft
    }

    /// "New creature", "Edit Goblin".
    pub fn heading(&self) -> String {
        match (&self.target, self.character) {
            (None, false) => "New creature".into(),
            (None, true) => "New character".into(),
            (Some(_), _) => format!("Edit {}", self.title),
        }
    }

    /// The text shown in the field at `path` (what was typed, else the stored value).
    pub fn text(&mut self, path: &str, kind: &Kind) -> &mut String {
        if !self.texts.contains_key(path) {
            let shown = kind.show(value_at(&self.block, path));
            self.texts.insert(path.to_owned(), shown);
        }
        self.texts.get_mut(path).expect("inserted above")
    }

    /// The GM changed the text at `path`: store its value, or remember why it does not fit.
    pub fn typed(&mut self, path: &str, kind: &Kind) {
        let text = self.texts.get(path).cloned().unwrap_or_default();
        match kind.parse_text(&text) {
            Ok(value) => {
                self.typing.remove(path);
                self.set(path, value);
            }
            Err(reason) => {
                self.typing.insert(path.to_owned(), reason);
                self.dirty = true;
            }
        }
    }

    /// The value at `path`.
    pub fn value(&self, path: &str) -> Option<&Value> {
        value_at(&self.block, path)
    }

    /// Sets (or with `None` removes) the value at `path`, then checks the block again.
    pub fn set(&mut self, path: &str, value: Option<Value>) {
        set_at(&mut self.block, path, value);
        self.dirty = true;
        self.revalidate();
    }

    /// The GM changed the name, tags or party.
    pub fn touched(&mut self) {
        self.dirty = true;
        self.revalidate();
    }

    /// How many items the list at `key` has.
    pub fn items(&self, key: &str) -> usize {
        schema::get(&self.block, key).and_then(Value::as_array).map_or(0, Vec::len)
    }

    /// Adds an item to the list at `key`, with the item fields' defaults.
    pub fn add_item(&mut self, key: &str, fields: &[schema::Field]) {
        let mut item = Value::Object(Default::default());
        for f in fields {
            if let Some(v) = f.default_value() {
                schema::set(&mut item, f.key, Some(v));
            }
        }
        let mut list = match schema::get(&self.block, key) {
            Some(Value::Array(items)) => items.clone(),
            _ => Vec::new(),
        };
        list.push(item);
        self.forget_list(key);
        self.set(key, Some(Value::Array(list)));
    }

    /// Removes item `index` of the list at `key` (an empty list goes altogether).
    pub fn remove_item(&mut self, key: &str, index: usize) {
        let mut list = match schema::get(&self.block, key) {
            Some(Value::Array(items)) => items.clone(),
            _ => return,
        };
        if index < list.len() {
            list.remove(index);
        }
        self.forget_list(key);
        self.set(key, (!list.is_empty()).then_some(Value::Array(list)));
    }

    /// Items shift when one is added or removed: what was typed in them is read afresh.
    fn forget_list(&mut self, key: &str) {
        let prefix = format!("{key}[");
        self.texts.retain(|p, _| !p.starts_with(&prefix));
        self.typing.retain(|p, _| !p.starts_with(&prefix));
    }

    /// Checks the block against the system's schema and rules.
    pub fn revalidate(&mut self) {
        let name = if self.name.trim().is_empty() { "This entry" } else { self.name.trim() };
        self.problems =
            fray_app::system::validate_block(self.system, name, &self.block, self.character);
    }

    /// Why the field at `path` does not hold: what was typed, else the block's problem there.
    pub fn problem(&self, path: &str) -> Option<&str> {
        if let Some(reason) = self.typing.get(path) {
            return Some(reason);
        }
        self.problems.iter().find(|p| p.path == path).map(|p| p.message.as_str())
    }

    /// Every problem, as the GM reads it ("HP: 'ten' is not a whole number").
    pub fn all_problems(&self) -> Vec<String> {
        let mut all = Vec::new();
        if self.name.trim().is_empty() {
            all.push("Name: a name is required".to_owned());
        }
        let mut typed: Vec<(&String, &String)> = self.typing.iter().collect();
        typed.sort();
        for (path, reason) in typed {
            all.push(format!("{}: {reason}", label_of(self.system, self.character, path)));
        }
        for p in &self.problems {
            if self.typing.contains_key(&p.path) {
                continue;
            }
            all.push(match p.path.is_empty() {
                true => p.message.clone(),
                false => {
                    format!("{}: {}", label_of(self.system, self.character, &p.path), p.message)
                }
            });
        }
        all
    }

    /// The block's problems that belong to no field (shown at the top).
    pub fn general_problems(&self) -> impl Iterator<Item = &str> {
        self.problems.iter().filter(|p| p.path.is_empty()).map(|p| p.message.as_str())
    }

    /// Why it cannot be saved yet, if it cannot.
    pub fn blocker(&self) -> Option<String> {
        self.all_problems().into_iter().next()
    }

    /// The entry to store.
    pub fn saved(&self) -> SavedEntry {
        let tags = self.tags.split([',', ';']).map(str::trim).filter(|t| !t.is_empty());
        let party = self.party.trim();
        SavedEntry {
            target: self.target,
            character: self.character,
            system: self.system.id(),
            name: self.name.trim().to_owned(),
            tags: tags.map(str::to_owned).collect(),
            block: self.block.clone(),
            party: (self.character && !party.is_empty()).then(|| party.to_owned()),
            portrait: self.portrait_changed.then(|| self.portrait.clone()),
        }
    }
}

/// The label of the field at `path` ("Weapon 2 Damage die", "HP"), or the path itself.
pub fn label_of(system: &dyn System, character: bool, path: &str) -> String {
    let schema = system.block_schema();
    match split(path) {
        (None, key) => schema
            .fields_for(character)
            .find(|f| f.key == key)
            .map_or_else(|| path.to_owned(), |f| f.label.to_owned()),
        (Some((list, index)), key) => {
            let field = schema.fields_for(character).find(|f| f.key == list);
            match field.map(|f| f.kind) {
                Some(Kind::List { item, noun }) => {
                    let label = item.iter().find(|f| f.key == key).map_or(key, |f| f.label);
                    format!("{} {} {label}", capitalised(noun), index + 1)
                }
                _ => path.to_owned(),
            }
        }
    }
}

/// "weapon" → "Weapon".
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The path of field `key` of item `index` of list `list`: `weapons[1].die`.
pub fn item_path(list: &str, index: usize, key: &str) -> String {
    format!("{list}[{index}].{key}")
}

/// `weapons[1].die` → (Some(("weapons", 1)), "die"); `tracks.hp` → (None, "tracks.hp").
fn split(path: &str) -> (Option<(&str, usize)>, &str) {
    if let Some((head, rest)) = path.split_once("].")
        && let Some((list, index)) = head.rsplit_once('[')
        && let Ok(index) = index.parse()
    {
        return (Some((list, index)), rest);
    }
    (None, path)
}

fn value_at<'a>(block: &'a Value, path: &str) -> Option<&'a Value> {
    match split(path) {
        (None, key) => schema::get(block, key),
        (Some((list, index)), key) => schema::get(schema::get(block, list)?.get(index)?, key),
    }
}

fn set_at(block: &mut Value, path: &str, value: Option<Value>) {
    match split(path) {
        (None, key) => schema::set(block, key, value),
        (Some((list, index)), key) => {
            let item = list
                .split('.')
                .try_fold(&mut *block, |v, part| v.as_object_mut()?.get_mut(part))
                .and_then(|v| v.get_mut(index));
            if let Some(item) = item {
                schema::set(item, key, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn typing_keeps_unknown_keys_and_reports_bad_text() {
        fray_app::systems::registry();
        let mut d = Draft::new("freeform".parse().unwrap(), false);
        d.block = json!({"tracks": {"hp": 5}, "lair": "the old mill"});
        let hp = Kind::Track { min: 0, max: 9999 };
        *d.text("tracks.hp", &hp) = "ten".into();
        d.typed("tracks.hp", &hp);
        assert_eq!(d.problem("tracks.hp"), Some("'ten' is not a whole number"));
        assert_eq!(d.blocker().as_deref(), Some("Name: a name is required"));
        d.name = "Ogre".into();
        assert_eq!(d.blocker().as_deref(), Some("HP: 'ten' is not a whole number"));
        *d.text("tracks.hp", &hp) = "12".into();
        d.typed("tracks.hp", &hp);
        assert_eq!(d.blocker(), None);
        assert_eq!(d.saved().block, json!({"tracks": {"hp": 12}, "lair": "the old mill"}));
    }

    #[test]
    fn list_items_have_paths() {
        fray_app::systems::registry();
        let mut d = Draft::new("freeform".parse().unwrap(), false);
        d.name = "Ogre".into();
        let Some(Kind::List { item, .. }) =
            d.system.block_schema().fields.iter().find(|f| f.key == "attacks").map(|f| f.kind)
        else {
            panic!("freeform has attacks")
        };
        d.add_item("attacks", item);
        assert_eq!(d.problem("attacks[0].name"), Some("is required"));
        assert_eq!(label_of(d.system, false, "attacks[0].name"), "Attack 1 Name");
        d.set("attacks[0].name", Some(json!("Club")));
        assert_eq!(d.blocker(), None);
        assert_eq!(d.value("attacks[0].name"), Some(&json!("Club")));
        d.remove_item("attacks", 0);
        assert_eq!(d.items("attacks"), 0);
        assert!(schema::get(&d.block, "attacks").is_none());
    }
}
