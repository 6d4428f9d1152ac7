//! The `System` trait every combat procedure implements, and the registry of systems.
//!
//! ARCHITECTURE.md at the repository root explains how each of the five procedures maps onto
//! this trait.

pub mod area;
pub mod block_reader;
mod board;
mod common;
mod ctx;
mod departure;
mod emit;
mod error;
mod grid_commands;
pub mod modifiers;
pub use crate::own;
pub mod presentation;
mod procedure;
mod prompt;
pub mod registry;
mod said;
pub mod schema;
pub mod spotlight;
mod step;
pub mod tactics;
mod timers;
mod turn_at;
pub mod turn_order;
pub mod verdict;
pub mod waiting;
pub mod weapon_list;
pub(crate) mod words;

pub use crate::own::UnknownSystem;
pub use common::{MAX_ADD_COUNT, MAX_NUMBER, check_room, handle_common, set_order_keeping_turn};
pub use ctx::Ctx;
pub use departure::{Departure, Left, TrackEdit, departures, handle, handle_on_copy};
pub use emit::Emitter;
pub use error::RuleError;
pub use procedure::{Kept, Part, Procedure};
pub use prompt::{Prompt, PromptOption, Wording};
pub(crate) use registry::install;
pub use registry::{Owned, of_kind};
pub use said::{Later, Said};
pub use schema::{BlockSchema, FieldProblem};
pub use step::Step;
pub(crate) use step::steps;
pub use turn_at::{PerTurn, TurnAt, acts_now, check_actor, check_before, check_begun, check_turn};
pub use weapon_list::WeaponList;
pub(crate) use words::Words;

use crate::command::{Command, NewCombatant};
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::own::Kind;
use crate::space::{Distance, RangeBand};
use serde::{Deserialize, Serialize};

/// One phase of a round, as the stepper shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phase {
    /// Stable id stored in events.
    pub id: &'static str,
    /// Button label.
    pub label: &'static str,
}

/// A rule the GM can switch or tune per encounter (an ambiguity default, an optional rule).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettingSpec {
    /// Key stored in the encounter's settings.
    pub key: &'static str,
    /// Label in the settings view.
    pub label: &'static str,
    /// One line of help, in our own words.
    pub help: &'static str,
    /// Default value.
    pub default: serde_json::Value,
    /// For a setting that takes one of a few words: each word and its label (the default is
    /// one of them). Empty for on/off and free values.
    #[serde(skip_deserializing)]
    pub choices: &'static [(&'static str, &'static str)],
}

/// A combat procedure as the core, the window and the simulator call it (object safe). Every
/// registered [`Procedure`] is one through the blanket impl in [`registry`]: its id, name,
/// phases, schema and script wording come from its typed face, the rest from [`Rules`].
pub trait System: Kind + Rules {
    /// Name shown to the GM.
    fn name(&self) -> &'static str;

    /// The phases of a round, in order.
    fn phases(&self) -> &'static [Phase];

    /// The ids of its steps (`Procedure::Step`), in order: the same as [`System::phases`]'
    /// (checked for every procedure).
    fn step_ids(&self) -> Vec<&'static str>;

    /// Checks a command and applies its events to the encounter, in place, rolling dice
    /// through `dice`; returns the events. Refuses an illegal command with the reason, and
    /// only before its first event: a refused command leaves the encounter untouched (checked
    /// over random play of every procedure). The table calls [`handle`], which keeps that
    /// true for a GM's edit too.
    fn handle(
        &self,
        encounter: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError>;

    /// The fields of this system's stat blocks and character sheets (see [`schema`]).
    fn block_schema(&self) -> BlockSchema;

    /// The script verbs a recorded command of this procedure stands for (none for the
    /// common commands): how the golden scenarios are checked to use every verb.
    fn script_verbs_of(&self, command: &Command) -> Vec<&'static str>;

    /// Turns a script line starting with one of [`Rules::script_verbs`] into a command,
    /// names looked up in `encounter` as it is when the line runs.
    fn script_command(
        &self,
        encounter: &Encounter,
        verb: &str,
        args: &[String],
    ) -> Result<Command, String>;

    /// Why `command` must wait now, in the procedure's words: something waits for an answer
    /// and `command` is not one (see [`waiting`]). `None` when it may go ahead.
    fn waiting_for(&self, encounter: &Encounter, command: &Command) -> Option<String>;

    /// The parts it handed over ([`Procedure::PARTS`]).
    fn parts(&self) -> &'static [Part];

    /// One of its own facts as a journal line.
    fn journal_own(
        &self,
        out: &mut String,
        encounter: &Encounter,
        event: &own::Own,
        style: &dyn crate::style::Style,
    );
}

/// What a procedure answers beyond its own types: its prompts, settings, presentation, the
/// library's view of its blocks and how the simulator plays it. Every method but
/// [`Rules::prompts_worded`] and [`Rules::range_band`] has a default that suits a procedure without
/// the feature.
pub trait Rules: Send + Sync {
    /// What the system needs from the GM now, each option a ready command, its words
    /// `wording` (a procedure whose words cost little may write them either way).
    fn prompts_worded(&self, encounter: &Encounter, wording: Wording) -> Vec<Prompt>;

    /// What the system needs from the GM now, in words.
    fn prompts(&self, encounter: &Encounter) -> Vec<Prompt> {
        self.prompts_worded(encounter, Wording::Written)
    }

    /// The prompts as the simulator needs them: the same prompts and options in the same
    /// order, the same commands, whether each is allowed and what it costs, but labels,
    /// reasons, headings and titles may be left empty. Asked at every step of a simulated
    /// fight (encounter odds), where writing words nobody reads was a large part of the
    /// time.
    fn choices(&self, encounter: &Encounter) -> Vec<Prompt> {
        self.prompts_worded(encounter, Wording::Skipped)
    }

    /// Whether an encounter of this procedure may be fought on a grid (its rules say what
    /// squares, feet and cover mean). Procedures written for zones say no.
    fn allows_grid(&self) -> bool {
        false
    }

    /// Whether it is fought on a grid only (a zone board is refused with the reason).
    fn needs_grid(&self) -> bool {
        false
    }

    /// The range band for a distance (`None` = no path, or off the board).
    fn range_band(&self, distance: Option<Distance>) -> RangeBand;

    /// The settings this system exposes.
    fn settings(&self) -> Vec<SettingSpec> {
        Vec::new()
    }

    /// Settles what the procedure had open about `id` now that it left (see
    /// [`Departure`]): a blow it dealt is dropped, a blow aimed at it misses, its turn ends, a
    /// reaction or free strike it was owed or owes is skipped, each with a journal line. `ctx`
    /// holds the state after the GM's edit. Called by [`handle`] after every GM edit that
    /// takes someone out; it must leave no state that names the one who left in a step only
    /// undo could leave.
    fn settle_departure(&self, ctx: &mut Ctx<'_>, left: &Left) -> Result<(), RuleError> {
        let _ = (ctx, left);
        Ok(())
    }

    /// A GM edit moved a track (see [`TrackEdit`]): apply the procedure's rule for a track
    /// that reaches its threshold, exactly as a blow would (a creature at 0 HP dies, a
    /// character falls), each with a journal line. `ctx` holds the state after the edit.
    /// Called by [`handle`] after every GM edit of a track in a fight begun from rules
    /// edition 1; whoever it takes out is then settled like any departure.
    fn settle_edit(&self, ctx: &mut Ctx<'_>, edit: &TrackEdit) -> Result<(), RuleError> {
        let _ = (ctx, edit);
        Ok(())
    }

    /// Harm from outside a blow — a blast, a breath, a falling ceiling ([`Command::Harm`]) —
    /// on `id`: `amount` as rolled, through the target's own armour and saves where this
    /// procedure gives them, then its rules for what the harm does, each with a journal line
    /// (`what` names the source). By default the first main track the target has loses it,
    /// no lower than 0.
    ///
    /// [`Command::Harm`]: crate::command::Command::Harm
    fn harm(
        &self,
        ctx: &mut Ctx<'_>,
        id: CombatantId,
        amount: i64,
        what: &str,
    ) -> Result<(), RuleError> {
        let c = ctx.who(id)?;
        let Some(track) = self.main_tracks().iter().find_map(|k| c.track(k)).cloned() else {
            let name = c.name.clone();
            ctx.ruling(
                "core.damage",
                Some(id),
                format_args!("{name} has no track {what} could harm"),
            );
            return Ok(());
        };
        let to = (track.value - amount.max(0)).max(0);
        ctx.set_track("core.damage", id, &track.name, to);
        Ok(())
    }

    /// Whether one of this procedure's own facts is kept from the players (an intention
    /// declared in secret): the journal for the players leaves its line out, as the player
    /// window never shows it.
    fn secret_fact(&self, enc: &Encounter, event: &crate::event::Event) -> bool {
        let _ = (enc, event);
        false
    }

    /// Whom one of this procedure's own facts brings before the players besides those it
    /// changes (a charge's target, the foes it walks past), pushed onto `out`: a foe hidden
    /// until it acts shows from then on. Never one it keeps secret. None by default.
    fn meets(&self, enc: &Encounter, event: &crate::event::Event, out: &mut Vec<CombatantId>) {
        let _ = (enc, event, out);
    }

    /// The keys of a combatant's main tracks, most telling first (what a token shows with
    /// its number). A combatant with none of them shows its first track.
    fn main_tracks(&self) -> &'static [&'static str] {
        &["hp"]
    }

    /// What a track measures, for its colour ([`presentation::usual_meaning`] by default).
    fn track_meaning(&self, key: &str) -> presentation::Meaning {
        presentation::usual_meaning(key)
    }

    /// Who acts now: the place of the order acting, by default.
    fn acting(&self, enc: &Encounter) -> Vec<CombatantId> {
        enc.acting().to_vec()
    }

    /// Why the turn order is not this round's yet, when it is being made again (a procedure
    /// that sets it from actions declared each round: while they are declared, the order
    /// shown would be last round's plans); `None` when the order stands.
    fn order_waits(&self, enc: &Encounter) -> Option<&'static str> {
        let _ = enc;
        None
    }

    /// Whether `id` has had its turn this round (its token is faded).
    fn has_acted(&self, enc: &Encounter, id: CombatantId) -> bool {
        let _ = (enc, id);
        false
    }

    /// The conditions that take a combatant out of the fight in this procedure's own words,
    /// beside the shared ones of [`presentation::standing`] (read by the default
    /// [`Rules::is_out`]).
    fn out_conditions(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether `c` is out of the fight by this procedure's rules (dead, down, dying, fled,
    /// surrendered...): by default, one of its [`Rules::out_conditions`] or whatever its
    /// conditions say of its standing. Encounter odds end a fight when a side has nobody left
    /// who is not out.
    fn is_out(&self, enc: &Encounter, c: &crate::encounter::Combatant) -> bool {
        let _ = enc;
        presentation::has_any(c, self.out_conditions()) || presentation::standing(c).is_out()
    }

    /// How this procedure's sides fight when the app plays them (encounter odds); `None`
    /// for a procedure with no rules of its own to play.
    fn tactics(&self) -> Option<&'static dyn tactics::Tactics> {
        None
    }

    /// The neighbouring zone `id` stands on the border with, if the procedure has borders.
    fn border(&self, enc: &Encounter, id: CombatantId) -> Option<crate::ids::ZoneId> {
        let _ = (enc, id);
        None
    }

    /// An arrow the board draws between two zones, with its words (a blast gone astray).
    fn arrow(&self, enc: &Encounter) -> Option<presentation::Arrow> {
        let _ = enc;
        None
    }

    /// The stepper's headline: who acts or chooses, and what goes with it (by default whoever
    /// the order has acting, led by the count when the order counts).
    fn spotlight(&self, enc: &Encounter) -> spotlight::Spotlight {
        spotlight::by_order(enc, &self.acting(enc))
    }

    /// Who is still to act per faction, for a procedure without a turn order (the stepper
    /// then shows this instead of the order). `None`: the procedure has an order.
    fn factions(&self, enc: &Encounter) -> Option<Vec<spotlight::Faction>> {
        let _ = enc;
        None
    }

    /// The circumstances the GM may set by hand for the next command of one kind (an attack
    /// whose target is unseen or in cover), if the procedure has any.
    fn modifiers(&self) -> Option<&'static modifiers::ModifierSpec> {
        None
    }

    /// `option` made with the GM's `set` circumstances, allowed or not as the rules then say;
    /// `None` when the circumstances do not apply to it.
    fn modified(
        &self,
        enc: &Encounter,
        option: &PromptOption,
        set: &modifiers::Modifiers,
    ) -> Option<PromptOption> {
        let _ = (enc, option, set);
        None
    }

    /// Whether the circumstances go with `command` (once it is sent they are cleared).
    fn takes_modifiers(&self, command: &Command) -> bool {
        let _ = command;
        false
    }

    /// Whether the system fights with detachments (many bodies as one token).
    fn has_detachments(&self) -> bool {
        false
    }

    /// `count` copies of `combatant` as one detachment token, for systems that have them.
    fn detachment_of(&self, combatant: NewCombatant, count: u32) -> Option<NewCombatant> {
        let _ = (combatant, count);
        None
    }

    /// Whether the encounter reads roll tables from the library (injury tables): a new
    /// encounter then starts with a copy of the library's tables of this system.
    fn uses_tables(&self) -> bool {
        false
    }

    /// The keys its rules read in a roll-table row's structured effect, in a line for the
    /// table editor's hint (`None`: it reads none).
    fn table_effect_keys(&self) -> Option<&'static str> {
        None
    }

    /// Things the GM may do with one combatant now, beyond the turn's prompts (a save the
    /// GM calls for, splitting a detachment...), shown on its card.
    fn card_actions(&self, encounter: &Encounter, id: CombatantId) -> Vec<PromptOption> {
        let _ = (encounter, id);
        Vec::new()
    }

    /// The system's own reading of a block that already fits [`System::block_schema`]: the
    /// rules no single field can check (which keys go together, a die a weapon list allows).
    /// `name` is the entry's name, for the message.
    fn check_block(
        &self,
        name: &str,
        block: &serde_json::Value,
        character: bool,
    ) -> Result<(), String> {
        let _ = (name, block, character);
        Ok(())
    }

    /// The system's weapon reference list, as the library shows and checks it; none when the
    /// system keeps no list.
    fn weapon_list(&self) -> Option<&'static WeaponList> {
        None
    }

    /// Verbs of this system's own commands in `fray play` scripts (`declare`, `attack`...).
    fn script_verbs(&self) -> &'static [&'static str] {
        &[]
    }
}

/// Every problem of a stat block (`character`: a character sheet) for `system`: the schema's
/// field by field, then, when those hold, the system's own reading. Empty when it is good.
pub fn validate_block(
    system: &dyn System,
    name: &str,
    block: &serde_json::Value,
    character: bool,
) -> Vec<FieldProblem> {
    let problems = system.block_schema().check(block, character);
    if !problems.is_empty() {
        return problems;
    }
    match system.check_block(name, block, character) {
        Ok(()) => Vec::new(),
        Err(message) => vec![FieldProblem { path: String::new(), label: String::new(), message }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A combatant with `conditions` and nothing else.
    fn with(conditions: &[&str]) -> crate::encounter::Combatant {
        let mut c = crate::encounter::Combatant::blank(CombatantId(1), "X", crate::ids::SideId(0));
        c.conditions = conditions.iter().map(|c| (*c).to_owned()).collect();
        c
    }

    #[test]
    fn each_of_a_procedures_out_conditions_takes_a_combatant_out_and_nothing_else_does() {
        for system in crate::systems::registry().all() {
            let enc = Encounter::new(*system, "Out", 1);
            assert!(!system.is_out(&enc, &with(&[])), "{}: nobody is out unhurt", system.id());
            assert!(!system.is_out(&enc, &with(&["prone"])), "{}: prone is in", system.id());
            assert!(system.is_out(&enc, &with(&["dead"])), "{}: the dead are out", system.id());
            for condition in system.out_conditions() {
                assert!(system.is_out(&enc, &with(&[condition])), "{}: {condition}", system.id());
            }
        }
    }

    #[test]
    fn each_procedures_steps_are_its_phases_in_order() {
        for system in crate::systems::registry().all() {
            let phases: Vec<&str> = system.phases().iter().map(|p| p.id).collect();
            assert_eq!(system.step_ids(), phases, "{}", system.id());
        }
    }

    #[test]
    fn a_stored_encounter_at_a_phase_its_procedure_does_not_have_is_refused_by_name() {
        let enc = Encounter::new(crate::systems::registry().get("bdp").unwrap(), "Forged", 1);
        let mut written = serde_json::to_value(&enc).unwrap();
        written["phase"] = serde_json::json!("declare");
        assert!(serde_json::from_value::<Encounter>(written.clone()).is_ok());
        written["phase"] = serde_json::json!("turns");
        let e = serde_json::from_value::<Encounter>(written).unwrap_err().to_string();
        assert!(e.contains("the encounter is at phase 'turns', which 'bdp' does not have"), "{e}");
    }

    #[test]
    fn a_procedure_that_reads_roll_tables_says_which_effect_keys_it_reads() {
        for system in crate::systems::registry().all() {
            let keys = system.table_effect_keys();
            assert_eq!(
                system.uses_tables(),
                keys.is_some(),
                "{}: reads tables {} but names {:?}",
                system.id(),
                system.uses_tables(),
                keys
            );
            if let Some(keys) = keys {
                assert!(keys.contains("\"injury\""), "{}: {keys}", system.id());
            }
        }
    }
}
