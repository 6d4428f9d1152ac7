//! The window's edges on small screens (issue 64): on 1366 × 768 and 1920 × 1080, at every UI
//! scale the settings offer, every button of the top bar stands on the screen, or in the
//! bar's *More* menu, which does and opens with them on the screen; *Settings…* always shows
//! and opens the settings (a GM must reach it to set the scale back). From 1200 × 800 up, the
//! row under Next (*End the fight…*, *Recap…* and *Party…*, or *More…* on a short window)
//! stands on the screen, its words painted whole. Read through the window's AccessKit tree
//! and what it painted, as a screen reader and the screen have them.

use crate::common;
use crate::common::{Window, words};
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_data::Db;

/// The scales tried: the settings' quick picks and the steps between them.
const SCALES: [u32; 7] = [100, 125, 150, 175, 200, 225, 250];

/// The top bar's commands of an open encounter.
const BAR: [&str; 7] = ["Encounter", "Undo", "Redo", "Players", "Export…", "Library", "Settings…"];

/// A freeform fight in its first round, with a long name, on a screen of `width` × `height`
/// pixels at `scale` %.
fn fight((width, height): (f32, f32), scale: u32) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let script = "system freeform\nname Hall\nside Party party\nside Cultists\nzone Hall\n\
         add Harald side Party zone Hall track hp=12\n\
         add Cultist side Cultists zone Hall count 3 track hp=20\nnext\n";
    common::store_fight(&db, script, "freeform", "The siege of the pontiff's crypt", 5);
    common::set_scale(&db, scale);
    common::window_sized(dir, db, egui::vec2(width, height) * (100.0 / scale as f32))
}

/// The rectangle of the button named `label`, if one is shown.
fn button(w: &Window, label: &str) -> Option<egui::Rect> {
    w.harness.query_by_role_and_label(Role::Button, label).map(|n| n.rect())
}

/// What of the top bar is off the screen or out of reach in `w`, said with `at`.
fn bar_out_of_reach(w: &mut Window, at: &str) -> Vec<String> {
    let screen = w.harness.ctx.content_rect();
    let mut found = Vec::new();
    let Some(settings) = button(w, "Settings…") else {
        return vec![format!("{at}: no Settings… shown")];
    };
    // Every button of the bar's row (those whose middle is level with Settings…) is on screen.
    let buttons =
        w.harness.root().children_recursive().filter(|n| n.accesskit_node().role() == Role::Button);
    for node in buttons {
        let (rect, label) = (node.rect(), node.accesskit_node().label().unwrap_or_default());
        if rect.center().y < settings.bottom() && !screen.contains_rect(rect) {
            found.push(format!("{at}: '{label}' at {rect:?} is off the screen {screen:?}"));
        }
    }
    // Each command is a button of the bar, or an entry of its More menu once opened.
    let folded: Vec<&str> = BAR.into_iter().filter(|b| button(w, b).is_none()).collect();
    if !folded.is_empty() {
        if button(w, "More").is_none() {
            return vec![format!("{at}: {folded:?} neither in the bar nor behind More")];
        }
        w.harness.get_by_role_and_label(Role::Button, "More").click();
        w.settle();
        for label in folded {
            match button(w, label) {
                Some(rect) if screen.contains_rect(rect) => {}
                Some(rect) => found.push(format!("{at}: More's '{label}' at {rect:?} is off")),
                None => found.push(format!("{at}: '{label}' is not behind More")),
            }
        }
        w.harness.key_press(egui::Key::Escape);
        w.settle();
    }
    // And Settings… opens the settings.
    w.harness.get_by_role_and_label(Role::Button, "Settings…").click();
    w.settle();
    if w.harness.query_by_label("UI scale").is_none() {
        found.push(format!("{at}: Settings… did not open the settings"));
    }
    found
}

/// What of the row under Next is off the screen or cut in `w`, said with `at`.
fn row_cut(w: &Window, at: &str) -> Vec<String> {
    let screen = w.harness.ctx.content_rect();
    let row = ["End the fight…", "Recap…", "Party…", "More…"];
    let shown: Vec<&str> = row.into_iter().filter(|b| button(w, b).is_some()).collect();
    if !shown.contains(&"End the fight…")
        || !(shown.contains(&"Party…") || shown.contains(&"More…"))
    {
        return vec![format!("{at}: the row under Next shows only {shown:?}")];
    }
    let mut found = Vec::new();
    for label in shown {
        let rect = button(w, label).expect("shown");
        if !screen.contains_rect(rect) {
            found.push(format!("{at}: '{label}' at {rect:?} is off the screen {screen:?}"));
        }
        if !words::painted_whole(w, label) {
            found.push(format!("{at}: '{label}' is not painted whole"));
        }
    }
    found
}

/// The top bar at every scale on a laptop's screen and a desktop's: every command on the
/// screen and within reach, Settings… among them; and the row under Next whole there too.
#[test]
fn the_top_bar_and_the_row_under_next_stay_on_screen_at_every_scale() {
    let mut found = Vec::new();
    for screen in [(1366.0, 768.0), (1920.0, 1080.0)] {
        for scale in SCALES {
            let mut w = fight(screen, scale);
            let at = format!("{}×{} at {scale} %", screen.0, screen.1);
            found.extend(row_cut(&w, &at));
            found.extend(bar_out_of_reach(&mut w, &at));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The row under Next on the smallest screens a GM plays on at 100 % (issue 64: *Party…* was
/// cut at the column's edge on 1200 × 800), and at the scales a small screen takes.
#[test]
fn the_row_under_next_is_whole_from_1200_by_800_up() {
    let mut found = Vec::new();
    for (screen, scales) in [((1200.0, 800.0), &[100, 125, 150][..]), ((1280.0, 720.0), &[100])] {
        for &scale in scales {
            let w = fight(screen, scale);
            found.extend(row_cut(&w, &format!("{}×{} at {scale} %", screen.0, screen.1)));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
