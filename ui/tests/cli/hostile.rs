//! Hostile files given to the real `fray` (round three): another tool's JSON that does not
//! parse is refused for that, naming the entry and the field (never for the `--system` it was
//! rightly given); YAML the YAML reader refuses is refused, never read again as printed stat
//! blocks; a map of a million walls outside it is refused with a count. Each file is made
//! here.

use crate::cli_common::{fray_in, ok_in, text};

#[test]
fn broken_json_of_another_tool_is_refused_for_what_is_wrong_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let cases = [
        ("nan.json", r#"[{"Name": "Orc", "HP": {"Value": NaN}}]"#, "[0] (Orc), field 'HP.Value'"),
        ("huge.json", r#"[{"name": "Orc", "hit_points": 1e400}]"#, "[0] (Orc), field 'hit_points'"),
    ];
    for (name, body, said) in cases {
        let file = dir.path().join(name);
        std::fs::write(&file, body).unwrap();
        let out = fray_in(&db, &["import", file.to_str().unwrap(), "--system", "bdp"]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(said), "{err}");
        assert!(!err.contains("--system is for"), "{err}");
    }
}

#[test]
fn yaml_the_reader_refuses_is_refused_and_stores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    let before = ok_in(&db, &["export-library", "-o", dir.path().join("a.json").to_str().unwrap()]);
    let deep = format!("name: Deep\nhp: 7\ntraits:\n  {}x\n", "- ".repeat(3_000));
    let mut bomb = String::from("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    for (prev, key) in "abcdefgh".chars().zip("bcdefghi".chars()) {
        bomb += &format!("{key}: &{key} [{}]\n", vec![format!("*{prev}"); 9].join(","));
    }
    for (name, body, said) in [
        ("deep.yaml", deep, "nests deeper than 128"),
        ("bomb.yaml", bomb, "is not YAML Fray reads"),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, body).unwrap();
        let out = fray_in(&db, &["import", file.to_str().unwrap(), "--system", "bdp"]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(said), "{err}");
    }
    let after = ok_in(&db, &["export-library", "-o", dir.path().join("b.json").to_str().unwrap()]);
    assert_eq!(before.replace("a.json", "b.json"), after, "nothing stored");
}

#[test]
fn a_million_walls_outside_the_map_are_refused_with_a_count() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db");
    ok_in(&db, &["new", "Gate", "--system", "freeform"]);
    let points: Vec<String> =
        (0..1_000_000).map(|i| format!("{{\"x\":99,\"y\":{}}}", 9 + i % 2)).collect();
    let doc = format!(
        "{{\"format\":0.3,\"resolution\":{{\"map_origin\":{{\"x\":0,\"y\":0}},\"map_size\":\
         {{\"x\":10,\"y\":10}},\"pixels_per_grid\":70}},\"line_of_sight\":[[{}]]}}",
        points.join(",")
    );
    let file = dir.path().join("walls.dd2vtt");
    std::fs::write(&file, doc).unwrap();
    let out = fray_in(&db, &["map", "import", file.to_str().unwrap(), "Gate"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("lies outside the 10 × 10 map"), "{err}");
    assert!(err.contains("and 999992 more"), "{err}");
}
