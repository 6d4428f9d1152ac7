//! A Block, Dodge, Parry round driven through the window like a GM: declare with the prompt
//! buttons, let Fray work out the order, resolve a double attack with the defender's reaction
//! prompt (table dice typed into the dice window), and answer the morale prompt.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::command::NewCombatant;
use fray_app::encounter::{Stat, Track};
use fray_data::{Db, Session};
use serde_json::json;

fn track(name: &str, value: i64, max: i64) -> Track {
    Track { name: name.into(), value, max }
}

/// A window reopening a bdp encounter: Harald and two goblins in one yard, not started.
fn yard() -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut session =
        Session::create(&db, "bdp".parse().unwrap(), "Goblins in the yard", 3).unwrap();
    for (name, party, colour) in [("Party", true, "#3d7fc4"), ("Goblins", false, "#aa3333")] {
        session
            .apply(Command::AddSide { name: name.into(), colour: colour.into(), party })
            .unwrap();
    }
    let rect = fray_app::encounter::BoardRect { x: 40.0, y: 40.0, w: 420.0, h: 240.0 };
    session.apply(Command::AddZone { name: "Yard".into(), capacity: None, rect }).unwrap();
    let state = session.state();
    let (party, goblins) =
        (state.side_named("Party").unwrap().id, state.side_named("Goblins").unwrap().id);
    let yard = state.zone_named("Yard").unwrap().id;
    let harald = NewCombatant {
        name: "Harald".into(),
        side: party,
        zone: Some(yard),
        square: None,
        stats: vec![
            Stat { name: "armor".into(), value: 2 },
            Stat { name: "shield".into(), value: 1 },
        ],
        tracks: vec![
            track("hp", 5, 5),
            track("str", 13, 13),
            track("dex", 12, 12),
            track("wil", 10, 10),
            track("fatigue", 0, 10),
        ],
        conditions: Vec::new(),
        source: None,
        block: json!({"shield": true, "slots_used": 4, "weapons": [{"name": "Longsword", "die": 8}]}),
    };
    session.apply(Command::AddCombatant { combatant: Box::new(harald), count: 1 }).unwrap();
    let goblin = NewCombatant {
        name: "Goblin".into(),
        side: goblins,
        zone: Some(yard),
        square: None,
        stats: Vec::new(),
        tracks: vec![
            track("hp", 2, 2),
            track("str", 6, 6),
            track("dex", 10, 10),
            track("wil", 7, 7),
        ],
        conditions: Vec::new(),
        source: None,
        block: json!({"weapons": [{"name": "Knife", "die": 6}]}),
    };
    session.apply(Command::AddCombatant { combatant: Box::new(goblin), count: 2 }).unwrap();
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    drop(session);
    common::window_with(dir, db)
}

/// The turn over: the last answer of a turn with nothing else left went on to the next turn
/// by itself (the status line says so); when something else is still asked (a morale check),
/// *Done: next turn* is pressed.
fn next_turn(w: &mut Window) {
    let status = w.app().model.status.as_ref().map(|s| s.text.clone()).unwrap_or_default();
    if !status.starts_with("Done: next turn") {
        w.press("Done: next turn");
    }
}

/// Whether a button labelled `label` is on screen and enabled.
fn enabled(w: &Window, label: &str) -> bool {
    let node = w.harness.get_by_role_and_label(Role::Button, label);
    !node.accesskit_node().is_disabled()
}

#[test]
fn declare_order_react_and_morale_through_the_window() {
    let mut w = yard();
    w.press("Next");
    assert_eq!(w.session().state().phase, "declare");

    // Declare: one prompt at a time, each option saying quick or full and why.
    w.harness.get_by_label("What does Harald mean to do?");
    assert!(w.harness.query_all_by_label("quick turn: strikes a close foe").next().is_some());
    w.press("Attack Goblin 1 (longsword d8)");
    w.harness.get_by_label("What does Goblin 1 mean to do?");
    w.press("Attack Harald (knife d6)");
    w.press("Attack Harald (knife d6)");
    w.press("Work out the order");

    // Order: engaged, the shorter knives strike first, both goblins together. No tie to
    // break: the same click started the turns (nothing else was possible in between).
    let state = w.session().state();
    assert_eq!(state.phase, "quick");
    assert!(w.app().model.status.as_ref().is_some_and(|s| s.text.starts_with("Start the turns")));
    let names: Vec<Vec<String>> = state
        .order
        .iter()
        .map(|e| e.combatants.iter().map(|id| state.name_of(*id)).collect())
        .collect();
    assert_eq!(names, [vec!["Goblin 1", "Goblin 2"], vec!["Harald"]]);
    w.harness.get_by_label("quick turn, d6, engaged, together on Harald");

    // The goblins strike together; Harald's reactions are offered with their costs and
    // reasons; he blocks.
    w.press("I'll type them");
    w.press("Goblin 1 and Goblin 2 strikes Harald");
    w.harness
        .get_by_label("Harald is struck by Goblin 1 (d6) and Goblin 2 (d6): how does it react?");
    assert!(enabled(&w, "Block") && enabled(&w, "Dodge") && enabled(&w, "Parry Goblin 1"));
    w.press("Block");
    // Both knives are impaired to d4 by the block: the highest, 3, is stopped by 3 Armor.
    w.faces("3");
    w.faces("1");
    assert_eq!(w.value("Harald", "hp"), 5);
    assert_eq!(w.value("Harald", "fatigue"), 1);

    // Harald's blow: a d8 of 8 goes through the goblin's guard and kills it.
    next_turn(&mut w);
    w.press("Harald strikes Goblin 1");
    w.faces("8");
    let state = w.session().state();
    assert!(state.combatant_named("Goblin 1").unwrap().conditions.contains("dead"));

    // The round ends; the goblins' morale is due and the round cannot end without it.
    next_turn(&mut w);
    assert_eq!(w.session().state().phase, "morale");
    w.harness.get_by_label("Morale of Goblins: the first of them fell and half of them are down");
    w.press("Next");
    assert_eq!(w.session().state().phase, "morale", "refused until morale is settled");
    w.press("Each saves on WIL; failing, they flee");
    w.faces("15");
    let state = w.session().state();
    assert!(state.combatant_named("Goblin 2").unwrap().conditions.contains("fleeing"));
    w.press("Start round 2");
    assert_eq!(w.session().state().round, 2);
}

/// A combatant for the crypt: `stats` and `tracks` as (name, value), tracks full.
fn npc(
    name: &str,
    side: fray_app::ids::SideId,
    zone: fray_app::ids::ZoneId,
    stats: &[(&str, i64)],
    tracks: &[(&str, i64)],
    block: serde_json::Value,
) -> Command {
    let combatant = NewCombatant {
        name: name.into(),
        side,
        zone: Some(zone),
        square: None,
        stats: stats.iter().map(|(n, v)| Stat { name: (*n).into(), value: *v }).collect(),
        tracks: tracks.iter().map(|(n, v)| track(n, *v, *v)).collect(),
        conditions: Vec::new(),
        source: None,
        block,
    };
    Command::AddCombatant { combatant: Box::new(combatant), count: 1 }
}

/// The text's party and the crypt's dead, as in the example of play.
fn crypt() -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut s = Session::create(&db, "bdp".parse().unwrap(), "The pontiff's crypt", 7).unwrap();
    for (name, party, colour) in [("Party", true, "#3d7fc4"), ("Crypt", false, "#8a8a8a")] {
        s.apply(Command::AddSide { name: name.into(), colour: colour.into(), party }).unwrap();
    }
    for (i, name) in ["Entrance", "Stairs", "Dais"].iter().enumerate() {
        let rect = fray_app::encounter::BoardRect {
            x: 40.0 + 300.0 * i as f32,
            y: 40.0,
            w: 260.0,
            h: 200.0,
        };
        s.apply(Command::AddZone { name: (*name).into(), capacity: None, rect }).unwrap();
    }
    let st = s.state().clone();
    let z = |n: &str| st.zone_named(n).unwrap().id;
    s.apply(Command::ConnectZones { a: z("Entrance"), b: z("Stairs") }).unwrap();
    s.apply(Command::ConnectZones { a: z("Stairs"), b: z("Dais") }).unwrap();
    let (party, crypt) = (st.side_named("Party").unwrap().id, st.side_named("Crypt").unwrap().id);
    let pc = |hp, str, dex, wil| vec![("hp", hp), ("str", str), ("dex", dex), ("wil", wil)];
    let commands = [
        npc(
            "Harald",
            party,
            z("Dais"),
            &[("armor", 2), ("shield", 1)],
            &pc(5, 13, 12, 10),
            json!({"shield": true, "weapons": [{"name": "Longsword", "die": 8}]}),
        ),
        npc(
            "Elmyra",
            party,
            z("Dais"),
            &[("armor", 1)],
            &pc(7, 9, 14, 11),
            json!({"weapons": [{"name": "Bow", "die": 6, "ranged": true}]}),
        ),
        npc(
            "Thibaldus",
            party,
            z("Dais"),
            &[],
            &pc(4, 8, 13, 15),
            json!({"magic_dice": 3, "weapons": [{"name": "Staff", "die": 6}]}),
        ),
        npc(
            "Narvi",
            party,
            z("Dais"),
            &[("armor", 1)],
            &pc(6, 15, 9, 12),
            json!({"weapons": [{"name": "Greataxe", "die": 10}]}),
        ),
        npc(
            "Skeleton archer",
            crypt,
            z("Entrance"),
            &[],
            &pc(3, 8, 10, 8),
            json!({"weapons": [{"name": "Bow", "die": 6, "ranged": true}]}),
        ),
        npc(
            "Spear skeleton",
            crypt,
            z("Entrance"),
            &[],
            &pc(3, 8, 10, 8),
            json!({"weapons": [{"name": "Spear", "die": 8, "reach": true}]}),
        ),
        npc(
            "Scimitar skeleton",
            crypt,
            z("Entrance"),
            &[],
            &pc(3, 8, 10, 8),
            json!({"weapons": [{"name": "Scimitar", "die": 8}]}),
        ),
        npc(
            "Pontiff",
            crypt,
            z("Dais"),
            &[],
            &pc(8, 10, 10, 14),
            json!({"leader": true, "weapons": [{"name": "Touch", "die": 6, "magic": true}]}),
        ),
    ];
    for c in commands {
        s.apply(c).unwrap();
    }
    db.settings().set_json("ui.last_encounter", &s.encounter_id().0).unwrap();
    drop(s);
    common::window_with(dir, db)
}

#[test]
fn the_example_of_play_runs_with_buttons_from_surprise_to_morale() {
    let mut w = crypt();
    w.press("I'll type them");
    // Before the fight: nobody is surprised on a 3.
    w.press("Roll surprise (1 or 6)");
    w.faces("3");
    w.press("Start round 1");

    // Intentions, each from its prompt (a row per foe: the other weapons are choices inside
    // it), then the GM's two calls.
    w.press("Attack Spear skeleton (longsword d8)");
    w.press("Attack Skeleton archer (bow d6)");
    w.press("Cast a spell");
    w.press("Attack Pontiff (greataxe d10)");
    w.press("Attack Elmyra (bow d6)");
    w.press("Attack Harald (spear d8)");
    w.press("Attack Harald (scimitar d8)");
    w.press("Something else (the whole turn)");
    // The GM's calls are folded under their heading until wanted.
    w.unfold("The GM's call: quick or full, reach");
    w.press("Spear skeleton: its reach does not count this round");
    w.press("Narvi: make it a full turn");
    w.press("Work out the order");

    // Two ties: Elmyra wins hers (12 under DEX 14), Harald loses his (15 over DEX 12).
    w.press("Elmyra's DEX save to go first");
    w.faces("12");
    w.press("Harald's DEX save to go first");
    w.faces("15");
    // The last tie broken, nothing else was left before the turns: the same click began them.
    assert_eq!(w.session().state().phase, "quick");

    // Elmyra's arrow (5) takes the archer's guard and 2 STR; its save (3) holds.
    w.press("Elmyra strikes Skeleton archer");
    w.faces("5");
    w.faces("3");
    assert_eq!((w.value("Skeleton archer", "hp"), w.value("Skeleton archer", "str")), (0, 6));
    next_turn(&mut w);
    w.press("Skeleton archer strikes Elmyra");
    w.press("Defend");
    w.faces("4");
    assert_eq!(w.value("Elmyra", "hp"), 4);

    // The two skeletons strike Harald together; he blocks: 2d4, the highest 3 stopped.
    next_turn(&mut w);
    w.press("Spear skeleton and Scimitar skeleton strikes Harald");
    w.press("Block");
    w.faces("3");
    w.faces("2");
    assert_eq!((w.value("Harald", "hp"), w.value("Harald", "fatigue")), (5, 1));

    // Harald's enhanced lunge: 6 and 9 keep 9; the skeleton's save fails; a head wound, 2.
    next_turn(&mut w);
    w.press("Harald: enhanced strike (+d12)");
    w.faces("6");
    w.faces("9");
    w.faces("15");
    w.faces("10");
    w.faces("2");
    let state = w.session().state();
    assert!(state.combatant_named("Spear skeleton").unwrap().conditions.contains("dead"));

    // Narvi does not reach the pontiff; Thibaldus casts three dice: 4, 2, 1.
    next_turn(&mut w);
    next_turn(&mut w);
    w.press("Thibaldus invests 3 Magic Dice");
    w.faces("4 2 1");
    assert_eq!(w.value("Thibaldus", "fatigue"), 1);
    w.press("Trick on Pontiff with the 1 (DEX save)");
    w.faces("14");
    w.press("All dice on Pontiff: 6 damage");
    assert_eq!(w.value("Pontiff", "hp"), 2);

    // The pontiff's turn, then morale: the first skeleton fell; the pontiff's WIL holds.
    next_turn(&mut w);
    next_turn(&mut w);
    assert_eq!(w.session().state().phase, "morale");
    w.press("Pontiff's WIL for all; failing, they flee");
    w.faces("9");
    assert!(
        !w.session()
            .state()
            .combatant_named("Scimitar skeleton")
            .unwrap()
            .conditions
            .contains("fleeing")
    );
    w.press("Start round 2");
    assert_eq!(w.session().state().round, 2);
}

#[test]
fn the_weapon_list_is_a_tab_of_the_library() {
    let mut w = yard();
    w.press("Weapons");
    w.harness.get_by_label("Spear");
    w.harness.get_by_label("d8 balanced · reach · Push 6");
    w.harness.get_by_role_and_label(Role::TextInput, "Search").focus();
    w.settle();
    w.harness.get_by_role_and_label(Role::TextInput, "Search").type_text("sweep");
    w.settle();
    w.harness.get_by_label("Longsword");
    assert!(w.harness.query_by_label("Spear").is_none(), "the search filters the list");
}

#[test]
fn a_detachment_is_dropped_from_the_library_and_split_from_its_card() {
    let mut w = yard();
    // Three bandits, as one token with a member count.
    for _ in 0..2 {
        w.harness.get_by_label("One more").click();
        w.settle();
    }
    w.harness.get_by_label("As one detachment").click();
    w.settle();
    let from = w.harness.get_by_label("Bandit").rect().center();
    let to = w.harness.get_by_label("Zone Yard").rect().center();
    w.drag(from, to);
    assert_eq!(w.value("Bandit detachment", "members"), 3);
    assert!(w.session().state().combatant_named("Bandit 1").is_none());

    // Its card offers the detachment's moves; splitting makes a second token of one.
    let id = w.session().state().combatant_named("Bandit detachment").unwrap().id;
    w.harness.state_mut().model.selected = Some(id);
    w.settle();
    w.harness.get_by_label("Break up into 3 fighters");
    w.press("Split in two (2 and 1)");
    assert_eq!(w.value("Bandit detachment", "members"), 2);
    assert_eq!(w.value("Bandit detachment (split)", "members"), 1);

    // Two goblins of one stat block can become a detachment from either card.
    let goblin = w.session().state().combatant_named("Goblin 1").unwrap().id;
    w.harness.state_mut().model.selected = Some(goblin);
    w.settle();
    w.press("Form a detachment of the 2 Goblin");
    assert_eq!(w.value("Goblin detachment", "members"), 2);
}
