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
pub(crate) mod players;
pub(crate) mod recap_html;
pub(crate) mod recap_md;
mod replay;
mod svg;
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

#[cfg(test)]
mod tests;
