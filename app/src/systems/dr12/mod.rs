//! DR12 zones (`dr12`): the GM's side d6 (1–3 enemies first), then each character's d6 + DEX,
//! high to low, once per fight; a turn is a move to a Nearby zone and one Action; every Test
//! is d20 + an attribute against 12. Characters roll to hit (STR in melee, DEX to shoot), and
//! avoid a creature's blow with DEX; naturals double damage or mark a weapon's usage;
//! ongoing damage, hindrances, free attacks on leaving, reactions and morale.
//!
//! The checklist this implements is the "001" section of the rules README; the module map:
//! `block` (the numbers it reads), `schema` and `weapon_list` (the library's view), `check`
//! (the Test), `round` (surprise, order, turns, ongoing damage), `attack` (attacks, defence,
//! moves and free attacks), `damage`, `actions` (Disengage, Actions, Tests, morale, usages),
//! `prompts`, `departure`, `script` and `journal`.

mod actions;
mod aftermath;
mod attack;
mod between;
pub mod block;
mod broken;
mod check;
mod damage;
mod departure;
pub(crate) mod journal;
pub mod model;
mod prompts;
mod recap;
mod round;
pub mod schema;
mod script;
mod tactics;
mod weapon_list;

pub use model::{Dr12Command, Dr12Event, Dr12State, Pending, Purpose};

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::journal::Style;
use crate::space::{Distance, RangeBand, band_from_table};
use crate::system::Owned;
use crate::system::Step as _;
use crate::system::{
    BlockSchema, Ctx, Left, Phase, Procedure, Prompt, PromptOption, RuleError, Rules, SettingSpec,
    TrackEdit, handle_common, set_order_keeping_turn,
};
use serde_json::Value;

/// The DR12 system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dr12;

/// The number every Test must reach.
pub const DR: i64 = 12;

crate::system::steps! {
    /// Before the fight: surprise, reactions.
    Before = "before", "Before the fight";
    /// Turns, in the order of the fight.
    Turns = "turns", "Turns";
    /// The end of the round: morale.
    End = "end", "End of round";
}

/// Setting: how a free attack on a leaving character is settled.
pub const FREE_ATTACK: &str = "free_attack";
/// The character Tests DEX to avoid it (the default).
pub const PC_DEFENDS: &str = "pc_defends";
/// The foe Tests its Skill to hit.
pub const ENEMY_TESTS: &str = "enemy_tests";
/// Setting: a character's Level stands for Level and Skill in ongoing damage.
pub const PC_LEVEL: &str = "pc_level";
/// Setting: which way a creature's Skill Test goes.
pub const SKILL_TEST: &str = "skill_test";
/// d20 + Skill, 12 or more (the default).
pub const OVER: &str = "over";
/// d20 at most the Skill.
pub const UNDER: &str = "under";
/// Setting: what Disadvantage is.
pub const DISADVANTAGE: &str = "disadvantage";
/// Two d20, the worse counts (the default).
pub const TWO_DICE: &str = "two_dice";
/// One d20, −4.
pub const MINUS_FOUR: &str = "minus_four";
/// Setting: usages a weapon takes when its block gives none.
pub const USAGE_MAX: &str = "usage_max";
/// Setting: the end of the round names who should Test morale and why.
pub const MORALE_PRESETS: &str = "morale_presets";

// Rule tags of the events, as the journal filter shows them.
const R_INIT: &str = "dr12.initiative";
const R_TURN: &str = "dr12.turn";
const R_ATTACK: &str = "dr12.attack";
const R_MOVE: &str = "dr12.move";
const R_ACTION: &str = "dr12.action";
const R_ONGOING: &str = "dr12.ongoing";
const R_MORALE: &str = "dr12.morale";

crate::system::registry::own_types!(Dr12: Dr12Command, Dr12Event, Dr12State => dr12);

impl Procedure for Dr12 {
    const ID: &'static str = "dr12";
    const NAME: &'static str = "DR12 zones";
    const SYSTEM: &'static dyn crate::system::System = &Dr12;
    const PHASES: &'static [Phase] = PHASES;
    type Step = Step;
    const SCHEMA: BlockSchema = schema::SCHEMA;
    type Command = Dr12Command;
    type Event = Dr12Event;
    type State = Dr12State;
    const PARTS: &'static [crate::system::Part] = &[&TALLY, &AFTERMATH];

    fn handle_own(
        &self,
        enc: &mut Encounter,
        c: Dr12Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        handle_dr12(enc, c, dice)
    }

    fn handle_other(
        &self,
        enc: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match command {
            Command::Advance => round::advance(enc, dice),
            Command::Move { id, to: Some(to) }
                if enc.grid.is_none() && round::is_turn_of(enc, id) =>
            {
                attack::turn_move(enc, id, to, dice)
            }
            Command::SetOrder { order } => {
                set_order_keeping_turn(self, enc, order, Step::Turns.now(enc), dice)
            }
            other => handle_common(self, enc, other, dice),
        }
    }

    fn awaiting(enc: &Encounter) -> Option<String> {
        enc.dr12().pending.first().map(|p| {
            format!(
                "first settle {}'s DEX Test against {}'s attack",
                enc.name_of(p.target),
                enc.name_of(p.attacker)
            )
        })
    }

    /// Next, and what spends the turn: an attack, an action, a Test taken as the action,
    /// and the acting character's own move.
    fn waits(enc: &Encounter, command: &Command) -> bool {
        use Dr12Command as C;
        if let Some(c) = Self::own_ref(command) {
            return match c {
                C::Attack { .. } | C::Disengage { .. } | C::Act { .. } => true,
                C::Test { action, .. } => *action,
                _ => false,
            };
        }
        match command {
            Command::Advance => true,
            Command::Move { id, to: Some(_) } => enc.grid.is_none() && round::is_turn_of(enc, *id),
            _ => false,
        }
    }

    fn verbs_of(c: &Dr12Command) -> Vec<&'static str> {
        script::verbs_of(c).to_vec()
    }

    fn script(&self, enc: &Encounter, verb: &str, args: &[String]) -> Result<Command, String> {
        script::command(enc, verb, args).map(Command::from)
    }

    fn journal(out: &mut String, enc: &Encounter, event: &Dr12Event, style: &dyn Style) {
        journal::write(out, enc, event, style)
    }
}

/// How its blows are read for the recap (one of its [`Procedure::PARTS`]).
const TALLY: &dyn crate::recap::Tally = &recap::Dr12Tally;

/// What outlives its fights, and its rests (one of its [`Procedure::PARTS`]).
const AFTERMATH: &dyn crate::campaign::Aftermath = &aftermath::Dr12Aftermath;

impl Rules for Dr12 {
    fn out_conditions(&self) -> &'static [&'static str] {
        &block::OUT
    }

    fn tactics(&self) -> Option<&'static dyn crate::simulate::policy::Tactics> {
        Some(&tactics::Dr12Tactics)
    }

    fn weapon_list(&self) -> Option<&'static crate::system::WeaponList> {
        Some(&weapon_list::LIST)
    }

    fn check_block(&self, name: &str, block: &Value, _character: bool) -> Result<(), String> {
        block::Dr12Block::read(name, block).map(|_| ()).map_err(|e| e.to_string())
    }

    fn prompts_worded(&self, enc: &Encounter, wording: crate::system::Wording) -> Vec<Prompt> {
        prompts::prompts(enc, wording)
    }

    fn range_band(&self, distance: Option<Distance>) -> RangeBand {
        band_from_table(distance, &[(0, "Close"), (1, "Nearby"), (2, "Far-Away")], &[], "Distant")
    }

    fn settings(&self) -> Vec<SettingSpec> {
        let fight = || -> Vec<SettingSpec> {
            vec![
                SettingSpec {
                    key: FREE_ATTACK,
                    label: "Free attack on leaving",
                    help: "When a character leaves a zone with a foe in it: the character Tests DEX \
                       to avoid the blow, or the foe Tests its Skill to land it.",
                    default: Value::String(PC_DEFENDS.into()),
                    choices: &[
                        (PC_DEFENDS, "The character Tests DEX"),
                        (ENEMY_TESTS, "The foe Tests Skill"),
                    ],
                },
                SettingSpec {
                    key: PC_LEVEL,
                    label: "Characters' ongoing damage by Level",
                    help: "On: a character with ongoing damage loses its Level in HP each turn and \
                       Tests its Level to stop it. Off: it loses 1 HP and Tests with no bonus.",
                    default: Value::Bool(true),
                    choices: &[],
                },
                SettingSpec {
                    key: SKILL_TEST,
                    label: "Creature Skill Tests",
                    help: "d20 + Skill reaching 12, or a d20 at most the Skill.",
                    default: Value::String(OVER.into()),
                    choices: &[(OVER, "d20 + Skill ≥ 12"), (UNDER, "d20 ≤ Skill")],
                },
                SettingSpec {
                    key: DISADVANTAGE,
                    label: "Disadvantage",
                    help: "Two d20 keeping the worse, or one d20 with −4.",
                    default: Value::String(TWO_DICE.into()),
                    choices: &[(TWO_DICE, "Two d20, the worse"), (MINUS_FOUR, "One d20, −4")],
                },
                SettingSpec {
                    key: USAGE_MAX,
                    label: "Usages of a weapon",
                    help: "How many fumbles a weapon takes before it is spent, when its own entry \
                       does not say.",
                    default: Value::from(3),
                    choices: &[],
                },
                SettingSpec {
                    key: MORALE_PRESETS,
                    label: "Morale reminders",
                    help: "At the end of the round, name the creatures that should Test morale: \
                       their leader fell, half their group is gone, or one is left at a third \
                       of its HP or less.",
                    default: Value::Bool(false),
                    choices: &[],
                },
            ]
        };
        // The rests' defaults, where the game is silent, after the fight's own settings.
        let mut list = fight();
        list.extend(aftermath::settings());
        list
    }

    fn settle_departure(&self, ctx: &mut Ctx<'_>, left: &Left) -> Result<(), RuleError> {
        departure::settle(ctx, left)
    }

    fn settle_edit(&self, ctx: &mut Ctx<'_>, edit: &TrackEdit) -> Result<(), RuleError> {
        damage::settle_edit(ctx, R_ATTACK, edit)?;
        Ok(())
    }

    fn harm(
        &self,
        ctx: &mut Ctx<'_>,
        id: CombatantId,
        amount: i64,
        what: &str,
    ) -> Result<(), RuleError> {
        damage::hit(ctx, R_ATTACK, id, amount, what)
    }

    fn main_tracks(&self) -> &'static [&'static str] {
        &[block::HP]
    }

    fn has_acted(&self, enc: &Encounter, id: CombatantId) -> bool {
        crate::system::turn_order::place_passed(enc, id, Step::Turns.now(enc))
    }

    fn card_actions(&self, enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
        prompts::card_actions(enc, id)
    }

    fn script_verbs(&self) -> &'static [&'static str] {
        script::VERBS
    }
}

fn handle_dr12(
    enc: &mut Encounter,
    command: Dr12Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    use Dr12Command as C;
    match command {
        C::Surprise { side } => round::surprise(enc, side, dice),
        C::Reaction { side } => round::reaction(enc, side, dice),
        C::Attack { attacker, target, weapon, second } => {
            attack::attack(enc, attacker, target, weapon, second, dice)
        }
        C::Defend => attack::defend(enc, dice),
        C::Disengage { id } => actions::disengage(enc, id, dice),
        C::Act { id, what } => actions::act(enc, id, &what, dice),
        C::Test { id, stat, purpose, action } => {
            actions::test_for(enc, id, &stat, purpose, action, dice)
        }
        C::Morale { id } => actions::morale(enc, id, dice),
        C::Yield { id, flee } => actions::yield_to(enc, id, flee, dice),
        C::SetUsage { id, weapon, usages } => actions::set_usage(enc, id, weapon, usages, dice),
    }
}

#[cfg(test)]
mod tests;
