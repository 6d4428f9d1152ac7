//! The recap in the window and on the TV: *Recap…* opens the recap of the open fight
//! (headline, bars, lines, a row per combatant, the dice), it opens by itself when the fight
//! is ended, and *Show on the TV* puts the players' recap in the player window — with nothing
//! of the foe still hidden from them and no secret roll. All on a real SQLite file.

use crate::common;

use crate::common::Window;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_data::Db;
use fray_ui::window::{Action, apply};

/// Every label the window shows with `text` in it.
fn labels(w: &Window, text: &str) -> Vec<String> {
    w.harness
        .query_all_by_label_contains(text)
        .filter_map(|n| n.accesskit_node().label().or(n.accesskit_node().value()))
        .collect()
}

/// A freeform ambush: Ann hurts the ogre twice, the ogre hurts Ann; the spy stays hidden and
/// the GM rolls a secret die for it.
fn ambush() -> Window {
    ambush_drawn(false)
}

/// The ambush, drawn for real (wgpu) when `drawn`, for image snapshots.
fn ambush_drawn(drawn: bool) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let script = "system freeform\nname \"The ambush\"\nseed 3\n\
        side Party party colour #3366cc\nside Foes colour #aa3333\nzone Road\n\
        add Ann side Party zone Road track hp=7/7\n\
        add Ogre side Foes zone Road track hp=12/12\n\
        add Spy side Foes zone Road track hp=4/4\n\
        next\n\
        roll d20 by Ann\ntrack Ogre hp -5\n\
        roll d20 by Ogre\ntrack Ann hp -2\n\
        roll d20 by Ann\ntrack Ogre hp -4\n";
    common::store_fight(&db, script, "freeform", "The ambush", 3);
    if drawn {
        // The evening named, not "Session of <today>": an image must not change with the date.
        let today = fray_ui::window::campaign_ops::today();
        db.play_sessions().start("The night of the ambush", &today).unwrap();
    }
    let mut w = if drawn {
        common::window_rendered(dir, db, eframe::egui::vec2(1600.0, 1000.0))
    } else {
        common::window_with(dir, db)
    };
    // The GM's secret roll for the spy.
    let app = w.harness.state_mut();
    let command = fray_app::Command::Roll {
        dice: fray_app::dice::Dice::parse("d6").unwrap(),
        label: "the spy slips away".into(),
        roller: None,
        secret: true,
    };
    apply(&mut app.model, &mut app.view, Action::Game(command));
    w.settle();
    w
}

#[test]
fn the_recap_window_shows_the_fight_in_figures() {
    let mut w = ambush();
    w.press("Recap…");
    assert!(!labels(&w, "1 round.").is_empty(), "the headline");
    assert!(!labels(&w, "Biggest blow: Ann on Ogre, 5 HP in round 1.").is_empty());
    // Ann's row: 9 dealt, 2 taken (each lowered by hand after the striker's roll); the
    // dice: the app's three d20s and the secret d6.
    assert!(!labels(&w, "9 HP").is_empty() && !labels(&w, "2 HP").is_empty());
    assert!(!labels(&w, "The app's d20s: 3 rolls").is_empty());
    assert!(!labels(&w, "The app's d6s: 1 roll").is_empty(), "the GM sees the secret roll");
    assert!(!labels(&w, "How Fray counts in Freeform").is_empty());
}

/// Opens the player window and shows the fight's recap on it, as the GM does.
fn recap_on_the_tv(w: &mut Window) {
    w.harness.get_by_label("Players").click();
    w.settle();
    w.press("Open the player window");
    w.press("Recap…");
    w.press("Show on the TV");
}

#[test]
fn the_tv_shows_the_players_recap_without_the_hidden_spy_or_the_secret_roll() {
    let mut w = ambush();
    recap_on_the_tv(&mut w);
    assert!(w.session().state().table.view.recap, "the players' view is the recap");
    // The TV says the fight's figures in its own words.
    assert!(!labels(&w, "Ann").is_empty());
    assert!(
        !labels(&w, "Biggest blow: Ann on Ogre in round 1.").is_empty(),
        "no numbers of foes shown as words"
    );
    // The GM's recap closed, what is left of it is the TV's.
    w.harness.state_mut().view.campaign.recap.open = false;
    w.settle();
    assert!(!labels(&w, "The app's d20s: 3 rolls").is_empty(), "the dice the table saw");
    assert!(labels(&w, "d6s").is_empty(), "the secret d6 is not on the TV");
    // The GM's window names the spy (its card); the TV's lines never do.
    let tv: Vec<String> = labels(&w, "")
        .into_iter()
        .filter(|l| l.contains("blow") || l.contains("rolls") || l.contains("round"))
        .collect();
    assert!(!tv.is_empty());
    assert!(!tv.iter().any(|l| l.contains("Spy")), "the hidden spy: {tv:?}");
    // And back to the board.
    w.press("Recap…");
    w.press("Show the board on the TV again");
    assert!(!w.session().state().table.view.recap);
}

/// The recap on the TV stands inside the player window (issue 64: its lines and rows ran past
/// the window's right edge, cut there): every piece of text painted in the window is inside
/// it and inside the rectangle it is clipped to, a line longer than the window wrapped.
#[test]
fn the_tvs_recap_wraps_inside_the_player_window() {
    use eframe::egui::accesskit::Role;
    let mut w = ambush();
    recap_on_the_tv(&mut w);
    w.harness.state_mut().view.campaign.recap.open = false;
    w.settle();
    let window = w
        .harness
        .root()
        .children_recursive()
        .find(|n| {
            let node = n.accesskit_node();
            node.role() == Role::Window && node.label().as_deref() == Some("Fray — for the players")
        })
        .expect("the player window")
        .rect();
    // What the window painted: the text clipped to a part of it.
    let inside: Vec<_> = common::words::painted(&w)
        .into_iter()
        .filter(|p| window.expand(0.5).contains_rect(p.clip) && p.shown())
        .collect();
    for line in ["The ambush", "Ann", "Ogre"] {
        assert!(inside.iter().any(|p| p.text == line), "'{line}' painted in the window");
    }
    // The headline's longest line (wider than the window at its size) is painted, not left out.
    let long = "Their foes had the upper hand";
    assert!(inside.iter().any(|p| p.text.starts_with(long)), "the long line is painted");
    let cut: Vec<String> = inside
        .iter()
        .filter(|p| {
            !window.expand(0.5).contains_rect(p.rect) || p.cut_sideways() || p.cut_up_or_down()
        })
        .map(|p| format!("'{}' at {:?} (clipped to {:?}) in {window:?}", p.text, p.rect, p.clip))
        .collect();
    assert!(cut.is_empty(), "cut by the window's edge:\n{}", cut.join("\n"));
}

#[test]
fn ending_the_fight_opens_its_recap() {
    let mut w = ambush();
    assert!(labels(&w, "Biggest blow").is_empty(), "closed while the fight goes on");
    w.press("End the fight…");
    w.press("Apply");
    assert!(w.app().model.fight_ended());
    assert!(!labels(&w, "Biggest blow: Ann on Ogre").is_empty(), "the recap opened by itself");
    // The ended fight still takes what the table is shown.
    w.press("Show on the TV");
    assert!(w.session().state().table.view.recap);
}

#[test]
fn the_party_window_shows_the_evenings_recap() {
    let mut w = ambush();
    w.press("End the fight…");
    w.press("Apply");
    w.harness.state_mut().view.campaign.recap.open = false;
    w.settle();
    w.press("Party…");
    w.press("The evening's recap…");
    assert!(!labels(&w, "The evening: ").is_empty(), "the evening's window");
    assert!(!labels(&w, "1 fight.").is_empty());
    assert!(!labels(&w, "How the evening's dice fell").is_empty());
    // Ann's evening: one fight, 9 dealt, 2 taken.
    let ann = w
        .app()
        .view
        .campaign
        .party
        .evening
        .as_ref()
        .unwrap()
        .party
        .iter()
        .find(|p| p.name == "Ann");
    let ann = ann.expect("Ann fought this evening");
    assert_eq!(
        (ann.fights, ann.dealt.values().sum::<i64>(), ann.taken.values().sum::<i64>()),
        (1, 9, 2)
    );
}

/// What the TV and the GM's recap window look like (`UPDATE_SNAPSHOTS=1` rewrites them; look
/// at the diff).
#[test]
fn the_recap_window_and_the_tv_look_as_they_should() {
    let mut w = ambush_drawn(true);
    w.press("Recap…");
    w.snapshot("recap_window");
    w.harness.get_by_label("Players").click();
    w.settle();
    w.press("Open the player window");
    // The recap is still open (Recap… again would close it: it toggles).
    w.press("Show on the TV");
    w.harness.state_mut().view.campaign.recap.open = false;
    w.settle();
    w.snapshot("recap_on_the_tv");
    w.harness.state_mut().view.players.open = false;
    w.settle();
    w.press("End the fight…");
    w.press("Apply");
    w.harness.state_mut().view.campaign.recap.open = false;
    w.press("Party…");
    w.press("The evening's recap…");
    w.harness.state_mut().view.campaign.party.open = false;
    w.settle();
    w.snapshot("recap_of_the_evening");
}

/// Not a test: readies the database the screenshots of the recap (docs/recap.md) come from: the
/// last encounter stored opens, at the scale in `FRAY_SHOT_SCALE`, dark. Store a fight first
/// (`fray --db /tmp/recap.db play tests/scenarios/murdham-reactions.fray --save`), run
/// `FRAY_SHOT_DB=/tmp/recap.db cargo test -p fray-ui --test window -- --ignored recap::shot`,
/// end the fight (`fray --db /tmp/recap.db session end-fight 1`), then open the window.
#[test]
#[ignore = "prepares a database for screenshots"]
fn shot() {
    let Ok(path) = std::env::var("FRAY_SHOT_DB") else { return };
    fray_app::systems::registry();
    let db = Db::open(&path).unwrap();
    let scale: u32 =
        std::env::var("FRAY_SHOT_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(100);
    let prefs = fray_ui::window::Prefs { scale_percent: scale, dark: true };
    db.settings().set_json(fray_ui::window::PREFS_KEY, &prefs).unwrap();
    let last = db.encounters().list().unwrap().into_iter().map(|e| e.id).max().expect("a fight");
    db.settings().set_json(fray_ui::window::LAST_ENCOUNTER_KEY, &last.0).unwrap();
}
