// Session lines: an evening of fights in one script.

use super::*;

/// The language's `parse`, the registry built first (a script names its procedure by text).
fn parse(file: &str, text: &str) -> Result<Script, ScenarioError> {
    crate::systems::registry();
    super::parse(file, text)
}

/// The language's `run`, the registry built first.
fn run(file: &str, text: &str) -> Result<History, ScenarioError> {
    crate::systems::run_script(file, text)
}

fn session(text: &str) -> Result<crate::campaign::session::SessionLog, ScenarioError> {
    parse("evening.fray", text)?.run_session()
}

const FIGHT: &str = "side Party party\nside Foes\nzone Hall\n\
    add Harald side Party zone Hall track hp=7\nadd Goblin side Foes zone Hall track hp=3\n";

#[test]
fn a_line_of_dice_alone_is_an_error_not_a_panic() {
    // Found by `random_scripts_never_panic`: a line that begins with `table`.
    assert!(parse("x.fray", "table 4").is_err() || parse("x.fray", "table 4").is_ok());
    let e = run("x.fray", "side A\ntable 4 | app").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
}

#[test]
fn a_written_back_fight_takes_no_more_commands_and_ends_once() {
    let text = format!(
        "{FIGHT}hp Harald -3\nend-fight\nhp Harald -1\nexpect error \"the fight ended\"\nend-fight\nexpect error \"already over\"\nexpect Harald carries \"HP 4/7\"\n"
    );
    let log = session(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.fights().count(), 1);
    assert_eq!(log.parts.len(), 2, "the fight, then its write-back");
}

#[test]
fn a_foe_marked_recurring_carries_its_condition_and_a_plain_one_does_not() {
    let text = format!(
        "{FIGHT}recurring Goblin\nhp Goblin -2\nend-fight\nexpect Goblin carries \"HP 1/3\"\n\
         fight Again\nside Party party\nside Foes\nzone Yard\nenter Goblin side Foes zone Yard\n\
         expect Goblin hp 1/3\nenter Harald side Party zone Yard\nexpect Harald hp 7/7\n"
    );
    session(&text).unwrap_or_else(|e| panic!("{e}"));
    let plain = format!("{FIGHT}hp Goblin -2\nend-fight\nexpect Goblin carries \"HP 1/3\"\n");
    let e = session(&plain).unwrap_err();
    assert!(e.message.contains("no character named 'Goblin'"), "{e}");
}

#[test]
fn an_unknown_rest_names_the_ones_there_are() {
    let e = session(&format!("{FIGHT}end-fight\nrest nap\n")).unwrap_err();
    assert!(e.message.contains("no rest 'nap' here; there are: night, week"), "{e}");
}

#[test]
fn unticking_a_line_that_is_not_there_lists_the_lines() {
    let e =
        session(&format!("{FIGHT}hp Harald -3\nend-fight untick Harald fatigue\n")).unwrap_err();
    assert!(
        e.message.contains("Harald has no line 'fatigue'") && e.message.contains("HP 7 → 4"),
        "{e}"
    );
}

#[test]
fn a_value_past_the_maximum_is_refused_and_may_be_expected() {
    let text = format!(
        "{FIGHT}hp Harald -3\nend-fight set Harald hp 9\nexpect error \"over its maximum 7\"\nend-fight set Harald hp 5\nexpect Harald carries \"HP 5/7\"\n"
    );
    session(&text).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn sovereigns_own_heal_and_the_session_heal_are_told_apart_by_their_words() {
    assert!(!session::claims(
        crate::systems::registry().parse("sovereign").unwrap(),
        "heal",
        &["Dessa", "Brina"]
    ));
    assert!(session::claims(
        crate::systems::registry().parse("sovereign").unwrap(),
        "heal",
        &["Brina", "hp", "2"]
    ));
    assert!(session::claims(
        crate::systems::registry().parse("bdp").unwrap(),
        "heal",
        &["Brina", "hp", "2"]
    ));
    assert!(!session::claims(crate::systems::registry().parse("bdp").unwrap(), "attack", &[]));
}

#[test]
fn a_session_journal_reads_back_and_every_fight_replays() {
    let text = format!(
        "{FIGHT}hp Harald -3\nend-fight\nrest night\nnote \"<b>camp</b>\"\nfight Second\nside Party party\nzone Hall\nenter Harald side Party zone Hall\n"
    );
    let log = session(&text).unwrap_or_else(|e| panic!("{e}"));
    let json = log.to_json();
    assert!(crate::campaign::session::is_session(&json));
    let back = crate::campaign::session::from_json(&json).unwrap();
    assert_eq!(back, log);
    assert_eq!(back.replay().unwrap().fights.len(), 2);
    let md = crate::campaign::export::session_markdown(&log);
    assert!(md.contains(r"&lt;b\>camp&lt;/b\>"), "{md}");
    let html = crate::campaign::export::session_html(&log);
    assert!(html.contains("&lt;b&gt;camp&lt;/b&gt;") && !html.contains("<b>camp"), "{html}");
}

#[test]
fn hostile_names_and_notes_stay_inert_in_the_session_exports() {
    let evil = r#"`tick` <img src=x onerror=alert(1)> [click](javascript:alert(1))"#;
    let quoted = evil.replace('\\', "\\\\").replace('"', "\\\"");
    let text = format!(
        "side Party party\nzone Hall\nadd \"{quoted}\" side Party zone Hall track hp=7\n\
         track \"{quoted}\" hp -2\nend-fight\nnote \"{quoted}\"\nrest night\n"
    );
    let log = session(&text).unwrap_or_else(|e| panic!("{e}"));
    let md = crate::campaign::export::session_markdown(&log);
    // Escaped, a link or code span cannot open: `\[click\](`, `\`tick\``.
    for raw in ["<img", "[click](", "`tick`"] {
        assert!(!md.contains(raw), "Markdown keeps {raw}: {md}");
    }
    let html = crate::campaign::export::session_html(&log);
    for raw in ["<img", "href="] {
        assert!(!html.contains(raw), "HTML keeps {raw}: {html}");
    }
    assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"), "{html}");
}
