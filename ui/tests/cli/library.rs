//! `fray import` and `fray export-library`, run as a user would: the real binary, a
//! throwaway `--db`.

use crate::cli_common::{fray_in as fray, ok_in as ok, repo, text};
use std::path::PathBuf;

fn corpus(name: &str) -> String {
    repo("tests/corpus/import").join(name).display().to_string()
}

/// The `new ...` lines of an import's preview, by status.
fn count(out: &str, status: &str) -> usize {
    out.lines().filter(|l| l.starts_with(&format!("{status} "))).count()
}

#[test]
fn a_csv_imports_after_a_dry_run_and_again_is_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let csv = dir.path().join("goblins.csv");
    let sheet = std::fs::read_to_string(corpus("goblins.csv")).unwrap();
    std::fs::write(&csv, sheet.replace("Goblin 14,ten,", "Goblin 14,6,")).unwrap();
    let csv = csv.display().to_string();

    let o = fray(&db, &["import", &csv]);
    assert!(!o.status.success());
    assert_eq!(
        text(&o.stderr),
        "fray: goblins.csv is a CSV file: say which system its creatures are with --system ID\n"
    );

    let out = ok(&db, &["import", &csv, "--system", "freeform", "--dry-run"]);
    assert!(out.starts_with("columns:\n  Name -> name (Name)\n  HP -> tracks.hp (HP)\n"), "{out}");
    assert!(out.contains("  Size -> (ignored)\n"), "{out}");
    assert!(out.contains("goblins.csv: 19 new, 0 changed, 0 the same\n"), "{out}");
    assert!(out.contains("\nnew      creature   Goblin 2 (freeform)\n"), "{out}");
    assert!(out.ends_with("dry run: 19 would be added, 0 changed; nothing written\n"), "{out}");
    let again = ok(&db, &["import", &csv, "--system", "freeform", "--dry-run"]);
    assert_eq!(count(&again, "new"), 19, "the dry run wrote nothing");

    let out = ok(&db, &["import", &csv, "--system", "freeform"]);
    assert!(out.ends_with("imported: 19 added, 0 changed\n"), "{out}");
    let out = ok(&db, &["import", &csv, "--system", "freeform"]);
    assert_eq!((count(&out, "new"), count(&out, "same")), (0, 19));
}

#[test]
fn a_bad_file_prints_every_problem_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let out_file = dir.path().join("before.json").display().to_string();
    let before = ok(&db, &["export-library", "-o", &out_file]);
    let o = fray(&db, &["import", &corpus("bad-block.json")]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(err.starts_with("fray: bad-block.json was not imported:\n"), "{err}");
    assert!(
        err.contains(
            "\nbad-block.json, creatures[1] (Skeleton), field 'block.weapons[0].die': must be one \
             of 4, 6, 8, 10, 12, not 5\n"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 6, "{err}");
    let o = fray(&db, &["import", &corpus("goblins.csv"), "--system", "freeform"]);
    assert!(
        text(&o.stderr)
            .contains("\ngoblins.csv row 14, column 'HP': 'ten' is not a whole number\n")
    );
    let after = ok(&db, &["export-library", "-o", &out_file]);
    assert_eq!(before, after, "the library is unchanged");
}

#[test]
fn export_library_by_system_then_import_into_a_fresh_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let out_file = dir.path().join("bdp.json");
    let out =
        ok(&db, &["export-library", "--system", "bdp", "-o", &out_file.display().to_string()]);
    assert!(out.starts_with(&format!("wrote {}: ", out_file.display())), "{out}");
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out_file).unwrap()).unwrap();
    assert_eq!(written["fray"], 1);
    let creatures = written["creatures"].as_array().unwrap();
    assert!(!creatures.is_empty());
    assert!(creatures.iter().all(|c| c["system"] == "bdp"));

    // A fresh database has the same bundled entries: all the same.
    let fresh = dir.path().join("fresh.db");
    let out = ok(&fresh, &["import", &out_file.display().to_string()]);
    assert_eq!(count(&out, "new") + count(&out, "changed"), 0, "{out}");
    assert!(count(&out, "same") > 0);

    let o = fray(&db, &["export-library", "--system", "gurps", "-o", "x.json"]);
    let err = text(&o.stderr);
    assert!(err.starts_with("fray: unknown system 'gurps' (known: freeform, bdp"), "{err}");
}

#[test]
fn a_sheet_imported_again_merges_and_columns_map_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let fields = ok(&db, &["import", "--list-fields", "--system", "bdp"]);
    assert!(fields.contains("\n  stats.armor              Armour\n"), "{fields}");
    assert!(fields.contains("\n  tracks.wil               WIL\n"), "{fields}");

    let v1 = corpus("bestiary-v1.csv");
    let out = ok(&db, &["import", &v1, "--system", "bdp", "--dry-run"]);
    assert!(out.contains("  Armor -> stats.armor (Armour)\n"), "{out}");
    assert!(
        out.contains(
            "warning: column 'Size' fills no field and is left out (no field is spelled like it)\n"
        ),
        "{out}"
    );
    // The GM puts the Size column into the notes instead.
    let out = ok(
        &db,
        &["import", &v1, "--system", "bdp", "--map", "Size=notes", "--map", "Notes=ignore"],
    );
    assert!(out.contains("  Size -> notes (Notes)\n  Notes -> (ignored)\n"), "{out}");
    assert!(!out.contains("warning:"), "a column left out on purpose is no warning: {out}");
    assert!(out.ends_with("imported: 2 added, 0 changed\n"), "{out}");

    let v2 = corpus("bestiary-v2.csv");
    let out = ok(
        &db,
        &["import", &v2, "--system", "bdp", "--map", "Size=notes", "--map", "Notes=ignore"],
    );
    assert!(
        out.contains(
            "changed  creature   Orc raider (bdp)\n    HP 7 → 9\nimported: 0 added, 1 changed"
        ),
        "the preview names the field that changes: {out}"
    );
    assert!(!out.contains("this import deletes"), "{out}");

    let o = fray(&db, &["import", &v2, "--system", "bdp", "--map", "Size"]);
    assert!(!o.status.success());
    assert_eq!(text(&o.stderr), "fray: --map takes COLUMN=FIELD, not 'Size'\n");
    let o = fray(&db, &["import", &v2, "--system", "bdp", "--map", "Size=heigth"]);
    assert_eq!(
        text(&o.stderr),
        "fray: --map Size=heigth: 'heigth' is no field of bdp (see --list-fields)\n"
    );
}

#[cfg(unix)]
#[test]
fn export_library_never_replaces_a_device_and_writes_through_a_link_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let o = fray(&db, &["export-library", "-o", "/dev/null"]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(err.contains("/dev/null") && err.contains("a device"), "{err}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    // A link to a regular file: the file gets the library, the link stays.
    let real = dir.path().join("shared.json");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path().join("library.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    ok(&db, &["export-library", "-o", link.to_str().unwrap()]);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&real).unwrap().contains("\"creatures\""));
}

#[test]
fn an_import_preview_prints_names_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let file = dir.path().join("evil.json");
    let entry = r#"{"fray": 1, "creatures": [{"uid": "e-1", "name": "\u001b[2JGoblin", "system": "freeform", "block": {"tracks": {"hp": 5}}}]}"#;
    std::fs::write(&file, entry).unwrap();
    let o = fray(&db, &["import", file.to_str().unwrap(), "--dry-run"]);
    let out = text(&o.stdout) + &text(&o.stderr);
    assert!(!out.contains('\u{1b}'), "a raw escape reached the terminal: {out:?}");
    assert!(out.contains("\\u{1b}[2JGoblin"), "{out}");
}

#[test]
fn pasted_stat_blocks_import_with_what_was_not_read_and_clashes_flagged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let blocks = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/corpus/statblocks/bdp-cairn-form.txt")
        .display()
        .to_string();
    let out = ok(&db, &["import", "--text", &blocks, "--system", "bdp", "--dry-run"]);
    assert!(
        out.starts_with(
            "bdp-cairn-form.txt: stat blocks as printed, 4 read\n\
             block 1, line 1: Ogre (read HP, Armour, STR, DEX, WIL, Weapons)\n"
        ),
        "{out}"
    );
    assert!(out.contains("  not read (kept in the notes): smells honey from a mile\n"), "{out}");
    // The bundled bestiary has a Wolf: flagged, and left out unless told otherwise.
    assert!(
        out.contains("  the library already has 'Wolf' (uid bundled:bdp/creature/wolf): skip"),
        "{out}"
    );
    assert!(out.contains("bdp-cairn-form.txt: 3 new, 0 changed, 0 the same\n"), "{out}");
    assert!(out.ends_with("dry run: 3 would be added, 0 changed; nothing written\n"), "{out}");
    let out = ok(&db, &["import", "--text", &blocks, "--system", "bdp", "--on-clash", "update"]);
    assert!(out.ends_with("imported: 3 added, 1 changed\n"), "{out}");
    // Again: the same entries, nothing new.
    let out = ok(&db, &["import", "--text", &blocks, "--system", "bdp", "--on-clash", "update"]);
    assert!(out.contains("0 new, 0 changed, 4 the same"), "{out}");
    let o = fray(&db, &["import", "--text", &blocks]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("--system"), "{}", text(&o.stderr));
}

/// A block that cannot be read (the Tarrasque's 676 HP, past Sovereign's 500) is left out and
/// named; the others come in, the dry run saying what the import writes.
#[test]
fn pasted_stat_blocks_come_in_without_the_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let blocks = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/corpus/statblocks/srd-5.1-edge-cases.txt")
        .display()
        .to_string();
    for dry in [true, false] {
        let mut args = vec!["import", "--text", &blocks, "--system", "sovereign"];
        if dry {
            args.push("--dry-run");
        }
        let out = ok(&db, &args);
        assert!(
            out.starts_with(
                "srd-5.1-edge-cases.txt: stat blocks as printed, 1 read\n\
                 left out: srd-5.1-edge-cases.txt, block 1, line 1 (Tarrasque), field 'HP': \
                 'Hit Points 676 (33d20 + 330)': must be between 1 and 500, not 676\n"
            ),
            "{out}"
        );
        let end = if dry { "dry run: 1 would be added" } else { "imported: 1 added" };
        assert!(out.contains(end), "{out}");
    }
}

/// "Elf, Drow.md", a wiki's page whose heading has a comma, is a stat block, not a sheet.
#[test]
fn a_page_whose_heading_has_a_comma_is_read_as_a_stat_block() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let page = dir.path().join("Elf, Drow.md");
    std::fs::write(
        &page,
        "## Elf, Drow\n\n*Medium humanoid (elf), neutral evil*\n\n**Armor Class** 15 (chain \
         shirt)\n\n**Hit Points** 13 (3d8)\n\n**Speed** 30 ft.\n",
    )
    .unwrap();
    let out =
        ok(&db, &["import", &page.display().to_string(), "--system", "sovereign", "--dry-run"]);
    assert!(out.contains(": Elf, Drow (read AC, HP, Hit dice, Move (ft), Notes)\n"), "{out}");
    // No attack on the page: the default bonus stands, and is said.
    assert!(out.contains("  check: Attack bonus: none read; the default 1 stands\n"), "{out}");
    assert!(out.ends_with("dry run: 1 would be added, 0 changed; nothing written\n"), "{out}");
}

/// The dry run is the import rolled back: what the import refuses (here notes past their
/// length, which only the import checked before), the dry run refuses too, naming the file.
#[test]
fn a_dry_run_refuses_what_the_import_refuses_and_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let path = dir.path().join("long-notes.txt");
    let words = "it smells of honey and old rain ".repeat(700);
    std::fs::write(&path, format!("Bog ogre\nHP 6, STR 14, DEX 8, WIL 9, club (d8)\n{words}\n"))
        .unwrap();
    let path = path.display().to_string();
    let args = ["import", "--text", path.as_str(), "--system", "bdp"];
    for dry in [true, false] {
        let mut args = args.to_vec();
        if dry {
            args.push("--dry-run");
        }
        let o = fray(&db, &args);
        let err = text(&o.stderr);
        assert!(!o.status.success(), "dry run {dry}: {}", text(&o.stdout));
        assert!(err.contains("long-notes.txt") && err.contains("notes"), "dry run {dry}: {err}");
        assert!(!err.contains("the import"), "the file is named, not 'the import': {err}");
    }
    let list =
        fray(&db, &["export-library", "-o", &dir.path().join("lib.json").display().to_string()]);
    assert!(list.status.success());
    let lib = std::fs::read_to_string(dir.path().join("lib.json")).unwrap();
    assert!(!lib.contains("Bog ogre"), "nothing was written");
}

fn bestiary(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/bestiaries");
    dir.join(name).display().to_string()
}

/// Improved Initiative's bundled creatures, told by their content: the three Sovereign
/// cannot hold are listed as left out with their field; the dry run says what the import
/// writes; Fray's own Improved Initiative export comes back as the same entries.
#[test]
fn another_trackers_bestiary_comes_in_and_goes_out() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    // Named as nothing in particular: read by what it holds.
    let file = dir.path().join("creatures.data");
    std::fs::copy(bestiary("improved-initiative-ogl-creatures.json"), &file).unwrap();
    let file = file.display().to_string();

    let o = fray(&db, &["import", &file]);
    assert!(!o.status.success());
    assert_eq!(
        text(&o.stderr),
        "fray: creatures.data is an Improved Initiative file: say which system its creatures \
         are for with --system ID\n"
    );
    let out = ok(&db, &["import", &file, "--system", "sovereign", "--dry-run"]);
    assert!(
        out.starts_with("creatures.data: an Improved Initiative file, 314 creatures read\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "left out: creatures.data, creature 274 (Tarrasque), field 'HP': 'HP 676': must be \
             between 1 and 500, not 676\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "creature 1: Aboleth (read HP, AC, Hit dice, Move (ft), Attack bonus, Attacks, Notes)\n"
        ),
        "{out}"
    );
    let dry = out.lines().last().unwrap().to_owned();
    let out = ok(&db, &["import", &file, "--system", "sovereign"]);
    let added = |line: &str| line.split_whitespace().find_map(|w| w.parse::<usize>().ok()).unwrap();
    assert_eq!(added(&dry), added(out.lines().last().unwrap()), "{dry} / {out}");

    let exported = dir.path().join("ii.json");
    let exported = exported.display().to_string();
    let out = ok(
        &db,
        &[
            "export-library",
            "--system",
            "sovereign",
            "--format",
            "improved-initiative",
            "-o",
            &exported,
        ],
    );
    assert!(out.contains("creatures as Improved Initiative stat blocks"), "{out}");
    let fresh = dir.path().join("fresh.db");
    let out = ok(&fresh, &["import", &exported, "--system", "sovereign", "--on-clash", "update"]);
    assert!(!out.contains("left out"), "{out}");
    assert!(!out.contains("not read"), "{out}");
}

/// A real page of Open5e's v1 API: its 50 creatures come in as Sovereign's, the two of one
/// name (the SRD's Aboleth and Level Up's) each an entry of its own, an attack Fray cannot read
/// said by name; for Block, Dodge, Parry, whose HP none of them fits, nothing is imported and
/// the command fails naming each.
#[test]
fn a_real_open5e_page_comes_in_by_its_content() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let page = bestiary("open5e-v1-monsters.json");
    let out = ok(&db, &["import", &page, "--system", "sovereign"]);
    assert!(out.contains("5e SRD monster JSON (5e-API or Open5e), 50 creatures read\n"), "{out}");
    assert!(
        out.contains("  not read (kept in the notes): Iron Axe, an attack Fray cannot read: "),
        "{out}"
    );
    assert!(out.ends_with("imported: 50 added, 0 changed\n"), "{out}");
    let o = fray(&db, &["import", &page, "--system", "bdp"]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert_eq!(err.matches("field 'HP'").count() + err.matches("field 'Armour'").count(), 50);
    assert!(err.contains("creature 7 (Aboleth), field 'HP': 'HP 171'"), "{err}");
}

/// A Markdown bestiary page is stat blocks as printed, whatever its name: no `--text` needed.
#[test]
fn printed_stat_blocks_are_told_by_their_content() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let page = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/corpus/statblocks/cairn-srd-monsters.md")
        .display()
        .to_string();
    let out = ok(&db, &["import", &page, "--system", "bdp", "--dry-run"]);
    assert!(out.ends_with("dry run: 143 would be added, 0 changed; nothing written\n"), "{out}");
}

/// Fantasy Statblocks' notes come in by content, and Fray's own note goes out and comes back.
#[test]
fn fantasy_statblocks_notes_come_in_and_go_out() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let notes = bestiary("fantasy-statblocks-srd-notes.md");
    let out = ok(&db, &["import", &notes, "--system", "sovereign", "--dry-run"]);
    assert!(
        out.starts_with(
            "fantasy-statblocks-srd-notes.md: Fantasy Statblocks YAML, 322 creatures read\n"
        ),
        "{out}"
    );
    let note = dir.path().join("bestiary.md").display().to_string();
    let out = ok(
        &db,
        &["export-library", "--system", "bdp", "--format", "fantasy-statblocks", "-o", &note],
    );
    assert!(out.contains("creatures as Fantasy Statblocks fences"), "{out}");
    let written = std::fs::read_to_string(&note).unwrap();
    assert!(written.starts_with("# Fray bestiary\n\n## "), "{written}");
    let fresh = dir.path().join("fresh.db");
    let out =
        ok(&fresh, &["import", &note, "--system", "bdp", "--on-clash", "update", "--dry-run"]);
    assert!(!out.contains("left out") && !out.contains("not read"), "{out}");
    // Every bundled bdp creature is already there: the note brings each back the same.
    assert!(out.contains(" 0 new, 0 changed, "), "{out}");
}
