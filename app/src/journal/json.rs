//! The journal as JSON: lossless, so `fray replay` can re-run it and check every event.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::encounter::Encounter;
use crate::event::{EVENT_VERSION, Event};
use crate::history::{CommandRecord, History, Parts, UndoneCommand};

/// The `format` field of a journal file.
pub const FORMAT: &str = "fray-journal";

/// The journal file version this Fray writes. It reads this one and version 1, which did not
/// keep undone commands (read as accounting for no stream before its last).
pub const VERSION: u32 = 2;

/// The first version that keeps undone commands.
const FIRST_WITH_UNDONE: u32 = 2;

/// A whole journal: the encounter before any event, then every command in effect with the
/// events it produced, and every command undone on the way. Folding `events` onto `base`
/// gives the state the GM last saw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JournalDoc {
    /// Always [`FORMAT`]; tells a journal from any other JSON.
    pub format: String,
    /// The file version, [`VERSION`] for files this Fray writes.
    pub version: u32,
    /// The encounter before the first event.
    pub base: Encounter,
    /// The commands in effect (the redo tail is not part of the story), in order.
    pub commands: Vec<CommandRecord>,
    /// Their events, in order; each command's `events` range points into this list.
    pub events: Vec<Event>,
    /// The commands undone on the way (replaced, or left in the redo tail), in the order of
    /// their dice streams. With `commands` they account for every stream from
    /// `accounted_from` on: a roll undone and asked again shows here.
    #[serde(default)]
    pub undone: Vec<UndoneCommand>,
    /// Streams below this one may be missing with no undone command for them (an encounter
    /// begun before Fray kept undone commands); 0 for every encounter begun since.
    #[serde(default)]
    pub accounted_from: u64,
}

/// The same fields borrowed, so exporting a long history copies nothing before writing.
#[derive(Serialize)]
struct DocRef<'a> {
    format: &'a str,
    version: u32,
    base: &'a Encounter,
    commands: &'a [CommandRecord],
    events: &'a [Event],
    undone: &'a [UndoneCommand],
    accounted_from: u64,
    /// The fight's figures, as data, in an export (never read back: replay re-derives them).
    #[serde(skip_serializing_if = "Option::is_none")]
    recap: Option<&'a crate::recap::FightRecap>,
}

/// Just the header, to say why a file that is not a readable journal was refused.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// Why a journal file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum JournalError {
    /// The JSON does not say it is a Fray journal.
    #[error("not a Fray journal: format is '{0}', expected '{FORMAT}'")]
    NotAJournal(String),
    /// A journal version this Fray cannot read.
    #[error("journal version {found} is not supported: this Fray reads versions 1 to {VERSION}")]
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
    },
    /// Not JSON, or not shaped like a journal.
    #[error("unreadable journal: {0}")]
    Malformed(String),
    /// Readable, but its parts do not fit together.
    #[error("inconsistent journal: {0}")]
    Inconsistent(String),
}

impl JournalDoc {
    /// The recap of the fight it holds.
    pub fn recap(&self) -> crate::recap::FightRecap {
        crate::recap::fight(&self.base, &self.commands, &self.events)
    }

    /// The journal of a history: its base, the commands and events in effect, and the
    /// commands undone on the way.
    pub fn from_history(history: &History) -> Self {
        JournalDoc {
            format: FORMAT.to_owned(),
            version: VERSION,
            base: history.base().clone(),
            commands: history.live_commands().to_vec(),
            events: history.events().to_vec(),
            undone: history.all_undone(),
            accounted_from: history.accounted_from(),
        }
    }

    /// The journal as compact JSON, in this Fray's version (a version 1 journal read in says
    /// where its accounting of streams starts, so it is a version 2 journal once written).
    pub fn to_json(&self) -> String {
        write(&DocRef {
            format: &self.format,
            version: VERSION,
            base: &self.base,
            commands: &self.commands,
            events: &self.events,
            undone: &self.undone,
            accounted_from: self.accounted_from,
            recap: None,
        })
    }

    /// A history holding the journal with every command in effect, ready to continue the
    /// fight or undo. Does not re-run the rules; [`super::replay`] does.
    pub fn to_history(&self) -> Result<History, JournalError> {
        History::from_parts(Parts {
            base: self.base.clone(),
            commands: self.commands.clone(),
            events: self.events.clone(),
            cursor: self.commands.len(),
            next_stream: 0,
            undone: self.undone.clone(),
            accounted_from: self.accounted_from,
        })
        .map_err(JournalError::Inconsistent)
    }

    /// Checks that the commands follow each other and cover the events exactly, and that
    /// no event is of a newer format.
    pub(crate) fn check(&self) -> Result<(), JournalError> {
        let mut next = 0;
        for (i, c) in self.commands.iter().enumerate() {
            if c.seq != i as u64 {
                return Err(JournalError::Inconsistent(format!(
                    "command {i} is numbered {}",
                    c.seq
                )));
            }
            if c.events.start != next || c.events.end < c.events.start {
                return Err(JournalError::Inconsistent(format!(
                    "command {i} claims events {}..{} but the previous one ended at {next}",
                    c.events.start, c.events.end
                )));
            }
            next = c.events.end;
        }
        if next != self.events.len() {
            return Err(JournalError::Inconsistent(format!(
                "{} events but the commands account for {next}",
                self.events.len()
            )));
        }
        if let Some((i, e)) = self.events.iter().enumerate().find(|(_, e)| e.v > EVENT_VERSION) {
            return Err(JournalError::Inconsistent(format!(
                "event {i} has format version {} (this Fray reads up to {EVENT_VERSION})",
                e.v
            )));
        }
        for u in &self.undone {
            if let Some(e) = u.events.iter().find(|e| e.v > EVENT_VERSION || e.seq != u.seq) {
                return Err(JournalError::Inconsistent(format!(
                    "the undone command of dice stream {} has an event numbered {} of format \
                     version {} (it stood at {}; this Fray reads up to version {EVENT_VERSION})",
                    u.stream, e.seq, e.v, u.seq
                )));
            }
        }
        Ok(())
    }
}

/// The history's journal as compact JSON (the commands and events in effect, and those
/// undone).
///
/// Compact rather than pretty: measured on 100,000 events (`benches/journal.rs`), half the
/// size (31 MB against 63 MB) and a third faster to write, and any JSON viewer lays it out
/// for a human.
pub fn to_json(history: &History) -> String {
    history_json(history, None)
}

/// The journal of a history as [`to_json`] writes it, with the fight's recap as data under
/// `recap` (what an export shares; reading ignores it).
pub fn to_json_with_recap(history: &History) -> String {
    history_json(history, Some(&crate::recap::of_history(history)))
}

fn history_json(history: &History, recap: Option<&crate::recap::FightRecap>) -> String {
    write(&DocRef {
        format: FORMAT,
        version: VERSION,
        base: history.base(),
        commands: history.live_commands(),
        events: history.events(),
        undone: &history.all_undone(),
        accounted_from: history.accounted_from(),
        recap,
    })
}

fn write(doc: &DocRef<'_>) -> String {
    // Measured journals take ~310 bytes an event (commands included): reserving that up
    // front avoids regrowing a buffer of tens of megabytes.
    let mut out = Vec::with_capacity(4096 + doc.events.len() * 320);
    // Serializing these types cannot fail: every map key is a string or an integer id and
    // the writer is a Vec.
    serde_json::to_writer(&mut out, doc).expect("a journal always serializes");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Reads a journal written by [`to_json`], refusing another format or version with a message
/// that says which, and a journal whose commands do not cover its events.
pub fn from_json(text: &str) -> Result<JournalDoc, JournalError> {
    match serde_json::from_str::<JournalDoc>(text) {
        Ok(mut doc) => {
            check_header(&doc.format, doc.version)?;
            if doc.version < FIRST_WITH_UNDONE {
                // Version 1 kept only the commands in effect: the streams of undone commands
                // are missing, with nothing to show for them.
                doc.undone.clear();
                doc.accounted_from =
                    doc.commands.iter().map(|c| c.stream.saturating_add(1)).max().unwrap_or(0);
            }
            doc.check()?;
            Ok(doc)
        }
        Err(err) => {
            // A file of another format or version need not have our shape: say that rather
            // than the first field serde tripped on.
            if let Ok(header) = serde_json::from_str::<Header>(text) {
                check_header(&header.format, header.version)?;
            }
            Err(JournalError::Malformed(err.to_string()))
        }
    }
}

fn check_header(format: &str, version: u32) -> Result<(), JournalError> {
    if format != FORMAT {
        return Err(JournalError::NotAJournal(format.to_owned()));
    }
    if !(1..=VERSION).contains(&version) {
        return Err(JournalError::UnsupportedVersion { found: version });
    }
    Ok(())
}
