//! How Sovereign is fought when the app plays it (encounter odds).

use super::attack::{feet_left, move_ft};
use super::model::{Manner, SovCommand};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::simulate::policy::{self, LAST_RESORT, Look, Tactics, target_worth};
use crate::space::{self, path::Passage};
use crate::system::{Prompt, PromptOption, System};

/// The Sovereign way of fighting.
pub struct SovTactics;

impl Tactics for SovTactics {
    fn assumptions(&self) -> &'static [&'static str] {
        &[
            "Nobody is caught unaware and nobody is executed before the fight; sides roll initiative by the rules.",
            "On its turn each combatant attacks the best foe it can (two weapons when it has them), walking first toward the nearest foe by the shortest path — within its Move when that reaches, else spending its Main as a second Move; no charges, swarms, shoves, screens or held actions.",
            "A character at 0 HP next to an ally is given first aid when the ally can; Veteran's Luck is used whenever it helps; nobody takes Total Defense.",
            "Every foe strikes at one walking out of its reach; foes at half HP fight on unless the 2d6 morale setting is on, then they roll.",
        ]
    }

    fn worth(&self, enc: &Encounter, _: &Prompt, option: &PromptOption, _: &Look) -> Option<i32> {
        let Command::Sovereign(command) = &option.command else { return None };
        match command {
            SovCommand::Attack { attacker, target, manner, .. } => {
                let bonus = match manner {
                    Manner::Plain => 0,
                    Manner::Dual => 1,
                    _ => return None,
                };
                Some(100 + bonus + target_worth(&super::Sovereign, enc, *attacker, *target) / 100)
            }
            SovCommand::Heal { healer, .. } if enc.is_party(*healer) => Some(120),
            SovCommand::Luck { .. } => Some(20),
            SovCommand::Answer { total_defense: false } => Some(0),
            SovCommand::Opportunity { strike: true, .. } => Some(50),
            SovCommand::Opportunity { strike: false, .. } => Some(LAST_RESORT),
            SovCommand::Reload { .. } => Some(30),
            SovCommand::StandUp { .. } => Some(40),
            SovCommand::Morale { retreats: None, .. } => Some(1),
            SovCommand::Morale { retreats: Some(false), .. } => Some(0),
            _ => None,
        }
    }

    /// The acting combatant walks toward the nearest foe when none is next to it.
    fn own_move(&self, enc: &Encounter, _: &Look) -> Option<Command> {
        let system = &super::Sovereign;
        let id = *system.acting(enc).first()?;
        let me = enc.combatant(id)?;
        if enc.combatants.values().any(|c| {
            policy::foes(enc, id, c.id) && !system.is_out(enc, c) && space::in_melee(enc, me, c)
        }) {
            return None;
        }
        let (foe, _) = policy::nearest_foe(system, enc, id)?;
        let foe = enc.combatant(foe)?.footprint()?;
        let grid = enc.grid.as_ref()?;
        let passage = Passage::new(grid);
        let moves = space::moves(enc, &passage, me);
        let left = feet_left(enc, id);
        // Keep the Main for the attack when one Move is enough to reach.
        let main_unspent = !enc.sovereign().mains.contains(&id);
        let one_move = if main_unspent { left.saturating_sub(move_ft(me)) } else { left };
        let from = me.square?;
        let size = me.size;
        let best = |budget: u32| {
            moves
                .reachable(from, budget)
                .into_iter()
                .map(|(at, cost)| {
                    let there = crate::space::grid::Footprint { at, size };
                    (there.squares_to(foe), cost, at)
                })
                .min()
        };
        let (gap, _, at) = match best(one_move) {
            Some(b) if b.0 <= 1 => b,
            _ => best(left)?,
        };
        let here = me.footprint()?.squares_to(foe);
        (gap < here).then_some(Command::Step { id, to: at })
    }
}
