//! A Murdham fight driven through the window like a GM: the faction that started it holds the
//! initiative and picks who goes first; factions take turns activating a character or
//! passing, and the stepper says whose choice it is and who is still to act; an attack made
//! with the GM's circumstances (in cover: one more armour) raises a reaction prompt answered
//! with a dodge; a ranged blast misses its WIT save and deviates, drawn on the board; the end
//! of the round waits for a group morale save. Then the optional 15-second countdown for a
//! player's turn, and the circumstances changing what the attack buttons allow. Every die is
//! typed into the dice window. The stat blocks are written here, not taken from the library.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::{Role, Toggled};
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::command::{NewCombatant, block_stats};
use fray_app::encounter::BoardRect;
use fray_data::{Db, Session};

/// Whether some text on screen reads exactly `label`.
fn shows(w: &Window, label: &str) -> bool {
    w.harness.query_all_by_label(label).next().is_some()
}

fn has(w: &Window, who: &str, condition: &str) -> bool {
    w.session().state().combatant_named(who).unwrap().conditions.contains(condition)
}

/// Whether the toggle button `label` is on.
fn toggled(w: &Window, label: &str) -> bool {
    let node = w.harness.get_by_role_and_label(Role::Button, label);
    node.accesskit_node().toggled() == Some(Toggled::True)
}

/// Whether the button `label` can be pressed.
fn enabled(w: &Window, label: &str) -> bool {
    !w.harness.get_by_role_and_label(Role::Button, label).accesskit_node().is_disabled()
}

/// The mill raid, stored through the session and reopened in the window: four zones (the Gate
/// and the Yard, the Well beyond the Yard, the Tower beside the Well), Harald and Ysolde for
/// the party, a bandit and the bandit chief with his fire pot for the Red Hand; the rule
/// `settings` set.
fn raid(settings: &[(&str, serde_json::Value)]) -> Window {
    raid_sized(settings, egui::vec2(1600.0, 1000.0), false)
}

/// The raid on a screen of `size` points, drawn for real when `rendered` (to look at).
fn raid_sized(settings: &[(&str, serde_json::Value)], size: egui::Vec2, rendered: bool) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut s = Session::create(&db, "murdham".parse().unwrap(), "Raid on the mill", 11).unwrap();
    for (name, party, colour) in [("Party", true, "#3d7fc4"), ("Red Hand", false, "#c4503d")] {
        s.apply(Command::AddSide { name: name.into(), colour: colour.into(), party }).unwrap();
    }
    for zone in ["Gate", "Yard", "Well", "Tower"] {
        let rect = BoardRect::default();
        s.apply(Command::AddZone { name: zone.into(), capacity: None, rect }).unwrap();
    }
    let zone = |s: &Session, name: &str| s.state().zone_named(name).unwrap().id;
    for (a, b) in [("Gate", "Yard"), ("Yard", "Well"), ("Well", "Tower")] {
        let (a, b) = (zone(&s, a), zone(&s, b));
        s.apply(Command::ConnectZones { a, b }).unwrap();
    }
    for (key, value) in settings {
        s.apply(Command::SetSetting { key: (*key).into(), value: value.clone() }).unwrap();
    }
    let add = |s: &mut Session, name: &str, side: &str, at: &str, block: serde_json::Value| {
        let combatant = NewCombatant {
            name: name.into(),
            side: s.state().side_named(side).unwrap().id,
            zone: Some(zone(s, at)),
            square: None,
            stats: block_stats(&block),
            tracks: Vec::new(),
            conditions: Vec::new(),
            source: None,
            block,
        };
        s.apply(Command::AddCombatant { combatant: Box::new(combatant), count: 1 }).unwrap();
    };
    use serde_json::json;
    add(
        &mut s,
        "Harald",
        "Party",
        "Gate",
        json!({"stats": {"str": 12, "agi": 10, "wit": 11},
               "armour": {"name": "Light armour", "value": 1},
               "weapons": [{"name": "Sword", "die": 8}]}),
    );
    add(
        &mut s,
        "Ysolde",
        "Party",
        "Well",
        json!({"stats": {"str": 10, "agi": 13, "wit": 9},
               "weapons": [{"name": "Bow", "die": 6, "range": 8}]}),
    );
    add(
        &mut s,
        "Bandit",
        "Red Hand",
        "Gate",
        json!({"stats": {"str": 8, "agi": 9, "wit": 8}, "weapons": [{"name": "Club", "die": 6}]}),
    );
    add(
        &mut s,
        "Bandit chief",
        "Red Hand",
        "Gate",
        json!({"stats": {"str": 11, "agi": 11, "wit": 10},
               "weapons": [{"name": "Fire pot", "die": 6, "range": 2, "blast": true}]}),
    );
    db.settings().set_json("ui.last_encounter", &s.encounter_id().0).unwrap();
    drop(s);
    let mut w = if rendered {
        common::window_rendered(dir, db, size)
    } else {
        common::window_sized(dir, db, size)
    };
    assert_eq!(w.session().state().system_id(), "murdham");
    w.press("I'll type them");
    w
}

#[test]
fn a_murdham_round_alternates_activations_with_a_dodge_a_deviated_blast_and_morale() {
    let mut w = raid(&[]);
    // Six phases in a row of pills; no turn order, factions instead.
    for phase in ["Before the fight", "Ambush", "Fast actions", "Turns", "End of round"] {
        assert!(shows(&w, phase), "{phase}");
    }
    assert!(shows(&w, "Factions"));

    // The faction that started the fight holds the initiative, and says who goes first.
    w.harness.get_by_label("Who started the fight? That faction holds the initiative");
    w.press("Red Hand started it");
    assert!(w.journal_says("Initiative held by Red Hand"));
    assert!(shows(&w, "\u{2605} Red Hand holds the initiative"));
    w.press("Next");
    assert_eq!(w.session().state().round, 1);
    assert!(shows(&w, "Red Hand picks who goes first"));
    w.press("Red Hand first");

    // Whose choice it is, large; who is still to act in each faction.
    assert!(shows(&w, "Red Hand's choice"));
    assert!(shows(&w, "To act  Bandit \u{b7} Bandit chief"));
    assert!(shows(&w, "To act  Harald \u{b7} Ysolde"));
    w.press("Activate Bandit");
    assert!(shows(&w, "Bandit") && shows(&w, "Main action: free"));
    assert!(shows(&w, "Acting  Bandit"));

    // The target stands in cover: the club is sent with it, one more armour.
    assert!(!toggled(&w, "In cover"));
    w.press("In cover");
    assert!(toggled(&w, "In cover"));
    w.press("Club at Harald (d6)");
    // Harald answers with a dodge, his turn spent on it; the AGI save fails (15 over 10).
    w.harness.get_by_label("Bandit attacks Harald with Club (d6): how does Harald react?");
    assert!(!shows(&w, "In cover"), "no circumstances while a reaction is asked");
    w.press("Dodge (AGI save: 10 or less)");
    w.faces("15");
    w.faces("4");
    assert!(w.journal_says("Bandit's Club on Harald: 4 − 1 armour − 1 cover = 2"));
    assert_eq!(w.value("Harald", "health"), 10);
    assert!(shows(&w, "Main action: used"), "the attack was the bandit's main action");
    assert!(!toggled(&w, "In cover"), "cleared once the attack was made");
    w.press("End turn");

    // The party passes: one pass in a row, and another would end the round.
    assert!(shows(&w, "Party's choice"));
    assert!(shows(&w, "Done  Harald"), "the dodge took his turn");
    w.press("Pass");
    assert!(shows(&w, "Red Hand's choice"));
    assert!(shows(&w, "1 pass in a row (Party)"));
    assert!(shows(&w, "Another pass ends the round"));

    // The chief's fire pot at the Well, two zones off with a range of 2: a WIT save, 20
    // misses, and the blast lands in the Tower, the second of the Well's neighbours.
    w.press("Activate Bandit chief");
    w.unfold("Blast");
    w.press("Fire pot on Well (d6)");
    w.faces("20");
    w.faces("2");
    assert!(w.journal_says("Bandit chief misses (beyond half range (2 zones): 20 over WIT 10)"));
    assert!(w.journal_says("The die over the neighbouring zones (1 Yard, 2 Tower) says 2"));
    assert!(w.journal_says("Blast deviated from Well to Tower"));
    assert!(w.journal_says("The blast catches nobody"));
    let state = w.session().state();
    let (well, tower) =
        (state.zone_named("Well").unwrap().id, state.zone_named("Tower").unwrap().id);
    assert_eq!(state.murdham().deviation, Some((well, tower)));
    assert!(shows(&w, "Blast deviated from Well to Tower"), "the arrow on the board");
    w.press("End turn");

    // Harald reacted: only Ysolde is left. Her arrow drops the bandit (5 of 8: critical).
    assert!(!enabled(&w, "Activate Harald"));
    assert!(shows(&w, "had its turn this round"));
    w.press("Activate Ysolde");
    // The bandit has had its turn: it cannot react, the damage comes at once.
    w.press("Bow at Bandit (d6)");
    w.faces("5");
    assert_eq!(w.value("Bandit", "health"), 3);
    assert!(has(&w, "Bandit", "incapacitated"));
    // Nobody is left to act on either side: the round ends on its own.
    w.press("End turn");
    let state = w.session().state();
    assert_eq!((state.round, state.phase.as_str()), (1, "end"));

    // Morale: half the Red Hand is down. Next is refused until the group WIT save is made.
    w.harness.get_by_label("Red Hand's morale: 1 of 2 still fighting");
    // Next waits, greyed, and says why beside itself.
    assert!(w.harness.get_by_role_and_label(Role::Button, "Next").accesskit_node().is_disabled());
    w.harness.get_by_label_contains("first settle Red Hand's morale");
    assert_eq!(w.session().state().round, 1, "refused until morale is settled");
    w.press("Group WIT save (one d20 for 1)");
    w.faces("3");
    assert!(w.journal_says("Bandit chief holds (3 ≤ WIT 10): steady for the stretch"));
    w.press("Start round 2");
    let state = w.session().state();
    assert_eq!((state.round, state.phase.as_str()), (2, "turns"));
    assert_eq!(state.murdham().deviation, None, "a new round forgets the stray blast");
    assert!(shows(&w, "Red Hand picks who goes first"));
}

/// An attack sent by its number key carries the circumstances the GM set, as its button does:
/// the target in cover takes one more armour off the blow.
#[test]
fn an_attack_sent_by_its_key_carries_the_circumstances() {
    let mut w = raid(&[]);
    w.press("Red Hand started it");
    w.press("Next");
    w.press("Red Hand first");
    w.press("Activate Bandit");
    w.press("In cover");
    // 1 is the turn's own step beside Next (*End turn*), 2 the first attack.
    w.harness.key_press(egui::Key::Num2);
    w.settle();
    w.harness.get_by_label("Bandit attacks Harald with Club (d6): how does Harald react?");
    w.press("No reaction");
    w.faces("4");
    assert!(w.journal_says("Bandit's Club on Harald: 4 − 1 armour − 1 cover = 2"));
    assert!(!toggled(&w, "In cover"), "cleared once the attack was made");
}

#[test]
fn a_players_turn_gets_fifteen_seconds_to_declare() {
    let mut w = raid(&[("chaos_timer", serde_json::json!(true))]);
    w.press("Party started it");
    w.press("Next");
    w.press("Party first");
    w.press("Activate Harald");
    // The countdown runs on the window's clock (a quarter second per test frame).
    let counting = |w: &Window| w.harness.query_by_label_contains("seconds to declare").is_some();
    assert!(counting(&w));
    assert!(!shows(&w, "Time's up"));
    w.harness.run_steps(30);
    assert!(counting(&w) && !shows(&w, "Time's up"), "halfway");
    w.harness.run_steps(34);
    assert!(shows(&w, "Time's up"));
    assert!(!counting(&w));
    // The GM gives the player another go, then ends the turn.
    w.press("Restart");
    assert!(counting(&w) && !shows(&w, "Time's up"));
    w.press("End turn");
    // A GM character's turn is not timed.
    w.press("Activate Bandit");
    assert!(!counting(&w) && !shows(&w, "Time's up"));
}

#[test]
fn the_circumstances_change_what_the_attack_buttons_allow() {
    let mut w = raid(&[]);
    w.press("Party started it");
    w.press("Next");
    w.press("Party first");
    w.press("Activate Ysolde");
    // Two zones off, within half the bow's range: it simply hits.
    assert!(enabled(&w, "Bow at Bandit (d6)"));
    assert!(!shows(&w, "WIT save to hit: shooting on the move"));
    w.press("On the move");
    assert!(shows(&w, "WIT save to hit: shooting on the move"));
    w.press("Unseen");
    assert!(!enabled(&w, "Bow at Bandit (d6)"));
    assert!(shows(&w, "a shot needs a target in sight (only indirect weapons shoot blind)"));
    w.press("Clear the circumstances");
    assert!(!toggled(&w, "On the move") && !toggled(&w, "Unseen"));
    assert!(enabled(&w, "Bow at Bandit (d6)"));

    // A stunt typed in goes with the attack: the target is asked to accept it first.
    w.press("Held back");
    w.type_into("Stunt", "knocked into the well");
    w.press("Bow at Bandit (d6)");
    w.harness.get_by_label("Ysolde offers Bandit, instead of the blow: knocked into the well");
    w.press("Refuse: take the attack");
    w.press("No reaction");
    // Held back: impaired, two dice, the lower kept.
    w.faces("5");
    w.faces("2");
    assert!(w.journal_says("Ysolde's Bow on Bandit: 2"), "the lower die");
    assert_eq!(w.value("Bandit", "health"), 6);
}

#[test]
fn fast_actions_show_the_threshold_and_who_is_quick_enough() {
    let mut w = raid(&[("fast_slow", serde_json::json!(true))]);
    w.press("Party started it");
    w.press("Next");
    w.faces("10");
    assert_eq!(w.session().state().phase, "fast");
    assert!(shows(&w, "Fast actions: WIT \u{2265} 10"));
    w.press("Party first");
    assert!(shows(&w, "To act  Harald"));
    assert!(shows(&w, "Not now  Ysolde (WIT 9 is below the threshold 10)"));
    assert!(shows(&w, "To act  Bandit chief"));
    assert!(shows(&w, "Not now  Bandit (WIT 8 is below the threshold 10)"));
    // Both quick ones act, then every faction passes: the slow actions begin.
    w.press("Activate Harald");
    w.press("End turn");
    w.press("Activate Bandit chief");
    w.press("End turn");
    let state = w.session().state();
    assert_eq!(state.phase, "turns", "nobody quick is left: on to the slow actions");
    assert!(shows(&w, "Slow actions: everyone else (fast was WIT \u{2265} 10)"));
    assert!(shows(&w, "To act  Ysolde"));
}

/// Where the first answer of a new question lies on screen, in points.
fn in_view(w: &Window, label: &str) -> bool {
    let rect = w.harness.get_by_role_and_label(Role::Button, label).rect();
    let screen = w.harness.ctx.content_rect();
    screen.contains_rect(rect)
}

#[test]
fn a_new_question_brings_its_answers_into_view_however_far_the_column_was_scrolled() {
    // 1920 × 1080 at 200 %: the right column is short, its answers and factions scroll.
    let rendered = std::env::var("FRAY_SHOT_DIR").ok();
    let mut w = raid_sized(&[], egui::vec2(960.0, 540.0), rendered.is_some());
    w.press("Red Hand started it");
    w.press("Next");
    w.press("Red Hand first");
    w.press("Activate Bandit");
    w.harness.get_by_label("Club at Harald (d6)").scroll_to_me();
    w.press("Club at Harald (d6)");
    if let Some(dir) = &rendered {
        w.harness.render().unwrap().save(format!("{dir}/murdham-question-200.png")).unwrap();
    }
    assert!(in_view(&w, "Dodge (AGI save: 10 or less)"));
    // Undone, the column scrolled down to the factions at its foot, then redone: the
    // question comes back with its answers in view.
    w.press("Undo");
    w.harness.get_by_label("Factions").scroll_to_me();
    w.settle();
    assert!(!in_view(&w, "Club at Harald (d6)"), "the test starts with the answers out of view");
    w.press("Redo");
    assert!(in_view(&w, "Dodge (AGI save: 10 or less)"), "the new question's answer is shown");
}

/// At 200 % on a 1920 × 1080 screen (960 × 540 points) the column was scrolled down to the
/// attack button; the reaction question it raises opens at its top: its first answer and *No
/// reaction* on the screen, and a real click, unscrolled, lands on them.
#[test]
fn at_200_percent_a_reaction_question_opens_at_its_top() {
    for size in [egui::vec2(960.0, 540.0)] {
        let mut w = raid_sized(&[], size, false);
        w.press("Red Hand started it");
        w.press("Next");
        w.press("Red Hand first");
        w.press("Activate Bandit");
        w.press("Club at Harald (d6)");
        w.harness.run_steps(8);
        w.harness.get_by_label("Bandit attacks Harald with Club (d6): how does Harald react?");
        let screen = w.harness.ctx.content_rect();
        let answers: Vec<(String, egui::Rect)> = w
            .harness
            .query_all_by_role(Role::Button)
            .filter_map(|b| Some((b.accesskit_node().label()?, b.rect())))
            .filter(|(l, _)| l.starts_with("Dodge") || l == "No reaction")
            .collect();
        assert!(answers.len() >= 2, "at {size:?}: the answers {answers:?}");
        // Under the pinned top (Next is its last button), within the screen.
        let pinned = w.harness.get_by_role_and_label(Role::Button, "Next").rect().bottom();
        for (label, rect) in &answers {
            assert!(screen.contains_rect(*rect), "at {size:?}: {label} at {rect:?} off {screen:?}");
            assert!(rect.top() > pinned, "at {size:?}: {label} at {rect:?} is scrolled away");
        }
        // Clicked where it stands, no scroll first: it lands.
        w.harness.get_by_role_and_label(Role::Button, "No reaction").click();
        w.settle();
        // The answer taken, the blow waits for its dice (typed at the table here).
        assert!(w.app().model.pending_roll.is_some(), "at {size:?}: No reaction was clicked");
    }
}

/// The reaction question at 200 % (960 × 540 points), as it opens, written to `FRAY_SHOT_DIR`.
#[test]
#[ignore = "writes screenshots to look at"]
fn shot_reaction() {
    let Ok(out) = std::env::var("FRAY_SHOT_DIR") else { return };
    let mut w = raid_sized(&[], egui::vec2(960.0, 540.0), true);
    w.press("Red Hand started it");
    w.press("Next");
    w.press("Red Hand first");
    w.press("Activate Bandit");
    w.press("Club at Harald (d6)");
    w.harness.run_steps(8);
    w.harness.render().unwrap().save(format!("{out}/murdham-reaction-200.png")).unwrap();
}
