//! How Block, Dodge, Parry is fought when the app plays it (encounter odds): every option
//! weighed by [`Tactics::worth`]; the choosing itself is shared (`simulate::policy`).

use super::block::BdpBlock;
use super::block::Speed;
use super::model::{Arms, BdpCommand, Edge, Intent, Reaction};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::simulate::policy::{Look, Tactics, target_worth};
use crate::system::Owned;
use crate::system::{Prompt, PromptOption};

/// The bdp way of fighting.
pub struct BdpTactics;

impl Tactics for BdpTactics {
    fn assumptions(&self) -> &'static [&'static str] {
        &[
            "Each combatant declares an attack with its best listed weapon (the largest die) on the best foe, or moves one zone toward the nearest; no gambits, improvised weapons or holding.",
            "A caster casts when it pays: when it can invest two Magic Dice or more (2d6, more than any weapon's die on average) while keeping half its empty slots for the Fatigue; it puts every die on the best foe.",
            "A defender at 0 HP gives up gear to stop a blow when it can; otherwise it blocks or dodges when that impairs the blow, else takes the blow on its guard.",
            "Free strikes at someone leaving are always taken; ties are broken with the DEX save.",
            "Morale is rolled when due, and a broken group flees.",
        ]
    }

    fn worth(&self, enc: &Encounter, _: &Prompt, option: &PromptOption, _: &Look) -> Option<i32> {
        let command = super::Bdp::own_ref(&option.command)?;
        match command {
            BdpCommand::Declare { id, intent, class: None, no_reach: false } => {
                declare_worth(enc, *id, intent)
            }
            BdpCommand::BreakTie { .. } => Some(0),
            BdpCommand::Attack { attackers, targets, edge: Edge::Normal, nonlethal: false } => {
                let (a, t) = (attackers.first()?, targets.first()?);
                Some(100 + target_worth(&super::Bdp, enc, *a, *t) / 100)
            }
            BdpCommand::React { reaction } => Some(reaction_worth(enc, option, reaction)),
            BdpCommand::FreeAttack { .. } => Some(50),
            BdpCommand::Retreat { .. } => Some(0),
            BdpCommand::Morale { on_fail: super::model::Broken::Flee, leader, .. } => {
                Some(if leader.is_some() { 1 } else { 0 })
            }
            BdpCommand::DeclineCounter => Some(0),
            BdpCommand::Cast { caster, dice } => {
                (spell_dice(enc, *caster) == Some(*dice)).then_some(100)
            }
            BdpCommand::SpellDamage { targets, blast: false, .. } => {
                let caster = enc.bdp().spell.as_ref()?.0;
                let target = targets.first()?;
                Some(100 + target_worth(&super::Bdp, enc, caster, *target) / 100)
            }
            BdpCommand::EndSpell => Some(0),
            _ => None,
        }
    }
}

/// A declaration's worth: an attack with a listed weapon on the best target first (one that
/// needs no closing in before one that does), then a move toward the nearest foe.
fn declare_worth(enc: &Encounter, id: CombatantId, intent: &Intent) -> Option<i32> {
    match intent {
        Intent::Cast { target: None, fast: false } => spell_dice(enc, id).map(|_| 20_000),
        Intent::Attack { target, arms, moving: false } => {
            let die = arms_die(enc, id, arms)?;
            Some(10_000 + target_worth(&super::Bdp, enc, id, *target) * 10 + die as i32)
        }
        Intent::Move { to } => {
            // The way toward a foe is always a zone next door: no need to look further.
            let here = enc.combatant(id)?.zone?;
            if !enc.zone(here)?.adjacent.contains(to) {
                return None;
            }
            let toward = crate::simulate::policy::zone_toward_foe(&super::Bdp, enc, id)?;
            (toward == *to).then_some(1_000)
        }
        _ => None,
    }
}

/// How many Magic Dice `id` would invest in a spell now, when casting pays: as many as it
/// has (four at most), a character keeping half its empty slots free for the Fatigue each
/// 4–6 brings; `None` below two dice, where a weapon does as well.
fn spell_dice(enc: &Encounter, id: CombatantId) -> Option<u32> {
    let c = enc.combatant(id)?;
    let b = BdpBlock::of(c).ok()?;
    let mut dice = super::block::magic_dice(c, &b).min(super::magic::MAX_DICE);
    if super::block::is_pc(enc, c) {
        let free = super::block::SLOTS - super::block::slots_filled(c, &b);
        dice = dice.min(u32::try_from(free / 2).unwrap_or(0));
    }
    (dice >= 2).then_some(dice)
}

/// The damage die of a listed weapon (two at once: the larger); improvised arms and fists
/// are never chosen.
fn arms_die(enc: &Encounter, id: CombatantId, arms: &Arms) -> Option<u32> {
    let block = BdpBlock::of(enc.combatant(id)?).ok()?;
    let die = |i: &usize| block.weapons.get(*i).map(|w| w.die);
    match arms {
        Arms::Weapon(i) => die(i),
        Arms::Dual(a, b) => Some(die(a)?.max(die(b)?)),
        Arms::Unarmed | Arms::Improvised(_) => None,
    }
}

/// A reaction's worth: stop the blow with gear at 0 HP, impair it (for free before at a
/// Fatigue), else take it on the guard. Parrying and fighting back are left to players.
fn reaction_worth(enc: &Encounter, option: &PromptOption, reaction: &Reaction) -> i32 {
    let Some(pending) = &enc.bdp().attack else { return 0 };
    let Some(defender) = enc.combatant(pending.target) else { return 0 };
    let free = option.cost.is_none();
    let speeds: Vec<Speed> = pending
        .attackers
        .iter()
        .filter_map(|a| enc.combatant(*a))
        .filter_map(|a| super::attack::wielded(enc, a).ok())
        .flatten()
        .map(|w| w.speed())
        .collect();
    let impairs = |spared: Speed| !speeds.is_empty() && !speeds.contains(&spared);
    match reaction {
        Reaction::Sacrifice { item } if super::block::track(defender, "hp") <= 0 => {
            if item == "shield" { 50 } else { 45 }
        }
        Reaction::Block if impairs(Speed::Slow) => {
            if free {
                35
            } else {
                25
            }
        }
        Reaction::Dodge if impairs(Speed::Fast) => {
            if free {
                35
            } else {
                25
            }
        }
        Reaction::Defend => 10,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use crate::Command;
    use crate::dice::SeededDice;
    use crate::simulate::policy::{Look, choose};
    use crate::system::Rules;
    use crate::systems::bdp::Bdp;
    use crate::systems::bdp::model::{BdpCommand, Reaction};

    /// Ann (shield, leather, `hp` HP) waits; the orc strikes her with a weapon of `die`, and
    /// the blow waits for her reaction. What does the policy answer?
    fn answer(die: u32, hp: i64) -> Command {
        let script = format!(
            "system bdp\nside Party party\nside Foes\nzone Hall\n\
             add Ann side Party zone Hall stat armor=1 shield=1 track hp={hp}/5 str=12 dex=12 wil=10 fatigue=0/10 block {{\"shield\": true, \"weapons\": [{{\"name\": \"Sword\", \"die\": 8}}]}}\n\
             add Orc side Foes zone Hall track hp=5 str=12 dex=10 wil=8 block {{\"weapons\": [{{\"name\": \"Club\", \"die\": {die}}}]}}\n\
             next\ndeclare Ann other \"watches\"\ndeclare Orc attack Ann\nnext\nnext\n"
        );
        let mut h = crate::systems::run_script("reactions.fray", &script).expect("the script runs");
        // Whoever goes first, play on until the orc's blow waits for Ann.
        let mut coin = SeededDice::new(1, 1);
        while h.state().bdp().attack.is_none() {
            let look = Look { refused: &[], stuck: false, taken: &[] };
            let next = choose(&Bdp, Bdp.tactics().unwrap(), h.state(), &look, &mut coin)
                .unwrap_or(Command::Advance);
            let mut dice = SeededDice::new(2, h.next_stream());
            h.execute(next, &mut dice).expect("a step the rules take");
        }
        let look = Look { refused: &[], stuck: false, taken: &[] };
        choose(&Bdp, Bdp.tactics().unwrap(), h.state(), &look, &mut coin).expect("an answer")
    }

    /// The commands the policy takes in round 1 for a caster with three Magic Dice and
    /// `slots_used` slots filled, against an orc.
    fn caster_round(slots_used: u32) -> Vec<Command> {
        let script = format!(
            "system bdp\nside Party party\nside Foes\nzone Hall\n\
             add Mage side Party zone Hall track hp=4/4 str=8 dex=13 wil=15 fatigue=0/10 block {{\"magic_dice\": 3, \"slots_used\": {slots_used}, \"weapons\": [{{\"name\": \"Staff\", \"die\": 6}}]}}\n\
             add Orc side Foes zone Hall track hp=12 str=16 dex=10 wil=8 block {{\"weapons\": [{{\"name\": \"Club\", \"die\": 6}}]}}\n\
             next\n"
        );
        let mut h = crate::systems::run_script("caster.fray", &script).expect("the script runs");
        let mut coin = SeededDice::new(1, 1);
        let mut taken = Vec::new();
        while h.state().round == 1 && taken.len() < 40 {
            let look = Look { refused: &[], stuck: false, taken: &[] };
            let next = choose(&Bdp, Bdp.tactics().unwrap(), h.state(), &look, &mut coin)
                .unwrap_or(Command::Advance);
            let mut dice = SeededDice::new(3, h.next_stream());
            h.execute(next.clone(), &mut dice).expect("a step the rules take");
            taken.push(next);
        }
        taken
    }

    #[test]
    fn a_caster_casts_when_it_pays_and_spends_the_dice_on_a_foe() {
        use crate::systems::bdp::model::Intent;
        let bdp = |c: &Command| <super::super::Bdp as crate::system::Owned>::own_ref(c).cloned();
        // Seven empty slots: three dice, the most it has, keeping half the slots free.
        let taken: Vec<BdpCommand> = caster_round(3).iter().filter_map(bdp).collect();
        // Sides take the first ids: the mage is 4, the orc 5.
        let (mage_id, orc_id) = (crate::ids::CombatantId(4), crate::ids::CombatantId(5));
        let declared =
            |b: &BdpCommand| matches!(b, BdpCommand::Declare { id, .. } if *id == mage_id);
        let mage = taken.iter().find(|b| declared(b)).expect("the mage declares");
        assert!(
            matches!(mage, BdpCommand::Declare { intent: Intent::Cast { fast: false, .. }, .. }),
            "{mage:?}"
        );
        assert!(taken.contains(&BdpCommand::Cast { caster: mage_id, dice: 3 }), "{taken:?}");
        assert!(
            taken.iter().any(|b| matches!(b, BdpCommand::SpellDamage { targets, .. }
                if targets == &[orc_id])),
            "every die on the orc: {taken:?}"
        );
        // Three empty slots: one die at most, where the staff does as well.
        let taken: Vec<BdpCommand> = caster_round(7).iter().filter_map(bdp).collect();
        let mage = taken.iter().find(|b| declared(b)).expect("the mage declares");
        assert!(
            matches!(mage, BdpCommand::Declare { intent: Intent::Attack { .. }, .. }),
            "{mage:?}"
        );
        assert!(!taken.iter().any(|b| matches!(b, BdpCommand::Cast { .. })));
    }

    fn react(reaction: Reaction) -> Command {
        BdpCommand::React { reaction }.into()
    }

    #[test]
    fn a_defender_takes_the_reaction_that_impairs_the_blow_or_gives_up_gear_at_zero() {
        // A fast knife (d4): blocking impairs it, dodging would not.
        assert_eq!(answer(4, 5), react(Reaction::Block));
        // A slow maul (d12): dodging impairs it, blocking would not.
        assert_eq!(answer(12, 5), react(Reaction::Dodge));
        // At 0 HP the shield is given up to stop the blow.
        assert_eq!(answer(4, 0), react(Reaction::Sacrifice { item: "shield".into() }));
    }
}
