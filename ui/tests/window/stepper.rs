//! The phase stepper: Next advances the fight, and the system's prompts are answered by
//! clicking their buttons; a forbidden answer is shown, says why, and cannot be clicked.

use crate::common;

use crate::common::Window;
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::ids::CombatantId;
use fray_data::Session;

/// A window reopening a freeform encounter with the given combatants (one side), not
/// started yet.
fn fight(names: &[&str]) -> Window {
    common::freeform_fight(names).0
}

fn session(w: &Window) -> &Session {
    w.app().model.session.as_ref().expect("an encounter is open")
}

fn acting(w: &Window) -> Vec<String> {
    let state = session(w).state();
    state.acting().iter().map(|id| state.name_of(*id)).collect()
}

fn id_of(w: &Window, name: &str) -> CombatantId {
    session(w).state().combatant_named(name).unwrap().id
}

/// Whether some text on screen reads exactly `label` (the journal may repeat a prompt's
/// title, so there can be more than one).
fn shows(w: &Window, label: &str) -> bool {
    w.harness.query_all_by_label(label).next().is_some()
}

#[test]
fn next_starts_the_fight_and_passes_the_turns() {
    let mut w = fight(&["Harald", "Narvi"]);
    w.harness.get_by_label("Before the fight");
    assert_eq!(session(&w).state().round, 0);

    w.press("Next");
    let state = session(&w).state();
    assert_eq!((state.round, state.phase.as_str()), (1, "turns"));
    assert_eq!(acting(&w), ["Harald"]);
    w.harness.get_by_label("Round 1");

    w.press("Next");
    assert_eq!(acting(&w), ["Narvi"]);
    w.press("Next");
    assert_eq!(session(&w).state().phase, "end");
    assert!(acting(&w).is_empty());
    w.press("Next");
    assert_eq!(session(&w).state().round, 2);
    assert_eq!(acting(&w), ["Harald"]);
    w.harness.get_by_label("Round 2");
    // Every step went through the journal.
    assert!(w.app().model.journal.len() >= 4);
}

#[test]
fn prompts_are_answered_by_clicking_their_options() {
    let mut w = fight(&["Harald", "Narvi", "Bandit"]);
    w.harness.get_by_label("Ready to fight?");
    // Nobody ordered yet: the option says what will happen, and stays allowed.
    w.harness.get_by_label("nobody ordered yet: the order will be as listed");
    w.press("Start round 1");
    assert_eq!(session(&w).state().round, 1);
    assert_eq!(acting(&w), ["Harald"]);
    assert!(shows(&w, "Harald's turn"));

    // Harald waits: he goes to the end and Narvi acts.
    w.press("Delay to the end");
    assert_eq!(acting(&w), ["Narvi"]);
    let order: Vec<CombatantId> =
        session(&w).state().order.iter().map(|e| e.combatants[0]).collect();
    assert_eq!(order, [id_of(&w, "Narvi"), id_of(&w, "Bandit"), id_of(&w, "Harald")]);
    // The order list shows why Harald is last.
    w.harness.get_by_label("delayed");

    w.press("End turn");
    assert_eq!(acting(&w), ["Bandit"]);
    w.press("End turn");
    assert_eq!(acting(&w), ["Harald"]);

    // Harald is last: delaying is forbidden, and the window says why without hovering.
    w.harness.get_by_label("already last in the order");
    let commands = session(&w).history().cursor();
    w.press("Delay to the end");
    assert_eq!(session(&w).history().cursor(), commands, "a disabled option does nothing");
    assert_eq!(acting(&w), ["Harald"]);

    w.press("End turn");
    assert_eq!(session(&w).state().phase, "end");
    assert!(shows(&w, "Round 1 is over"));
    w.press("Start round 2");
    assert_eq!(session(&w).state().round, 2);
    // Every widget of the window can be found by name (the harness checks on `run`).
    w.harness.run();
}

#[test]
fn starting_without_combatants_is_disabled_with_its_reason() {
    let mut w = fight(&[]);
    // "Start round 1" is not offered while it cannot be pressed: its room beside Next says
    // why Next waits instead.
    assert!(w.harness.query_by_label("Start round 1").is_none());
    // Space (Next) does nothing either.
    w.harness.key_press(eframe::egui::Key::Space);
    w.settle();
    assert_eq!(session(&w).state().round, 0);
    assert_eq!(session(&w).history().cursor(), 1, "only the side was added");
    // Next says it must wait, beside itself, greyed, and writes nothing in the journal.
    w.harness.get_by_label_contains("Next waits: add at least one combatant");
    let next = w.harness.get_by_role_and_label(Role::Button, "Next");
    assert!(next.accesskit_node().is_disabled());
    assert_eq!(session(&w).history().cursor(), 1);
}

/// Murdham before any side exists: the room kept for the circumstances
/// is all the column shows under the question, and says quietly what comes there, in view
/// under the pinned top, at 100 % and at 200 % on 1920 × 1080 and 1366 × 768 (issue 64: at
/// 200 % the column opened scrolled past the room, the words above the pinned top); when a
/// side and its first member come, the words stay in the room and the question's answers
/// stand under it.
#[test]
fn the_room_kept_for_the_circumstances_says_what_comes_there() {
    for (size, scale) in
        [((1600.0, 1000.0), 100u32), ((1920.0, 1080.0), 200), ((1366.0, 768.0), 200)]
    {
        the_room_says_what_comes_there_on(eframe::egui::vec2(size.0, size.1), scale);
    }
}

/// The room's words on a screen of `size` pixels at `scale` percent (see above).
fn the_room_says_what_comes_there_on(size: eframe::egui::Vec2, scale: u32) {
    use fray_app::Command;
    use fray_ui::window::{Action, LAST_ENCOUNTER_KEY, apply};
    let dir = tempfile::tempdir().unwrap();
    let db = fray_data::Db::open(dir.path().join("fray.db")).unwrap();
    let s = Session::create(&db, "murdham".parse().unwrap(), "Raid", 1).unwrap();
    db.settings().set_json(LAST_ENCOUNTER_KEY, &s.encounter_id().0).unwrap();
    drop(s);
    common::set_scale(&db, scale);
    let mut w = common::window_sized(dir, db, size * (100.0 / scale as f32));
    let screen = format!("{}×{} at {scale} %", size.x, size.y);
    let words = "The circumstances of an attack (unseen, in cover, held back and more) are \
                 set here when a turn may make one.";
    let before = w.harness.get_by_label(words).rect();
    let pinned = w.harness.get_by_role_and_label(Role::Button, "End the fight…").rect();
    let bottom = w.harness.ctx.content_rect().bottom();
    assert!(
        before.top() >= pinned.bottom() && before.bottom() <= bottom,
        "{screen}: the words at {before:?} are out of view (under {pinned:?}, above {bottom})"
    );
    assert!(w.harness.query_by_label("Unclear: roll for it").is_none(), "nothing asked yet");
    let app = w.harness.state_mut();
    let (name, colour) = ("Party".to_owned(), "#3d7fc4".to_owned());
    let side = Command::AddSide { name, colour, party: true };
    apply(&mut app.model, &mut app.view, Action::Game(side));
    let party = session(&w).state().side_named("Party").unwrap().id;
    let block = serde_json::json!({"stats": {"str": 12, "agi": 10, "wit": 11}});
    let stats = fray_app::command::block_stats(&block);
    let named = fray_app::command::NewCombatant::named("Harald", party);
    let harald = Box::new(fray_app::command::NewCombatant { block, stats, ..named });
    let app = w.harness.state_mut();
    let add = Command::AddCombatant { combatant: harald, count: 1 };
    apply(&mut app.model, &mut app.view, Action::Game(add));
    w.settle();
    // The new question scrolls its answers into view (the column moves as one, nothing
    // clickable was there): the words stay in the room over them, as they were.
    let after = w.harness.get_by_label(words).rect();
    assert_eq!(after.size(), before.size(), "{screen}: the same words in the same lines");
    let answer = w.harness.get_by_label("Unclear: roll for it").rect();
    assert!(answer.top() >= after.bottom(), "{screen}: the answers under the room");
}
