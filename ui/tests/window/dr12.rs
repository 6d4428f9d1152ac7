//! A DR12 round driven through the window like a GM: before the fight the goblins' reaction;
//! Next rolls the side d6 and each character's d6 + DEX (typed into the dice window) and the
//! order shows why; Hester attacks from the prompt; a goblin's blow asks for Tamsin's DEX Test
//! from the table even while the app rolls the rest (the player's own roll); Odo is stuck, his
//! moves are refused with the reason and a Test shakes it off; the end of the round offers
//! morale with the reminder's reason, and a broken goblin flees.

use crate::common;

use crate::common::Window;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::command::{NewCombatant, block_stats, block_tracks};
use fray_app::encounter::BoardRect;
use fray_data::{Db, Session};
use serde_json::json;

use eframe::egui;

/// Whether some text on screen reads exactly `label`.
fn shows(w: &Window, label: &str) -> bool {
    w.harness.query_all_by_label(label).next().is_some()
}

fn has(w: &Window, who: &str, condition: &str) -> bool {
    w.session().state().combatant_named(who).unwrap().conditions.contains(condition)
}

/// Whether the button `label` can be pressed.
fn enabled(w: &Window, label: &str) -> bool {
    !w.harness.get_by_role_and_label(Role::Button, label).accesskit_node().is_disabled()
}

/// The ford: Hester and Tamsin in the Ford with a goblin boss and a goblin, Odo stuck in the
/// mud of the Reeds; the morale reminders on.
fn ford() -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut s = Session::create(&db, "dr12".parse().unwrap(), "The ford", 5).unwrap();
    for (name, party, colour) in [("Reed-cutters", true, "#3d7fc4"), ("Goblins", false, "#c4503d")]
    {
        s.apply(Command::AddSide { name: name.into(), colour: colour.into(), party }).unwrap();
    }
    for (zone, x) in [("Ford", 40.0), ("Reeds", 320.0)] {
        let rect = BoardRect { x, y: 40.0, w: 240.0, h: 180.0 };
        s.apply(Command::AddZone { name: zone.into(), capacity: None, rect }).unwrap();
    }
    let zone = |s: &Session, name: &str| s.state().zone_named(name).unwrap().id;
    let (a, b) = (zone(&s, "Ford"), zone(&s, "Reeds"));
    s.apply(Command::ConnectZones { a, b }).unwrap();
    let setting = Command::SetSetting { key: "morale_presets".into(), value: json!(true) };
    s.apply(setting).unwrap();
    let add = |s: &mut Session, name: &str, side: &str, at: &str, block: serde_json::Value| {
        let combatant = NewCombatant {
            name: name.into(),
            side: s.state().side_named(side).unwrap().id,
            zone: Some(zone(s, at)),
            square: None,
            stats: block_stats(&block),
            tracks: block_tracks(&block),
            conditions: if name == "Odo" { vec!["stuck".into()] } else { Vec::new() },
            source: None,
            block,
        };
        s.apply(Command::AddCombatant { combatant: Box::new(combatant), count: 1 }).unwrap();
    };
    let pc = |str: i64, dex: i64, weapon: &str, die: u32| {
        json!({"tracks": {"hp": 8}, "stats": {"str": str, "dex": dex, "level": 1},
               "weapons": [{"name": weapon, "die": die}]})
    };
    add(&mut s, "Hester", "Reed-cutters", "Ford", pc(2, 0, "Longsword", 8));
    add(&mut s, "Tamsin", "Reed-cutters", "Ford", pc(0, 2, "Dagger", 4));
    add(&mut s, "Odo", "Reed-cutters", "Reeds", pc(-1, 1, "Staff", 4));
    let goblin = |hp: i64, leader: bool| {
        json!({"tracks": {"hp": hp}, "stats": {"level": 1, "skill": 1},
               "attacks": [{"name": "Knife", "die": 4}], "leader": leader})
    };
    add(&mut s, "Goblin boss", "Goblins", "Ford", goblin(3, true));
    add(&mut s, "Goblin", "Goblins", "Ford", goblin(5, false));
    db.settings().set_json("ui.last_encounter", &s.encounter_id().0).unwrap();
    drop(s);
    let w = common::window_with(dir, db);
    assert_eq!(w.session().state().system_id(), "dr12");
    w
}

#[test]
fn a_dr12_round_from_the_side_roll_to_morale() {
    let mut w = ford();
    for phase in ["Before the fight", "Turns", "End of round"] {
        assert!(shows(&w, phase), "{phase}");
    }
    // Before the fight: the goblins' reaction, typed in (a 1: hostile).
    w.press("I'll type them");
    w.press("Roll Goblins's reaction (d10)");
    w.faces("1");
    assert!(w.journal_says("Goblins react: Hostile"));

    // Next: the side d6 (5: the characters begin), then Hester 3, Tamsin 4, Odo 1.
    // Each order box says whose roll it is (the same d6 three times otherwise).
    w.press("Next");
    w.faces("5");
    for (who, faces) in [("Hester", "3"), ("Tamsin", "4"), ("Odo", "1")] {
        w.harness.get_by_label(&format!("{who} rolls"));
        w.harness.get_by_label(&format!("Type the faces for {who}: Order (d6 + DEX) (d6)"));
        w.faces(faces);
    }
    let state = w.session().state();
    let order: Vec<String> = state.order.iter().map(|p| state.name_of(p.combatants[0])).collect();
    assert_eq!(order, ["Tamsin", "Hester", "Odo", "Goblin boss", "Goblin"]);
    assert_eq!(state.order[0].reason, "d6 4 + DEX 2 = 6 (characters first, side roll 5)");
    assert!(w.journal_says("Side roll 5: the characters begin"));
    assert!(shows(&w, "Tamsin's turn"));
    w.press("End turn");

    // Hester cuts down the boss from the prompt: 15 + 2, the sword's d8 8.
    assert!(shows(&w, "Hester's turn"));
    w.unfold("Attack Goblin boss");
    w.press("Longsword (d8)");
    w.faces("15");
    w.faces("8");
    assert!(has(&w, "Goblin boss", "dead"));
    w.press("End turn");

    // Odo is stuck: his move is refused with the reason, and a Test shakes it off (14 − 1).
    assert!(shows(&w, "Odo's turn"));
    w.unfold("Move");
    assert!(!enabled(&w, "Move to Ford"));
    assert!(shows(&w, "Odo is stuck: no move"));
    w.unfold("Hindrances");
    w.press("Shake off stuck: Test STR");
    w.faces("14");
    assert!(!has(&w, "Odo", "stuck"));
    w.press("End turn");

    // The boss is dead and passed over. The goblin strikes Tamsin while the app rolls: her
    // player's DEX Test is still asked from the table (3 + 2 fails); the app rolls the knife.
    assert!(shows(&w, "Goblin's turn"));
    w.press("App rolls");
    w.unfold("Attack Tamsin");
    w.press("Knife (d4)");
    assert!(shows(&w, "Tamsin Tests DEX against Goblin"));
    w.press("Tamsin rolls d20 + DEX (12 avoids it)");
    assert!(shows(&w, "Faces"), "the player's roll is asked for in app mode");
    w.faces("3");
    assert!(
        w.journal_says("Tamsin's DEX Test to avoid Goblin's Knife: 3 + 2 = 5 against 12: fail")
    );
    let hp = w.value("Tamsin", "hp");
    assert!((4..8).contains(&hp), "the app rolled the knife's d4: {hp}");
    w.press("End turn");

    // The end of the round: morale for the goblin, the reminder saying why; 2 + 1 breaks it
    // and it flees.
    w.press("I'll type them");
    assert_eq!(w.session().state().phase, "end");
    // One group only: it is open.
    assert!(shows(&w, "their leader fell"));
    w.press("Morale: Goblin Tests Skill");
    w.faces("2");
    assert!(shows(&w, "Goblin lost heart"));
    w.press("Goblin flees");
    assert!(has(&w, "Goblin", "fled"));
    w.harness.run();
}
