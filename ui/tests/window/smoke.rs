//! The window opens over a fresh database and shows its welcome screen.

use crate::common;

use egui_kittest::kittest::Queryable;

#[test]
fn a_fresh_window_shows_the_welcome_screen() {
    let w = common::window();
    w.harness.get_by_label("Welcome");
}
