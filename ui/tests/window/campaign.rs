//! Between fights, as the GM does it: *End the fight…* opens the review of what lasts, a
//! line unticked keeps its field, *Apply* writes the rest back in one undoable step and ends
//! the fight; the party window rests the party and undoes steps. All on a real SQLite file.

use crate::common;

use crate::common::Window;
use egui_kittest::kittest::Queryable;
use fray_app::Command;
use fray_app::ids::SideId;
use fray_data::{CharacterId, Db, NewCharacter};
use fray_ui::window::{Action, CampaignAction, apply};

/// A Block, Dodge, Parry fight with Harald from the library, hurt in it: 3 HP lost, 2
/// Fatigue, an arm wound and knocked prone.
fn hurt_fight() -> (Window, CharacterId) {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let sheet = serde_json::json!({"tracks": {"hp": 5, "str": 13, "dex": 12, "wil": 10,
        "fatigue": {"value": 0, "max": 10}}, "stats": {"armor": 2}});
    let new = NewCharacter {
        system: "bdp".parse().unwrap(),
        name: "Harald".into(),
        tags: vec![],
        sheet,
        party: None,
    };
    let id = db.characters().insert(&new).unwrap();
    let harald = db.characters().get(id).unwrap().unwrap();
    let mut w = common::window_with(dir, db);
    let app = w.harness.state_mut();
    apply(
        &mut app.model,
        &mut app.view,
        Action::NewEncounter { system: "bdp".parse().unwrap(), name: "Crypt".into() },
    );
    let combatant = harald.to_combatant(SideId(0));
    apply(&mut app.model, &mut app.view, Action::AddCombatant { combatant, party: true, count: 1 });
    let who = app.model.session.as_ref().unwrap().state().combatant_named("Harald").unwrap().id;
    for command in [
        Command::AdjustTrack { id: who, track: "hp".into(), delta: -3 },
        Command::AdjustTrack { id: who, track: "fatigue".into(), delta: 2 },
        Command::AddCondition { id: who, condition: "arm wound".into() },
        Command::AddCondition { id: who, condition: "prone".into() },
    ] {
        apply(&mut app.model, &mut app.view, Action::Game(command));
    }
    app.model.selected = Some(who);
    w.settle();
    (w, id)
}

fn condition(w: &Window, id: CharacterId) -> String {
    let db = &w.app().model.db;
    let c = db.characters().get(id).unwrap().unwrap();
    fray_app::campaign::company::Member::new("bdp".parse().unwrap(), &c.name, &c.sheet, c.condition)
        .summary()
}

#[test]
fn the_review_writes_back_the_lines_kept_in_one_step_that_undo_takes_back() {
    let (mut w, id) = hurt_fight();
    assert_eq!(condition(&w, id), "unhurt");
    w.press("End the fight…");
    // What lasts, one line each; prone ends with the fight and is not offered.
    for line in ["HP 5 → 2", "Fatigue 0 → 2", "Arm wound"] {
        assert!(w.harness.query_by_label(line).is_some(), "no line {line}");
    }
    assert!(w.harness.query_by_label_contains("Prone").is_none(), "prone ends with the fight");
    // The GM keeps the Fatigue as it was.
    w.harness.get_by_label("Fatigue 0 → 2").click();
    w.settle();
    w.press("Apply");
    assert_eq!(condition(&w, id), "HP 2/5 · Arm wound");
    // The fight is over: read-only, and it says so.
    assert!(w.harness.query_by_label("Reopen the fight…").is_some());
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, Action::Game(Command::Narrate { text: "More".into() }));
    let status = app.model.status.clone().unwrap();
    assert!(status.error && status.text.contains("This fight is over"), "{status:?}");
    w.settle();
    // The card shows how Harald stands between fights.
    assert!(w.harness.query_by_label("HP 2/5 · Arm wound").is_some(), "the card's condition");
    // The party window undoes the write-back: Harald unhurt, the fight open again.
    w.press("Party…");
    w.press("Undo the last step");
    assert_eq!(condition(&w, id), "unhurt");
    assert!(!w.app().model.fight_ended(), "the fight is open again");
    assert!(w.harness.query_by_label("Reopen the fight…").is_none());
}

#[test]
fn a_rest_from_the_party_window_heals_by_the_procedures_rules() {
    let (mut w, id) = hurt_fight();
    w.press("End the fight…");
    w.press("Apply");
    assert_eq!(condition(&w, id), "HP 2/5 · Fatigue 2 · Arm wound");
    w.press("Party…");
    assert_eq!(
        w.harness.query_all_by_label("HP 2/5 · Fatigue 2 · Arm wound").count(),
        2,
        "the card and the party window"
    );
    // A night's sleep: HP back, Fatigue cleared; the arm wound waits for serious care.
    w.press("A night's sleep");
    assert_eq!(condition(&w, id), "Arm wound");
    // The arm wound healed by hand.
    w.press("Healed");
    assert_eq!(condition(&w, id), "unhurt");
    w.press("Undo the last step");
    assert_eq!(condition(&w, id), "Arm wound");
    // Reopening the fight asks first.
    w.press("Reopen the fight…");
    w.press("Reopen");
    assert!(!w.app().model.fight_ended());
    // Harald enters the next fight as he is now: the arm wound on his token.
    let harald = w.app().model.db.characters().get(id).unwrap().unwrap();
    let app = w.harness.state_mut();
    apply(
        &mut app.model,
        &mut app.view,
        Action::NewEncounter { system: "bdp".parse().unwrap(), name: "Second".into() },
    );
    let combatant = harald.to_combatant(SideId(0));
    apply(&mut app.model, &mut app.view, Action::AddCombatant { combatant, party: true, count: 1 });
    let state = app.model.session.as_ref().unwrap().state();
    let h = state.combatant_named("Harald").unwrap();
    assert!(h.conditions.contains("arm wound"));
    assert_eq!(h.track("hp").unwrap().value, 5);
}

/// Not a test: writes the database docs/between-fights.md's screenshots come from (a
/// Block, Dodge, Parry fight with the bundled party hurt, two skeletons down), at the scale
/// in `FRAY_SHOT_SCALE`. Run with `FRAY_SHOT_DB=/tmp/shot.db cargo test -p fray-ui --test
/// window_campaign -- --ignored shot`, then open the window on it.
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
    let search = fray_data::Search::default().system("bdp".parse().unwrap());
    let party = db.characters().search(&search).unwrap();
    let foes = db
        .creatures()
        .search(&fray_data::Search::text("skeleton").system("bdp".parse().unwrap()))
        .unwrap();
    let mut s = fray_data::Session::create(&db, "bdp".parse().unwrap(), "The crypt", 7).unwrap();
    for (name, colour, party) in [("Party", "#3366cc", true), ("Dead", "#aa3333", false)] {
        s.apply(Command::AddSide { name: name.into(), colour: colour.into(), party }).unwrap();
    }
    s.apply(Command::AddZone {
        name: "Burial hall".into(),
        capacity: None,
        rect: fray_app::encounter::BoardRect { x: 20.0, y: 20.0, w: 760.0, h: 420.0 },
    })
    .unwrap();
    let zone = s.state().zone_named("Burial hall").map(|z| z.id);
    for c in &party {
        let mut new = c.to_combatant(s.state().side_named("Party").unwrap().id);
        new.zone = zone;
        s.apply(Command::AddCombatant { combatant: Box::new(new), count: 1 }).unwrap();
    }
    for c in foes.iter().take(2) {
        let mut new = c.to_combatant(s.state().side_named("Dead").unwrap().id);
        new.zone = zone;
        s.apply(Command::AddCombatant { combatant: Box::new(new), count: 1 }).unwrap();
    }
    let id = |s: &fray_data::Session, n: &str| s.state().combatant_named(n).unwrap().id;
    let edits = [
        ("Harald", Command::AdjustTrack { id: id(&s, "Harald"), track: "hp".into(), delta: -4 }),
        (
            "Harald",
            Command::AdjustTrack { id: id(&s, "Harald"), track: "fatigue".into(), delta: 3 },
        ),
        ("Harald", Command::AddCondition { id: id(&s, "Harald"), condition: "lost an eye".into() }),
        ("Narvi", Command::AdjustTrack { id: id(&s, "Narvi"), track: "hp".into(), delta: -6 }),
        ("Narvi", Command::AdjustTrack { id: id(&s, "Narvi"), track: "str".into(), delta: -3 }),
        ("Narvi", Command::AddCondition { id: id(&s, "Narvi"), condition: "arm wound".into() }),
        ("Elmyra", Command::AdjustTrack { id: id(&s, "Elmyra"), track: "hp".into(), delta: -2 }),
        ("Thibaldus", Command::AddCondition { id: id(&s, "Thibaldus"), condition: "fled".into() }),
    ];
    for (_, command) in edits {
        s.apply(command).unwrap();
    }
    for foe in foes.iter().take(2) {
        let who = id(&s, &foe.name);
        s.apply(Command::AddCondition { id: who, condition: "dead".into() }).unwrap();
    }
    db.settings().set_json(fray_ui::window::LAST_ENCOUNTER_KEY, &s.encounter_id().0).unwrap();
}

#[test]
fn a_recurring_foe_is_written_back_and_a_plain_one_is_not() {
    let (mut w, _) = hurt_fight();
    let db = &w.app().model.db;
    let block = serde_json::json!({"tracks": {"hp": 8, "str": 12, "dex": 10, "wil": 9}});
    let new = |name: &str| fray_data::NewCreature {
        system: "bdp".parse().unwrap(),
        name: name.into(),
        tags: vec![],
        block: block.clone(),
    };
    let chief = db.creatures().insert(&new("Bandit chief")).unwrap();
    let thug = db.creatures().insert(&new("Thug")).unwrap();
    let app = w.harness.state_mut();
    let recurring = fray_ui::window::LibraryAction::SetRecurring { id: chief, recurring: true };
    apply(&mut app.model, &mut app.view, Action::Library(recurring));
    for id in [chief, thug] {
        let c = app.model.db.creatures().get(id).unwrap().unwrap();
        apply(
            &mut app.model,
            &mut app.view,
            Action::AddCombatant { combatant: c.to_combatant(SideId(0)), party: false, count: 1 },
        );
    }
    for name in ["Bandit chief", "Thug"] {
        let who = app.model.session.as_ref().unwrap().state().combatant_named(name).unwrap().id;
        apply(
            &mut app.model,
            &mut app.view,
            Action::Game(Command::AdjustTrack { id: who, track: "hp".into(), delta: -5 }),
        );
    }
    w.settle();
    w.press("End the fight…");
    // The chief's line only: the thug is a template.
    assert_eq!(w.harness.query_all_by_label("HP 8 → 3").count(), 1, "the recurring foe alone");
    w.press("Apply");
    let db = &w.app().model.db;
    assert_eq!(db.creatures().get(chief).unwrap().unwrap().condition.tracks["hp"], 3);
    assert!(
        db.creatures().get(thug).unwrap().unwrap().condition.is_whole(),
        "a plain creature is a template"
    );
}

#[test]
fn the_tray_rolls_into_todays_session_with_no_fight_open() {
    let mut w = common::window();
    assert!(w.app().model.session.is_none());
    w.type_into("Notation", "2d6+1");
    w.press("Roll");
    let db = &w.app().model.db;
    let today = db.play_sessions().list().unwrap();
    assert_eq!(today.len(), 1, "the day's first roll starts the session");
    let log = db.play_sessions().log(today[0].id).unwrap();
    assert!(
        matches!(log.parts.as_slice(), [fray_app::campaign::session::Part::Roll(r)] if r.dice.to_string() == "2d6+1")
    );
    let md = fray_app::campaign::export::session_markdown(&log);
    assert!(md.contains("Rolled `2d6+1`"), "{md}");
}

/// Another program heals Harald while the window is open (the window showed HP 5): the window
/// reads the party again by itself; a review the GM made before is refused with what changed
/// rather than written over it; made again, it starts from HP 4.
#[test]
fn a_change_by_another_program_reaches_the_window_and_a_stale_review_is_refused() {
    let (mut w, id) = hurt_fight();
    let key = format!("character:{}", id.0);
    let hp = |w: &Window| {
        let m = &w.app().model.company.members[&key];
        m.condition.track(&m.sheet, "hp").unwrap()
    };
    assert_eq!(hp(&w), 5);
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, Action::ReviewFight);
    let stale = app.view.campaign.review.clone();
    // A second program on the same file: `fray session heal Harald hp -1`.
    let other = Db::open(w.path("fray.db")).unwrap();
    let day = other.play_sessions().current(&fray_ui::window::campaign_ops::today()).unwrap();
    other
        .campaign()
        .take(day, "bdp".parse().unwrap(), None, |c| Ok(c.heal(&key, "hp", -1).unwrap()))
        .unwrap();
    w.settle();
    assert_eq!(hp(&w), 4, "the window read the party again");
    let review = stale.expect("the review was open").review().clone();
    let app = w.harness.state_mut();
    apply(
        &mut app.model,
        &mut app.view,
        Action::Campaign(CampaignAction::ApplyReview(Box::new(review))),
    );
    let status = app.model.status.clone().unwrap();
    assert!(
        status.error && status.text.contains("changed since it was read (HP 5 → 4)"),
        "{status:?}"
    );
    assert_eq!(condition(&w, id), "HP 4/5", "nothing written over the other program's step");
}

/// Sovereign's first aid is the healer's (1d6 + the healer's Heal): the Party window names who
/// tends. Without a healer the rest is refused by name; tended by Dessa (Heal 2), Brina gets
/// the die + 2 and the step keeps the healer, so the session replays.
#[test]
fn the_party_window_names_who_tends_for_first_aid() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let insert = |name: &str, sheet: serde_json::Value| {
        let new = NewCharacter {
            system: "sovereign".parse().unwrap(),
            name: name.into(),
            tags: vec![],
            sheet,
            party: None,
        };
        db.characters().insert(&new).unwrap()
    };
    let brina = insert("Brina", serde_json::json!({"tracks": {"hp": 12}, "stats": {"heal": 0}}));
    insert("Dessa", serde_json::json!({"tracks": {"hp": 9}, "stats": {"heal": 2}}));
    let key = format!("character:{}", brina.0);
    let day = db.play_sessions().current(&fray_ui::window::campaign_ops::today()).unwrap();
    db.campaign()
        .take(day, "sovereign".parse().unwrap(), None, |c| Ok(c.heal(&key, "hp", -10).unwrap()))
        .unwrap();
    let mut w = common::window_with(dir, db);
    let app = w.harness.state_mut();
    let new = Action::NewEncounter { system: "sovereign".parse().unwrap(), name: "Camp".into() };
    apply(&mut app.model, &mut app.view, new);
    w.settle();
    w.press("Party…");
    let hp = |w: &Window| {
        let m = &w.app().model.company.members[&key];
        m.condition.track(&m.sheet, "hp").unwrap()
    };
    assert_eq!(hp(&w), 2);
    w.press("First aid");
    let status = w.app().model.status.clone().unwrap();
    assert!(status.error && status.text.contains("First aid needs a healer"), "{status:?}");
    assert_eq!(hp(&w), 2, "nothing written");
    // The pick list is there; the rest is sent as its choice sends it.
    w.harness.get_by_label("Healer");
    let dessa = w.app().model.company.named("Dessa").unwrap().to_owned();
    let app = w.harness.state_mut();
    let rest =
        CampaignAction::Rest { rest: "first-aid".into(), who: vec![key.clone()], by: Some(dessa) };
    apply(&mut app.model, &mut app.view, Action::Campaign(rest));
    w.settle();
    let log = w.app().model.db.play_sessions().log(day).unwrap();
    let fray_app::campaign::session::Part::Step(step) = log.parts.last().unwrap() else {
        panic!("the rest is the evening's last part")
    };
    let die = step.rolls[0].total;
    assert_eq!(hp(&w), (2 + die + 2).min(12), "1d6 ({die}) + Dessa's Heal 2");
    log.replay().unwrap_or_else(|e| panic!("{e}"));
}

/// A rest for the party rests who played tonight, says whom, and the whole roster only when
/// the GM ticks it: Brenna, in the library but in no fight tonight, stays as she is.
#[test]
fn a_rest_for_the_party_rests_who_played_tonight_and_says_whom() {
    let (mut w, harald) = hurt_fight();
    let sheet = serde_json::json!({"tracks": {"hp": 5, "str": 11, "dex": 12, "wil": 10,
        "fatigue": {"value": 0, "max": 10}}});
    let new = NewCharacter {
        system: "bdp".parse().unwrap(),
        name: "Brenna".into(),
        tags: vec![],
        sheet,
        party: None,
    };
    let brenna = w.app().model.db.characters().insert(&new).unwrap();
    // Written straight to the library: the window rereads it as after any change of it.
    w.harness.state_mut().model.library_version += 1;
    w.harness.state_mut().model.sync_company();
    w.settle();
    let key = w.app().model.company.named("Brenna").unwrap().to_owned();
    let app = w.harness.state_mut();
    let harm = CampaignAction::Heal { who: key, track: "hp".into(), amount: -2 };
    apply(&mut app.model, &mut app.view, Action::Campaign(harm));
    w.settle();
    assert_eq!(condition(&w, brenna), "HP 3/5");
    w.press("End the fight…");
    w.press("Apply");
    assert_eq!(condition(&w, harald), "HP 2/5 · Fatigue 2 · Arm wound");
    w.press("Party…");
    assert!(w.harness.query_by_label("For who played tonight: Harald").is_some(), "says whom");
    w.press("A night's sleep");
    assert_eq!(condition(&w, harald), "Arm wound", "Harald fought tonight: he rests");
    assert_eq!(condition(&w, brenna), "HP 3/5", "Brenna did not fight: she does not");
    let roster = w.app().model.company.members.len();
    w.harness.get_by_label(&format!("Everyone on the roster ({roster})")).click();
    w.settle();
    w.press("A night's sleep");
    assert_eq!(condition(&w, brenna), "unhurt", "the whole roster, when ticked");
}

/// One export path: a scripted evening saved with `fray play --save`, exported by `fray
/// session export` and by the Party window's *Export the session* (the action its button
/// gives), is the same file to the byte, in each format (the chat text and the recap card
/// too), for the players and for the GM.
#[test]
fn the_windows_session_export_is_the_command_lines_to_the_byte() {
    use fray_app::journal::{Audience, Format};
    use fray_ui::share::SessionFormat;
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("fray.db");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/scenarios/sovereign-campaign.fray");
    let fray = |args: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_fray"))
            .arg("--db")
            .arg(&db_path)
            .args(args)
            .output()
            .expect("fray runs");
        assert!(o.status.success(), "fray {args:?}: {}", String::from_utf8_lossy(&o.stderr));
        o.stdout
    };
    fray(&["play", script.to_str().unwrap(), "--save", "--format", "json"]);
    let db = Db::open(&db_path).unwrap();
    let id = db.play_sessions().list().unwrap()[0].id;
    let mut w = common::window_with(dir, db);
    let formats = [
        (SessionFormat::Text(Format::Html), "html"),
        (SessionFormat::Text(Format::Markdown), "md"),
        (SessionFormat::Text(Format::Json), "json"),
        (SessionFormat::Chat, "chat"),
        (SessionFormat::Png, "png"),
    ];
    for (format, ext) in formats {
        for (audience, whom) in [(Audience::Players, "players"), (Audience::Gm, "gm")] {
            let id_text = id.0.to_string();
            let cli =
                fray(&["session", "export", "--id", &id_text, "--format", ext, "--for", whom]);
            let path = w.path(&format!("window-{whom}.{ext}"));
            let app = w.harness.state_mut();
            let export =
                CampaignAction::Export { format, audience, path: path.clone(), session: Some(id) };
            apply(&mut app.model, &mut app.view, Action::Campaign(export));
            let written = std::fs::read(&path).expect("the window wrote the session");
            assert!(written.len() > 300, "{ext} for the {whom}");
            assert!(
                written == cli,
                "{ext} for the {whom}: the window's export differs from the CLI's"
            );
        }
    }
}

/// The Party window's session part reads the store: when it cannot be read (here another
/// program dropped its table), it says so in the error colour, never "no session yet".
#[test]
fn the_party_window_says_when_the_sessions_cannot_be_read() {
    let (mut w, _) = hurt_fight();
    w.press("Party…");
    w.harness.get_by_label("Start a new session").scroll_to_me();
    w.settle();
    w.harness.get_by_label_contains("Today's session");
    let path = w.dir.path().join("fray.db");
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("PRAGMA foreign_keys = OFF; DROP TABLE play_sessions;").unwrap();
    w.settle();
    w.harness.get_by_label_contains("The sessions could not be read: ");
    assert!(w.harness.query_by_label_contains("Today's session").is_none());
    assert!(w.harness.query_by_label("Start a new session").is_none());
}

/// *Copy the recap card* puts the evening's card on the clipboard: the players' (the export's
/// choice by default), the very picture `fray session export --format png` writes.
#[test]
fn copy_the_recap_card_puts_the_players_card_on_the_clipboard() {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("fray.db");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/scenarios/sovereign-campaign.fray");
    let fray = |args: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_fray"))
            .arg("--db")
            .arg(&db_path)
            .args(args)
            .output()
            .expect("fray runs");
        assert!(o.status.success(), "fray {args:?}: {}", String::from_utf8_lossy(&o.stderr));
        o.stdout
    };
    fray(&["play", script.to_str().unwrap(), "--save", "--format", "json"]);
    let png = fray(&["session", "export", "--format", "png", "--for", "players"]);
    let db = Db::open(&db_path).unwrap();
    let fight = db.encounters().list().unwrap()[0].id;
    let mut w = common::window_with(dir, db);
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, Action::OpenEncounter(fight));
    w.settle();
    w.press("Party…");
    w.harness.get_by_label("Copy the recap card").scroll_to_me();
    w.settle();
    w.harness.get_by_label("Copy the recap card").click();
    let mut copied = None;
    for _ in 0..4 {
        w.harness.step();
        for command in &w.harness.output().platform_output.commands {
            if let eframe::egui::OutputCommand::CopyImage(image) = command {
                copied = Some(image.clone());
            }
        }
    }
    let copied = copied.expect("a picture on the clipboard");
    assert_eq!(copied.size, [1200, 1500]);
    let written = image::load_from_memory(&png).expect("the card decodes").into_rgba8();
    let same = copied.pixels.iter().zip(written.pixels()).all(|(c, p)| c.to_array() == p.0);
    assert!(same, "the clipboard's card is the exported one");
    let status = w.app().model.status.as_ref().map(|s| s.text.clone()).unwrap_or_default();
    assert!(status.contains("on the clipboard"), "{status}");
}
