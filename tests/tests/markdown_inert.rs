//! The Markdown journal is shared with strangers and opened in renderers that pass raw HTML
//! through: whatever text a journal holds, rendering it must make no element, attribute or
//! link the journal did not mean. Checked with two renderers — pulldown-cmark (CommonMark,
//! raw HTML on) and python-markdown, the one a dice label once broke out of — on every
//! payload of the HTML tests in every field Fray writes (the fight's journal, the evening's export
//! and its chat text), and with random text (a fuzz test).

use fray_app::command::{Command, NewCombatant};
use fray_app::dice::{Dice, SeededDice};
use fray_app::encounter::{BoardRect, Encounter};
use fray_app::{History, journal, scenario};
use proptest::prelude::*;
use std::io::Write as _;
use std::process::{Command as Process, Stdio};

/// What Fray's Markdown journal means to make: headings, a list, bold, italics and code, none
/// of them with an attribute.
const MEANT: &[&str] = &["h1", "h2", "h3", "ul", "li", "p", "strong", "em", "code"];

/// The first tag in rendered `html` that the journal did not mean (an element it never
/// writes, or any attribute at all), if any.
fn unmeant_markup(html: &str) -> Option<String> {
    unmeant_markup_but(html, &[])
}

/// [`unmeant_markup`] for a file that means `also` too (whole tags as rendered: `pre`).
fn unmeant_markup_but(html: &str, also: &[&str]) -> Option<String> {
    for (i, _) in html.match_indices('<') {
        let rest = &html[i + 1..];
        let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
        let name = tag.trim_start_matches('/');
        if !MEANT.contains(&name) && !also.contains(&name) {
            return Some(format!("<{tag}>"));
        }
    }
    None
}

fn pulldown(md: &str) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(md));
    html
}

/// `md` through python-markdown, or `None` when it is not installed here (CI installs it and
/// then requires it).
fn python_markdown(md: &str) -> Option<String> {
    let script = "import sys, markdown; sys.stdout.write(markdown.markdown(sys.stdin.read()))";
    let child = Process::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut child = child;
    child.stdin.take().unwrap().write_all(md.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have python-markdown (pip install markdown): {err}"
        );
        eprintln!("python-markdown not installed: that renderer is skipped here ({err})");
        return None;
    }
    Some(String::from_utf8(out.stdout).unwrap())
}

/// Every renderer's verdict on `md`: the unmeant markup each one made.
fn check(md: &str) -> Result<(), String> {
    check_but(md, &[])
}

/// [`check`] for a file that means the tags `also` too.
fn check_but(md: &str, also: &[&str]) -> Result<(), String> {
    let mut rendered = vec![("pulldown-cmark", pulldown(md))];
    if let Some(html) = python_markdown(md) {
        rendered.push(("python-markdown", html));
    }
    for (renderer, html) in rendered {
        if let Some(tag) = unmeant_markup_but(&html, also) {
            return Err(format!("{renderer} made {tag} of:\n{md}\n\nrendered:\n{html}"));
        }
    }
    Ok(())
}

/// The payloads of the HTML tests, and what broke out of Markdown before.
const PAYLOADS: &[&str] = &[
    "<img/src=x/onerror=document.body.dataset.pwned=1>",
    "<img src=x onerror=alert(1)>",
    "<script>document.body.dataset.pwned=2</script>",
    "<svg/onload=document.body.dataset.pwned=3>",
    "[link](javascript:document.body.dataset.pwned=4)",
    "<iframe/srcdoc=&lt;script&gt;parent.document.body.dataset.pwned=5&lt;/script&gt;>",
    "<style>body{background:red}</style>",
    "a``<img src=x onerror=alert(6)>``",
    "`` <b>x</b> ``",
    "<javascript:alert(7)>",
    "<!-- hidden -->",
    "&lt;img src=x onerror=alert(8)&gt;",
    "![x](javascript:alert(9))",
    "<https://example.invalid/x>",
];

#[test]
fn the_checker_catches_markup_that_runs() {
    assert_eq!(
        unmeant_markup(&pulldown("- <img src=x onerror=alert(1)>")).as_deref(),
        Some("<img src=x onerror=alert(1)>")
    );
    assert!(unmeant_markup(&pulldown("[a](javascript:x)")).is_some(), "a link");
    assert!(unmeant_markup(&pulldown("# T\n\n- **a** `b` *c*")).is_none());
}

/// A script that writes every payload in every field a script reaches.
fn hostile_script() -> String {
    let mut script = String::from("system freeform\nseed 3\n");
    for (i, p) in PAYLOADS.iter().enumerate() {
        let q = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
        let (side, zone, who) = (format!("S{i} {p}"), format!("Z{i} {p}"), format!("W{i} {p}"));
        script.push_str(&format!("side {}\nzone {}\n", q(&side), q(&zone)));
        script.push_str(&format!(
            "add {} side {} zone {} track hp=3\n",
            q(&who),
            q(&side),
            q(&zone)
        ));
        // Shown to the players, so their journal writes every field too.
        script.push_str(&format!("show {} revealed\n", q(&who)));
        script.push_str(&format!("condition {} +{}\n", q(&who), q(p)));
        script.push_str(&format!("notes {} {}\n", q(&who), q(p)));
        let renamed = format!("R{i} {p}");
        script.push_str(&format!("rename {} {}\n", q(&who), q(&renamed)));
        script.push_str(&format!("rename {} {}\n", q(&renamed), q(&who)));
        script.push_str(&format!("say {}\n", q(p)));
        script.push_str(&format!("roll d20 {} by {}\n", q(p), q(&who)));
    }
    script
}

#[test]
fn every_payload_in_every_field_stays_text_in_two_renderers() {
    fray_app::systems::registry();
    let script = hostile_script();
    let history = scenario::run("hostile.fray", &script).unwrap_or_else(|e| panic!("{e}"));
    let mut history = history;
    // Dice labels come in through the tray (and a library file), where a label is anything;
    // a stat's name through the card, where it is too.
    for (i, p) in PAYLOADS.iter().enumerate() {
        let id = history.state().combatant_named(&format!("W{i} {p}")).expect("added").id;
        let stat = Command::SetStat { id, stat: format!("s{i} {p}"), value: 2 };
        history.execute(stat, &mut SeededDice::new(3, history.next_stream())).unwrap();
        let dice = Dice::parse("2d6").unwrap().labelled(*p);
        let roll = Command::Roll { dice, label: format!("label {p}"), roller: None, secret: false };
        let mut source = SeededDice::new(3, history.next_stream());
        history.execute(roll, &mut source).unwrap_or_else(|e| panic!("payload {i}: {e}"));
    }
    let md = journal::markdown(history.base(), history.events());
    for p in PAYLOADS {
        assert!(!md.contains(p) || !p.contains('<'), "a payload is written raw: {p}");
    }
    check(&md).unwrap_or_else(|e| panic!("{e}"));
    // The players' journal (the TV's recap, their lines) stays as inert.
    let players =
        journal::players_markdown(history.base(), history.live_commands(), history.events());
    assert!(players.contains("W0 "), "the revealed names are in the players' journal");
    check(&players).unwrap_or_else(|e| panic!("the players' journal: {e}"));
}

/// The evening's Markdown (the session export, for the GM and for the players) and its chat
/// text hold every payload as a name, a roll, a condition and a note between fights, and stay
/// text in both renderers; they mean only a fourth level of heading and the fold of each
/// fight's journal besides.
#[test]
fn the_evening_keeps_every_payload_text_in_two_renderers() {
    use fray_app::campaign::{chat::session_chat, export::session_export};
    use fray_app::journal::{Audience, Format};
    fray_app::systems::registry();
    let mut script = hostile_script();
    script.push_str("next\nend-fight\n");
    for p in PAYLOADS {
        script.push_str(&format!("note \"{}\"\n", p.replace('\\', "\\\\").replace('"', "\\\"")));
    }
    script.push_str("note \"Dawn breaks <script>alert(0)</script>\"\n");
    let parsed = scenario::parse("hostile.fray", &script).unwrap_or_else(|e| panic!("{e}"));
    let log = parsed.run_session().unwrap_or_else(|e| panic!("{e}"));
    for audience in [Audience::Gm, Audience::Players] {
        let md = session_export(&log, Format::Markdown, audience);
        assert!(md.contains("<details>"), "{audience:?}: the fight's journal is folded");
        assert!(md.contains("W3 "), "{audience:?}: the evening names the payloads' owners");
        // The GM's notes are the GM's alone.
        let noted = audience == Audience::Gm;
        assert_eq!(md.contains("Dawn breaks"), noted, "{audience:?}: the note between fights");
        check_but(&md, &["details", "summary", "h4"])
            .unwrap_or_else(|e| panic!("{audience:?}: {e}"));
        for part in session_chat(&log, audience) {
            check(&part).unwrap_or_else(|e| panic!("{audience:?} chat: {e}"));
        }
    }
}

/// A freeform encounter with one combatant and one zone, for the fuzz test.
fn board() -> History {
    let mut h = History::new(Encounter::new(
        fray_app::systems::registry().get("freeform").unwrap(),
        "Fuzz",
        1,
    ));
    let rect = BoardRect { x: 0.0, y: 0.0, w: 100.0, h: 100.0 };
    for c in [
        Command::AddSide { name: "A".into(), colour: "#000000".into(), party: true },
        Command::AddZone { name: "Hall".into(), capacity: None, rect },
    ] {
        h.execute(c, &mut SeededDice::new(1, 0)).unwrap();
    }
    h
}

/// Text heavy in the characters Markdown and HTML read.
fn hostile_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("<".to_owned()),
            Just(">".to_owned()),
            Just("&".to_owned()),
            Just("`".to_owned()),
            Just("``".to_owned()),
            Just("*".to_owned()),
            Just("_".to_owned()),
            Just("[".to_owned()),
            Just("](".to_owned()),
            Just(")".to_owned()),
            Just("!".to_owned()),
            Just("\\".to_owned()),
            Just("#".to_owned()),
            Just("|".to_owned()),
            Just("\n".to_owned()),
            Just(" ".to_owned()),
            Just("img src=x onerror=alert(1)".to_owned()),
            Just("script".to_owned()),
            Just("javascript:".to_owned()),
            Just("/".to_owned()),
            Just("a".to_owned()),
            Just("lt;".to_owned()),
            Just("#60;".to_owned()),
        ],
        1..24,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Random hostile text as a name, a narration, a roll's label and a dice label: pulldown-
    /// cmark makes nothing of it but text (python-markdown is asked above; a process per case
    /// would be slow here).
    #[test]
    fn random_hostile_text_renders_as_text(name in hostile_text(), words in hostile_text()) {
        fray_app::systems::registry();
        let mut h = board();
        let side = *h.state().sides.keys().next().unwrap();
        let mut c = NewCombatant::named(name.trim(), side);
        c.zone = h.state().zones.keys().next().copied();
        let dice = Dice::parse("d6").unwrap().labelled(words.trim());
        for command in [
            Command::AddCombatant { combatant: Box::new(c), count: 1 },
            Command::Narrate { text: words.clone() },
            Command::Roll { dice, label: words.clone(), roller: None, secret: false },
        ] {
            let mut source = SeededDice::new(1, h.next_stream());
            // A name or label the rules refuse (empty, too long) is simply not written.
            let _ = h.execute(command, &mut source);
        }
        let md = journal::markdown(h.base(), h.events());
        let html = pulldown(&md);
        prop_assert!(unmeant_markup(&html).is_none(), "{:?}\n{}\n{}", unmeant_markup(&html), md, html);
    }
}

/// A Fantasy Statblocks note Fray writes (`export-library --format fantasy-statblocks`): every
/// payload as a creature's name, tag and notes, and an attack's name, stays text in both
/// renderers (the YAML sits in a fence no line of it can close).
#[test]
fn a_fantasy_statblocks_note_keeps_every_payload_text() {
    use fray_data::exchange::{CreatureEntry, fantasy_statblocks_note};
    fray_app::systems::registry();
    let creatures: Vec<CreatureEntry> = PAYLOADS
        .iter()
        .enumerate()
        .map(|(i, p)| CreatureEntry {
            uid: format!("x{i}"),
            system: "sovereign".parse().unwrap(),
            name: format!("N{i} {p}"),
            tags: vec![format!("t{i} {p}")],
            block: serde_json::json!({
                "tracks": {"hp": 5},
                "stats": {"ac": 12},
                "attacks": [{"name": format!("A {p}"), "dmg": "d6"}],
                "notes": format!("first {p}\n```\n{p}\n~~~\n"),
            }),
            portrait: None,
        })
        .collect();
    let md = fantasy_statblocks_note(&creatures).unwrap();
    // The one block it means: each creature's fence, a code block of its YAML.
    let fence = ["pre", "code class=\"language-statblock\""];
    check_but(&md, &fence).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pulldown(&md).matches("<pre>").count(), PAYLOADS.len(), "a fence a creature");
}
