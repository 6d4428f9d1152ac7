//! Journals and stored encounters written by an earlier build (`tests/corpus/
//! journals-before-registry/`, made before procedures were registered in one list): each must
//! load, give the same Markdown, HTML and JSON journal byte for byte (the JSON in version 2,
//! which adds undone commands), and replay.

use fray_app::History;
use fray_app::journal::{self, JournalDoc};
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/journals-before-registry")
}

/// The three exports as the CLI writes them (a file always ends with a newline).
fn exports(history: &History) -> [(&'static str, String); 3] {
    let line = |mut text: String| {
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text
    };
    [
        ("md", line(journal::markdown(history.base(), history.events()))),
        ("html", line(journal::html(history.base(), history.events()))),
        ("json", line(journal::to_json(history))),
    ]
}

/// Where the Markdown of `name` was written: beside the others, or the scenario's golden.
fn markdown_of(name: &str) -> PathBuf {
    let beside = corpus().join(format!("{name}.md"));
    if beside.exists() {
        beside
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{name}.expected.md"))
    }
}

/// Every export of `history` equals what the earlier build wrote for `name`.
fn same_as_before(name: &str, history: &History) -> Vec<String> {
    let mut differ = Vec::new();
    for (format, now) in exports(history) {
        let path = match format {
            "md" => markdown_of(name),
            // The pages are kept as `.html.expected`: data to compare, not pages of the project.
            "html" => corpus().join(format!("{name}.html.expected")),
            other => corpus().join(format!("{name}.{other}")),
        };
        let mut before =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if format == "json" {
            before = as_version_2(&before, history);
        }
        if before != now {
            let at = before.bytes().zip(now.bytes()).take_while(|(a, b)| a == b).count();
            differ.push(format!(
                "{name}.{format}: differs at byte {at}: before {:?}, now {:?}",
                &before[at..(at + 60).min(before.len())],
                &now[at..(at + 60).min(now.len())]
            ));
        }
    }
    differ
}

/// A version 1 journal as this Fray writes it: the same bytes, with the version raised and
/// the two fields of version 2 at the end (the undone commands this earlier build kept, and
/// the stream from which every one is accounted for).
fn as_version_2(v1: &str, history: &History) -> String {
    let head = r#"{"format":"fray-journal","version":1,"#;
    let body = v1.strip_prefix(head).expect("a version 1 journal").trim_end();
    let body = body.strip_suffix('}').expect("a JSON object");
    let undone = serde_json::to_string(&history.all_undone()).unwrap();
    format!(
        r#"{{"format":"fray-journal","version":2,{body},"undone":{undone},"accounted_from":{}}}"#,
        history.accounted_from()
    ) + "\n"
}

#[test]
fn every_journal_written_before_reads_back_to_the_same_journal_and_replays() {
    fray_app::systems::registry();
    let mut names: Vec<String> = std::fs::read_dir(corpus())
        .expect("the corpus folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 60, "the corpus holds {} journals", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(corpus().join(format!("{name}.json"))).unwrap();
        let doc: JournalDoc = match journal::from_json(&text) {
            Ok(doc) => doc,
            Err(e) => {
                failures.push(format!("{name}: does not load: {e}"));
                continue;
            }
        };
        if let Err(e) = journal::replay(&doc) {
            failures.push(format!("{name}: does not replay: {e}"));
        }
        match doc.to_history() {
            Ok(history) => failures.extend(same_as_before(name, &history)),
            Err(e) => failures.push(format!("{name}: no history: {e}")),
        }
    }
    assert!(failures.is_empty(), "{} of {}:\n{}", failures.len(), names.len(), failures.join("\n"));
}

#[test]
fn every_encounter_stored_before_opens_to_the_same_journal() {
    // Opened from a copy: opening runs today's migrations on the file.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stored.db");
    std::fs::copy(corpus().join("stored.db"), &path).unwrap();
    let db = fray_data::Db::open(&path).expect("the earlier database opens");
    let stored = [
        (1, "bdp-example-of-play"),
        (2, "d12-example-fight"),
        (3, "dr12-turns"),
        (4, "freeform-grid"),
        (5, "murdham-example-fight"),
        (6, "sovereign-screen"),
        (7, "bdp-magic"),
        (8, "sovereign-tower"),
    ];
    let mut failures = Vec::new();
    for (id, name) in stored {
        let history = fray_data::Session::read(&db, fray_data::EncounterId(id))
            .unwrap_or_else(|e| panic!("encounter {id} ({name}): {e}"));
        failures.extend(same_as_before(name, &history));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
