//! The bundled weapon lists, a reference the window shows beside the bestiary (what die does a
//! halberd roll?). They are read from the embedded content files, not stored in the database.

use crate::content::BDP_WEAPONS;
use serde::Deserialize;
use std::sync::OnceLock;

/// One weapon of a list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct WeaponRef {
    /// Stable key.
    pub key: String,
    /// Name.
    pub name: String,
    /// Damage die (6 = d6).
    pub die: u32,
    /// `fast`, `balanced` or `slow`.
    pub speed: String,
    /// Strikes first when closing in.
    #[serde(default)]
    pub reach: bool,
    /// A missile weapon.
    #[serde(default)]
    pub ranged: bool,
    /// Takes two slots.
    #[serde(default)]
    pub bulky: bool,
    /// Piercing, slashing, bludgeoning...
    #[serde(default)]
    pub damage_type: Option<String>,
    /// Tags with their numbers ("Sweep 7").
    #[serde(default)]
    pub tags: Vec<String>,
    /// One line in our words.
    #[serde(default)]
    pub notes: String,
}

impl WeaponRef {
    /// "d8 balanced · reach · Sweep 7", the numbers a GM looks for.
    pub fn summary(&self) -> String {
        let mut parts = vec![format!("d{} {}", self.die, self.speed)];
        if self.reach {
            parts.push("reach".into());
        }
        if self.ranged {
            parts.push("ranged".into());
        }
        if self.bulky {
            parts.push("bulky".into());
        }
        parts.extend(self.tags.iter().cloned());
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
        // The bundled file is checked by the tests; a broken one shows no list rather than
        // stopping the window.
        [BDP_WEAPONS].iter().filter_map(|text| serde_json::from_str(text).ok()).collect()
    });
    lists.iter().find(|f| f.system == system).map_or(&[], |f| f.entries.as_slice())
}

#[cfg(test)]
mod tests {
    use super::weapons;

    #[test]
    fn the_bdp_list_reads_and_sums_up() {
        let list = weapons("bdp");
        assert!(list.len() >= 20, "{}", list.len());
        let spear = list.iter().find(|w| w.key == "spear").unwrap();
        assert_eq!(spear.summary(), "d8 balanced · reach · Push 6");
        assert!(weapons("freeform").is_empty());
    }
}
