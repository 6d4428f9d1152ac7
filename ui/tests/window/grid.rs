//! The grid board as a GM uses it: a grid encounter made from the welcome screen, walls drawn
//! with the mouse, a wall made a door and the door opened, tokens dragged square to square
//! (a way too long or blocked is refused and nothing moves), difficult ground painted, and the
//! distance and cover of every token from the selected one.

use crate::common;

use crate::common::Window;
use eframe::egui::{self, Pos2, vec2};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::Command;
use fray_app::space::grid::{Axis, Edge, GridPos, WallKind};
use fray_ui::window::{Action, apply};

/// A freeform encounter on a 12 × 8 grid made through the welcome screen's form, with Ann
/// (the party, 30 ft of move) at (1, 3) and Orc at (6, 3).
fn gatehouse() -> Window {
    let mut w = common::window();
    let app = w.harness.state_mut();
    // (The welcome form's grid has its own test; a smaller grid keeps the squares big.)
    apply(
        &mut app.model,
        &mut app.view,
        Action::NewEncounter { system: "freeform".parse().unwrap(), name: "Gatehouse".into() },
    );
    w.settle();
    for command in [
        Command::SetGrid { width: 12, height: 8, feet: 5 },
        Command::AddSide { name: "Party".into(), colour: "#3366cc".into(), party: true },
        Command::AddSide { name: "Foes".into(), colour: "#aa3333".into(), party: false },
    ] {
        run(&mut w, command);
    }
    let sides: Vec<_> = w.session().state().sides.keys().copied().collect();
    let mut ann = fray_app::command::NewCombatant::named("Ann", sides[0]);
    ann.stats.push(fray_app::encounter::Stat { name: "move".into(), value: 30 });
    ann.square = Some(GridPos { x: 1, y: 3 });
    run(&mut w, Command::AddCombatant { combatant: Box::new(ann), count: 1 });
    let mut orc = fray_app::command::NewCombatant::named("Orc", sides[1]);
    orc.square = Some(GridPos { x: 6, y: 3 });
    run(&mut w, Command::AddCombatant { combatant: Box::new(orc), count: 1 });
    w
}

fn run(w: &mut Window, command: Command) {
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, Action::Game(command));
    w.settle();
}

/// The screen centre of square `(x, y)`, found from where Ann's token is drawn.
fn square(w: &Window, x: u16, y: u16) -> Pos2 {
    let ann = w.session().state().combatant_named("Ann").unwrap().square.unwrap();
    let rect = w.harness.get_by_role_and_label(Role::Button, "Ann").rect();
    let side = rect.width();
    let (dx, dy) = (f32::from(x) - f32::from(ann.x), f32::from(y) - f32::from(ann.y));
    rect.center() + vec2(dx * side, dy * side)
}

/// The screen point of grid corner `(x, y)`.
fn corner(w: &Window, x: u16, y: u16) -> Pos2 {
    let c = square(w, x, y);
    let side = w.harness.get_by_role_and_label(Role::Button, "Ann").rect().width();
    c - vec2(side / 2.0, side / 2.0)
}

fn at(w: &Window, name: &str) -> Option<GridPos> {
    w.session().state().combatant_named(name).unwrap().square
}

#[test]
fn the_welcome_form_makes_a_grid_encounter() {
    let mut w = common::window();
    w.type_into("Name", "Gatehouse");
    w.press("5-ft grid");
    w.press("Create");
    let grid = w.session().state().grid.clone().expect("a grid");
    assert_eq!((grid.width, grid.height, grid.feet), (20, 14, 5));
    // The board's tools are the grid's, not "+ Zone".
    assert!(w.harness.query_by_label("+ Zone").is_none());
    w.harness.get_by_label("Walls");
    w.harness.get_by_label("Ground");
}

#[test]
fn a_procedure_fought_only_on_a_grid_gets_one_and_zones_are_off() {
    // 1920 × 1080 at 200 %: every procedure is in view in the open list, none behind a
    // scroll.
    let mut w = common::window_sized(
        tempfile::tempdir().unwrap(),
        fray_data::Db::open_in_memory().unwrap(),
        egui::vec2(960.0, 540.0),
    );
    w.harness.get_by_label("System").click();
    w.settle();
    let screen = w.harness.ctx.content_rect();
    for name in ["Freeform", "Sovereign", "d12 declared actions", "Block, Dodge, Parry"] {
        let item = w.harness.get_all_by_label(name).last().unwrap().rect();
        assert!(screen.contains_rect(item), "{name} in view: {item:?} in {screen:?}");
    }
    w.harness.get_all_by_label("Sovereign").last().unwrap().click();
    w.settle();
    w.type_into("Name", "Chapel");
    // The Zones button (labelled by its row, Board) is off.
    assert!(w.harness.get_by_label("Board").accesskit_node().is_disabled());
    w.press("Create");
    let state = w.session().state();
    assert_eq!(state.system_id(), "sovereign");
    assert!(state.grid.is_some(), "the form made the grid");
}

#[test]
fn dragging_a_token_steps_it_along_the_way_and_a_refused_step_moves_nothing() {
    let mut w = gatehouse();
    let (from, to) = (square(&w, 1, 3), square(&w, 4, 5));
    w.drag(from, to);
    assert_eq!(at(&w, "Ann"), Some(GridPos { x: 4, y: 5 }));
    assert!(w.journal_says("Ann moved from (1, 3) to (4, 5) (15 ft)"));
    // Onto the orc: refused, said, nothing moves.
    let (from, to) = (square(&w, 4, 5), square(&w, 6, 3));
    w.drag(from, to);
    assert_eq!(at(&w, "Ann"), Some(GridPos { x: 4, y: 5 }));
    let status = w.app().model.status.clone().unwrap();
    assert!(status.error && status.text.contains("someone already stands at (6, 3)"), "{status:?}");
    // Beyond her 30 ft.
    let (from, to) = (square(&w, 4, 5), square(&w, 11, 0));
    w.drag(from, to);
    assert_eq!(at(&w, "Ann"), Some(GridPos { x: 4, y: 5 }));
    let status = w.app().model.status.clone().unwrap();
    assert!(status.text.contains("is 35 ft away; this move allows 30 ft"), "{status:?}");
}

#[test]
fn walls_are_drawn_with_the_mouse_made_doors_and_opened() {
    let mut w = gatehouse();
    assert!(w.harness.query_by_label_contains("Walls: Drag along the lines").is_none());
    w.press("Walls");
    // The tool says what it does on the board itself.
    w.harness.get_by_label_contains("Walls: Drag along the lines to draw walls");
    // Along the line x = 4 from y = 0 to y = 8.
    let (a, b) = (corner(&w, 4, 0), corner(&w, 4, 8));
    w.drag(a + vec2(1.0, 0.0), b + vec2(1.0, 0.0));
    let grid = w.session().state().grid.clone().unwrap();
    let edge = |y| Edge { x: 4, y, axis: Axis::Vertical };
    assert!((0..8).all(|y| grid.wall(edge(y)) == Some(WallKind::Wall)), "{:?}", grid.walls);
    // Ann cannot get past it now.
    w.press("Move");
    let (from, to) = (square(&w, 1, 3), square(&w, 5, 3));
    w.drag(from, to);
    assert_eq!(at(&w, "Ann"), Some(GridPos { x: 1, y: 3 }));
    // A click on the wall at row 3: the menu makes it a door.
    w.press("Walls");
    let on_wall = corner(&w, 4, 3) + vec2(1.0, 20.0);
    w.harness.hover_at(on_wall);
    w.settle();
    w.harness.get_by_role_and_label(Role::Canvas, "Board");
    click_at(&mut w, on_wall);
    w.press("Door (closed)");
    let grid = w.session().state().grid.clone().unwrap();
    assert_eq!(grid.wall(edge(3)), Some(WallKind::Door { open: false }));
    // A click on the door opens it.
    click_at(&mut w, on_wall);
    let grid = w.session().state().grid.clone().unwrap();
    assert_eq!(grid.wall(edge(3)), Some(WallKind::Door { open: true }));
    // Through the open door.
    w.press("Move");
    let (from, to) = (square(&w, 1, 3), square(&w, 5, 3));
    w.drag(from, to);
    assert_eq!(at(&w, "Ann"), Some(GridPos { x: 5, y: 3 }));
    // A right-click erases.
    w.press("Walls");
    let on_wall = corner(&w, 4, 6) + vec2(1.0, 20.0);
    w.harness.hover_at(on_wall);
    w.settle();
    w.harness.event(egui::Event::PointerButton {
        pos: on_wall,
        button: egui::PointerButton::Secondary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    w.harness.event(egui::Event::PointerButton {
        pos: on_wall,
        button: egui::PointerButton::Secondary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    w.settle();
    let grid = w.session().state().grid.clone().unwrap();
    assert_eq!(grid.wall(edge(6)), None);
}

fn click_at(w: &mut Window, p: Pos2) {
    w.harness.hover_at(p);
    w.harness.step();
    w.harness.event(egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    w.harness.step();
    w.harness.event(egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    w.settle();
}

#[test]
fn difficult_ground_is_painted_and_costs_double() {
    let mut w = gatehouse();
    w.press("Ground");
    let (a, b) = (square(&w, 3, 2), square(&w, 3, 4));
    w.drag(a, b);
    let grid = w.session().state().grid.clone().unwrap();
    for y in 2..=4 {
        assert!(grid.is_difficult(GridPos { x: 3, y }), "(3, {y}) {:?}", grid.difficult);
    }
    w.press("Move");
    let (from, to) = (square(&w, 1, 3), square(&w, 4, 3));
    w.drag(from, to);
    assert!(w.journal_says("Ann moved from (1, 3) to (4, 3) (20 ft)"));
}

#[test]
fn the_selected_token_shows_every_other_ones_distance_and_cover() {
    let mut w = gatehouse();
    w.harness.get_by_role_and_label(Role::Button, "Ann").click();
    w.settle();
    let orc = w.harness.get_by_role_and_label(Role::Button, "Orc");
    assert_eq!(orc.value().as_deref(), Some("25 ft · Near"));
    // A wall between them, with a window: she sees him, he has no cover.
    run(&mut w, Command::SetWalls { from: (4, 0), to: (4, 8), kind: Some(WallKind::Window) });
    let orc = w.harness.get_by_role_and_label(Role::Button, "Orc");
    assert_eq!(orc.value().as_deref(), Some("25 ft · Near"));
    // Solid: out of sight.
    run(&mut w, Command::SetWalls { from: (4, 0), to: (4, 8), kind: Some(WallKind::Wall) });
    let orc = w.harness.get_by_role_and_label(Role::Button, "Orc");
    assert_eq!(orc.value().as_deref(), Some("25 ft · unseen"));
    // A short wall covering part of him: half cover.
    run(&mut w, Command::SetWalls { from: (4, 0), to: (4, 8), kind: None });
    run(&mut w, Command::SetWalls { from: (6, 3), to: (6, 4), kind: Some(WallKind::Wall) });
    let orc = orc_id(&w);
    run(&mut w, Command::Place { id: orc, at: Some(GridPos { x: 6, y: 1 }) });
    run(&mut w, Command::SetWalls { from: (6, 1), to: (6, 2), kind: Some(WallKind::Wall) });
    let orc = w.harness.get_by_role_and_label(Role::Button, "Orc");
    assert_eq!(orc.value().as_deref(), Some("25 ft · half cover"));
}

fn orc_id(w: &Window) -> fray_app::ids::CombatantId {
    w.session().state().combatant_named("Orc").unwrap().id
}

#[test]
fn a_library_entry_dropped_on_the_grid_lands_on_that_square() {
    let mut w = gatehouse();
    let to = square(&w, 8, 6);
    // The first entries of the bundled bestiary (the list is alphabetical).
    let from = w.harness.get_by_label("Bandit").rect().center();
    w.drag(from, to);
    assert_eq!(at(&w, "Bandit"), Some(GridPos { x: 8, y: 6 }));
    // Dropped onto someone: the nearest free square.
    let to = square(&w, 6, 3);
    let from = w.harness.get_by_label("Cultist").rect().center();
    w.drag(from, to);
    let cultist = at(&w, "Cultist").expect("on the grid");
    assert_eq!(cultist.x.abs_diff(6).max(cultist.y.abs_diff(3)), 1, "next to the orc: {cultist:?}");
}

#[test]
fn a_party_dropped_on_the_grid_stands_around_that_square() {
    let mut w = gatehouse();
    w.press("Characters");
    let to = square(&w, 9, 5);
    let from = w.harness.get_by_label("The Lantern Company · 4").rect().center();
    w.drag(from, to);
    let state = w.session().state();
    let party: Vec<_> =
        state.combatants.values().filter(|c| c.name != "Ann" && c.name != "Orc").collect();
    assert_eq!(party.len(), 4, "every member joined");
    let squares: std::collections::BTreeSet<_> =
        party.iter().map(|c| c.square.expect("on the grid")).collect();
    assert_eq!(squares.len(), 4, "each on a square of its own: {squares:?}");
    assert!(squares.contains(&GridPos { x: 9, y: 5 }), "the first on the drop square");
    for s in &squares {
        assert!(s.x.abs_diff(9) <= 1 && s.y.abs_diff(5) <= 1, "{s:?} around the drop");
    }
    assert!(party.iter().all(|c| state.is_party(c.id)), "on the party side");
}

fn corpus(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/maps").join(name)
}

/// Opens the map form, types the file's path and loads it.
fn load_map(w: &mut Window, path: &std::path::Path) {
    w.press("Map…");
    w.type_into("Map file", &path.display().to_string());
    w.press("Load");
}

#[test]
fn a_universal_vtt_file_becomes_the_board_in_one_undoable_step() {
    let mut w = gatehouse();
    load_map(&mut w, &corpus("gatehouse.dd2vtt"));
    let grid = w.session().state().grid.clone().unwrap();
    assert_eq!((grid.width, grid.height), (12, 8));
    let v = |y| grid.wall(Edge { x: 6, y, axis: Axis::Vertical });
    assert_eq!(v(0), Some(WallKind::Wall));
    assert_eq!(v(3), Some(WallKind::Door { open: false }), "the portal is a closed door");
    assert_eq!(v(5), None, "the gap the file leaves");
    // The pillar is an object outline: left open unless asked for, and said so.
    assert_eq!(grid.wall(Edge { x: 3, y: 1, axis: Axis::Horizontal }), None);
    let status = w.app().model.status.clone().unwrap();
    assert!(status.text.contains("1 object outline (statues, furniture) left open"), "{status:?}");
    let map = grid.map.clone().expect("the picture is under it");
    assert_eq!((map.width_squares, map.height_squares), (12.0, 8.0));
    let kept = w.session().db().maps().get(&map.image).unwrap().expect("kept in the database");
    assert_eq!((kept.width_px, kept.height_px), (480, 320));
    assert!(w.journal_says("Board loaded: 12 × 8 squares of 5 ft"));
    // Ann and the orc are now on either side of the door: no sight.
    w.harness.get_by_role_and_label(Role::Button, "Ann").click();
    w.settle();
    let orc = w.harness.get_by_role_and_label(Role::Button, "Orc");
    assert_eq!(orc.value().as_deref(), Some("25 ft · unseen"));
    // One undo takes the whole board back.
    w.press("Undo");
    let grid = w.session().state().grid.clone().unwrap();
    assert!(grid.walls.is_empty() && grid.map.is_none());
    // Asked for, the pillar's four sides are walls.
    w.press("Map…");
    w.harness
        .get_by_label("Object outlines (statues, furniture) as walls; left open otherwise")
        .click();
    w.settle();
    w.type_into("Map file", &corpus("gatehouse.dd2vtt").display().to_string());
    w.press("Load");
    let grid = w.session().state().grid.clone().unwrap();
    assert_eq!(grid.wall(Edge { x: 3, y: 1, axis: Axis::Horizontal }), Some(WallKind::Wall));
    assert_eq!(grid.wall(Edge { x: 4, y: 1, axis: Axis::Vertical }), Some(WallKind::Wall));
}

/// A Universal VTT file is told by what it holds (here named `.json`); one whose picture is
/// missing gives its grid and walls alone, saying so.
#[test]
fn a_map_file_is_read_by_its_content_and_without_its_picture() {
    let mut w = gatehouse();
    let text = std::fs::read_to_string(corpus("gatehouse.dd2vtt")).unwrap();
    let renamed = w.path("gatehouse.json");
    std::fs::write(&renamed, &text).unwrap();
    load_map(&mut w, &renamed);
    let grid = w.session().state().grid.clone().unwrap();
    assert!(grid.map.is_some() && !grid.walls.is_empty(), "read as a map by its content");
    w.press("Undo");
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["image"] = serde_json::Value::String("maps/gatehouse.png".into());
    let pathed = w.path("walls-only.dd2vtt");
    std::fs::write(&pathed, doc.to_string()).unwrap();
    let kept = w.session().db().maps().count().unwrap();
    load_map(&mut w, &pathed);
    let grid = w.session().state().grid.clone().unwrap();
    assert!(grid.map.is_none(), "no picture to lay under it");
    assert_eq!(
        grid.wall(Edge { x: 6, y: 3, axis: Axis::Vertical }),
        Some(WallKind::Door { open: false })
    );
    let status = w.app().model.status.clone().unwrap();
    assert!(
        status.text.contains("no map picture (field 'image' is not a picture in base64 (a path to one?)): the grid and its walls alone"),
        "{status:?}"
    );
    assert_eq!(w.session().db().maps().count().unwrap(), kept, "no picture kept");
}

#[test]
fn a_broken_map_file_is_refused_naming_the_fields_and_nothing_changes() {
    let mut w = gatehouse();
    let before = w.session().history().cursor();
    load_map(&mut w, &corpus("broken.dd2vtt"));
    let status = w.app().model.status.clone().unwrap();
    assert!(status.error, "{status:?}");
    assert!(status.text.starts_with("broken.dd2vtt: "), "{}", status.text);
    assert!(
        status.text.contains("field 'line_of_sight[4][1]': (30, 0) lies outside the 12 × 8 map"),
        "{}",
        status.text
    );
    assert_eq!(w.session().history().cursor(), before, "no command ran");
    assert!(w.session().state().grid.as_ref().unwrap().walls.is_empty());
}

#[test]
fn a_picture_goes_under_the_grid_and_can_be_removed() {
    let mut w = gatehouse();
    load_map(&mut w, &corpus("gatehouse.png"));
    let map = w.session().state().grid.clone().unwrap().map.expect("a map");
    assert_eq!((map.width_squares, map.height_squares), (12.0, 8.0));
    assert!(w.journal_says("Battle map laid under the grid (12 × 8 squares)"));
    w.press("Remove the map");
    assert!(w.session().state().grid.clone().unwrap().map.is_none());
    w.press("Undo");
    assert!(w.session().state().grid.clone().unwrap().map.is_some());
}

#[test]
fn the_benchmarks_big_grid_is_drawn_with_its_map_tokens_and_chips() {
    // What `cargo bench --bench frame -- grid` measures must be the real board.
    let dir = tempfile::tempdir().unwrap();
    let db = fray_data::Db::open(dir.path().join("fray.db")).unwrap();
    let ctx = egui::Context::default();
    let app = fray_ui::window::sample::big_grid(&ctx, db, 100, 500, 50).unwrap();
    let mut w = common::window_of(dir, app);
    // The Table layout (the board and the stepper), zoomed out as the benchmark does, until
    // the whole grid is in view.
    w.press("Table");
    for _ in 0..12 {
        w.harness.hover_at(egui::pos2(250.0, 260.0));
        w.harness.event(egui::Event::Zoom(0.7));
        w.harness.step();
    }
    w.settle();
    let state = w.session().state();
    let grid = state.grid.as_ref().unwrap();
    assert!(grid.walls.len() >= 500 && grid.map.is_some());
    // Tokens in view carry their distance and cover from the selected one.
    let shown: Vec<_> = state
        .combatants
        .values()
        .filter_map(|c| w.harness.query_by_role_and_label(Role::Button, &c.name).map(|n| n.value()))
        .collect();
    assert_eq!(shown.len(), 50, "every token drawn");
    assert!(shown.iter().flatten().any(|v| v.contains(" ft")), "{shown:?}");
}

#[test]
fn a_token_dragged_into_the_tray_leaves_the_grid_and_comes_back() {
    let mut w = gatehouse();
    let (from, to) = (square(&w, 6, 3), w.harness.get_by_label("Not on the board").rect().center());
    w.drag(from, to);
    assert_eq!(at(&w, "Orc"), None, "off the grid");
    assert!(w.journal_says("Orc left the grid from (6, 3)"));
    // From the tray back onto a square: placed there (no path from off the grid).
    let from = w.harness.get_by_role_and_label(Role::Button, "Orc").rect().center();
    let to = square(&w, 9, 6);
    w.drag(from, to);
    assert_eq!(at(&w, "Orc"), Some(GridPos { x: 9, y: 6 }));
}

#[test]
fn the_card_of_a_token_on_the_grid_gives_its_square_and_size() {
    let mut w = gatehouse();
    w.harness.get_by_role_and_label(Role::Button, "Orc").click();
    w.settle();
    w.harness.get_by_label("(6, 3)");
    assert!(w.harness.query_by_label("Zone").is_none(), "no zones on a grid");
    w.harness.get_by_role_and_label(Role::ComboBox, "Size").scroll_to_me();
    w.settle();
    let size = w.harness.get_by_role_and_label(Role::ComboBox, "Size");
    assert_eq!(size.value().as_deref(), Some("1×1 (medium)"));
    size.click();
    w.settle();
    w.harness.get_by_label("2×2 (large)").click();
    w.settle();
    assert_eq!(w.session().state().combatant_named("Orc").unwrap().size, 2);
    w.press("Off the grid");
    assert_eq!(at(&w, "Orc"), None);
}

#[test]
fn at_200_percent_fit_keeps_a_big_grids_names_readable() {
    // A 60 × 40 grid on 1920 × 1080 at 200 % (960 × 540 points): the whole would need squares
    // far too small for names; Fit stops where they show, from the top-left corner.
    let dir = tempfile::tempdir().unwrap();
    let db = fray_data::Db::open(dir.path().join("fray.db")).unwrap();
    let mut session =
        fray_data::Session::create(&db, "sovereign".parse().unwrap(), "The great hall", 3).unwrap();
    session.apply(Command::SetGrid { width: 60, height: 40, feet: 5 }).unwrap();
    let side = Command::AddSide { name: "Party".into(), colour: "#3366cc".into(), party: true };
    session.apply(side).unwrap();
    let sides: Vec<_> = session.state().sides.keys().copied().collect();
    let mut ann = fray_app::command::NewCombatant::named("Ann", sides[0]);
    ann.square = Some(GridPos { x: 1, y: 1 });
    ann.block = serde_json::json!({"tracks": {"hp": 9}, "stats": {"ac": 13, "atk": 1}});
    session.apply(Command::AddCombatant { combatant: Box::new(ann), count: 1 }).unwrap();
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    let prefs = fray_ui::window::Prefs { scale_percent: 200, dark: true };
    db.settings().set_json(fray_ui::window::PREFS_KEY, &prefs).unwrap();
    drop(session);
    let mut w = common::window_sized(dir, db, egui::vec2(960.0, 540.0));
    assert_eq!(w.harness.ctx.pixels_per_point(), 2.0, "200 %");
    w.press("Fit");
    w.harness.run_steps(6);
    let ann = w.harness.get_by_role_and_label(Role::Button, "Ann").rect();
    assert!(ann.width() >= 56.0, "a square with room for the name: {ann:?}");
}
