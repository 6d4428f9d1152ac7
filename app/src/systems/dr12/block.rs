//! A combatant's numbers as this procedure reads them: a character's weapons (die, hands,
//! missile, usage maximum) and a creature's attacks, its Level and Skill, its armour, and who
//! counts as a character.

use crate::encounter::{Combatant, Encounter};
use crate::system::RuleError;
use crate::system::block_reader::read_block;
pub use crate::system::block_reader::{stat, track};
use serde::Deserialize;

/// Track: hit points.
pub const HP: &str = "hp";
/// Stat: Strength, added to melee attacks.
pub const STR: &str = "str";
/// Stat: Dexterity, added to ranged attacks, the defence and the order.
pub const DEX: &str = "dex";
/// Stat: Level (ongoing damage takes this much each turn).
pub const LEVEL: &str = "level";
/// Stat: a creature's Skill, for its Tests (morale, ongoing damage, stunts).
pub const SKILL: &str = "skill";
/// Stat: armour, taken off each hit.
pub const ARMOR: &str = "armor";

/// The hindrances, as conditions.
pub const WEAKENED: &str = "weakened";
/// No Actions.
pub const DISTRACTED: &str = "distracted";
/// No move.
pub const STUCK: &str = "stuck";
/// Neither.
pub const PARALYSED: &str = "paralysed";
/// Every hindrance.
pub const HINDRANCES: [&str; 4] = [WEAKENED, DISTRACTED, STUCK, PARALYSED];
/// Ongoing damage, as a condition.
pub const ONGOING: &str = "ongoing";

/// Conditions that take a combatant out of the fight.
pub const OUT: [&str; 5] = ["dead", "down", "fled", "parleying", "surrendered"];

/// One weapon or natural attack.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Name.
    pub name: String,
    /// Damage die (6 = d6).
    pub die: u32,
    /// Hands it needs (1 or 2).
    #[serde(default = "one")]
    pub hands: u32,
    /// A missile weapon: DEX to hit, any range, Disadvantage against a Close target.
    #[serde(default)]
    pub ranged: bool,
    /// Usages before it is spent (the encounter's setting when blank).
    #[serde(default)]
    pub usage_max: Option<u32>,
    /// Usages marked in earlier fights, carried in by the campaign.
    #[serde(default)]
    pub usages: u32,
}

fn one() -> u32 {
    1
}

/// The parts of a block this procedure reads.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Dr12Block {
    /// A character's weapons.
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// A creature's attacks.
    #[serde(default)]
    pub attacks: Vec<Weapon>,
    /// The creature leads its group (its fall is a morale trigger).
    #[serde(default)]
    pub leader: bool,
}

impl Dr12Block {
    /// Reads a combatant's block.
    pub fn of(c: &Combatant) -> Result<std::sync::Arc<Dr12Block>, RuleError> {
        // Read once per block and remembered (see `encounter::Block`).
        c.block.shared(|v| Self::read(&c.name, v))
    }

    /// Reads a block of `name` (a combatant or a library entry).
    pub fn read(name: &str, block: &serde_json::Value) -> Result<Dr12Block, RuleError> {
        read_block(name, block)
    }

    /// Everything it strikes with: weapons, then attacks (the index commands use).
    pub fn arms(&self) -> Vec<&Weapon> {
        self.weapons.iter().chain(&self.attacks).collect()
    }
}

/// A weapon's usages now: as marked in this fight, else as it came in.
pub fn usages(enc: &Encounter, c: &Combatant, index: usize) -> u32 {
    let marked = enc.dr12().usages.get(&c.id).and_then(|m| m.get(&index)).copied();
    marked.unwrap_or_else(|| {
        Dr12Block::of(c).ok().and_then(|b| b.arms().get(index).map(|w| w.usages)).unwrap_or(0)
    })
}

/// The weapon at `index`, or why there is none.
pub fn weapon(c: &Combatant, index: usize) -> Result<Weapon, RuleError> {
    let block = Dr12Block::of(c)?;
    block
        .arms()
        .get(index)
        .map(|w| (*w).clone())
        .ok_or_else(|| RuleError::Invalid(format!("{} has no weapon #{}", c.name, index + 1)))
}

/// Whether it is one of the characters (on a party side).
pub fn is_character(enc: &Encounter, id: crate::ids::CombatantId) -> bool {
    enc.is_party(id)
}

/// Whether it is out of the fight (dead, down, fled, parleying).
pub fn is_out(c: &Combatant) -> bool {
    crate::system::presentation::has_any(c, &OUT)
}

/// Whether it has a hindrance or condition.
pub fn has(c: &Combatant, condition: &str) -> bool {
    c.conditions.contains(condition)
}
