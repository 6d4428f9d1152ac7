//! Every broken file of `tests/corpus/import/` refused with its exact messages, and the
//! database unchanged.

use crate::{corpus, counts, db, known_systems, lines, refused};
use fray_data::exchange::{self, CsvMapping, MAX_IMPORT_BYTES};

/// Asserts that `name` is refused with exactly `expected`, and that trying to import it
/// (read, preview, apply) leaves the database as it was.
fn assert_refused(name: &str, expected: &[&str]) {
    let (_dir, db) = db();
    let before = counts(&db);
    let got = if name.ends_with(".csv") {
        let read = exchange::read_text(&corpus(name)).and_then(|text| {
            let mapping = CsvMapping::propose(name, &text, crate::sys("freeform"))?;
            exchange::csv_creatures(name, &text, crate::sys("freeform"), &mapping)
        });
        lines(&read.expect_err("refused"))
    } else {
        refused(name)
    };
    assert_eq!(got, expected, "{name}");
    assert_eq!(counts(&db), before, "{name}: the database changed");
}

#[test]
fn a_truncated_file_names_where_it_ends() {
    assert_refused(
        "truncated.json",
        &[
            "truncated.json, creatures[1] (Goblin boss): EOF while parsing a value (is the file cut \
           short?) (line 24, column 5)",
        ],
    );
}

#[test]
fn wrong_types_name_the_field() {
    assert_refused(
        "wrong-types.json",
        &[
            "wrong-types.json, creatures[0] (Wolf), field 'tags': invalid type: string \"beast\", \
             expected a sequence",
            "wrong-types.json, tables[0] (Injuries), field 'rows[0].low': invalid type: string \
             \"one\", expected i64",
        ],
    );
}

#[test]
fn duplicate_uids_are_refused() {
    assert_refused(
        "duplicate-ids.json",
        &["duplicate-ids.json, creatures[1] (Goblin archer), field 'uid': 't-goblin' is also the \
           uid of creatures[0]"],
    );
}

#[test]
fn huge_numbers_are_named_never_clamped() {
    assert_refused(
        "huge-numbers.json",
        &[
            "huge-numbers.json, tables[0] (Huge), field 'rows[0].low': invalid type: floating \
             point `1e+20`, expected i64",
            "huge-numbers.json, creatures[0] (Titan), field 'block.tracks.hp': 1e+308 is not a \
             whole number",
            "huge-numbers.json, creatures[1] (Giant), field 'block.tracks.hp': must be between 0 \
             and 9999, not 99999999999",
        ],
    );
}

#[test]
fn a_key_given_twice_is_refused_by_entry_and_field() {
    assert_refused(
        "repeated-keys.json",
        &[
            "repeated-keys.json, creatures[0] (Orc): has the key 'name' twice",
            "repeated-keys.json, creatures[0] (Orc), field 'block.tracks': has the key 'hp' twice",
        ],
    );
}

#[test]
fn wrong_encodings_are_named() {
    assert_refused("latin1.csv", &["latin1.csv is not UTF-8 text (byte 25); save it as UTF-8"]);
    assert_refused("utf16.json", &["utf16.json is UTF-16 text (little-endian); save it as UTF-8"]);
}

#[test]
fn a_newer_format_is_refused() {
    assert_refused(
        "newer-version.json",
        &["newer-version.json was written by a newer Fray (format 2; this one reads up to 1): \
           update Fray to import it"],
    );
}

#[test]
fn bad_blocks_name_the_field_and_the_system() {
    fray_app::systems::registry();
    assert_refused(
        "bad-block.json",
        &[
            "bad-block.json, creatures[0] (Ghost), field 'block.tracks.hp': is required",
            "bad-block.json, creatures[0] (Ghost), field 'block.stats.armor': must be a whole \
             number, not text",
            "bad-block.json, creatures[1] (Skeleton), field 'block.weapons[0].die': must be one \
             of 4, 6, 8, 10, 12, not 5",
            &format!(
                "bad-block.json, creatures[2] (Orc), field 'system': unknown system \
                 'pathfinder' (Fray knows {})",
                known_systems()
            ),
            "bad-block.json, creatures[3], field 'name': must not be empty",
        ],
    );
}

#[test]
fn table_gaps_and_overlaps_are_refused() {
    assert_refused(
        "table-gaps.json",
        &[
            "table-gaps.json, tables[0] (Gappy), field 'rows': rows leave 6 uncovered",
            "table-gaps.json, tables[1] (Overlapping), field 'rows': rows 1 and 2 overlap at 3",
            "table-gaps.json, tables[1] (Overlapping), field 'rows[1].effect': must not be empty",
        ],
    );
}

#[test]
fn portraits_must_be_png_in_base64() {
    assert_refused(
        "bad-portrait.json",
        &[
            "bad-portrait.json, creatures[0] (Goblin), field 'portrait': is not a PNG image",
            "bad-portrait.json, creatures[1] (Orc), field 'portrait': is not base64: Invalid \
             symbol 32, offset 3.",
        ],
    );
}

#[test]
fn templates_are_checked() {
    assert_refused(
        "bad-template.json",
        &[
            "bad-template.json, templates[1] (Horde), field 'kind': unknown variant `army`, \
             expected `detachment` or `encounter`",
            "bad-template.json, templates[0] (Lone goblin), field 'body.count': must be between \
             2 and 100, not 1",
        ],
    );
}

#[test]
fn a_bad_csv_cell_names_its_row_and_column() {
    assert_refused(
        "goblins.csv",
        &["goblins.csv row 14, column 'HP': 'ten' is not a whole number"],
    );
}

#[test]
fn a_file_over_the_limit_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.json");
    // A sparse file: its size is all that is looked at.
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(MAX_IMPORT_BYTES + 1).unwrap();
    let err = exchange::read_library(&path).unwrap_err();
    assert_eq!(lines(&err), ["huge.json is 20.0 MB, more than the 20 MB an import may be"]);
}

#[test]
fn a_utf8_bom_is_fine_and_other_files_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.json");
    std::fs::write(&path, b"\xEF\xBB\xBF{\"fray\": 1}").unwrap();
    assert!(exchange::read_library(&path).unwrap().is_empty());
    let path = dir.path().join("list.json");
    std::fs::write(&path, "[1, 2]").unwrap();
    assert_eq!(
        lines(&exchange::read_library(&path).unwrap_err()),
        ["list.json is not a Fray library file: it should be a JSON object with \"fray\": 1"]
    );
    let err = exchange::parse_library("odd.json", r#"{"fray": 1, "spells": [], "tables": {}}"#);
    assert_eq!(
        lines(&err.unwrap_err()),
        [
            "odd.json has an unknown key 'spells' (known: fray, exported, creatures, characters, \
             tables, templates)",
            "odd.json has a 'tables' that is not a list",
        ]
    );
    let err = exchange::parse_library("old.json", r#"{"creatures": []}"#).unwrap_err();
    assert_eq!(lines(&err), ["old.json has no \"fray\" version: is it a Fray library file?"]);
}

#[test]
fn problems_are_capped() {
    let entries: Vec<String> = (0..60)
        .map(|i| {
            format!(r#"{{"uid": "u{i}", "system": "freeform", "name": "G{i}", "block": {{}}}}"#)
        })
        .collect();
    let text = format!(r#"{{"fray": 1, "creatures": [{}]}}"#, entries.join(","));
    let err = exchange::parse_library("many.json", &text).unwrap_err();
    assert_eq!(err.list.len(), 50);
    assert_eq!(err.more, 10);
    assert_eq!(lines(&err).last().unwrap(), "… and 10 more problems");
}
