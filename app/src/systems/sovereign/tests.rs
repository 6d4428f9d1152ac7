//! Unit tests of the procedure's pieces; the golden scenarios in
//! `tests/scenarios/sovereign-*.fray` cover it end to end with table dice.

use crate::system::Rules;

#[test]
fn a_zone_board_is_refused_with_the_reason() {
    let err = crate::systems::run_script("t.fray", "system sovereign\nzone Hall")
        .unwrap_err()
        .to_string();
    assert!(err.contains("Sovereign is fought on a 5-ft grid"), "{err}");
    // Without a grid the fight cannot start.
    let h = crate::systems::run_script("t.fray", "system sovereign\nside P party\nadd A side P")
        .unwrap();
    let prompts = super::Sovereign.prompts(h.state());
    let start = prompts.iter().find(|p| p.id == "start").unwrap();
    assert!(!start.options[0].enabled);
    assert!(start.options[0].reason.as_deref().unwrap().contains("grid"));
}

/// A charge along a row, then the end of the round: the −2 AC ends with the round by default,
/// or at the charger's next turn with the setting.
fn charged_then_round_ends(setting: &str) -> crate::History {
    let text = format!(
        "system sovereign\nside P party\nside F\ngrid 12 5\n{setting}\n\
         add Aldo side P at 1 2 block {{\"tracks\": {{\"hp\": 9}}, \"stats\": {{\"ac\": 14, \"atk\": 1}}, \"attacks\": [{{\"name\": \"Sword\", \"dmg\": \"1d8\"}}]}}\n\
         add Orc side F at 6 2 block {{\"tracks\": {{\"hp\": 9}}, \"stats\": {{\"ac\": 12, \"atk\": 1}}, \"attacks\": [{{\"name\": \"Axe\", \"dmg\": \"1d8\"}}]}}\n\
         next table 8 | 1\nattack Aldo Orc charge table 2\ntake-it\nnext\nnext\nanswer round-end \"Start round 2\""
    );
    crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_chargers_ac_penalty_lasts_as_the_setting_says() {
    let charging = |h: &crate::History| {
        h.state().combatant_named("Aldo").unwrap().conditions.contains(super::CHARGED)
    };
    // Round 2 has begun and Aldo acts first: by default the penalty ended with round 1.
    let h = charged_then_round_ends("");
    assert!(!charging(&h));
    // With the setting, it lasted until his next turn — which has just begun, so it is gone
    // too; one step before (the end of round 1), it was still on.
    let h = charged_then_round_ends("setting charge_ac next_turn");
    assert!(!charging(&h));
    let mut h = h;
    h.undo();
    assert_eq!(h.state().phase, "end");
    assert!(charging(&h), "kept past the end of the round");
    let h = charged_then_round_ends("");
    let mut h = h;
    h.undo();
    assert!(!charging(&h), "gone at the end of the round");
}

/// Aldo screens Corvin and Dessa holds her action; then one of them leaves.
fn screened_then(leaves: &str) -> crate::History {
    let block = |hp: u32| {
        format!(
            "block {{\"tracks\": {{\"hp\": {hp}}}, \"stats\": {{\"ac\": 14, \"atk\": 1, \"stab\": 1}}, \"attacks\": [{{\"name\": \"Sword\", \"dmg\": \"1d8\", \"skill\": \"stab\"}}]}}"
        )
    };
    let text = format!(
        "system sovereign\nside P party\nside F\ngrid 10 6\n\
         add Aldo side P at 1 1 {}\nadd Corvin side P at 1 2 {}\nadd Dessa side P at 4 4 {}\n\
         add Orc side F at 8 4 {}\n\
         next table 8 | 1\nscreen Aldo Corvin\nnext\nnext\nhold Dessa\n{leaves}\n",
        block(9),
        block(5),
        block(9),
        block(9)
    );
    crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn screens_and_held_actions_end_with_whoever_leaves() {
    let h = screened_then("");
    let s = h.state().sovereign();
    assert_eq!(s.screens.len(), 1);
    assert_eq!(s.held.len(), 1);
    // The screener, the ward, or the one holding leaves the fight mid-round.
    for leaves in ["remove Aldo", "remove Corvin", "place Aldo off", "change-side Corvin F"] {
        let h = screened_then(leaves);
        assert!(h.state().sovereign().screens.is_empty(), "{leaves}: the screen stays");
    }
    let h = screened_then("remove Dessa");
    assert!(h.state().sovereign().held.is_empty(), "the held action stays");
}

/// A hit's damage is said as the sum it is (the d8's 3 and STR's 1 make 4, HP 5 → 1), in the
/// journal and in the banner over the board, the hit's line and the damage's together.
#[test]
fn a_hits_damage_is_said_as_its_sum() {
    let text = "system sovereign\nside P party\nside F\ngrid 12 5\n\
         add Ada side P at 1 2 block {\"tracks\": {\"hp\": 9}, \"stats\": {\"ac\": 14, \"atk\": 1, \"str\": 14}, \"attacks\": [{\"name\": \"Sword\", \"dmg\": \"1d8\"}]}\n\
         add Orc side F at 2 2 block {\"tracks\": {\"hp\": 5}, \"stats\": {\"ac\": 12, \"atk\": 0}, \"attacks\": [{\"name\": \"Axe\", \"dmg\": \"1d8\"}]}\n\
         next table 8 | 1\nattack Ada Orc table 14\ntake-it table 3\n";
    let h = crate::systems::run_script("t.fray", text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(h.state().combatant_named("Orc").unwrap().track("hp").unwrap().value, 1);
    let banner = crate::system::presentation::recent_rulings(h.state(), h.events(), 3);
    let said = "Ada: damage to Orc: 3 on the d8 + 1 STR = 4";
    assert!(banner.iter().any(|l| l == said), "{banner:?}");
    assert!(banner.iter().any(|l| l.contains("against AC 12: hit")), "{banner:?}");
}
