//! A character's numbers as this procedure reads them: STR, AGI and WIT (each 1–19, saved
//! under on a d20), health equal to STR, armour, the weapons with their die and keywords, a
//! shield and a helmet, and what makes it immune to fear.
//!
//! Block shape (library entries and scripts' `block {...}`):
//! `{"stats": {"str": 12, "agi": 10, "wit": 9}, "armour": {"name": "Light armour", "value":
//! 1}, "shield": {"name": "Shield"}, "helmet": true, "kind": "undead", "intelligence":
//! "mindless", "weapons": [{"name": "Sword", "die": 8}, {"name": "Bow", "die": 6, "range":
//! 8}]}`. A weapon may say `indirect`, `blast`, `direct` (ignores armour), `robust` (wears
//! half as often) and `damaged`; an item may say `robust` and `damaged`. Any of them, and the
//! pieces of `gear` that are neither weapon nor armour (`"gear": [{"name": "Cart",
//! "durability": "12/4"}]`), may say `durability`: health/armour of its own (see
//! `durability.rs`).

use crate::command::NewCombatant;
use crate::encounter::{Combatant, Stat, Track};
use crate::system::RuleError;
use crate::system::block_reader::read_block;
use serde::Deserialize;

/// Track: health, equal to STR.
pub const HEALTH: &str = "health";
/// Stat: strength, also the most health.
pub const STR: &str = "str";
/// Stat: agility.
pub const AGI: &str = "agi";
/// Stat: wits.
pub const WIT: &str = "wit";
/// Stat: armour, taken off every hit but direct ones.
pub const ARMOUR: &str = "armour";

/// The kinds that know no fear (and so no morale).
pub const FEARLESS_KINDS: &[&str] = &["construct", "demon", "undead"];

/// One weapon of a block.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Name ("Sword", "Crossbow").
    pub name: String,
    /// The damage die (6 = d6).
    pub die: u32,
    /// Range in zones, for missile weapons.
    #[serde(default)]
    pub range: Option<u32>,
    /// Shoots over obstacles at targets out of sight (only beyond half range).
    #[serde(default)]
    pub indirect: bool,
    /// Hits a whole zone.
    #[serde(default)]
    pub blast: bool,
    /// Ignores armour.
    #[serde(default)]
    pub direct: bool,
    /// Wears half as often (durability 1 in 8).
    #[serde(default)]
    pub robust: bool,
    /// Already damaged.
    #[serde(default)]
    pub damaged: bool,
    /// Broken in an earlier fight (carried in by the campaign): no use until mended.
    #[serde(default)]
    pub broken: bool,
    /// Other keywords, as the weapon list writes them.
    #[serde(default)]
    pub keywords: Vec<String>,
    /// Health and armour of its own ("12/4"): it takes damage instead of durability rolls.
    #[serde(default)]
    pub durability: Option<String>,
}

impl Weapon {
    /// A missile weapon (it has a range).
    pub fn ranged(&self) -> bool {
        self.range.is_some()
    }
}

/// A piece of armour or a shield.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Name ("Light armour", "Shield").
    pub name: String,
    /// Armour it gives (armour only; a shield gives 1 against attacks its bearer reacts to).
    #[serde(default)]
    pub value: i64,
    /// Wears half as often.
    #[serde(default)]
    pub robust: bool,
    /// Already damaged.
    #[serde(default)]
    pub damaged: bool,
    /// Broken in an earlier fight (carried in by the campaign): no use until mended.
    #[serde(default)]
    pub broken: bool,
    /// Health and armour of its own ("12/4"): it takes damage instead of durability rolls.
    #[serde(default)]
    pub durability: Option<String>,
}

/// How worn an item comes into the fight, as its block says.
pub fn worn(damaged: bool, broken: bool) -> Option<super::Wear> {
    if broken { Some(super::Wear::Broken) } else { damaged.then_some(super::Wear::Damaged) }
}

impl Weapon {
    /// How worn it comes into the fight.
    pub fn worn(&self) -> Option<super::Wear> {
        worn(self.damaged, self.broken)
    }
}

impl Item {
    /// How worn it comes into the fight.
    pub fn worn(&self) -> Option<super::Wear> {
        worn(self.damaged, self.broken)
    }
}

/// The parts of a block this procedure reads; the rest is left alone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct MurdhamBlock {
    /// Weapons.
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// Worn armour.
    #[serde(default)]
    pub armour: Option<Item>,
    /// A shield.
    #[serde(default)]
    pub shield: Option<Item>,
    /// Other gear that can be harmed: a cart, a boat (`name` and `durability`).
    #[serde(default)]
    pub gear: Vec<Item>,
    /// A helmet: one more point needed for a critical hit.
    #[serde(default)]
    pub helmet: bool,
    /// What it is ("human", "undead", "beast"...).
    #[serde(default)]
    pub kind: Option<String>,
    /// "mindless" for creatures without a mind of their own.
    #[serde(default)]
    pub intelligence: Option<String>,
    /// Immune to morale whatever its kind.
    #[serde(default)]
    pub morale_immune: bool,
}

impl MurdhamBlock {
    /// Reads a combatant's block, naming the combatant and the field when it is malformed.
    pub fn of(c: &Combatant) -> Result<std::sync::Arc<MurdhamBlock>, RuleError> {
        // Read once per block and remembered (see `encounter::Block`).
        c.block.shared(|v| Self::read(&c.name, v))
    }

    /// Reads a block of `name`.
    pub fn read(name: &str, block: &serde_json::Value) -> Result<MurdhamBlock, RuleError> {
        let b: MurdhamBlock = read_block(name, block)?;
        for (i, w) in b.weapons.iter().enumerate() {
            let problem = if w.die < 2 {
                Some("die must be 2 or more")
            } else if w.range == Some(0) {
                Some("range must be at least 1 zone")
            } else if w.indirect && w.range.is_none() {
                Some("an indirect weapon needs a range")
            } else {
                None
            };
            if let Some(p) = problem {
                return Err(RuleError::Invalid(format!(
                    "{name}'s stat block: weapons[{i}] ({}): {p}",
                    w.name
                )));
            }
        }
        if let Some(a) = &b.armour
            && !(0..=5).contains(&a.value)
        {
            return Err(RuleError::Invalid(format!(
                "{name}'s stat block: armour.value is {}; it goes from 0 to 5",
                a.value
            )));
        }
        super::durability::check(name, &b)?;
        Ok(b)
    }

    /// Why it knows no fear, if it does not.
    pub fn fearless(&self) -> Option<String> {
        if self.morale_immune {
            return Some("immune to fear".into());
        }
        if let Some(kind) = &self.kind
            && let Some(k) = FEARLESS_KINDS.iter().find(|k| k.eq_ignore_ascii_case(kind))
        {
            return Some(format!("a {k}: it knows no fear"));
        }
        if self.intelligence.as_deref().is_some_and(|i| i.eq_ignore_ascii_case("mindless")) {
            return Some("mindless".into());
        }
        None
    }
}

pub use crate::system::block_reader::stat;

/// Current health (0 without the track).
pub fn health(c: &Combatant) -> i64 {
    c.track(HEALTH).map_or(0, |t| t.value)
}

/// The weapon at `index`, or an error naming it.
pub fn weapon(c: &Combatant, index: Option<usize>) -> Result<Option<Weapon>, RuleError> {
    let Some(i) = index else { return Ok(None) };
    let block = MurdhamBlock::of(c)?;
    block
        .weapons
        .get(i)
        .cloned()
        .map(Some)
        .ok_or_else(|| RuleError::Invalid(format!("{} has no weapon #{}", c.name, i + 1)))
}

/// Completes a new combatant: health = STR, armour from its worn armour, unless the block
/// gives them. STR, AGI and WIT must be 1–19; a missing STR is an error naming it.
pub fn complete(mut new: NewCombatant) -> Result<NewCombatant, RuleError> {
    let block = MurdhamBlock::read(&new.name, &new.block)?;
    let get = |n: &NewCombatant, s: &str| n.stats.iter().find(|x| x.name == s).map(|x| x.value);
    for ability in [STR, AGI, WIT] {
        match get(&new, ability) {
            // Saves are rolled under these: a missing one would fail every save.
            None => {
                return Err(RuleError::Invalid(format!(
                    "{}: the stat block needs stats.{ability} (1 to 19)",
                    new.name
                )));
            }
            Some(v) if !(1..=19).contains(&v) => {
                return Err(RuleError::Invalid(format!(
                    "{}: stats.{ability} is {v}; abilities go from 1 to 19",
                    new.name
                )));
            }
            Some(_) => {}
        }
    }
    if !new.tracks.iter().any(|t| t.name == HEALTH) {
        let score = get(&new, STR).unwrap_or(1);
        new.tracks.insert(0, Track { name: HEALTH.into(), value: score, max: score });
    }
    // Each piece with durability has its own health, a track of its bearer.
    for (item, durability) in super::durability::pieces(&block)? {
        let track = super::durability::track(&item);
        if !new.tracks.iter().any(|t| t.name == track) {
            let most = durability.health;
            new.tracks.push(Track { name: track, value: most, max: most });
        }
    }
    if get(&new, ARMOUR).is_none() {
        let value = block.armour.as_ref().filter(|a| !a.broken).map_or(0, |a| a.value);
        new.stats.push(Stat { name: ARMOUR.into(), value });
    }
    Ok(new)
}
