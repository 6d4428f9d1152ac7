//! The encounters the window keeps: made, opened, renamed, copied and deleted.

use super::action::fresh_seed;
use super::model::{LAST_ENCOUNTER_KEY, Model};
use fray_data::{EncounterId, Session};

/// A new encounter of `system`, opened.
pub(super) fn create(model: &mut Model, system: fray_app::ids::SystemId, name: &str) {
    match Session::create(&model.db, system, name, fresh_seed()) {
        Ok(session) => open_session(model, session),
        Err(e) => model.error(format!("Could not create the encounter: {e}")),
    }
}

/// The encounter `id`, opened (its unsaved changes kept, if it was open before).
pub(super) fn open(model: &mut Model, id: EncounterId) {
    match model.open_encounter(id) {
        Ok(session) => open_session(model, session),
        Err(e) => model.error(format!("Could not open the encounter: {e}")),
    }
}

/// The open encounter renamed.
pub(super) fn rename(model: &mut Model, name: &str) {
    let result = match &mut model.session {
        Some(s) => s.rename(name).map_err(|e| e.to_string()),
        None => Err("no encounter is open".into()),
    };
    match result {
        Ok(()) => model.refresh_encounters(),
        Err(e) => model.error(format!("Could not rename: {e}")),
    }
}

/// The encounter `id` deleted, and closed first if it is open.
pub(super) fn delete(model: &mut Model, id: EncounterId) {
    if model.session.as_ref().is_some_and(|s| s.encounter_id() == id) {
        // Its waiting changes go with it: nothing is written to an encounter deleted.
        for s in model.session.iter_mut().chain(model.left_unsaved.iter_mut()) {
            if s.encounter_id() == id {
                s.forget_unsaved();
            }
        }
        model.set_session(None);
        model.left_unsaved.retain(|s| s.encounter_id() != id);
        model.selected = None;
        let _ = model.db.settings().remove(LAST_ENCOUNTER_KEY);
    }
    match model.db.encounters().delete(id) {
        Ok(_) => model.info("Encounter deleted"),
        Err(e) => model.error(format!("Could not delete the encounter: {e}")),
    }
    model.refresh_encounters();
}

/// `session` in the window, remembered as the one to open next time.
fn open_session(model: &mut Model, session: Session) {
    let id = session.encounter_id();
    model.set_session(Some(session));
    model.selected = None;
    model.picked.clear();
    model.pending_roll = None;
    model.status = None;
    if let Err(e) = model.db.settings().set_json(LAST_ENCOUNTER_KEY, &id.0) {
        model.error(format!("Could not remember the open encounter: {e}"));
    }
    model.refresh_encounters();
}

/// A copy of the encounter `id` (new dice), opened.
pub(super) fn duplicate(model: &mut Model, id: EncounterId) {
    let name = model
        .encounters
        .iter()
        .find(|e| e.id == id)
        .map(|e| format!("{} (copy)", e.name))
        .unwrap_or_else(|| "Copy".into());
    match model.db.encounters().duplicate(id, &name, fresh_seed()) {
        Ok(new_id) => match Session::open(&model.db, new_id) {
            Ok(session) => open_session(model, session),
            Err(e) => model.error(format!("Could not open the copy: {e}")),
        },
        Err(e) => model.error(format!("Could not duplicate: {e}")),
    }
}
