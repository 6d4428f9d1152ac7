//! Who rolls — the app, or the players at the table — is the GM's habit: chosen once, it is
//! the same after a restart (kept in the database, a real SQLite file).

use crate::common;

use crate::common::Window;
use fray_data::Db;
use fray_ui::window::DiceMode;

#[test]
fn who_rolls_is_kept_across_a_restart() {
    let mut w = common::window();
    assert_eq!(w.app().model.dice_mode, DiceMode::App, "the app rolls at first");
    w.press("I'll type them");
    assert_eq!(w.app().model.dice_mode, DiceMode::Table);
    let Window { harness, dir } = w;
    drop(harness);
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let w = common::window_with(dir, db);
    assert_eq!(w.app().model.dice_mode, DiceMode::Table, "the table rolls after a restart");
}
