//! An evening's play as one journal: the fights in order, and between them the tray's rolls,
//! rests, write-backs and the GM's notes. Written as JSON (lossless: each fight is its own
//! journal, which `fray replay` re-runs) and drawn as Markdown or HTML by
//! [`super::export::session_markdown`] and [`super::export::session_html`].

use super::log::{CampaignStep, Happening, Written};
use crate::dice::Roll;
use crate::journal::JournalDoc;
use serde::{Deserialize, Serialize};

/// The format name at the head of a session file.
pub const SESSION_FORMAT: &str = "fray-session";
/// The session file's version. Version 2 keeps what a replay recomputes the evening from: each
/// write-back's fight and the GM's edits, each rest's dice seed and settings. Version 1 files
/// still read, and replay in part.
pub const SESSION_VERSION: u32 = 2;

/// One thing that happened in the evening, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// A fight, as its own journal.
    Fight(Box<JournalDoc>),
    /// A write-back, a rest, a heal by hand.
    Step(CampaignStep),
    /// A roll of the tray made with no fight open.
    Roll(Roll),
    /// The GM's note.
    Note(String),
}

/// An evening's play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionLog {
    /// The session's name ("Session 4: the crypt").
    pub name: String,
    /// Its day, as the host wrote it (`2026-11-27`).
    #[serde(default)]
    pub date: String,
    /// What happened, in order.
    pub parts: Vec<Part>,
    /// The file version it was read from ([`SESSION_VERSION`] for an evening made here).
    #[serde(skip, default = "current_version")]
    pub version: u32,
}

fn current_version() -> u32 {
    SESSION_VERSION
}

impl SessionLog {
    /// An evening made here, in this Fray's version.
    pub fn new(name: impl Into<String>, date: impl Into<String>, parts: Vec<Part>) -> SessionLog {
        SessionLog { name: name.into(), date: date.into(), parts, version: SESSION_VERSION }
    }
}

#[derive(Serialize)]
struct Doc<'a> {
    format: &'a str,
    version: u32,
    #[serde(flatten)]
    log: &'a SessionLog,
    /// The evening's figures, as data, in an export (reading ignores them).
    #[serde(skip_serializing_if = "Option::is_none")]
    recap: Option<&'a crate::recap::SessionRecap>,
}

#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// Why a session file could not be read, naming the part.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// Not a session file, or one from another version.
    #[error("not a Fray session file: {0}")]
    NotASession(String),
    /// A part is malformed (its number counts from 1).
    #[error("part {part}: {error}")]
    Part {
        /// Which part.
        part: usize,
        /// What is wrong with it.
        error: String,
    },
}

impl SessionLog {
    /// The session as compact JSON.
    pub fn to_json(&self) -> String {
        let doc = Doc { format: SESSION_FORMAT, version: SESSION_VERSION, log: self, recap: None };
        serde_json::to_string(&doc).expect("a session always serializes")
    }

    /// The session as [`SessionLog::to_json`] writes it, with the evening's recap as data
    /// under `recap`: what an export shares.
    pub fn to_json_with_recap(&self) -> String {
        let recap = self.recap();
        let doc = Doc {
            format: SESSION_FORMAT,
            version: SESSION_VERSION,
            log: self,
            recap: Some(&recap),
        };
        serde_json::to_string(&doc).expect("a session always serializes")
    }

    /// The evening's recap: each fight's, the party over all of them, and every die rolled.
    pub fn recap(&self) -> crate::recap::SessionRecap {
        let rolls =
            self.parts.iter().flat_map(|part| -> Box<dyn Iterator<Item = &crate::dice::Roll>> {
                match part {
                    Part::Fight(doc) => {
                        Box::new(doc.events.iter().flat_map(crate::event::Event::rolls))
                    }
                    Part::Step(step) => Box::new(step.rolls.iter()),
                    Part::Roll(roll) => Box::new(std::iter::once(roll)),
                    Part::Note(_) => Box::new(std::iter::empty()),
                }
            });
        let fights = self.fights().map(JournalDoc::recap).collect();
        crate::recap::evening(&self.name, &self.date, fights, rolls)
    }

    /// The evening as the players saw it (see [`crate::table_view::players_evening`]).
    pub fn players_evening(&self) -> crate::table_view::PlayersEvening {
        let fights = self.fights().map(|d| (&d.base, d.commands.as_slice(), d.events.as_slice()));
        crate::table_view::players_evening(&self.name, &self.date, fights)
    }

    /// The fights' journals, in order.
    pub fn fights(&self) -> impl Iterator<Item = &JournalDoc> {
        self.parts.iter().filter_map(|p| match p {
            Part::Fight(doc) => Some(doc.as_ref()),
            _ => None,
        })
    }

    /// Re-runs the whole evening (see [`super::verify`]): its fights through the rules, its
    /// write-backs and rests recomputed, each step's *before* from the parts before it; the
    /// first part that differs is named by its place in the evening.
    pub fn replay(&self) -> Result<super::verify::SessionReport, SessionError> {
        super::verify::verify(self)
    }
}

/// `parts` with a [`Happening::Elsewhere`] step before each step whose members' *before*
/// differs from what this session's parts before it left them: the changes other sessions'
/// steps made in between (an evening taken up again after another), said rather than left
/// as a gap the replay would refuse.
pub fn mark_elsewhere(parts: Vec<Part>) -> Vec<Part> {
    let mut seen: std::collections::BTreeMap<String, Written> = Default::default();
    let mut out = Vec::with_capacity(parts.len());
    for part in parts {
        if let Part::Step(step) = &part {
            let gaps: Vec<Written> = step
                .written
                .iter()
                .filter_map(|w| {
                    let was = seen.get(&w.who).filter(|was| {
                        (&was.after, &was.name, &was.system, &was.sheet)
                            != (&w.before, &w.name, &w.system, &w.sheet)
                    })?;
                    // The member as it is named now; its condition from what this session
                    // left to what the step found.
                    Some(Written {
                        before: was.after.clone(),
                        after: w.before.clone(),
                        ..w.clone()
                    })
                })
                .collect();
            if !gaps.is_empty() {
                out.push(Part::Step(CampaignStep {
                    happening: Happening::Elsewhere,
                    rolls: Vec::new(),
                    written: gaps,
                    dice: None,
                    settings: Default::default(),
                    rules: 0,
                }));
            }
            for w in &step.written {
                seen.insert(w.who.clone(), w.clone());
            }
        }
        out.push(part);
    }
    out
}

/// Whether `text` looks like a session file (rather than one fight's journal).
pub fn is_session(text: &str) -> bool {
    serde_json::from_str::<Header>(text).is_ok_and(|h| h.format == SESSION_FORMAT)
}

/// Reads a session written by [`SessionLog::to_json`]; each fight is read (and checked) as a
/// journal of its own.
pub fn from_json(text: &str) -> Result<SessionLog, SessionError> {
    let header: Header =
        serde_json::from_str(text).map_err(|e| SessionError::NotASession(e.to_string()))?;
    if header.format != SESSION_FORMAT || !(1..=SESSION_VERSION).contains(&header.version) {
        return Err(SessionError::NotASession(format!(
            "format {} version {} (this Fray reads {SESSION_FORMAT} versions 1 to {SESSION_VERSION})",
            header.format, header.version
        )));
    }
    #[derive(Deserialize)]
    struct Raw {
        name: String,
        #[serde(default)]
        date: String,
        parts: Vec<serde_json::Value>,
    }
    let raw: Raw =
        serde_json::from_str(text).map_err(|e| SessionError::NotASession(e.to_string()))?;
    let mut parts = Vec::with_capacity(raw.parts.len());
    for (i, value) in raw.parts.into_iter().enumerate() {
        let bad = |error: String| SessionError::Part { part: i + 1, error };
        let part = match value.get("fight") {
            // A fight goes through the journal's own reader and checks.
            Some(fight) => {
                let doc = crate::journal::from_json(&fight.to_string())
                    .map_err(|e| bad(e.to_string()))?;
                Part::Fight(Box::new(doc))
            }
            None => serde_json::from_value(value).map_err(|e| bad(e.to_string()))?,
        };
        parts.push(part);
    }
    Ok(SessionLog { name: raw.name, date: raw.date, parts, version: header.version })
}
