//! Every dialog keeps its buttons on the screen with its biggest content, at 1.0 and 2.0
//! pixels per point on a 1920 × 1080 and a 1366 × 768 screen: the buttons' rects lie inside
//! the window, and a real click on them lands (a body too tall scrolls, the buttons stay).

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_data::Db;

/// The screens: pixels wide, high, and the scale in per cent.
const SCREENS: [(f32, f32, u32); 4] =
    [(1920.0, 1080.0, 100), (1366.0, 768.0, 100), (1920.0, 1080.0, 200), (1366.0, 768.0, 200)];

/// The window over a stored Block, Dodge, Parry fight with a zone and a few combatants, on
/// `screen`.
fn window_on((width, height, scale): (f32, f32, u32)) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let script = "system bdp\nside Party party\nside Goblins\nzone Hall\n\
         add Harald side Party zone Hall track hp=12\n\
         add Goblin side Goblins zone Hall count 3 track hp=5\n";
    common::store_fight(&db, script, "bdp", "Hall", 5);
    common::set_scale(&db, scale);
    common::window_sized(dir, db, egui::vec2(width, height) * (100.0 / scale as f32))
}

/// `label`'s button lies inside the window on `screen`.
fn on_screen(w: &Window, screen: (f32, f32, u32), label: &str) -> egui::Rect {
    let window = w.harness.ctx.content_rect();
    // The dialog's own, drawn over the window (the bar has an Export… too).
    let Some(button) = w.harness.query_all_by_role_and_label(Role::Button, label).last() else {
        panic!("on {screen:?}: no {label} shown");
    };
    let rect = button.rect();
    assert!(window.contains_rect(rect), "on {screen:?}: {label} at {rect:?} is off {window:?}");
    rect
}

/// Opens `menu`'s item `item`.
fn menu(w: &mut Window, menu: &str, item: &str) {
    if w.harness.query_by_label(menu).is_none() {
        // A bar too narrow for every button holds it behind *More*.
        w.harness.get_by_label("More").click();
        w.settle();
    }
    let opener = w.harness.get_by_label(menu).rect();
    let window = w.harness.ctx.content_rect();
    assert!(window.contains_rect(opener), "{menu} at {opener:?} is off {window:?}");
    w.harness.get_by_label(menu).click();
    w.settle();
    let size = w.harness.ctx.content_rect();
    let Some(entry) = w.harness.query_by_role_and_label(Role::Button, item) else {
        panic!("{size:?}: no {item} in the {menu} menu");
    };
    entry.click();
    w.harness.run_steps(8);
}

/// Four printed stat blocks, each over several lines, two of them named as the bundled
/// bestiary names its entries (so they ask Update, Keep both or Skip).
const FOUR_BLOCKS: &str = "Wolf:\n3 HP\n0 Armor\n12 STR\nbite (d6)\nhowls at the moon\n\n\
    Ogre:\n13 HP\n1 Armor\n16 STR\nclub (d10)\nhates bells\n\n\
    Goblin:\n4 HP\n0 Armor\n8 STR\nknife (d6)\nsteals spoons\n\n\
    Troll:\n20 HP\n2 Armor\n18 STR\nclaws (d8)\nfears fire\n";

#[test]
fn the_paste_dialog_with_four_stat_blocks_keeps_import_cancel_and_the_clash_choice_on_screen() {
    for screen in SCREENS {
        let mut w = window_on(screen);
        menu(&mut w, "Library", "Paste stat blocks…");
        w.harness.get_by_role_and_label(Role::MultilineTextInput, "Stat blocks").focus();
        w.settle();
        w.harness
            .get_by_role_and_label(Role::MultilineTextInput, "Stat blocks")
            .type_text(FOUR_BLOCKS);
        w.harness.run_steps(8);
        let clashes = w.harness.query_all_by_label_contains("The library has").count();
        assert!(clashes >= 1, "on {screen:?}: a pasted name clashes with the library");
        let import = w
            .harness
            .query_all_by_role(Role::Button)
            .find(|b| b.accesskit_node().label().is_some_and(|l| l.starts_with("Import ")))
            .map(|b| b.accesskit_node().label().unwrap())
            .expect("an Import button");
        on_screen(&w, screen, &import);
        on_screen(&w, screen, "Cancel");
        // The first clash's choice, scrolled to within the body, lies on the screen and takes a
        // real click.
        let update = w.harness.query_all_by_role_and_label(Role::Button, "Update it").next();
        update.expect("a clash choice").scroll_to_me();
        w.harness.run_steps(6);
        let update = w.harness.query_all_by_role_and_label(Role::Button, "Update it").next();
        let rect = update.unwrap().rect();
        assert!(w.harness.ctx.content_rect().contains_rect(rect), "on {screen:?}: Update it off");
        w.harness.query_all_by_role_and_label(Role::Button, "Update it").next().unwrap().click();
        w.harness.run_steps(6);
        let after = w
            .harness
            .query_all_by_role(Role::Button)
            .find(|b| b.accesskit_node().label().is_some_and(|l| l.starts_with("Import ")))
            .map(|b| b.accesskit_node().label().unwrap())
            .unwrap();
        assert_ne!(after, import, "on {screen:?}: choosing Update counts one more to import");
        on_screen(&w, screen, "Cancel");
        w.harness.get_by_role_and_label(Role::Button, "Cancel").click();
        w.harness.run_steps(6);
        assert!(w.harness.query_by_label("Paste stat blocks").is_none(), "{screen:?}: closed");
    }
}

/// Opens a dialog on a window, with its biggest content.
type Opener = fn(&mut Window);

/// On every screen: `open` opens the dialog with its biggest content; each of `buttons` lies
/// on the screen; a real click on `close` (the last of them) lands and closes the dialog.
fn buttons_on_every_screen(name: &str, open: Opener, buttons: &[&str]) {
    for screen in SCREENS {
        let mut w = window_on(screen);
        open(&mut w);
        let mut rects = Vec::new();
        for b in buttons {
            rects.push(on_screen(&w, screen, b));
        }
        let close = buttons.last().unwrap();
        let before = w.harness.query_all_by_role_and_label(Role::Button, close).count();
        w.harness.query_all_by_role_and_label(Role::Button, close).last().unwrap().click();
        w.harness.run_steps(6);
        let left = w.harness.query_all_by_role_and_label(Role::Button, close).count();
        let all: Vec<egui::Rect> =
            w.harness.query_all_by_role_and_label(Role::Button, close).map(|b| b.rect()).collect();
        assert!(
            left < before,
            "{name} on {screen:?}: a click on {close} at {rects:?} closed it: {all:?}"
        );
    }
}

#[test]
fn the_new_encounter_dialog_keeps_its_buttons_on_screen() {
    buttons_on_every_screen("new", |w| menu(w, "Encounter", "New…"), &["Create", "Cancel"]);
}

#[test]
fn the_open_dialog_with_many_encounters_keeps_cancel_on_screen() {
    fn open(w: &mut Window) {
        let db = &w.app().model.db;
        for n in 0..24 {
            fray_data::Session::create(db, "bdp".parse().unwrap(), &format!("Fight {n}"), n)
                .unwrap();
        }
        let app = w.harness.state_mut();
        app.model.refresh_encounters();
        menu(w, "Encounter", "Open…");
    }
    buttons_on_every_screen("open", open, &["Cancel"]);
}

#[test]
fn the_rename_dialog_keeps_its_buttons_on_screen() {
    buttons_on_every_screen("rename", |w| menu(w, "Encounter", "Rename…"), &["Rename", "Cancel"]);
}

#[test]
fn the_export_dialog_keeps_its_buttons_on_screen() {
    fn open(w: &mut Window) {
        if w.harness.query_by_role_and_label(Role::Button, "Export…").is_none() {
            // A bar too narrow for every button holds it behind *More*.
            w.harness.get_by_label("More").click();
            w.settle();
        }
        w.harness.get_by_role_and_label(Role::Button, "Export…").click();
        w.harness.run_steps(8);
    }
    buttons_on_every_screen("export", open, &["Export", "Cancel"]);
}

#[test]
fn the_settings_dialog_keeps_close_on_screen() {
    fn open(w: &mut Window) {
        w.harness.get_by_role_and_label(Role::Button, "Settings…").click();
        w.harness.run_steps(8);
    }
    buttons_on_every_screen("settings", open, &["Close"]);
}

#[test]
fn the_export_library_dialog_keeps_its_buttons_on_screen() {
    buttons_on_every_screen(
        "export library",
        |w| menu(w, "Library", "Export library…"),
        &["Export…", "Cancel"],
    );
}

#[test]
fn the_harm_dialog_by_zone_keeps_its_buttons_on_screen() {
    fn open(w: &mut Window) {
        w.harness.get_by_role_and_label(Role::Button, "Harm several…").click();
        w.harness.run_steps(8);
        w.harness.get_by_role_and_label(Role::Button, "A zone").click();
        w.harness.run_steps(6);
    }
    buttons_on_every_screen("harm", open, &["Harm", "Cancel"]);
}

#[test]
fn the_review_with_many_characters_keeps_apply_and_cancel_on_screen() {
    fn open(w: &mut Window) {
        use fray_ui::window::{Action, apply};
        let db = w.app().model.db.clone();
        for n in 0..8 {
            let sheet = serde_json::json!({"tracks": {"hp": 5, "str": 12, "dex": 12, "wil": 10,
                "fatigue": {"value": 0, "max": 10}}});
            let new = fray_data::NewCharacter {
                system: "bdp".parse().unwrap(),
                name: format!("Hero {n}"),
                tags: vec![],
                sheet,
                party: None,
            };
            let id = db.characters().insert(&new).unwrap();
            let c = db.characters().get(id).unwrap().unwrap();
            let combatant = c.to_combatant(fray_app::ids::SideId(0));
            let app = w.harness.state_mut();
            apply(
                &mut app.model,
                &mut app.view,
                Action::AddCombatant { combatant, party: true, count: 1 },
            );
            let who =
                app.model.session.as_ref().unwrap().state().combatant_named(&c.name).unwrap().id;
            for command in [
                fray_app::Command::AdjustTrack { id: who, track: "hp".into(), delta: -3 },
                fray_app::Command::AddCondition { id: who, condition: "arm wound".into() },
            ] {
                apply(&mut app.model, &mut app.view, Action::Game(command));
            }
        }
        w.settle();
        w.harness.get_by_role_and_label(Role::Button, "End the fight…").click();
        w.harness.run_steps(8);
    }
    buttons_on_every_screen("review", open, &["Apply", "Cancel"]);
}

#[test]
fn the_zone_dialogs_keep_their_buttons_on_screen() {
    buttons_on_every_screen("add zone", |w| w.press("+ Zone"), &["Add zone", "Cancel"]);
    buttons_on_every_screen(
        "edit zone",
        |w| w.press("Edit Hall"),
        &["Save zone", "Remove zone…", "Cancel"],
    );
    fn remove(w: &mut Window) {
        w.press("Edit Hall");
        w.press("Remove zone…");
    }
    buttons_on_every_screen("remove zone", remove, &["Remove", "Keep it"]);
}

/// A library entry's menu (a right click on its row, found by a search; the library shown
/// first where a narrow window folds it away).
fn entry_menu(w: &mut Window, name: &str) {
    if w.harness.query_by_role_and_label(Role::TextInput, "Search").is_none() {
        w.press("F2");
    }
    w.type_into("Search", name);
    w.harness.get_by_label(name).scroll_to_me();
    w.settle();
    w.harness.get_by_label(name).click_secondary();
    w.settle();
}

#[test]
fn the_library_entrys_dialogs_keep_their_buttons_on_screen() {
    fn delete(w: &mut Window) {
        entry_menu(w, "Skeleton archer");
        w.press("Delete Skeleton archer…");
    }
    buttons_on_every_screen("delete", delete, &["Delete Skeleton archer", "Keep it"]);
    fn edit(w: &mut Window) {
        entry_menu(w, "Skeleton archer");
        w.press("Edit Skeleton archer");
    }
    buttons_on_every_screen("editor", edit, &["Save", "Cancel"]);
}

#[test]
fn the_dice_waiting_for_their_faces_keep_their_buttons_on_screen() {
    fn open(w: &mut Window) {
        w.press("I'll type them");
        w.type_into("Notation", "2d6");
        // Scrolled to as the GM would, and clicked once the column has stopped (egui
        // scrolls smoothly over a few frames).
        w.harness.get_by_role_and_label(Role::Button, "Roll").scroll_to_me();
        w.harness.run_steps(30);
        w.harness.get_by_role_and_label(Role::Button, "Roll").click();
        w.settle();
    }
    buttons_on_every_screen("faces", open, &["Record", "Roll for me", "Cancel"]);
}

#[test]
fn saving_the_board_as_a_template_keeps_its_buttons_on_screen() {
    buttons_on_every_screen(
        "save template",
        |w| menu(w, "Encounter", "Save as template…"),
        &["Save template", "Cancel"],
    );
}

#[test]
fn reopening_an_ended_fight_keeps_its_buttons_on_screen() {
    fn open(w: &mut Window) {
        end_the_fight(w);
        w.press("Reopen the fight…");
    }
    buttons_on_every_screen("reopen", open, &["Reopen", "Cancel"]);
}

/// Ends the fight with its review as it stands, and closes the recap that then opens over
/// the window (on a small screen it covers the stepper).
fn end_the_fight(w: &mut Window) {
    w.press("End the fight…");
    w.press("Apply");
    if w.harness.query_by_role_and_label(Role::Button, "Close window").is_some() {
        w.press("Close window");
    }
}

/// The windows that stay open beside the board (closed from their title bar): each one's
/// buttons lie on the screen when opened with their content.
#[test]
fn the_odds_and_party_windows_keep_their_buttons_on_screen() {
    for screen in SCREENS {
        let mut w = window_on(screen);
        menu(&mut w, "Encounter", "Odds…");
        on_screen(&w, screen, "Run the fights");
        let mut w = window_on(screen);
        end_the_fight(&mut w);
        if w.harness.query_by_role_and_label(Role::Button, "Party…").is_none() {
            on_screen(&w, screen, "More…");
            w.press("More…");
        }
        on_screen(&w, screen, "Party…");
        w.press("Party…");
        for b in ["Undo the last step", "The evening's recap…", "Export the session"] {
            w.harness.query_all_by_role_and_label(Role::Button, b).last().unwrap().scroll_to_me();
            w.settle();
            on_screen(&w, screen, b);
        }
    }
}

/// The paste dialog with four stat blocks at 100 and 200 % on both screens, written to
/// `FRAY_SHOT_DIR` to look at.
#[test]
#[ignore = "writes screenshots to look at"]
fn shot() {
    let Ok(out) = std::env::var("FRAY_SHOT_DIR") else { return };
    for (width, height, scale) in SCREENS {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path().join("fray.db")).unwrap();
        let script = "system bdp\nside Party party\nside Goblins\nzone Hall\n\
             add Harald side Party zone Hall track hp=12\n";
        common::store_fight(&db, script, "bdp", "Hall", 5);
        common::set_scale(&db, scale);
        let points = egui::vec2(width, height) * (100.0 / scale as f32);
        let mut w = common::window_rendered(dir, db, points);
        menu(&mut w, "Library", "Paste stat blocks…");
        w.harness.get_by_role_and_label(Role::MultilineTextInput, "Stat blocks").focus();
        w.settle();
        w.harness
            .get_by_role_and_label(Role::MultilineTextInput, "Stat blocks")
            .type_text(FOUR_BLOCKS);
        w.harness.run_steps(8);
        let name = format!("{out}/paste-{width}x{height}-{scale}.png");
        w.harness.render().unwrap().save(name).unwrap();
    }
}
