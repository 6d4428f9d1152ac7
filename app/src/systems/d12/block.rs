//! A combatant's numbers as this procedure reads them: the stat block's attacks and spells,
//! the modifiers, Defense and Armour, and Stress and Wound Points worked out from HD and STR.

use crate::command::NewCombatant;
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter, Track};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::system::block_reader::read_block;
use crate::system::{Ctx, RuleError};
use serde::Deserialize;

/// Rule tag of the rolled maximum Stress.
const R_STRESS: &str = "d12.stress";

/// Track: stamina, spent first.
pub const STRESS: &str = "stress";
/// Track: the body, equal to the STR score.
pub const WP: &str = "wp";
/// Stat: the STR score.
pub const STR: &str = "str";
/// Stat: the Strength modifier.
pub const STR_MOD: &str = "str mod";
/// Stat: the Agility modifier.
pub const AGI_MOD: &str = "agi mod";
/// Stat: the Insight modifier.
pub const INS_MOD: &str = "ins mod";
/// Stat: Hit Dice (their number).
pub const HD: &str = "hd";
/// Stat: bonus to Defense on top of 10 + AGI modifier.
pub const DEFENSE_BONUS: &str = "defense bonus";
/// Stat: taken off every hit.
pub const ARMOUR: &str = "armour";
/// Stat: the Heal skill.
pub const HEAL: &str = "heal";
/// Stat: the Intimidation skill.
pub const INTIMIDATE: &str = "intimidate";

/// One attack of a stat block.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// Name ("Longsword", "Claws").
    pub name: String,
    /// Damage dice.
    pub damage: Dice,
    /// Damage types ("blunt"...); the first is the wound's type on an ordinary hit.
    #[serde(default)]
    pub types: Vec<String>,
    /// Initiative modifier when attacking with it.
    #[serde(default)]
    pub speed: i64,
    /// Critical multiplier (2, 3 or 4).
    #[serde(default = "two")]
    pub crit: i64,
    /// Attack bonus.
    #[serde(default)]
    pub bonus: i64,
}

fn two() -> i64 {
    2
}

impl Attack {
    /// The damage type of an ordinary hit.
    pub fn main_type(&self) -> &str {
        self.types.first().map_or("untyped", String::as_str)
    }
}

/// One spell of a stat block.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    /// Name.
    pub name: String,
    /// Casting target number.
    pub tn: i64,
}

/// The parts of a block this procedure reads; the rest (notes, the shared stats and tracks)
/// is left alone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct D12Block {
    /// Hit Dice ("5d8").
    #[serde(default)]
    pub hd: Option<Dice>,
    /// Attacks.
    #[serde(default)]
    pub attacks: Vec<Attack>,
    /// Spells.
    #[serde(default)]
    pub spells: Vec<Spell>,
    /// Wounds carried in from earlier fights, not yet healed (the injury log as the last
    /// rest left it): the worst of them still sets the TN to stabilize.
    #[serde(default)]
    pub wounds: Vec<CarriedWound>,
}

/// A wound of the injury log carried into the fight.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct CarriedWound {
    /// Its damage type ("blunt").
    #[serde(rename = "type", default)]
    pub damage_type: String,
    /// The Wound Points it still costs.
    #[serde(default)]
    pub amount: i64,
}

impl D12Block {
    /// Reads a combatant's block, naming the combatant and the field when it is malformed.
    pub fn of(c: &Combatant) -> Result<std::sync::Arc<D12Block>, RuleError> {
        // Read once per block and remembered (see `encounter::Block`).
        c.block.shared(|v| Self::read(&c.name, v))
    }

    /// Reads a block of `name`.
    pub fn read(name: &str, block: &serde_json::Value) -> Result<D12Block, RuleError> {
        read_block(name, block)
    }
}

pub use crate::system::block_reader::stat;

/// Defense: 10 + AGI modifier + bonus, + 4 on full defense.
pub fn defense(c: &Combatant, full_defense: bool) -> i64 {
    10 + stat(c, AGI_MOD) + stat(c, DEFENSE_BONUS) + if full_defense { 4 } else { 0 }
}

/// The base initiative dice: d12 − AGI modifier (a +2 modifier rolls 1d12−2).
pub fn initiative_dice(c: &Combatant) -> Dice {
    Dice::die(12).plus(-stat(c, AGI_MOD))
}

/// Maximum Stress as dice: the HD dice + STR modifier × their number ("5d8+15").
pub fn stress_dice(hd: &Dice, str_mod: i64) -> Dice {
    hd.clone().plus(str_mod * i64::from(hd.dice_count()))
}

/// The average of [`stress_dice`] (37.5 for 5d8+15), which a new combatant starts with
/// (rounded down).
pub fn stress_average(hd: &Dice, str_mod: i64) -> f64 {
    stress_dice(hd, str_mod).average()
}

/// Completes a new combatant: HD from its dice, Stress and Wound Points when the block
/// does not give them. A missing STR score is an error naming the combatant.
pub fn complete(mut new: NewCombatant) -> Result<NewCombatant, RuleError> {
    let block = D12Block::read(&new.name, &new.block)?;
    let get = |n: &NewCombatant, s: &str| n.stats.iter().find(|x| x.name == s).map(|x| x.value);
    let has_track = |n: &NewCombatant, t: &str| n.tracks.iter().any(|x| x.name == t);
    if !has_track(&new, WP) {
        let Some(score) = get(&new, STR).filter(|s| *s > 0) else {
            return Err(RuleError::Invalid(format!(
                "{}: the stat block needs a STR score (stats.str) for its Wound Points",
                new.name
            )));
        };
        new.tracks.insert(0, Track { name: WP.into(), value: score, max: score });
    }
    if let Some(hd) = &block.hd {
        if get(&new, HD).is_none() {
            new.stats
                .push(crate::encounter::Stat { name: HD.into(), value: hd.dice_count().into() });
        }
        if !has_track(&new, STRESS) {
            let avg = stress_average(hd, get(&new, STR_MOD).unwrap_or(0)).floor() as i64;
            let avg = avg.max(0);
            new.tracks.insert(0, Track { name: STRESS.into(), value: avg, max: avg });
        }
    }
    Ok(new)
}

/// With the setting to roll maximum Stress: after the newcomers of `events` are added, each
/// with Hit Dice rolls them (+ STR modifier each) for its maximum Stress, and starts full.
pub fn roll_stress(
    enc: &mut Encounter,
    events: Vec<Event>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let added: Vec<CombatantId> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::CombatantAdded { combatant } => Some(combatant.id),
            _ => None,
        })
        .collect();
    let mut ctx = Ctx::new(enc, dice);
    ctx.adopt(events);
    for id in added {
        let c = ctx.snapshot(id)?;
        let Ok(Some(hd)) = D12Block::of(&c).map(|b| b.hd.clone()) else { continue };
        let expr = stress_dice(&hd, stat(&c, STR_MOD));
        let roll =
            ctx.roll(R_STRESS, Some(id), &expr, format_args!("{}'s maximum Stress", c.name))?;
        let max = roll.total.max(0);
        ctx.push(R_STRESS, Some(id), EventKind::TrackMaxSet { id, track: STRESS.into(), max });
        ctx.set_track(R_STRESS, id, STRESS, max);
    }
    Ok(ctx.finish())
}
