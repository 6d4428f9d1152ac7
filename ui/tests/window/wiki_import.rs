//! A whole wiki of stat blocks opened from Import…: the OSE SRD's 138 Markdown pages
//! (`tests/corpus/statblocks/ose-srd-monsters.md`) read for Sovereign in the window, its 207
//! creatures previewed (those whose names the library has asked about first) and imported;
//! drawn for real at 100 % and 200 % on 1920 × 1080 for a look (`FRAY_SHOT_DIR`).

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use fray_data::{Db, Session};
use fray_ui::window::{Action, PrepAction};

/// A window drawn for real at `scale` % over a Sovereign encounter, the OSE wiki opened.
fn wiki_opened(scale: u32) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let session = Session::create(&db, "sovereign".parse().unwrap(), "Caves", 3).unwrap();
    db.settings().set_json("ui.last_encounter", &session.encounter_id().0).unwrap();
    let prefs = fray_ui::window::Prefs { scale_percent: scale, dark: true };
    db.settings().set_json(fray_ui::window::PREFS_KEY, &prefs).unwrap();
    drop(session);
    let size = egui::vec2(1920.0, 1080.0) * (100.0 / scale as f32);
    let mut w = common::window_rendered(dir, db, size);
    let corpus = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/corpus/statblocks/ose-srd-monsters.md");
    let path = w.path("ose-srd-monsters.md");
    std::fs::copy(corpus, &path).unwrap();
    let app = w.harness.state_mut();
    fray_ui::window::apply(
        &mut app.model,
        &mut app.view,
        Action::Prep(PrepAction::OpenImport(path)),
    );
    w.settle();
    w.harness.run_steps(6);
    w
}

#[test]
fn a_wiki_of_ose_pages_is_previewed_and_imported_for_sovereign() {
    let mut w = wiki_opened(100);
    w.harness.get_by_label_contains("each block read by the system's fields");
    let before = w.app().model.db.creatures().count().unwrap();
    // Names the bundled Sovereign bestiary has too (Bandit, Skeleton) are left out unless the
    // GM says.
    let clashes = w.harness.query_all_by_label_contains("the library already has").count();
    assert!(clashes > 0, "a bundled name is asked about");
    // Under each creature, what was read into it and how much went to its notes.
    let acolyte =
        "read AC, Hit dice, HP, Attacks, Attack bonus, Move (ft), Morale, Notes; 5 pieces not read";
    assert!(w.harness.query_all_by_label_contains(acolyte).count() > 0);
    let new = 207 - clashes;
    w.harness.get_by_label_contains(&format!("{new} new, 0 changed"));
    assert_eq!(w.app().model.db.creatures().count().unwrap(), before, "nothing written yet");
    w.press(&format!("Import {new}"));
    w.harness.get_by_label_contains(&format!("Imported {new} new"));
    assert_eq!(w.app().model.db.creatures().count().unwrap(), before + new as u64);
}

/// The preview at 100 % and 200 %, to `FRAY_SHOT_DIR` (to look at).
#[test]
#[ignore = "writes screenshots to look at"]
fn shot() {
    let Ok(out) = std::env::var("FRAY_SHOT_DIR") else { return };
    for scale in [100, 200] {
        let mut w = wiki_opened(scale);
        w.harness.run_steps(4);
        w.harness.render().unwrap().save(format!("{out}/import-ose-wiki-{scale}.png")).unwrap();
    }
}
