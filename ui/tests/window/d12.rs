//! A d12 declared-action fight driven through the window like a GM: a new encounter (with
//! its copy of the library's injury tables), the party and the monsters dragged from the
//! library, base initiative (a shared roll for the hobgoblins) and declarations with their
//! counts, the counting up from the lowest, a simultaneous count where a fallen hobgoblin
//! still shoots, critical hits with a combat injury from the Blunt table, and the monsters'
//! morale before the round may end. Every die is typed into the dice window.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::EventKind;
use fray_data::{Db, Session};

fn stat(w: &Window, who: &str, stat: &str) -> Option<i64> {
    w.session().state().combatant_named(who).unwrap().stat(stat)
}

fn has(w: &Window, who: &str, condition: &str) -> bool {
    w.session().state().combatant_named(who).unwrap().conditions.contains(condition)
}

fn acting(w: &Window) -> Vec<String> {
    let state = w.session().state();
    state.acting().iter().map(|id| state.name_of(*id)).collect()
}

/// The count acting now.
fn count(w: &Window) -> Option<i64> {
    let state = w.session().state();
    state.turn.and_then(|t| state.order.get(t)).and_then(|e| e.count)
}

/// Clicks the `nth` (from 0) of the buttons labelled `label`: the same strike listed under
/// each foe, in the order of the foes.
fn press_nth(w: &mut Window, label: &str, nth: usize) {
    let missing = format!("no button #{nth} labelled {label:?}");
    w.harness
        .get_all_by_role_and_label(Role::Button, label)
        .nth(nth)
        .expect(&missing)
        .scroll_to_me();
    w.settle();
    w.harness.get_all_by_role_and_label(Role::Button, label).nth(nth).expect(&missing).click();
    w.settle();
}

/// Ticks the toggle `label` among the answers (a base initiative to roll, a side
/// surprised), scrolling to it first.
fn tick(w: &mut Window, label: &str) {
    w.harness.get_by_role_and_label(Role::CheckBox, label).scroll_to_me();
    w.settle();
    w.harness.get_by_role_and_label(Role::CheckBox, label).click();
    w.settle();
}

/// Whether the toggle `label` is ticked.
fn ticked(w: &Window, label: &str) -> bool {
    let node = w.harness.get_by_role_and_label(Role::CheckBox, label);
    node.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
}

/// What the toggle `label` says beside its name: what it rolls, or rolled.
fn beside(w: &Window, label: &str) -> Option<String> {
    w.harness.get_by_role_and_label(Role::CheckBox, label).accesskit_node().description()
}

/// Opens the settings dialog and lets it grow to its full height (it is taller than fits).
fn settings(w: &mut Window) {
    w.press("Settings…");
    w.harness.run_steps(12);
}

/// Whether some text on screen reads exactly `label`.
fn shows(w: &Window, label: &str) -> bool {
    w.harness.query_all_by_label(label).next().is_some()
}

/// Drags a library entry onto a zone card, after searching for it.
fn drop_entry(w: &mut Window, entry: &str, zone: &str) {
    w.type_into("Search", entry);
    let from = w.harness.get_by_label(entry).rect().center();
    let to = w.harness.get_by_label(&format!("Zone {zone}")).rect().center();
    w.drag(from, to);
}

/// A new d12 encounter made with the window's buttons: system picker, name, Create; a zone;
/// Tavorr and Sister Maud from the characters, two hobgoblin warriors and a bugbear
/// scoundrel from the bestiary, all dragged onto the zone.
fn ambush() -> Window {
    let mut w = common::window();
    w.harness.get_by_label("System").click();
    w.settle();
    w.harness.get_all_by_label("d12 declared actions").last().unwrap().click();
    w.settle();
    w.harness.get_by_label("Name").click();
    w.settle();
    w.harness.get_by_label("Name").type_text("Ambush on the old road");
    w.settle();
    w.press("Create");
    assert_eq!(w.session().state().system_id(), "d12");

    w.press("+ Zone");
    w.type_into("Zone name", "Road");
    w.press("Add zone");

    w.press("Characters");
    drop_entry(&mut w, "Tavorr", "Road");
    drop_entry(&mut w, "Sister Maud", "Road");
    w.press("Bestiary");
    w.press("One more");
    drop_entry(&mut w, "Hobgoblin warrior", "Road");
    w.press("One fewer");
    drop_entry(&mut w, "Bugbear scoundrel", "Road");
    // The rest of the bestiary is a search away.
    w.type_into("Search", "wolf");
    w.harness.get_by_label("Wolf");
    w.type_into("Search", "");
    let names: Vec<String> =
        w.session().state().combatants.values().map(|c| c.name.clone()).collect();
    assert_eq!(
        names,
        [
            "Tavorr",
            "Sister Maud",
            "Hobgoblin warrior 1",
            "Hobgoblin warrior 2",
            "Bugbear scoundrel"
        ]
    );
    w
}

#[test]
fn a_d12_round_counts_up_with_a_simultaneous_count_an_injury_and_morale() {
    let mut w = ambush();

    // The new encounter has its own copy of the library's tables, the Blunt one filled in.
    let blunt = w.session().state().table_for("blunt").expect("a blunt table").clone();
    assert_eq!((blunt.table.name.as_str(), blunt.table.rows.len()), ("Blunt injuries", 20));
    assert!(w.journal_says("Blunt injuries (d20, 20 rows)"));

    // The d12 tracks, worked out from HD and STR when they joined.
    assert_eq!((w.value("Tavorr", "stress"), w.value("Tavorr", "wp")), (37, 17));
    assert_eq!((w.value("Sister Maud", "stress"), w.value("Sister Maud", "wp")), (16, 12));
    assert_eq!(w.value("Hobgoblin warrior 1", "wp"), 13);
    assert_eq!(w.value("Bugbear scoundrel", "wp"), 16);
    w.harness.get_by_label("Before the fight");
    w.harness.get_by_label("Declare");
    w.harness.get_by_label("Resolve");
    w.harness.get_by_label("End of round");

    // Next says beforehand what it waits for, beside the button, and cannot be pressed.
    w.harness.get_by_label("Next waits: roll Tavorr's base initiative first");
    assert!(
        w.harness.get_by_role_and_label(Role::Button, "Next").accesskit_node().is_disabled(),
        "Next waits"
    );

    // Base initiative, every die typed: the two warriors share one roll.
    w.press("I'll type them");
    w.harness.get_by_label("Base initiative for the fight (d12 − AGI)");
    // A checklist: each answer ticked once rolled, in its place and its words; beside the
    // name, what it rolls, then what it rolled.
    assert_eq!(beside(&w, "Roll for Tavorr").as_deref(), Some("1d12−2"));
    tick(&mut w, "One roll for every Hobgoblin warrior");
    w.faces("3");
    assert!(ticked(&w, "One roll for every Hobgoblin warrior"));
    assert!(ticked(&w, "Roll for Hobgoblin warrior 2"), "both warriors rolled");
    assert_eq!(beside(&w, "Roll for Hobgoblin warrior 2").as_deref(), Some("base 3"));
    tick(&mut w, "Roll for Tavorr");
    w.faces("7");
    assert_eq!(beside(&w, "Roll for Tavorr").as_deref(), Some("base 5"), "7 − 2");
    tick(&mut w, "Roll for Sister Maud");
    w.faces("4");
    assert!(!ticked(&w, "Roll for Bugbear scoundrel"));
    assert_eq!(beside(&w, "Roll for Bugbear scoundrel").as_deref(), Some("1d12−1"));
    tick(&mut w, "Roll for Bugbear scoundrel");
    w.faces("3");
    let base = |w: &Window, who: &str| {
        let s = w.session().state();
        s.d12().base[&s.combatant_named(who).unwrap().id]
    };
    assert_eq!(
        [
            "Tavorr",
            "Sister Maud",
            "Hobgoblin warrior 1",
            "Hobgoblin warrior 2",
            "Bugbear scoundrel"
        ]
        .map(|n| base(&w, n)),
        [5, 4, 3, 3, 2]
    );
    assert!(w.journal_says("share base initiative 3"), "one roll for both warriors");
    assert!(w.harness.query_by_label_contains("Next waits").is_none(), "nothing left to wait for");
    w.press("Start round 1");
    assert_eq!(w.session().state().phase, "declare");

    // Declarations around the table, each option saying the count it gives. Tavorr has
    // three foes: his strikes are folded under each.
    w.harness.get_by_label("Tavorr declares (base initiative 5)");
    w.unfold("Against Hobgoblin warrior 1");
    w.press("Hand axe (+4) · count 9");
    w.harness.get_by_label("Sister Maud declares (base initiative 4)");
    w.unfold("Against Bugbear scoundrel");
    w.press("Warhammer (+6) · count 10");
    // A warrior's strikes are listed under each of its two foes: the first is Tavorr.
    w.harness.get_by_label("Hobgoblin warrior 1 declares (base initiative 3)");
    press_nth(&mut w, "Longbow (+6) · count 9", 0);
    w.press("Full defense (−1, +4 Defense) · count 2");
    w.harness.get_by_label("Bugbear scoundrel declares (base initiative 2)");
    press_nth(&mut w, "Morningstar (+6) · count 8", 1);
    assert!(w.journal_says("Bugbear scoundrel declares: attacks Sister Maud with Morningstar"));
    w.press("Start counting");
    let state = w.session().state();
    assert_eq!(state.phase, "resolve");
    let counts: Vec<(Option<i64>, Vec<String>)> = state
        .order
        .iter()
        .map(|e| (e.count, e.combatants.iter().map(|id| state.name_of(*id)).collect()))
        .collect();
    assert_eq!(
        counts,
        [
            (Some(2), vec!["Hobgoblin warrior 2".to_owned()]),
            (Some(8), vec!["Bugbear scoundrel".to_owned()]),
            (Some(9), vec!["Tavorr".to_owned(), "Hobgoblin warrior 1".to_owned()]),
            (Some(10), vec!["Sister Maud".to_owned()]),
        ]
    );

    // Count 2: the warrior on full defense has nothing to roll.
    assert_eq!((count(&w), acting(&w)), (Some(2), vec!["Hobgoblin warrior 2".to_owned()]));
    w.harness.get_by_label("Count 2: Hobgoblin warrior 2");
    w.press("Done: goes on full defense");
    w.press("Next: count 8");

    // Count 8: the bugbear's morningstar (blunt and piercing) lands a critical hit on Maud:
    // 4 × 3 − Armour 3 = 9 to her Wound Points; the d% of 7 is under 9: a combat injury.
    assert_eq!((count(&w), acting(&w)), (Some(8), vec!["Bugbear scoundrel".to_owned()]));
    w.press("Attack Sister Maud with Morningstar (d20+3 vs Defense 12)");
    w.faces("15");
    w.harness.get_by_label("Bugbear scoundrel hits Sister Maud with Morningstar: roll the damage");
    w.press("Critical hit (d8 ×3, all to Wound Points)");
    w.faces("4");
    w.faces("7");
    assert_eq!((w.value("Sister Maud", "wp"), w.value("Sister Maud", "stress")), (3, 16));
    // Two damage types: the attacker's side picks the table; the empty one says why not.
    w.harness.get_by_label("the Piercing injuries table has no rows yet");
    w.press("Roll on Blunt injuries (d20)");
    w.faces("9");
    w.faces("4");
    w.faces("1");
    assert!(has(&w, "Sister Maud", "broken upper arm"));
    assert!(has(&w, "Sister Maud", "main arm useless"));
    assert_eq!(stat(&w, "Sister Maud", "str damage"), Some(4));
    // Her card shows the injury and the ability damage.
    let maud = w.session().state().combatant_named("Sister Maud").unwrap().id;
    w.harness.state_mut().model.selected = Some(maud);
    w.settle();
    assert!(shows(&w, "broken upper arm") && shows(&w, "main arm useless"));
    assert!(shows(&w, "STR damage"));
    assert!(shows(&w, "Stress") && shows(&w, "WP") && shows(&w, "Mana"), "her tracks");
    w.press("Next: count 9");

    // Count 9: Tavorr and the first warrior act together. Tavorr's critical axe blow drops
    // it to −3 Wound Points, yet its arrow, loosed at the same count, still flies.
    assert_eq!(count(&w), Some(9));
    assert_eq!(acting(&w), ["Tavorr", "Hobgoblin warrior 1"]);
    w.harness.get_by_label("Count 9: Tavorr · Hobgoblin warrior 1 act together");
    w.press("Attack Hobgoblin warrior 1 with Hand axe (d20+3 vs Defense 12)");
    w.faces("12");
    w.press("Critical hit (d6 ×3, all to Wound Points)");
    w.faces("6");
    w.faces("90");
    assert_eq!(w.value("Hobgoblin warrior 1", "wp"), -3);
    assert!(has(&w, "Hobgoblin warrior 1", "dying"));
    w.press("Attack Tavorr with Longbow (d20+1 vs Defense 13)");
    w.faces("14");
    w.press("Damage (d8)");
    w.faces("5");
    assert_eq!(w.value("Tavorr", "stress"), 33, "5 − Armour 1 off his Stress");
    assert_eq!(w.value("Hobgoblin warrior 1", "wp"), -3, "acting at its count costs nothing");
    w.press("Next: count 10");

    // Count 10: Maud's hammer, a critical hit of 11: over half the bugbear's 16.
    assert_eq!((count(&w), acting(&w)), (Some(10), vec!["Sister Maud".to_owned()]));
    w.press("Attack Bugbear scoundrel with Warhammer (d20+2 vs Defense 12)");
    w.faces("13");
    w.press("Critical hit (d8 ×3, all to Wound Points)");
    w.faces("4");
    w.faces("50");
    assert_eq!(w.value("Bugbear scoundrel", "wp"), 5);
    w.press("End the round");

    // The end of the round: the dying warrior bleeds; both monsters hit hard check morale,
    // and the round cannot end before they do.
    let state = w.session().state();
    assert_eq!(state.phase, "end");
    assert_eq!(w.value("Hobgoblin warrior 1", "wp"), -4);
    w.harness.get_by_label(
        "Bugbear scoundrel checks morale (lost over half its Wound Points in one hit)",
    );
    assert!(!shows(&w, "Start round 2"), "no way to the next round yet");
    // Next waits, and says why beside itself.
    assert!(w.harness.get_by_role_and_label(Role::Button, "Next").accesskit_node().is_disabled());
    w.harness.get_by_label_contains("Next waits:");
    w.harness.get_by_label_contains("must check morale first");
    assert_eq!(w.session().state().round, 1, "refused until morale is settled");
    // The dying warrior: the GM rules no check (its prompt comes first).
    press_nth(&mut w, "No check (the GM rules)", 0);
    // The bugbear: 3d6 + HD 3 + 1 ally standing, against 11 + 2 foes: 6 + 4 breaks.
    w.press("Roll 3d6+4 against 13");
    w.faces("2 2 2");
    assert!(has(&w, "Bugbear scoundrel", "failed morale"));
    assert!(w.journal_says("10 against TN 13 (11 + 2 opponents): breaks"));
    w.press("Start round 2");
    let state = w.session().state();
    assert_eq!((state.round, state.phase.as_str()), (2, "declare"));
    // While round 2 is declared, round 1's plans are not shown as the order.
    w.harness.get_by_label("This round's order: set from the counts once everyone has declared");
    assert!(w.harness.query_by_label_contains("attacks Wolf").is_none());
    assert!(w.harness.query_by_label_contains("attacks Hobgoblin").is_none());
}

/// A d12 encounter reopened in the window: Tavorr and two hobgoblins, tables copied.
fn camp() -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut s = Session::create(&db, "d12".parse().unwrap(), "Hobgoblin camp", 5).unwrap();
    for (name, party, colour) in [("Party", true, "#3d7fc4"), ("Hobgoblins", false, "#aa3333")] {
        s.apply(Command::AddSide { name: name.into(), colour: colour.into(), party }).unwrap();
    }
    let character = |name: &str| {
        let found = db
            .characters()
            .search(&fray_data::Search::text(name).system("d12".parse().unwrap()))
            .unwrap();
        found.into_iter().next().unwrap()
    };
    let creature = |name: &str| {
        let found = db
            .creatures()
            .search(&fray_data::Search::text(name).system("d12".parse().unwrap()))
            .unwrap();
        found.into_iter().next().unwrap()
    };
    let party = s.state().side_named("Party").unwrap().id;
    let foes = s.state().side_named("Hobgoblins").unwrap().id;
    let tavorr = character("Tavorr").to_combatant(party);
    s.apply(Command::AddCombatant { combatant: Box::new(tavorr), count: 1 }).unwrap();
    let hob = creature("Hobgoblin warrior").to_combatant(foes);
    s.apply(Command::AddCombatant { combatant: Box::new(hob), count: 2 }).unwrap();
    db.settings().set_json("ui.last_encounter", &s.encounter_id().0).unwrap();
    drop(s);
    common::window_with(dir, db)
}

#[test]
fn the_declare_order_is_a_radio_and_written_actions_stay_hidden_until_shown() {
    let mut w = camp();
    settings(&mut w);
    w.harness.get_by_label("Order of declaring");
    let radio = |w: &Window, label: &str| {
        let node = w.harness.get_by_role_and_label(Role::RadioButton, label);
        node.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
    };
    assert!(radio(&w, "Around the table"), "the default");
    assert!(!radio(&w, "Written down, then shown"));
    w.harness.get_by_role_and_label(Role::RadioButton, "Written down, then shown").click();
    w.settle();
    assert_eq!(w.session().state().setting("declare_order"), Some(&serde_json::json!("hidden")));
    assert!(radio(&w, "Written down, then shown") && !radio(&w, "Around the table"));
    w.press("Close");

    w.press("I'll type them");
    tick(&mut w, "One roll for every Hobgoblin warrior");
    w.faces("3");
    tick(&mut w, "Roll for Tavorr");
    w.faces("7");
    w.press("Start round 1");
    // Written down: everyone's prompt at once, and the journal keeps the secret.
    w.harness.get_by_label("Tavorr declares (base initiative 5)");
    w.harness.get_by_label("Hobgoblin warrior 1 declares (base initiative 3)");
    w.harness.get_by_label("Hobgoblin warrior 2 declares (base initiative 3)");
    press_nth(&mut w, "Hand axe (+4) · count 9", 0);
    assert!(w.journal_says("Tavorr writes down an action"));
    assert!(!w.journal_says("Tavorr declares"));
    assert!(w.harness.query_by_label_contains("Tavorr writes down an action").is_some());
    press_nth(&mut w, "Longsword (+5) · count 8", 0);
    w.press("Longbow (+6) · count 9");
    w.press("Show the actions and start counting");
    assert!(w.journal_says("The written actions are shown"));
    assert_eq!(w.session().state().phase, "resolve");
    assert_eq!((count(&w), acting(&w)), (Some(8), vec!["Hobgoblin warrior 1".to_owned()]));
}

#[test]
fn the_library_tables_are_copied_again_from_the_settings_and_undo_takes_the_copy_back() {
    let mut w = camp();
    let rows = |w: &Window| w.session().state().table_for("piercing").unwrap().table.rows.len();
    assert_eq!(rows(&w), 0, "the bundled Piercing table is a placeholder");

    // The GM writes the Piercing table in the library: the encounter keeps its old copy.
    let db = w.app().model.db.clone();
    let stored = db.tables().list(Some("d12".parse().unwrap())).unwrap();
    let piercing = stored.iter().find(|t| t.damage_type.as_deref() == Some("piercing")).unwrap();
    let mut table = piercing.table.clone();
    table.rows = vec![fray_app::checks::TableRow {
        low: 1,
        high: 20,
        result: fray_data::tables::Effect { text: "Run through".into(), structured: None },
    }];
    let new = fray_data::tables::NewTable {
        system: "d12".parse().unwrap(),
        damage_type: Some("piercing".into()),
        table,
    };
    db.tables().update(piercing.id, &new).unwrap();
    assert_eq!(rows(&w), 0);

    settings(&mut w);
    w.harness.get_by_label("This encounter rolls on: Blunt injuries (d20, 20 rows).");
    w.harness.get_by_label_contains("No rows yet: acid, chopping");
    w.harness.get_by_label(
        "The encounter keeps its own copy; edits in the library reach it when copied again; \
         undo takes it back.",
    );
    w.press("Copy the library's tables again");
    assert_eq!(rows(&w), 1);
    assert!(w.journal_says("Piercing injuries (d20, 1 row"));
    let last = w.session().history().events().last().map(|e| e.kind.clone());
    assert!(matches!(last, Some(EventKind::TablesLoaded { .. })));
    w.harness.get_by_label(
        "This encounter rolls on: Blunt injuries (d20, 20 rows), Piercing injuries (d20, 1 row).",
    );
    w.press("Close");
    w.press("Undo");
    assert_eq!(rows(&w), 0, "undo takes the copy back");
}
