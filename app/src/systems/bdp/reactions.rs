//! The defender's reactions to a blow: every one the rules know, each allowed or refused with
//! the reason and its Fatigue, and the items that may be given up to stop it.

use super::attack::wielded;
use super::block::{self, BdpBlock, Speed, Weapon};
use super::model::{PendingAttack, Reaction};
use crate::encounter::{Combatant, Encounter};
use crate::ids::CombatantId;
use crate::system::RuleError;
use std::borrow::Cow;

/// One reaction with whether it is allowed now, why not, and its Fatigue.
#[derive(Debug, Clone)]
pub(crate) struct ReactionOption {
    /// The answer.
    pub reaction: Reaction,
    /// Button label (see [`ReactionOption::label`]). Words are borrowed where they can be,
    /// here and below: the options are worked out for every blow (three times: offered,
    /// checked, answered).
    label: Cow<'static, str>,
    /// Allowed, or the reason it is not.
    pub allowed: Result<(), Refusal>,
    /// Fatigue it costs.
    pub fatigue: i64,
    /// A note (why it is free, what it changes).
    pub note: Option<&'static str>,
}

impl ReactionOption {
    /// The button label; a strike back names its attacker, written out only when asked.
    pub(crate) fn label(&self, enc: &Encounter) -> Cow<'static, str> {
        match self.reaction {
            Reaction::FightBack { against } => {
                format!("Fight back at {}", enc.name_of(against)).into()
            }
            Reaction::Parry { against } => format!("Parry {}", enc.name_of(against)).into(),
            _ => self.label.clone(),
        }
    }
}

/// Why a reaction is not allowed, written out only when shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// In these words.
    Said(Cow<'static, str>),
    /// The reaction (its name in the sentence) is not in the defender's stat block.
    NotInBlock(&'static str),
}

impl Refusal {
    /// The reason in words, for the defender named `defender`.
    pub(crate) fn words(&self, defender: &str) -> Cow<'static, str> {
        match self {
            Refusal::Said(words) => words.clone(),
            Refusal::NotInBlock(what) => format!("{what} is not in {defender}'s stat block").into(),
        }
    }
}

impl<T: Into<Cow<'static, str>>> From<T> for Refusal {
    fn from(words: T) -> Self {
        Refusal::Said(words.into())
    }
}

/// Every reaction the defender of `pending` could choose, each allowed or not with the reason.
pub(crate) fn reaction_options(
    enc: &Encounter,
    pending: &PendingAttack,
) -> Result<Vec<ReactionOption>, RuleError> {
    let t = enc.combatant(pending.target).ok_or(RuleError::UnknownCombatant(pending.target))?;
    let tb = BdpBlock::of(t)?;
    let can = block::reactions(enc, t, &tb);
    let pc = block::is_pc(enc, t);
    let unaware = t.conditions.contains("unaware");
    let d = Defender {
        enc,
        t,
        weapons: wielded(enc, t).unwrap_or_default(),
        pc,
        unaware,
        heavy: block::heavy(enc, t),
        shield: block::shield_held(t),
    };
    let mut out = vec![ReactionOption {
        reaction: Reaction::Defend,
        label: "Defend".into(),
        allowed: Ok(()),
        fatigue: 0,
        note: Some("take it on the guard"),
    }];
    for a in &pending.attackers {
        out.push(ReactionOption {
            reaction: Reaction::FightBack { against: *a },
            label: Cow::Borrowed(""),
            allowed: d.gate(can.fight_back, "Fighting back").and_then(|()| d.strike_back(*a)),
            fatigue: d.fatigue(1),
            note: None,
        });
    }
    out.push(block_option(&d, can.block));
    out.push(dodge_option(&d, can.dodge));
    for a in &pending.attackers {
        out.push(ReactionOption {
            reaction: Reaction::Parry { against: *a },
            label: Cow::Borrowed(""),
            allowed: d.gate(can.parry, "Parrying").and_then(|()| d.strike_back(*a)),
            fatigue: 0,
            note: Some("higher roll hits the other's STR; a tie, nothing"),
        });
    }
    // Giving up gear is a move of characters who defend themselves: PCs, and foes with
    // reactions of their own.
    let sacrifice = sacrifice_options(enc, t, &tb, pending, unaware);
    out.extend(sacrifice.into_iter().map(|mut o| {
        if !pc && !can.any() && o.allowed.is_ok() {
            o.allowed =
                Err(format!("{} does not react (no reactions in its stat block)", t.name).into());
        }
        o
    }));
    Ok(out)
}

/// What the defender brings to its reactions, read once for the blow.
struct Defender<'a> {
    /// The encounter.
    enc: &'a Encounter,
    /// The defender.
    t: &'a Combatant,
    /// Its weapons in hand.
    weapons: Vec<Weapon>,
    /// A player character's reactions cost Fatigue.
    pc: bool,
    /// Caught unaware: no reaction at all.
    unaware: bool,
    /// In heavy armour.
    heavy: bool,
    /// A shield in hand.
    shield: bool,
}

impl Defender<'_> {
    /// A reaction it may make at all: aware of the blow, and the reaction in its block (`has`;
    /// `what` names it).
    fn gate(&self, has: bool, what: &'static str) -> Result<(), Refusal> {
        if self.unaware {
            Err("unaware: no time to react".into())
        } else if !has {
            Err(Refusal::NotInBlock(what))
        } else {
            Ok(())
        }
    }

    /// The Fatigue a reaction costing `cost` takes (only a player character's).
    fn fatigue(&self, cost: i64) -> i64 {
        if self.pc { cost } else { 0 }
    }

    /// Whether it holds a weapon of speed `s`.
    fn any(&self, s: Speed) -> bool {
        self.weapons.iter().any(|w| w.speed() == s)
    }

    /// Fighting back and parrying are strikes: a weapon that is not broken, and the reach to
    /// hit the attacker `a` (the same zone, or a ranged weapon).
    fn strike_back(&self, a: CombatantId) -> Result<(), Refusal> {
        let (enc, t) = (self.enc, self.t);
        let ac = enc.combatant(a).ok_or_else(|| format!("{} is gone", enc.name_of(a)))?;
        let reach = crate::reach::in_melee(enc, ac, t) || self.weapons.iter().any(|w| w.ranged);
        if !reach {
            return Err(format!("cannot strike back at {}", ac.name).into());
        }
        wielded(enc, t).map(|_| ()).map_err(|e| e.to_string().into())
    }
}

/// Blocking: with a balanced or slow weapon or a shield; free with a shield or a slow weapon
/// in heavy armour.
fn block_option(d: &Defender, can: bool) -> ReactionOption {
    let block_ok = d.gate(can, "Blocking").and_then(|()| {
        if d.shield || d.any(Speed::Balanced) || d.any(Speed::Slow) {
            Ok(())
        } else {
            Err("needs a balanced or slow weapon, or a shield in hand".into())
        }
    });
    let block_free = d.heavy && (d.shield || d.any(Speed::Slow));
    ReactionOption {
        reaction: Reaction::Block,
        label: "Block".into(),
        allowed: block_ok,
        fatigue: d.fatigue(if block_free { 0 } else { 1 }),
        note: Some(if block_free {
            "free: shield or slow weapon in heavy armour"
        } else {
            "fast and balanced blows become d4"
        }),
    }
}

/// Dodging: never in heavy armour or with a slow weapon; free with fast weapons only in light
/// or no armour.
fn dodge_option(d: &Defender, can: bool) -> ReactionOption {
    let dodge_ok = d.gate(can, "Dodging").and_then(|()| {
        if d.heavy {
            Err("cannot dodge in heavy armour".into())
        } else if d.any(Speed::Slow) {
            Err("cannot dodge with a slow weapon".into())
        } else {
            Ok(())
        }
    });
    // Light or no Armor in all: a shield on top of leather makes it more than light.
    let dodge_free = d.weapons.iter().all(|w| w.speed() == Speed::Fast) && block::armor(d.t) <= 1;
    ReactionOption {
        reaction: Reaction::Dodge,
        label: "Dodge".into(),
        allowed: dodge_ok,
        fatigue: d.fatigue(if dodge_free { 0 } else { 1 }),
        note: Some(if dodge_free {
            "free: fast weapon, light or no armour"
        } else {
            "balanced and slow blows become d4"
        }),
    }
}

/// Gear the defender could give up to stop the blow.
fn sacrifice_options(
    enc: &Encounter,
    t: &Combatant,
    tb: &BdpBlock,
    pending: &PendingAttack,
    unaware: bool,
) -> Vec<ReactionOption> {
    // A spell or magical weapon can only be stopped by heavy armour or a shield.
    let magic = pending.attackers.iter().any(|a| {
        enc.combatant(*a)
            .and_then(|c| wielded(enc, c).ok())
            .is_some_and(|ws| ws.iter().any(|w| w.magic))
    });
    let hp = block::track(t, "hp");
    let mut items: Vec<(String, String, Result<(), Refusal>)> = Vec::new();
    if block::shield_held(t) {
        items.push(("shield".into(), "shield".into(), Ok(())));
    }
    let worn = block::worn_armor(t);
    if worn > 0 {
        let name = tb.armor_item.clone().unwrap_or_else(|| "armour".into());
        let ok = match (magic, worn) {
            (true, 3) | (false, 2..) => Ok(()),
            (true, _) => Err("only heavy armour stops magic".into()),
            (false, _) => Err("light armour cannot stop a blow".into()),
        };
        items.push(("armor".into(), name, ok));
    }
    for (i, w) in tb.weapons.iter().enumerate() {
        let key = format!("weapon:{i}");
        if w.speed() == Speed::Fast
            || tb.broken.contains(&key)
            || enc.bdp().broken.contains(&(t.id, key.clone()))
        {
            continue;
        }
        let ok =
            if magic { Err("only heavy armour or a shield stops magic".into()) } else { Ok(()) };
        items.push((key, w.name.to_string(), ok));
    }
    items
        .into_iter()
        .map(|(item, name, ok)| {
            let allowed = if unaware { Err("unaware: no time to react".into()) } else { ok };
            let label = if hp > 0 {
                format!("Drop to 0 HP and sacrifice the {name}").into()
            } else {
                format!("Sacrifice the {name}").into()
            };
            ReactionOption {
                reaction: Reaction::Sacrifice { item },
                label,
                allowed,
                fatigue: 0,
                note: Some("stops this blow; the item breaks"),
            }
        })
        .collect()
}
