//! Golden scenarios: every `tests/scenarios/NAME.fray` is run and its Markdown journal must
//! equal `tests/scenarios/NAME.expected.md` byte for byte. Each journal must also replay.
//!
//! After a deliberate change to the rules or the journal's wording, rewrite the goldens with
//! `UPDATE_GOLDEN=1 cargo test -p fray-tests --test scenarios` and review the diff.

use fray_app::History;
use fray_app::journal::{self, JournalDoc};
use fray_app::scenario;
use fray_app::scenario::ScenarioError;
use fray_app::systems::bdp::{Bdp, BdpCommand};
use fray_app::systems::d12::{D12, D12Command};
use fray_app::systems::murdham::{MainAction, Murdham, MurdhamCommand};
use fray_app::{Command, System};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

/// Runs a script the way `fray play` does: `load-tables` lines copy the tables a fresh
/// database holds (the bundled ones, read back from SQLite).
fn run(name: &str, text: &str) -> Result<History, ScenarioError> {
    let script = scenario::parse(name, text)?;
    let db = fray_data::Db::open_in_memory().expect("a fresh database");
    let tables = fray_data::session::library_tables(&db, &script.system).expect("tables");
    script.with_tables(tables).run()
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
        let history = match run(&name, &text) {
            Ok(h) => h,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        let actual = journal::markdown(history.base(), history.events());
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
        if let Err(e) = journal::replay(&JournalDoc::from_history(&history)) {
            failures.push(format!("{name}: its journal does not replay: {e}"));
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
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../SCENARIOS.md"))
            .unwrap();
    let after = doc.split_once("A short one:").expect("SCENARIOS.md has its short example").1;
    let block = after.split_once("```text\n").unwrap().1.split_once("```").unwrap().0;
    let history = scenario::run("SCENARIOS.md", block).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(history.base().name, "Crypt");
}

#[test]
fn the_differences_are_shown_by_line() {
    let d = first_difference("a\nb\nc\n", "a\nB\nc\n");
    assert!(d.starts_with("first difference at line 2"), "{d}");
    assert!(d.contains("    2 > b") && d.contains("    2 > B"), "{d}");
}

/// A Block, Dodge, Parry command's variant. A new variant stops this compiling: give it a
/// verb, document it in SCENARIOS.md and use it in a golden scenario.
fn bdp_tag(c: &BdpCommand) -> &'static str {
    match c {
        BdpCommand::Surprise { .. } => "surprise",
        BdpCommand::Reaction { .. } => "reaction",
        BdpCommand::Declare { .. } => "declare",
        BdpCommand::BreakTie { .. } => "tie",
        BdpCommand::Attack { .. } => "attack",
        BdpCommand::React { .. } => "react",
        BdpCommand::Gambit { .. } => "gambit",
        BdpCommand::DeclineCounter => "decline",
        BdpCommand::Cast { .. } => "cast",
        BdpCommand::SpellDamage { .. } => "spell-damage",
        BdpCommand::Trick { .. } => "trick",
        BdpCommand::EndSpell => "end-spell",
        BdpCommand::Save { .. } => "save",
        BdpCommand::Hurt { .. } => "hurt",
        BdpCommand::FreeAttack { .. } => "free-attack",
        BdpCommand::LetGo { .. } => "let-go",
        BdpCommand::Retreat { .. } => "retreat",
        BdpCommand::Morale { .. } => "morale",
        BdpCommand::SkipMorale { .. } => "skip-morale",
        BdpCommand::FormDetachment { .. } => "form-detachment",
        BdpCommand::SplitDetachment { .. } => "split",
        BdpCommand::MergeDetachments { .. } => "merge",
        BdpCommand::BreakDetachment { .. } => "break-up",
    }
}

/// Checks that the goldens named `PREFIX-*.fray` use every script verb of `system` (`verbs`
/// says which verb a recorded command stands for) and that SCENARIOS.md shows each one, in
/// the text after `section` (as `` `verb `` followed by `after`).
fn verbs_used_and_documented(
    prefix: &str,
    system: &dyn System,
    verbs: impl Fn(&Command) -> Vec<&'static str>,
    section: &str,
    after: &str,
) {
    let mut used = BTreeSet::new();
    for path in scripts().iter().filter(|p| p.to_string_lossy().contains(&format!("/{prefix}-"))) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let history = run(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        for record in history.live_commands() {
            used.extend(verbs(&record.command));
        }
    }
    let all: BTreeSet<&str> = system.script_verbs().iter().copied().collect();
    let missing: Vec<&&str> = all.difference(&used).collect();
    assert!(missing.is_empty(), "{prefix} verbs no golden scenario uses: {missing:?}");
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../SCENARIOS.md"))
            .unwrap();
    let doc = doc.split_once(section).map_or("", |(_, rest)| rest);
    let undocumented: Vec<&&str> =
        all.iter().filter(|v| !doc.contains(&format!("`{v}{after}"))).collect();
    assert!(undocumented.is_empty(), "{prefix} verbs SCENARIOS.md does not show: {undocumented:?}");
}

#[test]
fn every_bdp_command_is_used_by_a_golden_scenario_and_documented() {
    let verbs = |c: &Command| match c {
        Command::Bdp(c) => vec![bdp_tag(c)],
        _ => Vec::new(),
    };
    verbs_used_and_documented("bdp", &Bdp, verbs, "", " ");
}

/// A d12 command's verbs. A new variant stops this compiling: give it a verb, document it in
/// SCENARIOS.md and use it in a golden scenario.
fn d12_tags(c: &D12Command) -> &'static [&'static str] {
    match c {
        D12Command::Surprise { surprised: true, .. } => &["surprise"],
        D12Command::Surprise { surprised: false, .. } => &["unsurprise"],
        D12Command::Initiative { .. } => &["initiative"],
        D12Command::Declare { .. } => &["declare"],
        D12Command::ChangeDeclaration { .. } => &["change-declaration"],
        D12Command::Attack { riposte: false, .. } => &["attack"],
        D12Command::Attack { riposte: true, .. } => &["riposte"],
        D12Command::Damage { critical: false } => &["damage"],
        D12Command::Damage { critical: true } => &["critical"],
        D12Command::Injury { .. } => &["injury"],
        D12Command::Dismiss => &["dismiss"],
        D12Command::Done { acted: true, .. } => &["done"],
        D12Command::Done { acted: false, .. } => &["pass"],
        D12Command::Stabilize { .. } => &["stabilize"],
        D12Command::SpendStress { .. } => &["spend-stress"],
        D12Command::Intimidate { .. } => &["intimidate"],
        D12Command::Morale { .. } => &["morale"],
        D12Command::SkipMorale { .. } => &["skip-morale"],
    }
}

#[test]
fn every_d12_command_is_used_by_a_golden_scenario_and_documented() {
    let verbs = |c: &Command| match c {
        Command::D12(c) => d12_tags(c).to_vec(),
        _ => Vec::new(),
    };
    verbs_used_and_documented("d12", &D12, verbs, "## The d12", "");
}

/// A Murdham command's verb. A new variant stops this compiling: give it a verb, document it
/// in SCENARIOS.md and use it in a golden scenario.
fn murdham_tag(c: &MurdhamCommand) -> &'static str {
    use MurdhamCommand as C;
    match c {
        C::Holder { .. } => "holder",
        C::First { .. } => "first",
        C::Activate { .. } => "activate",
        C::Pass { .. } => "pass",
        C::EndTurn => "end-turn",
        C::Bonus { .. } => "bonus",
        C::Main { action } => match action {
            MainAction::FullMovement => "full-move",
            MainAction::InvokePower { .. } => "invoke",
            MainAction::Distract { .. } => "distract",
            MainAction::Surrender => "surrender",
            MainAction::Other { .. } => "act",
        },
        C::Attack(_) => "attack",
        C::Stunt { accept: true } => "accept",
        C::Stunt { accept: false } => "refuse",
        C::React { .. } => "react",
        C::Opportunity { by: Some(_) } => "opportunity",
        C::Opportunity { by: None } => "let-go",
        C::Shove { .. } => "shove",
        C::Release { .. } => "release",
        C::Border { .. } => "border",
        C::Morale { .. } => "morale",
        C::SkipMorale { .. } => "skip-morale",
        C::GiveUp { .. } => "give-up",
        C::Chase { .. } => "chase",
        C::EndFight => "end-fight",
        C::Durability => "durability",
    }
}

#[test]
fn every_murdham_command_is_used_by_a_golden_scenario_and_documented() {
    let verbs = |c: &Command| match c {
        Command::Murdham(c) => vec![murdham_tag(c)],
        _ => Vec::new(),
    };
    verbs_used_and_documented("murdham", &Murdham, verbs, "## Murdham", "");
}
