//! The campaign store: conditions written with their step, undone and redone exactly, on a
//! real SQLite file; sessions that hold the evening in order.

use fray_app::campaign::{Change, Condition, Lasting};
use fray_app::dice::SeededDice;
use fray_data::{NewCharacter, NewCreature, Session};

fn harald() -> NewCharacter {
    NewCharacter {
        system: "bdp".into(),
        name: "Harald".into(),
        tags: Vec::new(),
        sheet: serde_json::json!({"tracks": {"hp": 6, "str": 13, "dex": 12, "wil": 10,
            "fatigue": {"value": 0, "max": 10}}}),
        party: Some("Crows".into()),
    }
}

#[test]
fn a_step_writes_conditions_and_undo_redo_restore_them_exactly() {
    fray_app::systems::install();
    let (dir, db) = super::db();
    let id = db.characters().insert(&harald()).unwrap();
    let key = format!("character:{}", id.0);
    let session = db.play_sessions().start("Night one", "2026-11-27").unwrap();
    let company = db.campaign().company("bdp").unwrap();
    assert!(company.members[&key].condition.is_whole(), "a new character is unhurt");
    let step = company
        .by_hand(
            &key,
            "The fall",
            &[
                Change::Track { name: "hp".into(), from: 6, to: 2 },
                Change::Gains(Lasting::named("lost an eye")),
            ],
        )
        .unwrap();
    db.campaign().apply(session, &step, None).unwrap();
    let hurt = super::reopen(&dir).characters().get(id).unwrap().unwrap().condition;
    assert_eq!(
        hurt.summary(&db.campaign().company("bdp").unwrap().members[&key].sheet, &["hp"]),
        "HP 2/6 · Lost an eye"
    );
    assert_eq!(db.campaign().can_undo_redo(session).unwrap(), (true, false));
    db.campaign().undo(session).unwrap().unwrap();
    assert_eq!(db.characters().get(id).unwrap().unwrap().condition, Condition::default());
    assert_eq!(db.campaign().can_undo_redo(session).unwrap(), (false, true));
    db.campaign().redo(session).unwrap().unwrap();
    assert_eq!(db.characters().get(id).unwrap().unwrap().condition, hurt);
    // A rest after an undo drops the undone step: nothing to redo.
    db.campaign().undo(session).unwrap();
    let company = db.campaign().company("bdp").unwrap();
    let night = fray_app::campaign::aftermath::recovery(
        fray_app::system::get("bdp").unwrap().aftermath(),
        "night",
    )
    .unwrap();
    let rest = company
        .rest(
            fray_app::system::get("bdp").unwrap().aftermath(),
            "bdp",
            night,
            &[],
            &Default::default(),
            &mut SeededDice::new(1, 0),
        )
        .unwrap();
    db.campaign().apply(session, &rest, None).unwrap();
    assert_eq!(db.campaign().can_undo_redo(session).unwrap(), (true, false));
    assert!(db.campaign().redo(session).unwrap().is_none());
}

#[test]
fn a_write_back_ends_its_encounter_and_undoing_it_reopens_the_fight() {
    fray_app::systems::install();
    let (_dir, db) = super::db();
    let s = Session::create(&db, "bdp", "Crypt", 1).unwrap();
    let encounter = s.encounter_id();
    let session = db.play_sessions().of_day("2026-11-27").unwrap();
    assert_eq!(db.play_sessions().of_day("2026-11-27").unwrap(), session, "one session a day");
    db.play_sessions().played(session, encounter).unwrap();
    db.play_sessions().played(session, encounter).unwrap();
    let review = fray_app::campaign::Review::of(s.state(), &db.campaign().company("bdp").unwrap());
    db.campaign().apply(session, &review.step(), Some(encounter)).unwrap();
    assert!(db.encounters().get(encounter).unwrap().unwrap().ended.is_some());
    db.campaign().undo(session).unwrap();
    assert!(db.encounters().get(encounter).unwrap().unwrap().ended.is_none());
    db.campaign().redo(session).unwrap();
    // The session names the encounter: it cannot be deleted, and says why.
    let e = db.encounters().delete(encounter).unwrap_err().to_string();
    assert!(e.contains("was played in the session \"Session of 2026-11-27\""), "{e}");
    let info = db.play_sessions().get(session).unwrap().unwrap();
    assert_eq!((info.fights, info.steps), (1, 1));
    db.play_sessions().note(session, "Camp by the river").unwrap();
    let log = db.play_sessions().log(session).unwrap();
    assert_eq!(log.parts.len(), 3, "the fight, its write-back, the note");
    assert_eq!(log.replay().unwrap().len(), 1);
    // Deleting the session frees the encounter.
    assert!(db.play_sessions().delete(session).unwrap());
    assert!(db.encounters().delete(encounter).unwrap());
}

#[test]
fn a_deleted_character_keeps_its_copy_in_the_step_and_a_recurring_foe_carries_its_condition() {
    fray_app::systems::install();
    let (_dir, db) = super::db();
    let id = db.characters().insert(&harald()).unwrap();
    let key = format!("character:{}", id.0);
    let session = db.play_sessions().start("Night", "2026-11-27").unwrap();
    let step = db.campaign().company("bdp").unwrap().heal(&key, "hp", -2).unwrap();
    db.campaign().apply(session, &step, None).unwrap();
    db.characters().delete(id).unwrap();
    // The step still reads (its copy of Harald) and undoing it skips him.
    let log = db.play_sessions().log(session).unwrap();
    let md = fray_app::journal::session_markdown(&log);
    assert!(md.contains("**Harald**: HP 6 → 4"), "{md}");
    db.campaign().undo(session).unwrap().unwrap();
    // A plain creature is not in the company; marked recurring it is.
    let chief = db
        .creatures()
        .insert(&NewCreature {
            system: "bdp".into(),
            name: "Bandit chief".into(),
            tags: Vec::new(),
            block: serde_json::json!({"tracks": {"hp": 8}}),
        })
        .unwrap();
    let ckey = format!("creature:{}", chief.0);
    assert!(!db.campaign().company("bdp").unwrap().members.contains_key(&ckey));
    db.creatures().set_recurring(chief, true).unwrap();
    let step = db.campaign().company("bdp").unwrap().heal(&ckey, "hp", -5).unwrap();
    db.campaign().apply(session, &step, None).unwrap();
    let c = db.creatures().get(chief).unwrap().unwrap();
    assert!(c.recurring);
    assert_eq!(c.condition.tracks["hp"], 3);
    // Plain again: a template, its condition forgotten.
    db.creatures().set_recurring(chief, false).unwrap();
    assert!(db.creatures().get(chief).unwrap().unwrap().condition.is_whole());
}

#[test]
fn the_days_steps_go_to_the_session_started_or_taken_up_again_and_another_day_starts_its_own() {
    let (_dir, db) = super::db();
    let sessions = db.play_sessions();
    assert_eq!(sessions.current_if_any("2026-11-27").unwrap(), None, "a view starts none");
    let first = sessions.current("2026-11-27").unwrap();
    assert_eq!(sessions.get(first).unwrap().unwrap().name, "Session of 2026-11-27");
    let second = sessions.start("The second half", "2026-11-27").unwrap();
    assert_eq!(sessions.current("2026-11-27").unwrap(), second);
    sessions.resume(first, "2026-11-27").unwrap();
    assert_eq!(sessions.current("2026-11-27").unwrap(), first);
    // A week later the first action starts that day's session; taking up an old one works.
    let later = sessions.current("2026-12-04").unwrap();
    assert!(later != first && later != second);
    sessions.resume(second, "2026-12-04").unwrap();
    assert_eq!(sessions.current("2026-12-04").unwrap(), second);
    let e = sessions.resume(fray_data::PlaySessionId(99), "2026-12-04").unwrap_err();
    assert!(e.to_string().contains("no session with id 99"), "{e}");
}
