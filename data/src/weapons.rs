//! The bundled weapon lists, a reference the window shows beside the bestiary (what die does a
//! halberd roll?). They are read from the embedded content files, not stored in the database.
//!
//! The lists differ by system: a Block, Dodge, Parry weapon has a die and a speed word
//! (`"die": 8, "speed": "balanced"`); a `d12` weapon has damage dice, damage types, a numeric
//! speed (its initiative modifier) and a critical multiplier
//! (`"damage": "1d8", "types": ["slashing"], "speed": 5, "crit": 2`). One [`WeaponRef`] holds
//! either, the fields a list does not use left empty.

use crate::content::{BDP_WEAPONS, D12_WEAPONS};
use serde::Deserialize;
use std::fmt;
use std::sync::OnceLock;

/// One weapon of a list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct WeaponRef {
    /// Stable key.
    pub key: String,
    /// Name.
    pub name: String,
    /// Damage die (6 = d6), for lists that roll one die (`bdp`).
    #[serde(default)]
    pub die: Option<u32>,
    /// Damage dice ("1d8", "2d6"), for lists that give them (`d12`).
    #[serde(default)]
    pub damage: Option<String>,
    /// Damage types ("blunt", "piercing"...), several when the weapon deals more than one
    /// (`d12`).
    #[serde(default)]
    pub types: Vec<String>,
    /// A speed word (`fast`, `balanced`, `slow`: `bdp`) or an initiative modifier (`d12`).
    pub speed: WeaponSpeed,
    /// Critical multiplier (2 = ×2), for lists that have one (`d12`).
    #[serde(default)]
    pub crit: Option<u32>,
    /// Hands needed to wield it (`d12`).
    #[serde(default)]
    pub hands: Option<u32>,
    /// Strikes first when closing in.
    #[serde(default)]
    pub reach: bool,
    /// A missile weapon.
    #[serde(default)]
    pub ranged: bool,
    /// Takes two slots.
    #[serde(default)]
    pub bulky: bool,
    /// Piercing, slashing, bludgeoning... (`bdp`; `d12` lists use `types`).
    #[serde(default)]
    pub damage_type: Option<String>,
    /// Tags with their numbers ("Sweep 7").
    #[serde(default)]
    pub tags: Vec<String>,
    /// One line in our words.
    #[serde(default)]
    pub notes: String,
}

/// How quick a weapon is: a word or a number, as its list writes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
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
    /// weapon, "1d8 slashing · speed 5 · ×2" for a `d12` one.
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
            WeaponSpeed::Word(w) => {
                words.push(w.clone());
                None
            }
            speed @ WeaponSpeed::Modifier(_) => Some(speed.to_string()),
        };
        for word in words.into_iter().filter(|w| !w.is_empty()) {
            if !head.is_empty() {
                head.push(' ');
            }
            head.push_str(&word);
        }
        let mut parts = vec![head];
        parts.extend(modifier);
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
}

#[derive(Deserialize)]
struct File {
    system: String,
    entries: Vec<WeaponRef>,
}

/// The weapon list of a system (empty when it has none), parsed once.
pub fn weapons(system: &str) -> &'static [WeaponRef] {
    static LISTS: OnceLock<Vec<File>> = OnceLock::new();
    let lists = LISTS.get_or_init(|| {
        // The bundled files are checked by the tests; a broken one shows no list rather than
        // stopping the window.
        [BDP_WEAPONS, D12_WEAPONS]
            .iter()
            .filter_map(|text| serde_json::from_str(text).ok())
            .collect()
    });
    lists.iter().find(|f| f.system == system).map_or(&[], |f| f.entries.as_slice())
}

#[cfg(test)]
mod tests {
    use super::{WeaponSpeed, weapons};

    #[test]
    fn the_bdp_list_reads_and_sums_up() {
        let list = weapons("bdp");
        assert!(list.len() >= 20, "{}", list.len());
        let spear = list.iter().find(|w| w.key == "spear").unwrap();
        assert_eq!(spear.summary(), "d8 balanced · reach · Push 6");
        assert!(list.iter().all(|w| w.die.is_some() && matches!(w.speed, WeaponSpeed::Word(_))));
        assert!(weapons("freeform").is_empty());
    }

    #[test]
    fn the_d12_list_reads_and_sums_up() {
        let list = weapons("d12");
        assert!((15..=25).contains(&list.len()), "{}", list.len());
        let summary = |key: &str| list.iter().find(|w| w.key == key).unwrap().summary();
        assert_eq!(summary("longsword"), "1d8 slashing · speed 5 · ×2");
        assert_eq!(summary("morningstar"), "1d8 blunt/piercing · speed 6 · ×3");
        assert_eq!(summary("greatclub"), "1d10 blunt · speed 8 · ×2 · two-handed");
        assert_eq!(summary("longbow"), "1d8 piercing · speed 6 · ×3 · ranged · two-handed");
        assert!(list.iter().all(|w| {
            w.damage.is_some() && w.crit.is_some() && matches!(w.speed, WeaponSpeed::Modifier(_))
        }));
    }
}
