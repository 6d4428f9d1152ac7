//! The weapon lists, a reference the window shows beside the bestiary (what die does a
//! halberd roll?), stored per system like the rest of the library: the bundled lists are
//! loaded from `data/content/<system>/weapons.json` and the GM may edit, add and delete.
//!
//! The lists differ by system: a Block, Dodge, Parry weapon has a die and a speed word
//! (`"die": 8, "speed": "balanced"`); a `d12` weapon has damage dice, damage types, a numeric
//! speed (its initiative modifier) and a critical multiplier
//! (`"damage": "1d8", "types": ["slashing"], "speed": 5, "crit": 2`); a Murdham weapon has a
//! die, a range in zones for missile weapons and keyword tags, and no speed
//! (`"die": 6, "range": 8, "tags": ["missile", "two-handed"]`), and the same list holds its
//! armour (`"armour": 1`), shield and helmet (tagged `shield`, `helmet`). One [`WeaponRef`]
//! holds any of them, the fields a list does not use left empty; [`WeaponRef::validate`]
//! checks what its system's rules need.

use crate::db::now_ms;
use crate::ids::WeaponId;
use crate::search::required;
use crate::{Db, DbError};
use fray_app::dice::Dice;
use fray_app::systems::bdp::block::Speed;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One weapon of a list, as its content file (and the `entry` column) writes it. Unknown
/// fields are refused: in a content file they are typos the list would silently ignore.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponRef {
    /// Stable key; a bundled weapon's origin is `bundled:<system>/weapon/<key>`.
    pub key: String,
    /// Name.
    pub name: String,
    /// Damage die (6 = d6), for lists that roll one die (`bdp`, `murdham`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u32>,
    /// Damage dice ("1d8", "2d6"), for lists that give them (`d12`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<String>,
    /// Damage types ("blunt", "piercing"...), several when the weapon deals more than one
    /// (`d12`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// A speed word (`fast`, `balanced`, `slow`: `bdp`) or an initiative modifier (`d12`);
    /// none for lists without one (`murdham`). The `bdp` and `d12` lists require it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<WeaponSpeed>,
    /// Range in zones, for missile weapons of lists that give one (`murdham`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    /// Armour value, for the armour a list holds beside its weapons (`murdham`: light 1,
    /// heavy 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armour: Option<u32>,
    /// Critical multiplier (2 = ×2), for lists that have one (`d12`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crit: Option<u32>,
    /// Hands needed to wield it (`d12`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hands: Option<u32>,
    /// Strikes first when closing in.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reach: bool,
    /// A missile weapon.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ranged: bool,
    /// Takes two slots.
    #[serde(default, skip_serializing_if = "is_false")]
    pub bulky: bool,
    /// Piercing, slashing, bludgeoning... (`bdp`; `d12` lists use `types`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<String>,
    /// Tags with their numbers ("Sweep 7": `bdp`), or keywords (`murdham`: "simple",
    /// "martial", "missile", "two-handed", "indirect", "blast", "direct", "robust", "fire"...,
    /// and "shield" or "helmet" for those pieces of gear).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// One line in our words.
    #[serde(default)]
    pub notes: String,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// How quick a weapon is: a word or a number, as its list writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WeaponSpeed {
    /// An initiative modifier (`d12`: added to the initiative, so smaller is quicker).
    Modifier(i64),
    /// A speed class (`bdp`: `fast`, `balanced` or `slow`).
    Word(String),
}

impl fmt::Display for WeaponSpeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeaponSpeed::Modifier(n) => write!(f, "speed {n}"),
            WeaponSpeed::Word(w) => f.write_str(w),
        }
    }
}

impl WeaponRef {
    /// The numbers a GM looks for: "d8 balanced · reach · Sweep 7" for a Block, Dodge, Parry
    /// weapon, "1d8 slashing · speed 5 · ×2" for a `d12` one, "d6 · range 8 · missile" or
    /// "armour 1" for a Murdham one.
    pub fn summary(&self) -> String {
        let mut head = match (&self.damage, self.die) {
            (Some(damage), _) => damage.clone(),
            (None, Some(die)) => format!("d{die}"),
            (None, None) => String::new(),
        };
        let mut words = Vec::new();
        if !self.types.is_empty() {
            words.push(self.types.join("/"));
        }
        // A speed word reads with the die ("d8 balanced"); a modifier stands on its own.
        let modifier = match &self.speed {
            Some(WeaponSpeed::Word(w)) => {
                words.push(w.clone());
                None
            }
            Some(speed @ WeaponSpeed::Modifier(_)) => Some(speed.to_string()),
            None => None,
        };
        for word in words.into_iter().filter(|w| !w.is_empty()) {
            if !head.is_empty() {
                head.push(' ');
            }
            head.push_str(&word);
        }
        let mut parts = vec![head];
        parts.extend(modifier);
        if let Some(range) = self.range {
            parts.push(format!("range {range}"));
        }
        if let Some(armour) = self.armour {
            parts.push(format!("armour {armour}"));
        }
        if let Some(crit) = self.crit {
            parts.push(format!("×{crit}"));
        }
        if self.reach {
            parts.push("reach".into());
        }
        if self.ranged {
            parts.push("ranged".into());
        }
        if self.bulky {
            parts.push("bulky".into());
        }
        if self.hands == Some(2) {
            parts.push("two-handed".into());
        }
        parts.extend(self.tags.iter().cloned());
        parts.retain(|p| !p.is_empty());
        parts.join(" · ")
    }

    /// Checks what `system`'s rules need of a weapon, naming the weapon and the field: a name
    /// always; for `bdp` a die of 4, 6, 8, 10 or 12 and a speed word; for `d12` damage dice
    /// that roll at least one die, a numeric speed (the initiative modifier), a critical
    /// multiplier of 2 to 4 and one or two hands; for `murdham` a die of 4, 6, 8, 10 or 12
    /// (armour, shields and helmets may go without), a range of 1 zone or more when given (and
    /// given for an `indirect` weapon), and an armour value of 1 to 3 when given. Weapons of
    /// other systems only need a name. The bundled lists' own tests add what makes a list
    /// consistent (speed against die...).
    pub fn validate(&self, system: &str) -> Result<(), DbError> {
        self.problem(system).map_or(Ok(()), |p| Err(DbError::Invalid(format!("{self}: {p}"))))
    }

    /// What is wrong with the weapon for `system`, naming the field.
    fn problem(&self, system: &str) -> Option<String> {
        if self.name.trim().is_empty() {
            return Some("name must not be empty".into());
        }
        match system {
            "bdp" => {
                if let Some(p) = die_problem(self.die) {
                    return Some(p);
                }
                let words = [Speed::Fast, Speed::Balanced, Speed::Slow].map(Speed::label);
                match &self.speed {
                    Some(WeaponSpeed::Word(w)) if words.contains(&w.as_str()) => {}
                    None => return Some("speed is missing (fast, balanced or slow)".into()),
                    Some(speed) => {
                        return Some(format!("speed must be fast, balanced or slow, not {speed}"));
                    }
                }
            }
            "d12" => {
                let Some(damage) = &self.damage else {
                    return Some("damage is missing (dice such as 1d8)".into());
                };
                match Dice::parse(damage) {
                    Err(e) => return Some(format!("damage {damage:?}: {e}")),
                    Ok(d) if d.dice_count() == 0 => {
                        return Some(format!("damage {damage:?} rolls no die"));
                    }
                    Ok(_) => {}
                }
                match &self.speed {
                    None => return Some("speed is missing (the initiative modifier)".into()),
                    Some(WeaponSpeed::Word(w)) => {
                        return Some(format!(
                            "speed must be a number (the initiative modifier), not {w:?}"
                        ));
                    }
                    Some(WeaponSpeed::Modifier(_)) => {}
                }
                match self.crit {
                    None => return Some("crit is missing (2, 3 or 4)".into()),
                    Some(2..=4) => {}
                    Some(crit) => return Some(format!("crit must be 2, 3 or 4, not {crit}")),
                }
                if let Some(hands) = self.hands.filter(|h| !(1..=2).contains(h)) {
                    return Some(format!("hands must be 1 or 2, not {hands}"));
                }
            }
            "murdham" => {
                // Armour, a shield or a helmet is worn; a shield may also strike (with a die).
                let worn = self.armour.is_some() || self.tagged("shield") || self.tagged("helmet");
                if !(worn && self.die.is_none())
                    && let Some(p) = die_problem(self.die)
                {
                    return Some(p);
                }
                match self.range {
                    Some(0) => return Some("range must be 1 zone or more, not 0".into()),
                    None if self.tagged("indirect") => {
                        return Some("range is missing (an indirect weapon shoots)".into());
                    }
                    _ => {}
                }
                if let Some(armour) = self.armour.filter(|a| !(1..=3).contains(a)) {
                    return Some(format!("armour must be 1, 2 or 3, not {armour}"));
                }
            }
            _ => {}
        }
        None
    }

    /// Whether it has the tag `word` (case-insensitive).
    fn tagged(&self, word: &str) -> bool {
        self.tags.iter().any(|t| t.trim().eq_ignore_ascii_case(word))
    }
}

/// What is wrong with a die that must be a d4, d6, d8, d10 or d12 (`bdp`, `murdham`).
fn die_problem(die: Option<u32>) -> Option<String> {
    match die {
        None => Some("die is missing (4, 6, 8, 10 or 12)".into()),
        Some(4 | 6 | 8 | 10 | 12) => None,
        Some(die) => Some(format!("die must be 4, 6, 8, 10 or 12, not {die}")),
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
    pub system: String,
    /// The weapon.
    pub weapon: WeaponRef,
}

/// A stored weapon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredWeapon {
    /// Row id.
    pub id: WeaponId,
    /// The system whose list it belongs to.
    pub system: String,
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
    pub fn list(&self, system: Option<&str>) -> Result<Vec<StoredWeapon>, DbError> {
        let conn = self.db.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM weapons WHERE ?1 IS NULL OR system = ?1
             ORDER BY name COLLATE NOCASE, id"
        ))?;
        let rows = stmt.query_map([system], raw)?;
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
    system: String,
    name: String,
    entry: String,
}

fn columns(new: &NewWeapon) -> Result<Columns, DbError> {
    let system = required(&new.system, "weapon system")?;
    new.weapon.validate(&system)?;
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
            system: self.system,
            created: self.created,
            updated: self.updated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(db: &Db, system: &str) -> Vec<WeaponRef> {
        db.weapons().list(Some(system)).unwrap().into_iter().map(|w| w.weapon).collect()
    }

    #[test]
    fn the_bdp_list_reads_and_sums_up() {
        let db = Db::open_in_memory().unwrap();
        let list = list(&db, "bdp");
        assert!(list.len() >= 20, "{}", list.len());
        let spear = list.iter().find(|w| w.key == "spear").unwrap();
        assert_eq!(spear.summary(), "d8 balanced · reach · Push 6");
        assert!(
            list.iter().all(|w| w.die.is_some() && matches!(w.speed, Some(WeaponSpeed::Word(_))))
        );
        assert!(db.weapons().list(Some("freeform")).unwrap().is_empty());
    }

    #[test]
    fn the_d12_list_reads_and_sums_up() {
        let db = Db::open_in_memory().unwrap();
        let list = list(&db, "d12");
        assert!((15..=25).contains(&list.len()), "{}", list.len());
        let summary = |key: &str| list.iter().find(|w| w.key == key).unwrap().summary();
        assert_eq!(summary("longsword"), "1d8 slashing · speed 5 · ×2");
        assert_eq!(summary("morningstar"), "1d8 blunt/piercing · speed 6 · ×3");
        assert_eq!(summary("greatclub"), "1d10 blunt · speed 8 · ×2 · two-handed");
        assert_eq!(summary("longbow"), "1d8 piercing · speed 6 · ×3 · ranged · two-handed");
        assert!(list.iter().all(|w| {
            w.damage.is_some()
                && w.crit.is_some()
                && matches!(w.speed, Some(WeaponSpeed::Modifier(_)))
        }));
    }

    #[test]
    fn the_murdham_list_reads_and_sums_up() {
        let db = Db::open_in_memory().unwrap();
        let list = list(&db, "murdham");
        assert!((12..=25).contains(&list.len()), "{}", list.len());
        let summary = |key: &str| list.iter().find(|w| w.key == key).unwrap().summary();
        assert_eq!(summary("sword"), "d6 · martial");
        assert_eq!(summary("sling"), "d4 · range 8 · missile");
        assert_eq!(summary("bow"), "d6 · range 8 · missile · two-handed · indirect");
        assert_eq!(summary("fire-flask"), "d6 · range 2 · blast · fire · consumable");
        assert_eq!(summary("light-armour"), "armour 1");
        assert_eq!(summary("heavy-armour"), "armour 2");
        assert_eq!(summary("shield"), "d4 · shield");
        assert_eq!(summary("helmet"), "helmet");
        assert!(list.iter().all(|w| w.speed.is_none()), "no speed in this list");
    }

    #[test]
    fn an_entry_is_stored_as_its_list_writes_it() {
        let text = r#"{"key": "spear", "name": "Spear", "die": 8, "speed": "balanced",
                       "reach": true, "damage_type": "piercing", "tags": ["Push 6"],
                       "notes": "Long."}"#;
        let spear: WeaponRef = serde_json::from_str(text).unwrap();
        let written: serde_json::Value = serde_json::to_value(&spear).unwrap();
        assert_eq!(written, serde_json::from_str::<serde_json::Value>(text).unwrap());
        let err = serde_json::from_str::<WeaponRef>(
            r#"{"key": "x", "name": "X", "speed": 1,
                                                        "dmg": "1d6"}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("dmg"), "{err}");
        // A Murdham weapon has no speed, and none is written back.
        let text = r#"{"key": "bow", "name": "Bow", "die": 6, "range": 8,
                       "tags": ["missile", "indirect"], "notes": "Arcs."}"#;
        let bow: WeaponRef = serde_json::from_str(text).unwrap();
        assert_eq!((bow.speed.as_ref(), bow.range), (None, Some(8)));
        let written: serde_json::Value = serde_json::to_value(&bow).unwrap();
        assert_eq!(written, serde_json::from_str::<serde_json::Value>(text).unwrap());
    }

    #[test]
    fn each_system_checks_what_its_rules_need() {
        let bdp: WeaponRef = serde_json::from_str(
            r#"{"key": "club", "name": "Club", "die": 6, "speed": "fast", "notes": ""}"#,
        )
        .unwrap();
        let d12: WeaponRef = serde_json::from_str(
            r#"{"key": "club", "name": "Club", "damage": "1d6", "types": ["blunt"],
                "speed": 4, "crit": 2, "hands": 1, "notes": ""}"#,
        )
        .unwrap();
        bdp.validate("bdp").unwrap();
        d12.validate("d12").unwrap();
        bdp.validate("freeform").unwrap();
        let problem = |w: &WeaponRef, system: &str, change: fn(&mut WeaponRef)| {
            let mut w = w.clone();
            change(&mut w);
            w.validate(system).unwrap_err().to_string()
        };
        assert_eq!(
            problem(&bdp, "bdp", |w| w.name = " ".into()),
            "weapon club: name must not be empty"
        );
        assert_eq!(
            problem(&bdp, "bdp", |w| w.die = None),
            "weapon Club: die is missing (4, 6, 8, 10 or 12)"
        );
        assert_eq!(
            problem(&bdp, "bdp", |w| w.die = Some(7)),
            "weapon Club: die must be 4, 6, 8, 10 or 12, not 7"
        );
        assert_eq!(
            problem(&bdp, "bdp", |w| w.speed = Some(WeaponSpeed::Modifier(3))),
            "weapon Club: speed must be fast, balanced or slow, not speed 3"
        );
        assert_eq!(
            problem(&bdp, "bdp", |w| w.speed = Some(WeaponSpeed::Word("quick".into()))),
            "weapon Club: speed must be fast, balanced or slow, not quick"
        );
        assert_eq!(
            problem(&d12, "d12", |w| w.damage = None),
            "weapon Club: damage is missing (dice such as 1d8)"
        );
        assert!(
            problem(&d12, "d12", |w| w.damage = Some("1q6".into()))
                .starts_with("weapon Club: damage \"1q6\": ")
        );
        assert_eq!(
            problem(&d12, "d12", |w| w.damage = Some("5".into())),
            "weapon Club: damage \"5\" rolls no die"
        );
        assert_eq!(
            problem(&d12, "d12", |w| w.speed = Some(WeaponSpeed::Word("fast".into()))),
            "weapon Club: speed must be a number (the initiative modifier), not \"fast\""
        );
        assert_eq!(
            problem(&bdp, "bdp", |w| w.speed = None),
            "weapon Club: speed is missing (fast, balanced or slow)"
        );
        assert_eq!(
            problem(&d12, "d12", |w| w.speed = None),
            "weapon Club: speed is missing (the initiative modifier)"
        );
        assert_eq!(
            problem(&d12, "d12", |w| w.crit = None),
            "weapon Club: crit is missing (2, 3 or 4)"
        );
        assert_eq!(
            problem(&d12, "d12", |w| w.crit = Some(5)),
            "weapon Club: crit must be 2, 3 or 4, not 5"
        );
        assert_eq!(
            problem(&d12, "d12", |w| w.hands = Some(3)),
            "weapon Club: hands must be 1 or 2, not 3"
        );
    }

    #[test]
    fn murdham_checks_die_range_and_armour() {
        let read = |text: &str| serde_json::from_str::<WeaponRef>(text).unwrap();
        let bow = read(
            r#"{"key": "bow", "name": "Bow", "die": 6, "range": 8,
                           "tags": ["missile", "indirect"]}"#,
        );
        let mail = read(r#"{"key": "mail", "name": "Mail", "armour": 1}"#);
        let shield = read(r#"{"key": "shield", "name": "Shield", "die": 4, "tags": ["shield"]}"#);
        let helmet = read(r#"{"key": "helmet", "name": "Helmet", "tags": ["Helmet"]}"#);
        for w in [&bow, &mail, &shield, &helmet] {
            w.validate("murdham").unwrap();
        }
        // Speed is not needed here, but bdp and d12 still want it.
        assert_eq!(
            bow.validate("bdp").unwrap_err().to_string(),
            "weapon Bow: speed is missing (fast, balanced or slow)"
        );
        let problem = |w: &WeaponRef, change: fn(&mut WeaponRef)| {
            let mut w = w.clone();
            change(&mut w);
            w.validate("murdham").unwrap_err().to_string()
        };
        assert_eq!(
            problem(&bow, |w| w.die = None),
            "weapon Bow: die is missing (4, 6, 8, 10 or 12)"
        );
        assert_eq!(
            problem(&bow, |w| w.die = Some(5)),
            "weapon Bow: die must be 4, 6, 8, 10 or 12, not 5"
        );
        assert_eq!(
            problem(&bow, |w| w.range = Some(0)),
            "weapon Bow: range must be 1 zone or more, not 0"
        );
        assert_eq!(
            problem(&bow, |w| w.range = None),
            "weapon Bow: range is missing (an indirect weapon shoots)"
        );
        assert_eq!(
            problem(&mail, |w| w.armour = Some(4)),
            "weapon Mail: armour must be 1, 2 or 3, not 4"
        );
        assert_eq!(
            problem(&mail, |w| w.armour = Some(0)),
            "weapon Mail: armour must be 1, 2 or 3, not 0"
        );
        assert_eq!(
            problem(&shield, |w| w.die = Some(7)),
            "weapon Shield: die must be 4, 6, 8, 10 or 12, not 7"
        );
        assert_eq!(
            problem(&helmet, |w| w.tags.clear()),
            "weapon Helmet: die is missing (4, 6, 8, 10 or 12)"
        );
    }
}
