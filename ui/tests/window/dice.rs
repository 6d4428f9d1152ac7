//! The dice tray: roll notation with the app's dice, record dice rolled at the table (checked
//! before anything is sent), and answer the window's request for faces in table-dice mode.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use fray_app::dice::{Roll, RollSource};
use fray_app::{Command, EventKind};
use fray_data::{Db, Session};
use fray_ui::window::DiceMode;

/// A window reopening an empty freeform encounter.
fn encounter() -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut session =
        Session::create(&db, "freeform".parse().unwrap(), "Dice practice", 11).unwrap();
    let side = Command::AddSide { name: "Party".into(), colour: "#3d7fc4".into(), party: true };
    session.apply(side).unwrap();
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    drop(session);
    common::window_with(dir, db)
}

fn session(w: &Window) -> &Session {
    w.app().model.session.as_ref().expect("an encounter is open")
}

/// Every roll in the journal, oldest first.
fn rolls(w: &Window) -> Vec<Roll> {
    session(w)
        .history()
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Rolled { roll, .. } => Some(Roll::clone(roll)),
            _ => None,
        })
        .collect()
}

/// Replaces the text of the field named `label` with `text`, as typed.
fn type_into(w: &mut Window, label: &str, text: &str) {
    w.harness.get_by_role_and_label(Role::TextInput, label).scroll_to_me();
    w.settle();
    w.harness.get_by_role_and_label(Role::TextInput, label).focus();
    w.settle();
    w.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    w.harness.get_by_role_and_label(Role::TextInput, label).type_text(text);
    w.settle();
}

#[test]
fn the_app_rolls_notation_from_the_tray() {
    let mut w = encounter();
    type_into(&mut w, "Notation", "2d6+1");
    type_into(&mut w, "For", "Harald's fall");
    w.press("Roll");
    let rolls = rolls(&w);
    assert_eq!(rolls.len(), 1);
    let roll = &rolls[0];
    assert_eq!(roll.source, RollSource::App);
    assert_eq!(roll.dice.to_string(), "2d6+1");
    assert_eq!(roll.label, "Harald's fall");
    assert!((3..=13).contains(&roll.total));
    // The result shows big in the tray.
    w.harness.get_by_label(&roll.total.to_string());
    w.harness.get_by_label("2d6+1 · app dice");
}

#[test]
fn bad_notation_is_explained_where_it_was_typed() {
    let mut w = encounter();
    type_into(&mut w, "Notation", "2d6+x");
    w.harness.get_by_label("unexpected 'x' at column 5: expected a number, 'd', '(' or '{'");
    w.press("Roll");
    assert!(rolls(&w).is_empty(), "nothing is rolled from bad notation");
}

#[test]
fn table_dice_are_checked_then_recorded() {
    let mut w = encounter();
    type_into(&mut w, "Notation", "2d6");
    w.press("Enter table dice");
    type_into(&mut w, "Faces", "7 3");
    w.press("Record");
    w.harness.get_by_label("'7' is not a face of a d6");
    assert!(rolls(&w).is_empty(), "a refused face records nothing");

    type_into(&mut w, "Faces", "4");
    w.press("Record");
    w.harness.get_by_label("expected 2 faces for 2d6, got 1");
    assert!(rolls(&w).is_empty());

    type_into(&mut w, "Faces", "4 3");
    w.press("Record");
    let rolls = rolls(&w);
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].source, RollSource::Table);
    assert_eq!(rolls[0].faces(), [4, 3]);
    assert_eq!(rolls[0].total, 7);
    w.harness.get_by_label("7");
    // The faces field closes once the roll is recorded.
    assert!(w.harness.query_by_role_and_label(Role::TextInput, "Faces").is_none());
}

#[test]
fn in_table_mode_the_window_asks_for_the_faces() {
    let mut w = encounter();
    w.press("I'll type them");
    assert_eq!(w.app().model.dice_mode, DiceMode::Table);
    type_into(&mut w, "Notation", "2d6");
    type_into(&mut w, "For", "initiative");
    w.press("Roll");
    let pending = w.app().model.pending_roll.clone().expect("the roll waits for the faces");
    assert_eq!(pending.dice, "2d6");
    w.harness.get_by_label("Type the faces for initiative (2d6)");
    assert!(rolls(&w).is_empty());

    // A 7 on a d6 is refused; the question stays, with the reason.
    type_into(&mut w, "Faces", "7 3");
    w.press("Record");
    assert!(rolls(&w).is_empty());
    assert!(w.app().model.pending_roll.is_some());
    w.harness.get_by_label("'7' is not a face of a d6");
    // Typing new faces takes the old refusal away: it was about the 7.
    type_into(&mut w, "Faces", "4 3");
    assert!(w.harness.query_by_label("'7' is not a face of a d6").is_none(), "stale error");

    w.press("Record");
    assert!(w.app().model.pending_roll.is_none());
    let rolls = rolls(&w);
    assert_eq!(rolls.len(), 1);
    assert_eq!((rolls[0].source, rolls[0].total), (RollSource::Table, 7));
    assert_eq!(rolls[0].label, "initiative");
    // Every widget of the window can be found by name (the harness checks on `run`).
    w.harness.run();
}

#[test]
fn a_pending_roll_can_be_rolled_by_the_app_or_cancelled() {
    let mut w = encounter();
    w.press("I'll type them");
    type_into(&mut w, "Notation", "d20");
    w.press("Roll");
    assert!(w.app().model.pending_roll.is_some());
    w.press("Cancel");
    assert!(w.app().model.pending_roll.is_none());
    assert!(rolls(&w).is_empty(), "a cancelled roll records nothing");

    // Escape gives up too.
    w.press("Roll");
    assert!(w.app().model.pending_roll.is_some());
    w.harness.key_press(egui::Key::Escape);
    w.settle();
    assert!(w.app().model.pending_roll.is_none());

    w.press("Roll");
    w.press("Roll for me");
    let rolls = rolls(&w);
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].source, RollSource::App);

    // Back to app dice: the next roll needs no question. Enter in the notation rolls too.
    w.press("App rolls");
    w.press("Roll");
    assert!(w.app().model.pending_roll.is_none());
    assert_eq!(self::rolls(&w).len(), 2);
    type_into(&mut w, "Notation", "d4");
    w.harness.key_press(egui::Key::Enter);
    w.settle();
    assert_eq!(self::rolls(&w).last().unwrap().dice.to_string(), "d4");
}

#[test]
fn a_secret_roll_is_kept_from_the_player_window() {
    let mut w = encounter();
    type_into(&mut w, "Notation", "d20");
    type_into(&mut w, "For", "the hidden trap");
    w.harness.get_by_label("Secret").click();
    w.settle();
    w.press("Roll");
    let secret = session(&w).history().events().iter().any(|e| {
        matches!(&e.kind, EventKind::Rolled { roll, secret: true } if roll.label == "the hidden trap")
    });
    assert!(secret, "the roll is marked secret");
    let view =
        fray_app::table_view::table_view(session(&w).history().system(), session(&w).state());
    assert_eq!(view.last_roll, None, "the players never see it");
    assert!(w.journal_says("(kept from the players)"));
}

#[test]
fn the_odds_of_the_typed_roll_fold_out_with_a_target() {
    let mut w = encounter();
    type_into(&mut w, "Notation", "2d20kh1");
    // Folded at first: nothing below the buttons moves until the GM asks.
    assert!(w.harness.query_by_role_and_label(Role::TextInput, "Reach").is_none());
    w.harness.get_by_label("Odds of this roll").scroll_to_me();
    w.settle();
    w.harness.get_by_label("Odds of this roll").click();
    w.settle();
    w.harness.get_by_label("mean 13.83, from 1 to 20");
    type_into(&mut w, "Reach", "15");
    w.harness.get_by_label("2d20kh1 ≥ 15: 51%");
    // Other dice, other odds.
    type_into(&mut w, "Notation", "d20");
    w.harness.get_by_label("d20 ≥ 15: 30%");
    assert!(rolls(&w).is_empty(), "looking at the odds rolls nothing");
}

#[test]
fn table_dice_for_exploding_and_percentile_rolls_are_typed_as_rolled() {
    let mut w = encounter();
    // Murdham's damage die, typed in the tray: a 6 explodes, each added die one less.
    type_into(&mut w, "Notation", "d6!p");
    w.press("Enter table dice");
    type_into(&mut w, "Faces", "6");
    w.press("Record");
    w.harness
        .get_by_label("d6!p needs more faces than the 1 typed: a die exploded or was rerolled");
    assert!(rolls(&w).is_empty());
    type_into(&mut w, "Faces", "6 6 3");
    w.press("Record");
    assert_eq!(rolls(&w)[0].faces(), [6, 6, 3]);
    assert_eq!(rolls(&w)[0].total, 6 + 5 + 2);
    // `00` on percentile dice is 100.
    type_into(&mut w, "Notation", "d%");
    w.press("Enter table dice");
    type_into(&mut w, "Faces", "00");
    w.press("Record");
    assert_eq!(rolls(&w)[1].total, 100);
}
