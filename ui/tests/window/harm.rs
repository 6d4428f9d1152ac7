//! Harm to several at once in the window: shift-click picks tokens on the board (a frame in
//! the blast colour), *Harm the N picked…* opens one dialog with them ticked, one roll is dealt
//! to each, and one undo takes it all back; on a grid a radius reaches everyone in it. All on a
//! real SQLite file, through the real window.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_data::Db;

/// A window open on `script`'s fight, stored in a real database.
fn fight(script: &str, name: &str, system: &str) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    common::store_fight(&db, script, system, name, 5);
    common::window_with(dir, db)
}

fn hall() -> Window {
    fight(
        "system freeform\nname Hall\nside Party party\nside Cultists\nzone Hall\n\
         add Harald side Party zone Hall track hp=12\n\
         add Cultist side Cultists zone Hall count 2 track hp=20\n\
         show \"Cultist 1\" revealed\nshow \"Cultist 2\" revealed\n",
        "Hall",
        "freeform",
    )
}

#[test]
fn shift_click_picks_tokens_and_one_dialog_harms_them_all_then_one_undo_takes_it_back() {
    let mut w = hall();
    for name in ["Cultist 1", "Cultist 2"] {
        w.harness.get_by_label(name).click_modifiers(egui::Modifiers::SHIFT);
        w.settle();
    }
    assert_eq!(w.app().model.picked.len(), 2, "both picked");
    assert!(w.app().model.selected.is_none(), "a shift-click does not open the card");
    w.press("Harm the 2 picked…");
    // The picks are ticked; Harald is not.
    let ticked = |w: &Window, label: &str| {
        w.harness.get_by_label(label).accesskit_node().toggled()
            == Some(egui::accesskit::Toggled::True)
    };
    assert!(ticked(&w, "Cultist 1 (Cultists)") && ticked(&w, "Cultist 2 (Cultists)"));
    assert!(!ticked(&w, "Harald (Party)"));
    // Nothing said what deals it yet: Harm waits, and says why under the fields.
    assert!(w.harness.query_by_label("Say what deals it (a fireball, falling rocks...)").is_some());
    w.type_into("What deals it", "Fireball");
    w.type_into("Dice", "3d6");
    w.press("Harm");
    let (one, two) = (w.value("Cultist 1", "hp"), w.value("Cultist 2", "hp"));
    assert!(one < 20 && one == two, "one roll for both: {one} and {two}");
    assert_eq!(w.value("Harald", "hp"), 12, "Harald was not picked");
    assert!(w.journal_says("Fireball reaches Cultist 1 and Cultist 2, one roll for all"));
    assert!(w.app().model.picked.is_empty(), "the picks are spent");
    // One undo takes the whole fireball back.
    w.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    w.settle();
    assert_eq!((w.value("Cultist 1", "hp"), w.value("Cultist 2", "hp")), (20, 20));
}

#[test]
fn a_zone_or_one_roll_each_from_the_same_dialog() {
    let mut w = hall();
    w.press("Harm several…");
    w.press("A zone");
    // Who is in the zone is said before anything is harmed.
    assert!(
        w.harness.query_by_label("It reaches 3 in Hall: Harald, Cultist 1, Cultist 2").is_some(),
        "the dialog names who the zone holds"
    );
    assert_eq!(w.value("Harald", "hp"), 12, "nothing harmed yet");
    w.type_into("What deals it", "Falling rocks");
    w.type_into("Dice", "2d6");
    w.press("One roll each");
    w.press("Harm");
    assert!(w.journal_says("Falling rocks reaches Harald, Cultist 1 and Cultist 2"));
    assert!(w.journal_says("Falling rocks on Harald"), "a roll of its own for each");
    assert!(w.value("Harald", "hp") < 12);
}

#[test]
fn on_a_grid_a_radius_reaches_everyone_in_it() {
    let mut w = fight(
        "system sovereign\nname Keg\nside Party party\nside Bandits\ngrid 10 8\n\
         add Aldo side Party at 1 1 block {\"tracks\": {\"hp\": 30}, \"stats\": {\"ac\": 12}}\n\
         add Brina side Party at 8 6 block {\"tracks\": {\"hp\": 30}, \"stats\": {\"ac\": 12}}\n\
         add Bandit side Bandits at 2 2 block {\"tracks\": {\"hp\": 30}, \"stats\": {\"ac\": 12}}\n",
        "Keg",
        "sovereign",
    );
    w.press("Harm several…");
    // No picks on a grid: the dialog starts on a radius.
    w.type_into("What deals it", "Powder keg");
    let fields = w.harness.query_all_by_role(egui::accesskit::Role::TextInput).count();
    assert!(fields >= 5, "across, down, radius, dice and what deals it");
    w.type_into("Across", "2");
    w.type_into("Down", "2");
    w.type_into("Radius (squares)", "2");
    w.press("Harm");
    assert!(w.value("Aldo", "hp") < 30 && w.value("Bandit", "hp") < 30);
    assert_eq!(w.value("Brina", "hp"), 30, "Brina stands outside the radius");
}

/// Renders the dialog over a zone board with two tokens picked, at 100 % and 200 %, to
/// `FRAY_SHOT_DIR` (to look at).
#[test]
#[ignore = "writes screenshots to look at"]
fn shot() {
    let Ok(out) = std::env::var("FRAY_SHOT_DIR") else { return };
    for scale in [100u32, 200, 250] {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path().join("fray.db")).unwrap();
        let script = "system freeform\nname Hall\nside Party party\nside Cultists\nzone Hall\n\
             add Harald side Party zone Hall track hp=12\n\
             add Cultist side Cultists zone Hall count 5 track hp=20\n\
             show \"Cultist 1\" revealed\nshow \"Cultist 2\" revealed\n";
        common::store_fight(&db, script, "freeform", "Hall", 5);
        common::set_scale(&db, scale);
        // A 1920 × 1080 screen at this scale: fewer points, each more pixels.
        let points = egui::vec2(1920.0, 1080.0) * (100.0 / scale as f32);
        let mut w = common::window_rendered(dir, db, points);
        for name in ["Cultist 1", "Cultist 2"] {
            w.harness.get_by_label(name).click_modifiers(egui::Modifiers::SHIFT);
            w.settle();
        }
        w.harness.run_steps(8);
        let board = w.harness.render().unwrap();
        board.save(format!("{out}/harm-picked-{scale}.png")).unwrap();
        w.press("Harm the 2 picked…");
        w.harness.run_steps(8);
        let dialog = w.harness.render().unwrap();
        dialog.save(format!("{out}/harm-dialog-{scale}.png")).unwrap();
    }
}
