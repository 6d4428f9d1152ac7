//! The settings dialog: UI scale and theme apply at once and survive reopening the window;
//! the encounter's rule toggles land in its journal as `SettingChanged` events (undoable).

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::EventKind;
use fray_app::systems::freeform::SKIP_OUT;
use fray_data::Db;
use fray_ui::window::{Action, Prefs, apply};

fn click(w: &mut Window, label: &str) {
    w.harness.get_by_label(label).click();
    w.settle();
}

fn reopen(w: Window) -> Window {
    let Window { harness, dir } = w;
    drop(harness.into_state());
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    common::window_with(dir, db)
}

#[test]
fn scale_and_theme_apply_at_once_and_survive_reopening() {
    let mut w = common::window();
    assert_eq!(w.app().model.prefs, Prefs::default());
    click(&mut w, "Settings…");

    click(&mut w, "200 %");
    assert_eq!(w.app().model.prefs.scale_percent, 200);
    assert_eq!(w.harness.ctx.zoom_factor(), 2.0, "applied live");

    // The slider, as assistive technology (or a click on it) sets it.
    w.harness.get_by_role_and_label(Role::Slider, "UI scale").set_value_accesskit(150.0);
    w.settle();
    assert_eq!(w.app().model.prefs.scale_percent, 150);
    assert_eq!(w.harness.ctx.zoom_factor(), 1.5);

    click(&mut w, "Light");
    assert!(!w.app().model.prefs.dark);
    assert_eq!(w.harness.ctx.theme(), egui::Theme::Light);
    click(&mut w, "Close");
    assert!(w.harness.query_by_label("Settings").is_none(), "dialog closed");

    let w = reopen(w);
    assert_eq!(w.app().model.prefs, Prefs { scale_percent: 150, dark: false });
    assert_eq!(w.harness.ctx.zoom_factor(), 1.5, "applied on the first frame");
    assert_eq!(w.harness.ctx.theme(), egui::Theme::Light);
}

#[test]
fn the_scale_never_leaves_100_to_250_percent() {
    let mut w = common::window();
    click(&mut w, "Settings…");
    w.harness.get_by_role_and_label(Role::Slider, "UI scale").set_value_accesskit(900.0);
    w.settle();
    assert_eq!(w.app().model.prefs.scale_percent, 250);
    click(&mut w, "100 %");
    assert_eq!(w.app().model.prefs.scale_percent, 100);
    assert_eq!(w.harness.ctx.zoom_factor(), 1.0);
}

#[test]
fn a_rule_toggle_lands_in_the_journal_and_undoes() {
    let mut w = common::window();
    {
        let app = w.harness.state_mut();
        let new =
            Action::NewEncounter { system: "freeform".parse().unwrap(), name: "Crypt".into() };
        apply(&mut app.model, &mut app.view, new);
    }
    w.settle();
    click(&mut w, "Settings…");
    // Each rule shows its help in the dialog.
    w.harness.get_by_label("Passing the turn jumps over anyone marked dead, down or fled.");

    click(&mut w, "Skip the fallen");
    let last_event = |w: &Window| {
        let s = w.app().model.session.as_ref().unwrap();
        s.history().events().last().map(|e| e.kind.clone())
    };
    match last_event(&w) {
        Some(EventKind::SettingChanged { key, value }) => {
            assert_eq!(key, SKIP_OUT);
            assert_eq!(value, serde_json::Value::Bool(false));
        }
        other => panic!("expected a SettingChanged event, got {other:?}"),
    }
    let state = |w: &Window| w.app().model.session.as_ref().unwrap().state().clone();
    assert!(!state(&w).flag(SKIP_OUT, true));
    assert!(w.harness.query_by_label_contains("Skip the fallen set to false").is_some());

    click(&mut w, "Skip the fallen: back to default");
    assert!(matches!(
        last_event(&w),
        Some(EventKind::SettingChanged { value: serde_json::Value::Null, .. })
    ));
    assert_eq!(state(&w).setting(SKIP_OUT), None);

    click(&mut w, "Close");
    click(&mut w, "Undo");
    assert_eq!(state(&w).setting(SKIP_OUT), Some(&serde_json::Value::Bool(false)));

    // Kept in the encounter's journal: it is still set after reopening.
    let w = reopen(w);
    assert!(!state(&w).flag(SKIP_OUT, true));
}

#[test]
fn without_an_encounter_only_the_window_settings_show() {
    let mut w = common::window();
    click(&mut w, "Settings…");
    w.harness.get_by_label("UI scale");
    assert!(w.harness.query_by_label("Skip the fallen").is_none());
    assert!(
        w.harness.get_by_role_and_label(Role::Slider, "UI scale").accesskit_node().numeric_value()
            == Some(100.0)
    );
}

/// The dialog is where it will stay from its first shown frame: its first button does not
/// move while the rest of it is laid out (the first click used to miss).
#[test]
fn the_settings_dialog_does_not_move_after_it_opens() {
    let mut w = common::window();
    w.harness.get_by_label("Settings…").click();
    w.harness.run_steps(2);
    let first = w.harness.get_by_label("200 %").rect();
    w.harness.run_steps(10);
    assert_eq!(w.harness.get_by_label("200 %").rect(), first);
    assert!(w.harness.get_by_label("Close").rect().min.y > first.min.y);
}
