//! The journal panel: one readable line per event, newest last and in view, only the rows
//! on screen drawn (virtualised), and a filter by combatant.

use crate::common;

use crate::common::Window;
use egui_kittest::kittest::Queryable;
use fray_app::Command;
use fray_app::command::NewCombatant;
use fray_app::dice::Dice;
use fray_app::ids::{CombatantId, SideId};
use fray_ui::window::{Action, apply};

fn act(w: &mut Window, action: Action) {
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, action);
}

fn open(w: &mut Window) {
    act(w, Action::NewEncounter { system: "freeform".parse().unwrap(), name: "Crypt".into() });
}

fn add(w: &mut Window, name: &str) -> CombatantId {
    let combatant = NewCombatant::named(name, SideId(0));
    act(w, Action::AddCombatant { combatant, party: true, count: 1 });
    let state = w.app().model.session.as_ref().unwrap().state();
    state.combatant_named(name).unwrap().id
}

fn roll(w: &mut Window, by: CombatantId, label: &str) {
    let dice = Dice::parse("d20").unwrap();
    act(
        w,
        Action::Game(Command::Roll { dice, label: label.into(), roller: Some(by), secret: false }),
    );
}

/// Whether a journal line (not the dice tray, not the card) contains `text`.
fn journal_has(w: &Window, text: &str) -> bool {
    let lines = w.harness.get_by_label("Journal lines");
    lines.query_all_by_label_contains(text).next().is_some()
}

fn narrate(w: &mut Window, text: &str) {
    act(w, Action::Game(Command::Narrate { text: text.into() }));
}

#[test]
fn each_event_reads_as_one_line() {
    let mut w = common::window();
    open(&mut w);
    let harald = add(&mut w, "Harald");
    roll(&mut w, harald, "attack");
    narrate(&mut w, "The door gives way.");
    w.settle();
    let m = &w.app().model;
    let n = m.journal.len();
    assert_eq!(n, m.session.as_ref().unwrap().history().events().len());
    for i in 0..n {
        assert!(journal_has(&w, m.journal.text(i).unwrap()), "line {i}");
    }
    assert!(journal_has(&w, "Harald rolled d20 \"attack\": ["));
    w.harness.get_by_label(&format!("{n} entries"));
}

#[test]
fn filtering_by_combatant_shows_only_their_lines() {
    let mut w = common::window();
    open(&mut w);
    let harald = add(&mut w, "Harald");
    let narvi = add(&mut w, "Narvi");
    roll(&mut w, harald, "Harald swings");
    roll(&mut w, narvi, "Narvi ducks");
    narrate(&mut w, "Dust falls from the ceiling.");
    roll(&mut w, harald, "Harald swings again");
    w.settle();
    let (total, about_harald) = {
        let events = w.app().model.session.as_ref().unwrap().history().events();
        (events.len(), events.iter().filter(|e| e.actor == Some(harald)).count())
    };
    assert!(about_harald >= 2 && about_harald < total);

    w.harness.get_by_label("Show").click();
    w.settle();
    w.harness.get_by_label("Only Harald").click();
    w.settle();

    assert_eq!(w.app().view.journal.filter(), Some(harald));
    w.harness.get_by_label(&format!("{about_harald} of {total} entries"));
    assert!(journal_has(&w, "Harald swings again"));
    assert!(journal_has(&w, "Harald swings\""));
    assert!(!journal_has(&w, "Narvi ducks"));
    assert!(!journal_has(&w, "Dust falls from the ceiling."));

    // New lines about Harald join the filtered list; others stay out.
    roll(&mut w, narvi, "Narvi again");
    roll(&mut w, harald, "Harald a third time");
    w.settle();
    w.harness.get_by_label(&format!("{} of {} entries", about_harald + 1, total + 2));
    assert!(journal_has(&w, "Harald a third time"));
    assert!(!journal_has(&w, "Narvi again"));

    // Undo follows too.
    act(&mut w, Action::Undo);
    w.settle();
    w.harness.get_by_label(&format!("{about_harald} of {} entries", total + 1));

    w.harness.get_by_label("Show").click();
    w.settle();
    w.harness.get_by_label("Everyone").click();
    w.settle();
    assert_eq!(w.app().view.journal.filter(), None);
    assert!(journal_has(&w, "Narvi ducks"));
}

#[test]
fn the_newest_line_is_in_view_and_only_visible_rows_are_drawn() {
    let mut w = common::window();
    open(&mut w);
    for i in 0..400 {
        narrate(&mut w, &format!("Entry {i}"));
    }
    w.settle();
    w.harness.get_by_label("400 entries");
    w.harness.get_by_label("Entry 399");
    assert!(w.harness.query_by_label("Entry 0").is_none(), "rows out of view are not drawn");
    let drawn = w.harness.query_all_by_label_contains("Entry ").count();
    assert!(drawn < 40, "{drawn} rows drawn");

    // A new line arrives: the journal follows it.
    narrate(&mut w, "Entry 400");
    w.settle();
    w.harness.get_by_label("Entry 400");
}

#[test]
fn scrolled_up_the_journal_stays_where_the_gm_reads() {
    let mut w = common::window();
    open(&mut w);
    for i in 0..200 {
        narrate(&mut w, &format!("Entry {i}"));
    }
    w.settle();
    for _ in 0..60 {
        w.harness.query_all_by_label_contains("Entry ").next().unwrap().scroll_up();
        w.harness.step();
    }
    w.settle();
    assert!(w.harness.query_by_label("Entry 0").is_some(), "scrolled to the top");

    narrate(&mut w, "Entry 200");
    w.settle();
    assert!(w.harness.query_by_label("Entry 0").is_some(), "did not jump to the bottom");
    assert!(w.harness.query_by_label("Entry 200").is_none());
}

#[test]
fn clicking_a_line_shows_the_card_of_whom_it_is_about() {
    let mut w = common::window();
    open(&mut w);
    let harald = add(&mut w, "Harald");
    let _narvi = add(&mut w, "Narvi");
    roll(&mut w, harald, "Harald swings");
    act(&mut w, Action::Select(None));
    w.settle();
    {
        let lines = w.harness.get_by_label("Journal lines");
        lines.get_by_label_contains("Harald swings").click();
    }
    w.settle();
    assert_eq!(w.app().model.selected, Some(harald));
}
