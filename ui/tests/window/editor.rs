//! The prep bench's stat-block editor, driven like a GM: for every system, a new creature
//! written in the one schema-driven editor (a wrong field says why in red and Save stays
//! disabled; nothing is written until it holds), saved, found by search and dragged onto the
//! board with its stats. Then editing a stored entry (keys the schema does not name are
//! kept), Duplicate, Delete with its confirmation and Undo, a character with a party, search
//! over notes with counts per tab, and a portrait shown on the token it becomes.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::command::NewCombatant;
use fray_app::encounter::BoardRect;
use fray_app::space::grid::GridPos;
use fray_data::{Db, NewCreature, Search};
use fray_ui::window::{Action, apply};
use serde_json::{Value, json};

/// A window with a new encounter of `system` holding one zone, Gate, or — for a procedure
/// fought on a grid — a 12 × 8 grid with a post (a marker token) at (1, 1); the database may
/// be filled first by `prepare`.
fn encounter_with(system: &str, prepare: impl FnOnce(&Db)) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    prepare(&db);
    let mut w = common::window_with(dir, db);
    let app = w.harness.state_mut();
    let new = Action::NewEncounter { system: system.parse().unwrap(), name: "Prep".into() };
    apply(&mut app.model, &mut app.view, new);
    let run = |w: &mut Window, command: Command| {
        let app = w.harness.state_mut();
        apply(&mut app.model, &mut app.view, Action::Game(command));
        w.settle();
    };
    if on_grid(system) {
        run(&mut w, Command::SetGrid { width: 12, height: 8, feet: 5 });
        let party =
            Command::AddSide { name: "Party".into(), colour: "#3366cc".into(), party: true };
        run(&mut w, party);
        let side = *w.session().state().sides.keys().next().expect("the side");
        let mut post = NewCombatant::named("Post", side);
        post.square = Some(GridPos { x: 1, y: 1 });
        run(&mut w, Command::AddCombatant { combatant: Box::new(post), count: 1 });
    } else {
        let rect = BoardRect { x: 20.0, y: 20.0, w: 420.0, h: 260.0 };
        run(&mut w, Command::AddZone { name: "Gate".into(), capacity: None, rect });
    }
    assert_eq!(w.session().state().system_id(), system);
    w
}

/// Whether `system` is fought on a grid only (its board has no zones).
fn on_grid(system: &str) -> bool {
    fray_app::systems::registry().get(system).unwrap().needs_grid()
}

fn encounter(system: &str) -> Window {
    encounter_with(system, |_| {})
}

fn db(w: &Window) -> &Db {
    &w.app().model.db
}

/// Whether the button `label` can be pressed.
fn enabled(w: &Window, label: &str) -> bool {
    !w.harness.get_by_role_and_label(Role::Button, label).accesskit_node().is_disabled()
}

/// Whether some text on screen reads exactly `label`.
fn shows(w: &Window, label: &str) -> bool {
    w.harness.query_all_by_label(label).next().is_some()
}

fn creature_block(w: &Window, name: &str) -> Option<Value> {
    let found = db(w).creatures().search(&Search::text(name)).unwrap();
    found.into_iter().find(|c| c.name == name).map(|c| c.block)
}

/// Types `name` into the search and drags its row onto the board: the Gate, or on a grid the
/// square (4, 4), found from where the post at (1, 1) is drawn.
fn drop_on_board(w: &mut Window, name: &str) {
    w.type_into("Search", name);
    let from = w.harness.get_by_label(name).rect().center();
    let to = if on_grid(w.session().state().system_id().as_str()) {
        let post = w.harness.get_by_role_and_label(Role::Button, "Post").rect();
        post.center() + egui::vec2(3.0 * post.width(), 3.0 * post.height())
    } else {
        w.harness.get_by_label("Zone Gate").rect().center()
    };
    w.drag(from, to);
}

/// A wrong value typed into a field, the reason shown for it, and the value that fixes it.
struct Mistake {
    label: &'static str,
    wrong: &'static str,
    reason: &'static str,
    right: &'static str,
}

/// One system's run through the editor.
struct Case {
    system: &'static str,
    name: &'static str,
    /// "Add weapon" and what to type in the new item's fields (before the mistake).
    add: (&'static str, &'static [(&'static str, &'static str)]),
    mistake: Mistake,
    /// The block stored.
    block: Value,
    /// A track or stat of the combatant, and its value.
    number: (&'static str, i64),
}

fn new_creature_round_trip(case: Case) {
    let mut w = encounter(case.system);
    let before = db(&w).creatures().count().unwrap();
    w.press("New creature");
    assert!(shows(&w, "New creature"), "the editor's title");
    w.type_into("Name", case.name);
    let (add, fields) = case.add;
    w.press(add);
    for (label, text) in fields {
        w.type_into(label, text);
    }
    let m = &case.mistake;
    w.type_into(m.label, m.wrong);
    assert!(shows(&w, m.reason), "{}: the reason under the field: {}", case.system, m.reason);
    assert!(!enabled(&w, "Save"), "{}: a block that does not hold cannot be saved", case.system);
    assert_eq!(db(&w).creatures().count().unwrap(), before, "nothing written");
    w.type_into(m.label, m.right);
    assert!(!shows(&w, m.reason));
    let left: Vec<_> =
        w.harness.query_all_by_label_contains("• ").filter_map(|n| n.value()).collect();
    assert!(enabled(&w, "Save"), "{}: {left:?}", case.system);
    w.press("Save");
    assert!(!w.app().view.editor.is_open(), "the editor closed");
    assert_eq!(db(&w).creatures().count().unwrap(), before + 1);
    assert_eq!(creature_block(&w, case.name), Some(case.block.clone()), "{}", case.system);

    drop_on_board(&mut w, case.name);
    let state = w.session().state();
    let c = state.combatant_named(case.name).expect("dropped on the board");
    if on_grid(case.system) {
        assert_eq!(c.square, Some(GridPos { x: 4, y: 4 }), "{}", case.system);
    } else {
        assert_eq!(c.zone, Some(state.zone_named("Gate").unwrap().id));
    }
    assert_eq!(c.block, case.block);
    let (key, value) = case.number;
    let found = c.track(key).map(|t| t.max).or_else(|| c.stat(key));
    assert_eq!(found, Some(value), "{}: {key}", case.system);
}

/// The editor's run for each procedure: a case per registered procedure, so a new one
/// without its case fails [`every_procedure_round_trips_a_new_creature_through_the_editor`].
fn case(system: &str) -> Option<Case> {
    Some(match system {
        "freeform" => Case {
            system: "freeform",
            name: "Grumm",
            add: ("Add attack", &[("Attack 1 Name", "Club"), ("Attack 1 Damage", "d8")]),
            mistake: Mistake {
                label: "HP",
                wrong: "ten",
                reason: "'ten' is not a whole number",
                right: "12",
            },
            block: json!({"tracks": {"hp": 12}, "attacks": [{"name": "Club", "damage": "d8"}]}),
            number: ("hp", 12),
        },
        "bdp" => Case {
            system: "bdp",
            name: "Spearman",
            add: ("Add weapon", &[("Weapon 1 Name", "Spear")]),
            mistake: Mistake {
                label: "Weapon 1 Damage die",
                wrong: "5",
                reason: "must be one of 4, 6, 8, 10, 12, not 5",
                right: "8",
            },
            block: json!({
                "tracks": {"hp": 4, "str": 10, "dex": 10, "wil": 10},
                "stats": {"armor": 0},
                "weapons": [{"name": "Spear", "die": 8}],
            }),
            number: ("str", 10),
        },
        "murdham" => Case {
            system: "murdham",
            name: "Reaver",
            add: ("Add weapon", &[("Weapon 1 Name", "Axe"), ("Weapon 1 Damage die", "6")]),
            mistake: Mistake {
                label: "STR",
                wrong: "25",
                reason: "must be between 1 and 19, not 25",
                right: "12",
            },
            block: json!({
                "stats": {"str": 12, "agi": 10, "wit": 10},
                "weapons": [{"name": "Axe", "die": 6}],
            }),
            number: ("str", 12),
        },
        "d12" => Case {
            system: "d12",
            name: "Pit ghast",
            add: ("Add attack", &[("Attack 1 Name", "Claw"), ("Attack 1 Damage", "1d8")]),
            mistake: Mistake {
                label: "Attack 1 Crit ×",
                wrong: "5",
                reason: "must be one of 2, 3, 4, not 5",
                right: "3",
            },
            block: json!({
                "stats": {
                    "str": 10, "str mod": 0, "agi mod": 0, "ins mod": 0,
                    "defense bonus": 0, "armour": 0, "speed": 30,
                },
                "hd": "1d8",
                "attacks": [{"name": "Claw", "damage": "1d8", "crit": 3}],
            }),
            number: ("str", 10),
        },
        "dr12" => Case {
            system: "dr12",
            name: "Bog hag",
            add: ("Add attack", &[("Attack 1 Name", "Claws")]),
            mistake: Mistake {
                label: "Attack 1 Damage die",
                wrong: "7",
                reason: "must be one of 4, 6, 8, 10, 12, not 7",
                right: "6",
            },
            block: json!({
                "tracks": {"hp": 6},
                "stats": {"level": 1, "skill": 2},
                "attacks": [{"name": "Claws", "die": 6}],
            }),
            number: ("level", 1),
        },
        "sovereign" => Case {
            system: "sovereign",
            name: "Fen raider",
            add: ("Add attack", &[("Attack 1 Name", "Spear"), ("Attack 1 Damage", "1d6")]),
            mistake: Mistake {
                label: "AC",
                wrong: "40",
                reason: "must be between 0 and 30, not 40",
                right: "13",
            },
            block: json!({
                "tracks": {"hp": 8},
                "stats": {"ac": 13, "atk": 1, "move": 30},
                "attacks": [{"name": "Spear", "dmg": "1d6"}],
            }),
            number: ("ac", 13),
        },
        _ => return None,
    })
}

#[test]
fn every_procedure_round_trips_a_new_creature_through_the_editor() {
    assert!(fray_app::systems::registry().all().len() >= 6, "every procedure is tried");
    for system in fray_app::systems::registry().all() {
        let id = system.id();
        let case =
            case(id.as_str()).unwrap_or_else(|| panic!("no editor case for the procedure '{id}'"));
        new_creature_round_trip(case);
    }
}

/// An ogre, Grumm, stored with a key no schema names.
fn grumm(db: &Db) {
    let ogre = NewCreature {
        system: "freeform".parse().unwrap(),
        name: "Grumm".into(),
        tags: vec!["giant".into()],
        block: json!({"tracks": {"hp": 20}, "stats": {"armor": 12}, "lair": "the old mill",
                      "notes": "Fears fire and loud bells."}),
    };
    db.creatures().insert(&ogre).unwrap();
}

fn right_click(w: &mut Window, label: &str) {
    w.type_into("Search", label);
    w.harness.get_by_label(label).click_secondary();
    w.settle();
}

#[test]
fn editing_a_stored_creature_changes_one_field_and_keeps_the_rest() {
    let mut w = encounter_with("freeform", grumm);
    right_click(&mut w, "Grumm");
    w.press("Edit Grumm");
    assert!(shows(&w, "Edit Grumm"), "the editor's title");
    let hp = w.harness.get_by_role_and_label(Role::TextInput, "HP").value();
    assert_eq!(hp.as_deref(), Some("20"));
    w.type_into("HP", "25");
    w.press("Save");
    let block = creature_block(&w, "Grumm").unwrap();
    assert_eq!(
        block,
        json!({"tracks": {"hp": 25}, "stats": {"armor": 12}, "lair": "the old mill",
               "notes": "Fears fire and loud bells."}),
        "the key the schema does not name is kept"
    );

    // Cancel discards.
    right_click(&mut w, "Grumm");
    w.press("Edit Grumm");
    w.type_into("HP", "1");
    w.press("Cancel");
    assert_eq!(creature_block(&w, "Grumm").unwrap()["tracks"]["hp"], json!(25));
}

#[test]
fn a_bundled_creature_can_be_edited() {
    let mut w = encounter("freeform");
    let before = creature_block(&w, "Goblin").unwrap();
    right_click(&mut w, "Goblin");
    w.press("Edit Goblin");
    w.type_into("Morale", "9");
    w.press("Save");
    let mut expected = before;
    expected["stats"]["morale"] = json!(9);
    assert_eq!(creature_block(&w, "Goblin").unwrap(), expected);
}

#[test]
fn duplicate_then_delete_confirm_and_undo_with_the_same_id() {
    let mut w = encounter_with("freeform", grumm);
    right_click(&mut w, "Grumm");
    w.press("Duplicate Grumm");
    let copy = creature_block(&w, "Grumm (copy)").expect("the copy is stored");
    assert_eq!(copy, creature_block(&w, "Grumm").unwrap());
    w.type_into("Search", "grumm");
    assert!(shows(&w, "Grumm (copy)"), "the list reread the library");

    let id = db(&w).creatures().search(&Search::text("Grumm")).unwrap();
    let id = id.iter().find(|c| c.name == "Grumm").unwrap().id;
    right_click(&mut w, "Grumm");
    w.press("Delete Grumm…");
    assert!(shows(&w, "Delete Grumm?"), "asks first");
    w.press("Delete Grumm");
    assert!(db(&w).creatures().get(id).unwrap().is_none(), "gone");
    assert_eq!(w.app().model.status.as_ref().unwrap().text, "Grumm deleted");
    w.type_into("Search", "grumm");
    assert!(!shows(&w, "Grumm"));
    w.press("Undo delete");
    let back = db(&w).creatures().get(id).unwrap().expect("back with the same id");
    assert_eq!(back.name, "Grumm");
    w.settle();
    assert!(shows(&w, "Grumm"), "listed again");
}

#[test]
fn a_new_character_joins_a_party() {
    let mut w = encounter("freeform");
    w.press("Characters");
    w.press("New character");
    assert!(shows(&w, "New character"));
    w.type_into("Name", "Wren");
    w.type_into("Party", "The Lanterns");
    w.type_into("Tags", "scout, archer");
    w.press("Save");
    let found = db(&w).characters().search(&Search::text("Wren")).unwrap();
    let wren = found.iter().find(|c| c.name == "Wren").expect("stored");
    assert_eq!(wren.party.as_deref(), Some("The Lanterns"));
    assert_eq!(wren.tags, ["scout", "archer"]);
    assert_eq!(wren.sheet, json!({"tracks": {"hp": 5}}));
}

#[test]
fn search_finds_words_of_the_notes_and_counts_each_tab() {
    let mut w = encounter_with("freeform", grumm);
    w.type_into("Search", "bells");
    assert!(shows(&w, "Grumm"), "a word of its notes finds it");
    // Each tab counts its matches (drawn as "Bestiary (1)"), so hits elsewhere are seen.
    let count = |w: &Window, tab: &str| w.harness.get_by_role_and_label(Role::Button, tab).value();
    assert_eq!(count(&w, "Bestiary").as_deref(), Some("1"));
    assert_eq!(count(&w, "Characters").as_deref(), Some("0"));
    w.type_into("Search", "");
    assert_eq!(count(&w, "Bestiary"), None, "no counts without a search");
}

#[test]
fn the_library_works_without_an_encounter_for_any_system() {
    let mut w = common::window();
    assert!(w.app().model.session.is_none());
    w.harness.get_by_label("Library of").click();
    w.settle();
    w.harness.get_by_label("Block, Dodge, Parry").click();
    w.settle();
    w.press("New creature");
    // The welcome screen has a Name field too (the new encounter's): the editor's is the one
    // saying it is required.
    let typing = |w: &mut Window, act: &dyn Fn(&egui_kittest::Node<'_>)| {
        let names: Vec<_> =
            w.harness.query_all_by_role_and_label(Role::TextInput, "Name").collect();
        assert_eq!(names.len(), 2);
        act(names.iter().find(|n| n.accesskit_node().placeholder() == Some("required")).unwrap());
        w.settle();
    };
    typing(&mut w, &|n| n.focus());
    typing(&mut w, &|n| n.type_text("Bog troll"));
    w.press("Save");
    let status = w.app().model.status.as_ref().map(|s| s.text.clone());
    assert!(!w.app().view.editor.is_open(), "{status:?}");
    let stored = db(&w).creatures().search(&Search::text("Bog troll")).unwrap();
    assert_eq!(stored[0].system, "bdp");
    w.type_into("Search", "bog");
    assert!(shows(&w, "Bog troll"));
}

#[test]
fn a_creatures_portrait_shows_on_its_token() {
    let mut w = encounter_with("freeform", grumm);
    let id = db(&w).creatures().search(&Search::text("Grumm")).unwrap()[0].id;
    let img = image::RgbImage::from_pixel(300, 200, image::Rgb([200, 40, 40]));
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let thumb = fray_ui::portrait::thumbnail("ogre.png", &png).unwrap();
    // Through the editor's save, as "Choose portrait…" would leave it.
    let saved = fray_ui::window::SavedEntry {
        target: Some(fray_ui::window::EntryRef::Creature(id)),
        character: false,
        system: "freeform".parse().unwrap(),
        name: "Grumm".into(),
        tags: vec!["giant".into()],
        block: creature_block(&w, "Grumm").unwrap(),
        party: None,
        portrait: Some(Some(thumb.clone())),
    };
    let app = w.harness.state_mut();
    let save = fray_ui::window::LibraryAction::Save(Box::new(saved));
    apply(&mut app.model, &mut app.view, Action::Library(save));
    assert_eq!(db(&w).creatures().portrait(id).unwrap(), Some(thumb));
    drop_on_board(&mut w, "Grumm");
    let ogre = w.session().state().combatant_named("Grumm").unwrap().id;
    let texture = fray_ui::window::views::portraits::of(&w.harness.ctx, ogre);
    assert!(texture.is_some(), "the token has the portrait's texture");
}

/// Where the desktop offers no file dialog (a bare Linux without an xdg portal or zenity) the
/// portrait takes a typed path: a file that is no picture is refused by its name and changes
/// nothing; a real picture's thumbnail is saved with the entry.
#[test]
fn a_portrait_comes_from_a_typed_path() {
    let mut w = encounter_with("freeform", grumm);
    let id = db(&w).creatures().search(&Search::text("Grumm")).unwrap()[0].id;
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/maps");
    right_click(&mut w, "Grumm");
    w.press("Edit Grumm");
    w.type_into("Or its path", &format!("{corpus}/gatehouse.dd2vtt"));
    w.press("Use");
    assert!(
        w.harness
            .query_by_label_contains("gatehouse.dd2vtt is not a PNG, JPEG or WebP image")
            .is_some(),
        "the refusal names the file"
    );
    assert!(w.harness.query_by_label("Remove portrait").is_none(), "nothing was taken");
    let picture = format!("{corpus}/gatehouse.png");
    w.type_into("Or its path", &format!("  {picture} "));
    w.harness.key_press(egui::Key::Enter);
    w.settle();
    assert!(w.harness.query_by_label("Remove portrait").is_some(), "Enter took it");
    assert!(w.harness.query_by_label_contains("is not a PNG").is_none(), "the refusal went");
    w.press("Save");
    let stored = db(&w).creatures().portrait(id).unwrap();
    let expected = fray_ui::portrait::load_thumbnail(std::path::Path::new(&picture)).unwrap();
    assert_eq!(stored, Some(expected), "the picture's thumbnail, saved with Grumm");
}

#[test]
fn a_stat_block_exports_as_markdown() {
    let mut w = encounter_with("freeform", grumm);
    let id = db(&w).creatures().search(&Search::text("Grumm")).unwrap()[0].id;
    // The row's menu offers it (its file dialog only picks the path).
    right_click(&mut w, "Grumm");
    assert!(shows(&w, "Export Grumm as Markdown…"));
    let path = w.path("grumm.md");
    let app = w.harness.state_mut();
    let export = fray_ui::window::LibraryAction::ExportMarkdown {
        entry: fray_ui::window::EntryRef::Creature(id),
        path: path.clone(),
    };
    apply(&mut app.model, &mut app.view, Action::Library(export));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("## Grumm") || text.starts_with("# Grumm"), "{text}");
    assert!(text.contains("HP"), "{text}");
    assert!(!path.with_extension("md.part").exists());
    // A folder that does not exist: a message, no file, no panic.
    let bad = w.path("missing/folder/grumm.md");
    let app = w.harness.state_mut();
    let export = fray_ui::window::LibraryAction::ExportMarkdown {
        entry: fray_ui::window::EntryRef::Creature(id),
        path: bad.clone(),
    };
    apply(&mut app.model, &mut app.view, Action::Library(export));
    assert!(
        app.model.status.as_ref().is_some_and(|s| s.error && s.text.contains("Could not write"))
    );
    assert!(!bad.exists());
}

/// A message under a field keeps a row of its own from the start: the fields below never move
/// while the GM types (typing went into the wrong field when they did).
#[test]
fn a_problem_appearing_moves_no_field() {
    let mut w = encounter("bdp");
    w.press("New creature");
    w.type_into("Name", "Spearman");
    let below = w.harness.get_by_role_and_label(Role::TextInput, "DEX").rect();
    w.type_into("STR", "25");
    assert!(shows(&w, "must be between 1 and 20, not 25"), "the problem is shown");
    assert_eq!(w.harness.get_by_role_and_label(Role::TextInput, "DEX").rect(), below);
    w.type_into("Name", "");
    assert!(shows(&w, "A name is required"));
    assert_eq!(w.harness.get_by_role_and_label(Role::TextInput, "DEX").rect(), below);
}

#[test]
fn each_entry_opens_in_the_editor_at_its_top() {
    let mut w = encounter_with("freeform", grumm);
    right_click(&mut w, "Grumm");
    w.press("Edit Grumm");
    let name = w.harness.get_by_role_and_label(Role::TextInput, "Name").rect();
    // The GM reads down to the last field at the foot, then leaves.
    let last = w
        .harness
        .query_all_by_role(Role::TextInput)
        .filter_map(|n| n.accesskit_node().label())
        .next_back()
        .expect("fields");
    w.harness.get_by_role_and_label(Role::TextInput, &last).scroll_to_me();
    w.settle();
    let scrolled = w.harness.get_by_role_and_label(Role::TextInput, "Name").rect();
    assert!(scrolled.min.y < name.min.y, "the test scrolled the editor: {scrolled:?}");
    w.press("Cancel");
    // The next entry opens at its own top, not where the last was left.
    right_click(&mut w, "Goblin");
    w.press("Edit Goblin");
    let top = w.harness.get_by_role_and_label(Role::TextInput, "Name").rect();
    assert_eq!(top.min.y, name.min.y, "opened at the top: {top:?}, first {name:?}");
}
