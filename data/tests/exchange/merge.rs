//! Importing a spreadsheet again over the entries it made: the file's columns replace their
//! fields and everything the GM added since (weapons, reactions, a portrait) is kept, the
//! preview naming each field; columns are matched by the usual synonyms and a column that
//! fills no field is a warning naming the nearest one. Corpus: `bestiary-v1.csv`, `-v2.csv`.

use crate::{corpus, db};
use fray_data::exchange::{self, CsvMapping, LibraryFile, Status};
use fray_data::{Db, NewCreature, Search};

fn sheet(name: &str) -> (CsvMapping, LibraryFile) {
    let text = exchange::read_text(&corpus(name)).unwrap();
    let mapping = CsvMapping::propose(name, &text, crate::sys("bdp")).unwrap();
    let lib = exchange::csv_creatures(name, &text, crate::sys("bdp"), &mapping).unwrap();
    (mapping, lib)
}

fn orc(db: &Db) -> fray_data::Creature {
    let found =
        db.creatures().search(&Search::text("orc raider").system(crate::sys("bdp"))).unwrap();
    found.into_iter().find(|c| c.uid == "csv:bdp/orc raider").expect("the sheet's orc")
}

#[test]
fn the_texts_spellings_map_onto_the_fields() {
    fray_app::systems::registry();
    let (mapping, _) = sheet("bestiary-v1.csv");
    let target =
        |h: &str| mapping.columns.iter().find(|(c, _)| c == h).and_then(|(_, k)| k.clone());
    assert_eq!(target("Armor").as_deref(), Some("stats.armor"), "Armor is the texts' spelling");
    assert_eq!(target("Hit Protection").as_deref(), Some("tracks.hp"));
    assert_eq!(target("WIL").as_deref(), Some("tracks.wil"));
    assert_eq!(target("Size"), None);
    assert_eq!(
        mapping.unmapped(crate::sys("bdp")),
        ["column 'Size' fills no field and is left out (no field is spelled like it)"]
    );
    // A slip of the keys is shown its field.
    let typo = CsvMapping::propose("x.csv", "Name,Armur,Blokcs\n", crate::sys("bdp")).unwrap();
    assert_eq!(
        typo.unmapped(crate::sys("bdp")),
        [
            "column 'Armur' fills no field and is left out (nearest: Armour (stats.armor))",
            "column 'Blokcs' fills no field and is left out (nearest: Blocks (reactions.block))",
        ]
    );
    // Other systems' spellings: AC and Health.
    let d12 = CsvMapping::propose("x.csv", "Name,AC,Hit Dice,STR\n", crate::sys("d12")).unwrap();
    let keys: Vec<Option<&str>> = d12.columns.iter().map(|(_, k)| k.as_deref()).collect();
    assert_eq!(keys, [Some("name"), Some("stats.armour"), Some("hd"), Some("stats.str")]);
    let m = CsvMapping::propose("x.csv", "Name,Health,Armour\n", crate::sys("murdham")).unwrap();
    let keys: Vec<Option<&str>> = m.columns.iter().map(|(_, k)| k.as_deref()).collect();
    assert_eq!(keys, [Some("name"), Some("tracks.health"), Some("armour.name")]);
}

#[test]
fn a_column_is_mapped_by_hand_and_a_wrong_field_is_named() {
    fray_app::systems::registry();
    let (mut mapping, _) = sheet("bestiary-v1.csv");
    mapping.set(crate::sys("bdp"), "size", "notes").unwrap();
    assert_eq!(mapping.columns[6].1.as_deref(), Some("notes"));
    assert_eq!(mapping.columns[7].1, None, "a field takes one column: Notes lost its first");
    mapping.set(crate::sys("bdp"), "Size", "ignore").unwrap();
    assert_eq!(
        mapping.set(crate::sys("bdp"), "Size", "Armur").unwrap_err(),
        "'Armur' is no field of bdp (see --list-fields); nearest: Armour (stats.armor)"
    );
    assert_eq!(mapping.columns[6].1, None);
    assert_eq!(
        mapping.set(crate::sys("bdp"), "Size", "heigth").unwrap_err(),
        "'heigth' is no field of bdp (see --list-fields)"
    );
    assert_eq!(
        mapping.set(crate::sys("bdp"), "Weight", "notes").unwrap_err(),
        "there is no column 'Weight' (the columns: Name, Hit Protection, STR, DEX, WIL, Armor, \
         Size, Notes)"
    );
}

#[test]
fn wil_zero_is_legal_for_the_mindless() {
    fray_app::systems::registry();
    let (_, lib) = sheet("bestiary-v1.csv");
    assert_eq!(lib.creatures[0].block["tracks"]["wil"], 0);
}

#[test]
fn importing_the_sheet_again_keeps_what_the_gm_added() {
    let (_dir, db) = db();
    let (_, v1) = sheet("bestiary-v1.csv");
    exchange::apply(&db, "v1.csv", &v1).unwrap();
    // The GM gives the orc a weapon and a portrait in the editor.
    let mut c = orc(&db);
    c.block["weapons"] = serde_json::json!([{"name": "Axe", "die": 8}]);
    c.block["reactions"] = serde_json::json!({"block": true});
    let edited = NewCreature { system: c.system, name: c.name, tags: c.tags, block: c.block };
    db.creatures().update(c.id, &edited).unwrap();
    let png = fray_data_png();
    db.creatures().set_portrait(c.id, Some(&png)).unwrap();

    let (_, v2) = sheet("bestiary-v2.csv");
    let preview = exchange::preview(&db, &v2).unwrap();
    let entry = preview.entries.iter().find(|e| e.name == "Orc raider").unwrap();
    assert_eq!(entry.status, Status::Changed);
    assert_eq!(
        entry.changes.lines,
        [
            "HP 7 → 9",
            "Notes: First version of the sheet → Second version: tougher",
            "kept: Weapons, Blocks, portrait",
        ]
    );
    assert!(preview.removals().is_empty(), "a spreadsheet removes nothing");
    assert_eq!(preview.entries[0].status, Status::Same, "the skeleton did not change");
    exchange::apply(&db, "test file", &v2).unwrap();
    let after = orc(&db);
    assert_eq!(after.block["tracks"]["hp"], 9);
    assert_eq!(after.block["weapons"][0]["name"], "Axe", "the weapon is kept");
    assert_eq!(after.block["reactions"]["block"], true);
    assert_eq!(db.creatures().portrait(after.id).unwrap(), Some(png), "the portrait is kept");
    // Once more: nothing to do.
    let (_, v2) = sheet("bestiary-v2.csv");
    assert_eq!(exchange::preview(&db, &v2).unwrap().count(Status::Same), 2);
}

#[test]
fn a_file_that_deletes_is_called_out_before_import() {
    let (_dir, db) = db();
    let (_, v1) = sheet("bestiary-v1.csv");
    exchange::apply(&db, "test file", &v1).unwrap();
    let c = orc(&db);
    let mut block = c.block.clone();
    block["weapons"] =
        serde_json::json!([{"name": "Axe", "die": 8}, {"name": "Bow", "die": 6, "ranged": true}]);
    let edited =
        NewCreature { system: c.system, name: c.name.clone(), tags: c.tags.clone(), block };
    db.creatures().update(c.id, &edited).unwrap();
    db.creatures().set_portrait(c.id, Some(&fray_data_png())).unwrap();
    // A Fray JSON file with the orc as it was in the sheet: one weapon, no portrait.
    let mut lib = exchange::export(&db, &exchange::Selection::All).unwrap();
    lib.creatures.retain(|e| e.uid == c.uid);
    lib.creatures[0].block["weapons"] = serde_json::json!([{"name": "Axe", "die": 8}]);
    lib.creatures[0].portrait = None;
    let preview = exchange::preview(&db, &lib).unwrap();
    assert_eq!(preview.removals(), ["Orc raider: Weapons (1 of 2), portrait"]);
    assert_eq!(
        preview.entries[0].to_string(),
        "changed  creature   Orc raider (bdp)\n    Weapons: 2 → 1 items\n    Portrait removed"
    );
}

/// A small real PNG.
fn fray_data_png() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.png");
    std::fs::write(&path, PNG_1X1).unwrap();
    std::fs::read(path).unwrap()
}

const PNG_1X1: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];
