//! A board the rules refuse leaves nothing behind: the rules are asked before a map's picture
//! is kept, so a refused Universal VTT board stores no picture in the database.

use crate::common;

use fray_ui::window::{Action, apply};

#[test]
fn a_board_the_rules_refuse_keeps_no_picture() {
    let mut w = common::window();
    let app = w.harness.state_mut();
    // Block, Dodge, Parry is fought in zones: a grid board is refused by its rules.
    let new = Action::NewEncounter { system: "bdp".parse().unwrap(), name: "Crypt".into() };
    apply(&mut app.model, &mut app.view, new);
    w.settle();
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/corpus/maps/gatehouse.dd2vtt");
    let before = w.session().history().cursor();
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, Action::LoadMap(file, fray_ui::uvtt::Objects::Ignore));
    w.settle();
    let status = w.app().model.status.clone().expect("a message");
    assert!(status.error && status.text.starts_with("The board was not changed: "), "{status:?}");
    assert_eq!(w.session().history().cursor(), before, "no command ran");
    assert_eq!(w.session().db().maps().count().unwrap(), 0, "no picture kept");
}
