//! What the GM did in a frame, and the one place that carries it out.

use super::encounter_ops;
use super::library_ops::LibraryAction;
use super::model::{DiceMode, Model, PREFS_KEY, PendingRoll, Prefs, Removed};
use super::prep_ops::PrepAction;
use super::views::ViewState;
use crate::window::CampaignAction;
use fray_app::Command;
use fray_app::command::NewCombatant;
use fray_app::dice::{DiceError, DieChoice};
use fray_app::ids::CombatantId;
use fray_app::journal;
use fray_app::system::RuleError;
use fray_data::{EncounterId, Session, SessionError};
use std::path::PathBuf;

/// A journal format, as the export dialog offers it (the same list as the command line's).
pub use fray_app::journal::Format as ExportFormat;

/// Everything a view can ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Run a rules command in the open encounter (dice per the dice mode).
    Game(Command),
    /// Remember where the player window is (its monitor, size, full screen).
    SavePlayerWindow(crate::window::views::player_window::Geometry),
    /// Run a rules command with dice already decided (faces typed from the table, in the
    /// order the command rolls them); any further roll follows the dice mode.
    GameWithDice(Command, Vec<DieChoice>),
    /// Answer the question asked: a prompt option's command, run as [`Action::Game`] runs
    /// it; with `true`, a player rolls for it (an option marked `player_rolls`: its first die
    /// is asked for from the table even in app mode). Then, when all the fight asks is the
    /// button the procedure takes with the last answer (*Done: next turn*), the same click
    /// takes it ([`super::answer`]).
    Answer(Command, bool),
    /// Add a library entry (or a quick-add) as one or several combatants. The side is the
    /// party for characters and the first non-party side for creatures; either is created
    /// when missing.
    AddCombatant {
        /// What to add; its `side` is ignored and chosen as described.
        combatant: NewCombatant,
        /// Whether it joins the party.
        party: bool,
        /// How many.
        count: u32,
    },
    /// Take back the last command.
    Undo,
    /// Put back the last undone command.
    Redo,
    /// The faces typed for the pending roll.
    TableFaces(Vec<u32>),
    /// Let the app roll the pending roll.
    RollForMe,
    /// Give up the command waiting for dice.
    CancelRoll,
    /// Who rolls the engine's dice.
    SetDiceMode(DiceMode),
    /// Show a combatant's card (or none).
    Select(Option<CombatantId>),
    /// Pick a combatant for harm to several at once, or put it back (shift-click).
    TogglePick(CombatantId),
    /// Put back every picked combatant.
    ClearPicks,
    /// Create an encounter and open it.
    NewEncounter {
        /// System id.
        system: fray_app::ids::SystemId,
        /// Its name.
        name: String,
    },
    /// Open a stored encounter.
    OpenEncounter(EncounterId),
    /// Rename the open encounter.
    RenameEncounter(String),
    /// Copy an encounter's current board as a new encounter (a template) and open it.
    DuplicateEncounter(EncounterId),
    /// Delete an encounter (the view asked for confirmation first).
    DeleteEncounter(EncounterId),
    /// Write the journal to a file.
    Export {
        /// Which format.
        format: ExportFormat,
        /// Who it is for (Markdown and HTML; JSON is always the whole journal).
        audience: fray_app::journal::Audience,
        /// Where.
        path: PathBuf,
    },
    /// Replay a journal file (JSON) with its dice checked, as `fray replay` does; the outcome
    /// goes to the status line.
    CheckJournal(PathBuf),
    /// Lay a picture under the grid, or load a Universal VTT file as the board (told by what
    /// it holds), its object outlines as the GM chose. Nothing is kept when the file is refused.
    LoadMap(PathBuf, crate::uvtt::Objects),
    /// Change and persist the preferences.
    SetPrefs(Prefs),
    /// Say something in the status line that must be seen (who did not fit a zone).
    Notice(String),
    /// Remember which panels are folded for the open encounter (its Table or Prep layout).
    SavePanels(crate::window::views::panels::Panels),
    /// Copy the library's roll tables of the encounter's system into it again (journaled:
    /// undo takes the copy back).
    ReloadTables,
    /// Put back the last library entry deleted ([`Model::removed`]).
    UndoRemove,
    /// Something done on the prep bench (tables, templates; see [`PrepAction`]).
    Prep(PrepAction),
    /// Something done to the bestiary or the characters (new, edit, save, duplicate,
    /// delete; see [`LibraryAction`]).
    Library(LibraryAction),
    /// Something done between fights (end a fight, rest, heal; see [`CampaignAction`]).
    Campaign(CampaignAction),
    /// Clear the status line.
    DismissStatus,
    /// Open the end-of-fight review (what lasts for each character).
    ReviewFight,
}

/// Carries out one action. Every failure ends in the status line; nothing panics.
pub fn apply(model: &mut Model, view: &mut ViewState, action: Action) {
    match action {
        Action::Game(command) => run(model, command, Vec::new(), false),
        Action::SavePlayerWindow(g) => {
            let key = crate::window::views::player_window::GEOMETRY_KEY;
            if let Err(e) = model.db.settings().set_json(key, &g) {
                model.error(format!("Could not remember the player window's place: {e}"));
            }
        }
        Action::Answer(command, player) => super::answer::answer(model, command, player),
        Action::GameWithDice(command, plan) => run(model, command, plan, false),
        Action::AddCombatant { combatant, party, count } => {
            add_combatant(model, combatant, party, count)
        }
        Action::Undo => step(model, Session::undo, "Nothing to undo"),
        Action::Redo => step(model, Session::redo, "Nothing to redo"),
        Action::TableFaces(faces) => super::answer::continue_roll(model, DieChoice::Table(faces)),
        Action::RollForMe => super::answer::continue_roll(model, DieChoice::App),
        Action::CancelRoll => {
            if model.pending_roll.take().is_some() {
                model.info("Roll cancelled: nothing was recorded");
            }
        }
        Action::SetDiceMode(mode) => {
            model.dice_mode = mode;
            if let Err(e) = model.db.settings().set_json(super::model::DICE_MODE_KEY, &mode) {
                model.error(format!("Could not keep who rolls for next time: {e}"));
            }
        }
        Action::Select(id) => model.selected = id,
        Action::TogglePick(id) => {
            if !model.picked.remove(&id) {
                model.picked.insert(id);
            }
        }
        Action::ClearPicks => model.picked.clear(),
        Action::NewEncounter { system, name } => encounter_ops::create(model, system, &name),
        Action::OpenEncounter(id) => encounter_ops::open(model, id),
        Action::RenameEncounter(name) => encounter_ops::rename(model, &name),
        Action::DuplicateEncounter(id) => encounter_ops::duplicate(model, id),
        Action::DeleteEncounter(id) => encounter_ops::delete(model, id),
        Action::Export { format, audience, path } => export(model, format, audience, &path),
        Action::LoadMap(path, objects) => load_map(model, &path, objects),
        Action::CheckJournal(path) => check_journal(model, &path),
        Action::SetPrefs(mut prefs) => {
            prefs.scale_percent =
                prefs.scale_percent.clamp(*Prefs::SCALE_RANGE.start(), *Prefs::SCALE_RANGE.end());
            if let Err(e) = model.db.settings().set_json(PREFS_KEY, &prefs) {
                model.error(format!("Could not save the settings: {e}"));
            }
            model.prefs = prefs;
        }
        Action::Notice(text) => model.error(text),
        Action::SavePanels(panels) => {
            if let Some(session) = &model.session {
                let key = crate::window::views::panels::key(session.encounter_id());
                if let Err(e) = model.db.settings().set_json(&key, &panels) {
                    model.error(format!("Could not save the layout: {e}"));
                }
            }
        }
        Action::ReloadTables => reload_tables(model),
        Action::UndoRemove => undo_remove(model),
        Action::Prep(prep) => super::prep_ops::apply(model, view, prep),
        Action::Library(library) => super::library_ops::apply(model, view, library),
        Action::Campaign(campaign) => super::campaign_ops::apply(model, campaign),
        Action::DismissStatus => model.status = None,
        Action::ReviewFight => {
            view.campaign.review = crate::window::views::campaign::review::ReviewDraft::of(model);
        }
    }
    let _ = view;
    model.sync_journal();
    model.sync_company();
}

/// Runs a command with the dice decided so far; in table mode a roll nobody typed yet
/// becomes a pending roll the dice tray asks the GM about.
pub(super) fn run(model: &mut Model, command: Command, plan: Vec<DieChoice>, player: bool) {
    // What the table is shown (the recap on the TV, a token revealed) is not the fight: an
    // ended fight still takes it.
    let shows = command.is_table_view();
    if (model.fight_ended() && !shows) || model.session.is_none() {
        // The tray still rolls between fights: into today's session, not the ended fight.
        if let Command::Roll { dice, label, .. } = &command {
            let faces = plan.iter().find_map(|c| match c {
                DieChoice::Table(faces) => Some(faces.clone()),
                DieChoice::App => None,
            });
            let (dice, label) = (dice.clone(), label.clone());
            super::campaign_ops::apply(model, CampaignAction::TrayRoll { dice, label, faces });
            return;
        }
        if model.fight_ended() {
            model.error(ENDED);
            return;
        }
    }
    let Some(session) = &mut model.session else {
        model.error("Open or create an encounter first");
        return;
    };
    // A player's roll is the command's first die (the Test); what follows (the damage) is
    // the GM's, by the dice mode.
    let ask = (player && plan.is_empty()) || model.dice_mode == DiceMode::Table;
    match session.apply_planned(command.clone(), plan.clone(), ask) {
        Ok(_) => {
            model.pending_roll = None;
            model.status = None;
            super::campaign_ops::join_session(model);
        }
        Err(SessionError::Rule(RuleError::Dice(DiceError::NeedTableDice {
            dice,
            label,
            roller,
        }))) => {
            model.pending_roll =
                Some(PendingRoll { command, plan, dice, label, roller, error: None, player });
        }
        Err(SessionError::Rule(RuleError::Dice(e))) if !plan.is_empty() => {
            // The faces just typed do not fit the dice: ask again, keeping the command.
            let mut plan = plan;
            plan.pop();
            if let Some(p) = &mut model.pending_roll {
                p.plan = plan;
                p.error = Some(e.to_string());
            } else {
                model.error(e.to_string());
            }
        }
        Err(e) => {
            model.pending_roll = None;
            model.error(e.to_string());
        }
    }
}

/// Why an ended fight refuses a command.
const ENDED: &str =
    "This fight is over and written back: reopen it to change it (Encounter ▸ Reopen the fight)";

fn step(model: &mut Model, f: fn(&mut Session) -> Result<bool, SessionError>, nothing: &str) {
    if model.fight_ended() {
        model.error(ENDED);
        return;
    }
    let Some(session) = &mut model.session else { return };
    match f(session) {
        Ok(true) => model.status = None,
        Ok(false) => model.info(nothing),
        Err(e) => model.error(e.to_string()),
    }
    model.pending_roll = None;
}

fn add_combatant(model: &mut Model, mut combatant: NewCombatant, party: bool, mut count: u32) {
    // A character is one person: added once, and never twice to one fight.
    let character = combatant.source.as_deref().is_some_and(|s| s.starts_with("character:"));
    let here = model.session.as_ref().and_then(|s| {
        let state = s.state();
        state.combatants.values().find(|c| c.source == combatant.source).map(|c| c.name.clone())
    });
    if character && let Some(name) = here {
        model.error(format!("{name} is already in this fight: a character is one person"));
        return;
    }
    let once = character && count > 1;
    if once {
        count = 1;
    }
    let Some(session) = &model.session else {
        model.error("Open or create an encounter first");
        return;
    };
    let side = session.state().sides.values().find(|s| s.party == party).map(|s| s.id);
    let side = match side {
        Some(id) => id,
        None => {
            let (name, colour) = if party { ("Party", "#3d7fc4") } else { ("Foes", "#c4503d") };
            run(
                model,
                Command::AddSide { name: name.into(), colour: colour.into(), party },
                Vec::new(),
                false,
            );
            match model
                .session
                .as_ref()
                .and_then(|s| s.state().sides.values().find(|s| s.party == party))
            {
                Some(s) => s.id,
                None => return,
            }
        }
    };
    combatant.side = side;
    let combatant = super::campaign_ops::as_it_is_now(model, combatant, count);
    let name = combatant.name.clone();
    run(model, Command::AddCombatant { combatant: Box::new(combatant), count }, Vec::new(), false);
    if once && model.status.as_ref().is_none_or(|s| !s.error) {
        model.info(format!("{name} is one person: added once"));
    }
}

fn reload_tables(model: &mut Model) {
    let Some(session) = &mut model.session else {
        model.error("Open or create an encounter first");
        return;
    };
    match session.reload_tables() {
        Ok(()) => {
            let n = session.state().tables.len();
            let what = if n == 1 { "1 table".to_owned() } else { format!("{n} tables") };
            model.info(format!("The library's tables were copied into the encounter ({what})"));
        }
        Err(e) => model.error(format!("Could not copy the tables: {e}")),
    }
}

/// Deletes are undone by writing back the whole entry: same id, uid, portrait and rows.
fn undo_remove(model: &mut Model) {
    let Some(removed) = model.removed.take() else {
        model.info("Nothing deleted to put back");
        return;
    };
    let result = match &removed {
        Removed::Creature(c) => model.db.creatures().restore(c),
        Removed::Character(c) => model.db.characters().restore(c),
        Removed::Table(t) => model.db.tables().restore(t),
        Removed::Template(t) => model.db.templates().restore(t),
    };
    match result {
        Ok(()) => {
            model.info(format!("{} is back", removed.name()));
            model.library_version += 1;
        }
        Err(e) => {
            model.error(format!("Could not put {} back: {e}", removed.name()));
            model.removed = Some(removed);
        }
    }
}

/// Checks a journal file (`fray replay`'s checks), saying what it proves.
fn check_journal(model: &mut Model, path: &std::path::Path) {
    match crate::inputs::check_journal(path) {
        Ok(checked) if checked.partial.is_empty() => {
            model.info(format!("{}: {}", path.display(), checked.line()))
        }
        Ok(checked) => model.error(format!("{}: {}", path.display(), checked.line())),
        Err(e) => model.error(format!("{e:#}")),
    }
}

fn export(
    model: &mut Model,
    format: ExportFormat,
    audience: journal::Audience,
    path: &std::path::Path,
) {
    let Some(session) = &model.session else {
        model.error("Open an encounter to export its journal");
        return;
    };
    let text = journal::export(session.history(), format, audience);
    // Whole or not at all: a failed export never leaves half a file where a good one was.
    match fray_data::files::write_atomic(path, text.as_bytes()) {
        Ok(()) => model.info(format!("Journal exported to {}", path.display())),
        Err(e) => model.error(format!("Could not write {}: {e}", path.display())),
    }
}

/// Now, in Unix milliseconds (a session's day). The window is the one place allowed a clock.
pub(super) fn now_ms() -> i64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// A seed for a new encounter's dice. The window is the one place allowed a clock.
pub(super) fn fresh_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((nanos >> 64) as u64).rotate_left(17) ^ u64::from(std::process::id())
}

/// Reads a map file, keeps its picture in the database, and lays it under the grid (a
/// picture) or loads the whole board (a Universal VTT file) in one journaled command. The
/// rules are asked first, so a board they refuse leaves no picture behind.
fn load_map(model: &mut Model, path: &std::path::Path, objects: crate::uvtt::Objects) {
    let Some(session) = &model.session else {
        model.error("Open an encounter first");
        return;
    };
    let plan = match crate::map_plan::MapPlan::read(path, objects, session.state()) {
        Ok(plan) => plan,
        Err(e) => return model.error(e),
    };
    let (state, system) = (session.state(), session.history().system());
    let mut dice = fray_app::dice::SeededDice::new(state.seed, session.history().next_stream());
    if let Err(e) = fray_app::system::handle_on_copy(system, state, plan.asked(), &mut dice) {
        return model.error(format!("The board was not changed: {e}"));
    }
    let key = match &plan.picture {
        None => None,
        Some(p) => match session.db().maps().insert(&p.bytes, p.width_px, p.height_px) {
            Ok(k) => Some(k),
            Err(e) => return model.error(format!("Could not keep the map: {e}")),
        },
    };
    run(model, plan.command(key), Vec::new(), false);
    // What the reading chose or left out, where the GM looks after loading it.
    if !plan.notes.is_empty() {
        model.info(format!("Map loaded: {}", plan.notes.join("; ")));
    }
}
