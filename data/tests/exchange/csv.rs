//! Creatures from CSV: the mapping proposed from the headers, cells typed by the schema, rows
//! named as a spreadsheet numbers them.

use crate::{counts, db, known_systems, lines};
use fray_app::ids::SystemId;
use fray_data::exchange::{self, CsvMapping, Status};

fn mapping(text: &str, system: SystemId) -> CsvMapping {
    CsvMapping::propose("sheet.csv", text, system).unwrap()
}

fn targets(m: &CsvMapping) -> Vec<(&str, Option<&str>)> {
    m.columns.iter().map(|(h, k)| (h.as_str(), k.as_deref())).collect()
}

#[test]
fn headers_match_labels_and_keys_ignoring_case() {
    fray_app::systems::registry();
    let m = mapping(" name ,hp,STATS.ARMOR,Morale,Size,HP,Attacks,notes\n", crate::sys("freeform"));
    assert_eq!(
        targets(&m),
        [
            (" name ", Some("name")),
            ("hp", Some("tracks.hp")),
            ("STATS.ARMOR", Some("stats.armor")),
            ("Morale", Some("stats.morale")),
            ("Size", None),
            ("HP", None),
            ("Attacks", Some("attacks")),
            ("notes", Some("notes")),
        ],
        "unknown columns and a second HP are ignored; a list takes its column"
    );
    assert_eq!(m.delimiter, b',');
    assert_eq!(m.describe(crate::sys("freeform"))[1], "hp -> tracks.hp (HP)");
    assert_eq!(m.describe(crate::sys("freeform"))[4], "Size -> (ignored)");
    // A sheet cannot even be asked for a system Fray does not know: the id is refused, with
    // its name and the known ones, where the text is read.
    let err = "pathfinder".parse::<fray_app::ids::SystemId>().unwrap_err().to_string();
    assert_eq!(err, format!("unknown system 'pathfinder' (known: {})", known_systems()));
}

#[test]
fn a_sheet_becomes_creatures_and_imports_twice_as_the_same() {
    fray_app::systems::registry();
    let text = "Name;HP;Armor;Tags;Notes;Size\nGoblin;5;11;\"humanoid, Sneaky\";Loud;small\n\
                ;;;;;\nWolf;4;;beast;\"Hunts in packs;\nhowls\";medium\n";
    let m = mapping(text, crate::sys("freeform"));
    assert_eq!(m.delimiter, b';', "European spreadsheets separate with semicolons");
    let lib = exchange::csv_creatures("wolves.csv", text, crate::sys("freeform"), &m).unwrap();
    assert_eq!(lib.creatures.len(), 2, "the blank row is skipped");
    let goblin = &lib.creatures[0];
    assert_eq!(goblin.uid, "csv:freeform/goblin");
    assert_eq!(goblin.tags, ["humanoid", "sneaky"]);
    assert_eq!(
        goblin.block,
        serde_json::json!({"tracks": {"hp": 5}, "stats": {"armor": 11}, "notes": "Loud"})
    );
    assert_eq!(lib.creatures[1].block["notes"], "Hunts in packs;\nhowls");

    let (_dir, db) = db();
    let before = counts(&db)[0];
    assert_eq!(exchange::preview(&db, &lib).unwrap().count(Status::New), 2);
    exchange::apply(&db, "test file", &lib).unwrap();
    assert_eq!(counts(&db)[0], before + 2);
    let again = exchange::csv_creatures("wolves.csv", text, crate::sys("freeform"), &m).unwrap();
    assert_eq!(exchange::preview(&db, &again).unwrap().count(Status::Same), 2);
}

#[test]
fn a_bdp_sheet_is_checked_against_its_schema() {
    fray_app::systems::registry();
    let text = "Name,HP,STR,DEX,WIL,Armour,Features,Blocks\n\
                Bandit,4,10,12,8,1,\"Cowardly, Quick\",yes\n\
                Brute,5,25,9,9,0,,no\n\
                Ghost,two,10,10,10,4,,maybe\n\
                Bandit,3,10,10,10,0,,\n\
                ,3,10,10,10,0,,\n";
    let m = mapping(text, crate::sys("bdp"));
    let err = exchange::csv_creatures("bandits.csv", text, crate::sys("bdp"), &m).unwrap_err();
    assert_eq!(
        lines(&err),
        [
            "bandits.csv row 3, column 'STR': must be between 1 and 20, not 25",
            "bandits.csv row 4, column 'HP': 'two' is not a whole number",
            "bandits.csv row 4, column 'Armour': must be between 0 and 3, not 4",
            "bandits.csv row 4, column 'Blocks': 'maybe' is not yes or no",
            "bandits.csv row 5, column 'Name': 'Bandit' is also the name on row 2; names must \
             differ",
            "bandits.csv row 6, column 'Name': a creature needs a name",
        ]
    );
    let good =
        "Name,HP,STR,DEX,WIL,Armour,Features,Blocks\nBandit,4,10,12,8,1,\"Cowardly, Quick\",yes\n";
    let lib = exchange::csv_creatures(
        "bandits.csv",
        good,
        crate::sys("bdp"),
        &mapping(good, crate::sys("bdp")),
    )
    .unwrap();
    let block = &lib.creatures[0].block;
    assert_eq!(block["tracks"]["str"], 10);
    assert_eq!(block["features"], serde_json::json!(["Cowardly", "Quick"]));
    assert_eq!(block["reactions"]["block"], true);
}

#[test]
fn a_sheet_needs_a_name_column() {
    fray_app::systems::registry();
    let text = "Title,HP\nGoblin,5\n";
    let err = exchange::csv_creatures(
        "x.csv",
        text,
        crate::sys("freeform"),
        &mapping(text, crate::sys("freeform")),
    );
    assert_eq!(
        lines(&err.unwrap_err()),
        ["x.csv has no column for the name: map one column to 'name'"]
    );
    // The GM maps it by hand.
    let mut m = mapping(text, crate::sys("freeform"));
    m.columns[0].1 = Some("name".into());
    let lib = exchange::csv_creatures("x.csv", text, crate::sys("freeform"), &m).unwrap();
    assert_eq!(lib.creatures[0].name, "Goblin");
}

fn refused(text: &str) -> Vec<String> {
    let m = mapping(text, crate::sys("freeform"));
    lines(&exchange::csv_creatures("sheet.csv", text, crate::sys("freeform"), &m).unwrap_err())
}

#[test]
fn an_unbalanced_quote_is_refused_naming_its_line() {
    fray_app::systems::registry();
    // Before: one creature named "Goblin,5\nOrc" across two rows, the rest swallowed.
    let text = "Name,HP\nBat,2\n\"Goblin,5\nOrc,7\nRat,1\n";
    assert_eq!(
        refused(text),
        ["sheet.csv line 3: opens a quote (\") that is never closed: close it or remove it"]
    );
    // A quote inside a cell is a plain character; quoted cells with "" inside are fine.
    let fine = "Name,HP,Notes\nGiant,30,\"10\"\" club, \"\"heavy\"\"\"\nDwarf 5\" tall,9,\n";
    let m = mapping(fine, crate::sys("freeform"));
    let lib = exchange::csv_creatures("sheet.csv", fine, crate::sys("freeform"), &m).unwrap();
    let names: Vec<&str> = lib.creatures.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Giant", "Dwarf 5\" tall"]);
}

#[test]
fn a_name_over_two_lines_is_refused() {
    fray_app::systems::registry();
    // Balanced, but the quotes run two rows together into one name.
    let text = "Name,HP\n\"Goblin\nOrc\",5\n";
    let got = refused(text);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].contains("the name runs over several lines"), "{got:?}");
}

#[test]
fn a_long_name_or_too_many_tags_is_refused_in_the_preview() {
    fray_app::systems::registry();
    // 188 characters passed the dry run and failed the real import on a uid the file has not.
    let long = "G".repeat(188);
    let tags: Vec<String> = (0..101).map(|i| format!("t{i}")).collect();
    let text = format!("Name,HP,Tags\n{long},5,\nRat,1,\"{}\"\n", tags.join(", "));
    let got = refused(&text);
    assert_eq!(
        got,
        [
            "sheet.csv row 2, column 'Name': is 188 characters long; at most 120",
            "sheet.csv row 3, column 'Tags': has 101 tags; at most 100",
        ]
    );
}

#[test]
fn a_weapons_column_is_read_like_a_paste() {
    fray_app::systems::registry();
    use serde_json::json;
    let text = "Name,HP,Weapons\nOrc,8,\"club d10; bite d6 (bleed); shortbow (d6, ranged)\"\n";
    let m = mapping(text, crate::sys("bdp"));
    assert!(targets(&m).contains(&("Weapons", Some("weapons"))));
    let lib = exchange::csv_creatures("sheet.csv", text, crate::sys("bdp"), &m).unwrap();
    assert_eq!(
        lib.creatures[0].block["weapons"],
        json!([
            {"name": "Club", "die": 10},
            {"name": "Bite", "die": 6, "tags": ["bleed"]},
            {"name": "Shortbow", "die": 6, "ranged": true}
        ])
    );
    // A piece that is not a weapon is refused with its row and column.
    let bad = "Name,HP,Weapons\nOrc,8,club d10; fists\n";
    let err = exchange::csv_creatures(
        "sheet.csv",
        bad,
        crate::sys("bdp"),
        &mapping(bad, crate::sys("bdp")),
    )
    .unwrap_err();
    assert_eq!(
        lines(&err),
        [
            "sheet.csv row 2, column 'Weapons': 'fists' is not a weapon: write a name and its dice, as in 'club d10; bite d6 (bleed)'"
        ]
    );
}

#[test]
fn a_field_the_procedure_needs_that_no_column_fills_is_warned_of_with_what_it_gets() {
    fray_app::systems::registry();
    let m = mapping("Name,STR,Weapons\nGoblin,8,knife d4\n", crate::sys("bdp"));
    assert_eq!(
        m.unfilled(crate::sys("bdp")),
        [
            "no column for HP: every creature gets 4",
            "no column for DEX: every creature gets 10",
            "no column for WIL: every creature gets 10",
        ]
    );
    // With every needed field mapped, nothing is said.
    let full = mapping("Name,HP,STR,DEX,WIL\nGoblin,3,8,12,7\n", crate::sys("bdp"));
    assert!(full.unfilled(crate::sys("bdp")).is_empty(), "{:?}", full.unfilled(crate::sys("bdp")));
    assert!(m.warnings(crate::sys("bdp")).len() >= 3);
}
