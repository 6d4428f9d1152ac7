//! The evening as text for a group chat (`--format chat`): the story in the Markdown chat apps
//! render — bold and lists, no table, no raw HTML — in parts of at most [`PART`] characters,
//! a chat message's limit (Discord's). A part is whole paragraphs: never cut inside a line,
//! a list or a round; a round told in more than a part is cut between its sentences. Every
//! name is escaped (a `*` stays a star, `@everyone` pings no one, a `<b>` stays text).
//! The players' text is told from their evening ([`crate::table_view::players_evening`]).

use std::fmt::Write as _;

use super::session::{Part, SessionLog};
use crate::journal::Audience;
use crate::recap::{FightRecap, Person, story, total, words};

/// The most characters in one part.
pub const PART: usize = 2000;

/// The evening `log` for `audience` as chat text, in parts of at most [`PART`] characters;
/// joined by a blank line they give the whole text.
pub fn session_chat(log: &SessionLog, audience: Audience) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut current = String::new();
    for block in paragraphs(log, audience) {
        if !current.is_empty() && chars(&current) + 2 + chars(&block) > PART {
            parts.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push_str("\n\n");
        }
        current.push_str(&block);
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

/// The whole chat text of the evening, its paragraphs apart by a blank line: what the parts
/// of [`session_chat`] give, joined the same way.
pub fn session_story(log: &SessionLog, audience: Audience) -> String {
    paragraphs(log, audience).join("\n\n")
}

/// The text's paragraphs, each short enough for a part (see [`pieces`]).
fn paragraphs(log: &SessionLog, audience: Audience) -> Vec<String> {
    blocks(log, audience).iter().flat_map(|b| pieces(b)).collect()
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// A block too long for a part, cut between sentences; the rest as they are.
fn pieces(block: &str) -> Vec<String> {
    if chars(block) <= PART {
        return vec![block.to_owned()];
    }
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for sentence in block.split_inclusive(". ") {
        if !current.is_empty() && chars(&current) + chars(sentence) > PART {
            out.push(std::mem::take(&mut current).trim_end().to_owned());
        }
        // A sentence longer than a part (a name of thousands of characters): cut by characters.
        let mut rest = sentence;
        while chars(rest) > PART {
            let cut = rest.char_indices().nth(PART).map_or(rest.len(), |(i, _)| i);
            out.push(rest[..cut].to_owned());
            rest = &rest[cut..];
        }
        current.push_str(rest);
    }
    if !current.trim().is_empty() {
        out.push(current.trim_end().to_owned());
    }
    out
}

/// The text's paragraphs: the evening, the party, then each fight and what came between.
fn blocks(log: &SessionLog, audience: Audience) -> Vec<String> {
    let players = audience == Audience::Players;
    let mut out = Vec::new();
    let mut title = String::from("**");
    esc(&mut title, &log.name);
    title.push_str("**");
    if !log.date.is_empty() {
        title.push_str(" — ");
        esc(&mut title, &log.date);
    }
    out.push(title);
    let fights: Vec<Told> = if players {
        let evening = log.players_evening();
        out.extend(party(&evening.recap.party, evening.dealt, evening.taken));
        evening
            .fights
            .into_iter()
            .map(|p| Told { lines: p.table.lines, numbers: p.numbers, recap: p.fight })
            .collect()
    } else {
        let recap = log.recap();
        out.extend(party(&recap.party, true, true));
        recap
            .fights
            .into_iter()
            .map(|r| Told { lines: words::headline(&r), numbers: true, recap: r })
            .collect()
    };
    let mut fights = fights.into_iter();
    for part in &log.parts {
        match part {
            Part::Fight(_) => {
                if let Some(told) = fights.next() {
                    fight(&mut out, &told);
                }
            }
            Part::Step(step) => {
                let mut block = String::from("**");
                esc(&mut block, &step.title());
                block.push_str("**");
                for w in &step.written {
                    block.push_str("\n- ");
                    esc(&mut block, &w.name);
                    block.push_str(": ");
                    esc(&mut block, &super::export::changed(w));
                }
                out.push(block);
            }
            // The tray's rolls and the GM's notes are the GM's page's, not the story's.
            Part::Roll(_) | Part::Note(_) => {}
        }
    }
    out
}

/// A fight as its audience may hear it.
struct Told {
    recap: FightRecap,
    lines: Vec<String>,
    numbers: bool,
}

/// A fight: its name and headline, then a paragraph a round.
fn fight(out: &mut Vec<String>, told: &Told) {
    let r = &told.recap;
    let mut head = String::from("**");
    esc(&mut head, &r.name);
    head.push_str("** (");
    esc(&mut head, &r.system);
    head.push(')');
    for line in &told.lines {
        head.push_str("\n- ");
        esc(&mut head, line);
    }
    out.push(head);
    for (round, lines) in story::by_round(r, told.numbers) {
        let mut para = String::from("**");
        esc(&mut para, &story::round_title(round));
        para.push_str(".** ");
        esc(&mut para, &lines.join(" "));
        out.push(para);
    }
}

/// The party over the evening, a list item each, harm only where it may be told.
fn party(party: &[Person], dealt: bool, taken: bool) -> Option<String> {
    if party.is_empty() {
        return None;
    }
    let mut block = String::from("**The party**");
    for p in party {
        block.push_str("\n- **");
        esc(&mut block, &p.name);
        block.push_str("**: ");
        let mut said = vec![format!("{} fight{}", p.fights, if p.fights == 1 { "" } else { "s" })];
        if dealt {
            said.push(format!("dealt {}", total(&p.dealt)));
        }
        if taken {
            said.push(format!("took {}", total(&p.taken)));
        }
        said.push(format!("blows landed {} / missed {}", p.landed, p.missed));
        said.push(format!("took out {}", p.took_out));
        if p.went_out > 0 {
            said.push(format!("went out {}", p.went_out));
        }
        let _ = write!(block, "{}", said.join(", "));
    }
    Some(block)
}

/// `text` as chat text: each character that would make markup, a mention or a link is
/// escaped with a backslash, as is a `:` that could open an emoji's name, and a `-`, `+` or
/// `#` that would start a list or a heading; a line break is a space (a name cannot start a
/// line of its own).
fn esc(out: &mut String, text: &str) {
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let next_word = chars.peek().is_some_and(|(_, n)| n.is_alphanumeric() || *n == '_');
        let escape = match c {
            '\\' | '*' | '_' | '`' | '~' | '|' | '<' | '>' | '[' | ']' | '@' => true,
            ':' => next_word,
            '-' | '+' | '#' => i == 0,
            _ => false,
        };
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            _ if escape => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
}
