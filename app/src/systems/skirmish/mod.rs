//! Skirmish (`skirmish`), a sixth procedure built for the tests alone: the fixture that proves
//! a procedure is its own folder and one line in the list of `systems/mod.rs`. Nothing outside
//! this folder knows it.
//!
//! Each round every side rolls a d6 and the highest acts first (a tie goes to the side added
//! first); the sides then act in that order, each of their combatants once: an attack on a foe
//! in the same zone, where both roll a d20 and the higher hits (a tie misses) for a d6 off HP
//! (dead at 0), or a pass. At the end of the round a side that has lost half its number or more
//! checks morale: 2d6 over its morale (7 unless a block says) and those still standing flee.

mod model;
mod prompts;
#[cfg(test)]
mod tests;

pub use model::{SkirmishCommand, SkirmishEvent, SkirmishState};

use crate::command::Command;
use crate::dice::{Dice, DiceSource};
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, SideId};
use crate::journal::Style;
use crate::journal::line::who;
use crate::space::{Distance, RangeBand, band_from_table};
use crate::system::Step as _;
use crate::system::presentation::standing;
use crate::system::schema::{Field, Kind};
use crate::system::{BlockSchema, Ctx, Phase, Procedure, Prompt, RuleError, Rules};

/// The skirmish procedure.
#[derive(Debug, Clone, Copy, Default)]
pub struct Skirmish;

crate::system::steps! {
    /// Each side rolls for the round.
    Initiative = "initiative", "Initiative";
    /// The sides act in turn.
    Turns = "turns", "Turns";
    /// Sides that lost half their number check morale.
    Morale = "morale", "Morale";
}

const SCHEMA: BlockSchema = BlockSchema {
    fields: &[
        Field::new("tracks.hp", "HP", Kind::Track { min: 0, max: 99 }).required().default("4"),
        Field::new("stats.morale", "Morale", Kind::Whole { min: 2, max: 12, only: &[] }),
    ],
};

const R_ROUND: &str = "skirmish.round";
const R_ATTACK: &str = "skirmish.attack";
const R_MORALE: &str = "skirmish.morale";

crate::system::registry::own_types!(Skirmish: SkirmishCommand, SkirmishEvent, SkirmishState => skirmish);

impl Procedure for Skirmish {
    const ID: &'static str = "skirmish";
    const NAME: &'static str = "Skirmish";
    const SYSTEM: &'static dyn crate::system::System = &Skirmish;
    const PHASES: &'static [Phase] = PHASES;
    type Step = Step;
    const SCHEMA: BlockSchema = SCHEMA;
    type Command = SkirmishCommand;
    type Event = SkirmishEvent;
    type State = SkirmishState;

    fn handle_own(
        &self,
        enc: &mut Encounter,
        command: SkirmishCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        let id = match command {
            SkirmishCommand::Attack { attacker, .. } | SkirmishCommand::Pass { id: attacker } => {
                attacker
            }
        };
        if prompts::next_to_act(enc) != Some(id) {
            return Err(RuleError::NotAllowed(format!("{} is not to act now", enc.name_of(id))));
        }
        let mut ctx = Ctx::new(enc, dice);
        if let SkirmishCommand::Attack { attacker, target } = command {
            attack(&mut ctx, attacker, target)?;
        }
        ctx.emit(R_ROUND, Some(id), SkirmishEvent::Acted { id });
        Ok(ctx.finish())
    }

    fn handle_other(
        &self,
        enc: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match command {
            Command::Advance => advance(enc, dice),
            other => crate::system::handle_common(self, enc, other, dice),
        }
    }

    fn verbs_of(command: &SkirmishCommand) -> Vec<&'static str> {
        vec![match command {
            SkirmishCommand::Attack { .. } => "attack",
            SkirmishCommand::Pass { .. } => "pass",
        }]
    }

    fn script(&self, enc: &Encounter, verb: &str, args: &[String]) -> Result<Command, String> {
        let named = |i: usize| {
            let name = args.get(i).ok_or_else(|| format!("'{verb}' needs a name"))?;
            enc.combatant_named(name).map(|c| c.id).ok_or_else(|| format!("no '{name}' here"))
        };
        match verb {
            "attack" => Ok(SkirmishCommand::Attack { attacker: named(0)?, target: named(1)? }),
            "pass" => Ok(SkirmishCommand::Pass { id: named(0)? }),
            other => Err(format!("Skirmish has no '{other}' command")),
        }
        .map(Command::from)
    }

    fn journal(out: &mut String, enc: &Encounter, event: &SkirmishEvent, s: &dyn Style) {
        match event {
            SkirmishEvent::SideFirst { side } => {
                let name = enc.side(*side).map_or("?", |x| x.name.as_str());
                s.place(out, name);
                out.push_str(" acts first");
            }
            SkirmishEvent::Acted { id } => {
                who(out, enc, *id, s);
                out.push_str(" has acted");
            }
        }
    }
}

impl Rules for Skirmish {
    fn prompts_worded(&self, enc: &Encounter, _: crate::system::Wording) -> Vec<Prompt> {
        prompts::prompts(enc)
    }

    fn range_band(&self, distance: Option<Distance>) -> RangeBand {
        band_from_table(distance, &[(0, "Close"), (1, "Near")], &[], "Far")
    }

    fn has_acted(&self, enc: &Encounter, id: CombatantId) -> bool {
        enc.skirmish().acted.contains(&id)
    }

    fn script_verbs(&self) -> &'static [&'static str] {
        &["attack", "pass"]
    }
}

/// Whether `c` can still fight.
fn stands(c: &Combatant) -> bool {
    !standing(c).is_out()
}

/// Both roll a d20, the higher hits for a d6 off HP; at 0 the target is dead.
fn attack(ctx: &mut Ctx<'_>, attacker: CombatantId, target: CombatantId) -> Result<(), RuleError> {
    let (a, t) = (ctx.snapshot(attacker)?, ctx.snapshot(target)?);
    if a.side == t.side || !stands(&t) || a.zone.is_none() || a.zone != t.zone {
        return Err(RuleError::NotAllowed(format!("{} cannot reach {}", a.name, t.name)));
    }
    let hit = ctx.die(R_ATTACK, Some(attacker), 20, "attack")?;
    let parry = ctx.die(R_ATTACK, Some(target), 20, "defence")?;
    if hit <= parry {
        ctx.ruling(
            R_ATTACK,
            Some(attacker),
            format_args!("{hit} against {parry}: {} misses", a.name),
        );
        return Ok(());
    }
    let damage = ctx.roll(R_ATTACK, Some(attacker), &Dice::die(6), "damage")?.total;
    let hp = t.track("hp").map_or(0, |h| h.value);
    let left = (hp - damage).max(0);
    ctx.set_track(R_ATTACK, target, "hp", left);
    if left == 0 {
        ctx.condition(R_ATTACK, target, "dead");
    }
    Ok(())
}

/// Next: a new round (initiative), or from the turns to morale.
fn advance(enc: &mut Encounter, dice: &mut dyn DiceSource) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    if Step::Turns.now(ctx.enc) {
        ctx.push(R_MORALE, None, Step::Morale.entered());
        morale(&mut ctx)?;
        return Ok(ctx.finish());
    }
    if ctx.enc.round == 0 && ctx.enc.combatants.is_empty() {
        return Err(RuleError::NotAllowed("add at least one combatant first".into()));
    }
    ctx.push(R_ROUND, None, EventKind::RoundStarted { round: ctx.enc.round + 1 });
    ctx.push(R_ROUND, None, Step::Initiative.entered());
    let mut best: Option<(i64, SideId)> = None;
    let sides: Vec<SideId> = ctx.enc.sides.keys().copied().collect();
    for side in &sides {
        let roll = ctx.die(R_ROUND, None, 6, format_args!("initiative of side {}", side.0))?;
        if best.is_none_or(|(b, _)| roll > b) {
            best = Some((roll, *side));
        }
    }
    if let Some((_, side)) = best {
        ctx.emit(R_ROUND, None, SkirmishEvent::SideFirst { side });
    }
    ctx.push(R_ROUND, None, Step::Turns.entered());
    Ok(ctx.finish())
}

/// Each side that lost half its number or more rolls 2d6; over its morale, it flees.
fn morale(ctx: &mut Ctx<'_>) -> Result<(), RuleError> {
    let sides: Vec<SideId> = ctx.enc.sides.keys().copied().collect();
    for side in sides {
        let members: Vec<Combatant> =
            ctx.enc.combatants.values().filter(|c| c.side == side).cloned().collect();
        let standing: Vec<&Combatant> = members.iter().filter(|c| stands(c)).collect();
        if standing.is_empty() || standing.len() * 2 > members.len() {
            continue;
        }
        let morale = standing.iter().filter_map(|c| c.stat("morale")).max().unwrap_or(7);
        let roll = ctx.roll(R_MORALE, None, &Dice::parse("2d6").expect("2d6"), "morale")?.total;
        if roll > morale {
            for c in &standing {
                ctx.condition(R_MORALE, c.id, "fled");
            }
        }
    }
    Ok(())
}
