//! Unit tests of the procedure's pieces; the golden scenarios in
//! `tests/scenarios/sovereign-*.fray` cover it end to end with table dice.

use crate::scenario;
use crate::system::System;

#[test]
fn a_zone_board_is_refused_with_the_reason() {
    let err = scenario::run("t.fray", "system sovereign\nzone Hall").unwrap_err().to_string();
    assert!(err.contains("Sovereign is fought on a 5-ft grid"), "{err}");
    // Without a grid the fight cannot start.
    let h = scenario::run("t.fray", "system sovereign\nside P party\nadd A side P").unwrap();
    let prompts = super::Sovereign.prompts(h.state());
    let start = prompts.iter().find(|p| p.id == "start").unwrap();
    assert!(!start.options[0].enabled);
    assert!(start.options[0].reason.as_deref().unwrap().contains("grid"));
}
