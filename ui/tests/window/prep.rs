//! The prep bench driven through the window like a GM preparing next session: an injury
//! table written row by row (its gap and its overlap refused inline), a party dragged onto a
//! zone in one go, a detachment saved and dropped as one token, and the board saved as a
//! template to start a new encounter from.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::encounter::BoardRect;
use fray_data::{Db, Session};

/// A window over a bdp encounter with one zone, "Yard", and nobody in it yet.
fn yard() -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut session =
        Session::create(&db, "bdp".parse().unwrap(), "Goblins in the yard", 3).unwrap();
    let rect = BoardRect { x: 40.0, y: 40.0, w: 420.0, h: 240.0 };
    session.apply(Command::AddZone { name: "Yard".into(), capacity: None, rect }).unwrap();
    drop(session);
    let mut w = common::window_with(dir, db);
    w.press("Open Goblins in the yard");
    w
}

/// Whether the button labelled `label` is off.
fn disabled(w: &Window, label: &str) -> bool {
    w.harness.get_by_role_and_label(Role::Button, label).accesskit_node().is_disabled()
}

/// Drags the library row labelled `row` onto the zone card `zone`.
fn drag_onto(w: &mut Window, row: &str, zone: &str) {
    let from = w.harness.get_by_label(row).rect().center();
    let to = w.harness.get_by_label(&format!("Zone {zone}")).rect().center();
    w.drag(from, to);
}

/// Clicks an item of the Encounter menu.
fn menu(w: &mut Window, item: &str) {
    w.harness.get_by_label("Encounter").click();
    w.settle();
    w.harness.get_by_label(item).click();
    w.settle();
}

fn row(w: &mut Window, n: usize, low: &str, high: &str, effect: &str) {
    w.type_into(&format!("Row {n} low"), low);
    w.type_into(&format!("Row {n} high"), high);
    w.type_into(&format!("Row {n} effect"), effect);
}

#[test]
fn an_injury_table_is_written_and_its_gaps_and_overlaps_refused() {
    let mut w = yard();
    w.press("Tables");
    w.press("New table");
    w.type_into("Name", "Leg wounds");
    w.type_into("Dice", "d6");
    w.type_into("Damage type", "crushing");
    for _ in 0..3 {
        w.press("Add row");
    }
    row(&mut w, 1, "1", "2", "Bruise");
    row(&mut w, 2, "3", "4", "Limp");
    // The last row starts one too late: 5 is left uncovered, said inline, and Save is off.
    row(&mut w, 3, "6", "6", "Lost leg");
    w.harness.get_by_label("5 is not covered");
    w.harness.get_by_label("Save is off: 5 is not covered");
    assert!(disabled(&w, "Save table"));

    w.type_into("Row 3 low", "5");
    w.type_into("Row 3 structured effect", r#"{"conditions": ["lame"]}"#);
    assert!(w.harness.query_by_label_contains("not covered").is_none());
    assert!(!disabled(&w, "Save table"));

    // Try a roll: the total and the row it landed on.
    w.press("Try a roll");
    w.harness.get_by_label_contains("Rolled ");
    w.harness.get_by_label_contains("→ row ");

    w.press("Save table");
    assert!(w.harness.query_by_label("New roll table").is_none(), "the editor closed");
    let db = &w.app().model.db;
    let stored = db.tables().list(Some("bdp".parse().unwrap())).unwrap();
    let t = stored.iter().find(|t| t.table.name == "Leg wounds").expect("stored");
    assert_eq!(t.damage_type.as_deref(), Some("crushing"));
    let rows: Vec<(i64, i64, &str)> =
        t.table.rows.iter().map(|r| (r.low, r.high, r.result.text.as_str())).collect();
    assert_eq!(rows, [(1, 2, "Bruise"), (3, 4, "Limp"), (5, 6, "Lost leg")]);
    assert_eq!(t.table.rows[2].result.structured.as_ref().unwrap()["conditions"][0], "lame");

    // Editing it: row 2 reaching 5 overlaps row 3, refused likewise; Cancel keeps it as it was.
    w.type_into("Search", "Leg");
    w.press("Edit Leg wounds");
    w.type_into("Row 2 high", "5");
    w.harness.get_by_label("Rows 2 and 3 both cover 5");
    assert!(disabled(&w, "Save table"));
    w.press("Cancel");
    let again = w.app().model.db.tables().get(t.id).unwrap().unwrap();
    assert_eq!(again.table.rows[1].high, 4);

    // Delete, then Undo puts it back.
    w.press("Delete Leg wounds…");
    w.press("Delete");
    assert!(w.app().model.db.tables().get(t.id).unwrap().is_none());
    w.harness.get_by_label_contains("Leg wounds deleted");
    w.press("Undo delete");
    assert!(w.app().model.db.tables().get(t.id).unwrap().is_some(), "undo put it back");
}

#[test]
fn a_party_drags_onto_a_zone_in_one_go() {
    let mut w = yard();
    w.press("Characters");
    drag_onto(&mut w, "The crown hunters · 4", "Yard");
    let state = w.session().state();
    assert_eq!(state.combatants.len(), 4, "every member joined");
    let yard = state.zone_named("Yard").unwrap().id;
    for c in state.combatants.values() {
        assert_eq!(c.zone, Some(yard), "{} stands in the yard", c.name);
        assert!(state.is_party(c.id), "{} is on the party side", c.name);
    }
    assert!(state.combatant_named("Harald").is_some());
}

#[test]
fn a_detachment_template_drops_as_one_token() {
    let mut w = yard();
    w.press("Detachments");
    w.press("New detachment");
    w.type_into("Creature", "Bandit");
    w.harness.get_by_label("Bandit").click();
    w.settle();
    w.type_into("Name", "Road bandits");
    w.press("Save detachment");
    let stored = w
        .app()
        .model
        .db
        .templates()
        .list(fray_data::TemplateKind::Detachment, Some("bdp".parse().unwrap()))
        .unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].detachment().unwrap().count, 6);

    drag_onto(&mut w, "Road bandits", "Yard");
    let state = w.session().state();
    assert_eq!(state.combatants.len(), 1, "one token");
    let token = state.combatants.values().next().unwrap();
    assert_eq!(token.name, "Bandit detachment");
    assert_eq!(token.track("members").map(|t| (t.value, t.max)), Some((6, 6)));
}

#[test]
fn a_board_saved_as_a_template_starts_a_new_encounter() {
    let mut w = yard();
    w.press("Characters");
    drag_onto(&mut w, "The crown hunters · 4", "Yard");
    menu(&mut w, "Save as template…");
    w.type_into("Template name", "Yard ambush");
    w.press("Save template");
    let saved = w.session().state().clone();

    menu(&mut w, "New…");
    w.type_into("Name", "Yard, second night");
    w.harness.get_by_label("Start from").click();
    w.settle();
    w.harness.get_all_by_label_contains("Yard ambush (").last().unwrap().click();
    w.settle();
    w.press("Create");

    let state = w.session().state();
    assert_eq!(state.name, "Yard, second night");
    assert_eq!(state.system_id(), "bdp");
    assert_eq!(state.round, 0);
    assert_eq!(state.zones, saved.zones);
    let names = |s: &fray_app::Encounter| {
        s.combatants.values().map(|c| (c.name.clone(), c.zone)).collect::<Vec<_>>()
    };
    assert_eq!(names(state), names(&saved));

    // The template is listed in the library's Templates tab.
    w.press("Templates");
    w.harness.get_by_label("Yard ambush");
}

/// Runs an action as if a view had pushed it (the file dialog only picks the path).
fn act(w: &mut Window, action: fray_ui::window::Action) {
    let app = w.harness.state_mut();
    fray_ui::window::apply(&mut app.model, &mut app.view, action);
    w.settle();
}

#[test]
fn a_fray_json_file_is_previewed_then_imported_and_a_broken_one_writes_nothing() {
    use fray_data::exchange::{self, Selection};
    use fray_ui::window::{Action, PrepAction};
    let mut w = yard();
    // The bdp library as another Fray exported it: one creature renamed, one added.
    let mut lib =
        exchange::export(&w.app().model.db, &Selection::System("bdp".parse().unwrap())).unwrap();
    lib.creatures[0].name = format!("{} (revised)", lib.creatures[0].name);
    let mut hag = lib.creatures[1].clone();
    hag.uid = "test-marsh-hag".into();
    hag.name = "Marsh hag".into();
    lib.creatures.push(hag);
    let path = w.path("bdp.json");
    exchange::write_library(&path, &lib).unwrap();
    let before = w.app().model.db.creatures().count().unwrap();

    act(&mut w, Action::Prep(PrepAction::OpenImport(path)));
    w.harness.get_by_label("Import bdp.json");
    w.harness.get_by_label_contains("1 new, 1 changed, ");
    w.harness.get_by_label("Marsh hag");
    assert!(w.harness.query_all_by_label("New").count() >= 1);
    assert!(w.harness.query_all_by_label("Changed").count() >= 1);
    assert_eq!(w.app().model.db.creatures().count().unwrap(), before, "nothing written yet");
    w.press("Import 2");
    w.harness.get_by_label_contains("Imported 1 new, 1 changed");
    assert_eq!(w.app().model.db.creatures().count().unwrap(), before + 1);
    assert!(w.harness.query_by_label("Import bdp.json").is_none(), "the dialog closed");

    // A broken file: the problem is listed, and nothing is written.
    let broken = w.path("broken.json");
    std::fs::write(&broken, r#"{"fray": 1, "creatures": [{"uid": "x", "system": "bdp"}]}"#)
        .unwrap();
    act(&mut w, Action::Prep(PrepAction::OpenImport(broken)));
    w.harness.get_by_label("This file cannot be imported; nothing was written.");
    // The title and at least one problem naming the file.
    assert!(w.harness.query_all_by_label_contains("broken.json").count() >= 2);
    assert!(w.harness.get_by_role_and_label(Role::Button, "Import").accesskit_node().is_disabled());
    w.press("Cancel");
    assert_eq!(w.app().model.db.creatures().count().unwrap(), before + 1);
}

#[test]
fn a_spreadsheet_imported_again_shows_each_field_and_keeps_the_gms_weapons() {
    use fray_ui::window::{Action, PrepAction};
    let corpus =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/import");
    let mut w = yard();
    // The first version of the sheet, as the GM imported it last month.
    let v1 = w.path("bestiary.csv");
    std::fs::copy(corpus.join("bestiary-v1.csv"), &v1).unwrap();
    act(&mut w, Action::Prep(PrepAction::OpenImport(v1.clone())));
    // The column no field takes is a warning, before anything is written.
    w.harness.get_by_label_contains("column 'Size' fills no field");
    w.press("Import 2");
    w.harness.get_by_label_contains("Imported 2 new");
    // Since then, the GM gave the orc an axe in the editor.
    let db = &w.app().model.db;
    let orc = db
        .creatures()
        .search(&fray_data::Search::text("orc raider").system("bdp".parse().unwrap()))
        .unwrap()
        .into_iter()
        .find(|c| c.uid == "csv:bdp/orc raider")
        .unwrap();
    let mut block = orc.block.clone();
    block["weapons"] = serde_json::json!([{"name": "Axe", "die": 8}]);
    let new = fray_data::NewCreature { system: orc.system, name: orc.name, tags: orc.tags, block };
    db.creatures().update(orc.id, &new).unwrap();
    // The new version of the sheet: the preview names the field that changes and what stays.
    std::fs::copy(corpus.join("bestiary-v2.csv"), &v1).unwrap();
    act(&mut w, Action::Prep(PrepAction::OpenImport(v1)));
    w.harness.get_by_label("HP 7 → 9");
    w.harness.get_by_label("kept: Weapons");
    assert!(w.harness.query_by_label("This import deletes:").is_none());
    w.press("Import 1");
    w.harness.get_by_label_contains("Imported 0 new, 1 changed");
    let after = w.app().model.db.creatures().get(orc.id).unwrap().unwrap();
    assert_eq!(after.block["tracks"]["hp"], 9);
    assert_eq!(after.block["weapons"][0]["name"], "Axe", "the GM's weapon stayed");
}

/// Improved Initiative's bundled creatures, opened from Import…: told by what the file holds,
/// read for the encounter's procedure first, then for the one the GM picks; what cannot come
/// in is listed with its field before anything is written.
#[test]
fn another_trackers_bestiary_is_read_for_the_procedure_the_gm_picks() {
    use fray_ui::window::{Action, PrepAction};
    let corpus =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/bestiaries");
    let mut w = yard();
    let path = w.path("ogl.json");
    std::fs::copy(corpus.join("improved-initiative-ogl-creatures.json"), &path).unwrap();
    let before = w.app().model.db.creatures().count().unwrap();
    act(&mut w, Action::Prep(PrepAction::OpenImport(path)));
    w.harness.get_by_label_contains("An Improved Initiative file");
    // Read for the yard's procedure: 5e armour classes are past its Armour, every creature
    // named with its field (in a list of its own height, the buttons still on the screen);
    // with none that reads, the file is refused whole.
    w.harness.get_by_label("This file cannot be imported; nothing was written.");
    w.harness.get_by_label_contains("ogl.json, creature 2 (Acolyte), field 'Armour': 'AC 10'");
    // The GM picks Sovereign: three are left out with their field.
    w.harness.get_by_label("Creatures of").click();
    w.settle();
    w.press("Sovereign");
    assert_eq!(w.harness.query_all_by_label_contains("field 'HP'").count(), 3);
    w.harness.get_by_label_contains("(Tarrasque), field 'HP': 'HP 676'");
    // Four share a name with a bundled Sovereign creature: left out, as a paste leaves them.
    assert_eq!(w.harness.query_all_by_label_contains("the library already has").count(), 4);
    w.harness.get_by_label_contains("310 new, 0 changed");
    assert_eq!(w.app().model.db.creatures().count().unwrap(), before, "nothing written yet");
    w.press("Import 310");
    w.harness.get_by_label_contains("Imported 310 new");
    assert_eq!(w.app().model.db.creatures().count().unwrap(), before + 310);
}

/// Export library… offers another tracker's file; the one it writes comes back whole.
#[test]
fn the_library_goes_out_as_another_trackers_file_and_comes_back() {
    use fray_data::exchange::{LibraryFormat, Selection};
    use fray_ui::window::{Action, PrepAction};
    let mut w = yard();
    w.press("Library");
    w.press("Export library…");
    w.harness.get_by_label("As").click();
    w.settle();
    w.press("Fantasy Statblocks note (Markdown, creatures)");
    w.harness.get_by_label_contains("The creatures as an Obsidian note");
    w.press("Cancel");
    let path = w.path("bdp.md");
    let format = LibraryFormat::FantasyStatblocks;
    let selection = Selection::System("bdp".parse().unwrap());
    act(&mut w, Action::Prep(PrepAction::ExportLibrary { selection, format, path: path.clone() }));
    w.harness.get_by_label_contains("Library exported to");
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("# Fray bestiary\n"));
    // Read back for the yard's procedure: every creature is the library's already, the same.
    act(&mut w, Action::Prep(PrepAction::OpenImport(path)));
    w.harness.get_by_label_contains("Fantasy Statblocks YAML");
    assert_eq!(w.harness.query_all_by_label_contains("the library already has").count(), 9);
    // Told to update them, each is the same as the library's: nothing to write.
    w.harness.get_by_label("A name the library has").click();
    w.settle();
    w.press("Update the library's");
    assert_eq!(w.harness.query_all_by_label_contains("the library already has").count(), 0);
    w.harness.get_by_label_contains("0 new, 0 changed, 9 the same");
}

#[test]
fn a_party_that_only_partly_fits_leaves_the_others_visibly_off_the_board() {
    let mut w = yard();
    let yard = w.session().state().zone_named("Yard").unwrap().id;
    let app = w.harness.state_mut();
    let session = app.model.session.as_mut().unwrap();
    session
        .apply(Command::EditZone {
            id: yard,
            name: "Yard".into(),
            capacity: Some(3),
            note: String::new(),
        })
        .unwrap();
    w.settle();
    w.press("Characters");
    drag_onto(&mut w, "The crown hunters · 4", "Yard");
    let state = w.session().state();
    assert_eq!(state.combatants.len(), 4, "every member joined");
    assert_eq!(state.in_zone(yard).count(), 3, "three fit the yard");
    let waiting: Vec<&str> =
        state.combatants.values().filter(|c| c.zone.is_none()).map(|c| c.name.as_str()).collect();
    assert_eq!(waiting.len(), 1, "the fourth waits off the board");
    // The status line names who waits, and the tray shows the token.
    w.harness
        .get_by_label_contains(&format!("Yard is full: {} waits Not on the board", waiting[0]));
    assert!(w.harness.query_all_by_label(waiting[0]).count() >= 1);
}

#[test]
fn stat_blocks_pasted_as_printed_are_previewed_and_a_known_name_asks_first() {
    let mut w = yard();
    let before = w.app().model.db.creatures().count().unwrap();
    w.harness.get_by_label("Library").click();
    w.settle();
    w.press("Paste stat blocks…");
    w.harness.get_by_label("Paste stat blocks");
    assert!(disabled(&w, "Import 0"), "nothing pasted, nothing to import");
    let field = w.harness.get_by_role_and_label(Role::MultilineTextInput, "Stat blocks");
    field.focus();
    w.settle();
    w.harness
        .get_by_role_and_label(Role::MultilineTextInput, "Stat blocks")
        .type_text("Ogre: 13 HP, 1 Armor, 16 STR, club (d10), hates bells\nWolf: 3 HP, bite (d6)");
    w.settle();
    // What each block filled, and what it could not read (kept in its notes).
    w.harness.get_by_label("Ogre");
    w.harness.get_by_label("HP, Armour, STR, Weapons, Notes");
    w.harness.get_by_label("Not read, kept in the notes: hates bells");
    // The bundled bestiary has a Wolf: skipped until the GM says otherwise.
    w.harness.get_by_label("The library has 'Wolf':");
    assert!(!disabled(&w, "Import 1"));
    w.press("Keep both");
    w.press("Import 2");
    w.harness.get_by_label_contains("Imported 2 new");
    assert_eq!(w.app().model.db.creatures().count().unwrap(), before + 2);
    assert!(w.harness.query_by_label("Paste stat blocks").is_none(), "the dialog closed");
}
