//! The evening shared beyond its page: the recap card (its SVG, which the window and the
//! command line draw to a PNG; the pixels are checked in `ui/tests/cli/card.rs`) and the text
//! for a group chat. For the players neither names anyone they never saw, and neither tells a
//! number of harm the table view gave only in words; the chat text comes in whole parts of at
//! most 2,000 characters, in the markup chat apps render (read back through pulldown-cmark).

use fray_app::campaign::card::session_card;
use fray_app::campaign::chat::{PART, session_chat, session_story};
use fray_app::campaign::export::session_export;
use fray_app::campaign::session::SessionLog;
use fray_app::journal::{Audience, Format};
use fray_tests::never_seen;

const SYSTEMS: [&str; 5] = ["bdp", "d12", "dr12", "murdham", "sovereign"];

fn campaign(system: &str) -> SessionLog {
    fray_app::systems::registry();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("scenarios/{system}-campaign.fray"));
    let text = std::fs::read_to_string(&path).expect("the script");
    let script = fray_app::scenario::parse(system, &text).expect("parses");
    let db = fray_data::Db::open_in_memory().expect("a fresh database");
    let tables = fray_data::session::library_tables(&db, script.system).expect("tables");
    script.with_tables(tables).run_session().expect("plays")
}

/// An evening with a foe the players never see (hidden all along, rolling in secret), one
/// they see, a character whose name is markup, and a night between fights; `extra` is added
/// to the first fight's setting up.
fn lurker(extra: &str) -> SessionLog {
    fray_app::systems::registry();
    let text = format!(
        r#"
system freeform
name "Night watch"
seed 5
side Party party colour #3366cc
side Foes colour #aa3333
zone Camp
add Ada side Party zone Camp track hp=10
add "Bram <b>*x*</b> @everyone|" side Party zone Camp track hp=8
add Bandit side Foes zone Camp track hp=6
add "Lurker Vesk" side Foes zone Camp track hp=6
show Bandit revealed
show "Lurker Vesk" hidden
{extra}
next
roll d20 "Ada attacks" by Ada table 15
hp Bandit -4
roll d20 "Vesk stabs" by "Lurker Vesk" secret table 18
hp Ada -3
roll d20 "Bram attacks" by "Bram <b>*x*</b> @everyone|" table 11
hp Bandit -2
next
end-fight
note "The watch ends at dawn."
"#
    );
    fray_app::scenario::parse("lurker.fray", &text).expect("parses").run_session().expect("plays")
}

/// Chat text rendered as a chat app would (CommonMark, raw HTML on).
fn rendered(md: &str) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(md));
    html
}

/// The first tag in `html` other than a paragraph, bold, or a list and its items.
fn other_tag(html: &str) -> Option<String> {
    html.match_indices('<').find_map(|(i, _)| {
        let rest = &html[i + 1..];
        let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
        let name = tag.trim_start_matches('/');
        (!["p", "strong", "ul", "li"].contains(&name)).then(|| format!("<{tag}>"))
    })
}

#[test]
fn the_card_and_the_chat_text_name_no_one_the_players_never_saw() {
    let mut evenings: Vec<(String, SessionLog)> =
        SYSTEMS.iter().map(|s| (s.to_string(), campaign(s))).collect();
    evenings.push(("lurker".into(), lurker("")));
    for (name, log) in &evenings {
        for audience in [Audience::Players, Audience::Gm] {
            let card = session_card(log, audience);
            assert!(card.starts_with(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"1500\""
            ));
            for chart in ["chart bars", "chart lines"] {
                assert_eq!(card.matches(chart).count(), 1, "{name} {audience:?}: {chart}");
            }
            let dice = card.matches("chart dice").count();
            assert!((1..=3).contains(&dice), "{name} {audience:?}: the dice thrown most: {dice}");
        }
        let card = session_card(log, Audience::Players);
        let chat = session_chat(log, Audience::Players).join("\n\n");
        let shown = rendered(&chat);
        for doc in log.fights() {
            for unseen in never_seen(&doc.base, &doc.events) {
                assert!(!card.contains(&unseen), "{name}: the card names {unseen}: {card}");
                assert!(!chat.contains(&unseen), "{name}: the chat names {unseen}: {chat}");
                assert!(!shown.contains(&unseen), "{name}: {unseen}");
            }
        }
    }
    let gm = session_chat(&evenings[5].1, Audience::Gm).join("\n\n");
    assert!(gm.contains("Lurker Vesk"), "the GM's story tells the lurker's blow: {gm}");
}

/// Harm the players saw only in words (the foes' health shown as words) is no number in any
/// of their evening's exports: no Dealt in the evening's table, the card or the chat text.
#[test]
fn harm_the_table_view_told_in_words_is_no_number_for_the_players() {
    let hidden = lurker("player-view health Foes words");
    let open = lurker("player-view health Foes numbers");
    let evening = |log: &SessionLog, format| {
        let page = session_export(log, format, Audience::Players);
        let start = page.find("The evening").expect("the evening's recap");
        let end = page[start..].find("How it went").map_or(page.len(), |i| start + i);
        page[start..end].to_owned()
    };
    for format in [Format::Html, Format::Markdown] {
        let words = evening(&hidden, format);
        assert!(!words.contains("Dealt"), "{format:?}: the players learn harm dealt: {words}");
        assert!(words.contains("Taken"), "{format:?}: the party's own harm stays: {words}");
        let numbers = evening(&open, format);
        assert!(numbers.contains("Dealt"), "{format:?}: seen in numbers, told: {numbers}");
        let gm = session_export(&hidden, format, Audience::Gm);
        assert!(gm.contains("Dealt"), "{format:?}: the GM's keeps it");
    }
    let card = session_card(&hidden, Audience::Players);
    assert!(!card.contains("class=\"dealt\"") && !card.contains("most harm dealt"), "{card}");
    assert!(session_card(&open, Audience::Players).contains("class=\"dealt\""));
    let chat = session_story(&hidden, Audience::Players);
    assert!(!chat.contains("dealt"), "{chat}");
    assert!(session_story(&open, Audience::Players).contains("dealt"));
}

/// Every evening, and one long enough to need several parts: each part at most 2,000
/// characters, made of whole paragraphs of the story in order (never a line, a list or a
/// round cut), all of them together the whole story; rendered, bold and lists and nothing
/// else — no table, no raw HTML, a name's markup left as text and no one pinged.
#[test]
fn the_chat_text_comes_in_whole_parts_of_at_most_2000_characters() {
    let mut long = campaign("murdham");
    let fights = long.parts.clone();
    for _ in 0..12 {
        long.parts.extend(fights.iter().cloned());
    }
    let mut evenings: Vec<(String, SessionLog)> =
        SYSTEMS.iter().map(|s| (s.to_string(), campaign(s))).collect();
    evenings.push(("lurker".into(), lurker("")));
    evenings.push(("long".into(), long));
    for (name, log) in &evenings {
        for audience in [Audience::Players, Audience::Gm] {
            let parts = session_chat(log, audience);
            let story = session_story(log, audience);
            assert!(!parts.is_empty(), "{name}");
            assert_eq!(parts.join("\n\n"), story, "{name} {audience:?}: the parts are the story");
            let paragraphs: Vec<&str> = story.split("\n\n").collect();
            let mut at = 0;
            for part in &parts {
                assert!(part.chars().count() <= PART, "{name}: a part of {}", part.chars().count());
                for p in part.split("\n\n") {
                    assert_eq!(p, paragraphs[at], "{name}: a paragraph cut");
                    at += 1;
                }
                let html = rendered(part);
                assert_eq!(other_tag(&html), None, "{name} {audience:?}: {html}");
                assert!(!part.lines().any(|l| l.starts_with('|')), "{name}: a table");
            }
            assert_eq!(at, paragraphs.len());
            let html = rendered(&story);
            assert!(html.contains("<strong>") && html.contains("<li>"), "{name}: {html}");
        }
    }
    let long = session_chat(&evenings[6].1, Audience::Gm);
    assert!(long.len() >= 3, "a long evening in several parts: {}", long.len());
    assert!(long.iter().skip(1).all(|p| p.starts_with("**")), "each part opens a paragraph");
    let story = session_story(&evenings[5].1, Audience::Players);
    assert!(story.contains(r"Bram \<b\>\*x\*\</b\> \@everyone\|"), "{story}");
    let html = rendered(&story);
    assert!(html.contains("Bram &lt;b&gt;*x*&lt;/b&gt; @everyone|"), "{html}");
}

/// An evening that changed procedure between fights names every procedure it played on its
/// card, in the order first played, and each once.
#[test]
fn the_card_names_every_procedure_the_evening_played() {
    let bdp = campaign("bdp");
    let d12 = campaign("d12");
    let names = |log: &SessionLog| {
        let mut names: Vec<&str> = log.fights().map(|f| f.base.system().name()).collect();
        names.dedup();
        names
    };
    let (first, second) = (names(&bdp), names(&d12));
    assert_eq!((first.len(), second.len()), (1, 1), "one procedure each: {first:?} {second:?}");
    let mut parts = bdp.parts.clone();
    parts.extend(d12.parts.iter().cloned());
    parts.extend(bdp.parts.iter().cloned());
    let mixed = SessionLog::new("Two tables", "2026-12-03", parts);
    let expected = format!("{} / {}", first[0], second[0]);
    for audience in [Audience::Gm, Audience::Players] {
        let card = session_card(&mixed, audience);
        assert!(card.contains(&expected), "{audience:?}: {card}");
        assert_eq!(card.matches(first[0]).count(), 1, "{audience:?}: named once: {card}");
    }
}
