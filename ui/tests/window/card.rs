//! The combatant card: every edit (tracks, stats, conditions, name, notes, removal) becomes an
//! override command in the journal, and typed edits are committed on Enter or when the GM
//! leaves the field, also by selecting someone else.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use fray_app::command::NewCombatant;
use fray_app::encounter::{BoardRect, Combatant, Stat, Track};
use fray_app::ids::CombatantId;
use fray_app::{Command, EventKind};
use fray_data::{Db, Session};
use fray_ui::window::{Action, apply};

/// A window reopening a freeform encounter with Harald (STR 14, HP 12/12) and Narvi, Harald's
/// card shown.
fn harald_selected() -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut session = Session::create(&db, "freeform".parse().unwrap(), "Ambush", 3).unwrap();
    for (name, colour, party) in [("Party", "#3d7fc4", true), ("Bandits", "#c4503d", false)] {
        session
            .apply(Command::AddSide { name: name.into(), colour: colour.into(), party })
            .unwrap();
    }
    let rect = BoardRect { x: 40.0, y: 40.0, w: 240.0, h: 160.0 };
    session.apply(Command::AddZone { name: "Crypt".into(), capacity: None, rect }).unwrap();
    let side = session.state().side_named("Party").unwrap().id;
    for name in ["Harald", "Narvi"] {
        let combatant = NewCombatant {
            name: name.into(),
            side,
            zone: None,
            square: None,
            stats: vec![Stat { name: "str".into(), value: 14 }],
            tracks: vec![Track { name: "hp".into(), value: 12, max: 12 }],
            conditions: Vec::new(),
            source: None,
            block: serde_json::Value::Null,
        };
        session.apply(Command::AddCombatant { combatant: Box::new(combatant), count: 1 }).unwrap();
    }
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    drop(session);
    let mut w = common::window_with(dir, db);
    let id = harald(&w).id;
    select(&mut w, id);
    w
}

/// Shows a combatant's card, as clicking its token does.
fn select(w: &mut Window, id: CombatantId) {
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, Action::Select(Some(id)));
    w.settle();
}

fn session(w: &Window) -> &Session {
    w.app().model.session.as_ref().expect("an encounter is open")
}

fn named<'a>(w: &'a Window, name: &str) -> &'a Combatant {
    session(w).state().combatant_named(name).expect("the combatant exists")
}

fn harald(w: &Window) -> &Combatant {
    named(w, "Harald")
}

fn hp(w: &Window) -> i64 {
    harald(w).track("hp").unwrap().value
}

/// The last event of the journal.
fn last_event(w: &Window) -> EventKind {
    session(w).history().events().last().unwrap().kind.clone()
}

/// Focuses the one-line field named `label` and replaces its text with `text`, as typed,
/// without committing it.
fn type_into(w: &mut Window, label: &str, text: &str) {
    type_into_role(w, Role::TextInput, label, text);
}

fn type_into_role(w: &mut Window, role: Role, label: &str, text: &str) {
    w.harness.get_by_role_and_label(role, label).scroll_to_me();
    w.settle();
    w.harness.get_by_role_and_label(role, label).focus();
    w.settle();
    w.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    w.harness.get_by_role_and_label(role, label).type_text(text);
    w.settle();
}

fn enter(w: &mut Window) {
    w.harness.key_press(egui::Key::Enter);
    w.settle();
}

#[test]
fn minus_and_plus_change_a_track_through_the_journal() {
    let mut w = harald_selected();
    let events = session(&w).history().events().len();
    w.press("Lower HP");
    assert_eq!(hp(&w), 11);
    assert_eq!(session(&w).history().events().len(), events + 1);
    let id = harald(&w).id;
    assert_eq!(last_event(&w), EventKind::TrackSet { id, track: "hp".into(), from: 12, to: 11 });
    w.press("Lower HP");
    w.press("Raise HP");
    assert_eq!(hp(&w), 11);
    assert_eq!(session(&w).history().events().len(), events + 3);
}

#[test]
fn typed_values_are_committed_with_enter() {
    let mut w = harald_selected();
    let id = harald(&w).id;
    type_into(&mut w, "STR", "16");
    assert_eq!(harald(&w).stat("str"), Some(14), "nothing is sent while typing");
    enter(&mut w);
    assert_eq!(harald(&w).stat("str"), Some(16));
    assert_eq!(last_event(&w), EventKind::StatSet { id, stat: "str".into(), from: 14, to: 16 });

    type_into(&mut w, "HP", "5");
    enter(&mut w);
    assert_eq!(hp(&w), 5);
    type_into(&mut w, "HP max", "15");
    enter(&mut w);
    assert_eq!(harald(&w).track("hp").unwrap().max, 15);

    // Not a number: refused in place, nothing sent.
    let events = session(&w).history().events().len();
    type_into(&mut w, "STR", "strong");
    enter(&mut w);
    w.harness.get_by_label("STR: 'strong' is not a whole number");
    assert_eq!(session(&w).history().events().len(), events);
    assert_eq!(harald(&w).stat("str"), Some(16));

    type_into(&mut w, "Name", "Harald the Red");
    enter(&mut w);
    assert_eq!(session(&w).state().combatant(id).unwrap().name, "Harald the Red");
}

#[test]
fn escape_drops_a_typed_edit() {
    let mut w = harald_selected();
    type_into(&mut w, "STR", "3");
    w.harness.key_press(egui::Key::Escape);
    w.settle();
    assert_eq!(harald(&w).stat("str"), Some(14));
    let field = w.harness.get_by_role_and_label(Role::TextInput, "STR");
    assert_eq!(field.value().as_deref(), Some("14"));
}

#[test]
fn conditions_are_added_and_removed() {
    let mut w = harald_selected();
    let id = harald(&w).id;
    type_into(&mut w, "New condition", "stunned");
    enter(&mut w);
    assert!(harald(&w).conditions.contains("stunned"));
    assert_eq!(last_event(&w), EventKind::ConditionAdded { id, condition: "stunned".into() });

    // A common condition is one click away.
    w.press("+ prone");
    assert!(harald(&w).conditions.contains("prone"));
    assert!(w.harness.query_by_label("+ prone").is_none(), "no suggestion for what is on");

    w.press("Remove stunned");
    assert!(!harald(&w).conditions.contains("stunned"));
    assert_eq!(last_event(&w), EventKind::ConditionRemoved { id, condition: "stunned".into() });
    assert!(harald(&w).conditions.contains("prone"));
    // Every widget of the window can be found by name (the harness checks on `run`).
    w.harness.run();
}

#[test]
fn notes_are_committed_when_the_field_is_left() {
    let mut w = harald_selected();
    type_into_role(
        &mut w,
        Role::MultilineTextInput,
        "Notes",
        "Owes the innkeeper.\nHates goblins.",
    );
    assert_eq!(harald(&w).notes, "");
    // Leaving the field (Tab to the next one) commits it.
    w.harness.key_press(egui::Key::Tab);
    w.settle();
    assert_eq!(harald(&w).notes, "Owes the innkeeper.\nHates goblins.");
}

#[test]
fn selecting_someone_else_commits_what_was_typed() {
    let mut w = harald_selected();
    type_into(&mut w, "STR", "18");
    let narvi = named(&w, "Narvi").id;
    select(&mut w, narvi);
    assert_eq!(harald(&w).stat("str"), Some(18));
    // Narvi's card starts from Narvi's own values.
    let field = w.harness.get_by_role_and_label(Role::TextInput, "Name");
    assert_eq!(field.value().as_deref(), Some("Narvi"));
    assert_eq!(named(&w, "Narvi").stat("str"), Some(14));
}

#[test]
fn side_and_zone_are_changed_from_the_card() {
    let mut w = harald_selected();
    w.harness.get_by_role_and_label(Role::ComboBox, "Side").scroll_to_me();
    w.settle();
    w.harness.get_by_role_and_label(Role::ComboBox, "Side").click();
    w.settle();
    w.harness.get_by_label("Bandits").click();
    w.settle();
    let bandits = session(&w).state().side_named("Bandits").unwrap().id;
    assert_eq!(harald(&w).side, bandits);
    let events = session(&w).history().events().len();

    w.harness.get_by_role_and_label(Role::ComboBox, "Zone").click();
    w.settle();
    w.harness.get_by_label("Crypt").click();
    w.settle();
    let crypt = session(&w).state().zone_named("Crypt").unwrap().id;
    assert_eq!(harald(&w).zone, Some(crypt));
    assert_eq!(session(&w).history().events().len(), events + 1);
}

#[test]
fn removal_asks_first() {
    let mut w = harald_selected();
    w.press("Remove from encounter");
    w.harness.get_by_label("Remove Harald from the encounter?");
    w.press("Keep");
    assert!(session(&w).state().combatant_named("Harald").is_some());
    w.press("Remove from encounter");
    w.press("Remove");
    assert!(session(&w).state().combatant_named("Harald").is_none());
    w.harness.get_by_label("Select a token to see its card");
}
