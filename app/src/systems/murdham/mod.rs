//! The Murdham procedure (`murdham`): factions take turns activating one character or
//! passing until every faction has passed in a row; reactions spend the reacting character's
//! turn; attacks hit unless a WIT save is called for; damage dice explode; health is STR;
//! morale is a group WIT save at the end of the round; gear wears out after the fight.
//!
//! The checklist this implements is the "003" section of the rules README (mechanics only:
//! the text is all rights reserved, every word shown here is ours). The module map: `block`
//! (the stat block), `round` (initiative, first faction, activations, passes, phases,
//! ambush, fast and slow), `turn` (bonus and main actions, moving, opportunity attacks),
//! `attack` (what may be attacked and whether a WIT save is needed, blasts and deviation),
//! `react` (stunts, dodge, counter, hide behind, guard), `damage` (exploding dice,
//! impaired and enhanced, armour, critical hits, dying, gear breaking), `grapple` (disarm,
//! grab, shove), `morale` (morale, surrender, chases), `after` (durability), `prompts`,
//! `script` and `journal`.

mod after;
mod aftermath;
mod attack;
mod between;
pub mod block;
mod circumstances;
mod damage;
mod departure;
mod durability;
mod dying;
mod funeral;
mod grapple;
pub(crate) mod journal;
pub mod model;
mod morale;
mod prompts;
mod react;
mod recap;
mod round;
pub mod schema;
mod script;
mod spotlight;
mod tactics;
mod turn;
mod weapon_list;
mod wear;

pub use model::{
    Aim, AttackSpec, Circumstances, MainAction, MurdhamCommand, MurdhamEvent, MurdhamState,
    NonLethal, Pending, PendingAttack, Reaction, Struck, Wear, Yield,
};

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::{CombatantId, SideId};
use crate::journal::Style;
use crate::space::{Distance, RangeBand, band_from_table};
use crate::system::Owned;
use crate::system::{
    BlockSchema, Ctx, Left, Phase, Procedure, Prompt, PromptOption, RuleError, Rules, SettingSpec,
    handle_common,
};

/// The Murdham system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Murdham;

crate::system::steps! {
    /// Before the fight: who holds the initiative, who lies in ambush.
    Before = "before", "Before the fight";
    /// The ambushers' bonus turn at the start of the fight.
    Ambush = "ambush", "Ambush";
    /// Optional: only the quick-witted act (WIT at least the round's threshold).
    Fast = "fast", "Fast actions";
    /// Factions take turns activating characters.
    Turns = "turns", "Turns";
    /// The end of the round: the dying die, morale.
    End = "end", "End of round";
    /// After the fight: gear wears.
    After = "after", "After the fight";
}

/// Setting: the most zones a character moves in one round.
pub const ZONES_PER_ROUND: &str = "zones_per_round";
/// Setting: the optional fast and slow phases.
pub const FAST_SLOW: &str = "fast_slow";
/// Setting: the optional 15-second limit on declaring a turn.
pub const CHAOS_TIMER: &str = "chaos_timer";
/// Setting: the players' characters check morale too.
pub const PARTY_MORALE: &str = "party_morale";
/// Seconds a player has to say what their character does, with [`CHAOS_TIMER`] on.
pub const DECLARE_SECS: u64 = 15;

/// Condition: out of the fight for good.
pub const DEAD: &str = "dead";
/// Condition: at 0 health, dies at the end of the next round unless healed.
pub const DYING: &str = "dying";
/// Condition: a critical hit put it down for the stretch.
pub const INCAPACITATED: &str = "incapacitated";
/// Condition: gave up; spared, unless harmed.
pub const SURRENDERED: &str = "surrendered";
/// Condition: falling back out of the fight.
pub const RETREATING: &str = "retreating";
/// Condition: hidden from the enemy (an ambusher).
pub const CONCEALED: &str = "concealed";
/// Condition: held by a grabber.
pub const ENTANGLED: &str = "entangled";
/// Condition: dropped a weapon.
pub const DISARMED: &str = "disarmed";
/// Condition: got away in a chase.
pub const ESCAPED: &str = "escaped";

// Rule tags of the events, as the journal filter shows them.
const R_ROUND: &str = "murdham.round";
const R_TURN: &str = "murdham.turn";
const R_ATTACK: &str = "murdham.attack";
const R_REACT: &str = "murdham.reaction";
const R_DAMAGE: &str = "murdham.damage";
const R_GRAPPLE: &str = "murdham.grapple";
const R_MORALE: &str = "murdham.morale";
const R_GEAR: &str = "murdham.gear";

crate::system::registry::own_types!(Murdham: MurdhamCommand, MurdhamEvent, MurdhamState => murdham);

impl Procedure for Murdham {
    const ID: &'static str = "murdham";
    const NAME: &'static str = "Murdham";
    const SYSTEM: &'static dyn crate::system::System = &Murdham;
    const PHASES: &'static [Phase] = PHASES;
    type Step = Step;
    const SCHEMA: BlockSchema = schema::SCHEMA;
    type Command = MurdhamCommand;
    type Event = MurdhamEvent;
    type State = MurdhamState;
    const PARTS: &'static [crate::system::Part] = &[&TALLY, &AFTERMATH];

    fn handle_own(
        &self,
        enc: &mut Encounter,
        c: MurdhamCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        handle_murdham(enc, c, dice)
    }

    fn handle_other(
        &self,
        enc: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match command {
            Command::Advance => round::advance(enc, dice),
            Command::AddCombatant { combatant, count } => {
                let combatant = Box::new(block::complete(*combatant)?);
                handle_common(self, enc, Command::AddCombatant { combatant, count }, dice)
            }
            Command::Move { id, to } => turn::moved(enc, id, to, dice),
            Command::Delay { .. } => Err(RuleError::NotAllowed(
                "in Murdham a faction passes instead: the character can still act later this \
                 round"
                    .into(),
            )),
            c @ (Command::SetTrack { .. } | Command::AdjustTrack { .. }) => {
                // Healing a dying character by hand saves it (and calls for an injury roll).
                // Each rule after the edit takes the events so far one by one, reading the
                // fight as each lands: so each starts from the fight before the edit (a GM's
                // edit, handled on a copy anyway), and only the last applies them here.
                let events = handle_common(self, &mut enc.clone(), c, dice)?;
                let events = dying::after_edit(&mut enc.clone(), events, dice)?;
                // A piece of gear with health of its own can take critical damage.
                durability::after_edit(enc, events, dice)
            }
            other => handle_common(self, enc, other, dice),
        }
    }

    fn awaiting(enc: &Encounter) -> Option<String> {
        enc.murdham().pending.first().map(|p| format!("first settle {}", pending_words(enc, p)))
    }

    /// Next, and every step of a turn: choosing who acts, its actions and attacks, its own
    /// move, a shove, ending the turn or the fight. A reaction waits unless an attack is
    /// what waits (it answers that).
    fn waits(enc: &Encounter, command: &Command) -> bool {
        use MurdhamCommand as C;
        if let Some(c) = Self::own_ref(command) {
            return match c {
                C::Activate { .. }
                | C::Pass { .. }
                | C::EndTurn
                | C::Bonus { .. }
                | C::Main { .. }
                | C::Attack(_)
                | C::Shove { .. }
                | C::EndFight => true,
                C::React { .. } => {
                    !matches!(enc.murdham().pending.first(), Some(Pending::Attack(_)))
                }
                _ => false,
            };
        }
        match command {
            Command::Advance => true,
            Command::Move { id, to } => {
                let s = enc.murdham();
                enc.combatant(*id).is_some_and(|c| c.zone != *to)
                    && !s.grabs.contains_key(id)
                    && s.turn.id == Some(*id)
                    && round::activating(enc)
            }
            _ => false,
        }
    }

    fn verbs_of(c: &MurdhamCommand) -> Vec<&'static str> {
        vec![script::verb_of(c)]
    }

    fn script(&self, enc: &Encounter, verb: &str, args: &[String]) -> Result<Command, String> {
        script::command(enc, verb, args)
    }

    fn journal(out: &mut String, enc: &Encounter, event: &MurdhamEvent, style: &dyn Style) {
        journal::write(out, enc, event, style)
    }
}

/// How its blows are read for the recap (one of its [`Procedure::PARTS`]).
const TALLY: &dyn crate::recap::Tally = &recap::MurdhamTally;

/// What outlives its fights, and its rests (one of its [`Procedure::PARTS`]).
const AFTERMATH: &dyn crate::campaign::Aftermath = &aftermath::MurdhamAftermath;

impl Rules for Murdham {
    fn tactics(&self) -> Option<&'static dyn crate::simulate::policy::Tactics> {
        Some(&tactics::MurdhamTactics)
    }

    fn is_out(&self, _enc: &Encounter, c: &crate::encounter::Combatant) -> bool {
        !standing(c) || crate::system::presentation::standing(c).is_out()
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
        // The reader (an armour or shield without a name, an indirect weapon without a range,
        // unknown keys of a weapon or an item), then what adding it to a fight needs.
        block::MurdhamBlock::read(name, block).map_err(|e| e.to_string())?;
        block::complete(crate::systems::combatant_of(name, block))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn prompts_worded(&self, enc: &Encounter, wording: crate::system::Wording) -> Vec<Prompt> {
        prompts::prompts(enc, wording)
    }

    fn range_band(&self, distance: Option<Distance>) -> RangeBand {
        // Same zone: nearby; beyond that, the zone count is the range.
        band_from_table(distance, &[(0, "Nearby"), (1, "1 zone"), (2, "2 zones")], &[], "Far")
    }

    fn settings(&self) -> Vec<SettingSpec> {
        let fight = || -> Vec<SettingSpec> {
            vec![
                SettingSpec {
                    key: ZONES_PER_ROUND,
                    label: "Most zones moved in a round",
                    help: "A turn moves one zone, or more when its main action is full movement; \
                       this caps the round's total. 2 keeps full movement at two zones; 3 lets \
                       it add two to the ordinary one.",
                    default: serde_json::json!(2),
                    choices: &[],
                },
                SettingSpec {
                    key: FAST_SLOW,
                    label: "Fast and slow actions",
                    help: "Each round a d20 sets a threshold: characters with WIT at least that \
                       high take their turns first, everyone else after. Reactions come in \
                       either part.",
                    default: serde_json::Value::Bool(false),
                    choices: &[],
                },
                SettingSpec {
                    key: CHAOS_TIMER,
                    label: "15 seconds to declare",
                    help: "When a player's character is activated, a big countdown gives the \
                       player 15 seconds to say what it does; talking between players costs a \
                       bonus action.",
                    default: serde_json::Value::Bool(false),
                    choices: &[],
                },
                SettingSpec {
                    key: PARTY_MORALE,
                    label: "The party checks morale too",
                    help: "Off: only the GM's factions check morale. On: the players' side \
                       checks it like everyone else.",
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
        Some(r#"Murdham reads: "injury" (the short name put on the character)"#)
    }

    fn settle_departure(&self, ctx: &mut Ctx<'_>, left: &Left) -> Result<(), RuleError> {
        departure::settle(ctx, left)
    }

    fn harm(
        &self,
        ctx: &mut Ctx<'_>,
        id: CombatantId,
        amount: i64,
        what: &str,
    ) -> Result<(), RuleError> {
        damage::hazard(ctx, id, amount, what)
    }

    fn main_tracks(&self) -> &'static [&'static str] {
        &[block::HEALTH]
    }

    fn acting(&self, enc: &Encounter) -> Vec<CombatantId> {
        // No order: the character whose turn is going.
        enc.murdham().turn.id.into_iter().collect()
    }

    fn has_acted(&self, enc: &Encounter, id: CombatantId) -> bool {
        enc.murdham().acted.contains(&id) && enc.murdham().turn.id != Some(id)
    }

    fn border(&self, enc: &Encounter, id: CombatantId) -> Option<crate::ids::ZoneId> {
        enc.murdham().borders.get(&id).copied()
    }

    fn arrow(&self, enc: &Encounter) -> Option<crate::system::presentation::Arrow> {
        let (from, to) = enc.murdham().deviation?;
        Some(crate::system::presentation::Arrow { from, to, label: "Blast deviated" })
    }

    fn spotlight(&self, enc: &Encounter) -> crate::system::spotlight::Spotlight {
        spotlight::spotlight(enc)
    }

    fn factions(&self, enc: &Encounter) -> Option<Vec<crate::system::spotlight::Faction>> {
        Some(spotlight::factions(enc))
    }

    fn modifiers(&self) -> Option<&'static crate::system::modifiers::ModifierSpec> {
        Some(&circumstances::SPEC)
    }

    fn modified(
        &self,
        enc: &Encounter,
        option: &PromptOption,
        set: &crate::system::modifiers::Modifiers,
    ) -> Option<PromptOption> {
        circumstances::modified(enc, option, set)
    }

    fn takes_modifiers(&self, command: &Command) -> bool {
        circumstances::attack(command).is_some()
    }

    fn card_actions(&self, enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
        prompts::card_actions(enc, id)
    }

    fn script_verbs(&self) -> &'static [&'static str] {
        script::VERBS
    }
}

fn handle_murdham(
    enc: &mut Encounter,
    command: MurdhamCommand,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    use MurdhamCommand as C;
    match command {
        C::Holder { side } => round::holder(enc, side, dice),
        C::First { side } => round::first(enc, side, dice),
        C::Activate { id } => round::activate(enc, id, dice),
        C::Pass { side } => round::pass(enc, side, dice),
        C::EndTurn => round::end_turn(enc, dice),
        C::Bonus { what } => turn::bonus(enc, what, dice),
        C::Main { action } => turn::main(enc, action, dice),
        C::Attack(spec) => attack::attack(enc, spec, dice),
        C::Stunt { accept } => react::stunt(enc, accept, dice),
        C::React { id, reaction } => react::react(enc, id, reaction, dice),
        C::Opportunity { by } => turn::opportunity(enc, by, dice),
        C::Shove { grabber, toward } => grapple::shove(enc, grabber, toward, dice),
        C::Release { grabber } => grapple::release(enc, grabber, dice),
        C::Border { id, zone } => grapple::border(enc, id, zone, dice),
        C::Morale { side } => morale::check(enc, side, dice),
        C::SkipMorale { side } => morale::skip(enc, side, dice),
        C::GiveUp { id, how } => morale::give_up(enc, id, how, dice),
        C::Chase { ids } => morale::chase(enc, ids, dice),
        C::EndFight => after::end_fight(enc, dice),
        C::Durability => after::durability(enc, dice),
    }
}

/// Wraps a command of this procedure.
pub(crate) fn cmd(c: MurdhamCommand) -> Command {
    Command::from(c)
}

/// What waits, in a few words.
pub(crate) fn pending_words(enc: &Encounter, p: &Pending) -> String {
    match p {
        Pending::Attack(a) => {
            let targets: Vec<String> = a.struck.iter().map(|s| enc.name_of(s.id)).collect();
            format!("{}'s attack on {}", enc.name_of(a.spec.attacker), targets.join(", "))
        }
        Pending::Leaving { held, .. } => format!("{} moving away", enc.name_of(held.id)),
        Pending::Yield { id } => format!("whether {} surrenders or retreats", enc.name_of(*id)),
    }
}

/// Why a character cannot act (take a turn or react), if it cannot.
pub(crate) fn unable(c: &Combatant) -> Option<&'static str> {
    const UNABLE: [(&str, &str); 6] = [
        (DEAD, "dead"),
        (DYING, "dying"),
        (INCAPACITATED, "incapacitated"),
        (SURRENDERED, "has surrendered"),
        (RETREATING, "is retreating"),
        (ESCAPED, "got away"),
    ];
    // Asked for everyone at every step of a simulated fight: the few conditions it has are
    // looked up in the list (the first of the list wins), not the list among them.
    c.conditions
        .iter()
        .filter_map(|k| UNABLE.iter().position(|(word, _)| *word == k.as_str()))
        .min()
        .map(|i| UNABLE[i].1)
}

/// Whether a character still stands in the fight.
pub(crate) fn standing(c: &Combatant) -> bool {
    unable(c).is_none()
}

/// The factions in the fight: sides with anyone on them, in the order they were made.
pub(crate) fn factions(enc: &Encounter) -> Vec<SideId> {
    enc.sides.keys().copied().filter(|s| enc.combatants.values().any(|c| c.side == *s)).collect()
}

/// Whether two characters fight on opposite sides.
pub(crate) fn enemies(enc: &Encounter, a: CombatantId, b: CombatantId) -> bool {
    match (enc.combatant(a), enc.combatant(b)) {
        (Some(x), Some(y)) => x.side != y.side,
        _ => false,
    }
}

/// Whether two characters are nearby (the same zone; off the board counts as anywhere,
/// since the GM keeps track).
pub(crate) fn nearby(enc: &Encounter, a: CombatantId, b: CombatantId) -> bool {
    match (enc.combatant(a).and_then(|c| c.zone), enc.combatant(b).and_then(|c| c.zone)) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}

/// A side's name.
pub(crate) fn side_name(enc: &Encounter, side: SideId) -> String {
    enc.side(side).map_or_else(|| side.to_string(), |s| s.name.clone())
}

/// A side's name as a possessive: "Bandits'" but "Party's".
pub(crate) fn sides(enc: &Encounter, side: SideId) -> String {
    enc.side_possessive(side)
}

#[cfg(test)]
mod tests;
