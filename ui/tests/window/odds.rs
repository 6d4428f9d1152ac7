//! The *Odds…* window: the GM runs the fights, sees the progress, cancels a long run, hides
//! the window while a run goes on, and reads the result (the party's chances, each
//! character's, the rounds, and how the fights were played).

use crate::common;

use crate::common::Window;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_data::{Db, Session};
use std::time::{Duration, Instant};

fn duel() -> Window {
    duel_with(
        "add Rat side Foes zone Road track hp=2 str=4 dex=12 wil=4 block {\"weapons\": [{\"name\": \"Bite\", \"die\": 4}]}\n",
    )
}

/// Ann against her match: near even odds, which take thousands of fights to pin down.
fn even_duel() -> Window {
    duel_with(
        "add Bea side Foes zone Road track hp=6 str=12 dex=12 wil=10 block {\"weapons\": [{\"name\": \"Sword\", \"die\": 8}]}\n",
    )
}

fn duel_with(foe: &str) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    // Another encounter in the library, to switch to.
    drop(Session::create(&db, "bdp".parse().unwrap(), "Another road", 4).unwrap());
    let script = "system bdp\nside Party party colour #3366cc\nside Foes colour #aa3333\n\
        zone Road\n\
        add Ann side Party zone Road track hp=6 str=12 dex=12 wil=10 block {\"weapons\": [{\"name\": \"Sword\", \"die\": 8}]}\n"
        .to_owned()
        + foe;
    common::store_fight(&db, &script, "bdp", "Rat in the road", 3);
    common::window_with(dir, db)
}

/// Opens the Encounter menu and picks *Odds…* (it shows the odds window again when hidden).
fn odds(w: &mut Window) {
    w.harness.get_by_label("Encounter").click();
    w.settle();
    w.press("Odds…");
}

/// Runs frames until `label` shows (a run finishing on its thread), or fails after a while.
fn wait_for(w: &mut Window, label: &str) {
    let start = Instant::now();
    while w.harness.query_by_label_contains(label).is_none() {
        assert!(start.elapsed() < Duration::from_secs(120), "no {label:?} after two minutes");
        std::thread::sleep(Duration::from_millis(50));
        w.harness.run_steps(2);
    }
}

#[test]
fn the_gm_runs_the_fights_and_reads_the_odds() {
    let mut w = duel();
    let names = w.harness.query_all_by_label("Ann").count();
    odds(&mut w);
    assert!(w.harness.query_by_label("Encounter odds").is_some());
    w.harness.state_mut().view.odds.runs = 300;
    // Finer than 300 fights reach: the run ends at the cap, which says why.
    w.harness.state_mut().view.odds.precision = 0.5;
    w.press("Run the fights");
    // While it runs, the window keeps drawing: the progress and Cancel are there.
    let shown = |w: &Window, label: &str| w.harness.query_by_label_contains(label).is_some();
    assert!(shown(&w, "at most 300") || shown(&w, "The party wins"));
    wait_for(&mut w, "The party wins");
    assert!(w.harness.query_by_label_contains("The party loses").is_some());
    assert!(w.harness.query_by_label_contains("Total party kill").is_some());
    assert!(w.harness.query_by_label_contains("down ").is_some(), "Ann's chances");
    assert_eq!(w.harness.query_all_by_label("Ann").count(), names + 1, "Ann's row");
    // 300 is fewer than a run stops at by itself: the cap says why.
    assert!(w.harness.query_by_label_contains("300 fights (the most asked for").is_some());
    assert!(w.harness.query_by_label_contains("with what they carry").is_some(), "the assumptions");
}

/// At 200 % on a 1920 × 1080 screen (960 × 540 points) the benchmark crypt's four characters
/// and their chances show with the party's, without scrolling: what a GM reads from arm's
/// length.
#[test]
fn at_200_percent_every_characters_chances_show_without_scrolling() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/odds/bdp-crypt.fray");
    let script = std::fs::read_to_string(path).unwrap();
    common::store_fight(&db, &script, "bdp", "Crypt", 3);
    common::set_scale(&db, 200);
    let mut w = common::window_sized(dir, db, eframe::egui::vec2(960.0, 540.0));
    odds(&mut w);
    w.harness.state_mut().view.odds.runs = 300;
    w.press("Run the fights");
    wait_for(&mut w, "300 fights (the most asked for");
    w.harness.run_steps(4);
    let window = w
        .harness
        .ctx
        .memory(|m| m.area_rect(eframe::egui::Id::unique(fray_ui::window::views::odds::WINDOW_ID)))
        .expect("the odds window is shown");
    // Each character's row of figures ("down …, dies …" beside the name).
    let rows: Vec<_> =
        w.harness.query_all_by_label_contains("), dies ").map(|n| n.rect()).collect();
    assert_eq!(rows.len(), 4, "a row of chances for each of the four characters");
    // The title bar ends at the window's frame: its close button is the rightmost thing in it.
    let frame_right = w.harness.get_by_label("Close window").rect().right() + 12.0;
    for row in rows {
        assert!(window.contains_rect(row), "a row at {row:?} out of the window's {window:?}");
        assert!(row.right() <= frame_right, "a row at {row:?} past the frame at {frame_right}");
    }
    assert!(window.bottom() <= 540.0, "the window fits the screen: {window:?}");
}

#[test]
fn the_gm_lets_the_party_run_and_the_result_says_how_it_was_played() {
    let mut w = duel();
    odds(&mut w);
    w.harness.state_mut().view.odds.runs = 200;
    w.harness.get_by_label("The party runs once half of it is down").click();
    w.settle();
    w.press("Run the fights");
    wait_for(&mut w, "The party wins");
    assert!(w.harness.query_by_label_contains("The party runs once half of it is out").is_some());
    assert!(w.harness.query_by_label_contains("The party never runs away").is_none());
}

#[test]
fn the_figures_fill_in_while_the_fights_go_on_and_cancel_keeps_them() {
    let mut w = even_duel();
    odds(&mut w);
    w.harness.state_mut().view.odds.runs = fray_app::simulate::odds::MAX_RUNS;
    // The finest precision: an even duel takes tens of thousands of fights to reach it.
    choose_precision(&mut w, "±0.5");
    w.press("Run the fights");
    assert!(w.harness.query_by_label_contains("at most 100000").is_some());
    // After the first look (400 fights) the figures show, while the run goes on; the count
    // under them is that of a look, 400 or a few hundred more.
    wait_for(&mut w, "counted so far; the run goes on");
    assert!(w.harness.query_by_label("The party wins").is_some());
    let count = w.harness.get_by_label_contains("counted so far; the run goes on");
    let node = count.accesskit_node();
    let count = node.label().or_else(|| node.value()).unwrap_or_default();
    let before = count.split(" fights (counted").next().unwrap_or_default();
    let fights: u32 = before.rsplit(' ').next().unwrap_or_default().parse().expect(&count);
    assert!(fights.is_multiple_of(400) && fights < 38_000, "{fights} fights shown");
    // The count under the figures says the run goes on, not that it reached its cap.
    assert!(w.harness.query_by_label_contains("counted so far; the run goes on").is_some());
    assert!(w.harness.query_by_label_contains("the most asked for").is_none());
    assert!(w.app().view.odds.running());
    w.press("Cancel");
    wait_for(&mut w, "cancelled; the figures are those of the fights counted");
    assert!(w.harness.query_by_label("The party wins").is_some());
    assert!(w.harness.query_by_label_contains("the run goes on").is_none());
    assert!(w.harness.query_by_label_contains("fights so far").is_none(), "the bar is gone");
    assert!(!w.app().view.odds.running());
}

/// Picks a precision in the sentence "it stops sooner once every figure is within ±2 points.":
/// the choice is labelled by the word after it.
fn choose_precision(w: &mut Window, points: &str) {
    w.harness.get_by_label("points.").click();
    w.settle();
    w.harness.get_by_label(points).click();
    w.settle();
}

#[test]
fn a_lopsided_fight_stops_at_the_points_asked_and_a_hidden_run_goes_on() {
    let mut w = duel();
    odds(&mut w);
    w.press("Run the fights");
    wait_for(&mut w, "stopped once every figure was within ±2 points");
    // A quick look stops at the first 400 fights: every figure is within ±5 there.
    choose_precision(&mut w, "±5");
    w.press("Run the fights");
    wait_for(&mut w, "400 fights (stopped once every figure was within ±5 points)");

    // Hidden while it runs, the run goes on; opened again, the result is there.
    w.harness.state_mut().view.odds.runs = 200;
    w.press("Run the fights");
    w.harness.get_by_label("Close window").click();
    w.settle();
    assert!(w.harness.query_by_label("Encounter odds").is_none(), "hidden");
    let start = Instant::now();
    while w.app().view.odds.running() {
        assert!(start.elapsed() < Duration::from_secs(120));
        std::thread::sleep(Duration::from_millis(50));
        w.harness.run_steps(2);
    }
    odds(&mut w);
    wait_for(&mut w, "The party wins");
}

#[test]
fn the_odds_of_one_encounter_go_when_another_is_opened() {
    let mut w = duel();
    odds(&mut w);
    w.harness.state_mut().view.odds.runs = 200;
    w.press("Run the fights");
    wait_for(&mut w, "The party wins");
    let other = w
        .app()
        .model
        .db
        .encounters()
        .list()
        .unwrap()
        .into_iter()
        .find(|e| e.name == "Another road")
        .unwrap()
        .id;
    let app = w.harness.state_mut();
    fray_ui::window::apply(
        &mut app.model,
        &mut app.view,
        fray_ui::window::Action::OpenEncounter(other),
    );
    w.settle();
    assert_eq!(w.session().state().name, "Another road");
    assert!(w.harness.query_by_label("Encounter odds").is_some(), "the window stays open");
    assert!(
        w.harness.query_by_label_contains("The party wins").is_none(),
        "no odds of another fight"
    );
}
