//! The campaign store: conditions written with their step, undone and redone exactly, on a
//! real SQLite file; sessions that hold the evening in order.

use fray_app::campaign::{Change, Condition, Lasting};
use fray_app::dice::SeededDice;
use fray_data::{NewCharacter, NewCreature, Session};

fn harald() -> NewCharacter {
    NewCharacter {
        system: crate::sys("bdp"),
        name: "Harald".into(),
        tags: Vec::new(),
        sheet: serde_json::json!({"tracks": {"hp": 6, "str": 13, "dex": 12, "wil": 10,
            "fatigue": {"value": 0, "max": 10}}}),
        party: Some("Crows".into()),
    }
}

#[test]
fn a_step_writes_conditions_and_undo_redo_restore_them_exactly() {
    fray_app::systems::registry();
    let (dir, db) = super::db();
    let id = db.characters().insert(&harald()).unwrap();
    let key = format!("character:{}", id.0);
    let session = db.play_sessions().start("Night one", "2026-11-27").unwrap();
    let company = db.campaign().company(crate::sys("bdp")).unwrap();
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
        hurt.summary(
            &db.campaign().company(crate::sys("bdp")).unwrap().members[&key].sheet,
            &["hp"]
        ),
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
    let company = db.campaign().company(crate::sys("bdp")).unwrap();
    let night = fray_app::campaign::aftermath::recovery(
        fray_app::campaign::aftermath::of(fray_app::systems::registry().get("bdp").unwrap()),
        "night",
    )
    .unwrap();
    let rest = company
        .rest(
            fray_app::campaign::aftermath::of(fray_app::systems::registry().get("bdp").unwrap()),
            crate::sys("bdp"),
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
    fray_app::systems::registry();
    let (_dir, db) = super::db();
    let s = Session::create(&db, crate::sys("bdp"), "Crypt", 1).unwrap();
    let encounter = s.encounter_id();
    let session = db.play_sessions().of_day("2026-11-27").unwrap();
    assert_eq!(db.play_sessions().of_day("2026-11-27").unwrap(), session, "one session a day");
    db.play_sessions().played(session, encounter).unwrap();
    db.play_sessions().played(session, encounter).unwrap();
    let review = fray_app::campaign::Review::of_history(
        s.history(),
        &db.campaign().company(crate::sys("bdp")).unwrap(),
    );
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
    assert_eq!(log.replay().unwrap().fights.len(), 1);
    // Deleting the session frees the encounter.
    assert!(db.play_sessions().delete(session).unwrap());
    assert!(db.encounters().delete(encounter).unwrap());
}

#[test]
fn a_deleted_character_keeps_its_copy_in_the_step_and_a_recurring_foe_carries_its_condition() {
    fray_app::systems::registry();
    let (_dir, db) = super::db();
    let id = db.characters().insert(&harald()).unwrap();
    let key = format!("character:{}", id.0);
    let session = db.play_sessions().start("Night", "2026-11-27").unwrap();
    let step = db.campaign().company(crate::sys("bdp")).unwrap().heal(&key, "hp", -2).unwrap();
    db.campaign().apply(session, &step, None).unwrap();
    db.characters().delete(id).unwrap();
    // The step still reads (its copy of Harald) and undoing it skips him.
    let log = db.play_sessions().log(session).unwrap();
    let md = fray_app::campaign::export::session_markdown(&log);
    assert!(md.contains("**Harald**: HP 6 → 4"), "{md}");
    db.campaign().undo(session).unwrap().unwrap();
    // A plain creature is not in the company; marked recurring it is.
    let chief = db
        .creatures()
        .insert(&NewCreature {
            system: crate::sys("bdp"),
            name: "Bandit chief".into(),
            tags: Vec::new(),
            block: serde_json::json!({"tracks": {"hp": 8}}),
        })
        .unwrap();
    let ckey = format!("creature:{}", chief.0);
    assert!(!db.campaign().company(crate::sys("bdp")).unwrap().members.contains_key(&ckey));
    db.creatures().set_recurring(chief, true).unwrap();
    let step = db.campaign().company(crate::sys("bdp")).unwrap().heal(&ckey, "hp", -5).unwrap();
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

/// Heal −1 in session 1, start session 2, heal −1, take session 1 up again, undo: refused,
/// naming session 2's step (it changed the field since); undo it there first and session 1's
/// undo goes through. Redo the same the other way.
#[test]
fn undo_and_redo_across_sessions_never_overwrite_a_later_step() {
    fray_app::systems::registry();
    let (_dir, db) = super::db();
    let id = db.characters().insert(&harald()).unwrap();
    let key = format!("character:{}", id.0);
    // A track back at its sheet value is not kept in the condition: HP 6 is the sheet's.
    let hp = |db: &fray_data::Db| {
        let c = db.characters().get(id).unwrap().unwrap().condition;
        c.tracks.get("hp").copied().unwrap_or(6)
    };
    let heal = |session| {
        let step = db.campaign().company(crate::sys("bdp")).unwrap().heal(&key, "hp", -1).unwrap();
        db.campaign().apply(session, &step, None).unwrap();
    };
    let one = db.play_sessions().start("Night one", "2026-12-01").unwrap();
    heal(one);
    let two = db.play_sessions().start("Night two", "2026-12-01").unwrap();
    heal(two);
    assert_eq!(hp(&db), 4);
    db.play_sessions().resume(one, "2026-12-01").unwrap();
    let e = db.campaign().undo(one).unwrap_err().to_string();
    assert_eq!(
        e,
        "a later step changed Harald's HP: undo \"Harald loses 1 HP\" of the session \
         \"Night two\" first"
    );
    assert_eq!(hp(&db), 4, "nothing was written");
    db.campaign().undo(two).unwrap().unwrap();
    assert_eq!(hp(&db), 5);
    db.campaign().undo(one).unwrap().unwrap();
    assert_eq!(hp(&db), 6);
    // The mirror: with both undone, redoing session 2's step first is refused, naming session
    // 1's (its field must be redone there first).
    let e = db.campaign().redo(two).unwrap_err().to_string();
    assert_eq!(
        e,
        "an earlier step undone changed Harald's HP: redo \"Harald loses 1 HP\" of the \
         session \"Night one\" first"
    );
    assert_eq!(hp(&db), 6, "nothing was written");
    db.campaign().redo(one).unwrap().unwrap();
    assert_eq!(hp(&db), 5);
    db.campaign().redo(two).unwrap().unwrap();
    assert_eq!(hp(&db), 4);
    // Fields a step did not touch keep what later steps wrote: Fatigue taken in session 2
    // survives undoing session 1's HP step.
    db.campaign().undo(two).unwrap().unwrap();
    let tired = db
        .campaign()
        .company(crate::sys("bdp"))
        .unwrap()
        .by_hand(&key, "Tired", &[Change::Track { name: "fatigue".into(), from: 0, to: 2 }])
        .unwrap();
    db.campaign().apply(two, &tired, None).unwrap();
    db.campaign().undo(one).unwrap().unwrap();
    let c = db.characters().get(id).unwrap().unwrap().condition;
    assert_eq!((c.tracks.get("hp"), c.tracks["fatigue"]), (None, 2));
    // And both sessions' files prove themselves, session 1's with the change made elsewhere.
    for s in [one, two] {
        let log = db.play_sessions().log(s).unwrap();
        fray_app::campaign::session::from_json(&log.to_json()).unwrap().replay().unwrap();
    }
}

/// A step the GM reviewed on screen is refused when another program changed a member since
/// (HP shown 6, now 5): with what changed, and nothing written.
#[test]
fn a_step_made_from_a_stale_condition_is_refused_with_what_changed() {
    fray_app::systems::registry();
    let (_dir, db) = super::db();
    let id = db.characters().insert(&harald()).unwrap();
    let key = format!("character:{}", id.0);
    let session = db.play_sessions().start("Night", "2026-12-01").unwrap();
    let shown = db.campaign().company(crate::sys("bdp")).unwrap();
    let meanwhile = shown.heal(&key, "hp", -1).unwrap();
    db.campaign().apply(session, &meanwhile, None).unwrap();
    let stale = shown.heal(&key, "hp", -2).unwrap();
    let e = db.campaign().apply(session, &stale, None).unwrap_err().to_string();
    assert!(e.starts_with("Harald's condition changed since it was read (HP 6 → 5)"), "{e}");
    assert_eq!(db.characters().get(id).unwrap().unwrap().condition.tracks["hp"], 5);
    // Taken inside the transaction, the same heal counts from what is there.
    db.campaign()
        .take(session, crate::sys("bdp"), None, |c| Ok(c.heal(&key, "hp", -2).unwrap()))
        .unwrap();
    assert_eq!(db.characters().get(id).unwrap().unwrap().condition.tracks["hp"], 3);
}

/// An ended fight takes no command from any path: a session opened before another program
/// wrote the fight back is refused at its next command (nothing written); reopened, it plays.
#[test]
fn a_fight_written_back_elsewhere_takes_no_more_commands_until_reopened() {
    fray_app::systems::registry();
    let (dir, db) = super::db();
    let mut open = Session::create(&db, crate::sys("freeform"), "Crypt", 1).unwrap();
    let other = super::reopen(&dir);
    let day = other.play_sessions().of_day("2026-12-01").unwrap();
    let history = Session::read(&other, open.encounter_id()).unwrap();
    other
        .campaign()
        .take(day, crate::sys("freeform"), Some(open.encounter_id()), |c| {
            Ok(fray_app::campaign::Review::of_history(&history, c).step())
        })
        .unwrap();
    let e = open
        .apply(fray_app::Command::AddSide {
            name: "Party".into(),
            colour: "#3366cc".into(),
            party: true,
        })
        .unwrap_err();
    assert!(matches!(e, fray_data::SessionError::Ended(_)), "{e}");
    assert!(e.to_string().contains("over and written back"), "{e}");
    assert_eq!(Session::read(&db, open.encounter_id()).unwrap().commands().len(), 0);
    db.encounters().reopen(open.encounter_id()).unwrap();
    open.apply(fray_app::Command::AddSide {
        name: "Party".into(),
        colour: "#3366cc".into(),
        party: true,
    })
    .unwrap();
    // The write-back and the fight's place in the session were one transaction.
    assert_eq!(db.play_sessions().encounters(day).unwrap(), [open.encounter_id()]);
}
