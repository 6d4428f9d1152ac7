//! The real window, started as a GM starts it (the `fray` binary on an X display, Mesa's
//! software renderer in CI): the frame it appears with is already the whole window. Fray lays
//! nothing out in eframe's first frame, which is drawn while the window is still hidden
//! (`window::startup`), so this proves the content is not a frame late: the window's second
//! frame, screenshotted from inside, equals one drawn ten frames later.

use fray_data::{Db, Session};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A database whose last encounter is `script`'s fight, as after a GM opened it.
fn fight_db(dir: &Path, script: &str, system: &str, name: &str, seed: u64) -> PathBuf {
    let path = dir.join("fray.db");
    let db = Db::open(&path).unwrap();
    let file = format!("{}/../{script}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap();
    let parsed = fray_app::scenario::run(&file, &text).unwrap_or_else(|e| panic!("{e}"));
    let mut s = Session::create(&db, system.parse().unwrap(), name, seed).unwrap();
    for record in parsed.live_commands() {
        s.apply(record.command.clone()).unwrap();
    }
    db.settings().set_json("ui.last_encounter", &s.encounter_id().0).unwrap();
    path
}

/// Runs `fray` until it closes itself, at most a minute.
fn run_window(db: &Path, shots: &Path) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .arg("--db")
        .arg(db)
        .env(fray_ui::window::startup::SHOTS_DIR, shots)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "fray ended with {status}");
            return;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("the window did not close itself within a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Starts the window on `db` and compares the frame it appears with to the tenth after it.
fn appears_whole(dir: &Path, db: &Path) {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        // The README's test command gives one (xvfb-run); CI must never skip this.
        assert!(std::env::var_os("CI").is_none(), "CI runs the tests without a display");
        eprintln!("skipped: no display (run the tests under xvfb-run, as the README says)");
        return;
    }
    run_window(db, dir);
    let read = |name: &str| {
        let path = dir.join(name);
        image::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).into_rgba8()
    };
    let first = read("first.png");
    let settled = read("settled.png");
    assert_eq!(first.dimensions(), settled.dimensions());
    // Not the plain clear: the window is drawn (text, panels, tokens in many shades).
    let colours: std::collections::HashSet<[u8; 4]> = first.pixels().map(|p| p.0).collect();
    assert!(colours.len() > 100, "the first frame has {} colours: is it drawn?", colours.len());
    let differing: Vec<(u32, u32)> = first
        .enumerate_pixels()
        .filter(|(x, y, p)| settled.get_pixel(*x, *y) != *p)
        .map(|(x, y, _)| (x, y))
        .collect();
    if let (Some(left), Some(right)) = (
        differing.iter().map(|p| p.0).min().zip(differing.iter().map(|p| p.1).min()),
        differing.iter().map(|p| p.0).max().zip(differing.iter().map(|p| p.1).max()),
    ) {
        let name = db.file_stem().unwrap().to_string_lossy();
        let kept = std::env::temp_dir().join(format!("fray-first-frame-{name}"));
        std::fs::create_dir_all(&kept).unwrap();
        for name in ["first.png", "settled.png"] {
            std::fs::copy(dir.join(name), kept.join(name)).unwrap();
        }
        panic!(
            "{} pixels differ between the first frame and the tenth, from {left:?} to {right:?} \
             (both kept in {})",
            differing.len(),
            kept.display()
        );
    }
}

#[test]
fn a_fight_on_zones_appears_whole() {
    let dir = tempfile::tempdir().unwrap();
    let script = "tests/scenarios/freeform-ambush.fray";
    let db = fight_db(dir.path(), script, "freeform", "Ambush on the forest road", 1234);
    appears_whole(dir.path(), &db);
}

#[test]
fn a_fight_at_200_percent_on_the_light_theme_appears_whole() {
    let dir = tempfile::tempdir().unwrap();
    let script = "tests/scenarios/freeform-ambush.fray";
    let db = fight_db(dir.path(), script, "freeform", "Ambush on the forest road", 1234);
    let prefs = fray_ui::window::Prefs { scale_percent: 200, dark: false };
    Db::open(&db).unwrap().settings().set_json(fray_ui::window::PREFS_KEY, &prefs).unwrap();
    appears_whole(dir.path(), &db);
}

#[test]
fn a_fight_on_a_grid_appears_whole() {
    let dir = tempfile::tempdir().unwrap();
    let script = "docs/tour/sovereign-tower.fray";
    let db = fight_db(dir.path(), script, "sovereign", "The old watchtower", 1);
    appears_whole(dir.path(), &db);
}

#[test]
fn the_welcome_screen_of_a_first_run_appears_whole() {
    let dir = tempfile::tempdir().unwrap();
    // A file that does not exist yet: the window creates it and its bundled content.
    appears_whole(dir.path(), &dir.path().join("new.db"));
}
