//! A Sovereign fight driven through the window like a GM: Next rolls each side's d8 (typed
//! into the dice window) and the order shows the sides grouped with their rolls; Aldo's sword
//! is rolled, and the bandit, seeing the roll, takes Total Defense from the prompt: the hit
//! becomes a miss and its own attack later is refused. A Charge along a row and a mortal
//! wound's countdown; a Screen taking the blow meant for its ward.

use crate::common;

use eframe::egui;

use crate::common::Window;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::command::{NewCombatant, block_stats, block_tracks};
use fray_app::space::grid::GridPos;
use fray_data::{Db, Session};
use serde_json::json;

fn has(w: &Window, who: &str, condition: &str) -> bool {
    w.session().state().combatant_named(who).unwrap().conditions.contains(condition)
}

/// The toll gate: Aldo and Brina against a bandit, on a 10 × 6 grid.
fn gate() -> Window {
    gate_at((2, 2), 9, (3, 2))
}

/// The toll gate with Aldo at `aldo` with `aldo_hp` HP and the bandit at `bandit`.
fn gate_at(aldo: (u16, u16), aldo_hp: i64, bandit: (u16, u16)) -> Window {
    fight(&[
        (
            "Aldo",
            "Party",
            aldo,
            json!({"tracks": {"hp": aldo_hp}, "stats": {"ac": 14, "atk": 1, "str": 14},
            "attacks": [{"name": "Sword", "dmg": "1d8", "shock": {"dmg": 2, "max_ac": 13}}]}),
        ),
        (
            "Brina",
            "Party",
            (1, 4),
            json!({"tracks": {"hp": 7}, "stats": {"ac": 13, "atk": 1, "dex": 16},
            "attacks": [{"name": "Bow", "dmg": "1d6", "range": 50, "long_range": 100}]}),
        ),
        (
            "Bandit",
            "Bandits",
            bandit,
            json!({"tracks": {"hp": 5}, "stats": {"ac": 12, "atk": 1},
            "attacks": [{"name": "Club", "dmg": "1d6", "shock": {"dmg": 1, "max_ac": 13}}]}),
        ),
    ])
}

/// A 10 × 6 grid with the Party and the Bandits, and these combatants (name, side, square,
/// block), the window open on it with dice typed in.
fn fight(combatants: &[(&str, &str, (u16, u16), serde_json::Value)]) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut s = Session::create(&db, "sovereign".parse().unwrap(), "The toll gate", 8).unwrap();
    s.apply(Command::SetGrid { width: 10, height: 6, feet: 5 }).unwrap();
    for (name, party, colour) in [("Party", true, "#3d7fc4"), ("Bandits", false, "#c4503d")] {
        s.apply(Command::AddSide { name: name.into(), colour: colour.into(), party }).unwrap();
    }
    for (name, side, (x, y), block) in combatants {
        let combatant = NewCombatant {
            name: (*name).into(),
            side: s.state().side_named(side).unwrap().id,
            zone: None,
            square: Some(GridPos { x: *x, y: *y }),
            stats: block_stats(block),
            tracks: block_tracks(block),
            conditions: Vec::new(),
            source: None,
            block: block.clone(),
        };
        s.apply(Command::AddCombatant { combatant: Box::new(combatant), count: 1 }).unwrap();
    }
    db.settings().set_json("ui.last_encounter", &s.encounter_id().0).unwrap();
    drop(s);
    let mut w = common::window_with(dir, db);
    assert_eq!(w.session().state().system_id(), "sovereign");
    w.press("I'll type them");
    w
}

#[test]
fn side_initiative_then_total_defense_after_seeing_the_roll() {
    let mut w = gate();
    // The party's d8 4 + Brina's DEX (+1) = 5, the bandits' 5: a tie, the party first.
    w.press("Next");
    w.faces("4");
    w.faces("5");
    let state = w.session().state();
    let order: Vec<String> = state.order.iter().map(|p| state.name_of(p.combatants[0])).collect();
    assert_eq!(order, ["Aldo", "Brina", "Bandit"]);
    assert_eq!(state.order[0].reason, "Party: d8 4 + best DEX +1 = 5");
    assert!(w.journal_says("Initiative of Party: 5"));

    // Aldo's sword: 11 + 2 = 13, a hit on AC 12 — the bandit sees it and defends.
    w.press("Sword at Bandit (d8)");
    w.faces("11");
    w.harness.get_by_label("Aldo rolled 13 against Bandit's AC 12: a hit");
    w.press("Bandit: Total Defense (+2 AC, no Shock)");
    assert!(has(&w, "Bandit", "defending"));
    assert!(w.journal_says(
        "Aldo's Sword at Bandit: 11 + 2 = 13 against AC 14 (+2 Total Defense): miss"
    ));
    assert_eq!(w.value("Bandit", "hp"), 5, "no Shock under Total Defense");
    w.press("End turn");
    w.press("End turn");

    // The bandit's turn: its defence ends and its Main action is gone for the round.
    assert!(!has(&w, "Bandit", "defending"));
    // Every attack on Aldo (the club, a Charge, a shove, a grapple) is folded away, with why.
    let folded = "4 more, not now: Bandit has spent its Main action";
    // The answers' box shows a few at a time: the fold is brought into view first.
    let header =
        w.harness.get_all_by_role_and_label(Role::DisclosureTriangle, folded).next().unwrap();
    header.scroll_to_me();
    w.settle();
    let header =
        w.harness.get_all_by_role_and_label(Role::DisclosureTriangle, folded).next().unwrap();
    header.click();
    w.harness.run_steps(12);
    let club = w.harness.get_by_role_and_label(Role::Button, "Club at Aldo (d6)");
    assert!(club.accesskit_node().is_disabled());
    w.harness.run();
}

#[test]
fn a_charge_along_a_row_then_a_mortal_wound_and_its_countdown() {
    let mut w = gate_at((1, 2), 4, (6, 2));
    w.press("Next");
    w.faces("8");
    w.faces("1");
    // Aldo charges the bandit 20 ft along the row: 12 + 2 + 2 hits; the bandit takes it; the
    // d8 3 + 1.
    w.press("Charge Bandit with Sword (+2)");
    w.faces("12");
    w.press("Bandit takes it");
    w.faces("3");
    let state = w.session().state();
    let aldo = state.combatant_named("Aldo").unwrap();
    assert_eq!(aldo.square, Some(GridPos { x: 5, y: 2 }), "next to the bandit, along the row");
    assert!(aldo.conditions.contains("charging"));
    assert_eq!(w.value("Bandit", "hp"), 1);
    w.press("End turn");
    w.press("End turn");

    // The bandit's club meets the charger's lowered guard (20 + 1 against 14 − 2) and fells
    // him (6 of his 4 HP): mortally injured in round 1, dead at the end of round 7.
    w.press("Club at Aldo (d6)");
    w.faces("20");
    // While the blow waits, Brina (off her turn, her Main unspent) may snap at the bandit with
    // her bow; she lets it land.
    assert!(w.harness.query_by_label("Brina: Snap Attack at Bandit with Bow (−4)").is_some());
    w.press("Aldo takes it");
    w.faces("6");
    assert!(w.journal_says(
        "Aldo falls mortally injured in round 1: dead at the end of round 7 unless stabilized"
    ));
    assert_eq!(
        w.session()
            .state()
            .sovereign()
            .mortal
            .get(&w.session().state().combatant_named("Aldo").unwrap().id),
        Some(&1)
    );
    w.press("End turn");
    assert_eq!(w.session().state().phase, "end");
    w.harness.run();
}

#[test]
fn a_screen_from_the_prompt_takes_the_blow_meant_for_the_ward() {
    let mut w = fight(&[
        (
            "Aldo",
            "Party",
            (1, 3),
            json!({"tracks": {"hp": 10}, "stats": {"ac": 14, "atk": 1, "str": 15, "stab": 1},
            "attacks": [{"name": "Sword", "dmg": "1d8", "skill": "stab"}]}),
        ),
        (
            "Corvin",
            "Party",
            (1, 4),
            json!({"tracks": {"hp": 5}, "stats": {"ac": 10, "atk": 0},
            "attacks": [{"name": "Staff", "dmg": "1d6"}]}),
        ),
        (
            "Bandit",
            "Bandits",
            (2, 5),
            json!({"tracks": {"hp": 5}, "stats": {"ac": 12, "atk": 1, "skill": 1},
            "attacks": [{"name": "Club", "dmg": "1d6"}]}),
        ),
    ]);
    w.press("Next");
    w.faces("8");
    w.faces("1");
    // Aldo, beside Corvin, screens him with his Move; Corvin has no combat skill to screen.
    w.press("Screen Corvin (the Move)");
    assert!(w.journal_says("Aldo screens Corvin until its next turn"));
    w.press("End turn");
    w.press("End turn");
    // The bandit clubs at Corvin: its check 3 + 3 + 1 = 7 against Aldo's 4 + 2 + 1 + 1 = 8:
    // Aldo holds and takes the blow (14 + 1 against AC 14), then 5 damage.
    w.press("Club at Corvin (d6)");
    w.faces("3 3");
    w.faces("4 2");
    w.faces("14");
    assert!(w.journal_says("Aldo takes the attack meant for Corvin"));
    w.harness.get_by_label("Bandit rolled 15 against Aldo's AC 14: a hit");
    w.press("Aldo takes it");
    w.faces("5");
    assert_eq!(w.value("Aldo", "hp"), 5);
    assert_eq!(w.value("Corvin", "hp"), 5, "the ward is untouched");
    w.harness.run();
}

/// The cellar door golden up to Aldo's turn, in the window.
fn cellar() -> Window {
    let path = format!("{}/../tests/scenarios/sovereign-doors.fray", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let setup = text.split("# Aldo stands beside it").next().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let history = fray_app::scenario::run(&path, setup).unwrap();
    let session = Session::store(&db, &history).unwrap();
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    drop(session);
    common::window_with(dir, db)
}

#[test]
fn the_acting_combatant_opens_the_door_beside_it_from_the_stepper() {
    let mut w = cellar();
    let label = "Open the door at (4, 1) (the Move)";
    if w.harness.query_by_label(label).is_none() {
        w.unfold("Move");
    }
    w.harness.get_by_label(label).scroll_to_me();
    w.press(label);
    let grid = w.session().state().grid.clone().unwrap();
    let door =
        fray_app::space::grid::Edge { x: 4, y: 1, axis: fray_app::space::grid::Axis::Vertical };
    assert_eq!(grid.wall(door), Some(fray_app::space::grid::WallKind::Door { open: true }));
    assert!(w.journal_says("Aldo opens the door (its Move)"));
    // Its Move spent: the Move's answers, shutting the door among them, say why they wait.
    assert!(w.harness.query_by_label_contains("Aldo has used its Move").is_some());
    let shut = w.harness.query_by_label("Shut the door at (4, 1) (the Move)");
    assert!(shut.is_none_or(|b| b.accesskit_node().is_disabled()));
}
