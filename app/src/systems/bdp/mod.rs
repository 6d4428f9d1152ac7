//! Block, Dodge, Parry (`bdp`): declared intentions ordered by quick and full turns and weapon
//! length, blows answered by the defender's reaction, damage through Armor, the guard (HP)
//! and STR with the Critical Damage Save, gambits, Magic Dice, detachments and morale.
//!
//! The checklist this implements is the "000" section of the rules README; the module map:
//! `declare` and `order` (initiative), `attack` and `damage` (the blow), `gambit`, `magic`,
//! `morale`, `before` (surprise and reaction), `detachment`, `saves` (GM-called saves,
//! retreat, ruled damage), `turns` (the Next button), `prompts`, `script` and `journal`.

mod aftermath;
mod answer;
mod attack;
mod awaits;
mod before;
mod between;
pub mod block;
mod damage;
mod declare;
mod departure;
mod detachment;
mod gambit;
pub(crate) mod journal;
mod magic;
pub mod model;
mod morale;
mod order;
mod prompts;
mod reactions;
mod recap;
mod rests;
mod saves;
pub mod schema;
mod script;
mod tactics;
mod turns;
mod upkeep;
mod weapon_list;
mod wear;

pub use model::{BdpCommand, BdpEvent, BdpState};

use crate::command::{Command, NewCombatant};
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

/// The Block, Dodge, Parry system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Bdp;

crate::system::steps! {
    /// Before the first round: surprise, the reaction roll, setting up.
    Before = "before", "Before the fight";
    /// Everyone says what they mean to do.
    Declare = "declare", "Declare";
    /// The order is worked out; ties are broken.
    Order = "order", "Order";
    /// Quick turns are resolved.
    Quick = "quick", "Quick turns";
    /// Full turns are resolved.
    Full = "full", "Full turns";
    /// Morale checks of the round.
    Morale = "morale", "Morale";
}

/// Setting: a parry faces every attacker, not only the chosen one.
pub const PARRY_ALL: &str = "parry_all_attackers";
/// Setting: Armor counts against parry damage.
pub const PARRY_ARMOR: &str = "parry_armor";
/// Setting: only a heavy armour item (3 worn) counts as heavy, not 3 Armor with a shield.
pub const HEAVY_FROM_ITEM: &str = "heavy_from_item";
/// Setting: an enhanced attack adds the d12 instead of keeping the higher die.
pub const ENHANCED_ADDS: &str = "enhanced_adds";
/// Setting: arcane feedback is a blast from 4 damage (the older text) rather than from 7.
pub const FEEDBACK_BLAST_FROM_4: &str = "feedback_blast_from_4";
/// Setting: the wound location is read on a d6 instead of a d10.
pub const CDS_D6: &str = "cds_location_d6";

// Rule tags of the events, as the journal filter shows them.
const R_BEFORE: &str = "bdp.before";
const R_DECLARE: &str = "bdp.declare";
const R_ORDER: &str = "bdp.order";
const R_TURN: &str = "bdp.turn";
const R_ATTACK: &str = "bdp.attack";
const R_REACT: &str = "bdp.reaction";
const R_DAMAGE: &str = "bdp.damage";
const R_GAMBIT: &str = "bdp.gambit";
const R_MAGIC: &str = "bdp.magic";
const R_MORALE: &str = "bdp.morale";
const R_SAVE: &str = "bdp.save";
const R_DETACHMENT: &str = "bdp.detachment";

crate::system::registry::own_types!(Bdp: BdpCommand, BdpEvent, BdpState => bdp);

impl Procedure for Bdp {
    const ID: &'static str = "bdp";
    const NAME: &'static str = "Block, Dodge, Parry";
    const SYSTEM: &'static dyn crate::system::System = &Bdp;
    const PHASES: &'static [Phase] = PHASES;
    type Step = Step;
    const SCHEMA: BlockSchema = schema::SCHEMA;
    type Command = BdpCommand;
    type Event = BdpEvent;
    type State = BdpState;
    const PARTS: &'static [crate::system::Part] = &[&TALLY, &AFTERMATH];

    fn handle_own(
        &self,
        enc: &mut Encounter,
        c: BdpCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        handle_bdp(enc, c, dice)
    }

    fn handle_other(
        &self,
        enc: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match command {
            Command::Advance => turns::advance(enc, dice),
            Command::Move { id, to } => turns::move_to(self, enc, id, to, dice),
            Command::Delay { .. } => Err(RuleError::NotAllowed(
                "in Block, Dodge, Parry the order comes from the intentions: change one instead"
                    .into(),
            )),
            other => handle_common(self, enc, other, dice),
        }
    }

    fn awaiting(enc: &Encounter) -> Option<String> {
        enc.bdp().awaits().map(|first| first.words(enc))
    }

    /// Next, and every new action: an attack, a gambit (but the counter-gambit on offer,
    /// which answers), casting, reshaping detachments, a retreat.
    fn waits(enc: &Encounter, command: &Command) -> bool {
        use BdpCommand as C;
        if let Some(c) = Self::own_ref(command) {
            return match c {
                C::Attack { .. }
                | C::Cast { .. }
                | C::Retreat { .. }
                | C::FormDetachment { .. }
                | C::SplitDetachment { .. }
                | C::MergeDetachments { .. }
                | C::BreakDetachment { .. } => true,
                C::Gambit { attacker, target, .. } => {
                    enc.bdp().counter != Some((*attacker, *target))
                }
                _ => false,
            };
        }
        matches!(command, Command::Advance)
    }

    fn verbs_of(c: &BdpCommand) -> Vec<&'static str> {
        vec![script::verb_of(c)]
    }

    fn script(&self, enc: &Encounter, verb: &str, args: &[String]) -> Result<Command, String> {
        script::command(enc, verb, args).map(Command::from)
    }

    fn journal(out: &mut String, enc: &Encounter, event: &BdpEvent, style: &dyn Style) {
        journal::write(out, enc, event, style)
    }
}

/// How its blows are read for the recap (one of its [`Procedure::PARTS`]).
const TALLY: &dyn crate::recap::Tally = &recap::BdpTally;

/// What outlives its fights, and its rests (one of its [`Procedure::PARTS`]).
const AFTERMATH: &dyn crate::campaign::Aftermath = &aftermath::BdpAftermath;

impl Rules for Bdp {
    fn out_conditions(&self) -> &'static [&'static str] {
        &block::OUT
    }

    fn tactics(&self) -> Option<&'static dyn crate::simulate::policy::Tactics> {
        Some(&tactics::BdpTactics)
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
        // What only the reader knows: a weapon's or the reactions' unknown keys, the types
        // serde insists on.
        block::BdpBlock::read(name, block).map(|_| ()).map_err(|e| e.to_string())
    }

    fn prompts_worded(&self, enc: &Encounter, wording: crate::system::Wording) -> Vec<Prompt> {
        prompts::prompts(enc, wording)
    }

    fn range_band(&self, distance: Option<Distance>) -> RangeBand {
        // Same zone is Close or Near; one or two zones Far (bow range); beyond, Distant.
        band_from_table(distance, &[(0, "Close"), (2, "Far")], &[], "Distant")
    }

    fn settings(&self) -> Vec<SettingSpec> {
        let fight = || -> Vec<SettingSpec> {
            let flag = |key, label, help, on: bool| SettingSpec {
                key,
                label,
                help,
                default: serde_json::Value::Bool(on),
                choices: &[],
            };
            vec![
                flag(
                    PARRY_ALL,
                    "A parry faces every attacker",
                    "Off: the parry is against the one attacker the defender picks; the others \
                 strike as usual. On: the parry roll is compared with each attacker's.",
                    false,
                ),
                flag(
                    PARRY_ARMOR,
                    "Armor counts against parry damage",
                    "Off: whoever loses a parry takes the winner's roll straight to STR. On: their \
                 Armor is taken off first.",
                    false,
                ),
                flag(
                    HEAVY_FROM_ITEM,
                    "Heavy armour means the armour itself",
                    "On: only worn armour of 3 is heavy (a shield on top does not make it heavy) \
                 for free blocks and for dodging. Off: 3 Armor in total counts.",
                    true,
                ),
                flag(
                    ENHANCED_ADDS,
                    "Enhanced attacks add the d12",
                    "Off: an enhanced attack rolls its die and a d12 and keeps the higher. On: it \
                 adds them.",
                    false,
                ),
                flag(
                    FEEDBACK_BLAST_FROM_4,
                    "Arcane feedback blasts from 4",
                    "Off: feedback of 7 or more hurts everyone close to the caster. On: from 4.",
                    false,
                ),
                flag(
                    CDS_D6,
                    "Wound location on a d6",
                    "Off: a failed STR save rolls a d10 for where it hurts. On: a d6 (1–3 torso, \
                 4 leg, 5 arm, 6 head).",
                    false,
                ),
            ]
        };
        // The rests' defaults, where the game is silent, after the fight's own settings.
        let mut list = fight();
        list.extend(aftermath::settings());
        list
    }

    fn has_detachments(&self) -> bool {
        true
    }

    fn settle_departure(&self, ctx: &mut Ctx<'_>, left: &Left) -> Result<(), RuleError> {
        departure::settle(ctx, left)
    }

    fn settle_edit(&self, ctx: &mut Ctx<'_>, edit: &TrackEdit) -> Result<(), RuleError> {
        damage::settle_edit(ctx, edit)
    }

    fn harm(
        &self,
        ctx: &mut Ctx<'_>,
        id: CombatantId,
        amount: i64,
        what: &str,
    ) -> Result<(), RuleError> {
        let blow = damage::Blow {
            raw: amount,
            source: what.to_owned(),
            armor: true,
            to_str: false,
            save: true,
            nonlethal: false,
        };
        damage::deal(ctx, id, blow)
    }

    /// Intentions are declared to the GM: the players' journal leaves them out.
    fn secret_fact(&self, _enc: &Encounter, event: &Event) -> bool {
        matches!(
            &event.kind,
            crate::event::EventKind::Own(own)
                if matches!(own.get::<model::BdpEvent>(), Some(model::BdpEvent::Declared { .. }))
        )
    }

    fn main_tracks(&self) -> &'static [&'static str] {
        // The guard, then the body: STR is what a blow reaches once HP is gone. A character's
        // Fatigue (its own colour), a detachment's members.
        &["hp", "str", "fatigue", "members"]
    }

    fn has_acted(&self, enc: &Encounter, id: CombatantId) -> bool {
        enc.bdp().acted.contains(&id)
    }

    fn detachment_of(&self, combatant: NewCombatant, count: u32) -> Option<NewCombatant> {
        Some(detachment::of_new(combatant, count))
    }

    fn card_actions(&self, enc: &Encounter, id: CombatantId) -> Vec<PromptOption> {
        prompts::card_actions(enc, id)
    }

    fn script_verbs(&self) -> &'static [&'static str] {
        script::VERBS
    }
}

fn handle_bdp(
    enc: &mut Encounter,
    command: BdpCommand,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    use BdpCommand as C;
    match command {
        C::Surprise { situation, favoured, ambush } => {
            before::surprise(enc, situation, favoured, ambush, dice)
        }
        C::Reaction { stance } => before::reaction(enc, stance, dice),
        C::Declare { id, intent, class, no_reach } => {
            declare::declare(enc, id, intent, class, no_reach)
        }
        C::BreakTie { id } => saves::break_tie(enc, id, dice),
        C::Attack { attackers, targets, edge, nonlethal } => {
            attack::attack(enc, attackers, targets, edge, nonlethal, dice)
        }
        C::React { reaction } => attack::react(enc, reaction, dice),
        C::Gambit { attacker, target, ability } => {
            gambit::gambit(enc, attacker, target, ability, dice)
        }
        C::DeclineCounter => gambit::decline(enc, dice),
        C::Cast { caster, dice: n } => magic::cast(enc, caster, n, dice),
        C::SpellDamage { targets, faces, blast } => magic::damage(enc, targets, faces, blast, dice),
        C::Trick { target, ability, faces } => magic::trick(enc, target, ability, faces, dice),
        C::EndSpell => magic::end(enc, dice),
        C::Save { id, ability, modifier } => saves::save(enc, id, ability, modifier, dice),
        C::Hurt { target, dice: expr, to_str, save } => {
            saves::hurt(enc, target, &expr, to_str, save, dice)
        }
        C::FreeAttack { attacker, target } => {
            attack::free_attack(enc, attacker, target, true, dice)
        }
        C::LetGo { attacker, target } => attack::free_attack(enc, attacker, target, false, dice),
        C::Retreat { id } => saves::retreat(enc, id, dice),
        C::Morale { side, trigger, leader, on_fail } => {
            morale::check(enc, side, trigger, leader, on_fail, dice)
        }
        C::SkipMorale { side, trigger } => morale::skip(enc, side, trigger, dice),
        C::FormDetachment { ids } => detachment::form(enc, ids, dice),
        C::SplitDetachment { id, members } => detachment::split(enc, id, members, dice),
        C::MergeDetachments { into, from } => detachment::merge(enc, into, from, dice),
        C::BreakDetachment { id } => detachment::dissolve(enc, id, dice),
    }
}

#[cfg(test)]
mod tests;
