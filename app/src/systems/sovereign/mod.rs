//! Sovereign (`sovereign`, issue 18), fought on the 5-ft grid: each side rolls 1d8 once a
//! fight (the party adding its best DEX modifier and winning ties), and the sides act in turn,
//! every member taking its whole turn — a Main action and a Move (the Main may become a second
//! Move). Attacks are d20 + bonus + attribute modifier + skill against AC with the grid's
//! cover and the situation's modifiers; damage never falls below the weapon's Shock, which a
//! miss still deals up to its AC; a shield turns the first Shock of each round aside. At 0 HP
//! a character (or named NPC) is mortally injured and dies at the end of the sixth round after
//! unless a Heal check stabilizes it; others die.
//!
//! Module map: `rules` (the arithmetic), `block`, `schema`, `round` (surprise, initiative,
//! turns, the end of the round), `attack` (attacks, Snap, two weapons, Swarm, Charge,
//! walking, the Heal check, reloading), `answer` (what may answer a rolled attack: Total
//! Defense, Veteran's Luck, Snap Attacks at the attacker), `opportunity` (attacks of
//! opportunity on walking and standing, Disengage), `provoke` (the other actions that draw
//! them), `screen` (Screen an ally, Hold an Action), `wrestle` (shove, grapple), `execution`,
//! `checks` (saves, skill checks, morale, Pick up), `prompts`, `spotlight`, `departure`,
//! `script`, `journal`.

mod aftermath;
mod answer;
mod attack;
mod awaits;
mod between;
pub mod block;
mod charge;
mod checks;
mod departure;
mod door;
mod execution;
mod heal;
pub(crate) mod journal;
pub mod model;
mod movement;
mod opportunity;
mod prompts;
mod provoke;
mod recap;
mod reload;
mod round;
pub mod rules;
pub mod schema;
mod screen;
mod script;
mod situation;
mod spotlight;
mod tactics;
mod wrestle;

pub use model::{SovCommand, SovEvent, SovState};

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

/// The Sovereign system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sovereign;

crate::system::steps! {
    /// Before the fight: surprise.
    Before = "before", "Before the fight";
    /// The sides' turns.
    Turns = "turns", "Turns";
    /// The end of the round: the mortal countdown, shields ready.
    End = "end", "End of round";
}

/// Condition: +2 AC and no Shock until its next turn.
pub const TOTAL_DEFENSE: &str = "defending";

/// Condition the GM sets: the attacker cannot see it but knows where it is (−4).
pub const UNSEEN: &str = "unseen";
/// Condition the GM sets: it cannot be seen and its place is unknown (no attack).
pub const HIDDEN: &str = "hidden";

/// Condition: charged this round, −2 AC.
pub const CHARGED: &str = "charging";
/// Setting: how long a charger's −2 AC lasts.
pub const CHARGE_AC: &str = "charge_ac";
/// To the end of the round (the default).
pub const END_OF_ROUND: &str = "end_of_round";
/// To the charger's next turn.
pub const NEXT_TURN: &str = "next_turn";

/// Setting: the most who may take part in a Swarm (the attacker and its helpers).
pub const SWARM_CAP: &str = "swarm_cap";

/// Setting: morale is rolled (2d6 over the Morale score retreats) rather than judged.
pub const MORALE_2D6: &str = "morale_2d6";

/// Setting: how tied sides are ordered.
pub const TIES: &str = "ties";
/// The party acts first (the default).
pub const PARTY_WINS: &str = "party_wins";
/// The tied sides roll again.
pub const REROLL: &str = "reroll";

const R_INIT: &str = "sovereign.initiative";
const R_ROUND: &str = "sovereign.round";
const R_TURN: &str = "sovereign.turn";
const R_ATTACK: &str = "sovereign.attack";
const R_MOVE: &str = "sovereign.move";
const R_HEAL: &str = "sovereign.heal";
const R_CHECK: &str = "sovereign.check";
const R_MORALE: &str = "sovereign.morale";

crate::system::registry::own_types!(Sovereign: SovCommand, SovEvent, SovState => sovereign);

impl Procedure for Sovereign {
    const ID: &'static str = "sovereign";
    const NAME: &'static str = "Sovereign";
    const SYSTEM: &'static dyn crate::system::System = &Sovereign;
    const PHASES: &'static [Phase] = PHASES;
    type Step = Step;
    const SCHEMA: BlockSchema = schema::SCHEMA;
    type Command = SovCommand;
    type Event = SovEvent;
    type State = SovState;
    const PARTS: &'static [crate::system::Part] = &[&TALLY, &AFTERMATH];

    fn handle_own(
        &self,
        enc: &mut Encounter,
        c: SovCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        provoke::handle(enc, c, dice)
    }

    fn handle_other(
        &self,
        enc: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match command {
            Command::Advance => round::advance(enc, dice),
            Command::AddZone { .. } => Err(RuleError::NotAllowed(
                "Sovereign is fought on a 5-ft grid, not in zones: set up a grid instead".into(),
            )),
            Command::Step { id, to } if round::is_turn_of(enc, id) => {
                movement::walk(enc, id, to, dice)
            }
            Command::SetOrder { order } => {
                set_order_keeping_turn(self, enc, order, Step::Turns.now(enc), dice)
            }
            other => handle_common(self, enc, other, dice),
        }
    }

    fn awaiting(enc: &Encounter) -> Option<String> {
        enc.sovereign().awaits().map(|first| first.words(enc))
    }

    /// Next, and what spends a turn's Main action or Move: attacking, healing, reloading,
    /// disengaging, standing up, picking up, screening, holding, wrestling, a check taken as
    /// the Main action, and the acting combatant's own steps. The answers (Total Defense or
    /// not, the attacks of opportunity, Luck) do not wait.
    fn waits(enc: &Encounter, command: &Command) -> bool {
        use SovCommand as C;
        if let Some(c) = Self::own_ref(command) {
            return match c {
                // A Snap Attack is an Instant: it may answer an attack that waits (from rules
                // edition 1), before that attack's damage.
                C::Attack { manner: model::Manner::Snap, .. }
                    if enc.rules >= 1 && enc.sovereign().pending.is_some() =>
                {
                    false
                }
                C::Attack { .. }
                | C::Heal { .. }
                | C::Reload { .. }
                | C::Disengage { .. }
                | C::StandUp { .. }
                | C::PickUp { .. }
                | C::Door { .. }
                | C::Screen { .. }
                | C::Hold { .. }
                | C::Wrestle { .. } => true,
                C::Check { main, .. } => *main,
                _ => false,
            };
        }
        match command {
            Command::Advance => true,
            Command::Step { id, .. } => round::is_turn_of(enc, *id),
            _ => false,
        }
    }

    fn verbs_of(c: &SovCommand) -> Vec<&'static str> {
        script::verbs_of(c).to_vec()
    }

    fn script(&self, enc: &Encounter, verb: &str, args: &[String]) -> Result<Command, String> {
        script::command(enc, verb, args).map(Command::from)
    }

    fn journal(out: &mut String, enc: &Encounter, event: &SovEvent, style: &dyn Style) {
        journal::write(out, enc, event, style)
    }
}

/// How its blows are read for the recap (one of its [`Procedure::PARTS`]).
const TALLY: &dyn crate::recap::Tally = &recap::SovTally;

/// What outlives its fights, and its rests (one of its [`Procedure::PARTS`]).
const AFTERMATH: &dyn crate::campaign::Aftermath = &aftermath::SovAftermath;

impl Rules for Sovereign {
    fn tactics(&self) -> Option<&'static dyn crate::simulate::policy::Tactics> {
        Some(&tactics::SovTactics)
    }

    fn out_conditions(&self) -> &'static [&'static str] {
        &block::OUT
    }

    fn check_block(&self, name: &str, block: &Value, _character: bool) -> Result<(), String> {
        block::SovBlock::read(name, block).map(|_| ()).map_err(|e| e.to_string())
    }

    fn allows_grid(&self) -> bool {
        true
    }

    fn needs_grid(&self) -> bool {
        true
    }

    fn prompts_worded(&self, enc: &Encounter, wording: crate::system::Wording) -> Vec<Prompt> {
        prompts::prompts(enc, wording)
    }

    fn range_band(&self, distance: Option<Distance>) -> RangeBand {
        band_from_table(distance, &[], &[(5, "Melee"), (30, "Near"), (120, "Far")], "Distant")
    }

    fn settings(&self) -> Vec<SettingSpec> {
        vec![
            SettingSpec {
                key: TIES,
                label: "Tied initiative",
                help: "When two sides roll the same: the party acts first, or the tied sides roll \
                   again.",
                default: Value::String(PARTY_WINS.into()),
                choices: &[(PARTY_WINS, "The party first"), (REROLL, "Roll again")],
            },
            SettingSpec {
                key: CHARGE_AC,
                label: "A charger's −2 AC lasts",
                help: "To the end of the round, or to the charger's next turn (printings differ).",
                default: Value::String(END_OF_ROUND.into()),
                choices: &[(END_OF_ROUND, "The end of the round"), (NEXT_TURN, "Its next turn")],
            },
            SettingSpec {
                key: MORALE_2D6,
                label: "Roll morale",
                help: "Off: when a foe is due a morale check, you decide whether it retreats. \
                       On: 2d6 over its Morale score and it retreats.",
                default: Value::Bool(false),
                choices: &[],
            },
            SettingSpec {
                key: crate::reach::OBSTACLES,
                label: "Enemies in the way",
                help: "By size: foes bar the way, but one eight times their area wades through \
                       them as difficult terrain. Or: foes always bar the way; or: their squares \
                       only cost double.",
                default: Value::String(crate::reach::OBSTACLES_BY_SIZE.into()),
                choices: &[
                    (crate::reach::OBSTACLES_BY_SIZE, "By size (8×)"),
                    (crate::reach::OBSTACLES_BLOCK, "Always bar the way"),
                    (crate::reach::OBSTACLES_DIFFICULT, "Difficult terrain"),
                ],
            },
            SettingSpec {
                key: SWARM_CAP,
                label: "Most in a Swarm",
                help: "How many may swarm one foe, the attacker included: 4, or 3 in some printings.",
                default: Value::from(4),
                choices: &[],
            },
        ]
    }

    fn settle_departure(&self, ctx: &mut Ctx<'_>, left: &Left) -> Result<(), RuleError> {
        departure::settle(ctx, left)
    }

    fn settle_edit(&self, ctx: &mut Ctx<'_>, edit: &TrackEdit) -> Result<(), RuleError> {
        round::settle_edit(ctx, edit);
        Ok(())
    }

    fn harm(
        &self,
        ctx: &mut Ctx<'_>,
        id: CombatantId,
        amount: i64,
        what: &str,
    ) -> Result<(), RuleError> {
        let name = ctx.name(id);
        ctx.ruling(R_ATTACK, Some(id), format_args!("{what}: {amount} damage to {name}"));
        attack::hurt(ctx, id, amount)
    }

    fn meets(&self, _enc: &Encounter, event: &Event, out: &mut Vec<CombatantId>) {
        provoke::meets(event, out);
    }

    fn main_tracks(&self) -> &'static [&'static str] {
        &[block::HP]
    }

    fn has_acted(&self, enc: &Encounter, id: CombatantId) -> bool {
        crate::system::turn_order::place_passed(enc, id, Step::Turns.now(enc))
    }

    fn spotlight(&self, enc: &Encounter) -> crate::system::spotlight::Spotlight {
        spotlight::spotlight(enc)
    }

    fn card_actions(&self, enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
        prompts::card_actions(enc, id)
    }

    fn script_verbs(&self) -> &'static [&'static str] {
        script::VERBS
    }
}

/// Makes one of this procedure's actions, with no attack of opportunity to wait for (those are
/// `provoke`'s, before it).
pub(crate) fn act(
    enc: &mut Encounter,
    command: SovCommand,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    match command {
        SovCommand::Surprise { side } => round::surprise(enc, side, dice),
        SovCommand::Expecting { side, on } => round::expecting(enc, side, on, dice),
        SovCommand::SurpriseCheck { side, against, exert } => {
            round::surprise_check(enc, side, against, exert, dice)
        }
        SovCommand::Attack { attacker, target, weapon, manner } => {
            attack::attack_with(enc, attacker, target, weapon, &manner, dice)
        }
        SovCommand::Heal { healer, target } => heal::heal(enc, healer, target, dice),
        SovCommand::Answer { total_defense } => answer::answer(enc, total_defense, dice),
        SovCommand::Luck { id } => answer::luck(enc, id, dice),
        SovCommand::Disengage { id } => opportunity::disengage(enc, id, dice),
        SovCommand::StandUp { id } => opportunity::stand_up(enc, id, dice),
        SovCommand::Reload { id, weapon } => reload::reload(enc, id, weapon, dice),
        SovCommand::Opportunity { striker, strike } => {
            opportunity::answer(enc, striker, strike, dice)
        }
        SovCommand::Save { id, kind } => checks::save_throw(enc, id, kind, dice),
        SovCommand::Check { id, skill, attr, against, main } => {
            checks::skill(enc, id, &skill, &attr, against.as_ref(), main, dice)
        }
        SovCommand::PickUp { id } => checks::pick_up(enc, id, dice),
        SovCommand::Door { id, edge } => door::work_door(enc, id, edge, dice),
        SovCommand::Screen { id, ward } => screen::screen(enc, id, ward, dice),
        SovCommand::Hold { id } => screen::hold(enc, id, dice),
        SovCommand::Execute { attacker, target, weapon } => {
            execution::execute(enc, attacker, target, weapon, dice)
        }
        SovCommand::Morale { id, retreats } => checks::morale(enc, id, retreats, dice),
        SovCommand::Wrestle { attacker, target, grapple } => {
            wrestle::wrestle(enc, attacker, target, grapple, dice)
        }
    }
}

#[cfg(test)]
mod tests;
