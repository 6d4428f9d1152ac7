//! The board, driven with the mouse: zones added, edited, linked, moved and resized through
//! their cards; tokens dragged between zones (and refused by a full one), selected, and
//! showing their range from the selected one. Every drag is a real drag in the harness.

use crate::common;

use crate::common::Window;
use eframe::egui::{self, Pos2, vec2};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::command::NewCombatant;
use fray_app::encounter::{BoardRect, Encounter, Track};
use fray_app::ids::{CombatantId, SideId, ZoneId};
use fray_data::{Db, Session};
use fray_ui::window::{Action, apply};

/// A window with a new, empty freeform encounter open.
fn encounter() -> Window {
    let mut w = common::window();
    let app = w.harness.state_mut();
    let new = Action::NewEncounter { system: "freeform".parse().unwrap(), name: "Crypt".into() };
    apply(&mut app.model, &mut app.view, new);
    w.settle();
    w
}

fn state(w: &Window) -> &Encounter {
    w.app().model.session.as_ref().expect("an encounter is open").state()
}

fn zone(w: &Window, name: &str) -> ZoneId {
    state(w).zone_named(name).unwrap_or_else(|| panic!("no zone {name}")).id
}

fn combatant(w: &Window, name: &str) -> CombatantId {
    state(w).combatant_named(name).unwrap_or_else(|| panic!("no combatant {name}")).id
}

fn zone_of(w: &Window, name: &str) -> Option<ZoneId> {
    state(w).combatant_named(name).unwrap().zone
}

fn centre(w: &Window, label: &str) -> Pos2 {
    w.harness.get_by_label(label).rect().center()
}

/// Replaces the text of the field named `label`, as typed.
fn type_into(w: &mut Window, label: &str, text: &str) {
    let role = if label == "Note" { Role::MultilineTextInput } else { Role::TextInput };
    w.harness.get_by_role_and_label(role, label).focus();
    w.settle();
    w.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    w.harness.get_by_role_and_label(role, label).type_text(text);
    w.settle();
}

/// Adds a zone the way the GM does: "+ Zone", a name, a capacity, "Add zone".
fn add_zone(w: &mut Window, name: &str, capacity: &str) {
    w.harness.get_by_label("+ Zone").click();
    w.settle();
    type_into(w, "Zone name", name);
    if !capacity.is_empty() {
        type_into(w, "Capacity", capacity);
    }
    w.harness.get_by_label("Add zone").click();
    w.settle();
}

/// Adds combatants straight through the model (the library has its own tests).
fn add(w: &mut Window, name: &str, zone: Option<ZoneId>, party: bool) {
    let combatant = NewCombatant {
        name: name.into(),
        side: SideId(0),
        zone,
        square: None,
        stats: vec![],
        tracks: vec![Track { name: "hp".into(), value: 5, max: 9 }],
        conditions: vec![],
        source: None,
        block: serde_json::Value::Null,
    };
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, Action::AddCombatant { combatant, party, count: 1 });
    w.settle();
}

fn place_zone_commands(w: &Window) -> usize {
    let session = w.app().model.session.as_ref().unwrap();
    session
        .history()
        .live_commands()
        .iter()
        .filter(|c| matches!(c.command, Command::PlaceZone { .. }))
        .count()
}

#[test]
fn zones_are_added_through_the_dialog_in_free_spots() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    add_zone(&mut w, "Yard", "3");
    let s = state(&w);
    let gate = s.zone_named("Gate").unwrap();
    let yard = s.zone_named("Yard").unwrap();
    assert_eq!(gate.capacity, None);
    assert_eq!(yard.capacity, Some(3));
    assert!(gate.rect.w > 0.0 && yard.rect.w > 0.0, "new zones are placed");
    let overlap = gate.rect.x < yard.rect.x + yard.rect.w
        && yard.rect.x < gate.rect.x + gate.rect.w
        && gate.rect.y < yard.rect.y + yard.rect.h
        && yard.rect.y < gate.rect.y + gate.rect.h;
    assert!(!overlap, "the second zone goes to a free spot");
    // Both cards are on the board, found by their names.
    w.harness.get_by_label("Zone Gate");
    w.harness.get_by_label("Zone Yard");
}

#[test]
fn two_zones_are_connected_and_disconnected_with_link() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    add_zone(&mut w, "Yard", "");
    w.harness.get_by_label("Link Gate").click();
    w.settle();
    w.harness.get_by_label("Zone Yard").click();
    w.settle();
    let (gate, yard) = (zone(&w, "Gate"), zone(&w, "Yard"));
    assert!(state(&w).zone(gate).unwrap().adjacent.contains(&yard));
    assert!(state(&w).zone(yard).unwrap().adjacent.contains(&gate));

    // Linking again from the other end disconnects them.
    w.harness.get_by_label("Link Yard").click();
    w.settle();
    w.harness.get_by_label("Zone Gate").click();
    w.settle();
    assert!(state(&w).zone(gate).unwrap().adjacent.is_empty());
}

#[test]
fn a_zone_is_renamed_given_a_capacity_and_a_note_then_removed_after_confirming() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    let gate = zone(&w, "Gate");
    add(&mut w, "Harald", Some(gate), true);
    w.harness.get_by_label("Edit Gate").click();
    w.settle();
    type_into(&mut w, "Zone name", "North gate");
    type_into(&mut w, "Capacity", "2");
    type_into(&mut w, "Note", "rubble, dim light");
    w.harness.get_by_label("Save zone").click();
    w.settle();
    let z = state(&w).zone(gate).unwrap();
    assert_eq!(
        (z.name.as_str(), z.capacity, z.note.as_str()),
        ("North gate", Some(2), "rubble, dim light")
    );

    w.harness.get_by_label("Edit North gate").click();
    w.settle();
    w.harness.get_by_label("Remove zone…").click();
    w.settle();
    // Nothing is removed before the GM confirms.
    assert!(state(&w).zone(gate).is_some());
    w.harness.get_by_label_contains("goes off the board");
    w.harness.get_by_label("Remove").click();
    w.settle();
    assert!(state(&w).zone(gate).is_none());
    assert_eq!(zone_of(&w, "Harald"), None, "whoever stood there is off the board");
}

#[test]
fn dragging_a_card_by_its_title_moves_it_with_one_place_zone() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    let before = state(&w).zone_named("Gate").unwrap().rect;
    let from = centre(&w, "Zone Gate");
    w.drag(from, from + vec2(150.0, 90.0));
    let after = state(&w).zone_named("Gate").unwrap().rect;
    assert_eq!((after.x - before.x, after.y - before.y), (150.0, 90.0));
    assert_eq!((after.w, after.h), (before.w, before.h));
    assert_eq!(place_zone_commands(&w), 1, "one PlaceZone on release, not one per frame");
    // The card is drawn where it now is.
    let moved = centre(&w, "Zone Gate");
    assert!((moved - (from + vec2(150.0, 90.0))).length() < 1.0);
}

#[test]
fn the_corner_handle_resizes_a_card() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    let before = state(&w).zone_named("Gate").unwrap().rect;
    let from = centre(&w, "Resize Gate");
    w.drag(from, from + vec2(80.0, 60.0));
    let after = state(&w).zone_named("Gate").unwrap().rect;
    assert_eq!((after.x, after.y), (before.x, before.y));
    assert_eq!((after.w - before.w, after.h - before.h), (80.0, 60.0));
    assert_eq!(place_zone_commands(&w), 1);
}

#[test]
fn dragging_the_background_pans_the_board_without_changing_it() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    // "Fit" fits the board to the canvas: the view the board comes back to.
    w.harness.get_by_label("Fit").click();
    w.settle();
    let card = centre(&w, "Zone Gate");
    let stored = state(&w).zone_named("Gate").unwrap().rect;
    // Empty board just below and right of the card (the fit leaves a margin around it).
    let empty = w.harness.get_by_label("Resize Gate").rect().right_bottom() + vec2(10.0, 10.0);
    w.drag(empty, empty + vec2(-40.0, -100.0));
    let panned = centre(&w, "Zone Gate");
    assert!((panned - (card + vec2(-40.0, -100.0))).length() < 1.0);
    assert_eq!(state(&w).zone_named("Gate").unwrap().rect, stored);
    w.harness.get_by_label("Fit").click();
    w.settle();
    assert!((centre(&w, "Zone Gate") - card).length() < 1.0);
}

#[test]
fn a_token_dragged_to_another_zone_moves_there_and_stays_after_reopening() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    add_zone(&mut w, "Yard", "");
    let (gate, yard) = (zone(&w, "Gate"), zone(&w, "Yard"));
    add(&mut w, "Harald", Some(gate), true);
    let from = centre(&w, "Harald");
    let to = centre(&w, "Zone Yard");
    w.drag(from, to);
    assert_eq!(zone_of(&w, "Harald"), Some(yard));
    assert!(w.app().model.status.is_none());
    // The token is drawn in its new card.
    let card = w.harness.get_by_label("Zone Yard").rect();
    assert!((centre(&w, "Harald").x - card.center().x).abs() < card.width() / 2.0);

    let encounter = w.app().model.session.as_ref().unwrap().encounter_id();
    let Window { harness, dir } = w;
    drop(harness);
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let session = Session::open(&db, encounter).unwrap();
    assert_eq!(session.state().combatant_named("Harald").unwrap().zone, Some(yard));
}

#[test]
fn a_drop_on_a_full_zone_is_refused_and_says_why() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "1");
    add_zone(&mut w, "Yard", "");
    let (gate, yard) = (zone(&w, "Gate"), zone(&w, "Yard"));
    add(&mut w, "Harald", Some(gate), true);
    add(&mut w, "Narvi", Some(yard), true);
    let events = w.app().model.session.as_ref().unwrap().history().events().len();

    let from = centre(&w, "Narvi");
    let to = centre(&w, "Zone Gate");
    w.drag(from, to);
    assert_eq!(zone_of(&w, "Narvi"), Some(yard), "the token snaps back");
    assert_eq!(w.app().model.session.as_ref().unwrap().history().events().len(), events);
    let status = w.app().model.status.as_ref().expect("the refusal is shown");
    assert!(status.error && status.text.contains("Gate is full"), "{}", status.text);
    // The status line shows it, and Dismiss clears it.
    w.harness.get_by_label_contains("Gate is full");
    w.harness.get_by_label("Dismiss").click();
    w.settle();
    assert!(w.app().model.status.is_none());
    assert!(w.harness.query_by_label_contains("Gate is full").is_none());
}

#[test]
fn a_drop_outside_any_zone_changes_nothing() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    let gate = zone(&w, "Gate");
    add(&mut w, "Harald", Some(gate), true);
    let events = w.app().model.session.as_ref().unwrap().history().events().len();
    let from = centre(&w, "Harald");
    let empty = centre(&w, "Zone Gate") + vec2(0.0, 400.0);
    w.drag(from, empty);
    assert_eq!(zone_of(&w, "Harald"), Some(gate));
    assert_eq!(w.app().model.session.as_ref().unwrap().history().events().len(), events);
}

#[test]
fn the_tray_holds_who_is_off_the_board_both_ways() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    let gate = zone(&w, "Gate");
    add(&mut w, "Ysolde", None, true);
    w.harness.get_by_label("Not on the board");
    // From the tray onto the board...
    let (from, to) = (centre(&w, "Ysolde"), centre(&w, "Zone Gate"));
    w.drag(from, to);
    assert_eq!(zone_of(&w, "Ysolde"), Some(gate));
    // ...and back off it.
    let (from, to) = (centre(&w, "Ysolde"), centre(&w, "Not on the board"));
    w.drag(from, to);
    assert_eq!(zone_of(&w, "Ysolde"), None);
}

#[test]
fn clicking_a_token_selects_it_and_the_others_show_their_range() {
    let mut w = encounter();
    for name in ["Gate", "Yard", "Hall", "Vault"] {
        add_zone(&mut w, name, "");
    }
    let ids: Vec<ZoneId> = ["Gate", "Yard", "Hall", "Vault"].iter().map(|n| zone(&w, n)).collect();
    // Gate - Yard - Hall in a line; the Vault is cut off. All four in view, two by two.
    let app = w.harness.state_mut();
    for (a, b) in [(ids[0], ids[1]), (ids[1], ids[2])] {
        apply(&mut app.model, &mut app.view, Action::Game(Command::ConnectZones { a, b }));
    }
    for (i, id) in ids.iter().enumerate() {
        let (x, y) = ((i % 2) as f32 * 420.0 + 20.0, (i / 2) as f32 * 200.0 + 20.0);
        let rect = BoardRect { x, y, w: 400.0, h: 180.0 };
        apply(&mut app.model, &mut app.view, Action::Game(Command::PlaceZone { id: *id, rect }));
    }
    w.settle();
    add(&mut w, "Harald", Some(ids[0]), true);
    add(&mut w, "Narvi", Some(ids[0]), true);
    add(&mut w, "Brigand", Some(ids[1]), false);
    add(&mut w, "Archer", Some(ids[2]), false);
    add(&mut w, "Ghost", Some(ids[3]), false);
    add(&mut w, "Scout", None, false);
    assert_eq!(w.harness.get_by_label("Brigand").value(), None, "no range without a selection");

    w.harness.get_by_label("Harald").click();
    w.settle();
    assert_eq!(w.app().model.selected, Some(combatant(&w, "Harald")));
    let band = |w: &Window, name: &str| w.harness.get_by_label(name).value();
    assert_eq!(band(&w, "Harald"), None, "the selected one shows no range");
    assert_eq!(band(&w, "Narvi").as_deref(), Some("Close"));
    assert_eq!(band(&w, "Brigand").as_deref(), Some("Near"));
    assert_eq!(band(&w, "Archer").as_deref(), Some("Far"));
    assert_eq!(band(&w, "Ghost").as_deref(), Some("Distant"));
    assert_eq!(band(&w, "Scout"), None, "off the board: no range");
}

#[test]
fn while_linking_a_click_on_a_token_stands_for_its_zone() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    add_zone(&mut w, "Yard", "");
    let (gate, yard) = (zone(&w, "Gate"), zone(&w, "Yard"));
    add(&mut w, "Narvi", Some(yard), true);
    w.harness.get_by_label("Link Gate").click();
    w.settle();
    w.harness.get_by_label("Narvi").click();
    w.settle();
    assert!(state(&w).zone(gate).unwrap().adjacent.contains(&yard));
    assert_eq!(w.app().model.selected, None, "the click linked, it did not select");
}

#[test]
fn the_board_zooms_and_fits_and_cards_still_move_in_board_units() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    let before = w.harness.get_by_label("Zone Gate").rect();
    // "Fit" makes the one card fill much of the canvas (zoom capped at 200 %).
    w.harness.get_by_label("Fit").click();
    w.settle();
    let fitted = w.harness.get_by_label("Zone Gate").rect();
    assert!(fitted.width() > before.width() * 1.5, "fit zooms in on a small board");
    // The readout says the zoom Fit chose: as big as the canvas allows, never over 200 %.
    let fit = zoom_readout(&w);
    assert!((150.0..=200.0).contains(&fit), "{fit} %");
    w.harness.get_by_label("\u{2212}").click();
    w.settle();
    let smaller = w.harness.get_by_label("Zone Gate").rect();
    assert!(smaller.width() < fitted.width(), "zooming out draws the card smaller");
    let zoom = zoom_readout(&w);
    assert!(zoom < fit, "one step out is smaller: {zoom} % after {fit} %");
    // A drag of 80 × 40 screen points moves the card by as many board units over the zoom.
    let stored = state(&w).zone_named("Gate").unwrap().rect;
    let from = smaller.center();
    w.drag(from, from + vec2(80.0, 40.0));
    let after = state(&w).zone_named("Gate").unwrap().rect;
    let (dx, dy) = (after.x - stored.x, after.y - stored.y);
    let (want_x, want_y) = (80.0 * 100.0 / zoom, 40.0 * 100.0 / zoom);
    assert!((dx - want_x).abs() <= 1.0 && (dy - want_y).abs() <= 1.0, "{dx}, {dy} at {zoom} %");
    assert_eq!((after.w, after.h), (stored.w, stored.h), "the stored size stays");
    w.harness.get_by_label("+").click();
    w.settle();
    assert!(w.harness.get_by_label("Zone Gate").rect().width() > smaller.width());
}

#[test]
fn the_zoom_buttons_stay_put_when_the_readout_loses_a_digit() {
    let mut w = encounter();
    add_zone(&mut w, "Gate", "");
    assert!(w.harness.query_by_label("100 %").is_some(), "a new board starts at 100 %");
    let (plus, fit) = (w.harness.get_by_label("+").rect(), w.harness.get_by_label("Fit").rect());
    w.harness.get_by_label("\u{2212}").click();
    w.settle();
    assert!(w.harness.query_by_label("80 %").is_some());
    // The readout keeps the room of its widest value: nothing after it moves under the
    // pointer of a GM clicking twice.
    assert_eq!(w.harness.get_by_label("+").rect(), plus);
    assert_eq!(w.harness.get_by_label("Fit").rect(), fit);
}

/// The zoom the board's readout says, in percent.
fn zoom_readout(w: &Window) -> f32 {
    w.harness
        .root()
        .children_recursive()
        .find_map(|n| n.accesskit_node().value()?.strip_suffix(" %")?.parse().ok())
        .expect("the zoom's readout")
}
