//! `expect` lines: what a script checks in the state after the steps before it.

use super::cursor::{int, json};
use super::{Cursor, Kind};
use crate::space::grid::GridPos;
use crate::space::sight::Cover;

/// A check on the state after the steps before it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expect {
    /// `expect NAME at X Y` (or `at off`): where it stands on the grid.
    At { who: String, at: Option<GridPos> },
    /// `expect NAME cover from OTHER none|half|full|hidden`
    Cover { who: String, from: String, cover: Cover },
    /// `expect NAME sees OTHER` / `expect NAME not sees OTHER`
    Sees { who: String, other: String, sees: bool },
    /// `expect NAME distance OTHER N`: feet on a grid, zone steps on zones.
    Distance { who: String, other: String, distance: u32 },
    /// `expect error [TEXT]`: the previous command was refused (with TEXT in the reason).
    Error(Option<String>),
    /// `expect round N`
    Round(u32),
    /// `expect phase ID`
    Phase(String),
    /// `expect turn NAME|none`
    Turn(Option<String>),
    /// `expect order A B C...`
    Order(Vec<String>),
    /// `expect roll TOTAL [faces F...]`: the last roll in effect.
    Roll { total: i64, faces: Option<Vec<u32>> },
    /// `expect setting KEY VALUE`
    Setting { key: String, value: serde_json::Value },
    /// `expect table-view has TEXT` / `expect table-view lacks TEXT`: what the player window
    /// is given, as JSON, holds TEXT or not.
    TableView { text: String, has: bool },
    /// `expect prompt PROMPT`: a prompt (by id or title) is open.
    Prompt(String),
    /// `expect no prompt PROMPT`: no such prompt is open.
    NoPrompt(String),
    /// `expect option PROMPT OPTION enabled|disabled [REASON]`
    Option { prompt: String, option: String, enabled: bool, reason: Option<String> },
    /// `expect connected A B` / `expect disconnected A B`
    Connected { a: String, b: String, connected: bool },
    /// `expect zone Z holds N`
    ZoneHolds { zone: String, count: usize },
    /// `expect zone Z capacity N|none`
    ZoneCapacity { zone: String, capacity: Option<u32> },
    /// `expect zone Z note TEXT`
    ZoneNote { zone: String, note: String },
    /// `expect no NAME`, `expect no zone Z`, `expect no side S`
    Absent { what: Kind, name: String },
    /// `expect commands N`: commands in effect (undo moves this).
    Commands(usize),
    /// `expect NAME in ZONE|off`
    In { who: String, zone: Option<String> },
    /// `expect NAME is C` / `expect NAME not C`
    Condition { who: String, condition: String, present: bool },
    /// `expect NAME side SIDE`
    Side { who: String, side: String },
    /// `expect NAME notes TEXT`
    Notes { who: String, notes: String },
    /// `expect NAME KEY V[/M]`: a track (value and maybe max) or else a stat.
    Value { who: String, key: String, value: i64, max: Option<i64> },
}

pub(super) fn expect(c: &mut Cursor) -> Result<Expect, String> {
    let first = c.next().ok_or("expect what? (see SCENARIOS.md)")?.clone();
    let key = if first.quoted { String::new() } else { first.text.to_ascii_lowercase() };
    Ok(match key.as_str() {
        "error" => Expect::Error(if c.done() { None } else { Some(c.word("the reason")?) }),
        "round" => Expect::Round(c.number("a round number")?),
        "phase" => Expect::Phase(c.word("a phase id")?),
        "turn" => {
            let who = c.next().ok_or("expected a combatant or none")?;
            Expect::Turn(if who.is("none") { None } else { Some(who.text.clone()) })
        }
        "order" => Expect::Order(std::iter::from_fn(|| c.next().map(|t| t.text.clone())).collect()),
        "roll" => {
            let total = int(&c.word("the total")?)?;
            let faces = if c.peek_is("faces") {
                c.next();
                let faces: Result<Vec<u32>, String> = std::iter::from_fn(|| c.next())
                    .map(|t| {
                        t.text.parse().map_err(|_| format!("expected a die face, got '{}'", t.text))
                    })
                    .collect();
                Some(faces?)
            } else {
                None
            };
            Expect::Roll { total, faces }
        }
        "setting" => {
            let key = c.word("a setting key")?;
            Expect::Setting { key, value: json(&c.word("a value")?) }
        }
        "table-view" => {
            let how = c.word("has or lacks")?;
            let has = match how.as_str() {
                "has" => true,
                "lacks" => false,
                _ => return Err(format!("expected has or lacks, got '{how}'")),
            };
            Expect::TableView { text: c.word("the text")?, has }
        }
        "prompt" => Expect::Prompt(c.word("a prompt id or title")?),
        "option" => {
            let prompt = c.word("a prompt id or title")?;
            let option = c.word("an option label")?;
            let state = c.word("enabled or disabled")?;
            let enabled = match state.to_ascii_lowercase().as_str() {
                "enabled" => true,
                "disabled" => false,
                _ => return Err(format!("expected enabled or disabled, got '{state}'")),
            };
            let reason = if c.done() { None } else { Some(c.word("the reason")?) };
            Expect::Option { prompt, option, enabled, reason }
        }
        "connected" | "disconnected" => Expect::Connected {
            a: c.word("a zone")?,
            b: c.word("a second zone")?,
            connected: key == "connected",
        },
        "zone" => about_zone(c)?,
        "no" if c.peek_is("prompt") => {
            c.next();
            Expect::NoPrompt(c.word("a prompt id or title")?)
        }
        "no" => {
            let what = if c.peek_is("zone") {
                Kind::Zone
            } else if c.peek_is("side") {
                Kind::Side
            } else {
                Kind::Combatant
            };
            if what != Kind::Combatant {
                c.next();
            }
            Expect::Absent { what, name: c.word(&format!("a {} name", what.word()))? }
        }
        "commands" => Expect::Commands(c.number("a number of commands")?),
        _ => about(first.text, c)?,
    })
}

/// `expect NAME …`: what the script expects of one combatant (`who`).
fn about(who: String, c: &mut Cursor) -> Result<Expect, String> {
    let what =
        c.next().ok_or_else(|| format!("expect {who} what? e.g. hp 3, in Hall, is prone"))?.clone();
    let word = if what.quoted { String::new() } else { what.text.to_ascii_lowercase() };
    Ok(match word.as_str() {
        "in" => {
            let zone = c.next().ok_or("expected a zone or off")?;
            Expect::In { who, zone: if zone.is("off") { None } else { Some(zone.text.clone()) } }
        }
        "at" => Expect::At {
            who,
            at: if c.peek_is("off") {
                c.next();
                None
            } else {
                Some(GridPos { x: c.number("x")?, y: c.number("y")? })
            },
        },
        "cover" => {
            if !c.next().is_some_and(|t| t.is("from")) {
                return Err("expected cover from OTHER none|half|full|hidden".into());
            }
            let from = c.word("who attacks")?;
            let word = c.word("none, half, full or hidden")?;
            let cover = match word.as_str() {
                "none" => Cover::None,
                "half" => Cover::Half,
                "full" => Cover::Full,
                "hidden" => Cover::Hidden,
                other => {
                    return Err(format!("expected none, half, full or hidden, got '{other}'"));
                }
            };
            Expect::Cover { who, from, cover }
        }
        "sees" => Expect::Sees { who, other: c.word("whom")?, sees: true },
        "not" if c.peek_is("sees") => {
            c.next();
            Expect::Sees { who, other: c.word("whom")?, sees: false }
        }
        "distance" => Expect::Distance {
            who,
            other: c.word("to whom")?,
            distance: c.number("feet or zone steps")?,
        },
        "is" | "not" => {
            Expect::Condition { who, condition: c.word("a condition")?, present: word == "is" }
        }
        "side" => Expect::Side { who, side: c.word("a side")? },
        "notes" => Expect::Notes { who, notes: c.word("the notes")? },
        _ => {
            let value = c.word(&format!("the expected {}", what.text))?;
            let (value, max) = match value.split_once('/') {
                Some((v, m)) => (int(v)?, Some(int(m)?)),
                None => (int(&value)?, None),
            };
            Expect::Value { who, key: what.text, value, max }
        }
    })
}

/// `expect zone ZONE holds|capacity|note …`.
fn about_zone(c: &mut Cursor) -> Result<Expect, String> {
    let zone = c.word("a zone")?;
    let what = c.word("holds, capacity or note")?.to_ascii_lowercase();
    Ok(match what.as_str() {
        "holds" => Expect::ZoneHolds { zone, count: c.number("how many")? },
        "capacity" => {
            let capacity = if c.peek_is("none") {
                c.next();
                None
            } else {
                Some(c.number("a capacity or none")?)
            };
            Expect::ZoneCapacity { zone, capacity }
        }
        "note" => Expect::ZoneNote { zone, note: c.word("the note")? },
        _ => {
            return Err(format!("expected holds, capacity or note after the zone, got '{what}'"));
        }
    })
}
