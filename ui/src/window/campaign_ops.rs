//! What the window does between fights: end a fight and write back what lasts, rest, heal or
//! harm by hand, lift an injury, undo and redo those steps, roll the tray with no fight open,
//! export the evening. Each step goes to today's session (started on the day's first one).

use super::Model;
use fray_app::campaign::{CampaignStep, Company, Review, StepDice};
use fray_app::command::NewCombatant;
use fray_app::dice::{Dice, DiceSource, RollSource, SeededDice};
use fray_data::PlaySessionId;

/// Something done between fights.
#[derive(Debug, Clone, PartialEq)]
pub enum CampaignAction {
    /// Write back the reviewed lines of the open fight and end it (one undoable step).
    ApplyReview(Box<Review>),
    /// A rest of the open encounter's procedure, for everyone (no key) or one character.
    Rest {
        /// The recovery's id.
        rest: String,
        /// Whose (the members' keys); none: the whole company.
        who: Vec<String>,
        /// Who tends them (the member's key), for a rest that needs a healer (Sovereign's
        /// first aid, the week of care, the attempt at Frailty).
        by: Option<String>,
    },
    /// Heal (or harm, negative) a track by hand.
    Heal {
        /// The member's key.
        who: String,
        /// The track.
        track: String,
        /// How much.
        amount: i64,
    },
    /// Lift a lasting harm by hand ("healed").
    Cure {
        /// The member's key.
        who: String,
        /// The harm's label.
        label: String,
    },
    /// Take back the session's last step.
    Undo,
    /// Put it back.
    Redo,
    /// Let the ended fight take commands again.
    Reopen,
    /// A roll of the tray with no fight going on: journaled in the session.
    TrayRoll {
        /// What to roll.
        dice: Dice,
        /// What for.
        label: String,
        /// Faces typed from the table, if the players rolled.
        faces: Option<Vec<u32>>,
    },
    /// Write an evening to a file.
    Export {
        /// Which format.
        format: crate::share::SessionFormat,
        /// Who it is for (Markdown and HTML; JSON is always the whole evening).
        audience: fray_app::journal::Audience,
        /// Where.
        path: std::path::PathBuf,
        /// Which session (today's when none).
        session: Option<PlaySessionId>,
    },
    /// Say in the status line what was done outside the model (the recap card copied).
    Told(String),
    /// Start a new session today, named: the day's steps go to it from now on.
    StartSession(String),
    /// Rename today's session.
    RenameSession(String),
    /// Take up an earlier session again: today's steps go to it.
    ResumeSession(PlaySessionId),
    /// The GM's note, in today's session.
    Note(String),
}

/// Today, as a session's day.
pub fn today() -> String {
    fray_data::dates::utc_day(crate::window::action::now_ms())
}

/// Who played tonight, by key in the company's order: the members who fought in one of
/// today's session's encounters or in the open one. A rest for the party rests them.
pub fn fighters_tonight(model: &Model) -> Result<Vec<String>, String> {
    let mut fought = std::collections::BTreeSet::new();
    let mut note = |state: &fray_app::Encounter| {
        let from_library = state.combatants.values().filter(|c| c.source.is_some());
        fought.extend(from_library.map(fray_app::campaign::end::member_key));
    };
    if let Some(session) = &model.session {
        note(session.state());
    }
    let sessions = model.db.play_sessions();
    if let Some(day) = sessions.current_if_any(&today()).map_err(|e| e.to_string())? {
        for id in sessions.encounters(day).map_err(|e| e.to_string())? {
            let history = fray_data::Session::read(&model.db, id)
                .map_err(|e| format!("encounter {}: {e}", id.0))?;
            note(history.state());
        }
    }
    Ok(model.company.members.keys().filter(|k| fought.contains(*k)).cloned().collect())
}

/// Today's session, started if this is the day's first step.
pub fn session_of_today(model: &mut Model) -> Option<PlaySessionId> {
    match model.db.play_sessions().current(&today()) {
        Ok(id) => Some(id),
        Err(e) => {
            model.error(format!("Could not open today's session: {e}"));
            None
        }
    }
}

/// Notes the open encounter as played in today's session, the first time it takes a
/// command today: the evening's journal holds it where it began.
pub fn join_session(model: &mut Model) {
    let Some(id) = model.session.as_ref().map(fray_data::Session::encounter_id) else { return };
    if model.joined == Some(id) {
        return;
    }
    model.join_failed = Some(id);
    // Tried again each frame until it goes through (see `Model::join_pending`). While the
    // fight's own changes wait for the database, the window already says so: no second note.
    let sessions = model.db.play_sessions();
    let joined = sessions.current(&today()).and_then(|day| sessions.played(day, id));
    match joined {
        Ok(()) => {
            model.joined = Some(id);
            model.join_failed = None;
        }
        Err(_) if model.unsaved() > 0 => {}
        Err(e) => model.error(format!("Could not add the fight to today's session yet: {e}")),
    }
}

/// The company of the open encounter's procedure.
pub fn company(model: &Model) -> Result<Company, String> {
    let Some(session) = &model.session else { return Err("open an encounter first".into()) };
    model.db.campaign().company(session.state().system_id()).map_err(|e| e.to_string())
}

/// Carries out one action between fights; every failure ends in the status line.
pub fn apply(model: &mut Model, action: CampaignAction) {
    let Some(day) = session_of_today(model) else { return };
    let result = match action {
        CampaignAction::ApplyReview(review) => apply_review(model, day, &review),
        CampaignAction::Rest { rest, who, by } => rest_step(model, day, &rest, who, by),
        CampaignAction::Heal { who, track, amount } => {
            take(model, day, |c| c.heal(&who, &track, amount))
        }
        CampaignAction::Cure { who, label } => take(model, day, |c| c.cure(&who, &label)),
        CampaignAction::Undo => turn(model, day, true),
        CampaignAction::Redo => turn(model, day, false),
        CampaignAction::Reopen => reopen(model),
        CampaignAction::TrayRoll { dice, label, faces } => {
            tray_roll(model, day, &dice, &label, faces)
        }
        CampaignAction::Export { format, audience, path, session } => {
            export(model, session.unwrap_or(day), format, audience, &path)
        }
        CampaignAction::Told(text) => {
            model.info(text);
            Ok(())
        }
        CampaignAction::StartSession(name) => model
            .db
            .play_sessions()
            .start(&name, &today())
            .map(|_| model.info(format!("Session \"{}\" started", name.trim())))
            .map_err(|e| format!("Could not start the session: {e}")),
        CampaignAction::RenameSession(name) => model
            .db
            .play_sessions()
            .rename(day, &name)
            .map(|()| model.info("Session renamed"))
            .map_err(|e| format!("Could not rename the session: {e}")),
        CampaignAction::ResumeSession(id) => model
            .db
            .play_sessions()
            .resume(id, &today())
            .map(|()| model.info("Today's steps go to that session again"))
            .map_err(|e| format!("Could not take the session up again: {e}")),
        CampaignAction::Note(text) => model
            .db
            .play_sessions()
            .note(day, &text)
            .map(|()| model.info("Note added to today's session"))
            .map_err(|e| format!("Could not add the note: {e}")),
    };
    if let Err(e) = result {
        model.error(e);
    }
    model.refresh_encounters();
    model.library_version += 1;
}

/// Takes a step made from the company as it is inside the write transaction: a heal another
/// program made a moment ago is counted, never overwritten.
fn take(
    model: &mut Model,
    day: PlaySessionId,
    make: impl FnOnce(&Company) -> Result<CampaignStep, fray_app::system::RuleError>,
) -> Result<(), String> {
    let Some(session) = &model.session else { return Err("open an encounter first".into()) };
    let system = session.state().system_id();
    let step = model
        .db
        .campaign()
        .take(day, system, None, |c| {
            make(c).map_err(|e| fray_data::DbError::Invalid(e.to_string()))
        })
        .map_err(|e| format!("Nothing was written: {e}"))?;
    model.info(format!("{}: written to the party (Undo takes it back)", step.title()));
    Ok(())
}

fn apply_review(model: &mut Model, day: PlaySessionId, review: &Review) -> Result<(), String> {
    let Some(session) = &model.session else { return Err("open an encounter first".into()) };
    let encounter = session.encounter_id();
    model
        .db
        .campaign()
        .apply(day, &review.step(), Some(encounter))
        .map_err(|e| format!("Nothing was written: {e}"))?;
    model.info(format!(
        "The fight is over: what lasts is written to {} (Undo takes it back)",
        plural(review.people.len())
    ));
    Ok(())
}

fn plural(n: usize) -> String {
    if n == 1 { "1 character".into() } else { format!("{n} characters") }
}

fn rest_step(
    model: &mut Model,
    day: PlaySessionId,
    rest: &str,
    who: Vec<String>,
    by: Option<String>,
) -> Result<(), String> {
    let Some(session) = &model.session else { return Err("open an encounter first".into()) };
    let system = session.state().system();
    let settings = session.state().settings.as_ref().clone();
    let of = fray_app::campaign::aftermath::of(system);
    let kind = fray_app::campaign::aftermath::recovery(of, rest).map_err(|e| e.to_string())?;
    let origin = StepDice { seed: crate::window::action::fresh_seed(), stream: 0 };
    take(model, day, |c| {
        // The healer as the company holds it inside the step's transaction.
        let settings = match &by {
            Some(key) => {
                let healer = c.member(key)?;
                fray_app::campaign::aftermath::with_healer(&settings, &healer.name, &healer.sheet)
            }
            None => settings,
        };
        c.rest_seeded(of, system.id(), kind, &who, &settings, origin, &[])
    })
}

fn turn(model: &mut Model, day: PlaySessionId, undo: bool) -> Result<(), String> {
    let done = if undo { model.db.campaign().undo(day) } else { model.db.campaign().redo(day) };
    match done.map_err(|e| e.to_string())? {
        Some(s) => {
            model.info(format!("{} {}", if undo { "Undone:" } else { "Redone:" }, s.step.title()))
        }
        None => model.info(if undo {
            "No step of the party to undo"
        } else {
            "No step of the party to redo"
        }),
    }
    Ok(())
}

fn reopen(model: &mut Model) -> Result<(), String> {
    let Some(session) = &model.session else { return Err("open an encounter first".into()) };
    model.db.encounters().reopen(session.encounter_id()).map_err(|e| e.to_string())?;
    model.info("The fight is open again; its write-back stays as it was");
    Ok(())
}

fn tray_roll(
    model: &mut Model,
    day: PlaySessionId,
    dice: &Dice,
    label: &str,
    faces: Option<Vec<u32>>,
) -> Result<(), String> {
    let roll = match faces {
        Some(faces) => {
            fray_app::dice::Roll::from_faces(dice.clone(), &faces, label, None, RollSource::Table)
        }
        None => SeededDice::new(crate::window::action::fresh_seed(), 0).roll(dice, label, None),
    }
    .map_err(|e| e.to_string())?;
    model.db.play_sessions().roll(day, &roll).map_err(|e| e.to_string())?;
    model.info(format!("{} = {} (journaled in today's session)", roll.dice, roll.total));
    Ok(())
}

fn export(
    model: &mut Model,
    day: PlaySessionId,
    format: crate::share::SessionFormat,
    audience: fray_app::journal::Audience,
    path: &std::path::Path,
) -> Result<(), String> {
    let log = model.db.play_sessions().log(day).map_err(|e| e.to_string())?;
    // The one export the command line writes too: the same session gives the same bytes.
    let bytes =
        crate::share::session_export(&log, format, audience).map_err(|e| format!("{e:#}"))?;
    fray_data::files::write_atomic(path, &bytes)
        .map_err(|e| format!("Could not write {}: {e}", path.display()))?;
    model.info(format!("The session was exported to {}", path.display()));
    Ok(())
}

/// A library entry entering the fight: a character (or a recurring foe) as it is now, by
/// its procedure's rules; anything else as given. A member still standing on another open
/// board of today's session is said in the status line.
pub fn as_it_is_now(model: &mut Model, new: NewCombatant, count: u32) -> NewCombatant {
    let Some(key) = new.source.clone() else { return new };
    let Ok(company) = company(model) else { return new };
    if count != 1 || !company.members.contains_key(&key) {
        return new;
    }
    let Some(session) = &model.session else { return new };
    let of = fray_app::campaign::aftermath::of(session.state().system());
    let mut entered = match company.combatant(of, &key, new.side) {
        Ok(c) => c,
        Err(_) => return new,
    };
    entered.zone = new.zone;
    entered.square = new.square;
    if let Some(elsewhere) = standing_elsewhere(model, &key) {
        model.info(format!(
            "{} still stands in {elsewhere}: the same character is on two boards",
            entered.name
        ));
    }
    entered
}

/// The name of another encounter of today's session, not ended, where the member stands.
fn standing_elsewhere(model: &Model, key: &str) -> Option<String> {
    let open = model.session.as_ref()?.encounter_id();
    let day = model.db.play_sessions().current(&today()).ok()?;
    for id in model.db.play_sessions().encounters(day).ok()? {
        let ended = model.encounters.iter().any(|e| e.id == id && e.ended.is_some());
        if id == open || ended {
            continue;
        }
        let Ok(history) = fray_data::Session::read(&model.db, id) else { continue };
        let state = history.state();
        let system = state.system();
        if state
            .combatants
            .values()
            .any(|c| c.source.as_deref() == Some(key) && !system.is_out(state, c))
        {
            return Some(state.name.clone());
        }
    }
    None
}
