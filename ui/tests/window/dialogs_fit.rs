//! Every dialog fits at every scale: at 250 % on a 1920 × 1080 screen (768 × 432 points), each
//! one opened from the bar or the board can scroll to its Cancel button, which then lies on
//! screen and closes it. A dialog taller than the window scrolls its body; none runs off.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use fray_data::Db;

/// The window at 250 % over a stored freeform fight with a zone and a few combatants.
fn at_250() -> Window {
    at_scale(250)
}

/// The window at `scale` % on 1920 × 1080 over the same fight.
fn at_scale(scale: u32) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let script = "system freeform\nname Hall\nside Party party\nside Cultists\nzone Hall\n\
         add Harald side Party zone Hall track hp=12\n\
         add Cultist side Cultists zone Hall count 6 track hp=20\n";
    common::store_fight(&db, script, "freeform", "Hall", 5);
    common::set_scale(&db, scale);
    common::window_sized(dir, db, egui::vec2(1920.0, 1080.0) * (100.0 / scale as f32))
}

/// Clicks `label` (a button or a menu entry), first opening `menu` when given.
fn open(w: &mut Window, menu: Option<&str>, label: &str) {
    if let Some(menu) = menu {
        w.harness.get_by_label(menu).click();
        w.settle();
    }
    w.press(label);
    w.harness.run_steps(6);
}

/// The dialog's closing button (`close`) lies within the screen once scrolled to, and closes
/// it.
fn close_reachable(w: &mut Window, dialog: &str, close: &str) {
    let screen = w.harness.ctx.content_rect();
    assert!(w.harness.query_by_label(close).is_some(), "{dialog}: no {close} shown");
    w.harness.get_by_label(close).scroll_to_me();
    w.harness.run_steps(6);
    let button = w.harness.get_by_label(close).rect();
    assert!(
        screen.contains_rect(button),
        "{dialog}: {close} at {button:?} is off the screen {screen:?}"
    );
    w.harness.get_by_label(close).click();
    w.harness.run_steps(6);
    assert!(w.harness.query_by_label(close).is_none(), "{dialog}: {close} closed it");
}

/// The dialogs the bar and the board open: name, menu, opener, closing button.
const DIALOGS: [(&str, Option<&str>, &str, &str); 8] = [
    ("new", Some("Encounter"), "New…", "Cancel"),
    ("open", Some("Encounter"), "Open…", "Cancel"),
    ("rename", Some("Encounter"), "Rename…", "Cancel"),
    ("export", None, "Export…", "Cancel"),
    ("settings", None, "Settings…", "Close"),
    ("paste", Some("Library"), "Paste stat blocks…", "Cancel"),
    ("export library", Some("Library"), "Export library…", "Cancel"),
    ("harm", None, "Harm several…", "Cancel"),
];

/// The window at `scale` % on 1920 × 1080 over a new encounter of `system`: its rules fill
/// the settings as that procedure makes them.
fn encounter_of(system: &dyn fray_app::system::System, scale: u32) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let session = fray_data::Session::create(&db, system.id(), "Hall", 5).unwrap();
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    common::set_scale(&db, scale);
    common::window_sized(dir, db, egui::vec2(1920.0, 1080.0) * (100.0 / scale as f32))
}

/// From the first frame a dialog shows, its closing button stands where it is: every dialog
/// over the freeform fight, and the bar's dialogs over a new encounter of every procedure
/// (the settings as long as its rules make them), at 100 and 200 %.
#[test]
fn a_dialog_stands_still_from_its_first_shown_frame() {
    assert!(fray_app::systems::registry().all().len() >= 6, "every procedure is tried");
    for scale in [100, 200] {
        for (name, menu, opener, close) in DIALOGS {
            stands_still(&mut at_scale(scale), (name, menu, opener, close), "freeform", scale);
        }
        for system in fray_app::systems::registry().all() {
            for dialog in DIALOGS.into_iter().filter(|d| d.0 != "harm") {
                stands_still(
                    &mut encounter_of(*system, scale),
                    dialog,
                    system.id().as_str(),
                    scale,
                );
            }
        }
    }
}

/// Opens `dialog` in `w` and holds that its closing button does not move from the first frame
/// the dialog shows.
fn stands_still(
    w: &mut Window,
    (name, menu, opener, close): (&str, Option<&str>, &str, &str),
    system: &str,
    scale: u32,
) {
    if let Some(menu) = menu {
        w.harness.get_by_label(menu).click();
        w.settle();
    }
    w.harness.get_by_role_and_label(egui::accesskit::Role::Button, opener).click();
    // The click lands, then the first frame the dialog shows: from then on it stands.
    let mut steps = 0;
    while w.harness.query_by_label(close).is_none() && steps < 6 {
        w.harness.step();
        steps += 1;
    }
    w.harness.step();
    let first = w.harness.get_by_label(close).rect();
    w.harness.run_steps(12);
    let later = w.harness.get_by_label(close).rect();
    assert_eq!(first, later, "{name} in {system} at {scale} %: its {close} moved");
}

#[test]
fn every_dialog_fits_the_window_at_250_percent() {
    for (name, menu, opener, close) in DIALOGS {
        let mut w = at_250();
        open(&mut w, menu, opener);
        close_reachable(&mut w, name, close);
    }
}

/// A whole bestiary of another tracker opened with Import…: the lists of what is left out and
/// what comes in keep to their share, and the buttons lie on the screen without scrolling at
/// 100 and 200 % (at 250 % the dialog's body scrolls to them, as every dialog's does).
#[test]
fn a_whole_bestiary_to_import_keeps_its_buttons_on_screen() {
    use fray_ui::window::{Action, PrepAction};
    let corpus =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/bestiaries");
    for scale in [100, 200, 250] {
        let mut w = at_scale(scale);
        let path = w.path("ogl.json");
        std::fs::copy(corpus.join("improved-initiative-ogl-creatures.json"), &path).unwrap();
        let app = w.harness.state_mut();
        fray_ui::window::apply(
            &mut app.model,
            &mut app.view,
            Action::Prep(PrepAction::OpenImport(path)),
        );
        w.harness.run_steps(6);
        let screen = w.harness.ctx.content_rect();
        let cancel = w.harness.get_by_label("Cancel").rect();
        assert!(
            scale > 200 || screen.contains_rect(cancel),
            "at {scale} %: Cancel at {cancel:?} is off {screen:?}"
        );
        close_reachable(&mut w, "import", "Cancel");
    }
}
