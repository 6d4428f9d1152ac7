//! The import dialog as docs/formats.md shows it: a bestiary spreadsheet imported last
//! month, an axe the GM gave the orc since, and the new version of the sheet opened for
//! import. Runs the real window (take a screenshot under Xvfb, then close it).
//!
//! `cargo run --release -p fray-ui --example tour_import -- /tmp/tour.db`

use eframe::egui;
use fray_data::exchange::{self, CsvMapping};
use fray_data::{Db, NewCreature, Search};
use fray_ui::window::{Action, FrayApp, PrepAction, apply};
use std::path::{Path, PathBuf};

fn main() -> eframe::Result {
    let db_path =
        std::env::args().nth(1).map_or_else(|| PathBuf::from("/tmp/fray-tour.db"), PathBuf::from);
    let _ = std::fs::remove_file(&db_path);
    let db = Db::open(&db_path).expect("a database");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/import");
    let v1 = corpus.join("bestiary-v1.csv");
    let text = exchange::read_text(&v1).expect("the sheet");
    let bdp = "bdp".parse().expect("a procedure");
    let mapping = CsvMapping::propose("bestiary.csv", &text, bdp).expect("a mapping");
    let lib = exchange::csv_creatures("bestiary.csv", &text, bdp, &mapping).expect("creatures");
    exchange::apply(&db, "bestiary", &lib).expect("imported");
    let orc = db
        .creatures()
        .search(&Search::text("orc raider").system(bdp))
        .expect("search")
        .into_iter()
        .find(|c| c.uid == "csv:bdp/orc raider")
        .expect("the orc");
    let mut block = orc.block.clone();
    block["weapons"] = serde_json::json!([{"name": "Axe", "die": 8}]);
    let new = NewCreature { system: orc.system, name: orc.name, tags: orc.tags, block };
    db.creatures().update(orc.id, &new).expect("edited");
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Fray")
            .with_inner_size([1600.0, 1000.0]),
        ..Default::default()
    };
    let v2 = corpus.join("bestiary-v2.csv");
    eframe::run_native(
        "Fray",
        options,
        Box::new(move |cc| {
            let mut app = FrayApp::new(&cc.egui_ctx, db);
            // Prepare the Block, Dodge, Parry library, as the GM would pick it.
            app.view.library.pick_system(bdp);
            apply(&mut app.model, &mut app.view, Action::Prep(PrepAction::OpenImport(v2)));
            Ok(Box::new(app))
        }),
    )
}
