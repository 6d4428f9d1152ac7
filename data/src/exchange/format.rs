//! The Fray JSON file: its types, which are also its JSON Schema (the doc comments become the
//! schema's descriptions), and their conversions to and from the stores' types.

use crate::search::normalize_tags;
use crate::{
    Character, Creature, DbError, Effect, NewCharacter, NewCreature, NewTable, NewTemplate,
    StoredTable, Template, TemplateKind,
};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use fray_app::checks::{RollTable, TableRow};
use fray_app::dice::Dice;
use fray_app::ids::SystemId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A Fray library file: any mix of creatures, characters, roll tables and templates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Fray library file")]
pub struct LibraryFile {
    /// The format version; this version of Fray writes 1 and reads 1.
    pub fray: u32,
    /// When the file was written (UTC, `YYYY-MM-DDTHH:MM:SSZ`), for people reading it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exported: Option<String>,
    /// Bestiary entries.
    #[serde(default)]
    pub creatures: Vec<CreatureEntry>,
    /// Characters.
    #[serde(default)]
    pub characters: Vec<CharacterEntry>,
    /// Roll tables (injuries, morale...).
    #[serde(default)]
    pub tables: Vec<TableEntry>,
    /// Saved templates (detachments and encounter boards).
    #[serde(default)]
    pub templates: Vec<TemplateEntry>,
    /// Set when the file fills only some fields of its creatures (a spreadsheet): an entry
    /// the library has already keeps every other field. Never in a file.
    #[serde(skip)]
    #[schemars(skip)]
    pub partial: Option<Partial>,
}

/// The fields a partial file (a spreadsheet's creatures) fills; the rest are the library's.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Partial {
    /// Block keys the file fills (`tracks.hp`, `stats.armor`).
    pub keys: Vec<String>,
    /// Whether it fills the tags.
    pub tags: bool,
}

/// A bestiary entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureEntry {
    /// The id the entry travels with: importing a file again updates the entry with this uid
    /// instead of adding a copy.
    pub uid: String,
    /// The system whose stat block this is (an id such as `freeform` or `bdp`).
    pub system: String,
    /// Name ("Goblin").
    pub name: String,
    /// Tags for filtering ("humanoid", "undead"); stored lowercase.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The system's stat block, a JSON object checked against the system's schema.
    pub block: Value,
    /// A portrait thumbnail: PNG bytes in base64, at most 512 KB decoded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portrait: Option<String>,
}

/// A character (a player's character or a recurring NPC).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacterEntry {
    /// The id the entry travels with (see the creatures' `uid`).
    pub uid: String,
    /// The system whose sheet this is.
    pub system: String,
    /// Name ("Harald").
    pub name: String,
    /// Tags for filtering; stored lowercase.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The system's character sheet, a JSON object checked against the system's schema.
    pub sheet: Value,
    /// The party (or group) the character belongs to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party: Option<String>,
    /// A portrait thumbnail: PNG bytes in base64, at most 512 KB decoded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portrait: Option<String>,
}

/// A roll table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableEntry {
    /// The id the entry travels with (see the creatures' `uid`).
    pub uid: String,
    /// The system it belongs to.
    pub system: String,
    /// Name ("Slashing injuries").
    pub name: String,
    /// The dice rolled on it (`d20`, `2d6`).
    pub dice: String,
    /// The damage type it is rolled for ("slashing", "fire"), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<String>,
    /// The rows: together they cover every total the dice can roll exactly once (or there
    /// are none, for a placeholder).
    #[serde(default)]
    pub rows: Vec<RowEntry>,
}

/// One row of a roll table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RowEntry {
    /// Lowest total for this row.
    pub low: i64,
    /// Highest total for this row.
    pub high: i64,
    /// The effect in words, as the journal shows it.
    pub effect: String,
    /// The same effect as JSON for the system's rules, if it understands one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured: Option<Value>,
}

/// What a template holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum TemplateKindEntry {
    /// A stat block and a count, dropped on the board as one detachment.
    Detachment,
    /// An encounter board to start new encounters from.
    Encounter,
}

/// A saved template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TemplateEntry {
    /// The id the entry travels with (see the creatures' `uid`).
    pub uid: String,
    /// What it holds.
    pub kind: TemplateKindEntry,
    /// The system it belongs to.
    pub system: String,
    /// Its name ("Goblin war band").
    pub name: String,
    /// A detachment (`{"creature", "block", "count"}`) or a board (`{"board": {...}}`).
    pub body: Value,
}

impl LibraryFile {
    /// An empty file of the current version.
    pub fn new() -> Self {
        Self {
            fray: super::FORMAT_VERSION,
            exported: None,
            creatures: Vec::new(),
            characters: Vec::new(),
            tables: Vec::new(),
            templates: Vec::new(),
            partial: None,
        }
    }

    /// How many entries it holds, of every kind.
    pub fn len(&self) -> usize {
        self.creatures.len() + self.characters.len() + self.tables.len() + self.templates.len()
    }

    /// Whether it holds no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The file as the stores would keep it: names trimmed, tags lowercase, table rows in
    /// order, so comparing with a stored entry compares what matters.
    pub(crate) fn normalize(&mut self) {
        for c in &mut self.creatures {
            trim(&mut c.uid);
            trim(&mut c.system);
            trim(&mut c.name);
            c.tags = normalize_tags(&c.tags);
        }
        for c in &mut self.characters {
            trim(&mut c.uid);
            trim(&mut c.system);
            trim(&mut c.name);
            c.tags = normalize_tags(&c.tags);
            c.party = blank_none(c.party.take());
        }
        for t in &mut self.tables {
            trim(&mut t.uid);
            trim(&mut t.system);
            trim(&mut t.name);
            t.damage_type = blank_none(t.damage_type.take());
            if let Ok(dice) = Dice::parse(&t.dice) {
                t.dice = dice.to_string();
            }
            for row in &mut t.rows {
                trim(&mut row.effect);
            }
            t.rows.sort_by_key(|r| r.low);
        }
        for t in &mut self.templates {
            trim(&mut t.uid);
            trim(&mut t.system);
            trim(&mut t.name);
        }
    }
}

impl LibraryFile {
    /// Whether [`normalize`](Self::normalize) would leave it as it is, told without copying
    /// any stat block or sheet (a table is normalized on a copy of itself).
    pub(crate) fn is_normal(&self) -> bool {
        let trimmed = |s: &str| s.trim().len() == s.len();
        let head =
            |uid: &str, system: &str, name: &str| trimmed(uid) && trimmed(system) && trimmed(name);
        self.creatures
            .iter()
            .all(|c| head(&c.uid, &c.system, &c.name) && normalize_tags(&c.tags) == c.tags)
            && self.characters.iter().all(|c| {
                head(&c.uid, &c.system, &c.name)
                    && normalize_tags(&c.tags) == c.tags
                    && blank_none(c.party.clone()) == c.party
            })
            && self.tables.iter().all(|t| {
                let mut one = LibraryFile { tables: vec![t.clone()], ..LibraryFile::new() };
                one.normalize();
                one.tables.first() == Some(t)
            })
            && self.templates.iter().all(|t| head(&t.uid, &t.system, &t.name))
    }
}

impl Default for LibraryFile {
    fn default() -> Self {
        Self::new()
    }
}

fn trim(s: &mut String) {
    if s.trim().len() != s.len() {
        *s = s.trim().to_owned();
    }
}

fn blank_none(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

/// PNG bytes as they travel in a file.
pub(crate) fn encode_portrait(png: Option<&[u8]>) -> Option<String> {
    png.map(|p| STANDARD.encode(p))
}

impl CreatureEntry {
    /// A stored creature and its portrait as a file entry.
    pub fn from_stored(c: &Creature, portrait: Option<&[u8]>) -> Self {
        Self {
            uid: c.uid.clone(),
            system: c.system.to_string(),
            name: c.name.clone(),
            tags: c.tags.clone(),
            block: c.block.clone(),
            portrait: encode_portrait(portrait),
        }
    }

    /// The entry as the store takes it (without uid and portrait); refused, naming it, when
    /// its system is unknown.
    pub fn to_new(&self) -> Result<NewCreature, DbError> {
        Ok(NewCreature {
            system: system_of("creature", &self.name, &self.system)?,
            name: self.name.clone(),
            tags: self.tags.clone(),
            block: self.block.clone(),
        })
    }
}

impl CharacterEntry {
    /// A stored character and its portrait as a file entry.
    pub fn from_stored(c: &Character, portrait: Option<&[u8]>) -> Self {
        Self {
            uid: c.uid.clone(),
            system: c.system.to_string(),
            name: c.name.clone(),
            tags: c.tags.clone(),
            sheet: c.sheet.clone(),
            party: c.party.clone(),
            portrait: encode_portrait(portrait),
        }
    }

    /// The entry as the store takes it (without uid and portrait); refused, naming it, when
    /// its system is unknown.
    pub fn to_new(&self) -> Result<NewCharacter, DbError> {
        Ok(NewCharacter {
            system: system_of("character", &self.name, &self.system)?,
            name: self.name.clone(),
            tags: self.tags.clone(),
            sheet: self.sheet.clone(),
            party: self.party.clone(),
        })
    }
}

impl TableEntry {
    /// A stored table as a file entry.
    pub fn from_stored(t: &StoredTable) -> Self {
        Self {
            uid: t.uid.clone(),
            system: t.system.to_string(),
            name: t.table.name.clone(),
            dice: t.table.dice.to_string(),
            damage_type: t.damage_type.clone(),
            rows: t
                .table
                .rows
                .iter()
                .map(|r| RowEntry {
                    low: r.low,
                    high: r.high,
                    effect: r.result.text.clone(),
                    structured: r.result.structured.clone(),
                })
                .collect(),
        }
    }

    /// The entry as the store takes it (without uid); refused, naming it, when its system is
    /// unknown or its dice do not parse.
    pub fn to_new(&self) -> Result<NewTable, DbError> {
        let system = system_of("table", &self.name, &self.system)?;
        let table =
            self.roll_table().map_err(|m| DbError::Invalid(format!("table {}: {m}", self.name)))?;
        Ok(NewTable { system, damage_type: self.damage_type.clone(), table })
    }

    /// Its dice and rows as a table; why not when its dice do not parse.
    pub fn roll_table(&self) -> Result<RollTable<Effect>, String> {
        let dice = Dice::parse(&self.dice).map_err(|e| e.to_string())?;
        let rows = self
            .rows
            .iter()
            .map(|r| TableRow {
                low: r.low,
                high: r.high,
                result: Effect { text: r.effect.clone(), structured: r.structured.clone() },
            })
            .collect();
        Ok(RollTable { name: self.name.clone(), dice, rows })
    }
}

impl TemplateEntry {
    /// A stored template as a file entry.
    pub fn from_stored(t: &Template) -> Self {
        Self {
            uid: t.uid.clone(),
            kind: match t.kind {
                TemplateKind::Detachment => TemplateKindEntry::Detachment,
                TemplateKind::Encounter => TemplateKindEntry::Encounter,
            },
            system: t.system.to_string(),
            name: t.name.clone(),
            body: t.body.clone(),
        }
    }

    /// The entry as the store takes it (without uid); refused, naming it, when its system is
    /// unknown.
    pub fn to_new(&self) -> Result<NewTemplate, DbError> {
        Ok(NewTemplate {
            kind: match self.kind {
                TemplateKindEntry::Detachment => TemplateKind::Detachment,
                TemplateKindEntry::Encounter => TemplateKind::Encounter,
            },
            system: system_of("template", &self.name, &self.system)?,
            name: self.name.clone(),
            body: self.body.clone(),
        })
    }
}

/// A file entry's `system` as a registered procedure's id: the file keeps the text as written
/// (the import's check names an unknown one with its entry and field, among the file's other
/// problems), and an entry becomes the store's only through this.
pub(crate) fn system_of(what: &str, name: &str, text: &str) -> Result<SystemId, DbError> {
    SystemId::parse(text)
        .map_err(|e| DbError::Invalid(format!("{what} {name}, field 'system': {e}")))
}
