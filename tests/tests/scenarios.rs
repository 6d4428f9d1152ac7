//! Golden scenarios: every `tests/scenarios/NAME.fray` is run and its Markdown journal must
//! equal `tests/scenarios/NAME.expected.md` byte for byte. Each journal must also replay.
//!
//! After a deliberate change to the rules or the journal's wording, rewrite the goldens with
//! `UPDATE_GOLDEN=1 cargo test -p fray-tests --test scenarios` and review the diff.

use fray_app::History;
use fray_app::journal::{self, JournalDoc};
use fray_app::scenario;
use fray_app::scenario::ScenarioError;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

/// What a script printed and the journals it wrote (one per fight).
struct Played {
    markdown: String,
    fights: Vec<JournalDoc>,
}

/// Runs a script the way `fray play` does: `load-tables` lines copy the tables a fresh
/// database holds (the bundled ones, read back from SQLite); a script of several fights
/// prints its session's journal.
fn run(name: &str, text: &str) -> Result<Played, ScenarioError> {
    let script = scenario::parse(name, text)?;
    let db = fray_data::Db::open_in_memory().expect("a fresh database");
    let tables = fray_data::session::library_tables(&db, script.system).expect("tables");
    let script = script.with_tables(tables);
    if script.is_session() {
        let log = script.run_session()?;
        let fights = log.fights().cloned().collect();
        return Ok(Played { markdown: fray_app::campaign::export::session_markdown(&log), fights });
    }
    let history: History = script.run()?;
    Ok(Played {
        markdown: journal::markdown(history.base(), history.events()),
        fights: vec![JournalDoc::from_history(&history)],
    })
}

/// The scripts, sorted so failures come in a stable order.
fn scripts() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(scenarios_dir())
        .expect("tests/scenarios exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "fray"))
        .collect();
    found.sort();
    found
}

/// Where two texts first differ, with the lines around it, for a readable failure.
fn first_difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let at = (0..e.len().max(a.len())).find(|&i| e.get(i) != a.get(i)).unwrap_or(0);
    let show = |lines: &[&str]| {
        (at.saturating_sub(2)..(at + 3).min(lines.len()))
            .map(|i| format!("{:>5} {}{}", i + 1, if i == at { "> " } else { "  " }, lines[i]))
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "first difference at line {}:\n  expected:\n{}\n  actual:\n{}",
        at + 1,
        show(&e),
        show(&a)
    )
}

#[test]
fn golden_scenarios_produce_their_journals() {
    fray_app::systems::registry();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    // `FRAY_GOLDEN=part` plays only the scripts whose name holds it (while writing one).
    let only = std::env::var("FRAY_GOLDEN").unwrap_or_default();
    let scripts: Vec<PathBuf> =
        scripts().into_iter().filter(|p| p.to_string_lossy().contains(only.as_str())).collect();
    assert!(!scripts.is_empty(), "no scenarios in {}", scenarios_dir().display());
    let mut failures = Vec::new();
    for path in &scripts {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let played = match run(&name, &text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        let actual = played.markdown;
        let golden = path.with_extension("expected.md");
        if update {
            std::fs::write(&golden, &actual).unwrap();
            eprintln!("rewrote {}", golden.display());
        } else {
            match std::fs::read_to_string(&golden) {
                Ok(expected) if expected == actual => {}
                Ok(expected) => failures.push(format!(
                    "{name}: the journal differs from {} (rerun with UPDATE_GOLDEN=1 if the change is \
                     intended)\n{}",
                    golden.file_name().unwrap().to_string_lossy(),
                    first_difference(&expected, &actual)
                )),
                Err(_) => failures.push(format!(
                    "{name}: no golden {}; create it with UPDATE_GOLDEN=1 and review it",
                    golden.display()
                )),
            }
        }
        // The journal a scenario writes must be one `fray replay` accepts.
        for doc in &played.fights {
            if let Err(e) = journal::replay(doc) {
                failures.push(format!(
                    "{name}: the journal of '{}' does not replay: {e}",
                    doc.base.name
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n\n{}",
        failures.len(),
        scripts.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_golden_has_its_script() {
    let orphans: Vec<String> = std::fs::read_dir(scenarios_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".expected.md"))
        .filter(|p| !p.with_extension("").with_extension("fray").exists())
        .map(|p| p.display().to_string())
        .collect();
    assert!(orphans.is_empty(), "goldens without a script: {orphans:?}");
}

#[test]
fn the_short_example_in_scenarios_md_runs() {
    fray_app::systems::registry();
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../SCENARIOS.md"))
            .unwrap();
    let after = doc.split_once("A short one:").expect("SCENARIOS.md has its short example").1;
    let block = after.split_once("```text\n").unwrap().1.split_once("```").unwrap().0;
    let history = scenario::run("SCENARIOS.md", block).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(history.base().name, "Crypt");
}

#[test]
fn the_session_example_in_scenarios_md_runs() {
    fray_app::systems::registry();
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../SCENARIOS.md"))
            .unwrap();
    let after = doc.split_once("## Several fights: a session").expect("the section").1;
    let after = after.split_once("A short one").expect("its example").1;
    let block = after.split_once("```text\n").unwrap().1.split_once("```").unwrap().0;
    let log = scenario::parse("SCENARIOS.md", block)
        .unwrap()
        .run_session()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.fights().count(), 2);
}

#[test]
fn the_differences_are_shown_by_line() {
    let d = first_difference("a\nb\nc\n", "a\nB\nc\n");
    assert!(d.starts_with("first difference at line 2"), "{d}");
    assert!(d.contains("    2 > b") && d.contains("    2 > B"), "{d}");
}

/// Every procedure's script verbs (`System::script_verbs`) are used by a golden scenario named
/// after it (`ID-*.fray`; `System::script_verbs_of` says which verbs a recorded command
/// stands for) and shown in its SCENARIOS.md section (the one headed with `` (`system ID`) ``).
#[test]
fn every_procedure_verb_is_used_by_a_golden_scenario_and_documented() {
    assert!(fray_app::systems::registry().all().len() >= 6, "every procedure is looked at");
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../SCENARIOS.md"))
            .unwrap();
    for system in fray_app::systems::registry().all() {
        let id = system.id();
        let all: BTreeSet<&str> = system.script_verbs().iter().copied().collect();
        if all.is_empty() {
            continue;
        }
        let mut used = BTreeSet::new();
        for path in scripts().iter().filter(|p| p.to_string_lossy().contains(&format!("/{id}-"))) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(path).unwrap();
            let played = run(&name, &text).unwrap_or_else(|e| panic!("{e}"));
            for record in played.fights.iter().flat_map(|doc| &doc.commands) {
                used.extend(system.script_verbs_of(&record.command));
            }
        }
        let missing: Vec<&&str> = all.difference(&used).collect();
        assert!(missing.is_empty(), "{id} verbs no golden scenario uses: {missing:?}");
        let heading = format!("(`system {id}`)");
        let section = doc.split_once(&heading).map_or("", |(_, rest)| rest);
        let section = section.split("\n## ").next().unwrap_or_default();
        assert!(!section.is_empty(), "SCENARIOS.md has no section headed {heading}");
        let undocumented: Vec<&&str> = all
            .iter()
            .filter(|v| {
                !section.contains(&format!("`{v}`")) && !section.contains(&format!("`{v} "))
            })
            .collect();
        assert!(undocumented.is_empty(), "{id} verbs SCENARIOS.md does not show: {undocumented:?}");
        // And no recorded command of another kind claims to be one of its verbs.
        assert!(
            used.is_subset(&all),
            "{id}: verbs of commands that are not its own: {:?}",
            used.difference(&all).collect::<Vec<_>>()
        );
    }
}

/// The words inside the code spans of `text` (a code span's `"name"`, `tracks.hp` or
/// `str mod` gives `name`, `tracks.hp`, `str mod` and each word of it).
fn code_words(text: &str) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for (i, span) in text.split('`').enumerate() {
        if i % 2 == 1 {
            words.insert(span.to_owned());
            for quoted in span.split('"').skip(1).step_by(2) {
                words.insert(quoted.to_owned());
            }
            let plain = |c: char| c.is_alphanumeric() || c == '_' || c == '.';
            words.extend(
                span.split(|c: char| !plain(c)).filter(|w| !w.is_empty()).map(str::to_owned),
            );
        }
    }
    words
}

/// Every procedure that has a SCENARIOS.md section shows in it each key of its stat block
/// (`System::block_schema`: `tracks.hp` written as such or as the track `hp`) and each of its
/// settings (`Rules::settings`), in code: a procedure, field or setting added without its
/// words fails.
#[test]
fn every_procedure_section_documents_its_stat_block_and_settings() {
    assert!(fray_app::systems::registry().all().len() >= 6, "every procedure is looked at");
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../SCENARIOS.md"))
            .unwrap();
    let mut missing = Vec::new();
    for system in fray_app::systems::registry().all() {
        let id = system.id();
        let heading = format!("(`system {id}`)");
        let Some((_, rest)) = doc.split_once(&heading) else {
            // Only a procedure with script verbs of its own needs a section (the verbs test).
            assert!(system.script_verbs().is_empty(), "SCENARIOS.md has no section {heading}");
            continue;
        };
        let section = rest.split("\n## ").next().unwrap_or_default();
        let words = code_words(section);
        let shown = |key: &str| {
            words.contains(key)
                || key.rsplit_once('.').is_some_and(|(_, last)| words.contains(last))
        };
        for field in system.block_schema().fields {
            if !shown(field.key) {
                missing.push(format!("{id}: stat block key `{}` ({})", field.key, field.label));
            }
        }
        for setting in system.settings() {
            if !shown(setting.key) {
                missing.push(format!("{id}: setting `{}` ({})", setting.key, setting.label));
            }
        }
    }
    assert!(missing.is_empty(), "SCENARIOS.md does not show:\n{}", missing.join("\n"));
}
