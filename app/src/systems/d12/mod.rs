//! The d12 declared-action procedure (`d12`): a base initiative rolled once per fight, actions
//! declared each round and resolved counting up from the lowest number (ties at once),
//! damage to Stress then Wound Points, critical hits with combat injuries from the GM's
//! tables, dying, and monster morale on 3d6.
//!
//! The checklist this implements is the "004" section of the rules README; the module map:
//! `block` (the stat block's numbers), `initiative` (surprise and base initiative), `declare`
//! (actions and their modifiers, newcomers), `turns` (the Next button: counts and the end of
//! the round), `attack` (the attack roll, damage, riposte), `wounds` (Stress, Wound Points,
//! incapacitated, dying, stabilizing), `injury` (combat injuries), `morale`, `prompts`,
//! `script` and `journal`.

mod aftermath;
mod attack;
pub mod block;
mod count;
mod declare;
mod departure;
mod initiative;
mod injury;
pub(crate) mod journal;
pub mod model;
mod morale;
mod prompts;
mod recap;
pub mod schema;
mod script;
mod state;
mod tactics;
mod turns;
mod weapon_list;
mod wounds;

pub use model::{Action, D12Command, D12Event, Declared, Pending, Trigger, Wound};
pub use state::D12State;

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::journal::Style;
use crate::space::{Distance, RangeBand, band_from_table};
use crate::system::Owned;
use crate::system::{
    BlockSchema, Ctx, Left, Phase, Procedure, Prompt, PromptOption, RuleError, Rules, SettingSpec,
    TrackEdit, handle_common,
};

/// The d12 declared-action system.
#[derive(Debug, Clone, Copy, Default)]
pub struct D12;

crate::system::steps! {
    /// Before the first round: surprise, base initiative.
    Before = "before", "Before the fight";
    /// Everyone declares an action.
    Declare = "declare", "Declare";
    /// Counting up: each count's actions are resolved together.
    Resolve = "resolve", "Resolve";
    /// The end of the round: the dying bleed, monsters check morale.
    End = "end", "End of round";
}

/// Setting: in which order actions are declared.
pub const DECLARE_ORDER: &str = "declare_order";
/// Declaring around the table, in the order the combatants were added.
pub const ROUND_ROBIN: &str = "round_robin";
/// Declaring from the highest Agility down.
pub const BY_AGI: &str = "by_agility";
/// Everyone writes an action down; all are shown together.
pub const HIDDEN: &str = "hidden";
/// Setting: a newcomer's maximum Stress is rolled on its Hit Dice (+ STR modifier each)
/// rather than their average.
pub const ROLL_STRESS: &str = "roll_stress";

// Rule tags of the events, as the journal filter shows them.
const R_INIT: &str = "d12.initiative";
const R_DECLARE: &str = "d12.declare";
const R_TURN: &str = "d12.turn";
const R_ATTACK: &str = "d12.attack";
const R_DAMAGE: &str = "d12.damage";
const R_INJURY: &str = "d12.injury";
const R_WOUNDS: &str = "d12.wounds";
const R_MORALE: &str = "d12.morale";

crate::system::registry::own_types!(D12: D12Command, D12Event, D12State => d12);

impl Procedure for D12 {
    const ID: &'static str = "d12";
    const NAME: &'static str = "d12 declared actions";
    const SYSTEM: &'static dyn crate::system::System = &D12;
    const PHASES: &'static [Phase] = PHASES;
    type Step = Step;
    const SCHEMA: BlockSchema = schema::SCHEMA;
    type Command = D12Command;
    type Event = D12Event;
    type State = D12State;
    const PARTS: &'static [crate::system::Part] = &[&TALLY, &AFTERMATH];

    fn handle_own(
        &self,
        enc: &mut Encounter,
        c: D12Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        handle_d12(enc, c, dice)
    }

    fn handle_other(
        &self,
        enc: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match command {
            Command::Advance => turns::advance(enc, dice),
            Command::AddCombatant { combatant, count } => {
                let rolled = enc.flag(ROLL_STRESS, false)
                    && !combatant.tracks.iter().any(|t| t.name == block::STRESS);
                let combatant = Box::new(block::complete(*combatant)?);
                let events =
                    handle_common(self, enc, Command::AddCombatant { combatant, count }, dice)?;
                if rolled { block::roll_stress(enc, events, dice) } else { Ok(events) }
            }
            Command::Delay { .. } => Err(RuleError::NotAllowed(
                "in the d12 procedure the count comes from the declared action: change the \
                 action instead"
                    .into(),
            )),
            c @ (Command::SetTrack { .. } | Command::AdjustTrack { .. }) => {
                // A hand-edited Wound Points track still says who is down or dying.
                let events = handle_common(self, enc, c, dice)?;
                wounds::after_edit(enc, events, dice)
            }
            other => handle_common(self, enc, other, dice),
        }
    }

    fn awaiting(enc: &Encounter) -> Option<String> {
        enc.d12().pending.first().map(|p| format!("first settle: {}", pending_words(enc, p)))
    }

    /// Next, and every new action: initiative, declarations, an attack (but the riposte that
    /// waits, which answers), being done, treating, intimidating, a morale check.
    fn waits(_enc: &Encounter, command: &Command) -> bool {
        use D12Command as C;
        if let Some(c) = Self::own_ref(command) {
            return match c {
                C::Initiative { .. }
                | C::Declare { .. }
                | C::ChangeDeclaration { .. }
                | C::Done { .. }
                | C::Stabilize { .. }
                | C::Intimidate { .. }
                | C::Morale { .. } => true,
                C::Attack { riposte, .. } => !riposte,
                _ => false,
            };
        }
        matches!(command, Command::Advance)
    }

    fn verbs_of(c: &D12Command) -> Vec<&'static str> {
        script::verbs_of(c).to_vec()
    }

    fn script(&self, enc: &Encounter, verb: &str, args: &[String]) -> Result<Command, String> {
        script::command(enc, verb, args).map(Command::from)
    }

    fn journal(out: &mut String, enc: &Encounter, event: &D12Event, style: &dyn Style) {
        journal::write(out, enc, event, style)
    }
}

/// How its blows are read for the recap (one of its [`Procedure::PARTS`]).
const TALLY: &dyn crate::recap::Tally = &recap::D12Tally;

/// What outlives its fights, and its rests (one of its [`Procedure::PARTS`]).
const AFTERMATH: &dyn crate::campaign::Aftermath = &aftermath::D12Aftermath;

impl Rules for D12 {
    fn is_out(&self, _enc: &Encounter, c: &crate::encounter::Combatant) -> bool {
        !wounds::is_up(c) || crate::system::presentation::standing(c).is_out()
    }

    fn tactics(&self) -> Option<&'static dyn crate::simulate::policy::Tactics> {
        Some(&tactics::D12Tactics)
    }

    fn weapon_list(&self) -> Option<&'static crate::system::WeaponList> {
        Some(&weapon_list::LIST)
    }

    fn check_block(
        &self,
        name: &str,
        block: &serde_json::Value,
        _character: bool,
    ) -> Result<(), String> {
        // The reader (unknown keys of an attack or a spell), Hit Dice that roll dice (Stress
        // comes from them), and what adding it to a fight needs (a STR score).
        let read = block::D12Block::read(name, block).map_err(|e| e.to_string())?;
        if let Some(hd) = &read.hd
            && hd.dice_count() == 0
        {
            return Err(format!(
                "{name}'s stat block: hd is {hd}, which rolls no die; write dice such as 2d8"
            ));
        }
        block::complete(crate::systems::combatant_of(name, block))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn prompts_worded(&self, enc: &Encounter, wording: crate::system::Wording) -> Vec<Prompt> {
        prompts::prompts(enc, wording)
    }

    fn range_band(&self, distance: Option<Distance>) -> RangeBand {
        // Same zone: melee; next zone: near; beyond: far.
        band_from_table(distance, &[(0, "Melee"), (1, "Near")], &[], "Far")
    }

    fn settings(&self) -> Vec<SettingSpec> {
        let fight = || -> Vec<SettingSpec> {
            vec![
                SettingSpec {
                    key: DECLARE_ORDER,
                    label: "Order of declaring",
                    help: "Around the table in the order combatants joined; from the most agile \
                   down; or written down in secret and shown together before the counting \
                   starts. Pick one and keep it for the whole campaign.",
                    default: serde_json::Value::String(ROUND_ROBIN.into()),
                    choices: &[
                        (ROUND_ROBIN, "Around the table"),
                        (BY_AGI, "Highest Agility first"),
                        (HIDDEN, "Written down, then shown"),
                    ],
                },
                SettingSpec {
                    key: ROLL_STRESS,
                    label: "Roll maximum Stress",
                    help: "Off: a newcomer's maximum Stress is the average of its Hit Dice plus its \
                       STR modifier for each. On: those dice are rolled, by the app or at the \
                       table, once for each newcomer.",
                    default: serde_json::Value::Bool(false),
                    choices: &[],
                },
            ]
        };
        // The rests' defaults, where the game is silent, after the fight's own settings.
        let mut list = fight();
        list.extend(aftermath::settings());
        list
    }

    fn uses_tables(&self) -> bool {
        true
    }

    fn table_effect_keys(&self) -> Option<&'static str> {
        Some(
            r#"d12 reads: "injury" (its name), "conditions": ["…"], "damage": [{"abilities": ["str"], "dice": "d6"}], "limb": "arm""#,
        )
    }

    fn settle_departure(&self, ctx: &mut Ctx<'_>, left: &Left) -> Result<(), RuleError> {
        departure::settle(ctx, left)
    }

    fn settle_edit(&self, ctx: &mut Ctx<'_>, edit: &TrackEdit) -> Result<(), RuleError> {
        wounds::settle_edit(ctx, edit);
        Ok(())
    }

    fn harm(
        &self,
        ctx: &mut Ctx<'_>,
        id: CombatantId,
        amount: i64,
        what: &str,
    ) -> Result<(), RuleError> {
        wounds::hazard(ctx, id, amount, what);
        Ok(())
    }

    fn main_tracks(&self) -> &'static [&'static str] {
        // Stamina first, then the body.
        &["stress", "wp"]
    }

    fn order_waits(&self, enc: &Encounter) -> Option<&'static str> {
        // While this round's actions are declared, the order is last round's plans.
        crate::system::Step::now(Step::Declare, enc)
            .then_some("set from the counts once everyone has declared")
    }

    fn has_acted(&self, enc: &Encounter, id: CombatantId) -> bool {
        let now = count::current_count(enc);
        let passed = enc.d12().declared.get(&id).is_some_and(|d| now.is_some_and(|n| d.count < n));
        passed || (enc.d12().acted.contains(&id) && enc.acting().contains(&id))
    }

    fn card_actions(&self, enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
        prompts::card_actions(enc, id)
    }

    fn script_verbs(&self) -> &'static [&'static str] {
        script::VERBS
    }
}

fn handle_d12(
    enc: &mut Encounter,
    command: D12Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    use D12Command as C;
    match command {
        C::Surprise { ids, surprised } => initiative::surprise(enc, ids, surprised, dice),
        C::Initiative { ids } => initiative::roll(enc, ids, dice),
        C::Declare { id, action } => declare::declare(enc, id, action, dice),
        C::ChangeDeclaration { id, action } => declare::change(enc, id, action, dice),
        C::Attack { attacker, target, weapon, riposte } => {
            attack::attack(enc, attacker, target, weapon, riposte, dice)
        }
        C::Damage { critical } => attack::damage(enc, critical, dice),
        C::Injury { damage_type } => injury::roll(enc, &damage_type, dice),
        C::Dismiss => attack::dismiss(enc, dice),
        C::Done { id, acted } => count::done(enc, id, acted, dice),
        C::Stabilize { healer, target } => wounds::stabilize(enc, healer, target, dice),
        C::SpendStress { id, amount } => wounds::spend_stress(enc, id, amount, dice),
        C::Intimidate { by, target } => morale::intimidate(enc, by, target, dice),
        C::Morale { id, obvious } => morale::check(enc, id, obvious, dice),
        C::SkipMorale { id } => morale::skip(enc, id, dice),
    }
}

/// What waits, in a few words.
pub(crate) fn pending_words(enc: &Encounter, p: &Pending) -> String {
    match p {
        Pending::Damage { attacker, target, .. } => {
            format!("the damage of {}'s hit on {}", enc.name_of(*attacker), enc.name_of(*target))
        }
        Pending::Injury { target, .. } => format!("{}'s combat injury", enc.name_of(*target)),
        Pending::Riposte { defender, attacker } => {
            format!("{}'s riposte at {}", enc.name_of(*defender), enc.name_of(*attacker))
        }
    }
}

#[cfg(test)]
mod tests;
