//! A decided fight says so in every procedure: with every foe out, the stepper reads "The
//! party won" and "End the fight…" stands beside those words at its top, opening the review;
//! with every character out it reads "The party lost". Each procedure's fight is its several-targets
//! golden, played to its end, then finished by the GM's conditions.

use crate::common;

use egui_kittest::kittest::Queryable;
use fray_app::Command;
use fray_data::{Db, Session};

/// Every registered procedure, by id: each has its harm golden (a procedure added without
/// one fails here).
fn systems() -> Vec<&'static str> {
    fray_app::systems::registry().all().iter().map(|s| s.id().as_str()).collect()
}

/// A window over `system`'s harm golden, then everyone of the party side (or the other)
/// given `condition`.
fn decided(system: &str, party: bool, condition: &str) -> common::Window {
    let path = format!("{}/../tests/scenarios/{system}-harm.fray", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    // (Opening the database builds the registry the script's procedure is read by.)
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let history = fray_app::scenario::run(&path, &text).unwrap();
    let mut session = Session::store(&db, &history).unwrap();
    let state = session.state().clone();
    let side = state.combatants.values().filter(|c| state.is_party(c.id) == party);
    for c in side.filter(|c| !c.conditions.contains(condition)) {
        let command = Command::AddCondition { id: c.id, condition: condition.into() };
        session.apply(command).unwrap();
    }
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    drop(session);
    common::window_with(dir, db)
}

#[test]
fn every_procedure_says_the_party_won_and_offers_to_end_the_fight() {
    for system in systems() {
        let mut w = decided(system, false, "dead");
        assert!(
            w.harness.query_by_label("The party won").is_some(),
            "{system}: the stepper says the fight is won"
        );
        w.press("End the fight…");
        assert!(
            w.harness.query_by_label("End the fight: what lasts").is_some(),
            "{system}: the review opens"
        );
    }
}

#[test]
fn every_procedure_says_the_party_lost() {
    for system in systems() {
        let w = decided(system, true, "dead");
        // Where the golden's blast killed every foe too, nobody is left.
        let state = w.session().state();
        let system_rules = state.system();
        let foes_stand = state.combatants.values().any(|c| {
            !state.is_party(c.id) && fray_app::system::verdict::in_fight(system_rules, state, c)
        });
        let said = if foes_stand { "The party lost" } else { "Nobody is left standing" };
        assert!(w.harness.query_by_label(said).is_some(), "{system}: {said}");
        w.harness.get_by_label("End the fight…");
    }
}

#[test]
fn a_fight_still_going_offers_next_not_the_end() {
    let path = format!("{}/../tests/scenarios/dr12-harm.fray", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    // Cut before the rock fall: both sides still stand.
    let text = text.split("harm 2d6").next().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let history = fray_app::scenario::run(&path, text).unwrap();
    let session = Session::store(&db, &history).unwrap();
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    drop(session);
    let w = common::window_with(dir, db);
    assert!(w.harness.query_by_label("The party won").is_none());
    assert!(w.harness.query_by_label("Next").is_some());
}
