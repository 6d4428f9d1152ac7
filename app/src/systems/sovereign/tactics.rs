//! How Sovereign is fought when the app plays it (encounter odds).

use super::attack::{feet_left, move_ft};
use super::model::{Manner, SovCommand};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::simulate::policy::{self, LAST_RESORT, Look, Tactics, target_worth};
use crate::space::grid::{Footprint, GridPos};
use crate::space::{self, path::Passage};
use crate::system::Owned;
use crate::system::{Prompt, PromptOption, Rules};

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
        let command = super::Sovereign::own_ref(&option.command)?;
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

    /// The acting combatant walks toward the nearest foe it can reach when none is next to
    /// it: by the cheapest path round walls and doors, within its Move when that ends next to
    /// the foe, else as far along as its Move and Main allow.
    fn own_move(&self, enc: &Encounter, _: &Look) -> Option<Command> {
        let system = &super::Sovereign;
        let id = *system.acting(enc).first()?;
        let me = enc.combatant(id)?;
        let standing = |c: &&crate::encounter::Combatant| {
            policy::foes(enc, id, c.id) && !system.is_out(enc, c)
        };
        if enc.combatants.values().filter(standing).any(|c| space::in_melee(enc, me, c)) {
            return None;
        }
        let grid = enc.grid.as_ref()?;
        let passage = Passage::new(grid);
        let moves = space::moves(enc, &passage, me);
        let from = me.square?;
        let left = feet_left(enc, id);
        // Keep the Main for the attack when one Move is enough to reach.
        let main_unspent = !enc.sovereign().mains.contains(&id);
        let one_move = if main_unspent { left.saturating_sub(move_ft(me)) } else { left };
        // The foes by straight distance; the first with a way to it is walked to.
        let mut foes: Vec<_> = enc
            .combatants
            .values()
            .filter(standing)
            .filter_map(|c| Some((me.footprint()?.squares_to(c.footprint()?), c.footprint()?)))
            .collect();
        foes.sort_by_key(|(d, f)| (*d, f.at.y, f.at.x));
        let path = foes.iter().find_map(|(_, foe)| {
            next_to(*foe, me.size)
                .filter_map(|at| moves.path(from, at).ok())
                .min_by_key(|p| (p.cost_ft, p.squares.last().map(|s| (s.y, s.x))))
        })?;
        let budget = if path.cost_ft <= one_move { one_move } else { left };
        // The farthest square along the path within the budget where it may stop.
        let to = path
            .squares
            .iter()
            .rev()
            .find(|at| **at != from && moves.within(from, **at, budget).is_ok())?;
        Some(Command::Step { id, to: *to })
    }
}

/// The top-left squares from which a mover of `size` stands next to `foe`.
fn next_to(foe: Footprint, size: u8) -> impl Iterator<Item = GridPos> {
    let (s, f) = (i32::from(size), i32::from(foe.size));
    let (x0, y0) = (i32::from(foe.at.x), i32::from(foe.at.y));
    (y0 - s..=y0 + f).flat_map(move |y| (x0 - s..=x0 + f).map(move |x| (x, y))).filter_map(
        move |(x, y)| {
            let at = GridPos { x: u16::try_from(x).ok()?, y: u16::try_from(y).ok()? };
            let here = Footprint { at, size };
            (here.squares_to(foe) == 1).then_some(at)
        },
    )
}
