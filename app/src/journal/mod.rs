//! Journal rendering: Markdown, HTML and JSON, pure functions of the events.
//!
//! - [`describe`] / [`lines`] / [`JournalView`]: one readable line per event, with names as
//!   they were at the time (the state is folded along the log, never re-read from the end).
//! - [`markdown`] and [`html`]: the log to share, by round, every name escaped.
//! - [`players_markdown`] and [`players_html`]: the same for the players, through the table
//!   view's rules (what they could not see at a line's moment is left out).
//! - [`to_json`] / [`from_json`]: the lossless [`JournalDoc`], and [`replay`], which re-runs
//!   it through the rules with the recorded dice and checks every event.
//!
//! Every format writes the same sentence for an event: they share one description in
//! `line.rs` and differ only in markup.

pub(crate) mod html;
mod json;
pub(crate) mod line;
pub(crate) mod markdown;
mod page_css;
pub(crate) mod players;
pub(crate) mod recap_html;
pub(crate) mod recap_md;
mod replay;
mod rounds;
pub(crate) mod svg;
mod timeline;
mod view;

pub use html::{html, html_with_recap};
pub use json::{FORMAT, JournalDoc, JournalError, VERSION, from_json, to_json, to_json_with_recap};
pub use line::{Style, describe, timer_words};
pub use markdown::{escape_into as escape_markdown_into, markdown, markdown_with_recap};
pub use players::{Audience, players_html, players_markdown, readable};
pub use replay::{ReplayError, ReplayReport, replay, verify_app_dice};
pub use timeline::Place;
pub use view::{JournalLines, JournalView, Line, lines};

use crate::encounter::Encounter;

/// The name of the encounter's system.
fn system_name(enc: &Encounter) -> &str {
    enc.system().name()
}

/// The heading of a round's section.
fn round_title(out: &mut String, round: u32) {
    if round == 0 {
        out.push_str("Before the fight");
    } else {
        out.push_str("Round ");
        line::push_fmt(out, round);
    }
}

/// The formats a fight's journal is shared in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Markdown, to paste anywhere.
    Markdown,
    /// A self-contained HTML page.
    Html,
    /// Lossless JSON, for `fray replay` and archiving.
    Json,
}

impl Format {
    /// All formats, in menu order.
    pub const ALL: [Format; 3] = [Self::Markdown, Self::Html, Self::Json];

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Markdown => "md",
            Self::Html => "html",
            Self::Json => "json",
        }
    }

    /// Its name, as a button says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Markdown => "Markdown",
            Self::Html => "HTML",
            Self::Json => "JSON",
        }
    }
}

/// The journal of `history` in `format` for `audience`: the GM's with its recap, the players'
/// through the table view's rules. JSON is always the whole, replayable journal (with the
/// recap as data). The one place the window's and the command line's exports are made.
pub fn export(history: &crate::History, format: Format, audience: Audience) -> String {
    let (base, commands, events) = (history.base(), history.live_commands(), history.events());
    match (format, audience) {
        (Format::Markdown, Audience::Gm) => markdown_with_recap(base, commands, events),
        (Format::Markdown, Audience::Players) => players_markdown(base, commands, events),
        (Format::Html, Audience::Gm) => html_with_recap(base, commands, events),
        (Format::Html, Audience::Players) => players_html(base, commands, events),
        (Format::Json, _) => to_json_with_recap(history),
    }
}

#[cfg(test)]
mod tests;
