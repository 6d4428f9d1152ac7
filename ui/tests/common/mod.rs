//! Shared setup for the window tests: the real `FrayApp` over a real SQLite file in a temp
//! dir, driven by `egui_kittest` the way a GM drives it (clicks and drags by label).

#![allow(dead_code)]

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fray_data::Db;
use fray_ui::window::FrayApp;
use std::path::PathBuf;

pub mod words;

/// A window over a fresh database, and the temp dir that holds it (kept alive with it).
pub struct Window {
    /// The harness; its state is the app.
    pub harness: Harness<'static, FrayApp>,
    /// The temp dir of the database (and of exports).
    pub dir: tempfile::TempDir,
}

impl Window {
    /// Compares the window's image with its snapshot under `ui/tests/snapshots/`, unless
    /// `FRAY_SKIP_IMAGE_SNAPSHOTS` says why not: the snapshots were drawn by Mesa's lavapipe,
    /// and a runner that draws with another renderer (Windows, macOS: the release workflow)
    /// differs in its pixels, not in Fray. Skipping says so on the test's output.
    pub fn snapshot(&mut self, name: impl Into<String>) {
        let name = name.into();
        match std::env::var("FRAY_SKIP_IMAGE_SNAPSHOTS") {
            Ok(why) => eprintln!("skipped: the image snapshot '{name}' ({why})"),
            Err(_) => self.harness.snapshot(name),
        }
    }

    /// The open encounter's session.
    pub fn session(&self) -> &fray_data::Session {
        self.app().model.session.as_ref().expect("an encounter is open")
    }

    /// The current value of `who`'s `track`.
    pub fn value(&self, who: &str, track: &str) -> i64 {
        let state = self.session().state();
        state.combatant_named(who).unwrap().track(track).unwrap().value
    }

    /// Whether some journal line reads `text` somewhere.
    pub fn journal_says(&self, text: &str) -> bool {
        let journal = &self.app().model.journal;
        (0..journal.len()).filter_map(|i| journal.text(i)).any(|line| line.contains(text))
    }

    /// Replaces the text of the field named `label`, as typed.
    pub fn type_into(&mut self, label: &str, text: &str) {
        self.harness.get_by_role_and_label(Role::TextInput, label).focus();
        self.settle();
        self.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        if text.is_empty() {
            self.harness.key_press(egui::Key::Backspace);
        } else {
            self.harness.get_by_role_and_label(Role::TextInput, label).type_text(text);
        }
        self.settle();
    }

    /// Types the faces of the roll the window asks for and records them.
    pub fn faces(&mut self, text: &str) {
        self.type_into("Faces", text);
        self.press("Record");
    }

    /// Opens a folded heading of a prompt (many foes: the strikes are listed per foe).
    pub fn unfold(&mut self, heading: &str) {
        self.harness.get_by_role_and_label(Role::DisclosureTriangle, heading).scroll_to_me();
        self.settle();
        self.harness.get_by_role_and_label(Role::DisclosureTriangle, heading).click();
        self.harness.run_steps(12);
    }

    /// The path of a file in the test's temp dir.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs frames until the UI settles.
    pub fn settle(&mut self) {
        self.harness.run_steps(4);
    }

    /// The app behind the window.
    pub fn app(&self) -> &FrayApp {
        self.harness.state()
    }

    /// A real drag: presses at `from`, moves the pointer in steps to `to`, releases there.
    pub fn drag(&mut self, from: egui::Pos2, to: egui::Pos2) {
        self.harness.hover_at(from);
        self.harness.step();
        self.harness.drag_at(from);
        self.harness.step();
        for i in 1..=4 {
            self.harness.hover_at(from + (to - from) * (i as f32 / 4.0));
            self.harness.step();
        }
        self.harness.drop_at(to);
        self.harness.step();
        self.settle();
    }

    /// Clicks the button labelled `label`, scrolling its panel to it first.
    pub fn press(&mut self, label: &str) {
        self.harness.get_by_role_and_label(Role::Button, label).scroll_to_me();
        self.settle();
        self.harness.get_by_role_and_label(Role::Button, label).click();
        self.settle();
    }
}

/// Stores the fight `script` sets up (a scenario script, its commands applied one by one) in
/// `db` as the encounter `name` of `system` with `seed`, and makes it the one the window
/// opens on, as after a GM opened it.
pub fn store_fight(db: &Db, script: &str, system: &str, name: &str, seed: u64) {
    let parsed = fray_app::scenario::run("fight.fray", script).unwrap_or_else(|e| panic!("{e}"));
    let mut s = fray_data::Session::create(db, system.parse().unwrap(), name, seed).unwrap();
    for record in parsed.live_commands() {
        s.apply(record.command.clone()).unwrap();
    }
    db.settings().set_json("ui.last_encounter", &s.encounter_id().0).unwrap();
}

/// Sets the window's scale (100 for 100 %), dark theme, before it opens.
pub fn set_scale(db: &Db, scale_percent: u32) {
    let prefs = fray_ui::window::Prefs { scale_percent, dark: true };
    db.settings().set_json(fray_ui::window::PREFS_KEY, &prefs).unwrap();
}

/// Opens the window over a new database in a temp dir, at a desktop size.
pub fn window() -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    window_with(dir, db)
}

/// Opens the window over an existing database (to test reopening).
pub fn window_with(dir: tempfile::TempDir, db: Db) -> Window {
    window_sized(dir, db, egui::vec2(1600.0, 1000.0))
}

/// Opens the window over an existing database on a screen of `size` pixels.
pub fn window_sized(dir: tempfile::TempDir, db: Db, size: egui::Vec2) -> Window {
    window_built(dir, db, Harness::builder().with_size(size))
}

/// Opens the window over an existing database, drawn for real (wgpu on the software
/// adapter), for image snapshots.
#[allow(dead_code)]
pub fn window_rendered(dir: tempfile::TempDir, db: Db, size: egui::Vec2) -> Window {
    window_built(dir, db, Harness::builder().with_size(size).wgpu())
}

fn window_built(
    dir: tempfile::TempDir,
    db: Db,
    builder: egui_kittest::HarnessBuilder<FrayApp>,
) -> Window {
    let ctx = egui::Context::default();
    let app = FrayApp::new(&ctx, db);
    let harness = builder
        // The harness draws with its own context: give it Fray's fonts before its first frame.
        .with_context_setup(fray_ui::window::theme::install_fonts)
        .build_ui_state(|ui, app: &mut FrayApp| app.frame_ui(ui), app);
    let mut w = Window { harness, dir };
    w.settle();
    w
}

/// A window over an app built beforehand (a sample board), at a desktop size.
pub fn window_of(dir: tempfile::TempDir, app: FrayApp) -> Window {
    let harness = Harness::builder()
        .with_size(egui::vec2(1920.0, 1080.0))
        .with_context_setup(fray_ui::window::theme::install_fonts)
        .build_ui_state(|ui, app: &mut FrayApp| app.frame_ui(ui), app);
    let mut w = Window { harness, dir };
    w.settle();
    w
}

/// A window reopening a freeform encounter "Ambush" (seed 7) with `names` on one party
/// side, 10 HP each, not started yet; and the encounter's id.
pub fn freeform_fight(names: &[&str]) -> (Window, fray_data::EncounterId) {
    use fray_app::Command;
    use fray_app::command::NewCombatant;
    use fray_app::encounter::Track;
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let mut session =
        fray_data::Session::create(&db, "freeform".parse().unwrap(), "Ambush", 7).unwrap();
    let side = Command::AddSide { name: "Party".into(), colour: "#3d7fc4".into(), party: true };
    session.apply(side).unwrap();
    let side = session.state().side_named("Party").unwrap().id;
    for name in names {
        let combatant = NewCombatant {
            tracks: vec![Track { name: "hp".into(), value: 10, max: 10 }],
            ..NewCombatant::named(*name, side)
        };
        session.apply(Command::AddCombatant { combatant: Box::new(combatant), count: 1 }).unwrap();
    }
    let id = session.encounter_id();
    db.settings().set_json("ui.last_encounter", &id.0).unwrap();
    drop(session);
    (window_with(dir, db), id)
}
