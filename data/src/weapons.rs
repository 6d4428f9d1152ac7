//! The weapon lists, a reference the window shows beside the bestiary (what die does a
//! halberd roll?), stored per system like the rest of the library: the bundled lists are
//! loaded from `data/content/<system>/weapons.json` and the GM may edit, add and delete.
//!
//! A weapon is its key, name and note, plus the fields its system's list describes
//! ([`System::weapon_list`](fray_app::system::System::weapon_list): a Block, Dodge, Parry
//! weapon has a die and a speed word, a `d12` one damage dice and a numeric speed, a Murdham
//! one a die, a range and keywords...). This store knows none of them: it keeps them as JSON
//! and asks the system to check and sum them up.

use crate::db::now_ms;
use crate::ids::WeaponId;
use crate::{Db, DbError};
use fray_app::ids::SystemId;
use fray_app::system::WeaponList;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// One weapon of a list, as its content file (and the `entry` column) writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponRef {
    /// Stable key; a bundled weapon's origin is `bundled:<system>/weapon/<key>`.
    pub key: String,
    /// Name.
    pub name: String,
    /// One line in our words.
    #[serde(default)]
    pub notes: String,
    /// The fields its system's list describes (`die`, `speed`, `tags`...). A key the list does
    /// not have is refused when the weapon is stored: in a content file it is a typo the list
    /// would silently ignore.
    #[serde(flatten)]
    pub fields: Map<String, Value>,
}

/// `system`'s list, if it keeps one.
fn list_of(system: SystemId) -> Option<&'static WeaponList> {
    system.system().weapon_list()
}

impl WeaponRef {
    /// The numbers a GM looks for, as `system`'s list sums them up: "d8 balanced · reach ·
    /// Sweep 7" for a Block, Dodge, Parry weapon, "1d8 slashing · speed 5 · ×2" for a `d12`
    /// one, "d6 · range 8 · missile" or "armour 1" for a Murdham one. A system without a list
    /// gets each field's value.
    pub fn summary(&self, system: SystemId) -> String {
        match list_of(system) {
            Some(list) => (list.summary)(&self.fields),
            None => self
                .fields
                .iter()
                .map(|(k, v)| {
                    format!("{k} {}", v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                })
                .collect::<Vec<_>>()
                .join(" · "),
        }
    }

    /// A field's value, if set.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.get(key)
    }

    /// The words of every field that holds text (name aside): tags, damage types..., for
    /// searching the list.
    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.fields.values().flat_map(|v| match v {
            Value::String(s) => vec![s.as_str()],
            Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        })
    }

    /// Checks the weapon against `system`'s list, naming the weapon and the field: a name
    /// always; then every field as the list describes it (a key it does not have refused) and
    /// the list's own rules. A system without a list only needs a name.
    pub fn validate(&self, system: SystemId) -> Result<(), DbError> {
        self.problem(system).map_or(Ok(()), |p| Err(DbError::Invalid(format!("{self}: {p}"))))
    }

    /// What is wrong with the weapon for `system`, naming the field.
    fn problem(&self, system: SystemId) -> Option<String> {
        if self.name.trim().is_empty() {
            return Some("name must not be empty".into());
        }
        let problems = list_of(system)?.problems(&self.fields);
        (!problems.is_empty())
            .then(|| problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
    }
}

/// "weapon Spear", or its key when it has no name yet.
impl fmt::Display for WeaponRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.name.trim(), self.key.trim()) {
            ("", "") => f.write_str("a weapon without a name"),
            ("", key) => write!(f, "weapon {key}"),
            (name, _) => write!(f, "weapon {name}"),
        }
    }
}

/// A weapon as the GM writes or edits it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewWeapon {
    /// The system whose list it belongs to (`bdp`, `d12`...).
    pub system: SystemId,
    /// The weapon.
    pub weapon: WeaponRef,
}

/// A stored weapon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredWeapon {
    /// Row id.
    pub id: WeaponId,
    /// The system whose list it belongs to.
    pub system: SystemId,
    /// The weapon, as its list writes it.
    pub weapon: WeaponRef,
    /// When it was added (Unix milliseconds).
    pub created: i64,
    /// When it last changed (Unix milliseconds).
    pub updated: i64,
}

/// The weapon lists of a [`Db`].
#[derive(Debug, Clone, Copy)]
pub struct Weapons<'a> {
    db: &'a Db,
}

impl Db {
    /// The weapon lists.
    pub fn weapons(&self) -> Weapons<'_> {
        Weapons { db: self }
    }
}

const COLUMNS: &str = "id, system, entry, created, updated";

impl Weapons<'_> {
    /// Adds a weapon after checking it (see [`WeaponRef::validate`]).
    pub fn insert(&self, new: &NewWeapon) -> Result<WeaponId, DbError> {
        let id = insert(&self.db.lock(), new, None)?;
        Ok(id.expect("entries without an origin never conflict"))
    }

    /// A weapon by id.
    pub fn get(&self, id: WeaponId) -> Result<Option<StoredWeapon>, DbError> {
        let conn = self.db.lock();
        let sql = format!("SELECT {COLUMNS} FROM weapons WHERE id = ?1");
        let row = conn.query_row(&sql, [id.0], raw).optional()?;
        row.map(Raw::parse).transpose()
    }

    /// Replaces a weapon's system and entry (checked like [`Weapons::insert`]). A bundled
    /// weapon edited here keeps its origin, so loading the content again leaves it alone.
    pub fn update(&self, id: WeaponId, new: &NewWeapon) -> Result<(), DbError> {
        let c = columns(new)?;
        let changed = self.db.lock().execute(
            "UPDATE weapons SET system = ?2, name = ?3, entry = ?4, updated = ?5 WHERE id = ?1",
            params![id.0, c.system, c.name, c.entry, now_ms()],
        )?;
        if changed == 0 {
            return Err(DbError::NotFound { what: WeaponId::WHAT, id: id.0 });
        }
        Ok(())
    }

    /// Deletes a weapon; false when there was none. A deleted bundled weapon comes back with
    /// [`Db::load_bundled_content`].
    pub fn delete(&self, id: WeaponId) -> Result<bool, DbError> {
        Ok(self.db.lock().execute("DELETE FROM weapons WHERE id = ?1", [id.0])? > 0)
    }

    /// Every weapon (of one system, or all), ordered by name.
    pub fn list(&self, system: Option<SystemId>) -> Result<Vec<StoredWeapon>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM weapons WHERE ?1 IS NULL OR system = ?1
             ORDER BY name COLLATE NOCASE, id"
        ))?;
        let rows = stmt.query_map([system.map(SystemId::as_str)], raw)?;
        rows.map(|r| r?.parse()).collect()
    }
}

/// Inserts a weapon; with an `origin` (bundled content) that already exists, does nothing and
/// returns `None`.
pub(crate) fn insert(
    conn: &Connection,
    new: &NewWeapon,
    origin: Option<&str>,
) -> Result<Option<WeaponId>, DbError> {
    let c = columns(new)?;
    let id = conn
        .prepare_cached(
            "INSERT INTO weapons (system, name, entry, origin, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?5)
             ON CONFLICT (origin) DO NOTHING RETURNING id",
        )?
        .query_row(params![c.system, c.name, c.entry, origin, now_ms()], |r| r.get(0))
        .optional()?;
    Ok(id.map(WeaponId))
}

/// The validated column values of a weapon.
struct Columns {
    system: &'static str,
    name: String,
    entry: String,
}

fn columns(new: &NewWeapon) -> Result<Columns, DbError> {
    let system = new.system.as_str();
    new.weapon.validate(new.system)?;
    let mut weapon = new.weapon.clone();
    weapon.name = weapon.name.trim().to_owned();
    let entry = serde_json::to_string(&weapon).expect("a weapon serializes");
    Ok(Columns { system, name: weapon.name, entry })
}

/// A row as stored, before its JSON is parsed.
struct Raw {
    id: i64,
    system: String,
    entry: String,
    created: i64,
    updated: i64,
}

fn raw(row: &Row<'_>) -> rusqlite::Result<Raw> {
    Ok(Raw {
        id: row.get(0)?,
        system: row.get(1)?,
        entry: row.get(2)?,
        created: row.get(3)?,
        updated: row.get(4)?,
    })
}

impl Raw {
    fn parse(self) -> Result<StoredWeapon, DbError> {
        let id = WeaponId(self.id);
        Ok(StoredWeapon {
            weapon: serde_json::from_str(&self.entry)
                .map_err(|e| DbError::corrupt(id.to_string(), e))?,
            id,
            system: crate::entry::system_column(&id.to_string(), &self.system)?,
            created: self.created,
            updated: self.updated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The registered procedure `text` names.
    fn sys(text: &str) -> SystemId {
        fray_app::systems::registry();
        SystemId::parse(text).unwrap()
    }

    fn list(db: &Db, system: &str) -> Vec<WeaponRef> {
        db.weapons().list(Some(sys(system))).unwrap().into_iter().map(|w| w.weapon).collect()
    }

    fn summary(list: &[WeaponRef], system: &str, key: &str) -> String {
        list.iter().find(|w| w.key == key).unwrap().summary(sys(system))
    }

    #[test]
    fn the_bdp_list_reads_and_sums_up() {
        let db = Db::open_in_memory().unwrap();
        let list = list(&db, "bdp");
        assert!(list.len() >= 20, "{}", list.len());
        assert_eq!(summary(&list, "bdp", "spear"), "d8 balanced · reach · Push 6");
        assert!(list.iter().all(|w| w.get("die").is_some() && w.get("speed").unwrap().is_string()));
        assert!(db.weapons().list(Some(sys("freeform"))).unwrap().is_empty());
    }

    #[test]
    fn the_d12_list_reads_and_sums_up() {
        let db = Db::open_in_memory().unwrap();
        let list = list(&db, "d12");
        assert!((15..=25).contains(&list.len()), "{}", list.len());
        let summary = |key: &str| summary(&list, "d12", key);
        assert_eq!(summary("longsword"), "1d8 slashing · speed 5 · ×2");
        assert_eq!(summary("morningstar"), "1d8 blunt/piercing · speed 6 · ×3");
        assert_eq!(summary("greatclub"), "1d10 blunt · speed 8 · ×2 · two-handed");
        assert_eq!(summary("longbow"), "1d8 piercing · speed 6 · ×3 · ranged · two-handed");
        assert!(list.iter().all(|w| w.get("crit").is_some() && w.get("speed").unwrap().is_i64()));
    }

    #[test]
    fn the_murdham_list_reads_and_sums_up() {
        let db = Db::open_in_memory().unwrap();
        let list = list(&db, "murdham");
        assert!((12..=25).contains(&list.len()), "{}", list.len());
        let summary = |key: &str| summary(&list, "murdham", key);
        assert_eq!(summary("sword"), "d6 · martial");
        assert_eq!(summary("sling"), "d4 · range 8 · missile");
        assert_eq!(summary("bow"), "d6 · range 8 · missile · two-handed · indirect");
        assert_eq!(summary("fire-flask"), "d6 · range 2 · blast · fire · consumable");
        assert_eq!(summary("light-armour"), "armour 1");
        assert_eq!(summary("heavy-armour"), "armour 2");
        assert_eq!(summary("shield"), "d4 · shield");
        assert_eq!(summary("helmet"), "helmet");
        assert!(list.iter().all(|w| w.get("speed").is_none()), "no speed in this list");
    }

    #[test]
    fn an_entry_is_stored_as_its_list_writes_it() {
        fray_app::systems::registry();
        let text = r#"{"key": "spear", "name": "Spear", "die": 8, "speed": "balanced",
                       "reach": true, "damage_type": "piercing", "tags": ["Push 6"],
                       "notes": "Long."}"#;
        let spear: WeaponRef = serde_json::from_str(text).unwrap();
        let written: Value = serde_json::to_value(&spear).unwrap();
        assert_eq!(written, serde_json::from_str::<Value>(text).unwrap());
        assert_eq!(spear.words().collect::<Vec<_>>(), ["piercing", "balanced", "Push 6"]);
        // A key the list does not have is a typo, refused when stored.
        let typo: WeaponRef = serde_json::from_value(
            json!({"key": "x", "name": "X", "die": 6, "speed": "fast", "dmg": "1d6"}),
        )
        .unwrap();
        let err = typo.validate(sys("bdp")).unwrap_err().to_string();
        assert!(err.starts_with("weapon X: field 'dmg': is not a field of this list"), "{err}");
    }

    /// `weapon` with `change` made, checked for `system`: the message.
    fn problem(weapon: &Value, system: &str, change: impl FnOnce(&mut Value)) -> String {
        let mut w = weapon.clone();
        change(&mut w);
        let w: WeaponRef = serde_json::from_value(w).unwrap();
        w.validate(sys(system)).unwrap_err().to_string()
    }

    #[test]
    fn each_system_checks_what_its_list_describes() {
        fray_app::systems::registry();
        let bdp = json!({"key": "club", "name": "Club", "die": 6, "speed": "fast", "notes": ""});
        let d12 = json!({"key": "club", "name": "Club", "damage": "1d6", "types": ["blunt"],
                         "speed": 4, "crit": 2, "hands": 1, "notes": ""});
        let read = |v: &Value| serde_json::from_value::<WeaponRef>(v.clone()).unwrap();
        read(&bdp).validate(sys("bdp")).unwrap();
        read(&d12).validate(sys("d12")).unwrap();
        read(&bdp).validate(sys("freeform")).unwrap();
        assert_eq!(
            problem(&bdp, "bdp", |w| w["name"] = json!(" ")),
            "weapon club: name must not be empty"
        );
        assert_eq!(
            problem(&bdp, "bdp", |w| w["die"] = json!(7)),
            "weapon Club: field 'die' (Damage die): must be one of 4, 6, 8, 10, 12, not 7"
        );
        assert_eq!(
            problem(&bdp, "bdp", |w| w.as_object_mut().unwrap().remove("speed").map(drop).unwrap()),
            "weapon Club: field 'speed' (Speed): is required"
        );
        assert!(
            problem(&bdp, "bdp", |w| w["speed"] = json!("quick"))
                .starts_with("weapon Club: field 'speed' (Speed): ")
        );
        assert!(
            problem(&d12, "d12", |w| w["damage"] = json!("1q6"))
                .starts_with("weapon Club: field 'damage' (Damage): ")
        );
        assert_eq!(
            problem(&d12, "d12", |w| w["damage"] = json!("5")),
            "weapon Club: damage \"5\" rolls no die"
        );
        assert!(
            problem(&d12, "d12", |w| w["speed"] = json!("fast"))
                .starts_with("weapon Club: field 'speed' (Speed): ")
        );
        assert!(
            problem(&d12, "d12", |w| w["crit"] = json!(5))
                .starts_with("weapon Club: field 'crit' (Crit ×): ")
        );
        assert!(
            problem(&d12, "d12", |w| w["hands"] = json!(3))
                .starts_with("weapon Club: field 'hands' (Hands): ")
        );
        // A bdp weapon is not a d12 one: its fields are named.
        let wrong = problem(&bdp, "d12", |_| {});
        assert!(wrong.contains("field 'die': is not a field of this list"), "{wrong}");
    }

    #[test]
    fn murdham_checks_die_range_and_armour() {
        fray_app::systems::registry();
        let bow = json!({"key": "bow", "name": "Bow", "die": 6, "range": 8,
                         "tags": ["missile", "indirect"]});
        let mail = json!({"key": "mail", "name": "Mail", "armour": 1});
        for w in [&bow, &mail, &json!({"key": "h", "name": "Helmet", "tags": ["Helmet"]})] {
            serde_json::from_value::<WeaponRef>(w.clone())
                .unwrap()
                .validate(sys("murdham"))
                .unwrap();
        }
        assert_eq!(
            problem(&bow, "murdham", |w| w
                .as_object_mut()
                .unwrap()
                .remove("die")
                .map(drop)
                .unwrap()),
            "weapon Bow: die is missing (4, 6, 8, 10 or 12)"
        );
        assert_eq!(
            problem(&bow, "murdham", |w| w
                .as_object_mut()
                .unwrap()
                .remove("range")
                .map(drop)
                .unwrap()),
            "weapon Bow: range is missing (an indirect weapon shoots)"
        );
        assert!(
            problem(&bow, "murdham", |w| w["range"] = json!(0))
                .starts_with("weapon Bow: field 'range'")
        );
        assert!(
            problem(&mail, "murdham", |w| w["armour"] = json!(4))
                .starts_with("weapon Mail: field 'armour'")
        );
    }
}
