//! A combatant's numbers as this procedure reads them: its attacks (damage dice, Shock, range,
//! the attribute and skill they use), AC, attack bonus, Move in feet, attribute scores, and
//! whether it carries a shield or is named (and so lies dying rather than dead at 0 HP).

use super::rules::{Shock, attribute_mod};
use crate::dice::Dice;
use crate::encounter::{Combatant, Encounter};
use crate::system::RuleError;
use crate::system::block_reader::read_block;
pub use crate::system::block_reader::{stat, track};
use serde::Deserialize;

/// Track: hit points.
pub const HP: &str = "hp";
/// Stat: Armour Class.
pub const AC: &str = "ac";
/// Stat: attack bonus.
pub const ATK: &str = "atk";
/// Stat: feet a Move covers.
pub const MOVE: &str = "move";
/// Stat: hit dice (NPCs).
pub const HD: &str = "hd";
/// Stat: the Heal skill.
pub const HEAL: &str = "heal";

/// Conditions that take a combatant out of the fight.
pub const OUT: [&str; 5] = ["dead", "mortally injured", "fled", "surrendered", "unconscious"];

/// Shock as a block writes it: `{"dmg": 2, "max_ac": 13}`; no `max_ac`: every AC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShockSpec {
    /// Points of damage.
    pub dmg: i64,
    /// The highest AC it reaches.
    #[serde(default)]
    pub max_ac: Option<i64>,
}

/// One attack.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// Name.
    pub name: String,
    /// Damage dice.
    pub dmg: Dice,
    /// Shock, if the weapon deals it.
    #[serde(default)]
    pub shock: Option<ShockSpec>,
    /// Normal range in feet, for what shoots or is thrown.
    #[serde(default)]
    pub range: Option<u32>,
    /// Long range in feet (−2 to hit beyond the normal range); the normal range when blank.
    #[serde(default)]
    pub long_range: Option<u32>,
    /// Thrown (not a bow): it may be used in melee at −4.
    #[serde(default)]
    pub thrown: bool,
    /// Hands it takes (1 or 2); blank: a bow or crossbow takes two, anything else one.
    #[serde(default)]
    pub hands: Option<u8>,
    /// The attribute it uses (`str`, `dex`); blank: STR in melee, DEX at range.
    #[serde(default)]
    pub attr: Option<String>,
    /// The skill stat it adds (`stab`, `shoot`...), if any.
    #[serde(default)]
    pub skill: Option<String>,
    /// Words of the source (piercing, long...).
    #[serde(default)]
    pub traits: Vec<String>,
}

/// What reloading a weapon costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reload {
    /// A bow: the Move.
    Move,
    /// A crossbow: the Main action.
    Main,
}

impl Attack {
    /// What reloading it costs after a shot (`traits` name `bow` or `crossbow`); none for
    /// other weapons.
    pub fn reload(&self) -> Option<Reload> {
        let has = |w: &str| self.traits.iter().any(|t| t.eq_ignore_ascii_case(w));
        if has("crossbow") {
            Some(Reload::Main)
        } else if has("bow") {
            Some(Reload::Move)
        } else {
            None
        }
    }

    /// Whether it is a bow or a crossbow: its traits say so, or its name ends in "bow"
    /// (Shortbow, Crossbow).
    pub fn is_bow(&self) -> bool {
        self.reload().is_some() || self.name.trim().to_lowercase().ends_with("bow")
    }

    /// Whether, shooting or thrown, it needs both hands: a bow, a crossbow, or what the block
    /// marks with two hands. Such a weapon cannot be used with an enemy in melee.
    pub fn two_handed(&self) -> bool {
        match self.hands {
            Some(h) => h >= 2,
            None => self.is_bow(),
        }
    }

    /// Whether it shoots or is thrown.
    pub fn ranged(&self) -> bool {
        self.range.is_some()
    }

    /// Its Shock.
    pub fn shock(&self) -> Option<Shock> {
        self.shock.map(|s| Shock { damage: s.dmg, max_ac: s.max_ac })
    }

    /// The attribute it adds: the block's, else DEX for a ranged weapon and STR otherwise.
    pub fn attribute_key(&self) -> &str {
        self.attr.as_deref().unwrap_or(if self.ranged() { "dex" } else { "str" })
    }

    /// The attribute modifier it adds for `c` (0 without attribute scores).
    pub fn attribute_mod(&self, c: &Combatant) -> i64 {
        c.stat(self.attribute_key()).map_or(0, attribute_mod)
    }
}

/// The parts of a block this procedure reads.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct SovBlock {
    /// Attacks.
    #[serde(default)]
    pub attacks: Vec<Attack>,
    /// A named NPC: at 0 HP it is mortally injured, not dead (characters always are).
    #[serde(default)]
    pub named: bool,
    /// Carries a shield: it turns aside the first Shock each round.
    #[serde(default)]
    pub shield: bool,
    /// Unarmed damage dice (a grapple's end-of-round damage; 1d2 when blank).
    #[serde(default)]
    pub unarmed: Option<Dice>,
    /// Has Veteran's Luck (a class feature): once a Turn — a fight is one — a miss of its own
    /// becomes a hit, or a hit on it a miss (once a round before rules edition 2).
    #[serde(default)]
    pub veterans_luck: bool,
    /// Has Killing Blow (a class feature): + half its level (rounded up) to damage and Shock.
    #[serde(default)]
    pub killing_blow: bool,
    /// Never checks morale (undead, constructs, zealots, the militarized).
    #[serde(default)]
    pub morale_exempt: bool,
    /// An NPC trained for Snap Attacks (characters always may).
    #[serde(default)]
    pub snap_capable: bool,
}

impl SovBlock {
    /// Reads a combatant's block.
    pub fn of(c: &Combatant) -> Result<std::sync::Arc<SovBlock>, RuleError> {
        // Read once per block and remembered (see `encounter::Block`).
        c.block.shared(|v| Self::read(&c.name, v))
    }

    /// Reads a block of `name`.
    pub fn read(name: &str, block: &serde_json::Value) -> Result<SovBlock, RuleError> {
        read_block(name, block)
    }
}

/// The attack at `index`, or why there is none.
pub fn attack(c: &Combatant, index: usize) -> Result<Attack, RuleError> {
    SovBlock::of(c)?
        .attacks
        .get(index)
        .cloned()
        .ok_or_else(|| RuleError::Invalid(format!("{} has no attack #{}", c.name, index + 1)))
}

/// Whether it is out of the fight.
pub fn is_out(c: &Combatant) -> bool {
    crate::system::presentation::has_any(c, &OUT)
}

/// Whether it can still be struck: in the fight, or out of it only as the helpless are
/// (mortally injured, or knocked out) — from rules edition 2; before it, not once out.
pub fn strikable(enc: &Encounter, c: &Combatant) -> bool {
    let helpless = crate::system::presentation::has_any(c, &["mortally injured", "unconscious"]);
    let gone = crate::system::presentation::has_any(c, &["dead", "fled", "surrendered"]);
    !is_out(c) || (enc.rules >= 2 && helpless && !gone)
}

/// Whether at 0 HP it lies mortally injured (a character, or a named NPC) rather than dies.
pub fn lingers(enc: &Encounter, c: &Combatant) -> bool {
    enc.is_party(c.id) || SovBlock::of(c).is_ok_and(|b| b.named)
}

/// The combat skills: Stab, Shoot, Brawl (an NPC's single `skill` stands for all).
pub const COMBAT_SKILLS: [&str; 4] = ["stab", "shoot", "brawl", "skill"];

/// The best combat skill of `c` (0 without any).
pub fn combat_skill(c: &Combatant) -> i64 {
    COMBAT_SKILLS.iter().filter_map(|k| c.stat(k)).max().unwrap_or(0)
}

/// The better of the STR and DEX modifiers of `c` (0 without the scores).
pub fn str_or_dex_mod(c: &Combatant) -> i64 {
    ["str", "dex"].iter().filter_map(|k| c.stat(k).map(attribute_mod)).max().unwrap_or(0)
}

/// Whether `c` carries a melee weapon (it may strike those who act next to it).
pub fn armed_in_melee(c: &Combatant) -> bool {
    SovBlock::of(c).is_ok_and(|b| b.attacks.iter().any(|w| !w.ranged()))
}

/// The skill `c` adds to attack `w`: the weapon's skill stat, or an NPC's single `skill`.
pub fn attack_skill(c: &Combatant, w: &Attack) -> i64 {
    w.skill.as_deref().and_then(|k| c.stat(k)).or_else(|| c.stat("skill")).unwrap_or(0)
}
