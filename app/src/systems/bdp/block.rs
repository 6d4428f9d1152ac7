//! The Block, Dodge, Parry stat block: what Fray reads from a combatant's block JSON, and the
//! numbers derived from it (armour with the shield, heavy armour, who is a player character).
//!
//! Numbers that change in a fight live on the combatant: stats `armor` (the worn armour,
//! 0..3) and `shield` (1 while a shield is held), tracks `hp`, `str`, `dex`, `wil`, and for
//! player characters `fatigue`; a detachment has a `members` track. The block holds the rest.

use super::{HEAVY_FROM_ITEM, model::Arms};
use crate::encounter::{Combatant, Encounter};
use crate::system::RuleError;
use crate::system::block_reader::read_block;
use serde::{Deserialize, Serialize};

/// How quick a weapon is; it decides which reactions work against it and the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// d6 and lighter.
    Fast,
    /// d8.
    Balanced,
    /// d10, bulky.
    Slow,
}

impl Speed {
    /// The speed a die implies when the block does not say.
    pub fn of_die(die: u32) -> Speed {
        match die {
            0..=6 => Speed::Fast,
            7..=8 => Speed::Balanced,
            _ => Speed::Slow,
        }
    }

    /// The word the GM reads.
    pub fn label(self) -> &'static str {
        match self {
            Speed::Fast => "fast",
            Speed::Balanced => "balanced",
            Speed::Slow => "slow",
        }
    }
}

/// A weapon or natural attack of a stat block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Name ("Longsword"). Shared, like the tags: a weapon is copied at every blow and
    /// reaction that asks what a combatant wields.
    pub name: std::sync::Arc<str>,
    /// Damage die: 4, 6, 8, 10 or 12.
    pub die: u32,
    /// Fast, balanced or slow; from the die when absent.
    #[serde(default)]
    pub speed: Option<Speed>,
    /// Reach: strikes first when closing in, last when engaged.
    #[serde(default)]
    pub reach: bool,
    /// A missile weapon (bow, sling): needs no closing in.
    #[serde(default)]
    pub ranged: bool,
    /// Hits everyone targeted, each rolled apart; not impaired against detachments.
    #[serde(default)]
    pub blast: bool,
    /// A magical attack: only heavy armour or a shield can be sacrificed against it.
    #[serde(default)]
    pub magic: bool,
    /// Thrown (a dagger, an axe, a spear let fly): a damage roll of 1 loses or breaks it.
    #[serde(default)]
    pub thrown: bool,
    /// Decayed (rusty, battered): it breaks the first time it rolls its maximum damage.
    #[serde(default)]
    pub decayed: bool,
    /// Tags (Heavy, Sweep, Brutal...), journaled when this weapon lands the blow.
    #[serde(default)]
    pub tags: std::sync::Arc<[String]>,
}

impl Weapon {
    /// The weapon's speed, from its die when the block does not say.
    pub fn speed(&self) -> Speed {
        self.speed.unwrap_or(Speed::of_die(self.die))
    }

    /// Bare hands: d4, fast, knocks out rather than kills.
    pub fn unarmed() -> Weapon {
        Weapon {
            name: "Unarmed".into(),
            die: 4,
            speed: Some(Speed::Fast),
            reach: false,
            ranged: false,
            blast: false,
            magic: false,
            thrown: false,
            decayed: false,
            tags: std::sync::Arc::new([]),
        }
    }

    /// The quick 1d4 strike at someone leaving a zone carelessly.
    pub fn free_strike() -> Weapon {
        Weapon { name: "Free strike".into(), ..Weapon::unarmed() }
    }

    /// A chair, a bottle, a bench: d6, d8 or d10, breaks after one attack. Its speed comes
    /// from its die (a bench is as slow as any d10).
    pub fn improvised(die: u32) -> Weapon {
        Weapon { name: format!("Improvised d{die}").into(), die, speed: None, ..Weapon::unarmed() }
    }
}

/// What sets a weapon's place in the order of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Traits {
    /// Fast, balanced or slow.
    pub speed: Speed,
    /// A reach weapon.
    pub reach: bool,
    /// Its damage die.
    pub die: u32,
}

impl Traits {
    /// A weapon's traits.
    pub fn of(w: &Weapon) -> Traits {
        Traits { speed: w.speed(), reach: w.reach, die: w.die }
    }
}

/// Which reactions a non-player combatant may use (player characters have them all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Reactions {
    /// Strike back after taking the blow.
    pub fight_back: bool,
    /// Impair fast and balanced attacks.
    pub block: bool,
    /// Impair balanced and slow attacks.
    pub dodge: bool,
    /// Contest the blow with its own.
    pub parry: bool,
}

impl Reactions {
    /// Every reaction.
    pub const ALL: Reactions =
        Reactions { fight_back: true, block: true, dodge: true, parry: true };

    /// Whether any reaction is allowed.
    pub fn any(self) -> bool {
        self.fight_back || self.block || self.dodge || self.parry
    }
}

/// The part of a block this system reads. Unknown keys belong to other parts of Fray
/// (`stats`, `tracks`, `notes`) and are ignored.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct BdpBlock {
    /// Weapons and natural attacks, in the order the GM lists them.
    pub weapons: Vec<Weapon>,
    /// Name of the worn armour ("Chainmail"), for the journal.
    pub armor_item: Option<String>,
    /// Carries a shield (its +1 counts while the `shield` stat is 1).
    pub shield: bool,
    /// Reactions of a non-player combatant; `None` = none (player characters have all).
    pub reactions: Option<Reactions>,
    /// Features (Charge, Pack tactics, Terrifying...), shown on the card.
    pub features: Vec<String>,
    /// A detachment: many bodies, one token, a `members` track.
    pub detachment: bool,
    /// Leads its side: its WIL may stand for the group's morale.
    pub leader: bool,
    /// Magic Dice it may invest in a spell (0 = no caster), at most 4: from skills and
    /// trinkets; a wand or staff's come on top (`wand_dice`).
    pub magic_dice: u32,
    /// Magic Dice a wand (1) or staff (2) held grants. Its `power` track counts the dice it
    /// may still negate; at 0 it is cracked and grants none until mended.
    pub wand_dice: u32,
    /// Inventory slots already filled by gear (player characters; 10 in all).
    pub slots_used: u32,
    /// Items broken in earlier fights (`weapon:N`), carried in by the campaign: no use until
    /// mended.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub broken: Vec<String>,
}

/// Most inventory slots a character has.
pub const SLOTS: i64 = 10;

/// Most armour anyone can have.
pub const ARMOR_CAP: i64 = 3;

impl BdpBlock {
    /// Reads a combatant's block; a malformed one is refused naming the combatant and field.
    pub fn of(c: &Combatant) -> Result<std::sync::Arc<BdpBlock>, RuleError> {
        // Read once per block and remembered (see `encounter::Block`).
        c.block.shared(|v| Self::read(&c.name, v))
    }

    /// Reads a block of `name` (a combatant or a library entry), naming it and the field
    /// when it is malformed: a die other than 4, 6, 8, 10 or 12, more than 4 Magic Dice.
    pub fn read(name: &str, block: &serde_json::Value) -> Result<BdpBlock, RuleError> {
        let block: BdpBlock = read_block(name, block)?;
        for (i, w) in block.weapons.iter().enumerate() {
            if !matches!(w.die, 4 | 6 | 8 | 10 | 12) {
                return Err(RuleError::Invalid(format!(
                    "{name}'s stat block: weapons[{i}] ({}): die must be 4, 6, 8, 10 or 12, not {}",
                    w.name, w.die
                )));
            }
        }
        if block.magic_dice > 4 {
            return Err(RuleError::Invalid(format!(
                "{name}'s stat block: magic_dice is at most 4, not {}",
                block.magic_dice
            )));
        }
        if block.wand_dice > 2 {
            return Err(RuleError::Invalid(format!(
                "{name}'s stat block: wand_dice is at most 2 (a staff), not {}",
                block.wand_dice
            )));
        }
        Ok(block)
    }

    /// Why an arms choice cannot be made with this block, if it cannot.
    fn arms_error(&self, arms: &Arms) -> Option<String> {
        let missing =
            |i: usize| (i >= self.weapons.len()).then(|| format!("there is no weapon #{}", i + 1));
        match arms {
            Arms::Weapon(i) => missing(*i),
            Arms::Dual(a, b) if a == b => Some("two weapons means two different ones".into()),
            Arms::Dual(a, b) => missing(*a).or_else(|| missing(*b)),
            Arms::Unarmed => None,
            Arms::Improvised(die) => {
                (!matches!(die, 6 | 8 | 10)).then(|| "an improvised weapon is d6, d8 or d10".into())
            }
        }
    }

    /// The weapons an arms choice strikes with.
    pub fn strikes(&self, arms: &Arms) -> Result<Vec<Weapon>, String> {
        if let Some(why) = self.arms_error(arms) {
            return Err(why);
        }
        Ok(match arms {
            Arms::Weapon(i) => vec![self.weapons[*i].clone()],
            Arms::Dual(a, b) => vec![self.weapons[*a].clone(), self.weapons[*b].clone()],
            Arms::Unarmed => vec![Weapon::unarmed()],
            Arms::Improvised(die) => vec![Weapon::improvised(*die)],
        })
    }

    /// What the order of a round reads of each weapon an arms choice strikes with (speed,
    /// reach, die), without copying the weapons: the order is worked out at every step of a
    /// simulated fight.
    pub fn strike_traits(&self, arms: &Arms) -> Result<[Option<Traits>; 2], String> {
        if let Some(why) = self.arms_error(arms) {
            return Err(why);
        }
        Ok(match arms {
            Arms::Weapon(i) => [Some(Traits::of(&self.weapons[*i])), None],
            Arms::Dual(a, b) => {
                [Some(Traits::of(&self.weapons[*a])), Some(Traits::of(&self.weapons[*b]))]
            }
            Arms::Unarmed => [Some(Traits::of(&Weapon::unarmed())), None],
            Arms::Improvised(die) => [Some(Traits::of(&Weapon::improvised(*die))), None],
        })
    }

    /// Whether every weapon of an arms choice is a missile weapon: what a declaration's
    /// class turns on, asked for every option of every declaration, so nothing is copied.
    pub fn all_ranged(&self, arms: &Arms) -> Result<bool, String> {
        if let Some(why) = self.arms_error(arms) {
            return Err(why);
        }
        Ok(match arms {
            Arms::Weapon(i) => self.weapons[*i].ranged,
            Arms::Dual(a, b) => self.weapons[*a].ranged && self.weapons[*b].ranged,
            Arms::Unarmed | Arms::Improvised(_) => false,
        })
    }

    /// What the combatant fights with when nothing was declared: its first weapon, or fists.
    pub fn default_arms(&self) -> Arms {
        if self.weapons.is_empty() { Arms::Unarmed } else { Arms::Weapon(0) }
    }
}

/// The Magic Dice a combatant has now: its own, and a wand's or staff's unless it is cracked
/// (its `power` track at 0: "when cracked, it does not grant MD until repaired").
pub fn magic_dice(c: &Combatant, block: &BdpBlock) -> u32 {
    let cracked = c.track("power").is_some_and(|t| t.value <= 0);
    block.magic_dice + if cracked { 0 } else { block.wand_dice }
}

/// The worn armour (without the shield).
pub fn worn_armor(c: &Combatant) -> i64 {
    c.stat("armor").unwrap_or(0).clamp(0, ARMOR_CAP)
}

/// Whether a shield is in hand now.
pub fn shield_held(c: &Combatant) -> bool {
    c.stat("shield").unwrap_or(0) > 0
}

/// Armour that counts against a blow: worn armour plus a held shield, never above 3.
pub fn armor(c: &Combatant) -> i64 {
    (worn_armor(c) + i64::from(shield_held(c))).min(ARMOR_CAP)
}

/// Heavy armour, for blocking and dodging. By default only a heavy armour item counts (the
/// text's example: chainmail and shield make 3 Armour yet blocking still tires); with the
/// setting off, 3 Armour from any mix counts.
pub fn heavy(enc: &Encounter, c: &Combatant) -> bool {
    if enc.flag(HEAVY_FROM_ITEM, true) { worn_armor(c) >= ARMOR_CAP } else { armor(c) >= ARMOR_CAP }
}

/// A player character: on the players' side and not a bestiary creature fighting for them
/// (hirelings and allies still check morale).
pub fn is_pc(enc: &Encounter, c: &Combatant) -> bool {
    let party = enc.side(c.side).is_some_and(|s| s.party);
    party && !c.source.as_deref().is_some_and(|s| s.starts_with("creature:"))
}

/// The reactions a combatant may use.
pub fn reactions(enc: &Encounter, c: &Combatant, block: &BdpBlock) -> Reactions {
    if is_pc(enc, c) { Reactions::ALL } else { block.reactions.unwrap_or_default() }
}

pub use crate::system::block_reader::track;

/// Conditions that take a combatant out of the fight (no turn, no reaction, not counted
/// as standing for morale).
pub const OUT: [&str; 6] = ["dead", "destroyed", "unconscious", "fled", "surrendered", "routed"];

/// Whether a combatant is out of the fight.
pub fn is_out(c: &Combatant) -> bool {
    crate::system::presentation::has_any(c, &OUT)
}

/// Slots filled: gear, Fatigue, severe and light wounds. Ten filled = no defence at all.
pub fn slots_filled(c: &Combatant, block: &BdpBlock) -> i64 {
    let wounds = c.stat("wounds").unwrap_or(0) + c.stat(super::rests::LIGHT_WOUNDS).unwrap_or(0);
    i64::from(block.slots_used) + track(c, "fatigue") + wounds
}
