//! Image snapshots of the real window, drawn with wgpu on the software adapter (Mesa's
//! lavapipe in CI): a token in every state, tokens after a theme switch, and each procedure's
//! stepper mid-round. A visual change shows in review as a changed PNG under
//! `ui/tests/snapshots/`; rewrite them after a deliberate change with
//! `UPDATE_SNAPSHOTS=1 cargo test -p fray-ui --test window -- snapshots::` and look at the diff.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use fray_app::scenario;
use fray_data::{Db, Session};
use fray_ui::window::{LAST_ENCOUNTER_KEY, PREFS_KEY, Prefs};

/// A window over the end state of `script`, replayed into a stored session, at `size`.
fn rendered(system: &str, script: &str, size: egui::Vec2) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let text = format!("system {system}\nname Snapshot\nseed 1\n{script}");
    let history = scenario::run("snapshot.fray", &text).unwrap_or_else(|e| panic!("{e}"));
    let mut session = Session::create(&db, system.parse().unwrap(), "Snapshot", 1).unwrap();
    for record in history.live_commands() {
        // The script's own dice again: every roll as it was made.
        let rolls = history.all_events()[record.events.clone()]
            .iter()
            .flat_map(fray_app::Event::rolls)
            .map(|r| fray_app::dice::DieChoice::Table(r.faces()))
            .collect();
        session.apply_planned(record.command.clone(), rolls, false).unwrap();
    }
    let settings = db.settings();
    settings.set_json(PREFS_KEY, &Prefs { scale_percent: 100, dark: true }).unwrap();
    settings.set_json(LAST_ENCOUNTER_KEY, &session.encounter_id().0).unwrap();
    drop(session);
    let mut w = common::window_rendered(dir, db, size);
    w.harness.run_steps(8);
    w
}

#[test]
fn a_token_in_every_state() {
    let script = r#"side Party party colour #3366cc
side Foes colour #aa3333
zone Yard at 20 20 size 820 380
add Fine side Party zone Yard track hp=9/9 str=12 dex=10 wil=10
add Hurt side Party zone Yard track hp=2/9 str=12 dex=10 wil=10 condition prone condition blinded
add Spent side Foes zone Yard track hp=0/4 str=5/9 dex=9 wil=8
add Down side Foes zone Yard track hp=0/4 str=9 dex=9 wil=8 condition unconscious
add Dying side Foes zone Yard track hp=0/4 str=9 dex=9 wil=8 condition dying
add Dead side Foes zone Yard track hp=0/4 str=0/9 dex=9 wil=8 condition dead
add Fled side Foes zone Yard track hp=4 str=9 dex=9 wil=8 condition fled
add Yielded side Foes zone Yard track hp=4 str=9 dex=9 wil=8 condition surrendered
add Tired side Party zone Yard track hp=5 str=10 dex=10 wil=10 fatigue=7/10
add Blessed side Party zone Yard track hp=5 str=10 dex=10 wil=10
condition Blessed +blessed for 2 rounds
"#;
    let mut w = rendered("bdp", script, egui::vec2(1600.0, 1000.0));
    w.snapshot("tokens_every_state");
}

/// A procedure's stepper mid-round, whole window.
fn stepper(system: &str, script: &str) {
    let mut w = rendered(system, script, egui::vec2(1600.0, 1000.0));
    w.snapshot(format!("stepper_{system}"));
}

#[test]
fn the_bdp_stepper_mid_round() {
    let bdp = r#"side Party party
side Foes
zone Hall
add Harald side Party zone Hall track hp=6 str=13 dex=12 wil=10 block {"weapons": [{"name": "Longsword", "die": 8}]}
add Orc side Foes zone Hall track hp=5 str=12 dex=9 wil=8 block {"weapons": [{"name": "Axe", "die": 10}]}
next
declare Harald attack Orc
declare Orc attack Harald
next
next
"#;
    stepper("bdp", bdp);
}

#[test]
fn the_murdham_stepper_mid_turn() {
    let murdham = r#"side Party party
side Foes
zone Yard
add Hugo side Party zone Yard stat str=16 agi=10 wit=10 block {"weapons": [{"name": "Sword", "die": 8}]}
add Brute side Foes zone Yard stat str=18 agi=8 wit=7 block {"weapons": [{"name": "Maul", "die": 10}]}
holder Party
next
first Party
activate Hugo
bonus "draws his sword"
"#;
    stepper("murdham", murdham);
}

#[test]
fn the_d12_stepper_at_a_count() {
    let d12 = r#"side Party party
side Foes
zone Ford
add Tavorr side Party zone Ford block {"stats": {"str": 17, "str mod": 3, "agi mod": 2}, "hd": "5d8", "attacks": [{"name": "Hand axe", "damage": "1d6", "types": ["chopping"], "speed": 4, "crit": 3, "bonus": 3}]}
add Wolf side Foes zone Ford block {"stats": {"str": 11, "str mod": 0, "agi mod": 1}, "hd": "2d8", "attacks": [{"name": "Bite", "damage": "1d6", "types": ["piercing"], "speed": 3, "crit": 2, "bonus": 2}]}
initiative Tavorr table 3
initiative Wolf table 9
next
declare Tavorr attack Wolf with "hand axe"
declare Wolf attack Tavorr
next
"#;
    stepper("d12", d12);
}

#[test]
fn the_dr12_stepper_after_the_first_blow() {
    let dr12 = r#"side "Reed-cutters" party colour #3366cc
side Goblins colour #aa3333
zone Ford
add Tamsin side "Reed-cutters" zone Ford block {"tracks": {"hp": 7}, "stats": {"str": 0, "dex": 2, "level": 1}, "weapons": [{"name": "Shortbow", "die": 6, "hands": 2, "ranged": true, "usage_max": 2}, {"name": "Dagger", "die": 4}]}
add "Marsh goblin" side Goblins zone Ford block {"tracks": {"hp": 5}, "stats": {"level": 1, "skill": 1}, "attacks": [{"name": "Rusty knife", "die": 4}]}
next table 5 | 4
attack Tamsin "Marsh goblin" with Shortbow table 1 1
next
"#;
    stepper("dr12", dr12);
}

#[test]
fn the_sovereign_stepper_on_the_grid() {
    let sovereign = r#"side Party party colour #3366cc
side Bandits colour #aa3333
grid 8 6
add Brina side Party at 2 2 block {"tracks": {"hp": 3}, "stats": {"ac": 13, "atk": 0, "dex": 16, "wis": 13}, "attacks": [{"name": "Dagger", "dmg": "1d4"}]}
add Dessa side Party at 2 3 block {"tracks": {"hp": 9}, "stats": {"ac": 14, "atk": 1, "wis": 15, "heal": 2}, "attacks": [{"name": "Mace", "dmg": "1d6"}]}
add Captain side Bandits at 3 2 block {"tracks": {"hp": 13}, "stats": {"ac": 14, "atk": 3, "hd": 3}, "named": true, "attacks": [{"name": "Spear", "dmg": "1d6+1"}]}
next table 1 | 8
"#;
    stepper("sovereign", sovereign);
}

#[test]
fn tokens_keep_their_text_after_switching_theme() {
    // Reported: after switching theme the tokens lost their names until the board was zoomed.
    // The picture after the switch, without touching the board, must show every name.
    let script = r#"side Party party colour #3366cc
side Foes colour #aa3333
zone Yard at 20 20 size 520 260
add Harald side Party zone Yard track hp=6/9 str=12 dex=10 wil=10
add Skeleton side Foes zone Yard track hp=0/3 str=4/8 dex=9 wil=7 condition dead
"#;
    let mut w = rendered("bdp", script, egui::vec2(1200.0, 800.0));
    w.harness.get_by_label("Settings…").click();
    w.harness.run_steps(4);
    w.harness.get_by_label("Light").click();
    w.harness.run_steps(4);
    w.harness.get_by_label("Close").click();
    w.harness.run_steps(8);
    assert_eq!(w.harness.ctx.theme(), egui::Theme::Light);
    w.snapshot("tokens_after_switching_theme");
}
