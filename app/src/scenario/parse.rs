//! From script text to [`Script`]: header, steps, dice plans, expectations. Names stay names
//! here; they are looked up when the step runs, against the state at that point.

use super::ScenarioError;
use super::lex::{Token, tokenize};
use crate::dice::{Dice, DieChoice};
use crate::space::grid::{GridPos, WallKind};
use crate::space::sight::Cover;
use crate::system;

/// A parsed scenario: the encounter to start from and the steps to run on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// The file name used in messages ("crypt.fray").
    pub file: String,
    /// The rule system's id (`system` line; `freeform` by default).
    pub system: String,
    /// The encounter's name (`name` line; the file name without extension by default).
    pub name: String,
    /// The seed of the app's dice (`seed` line; 0 by default).
    pub seed: u64,
    /// The rules edition the fight plays by (`rules N` in the header; the current one when
    /// absent): a script written before a rule changed keeps the rules it was written for.
    pub rules: u32,
    /// The steps, in order.
    pub(crate) steps: Vec<Step>,
    /// The library's roll tables that `load-tables` copies in (the host gives them, see
    /// [`Script::with_tables`]; none by default).
    pub tables: Vec<crate::encounter::EncounterTable>,
}

impl Script {
    /// The same script with the library's roll tables for `load-tables` lines.
    pub fn with_tables(self, tables: Vec<crate::encounter::EncounterTable>) -> Script {
        Script { tables, ..self }
    }
}

/// One line that does something.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Step {
    /// 1-based line number in the script.
    pub line: usize,
    /// What it does.
    pub kind: StepKind,
}

/// What a step does.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum StepKind {
    /// Give the encounter a command, with dice typed in or rolled as planned.
    Do {
        /// The command, with names instead of ids.
        action: Action,
        /// How its rolls are made, in order; rolls past the plan are app rolls.
        dice: Vec<DieChoice>,
    },
    /// Take back this many commands.
    Undo(u32),
    /// Put back this many commands.
    Redo(u32),
    /// Check the state (or the previous command's refusal).
    Expect(Expect),
    /// A session line: between fights, or a fight's end (see `session.rs`).
    Session {
        /// What it does.
        line: super::session::SessionLine,
        /// How its rolls are made (a rest's).
        dice: Vec<DieChoice>,
    },
}

/// A command as the script names it. Each becomes one [`crate::Command`] when it runs,
/// except [`Action::Answer`], which becomes the chosen option's command.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Action {
    /// `side NAME [party] [colour #rrggbb]`
    Side { name: String, party: bool, colour: Option<String> },
    /// `zone NAME [capacity N] [at X Y] [size W H]`
    Zone { name: String, capacity: Option<u32>, at: Option<(f32, f32)>, size: Option<(f32, f32)> },
    /// `edit-zone ZONE [name NEW] [capacity N|none] [note TEXT]`
    EditZone {
        zone: String,
        name: Option<String>,
        capacity: Option<Option<u32>>,
        note: Option<String>,
    },
    /// `place-zone ZONE [at X Y] [size W H]`
    PlaceZone { zone: String, at: Option<(f32, f32)>, size: Option<(f32, f32)> },
    /// `remove-zone ZONE`
    RemoveZone { zone: String },
    /// `connect A B`
    Connect { a: String, b: String },
    /// `disconnect A B`
    Disconnect { a: String, b: String },
    /// `add NAME side SIDE [zone Z | at X Y] [count N] [stat K=V...] [track K=V[/M]...]
    /// [condition C...] [source S] [block JSON]`
    Add {
        name: String,
        side: String,
        zone: Option<String>,
        at: Option<GridPos>,
        count: u32,
        stats: Vec<(String, i64)>,
        tracks: Vec<(String, i64, i64)>,
        conditions: Vec<String>,
        source: Option<String>,
        block: serde_json::Value,
    },
    /// `remove NAME`
    Remove { who: String },
    /// `rename OLD NEW`
    Rename { who: String, name: String },
    /// `change-side NAME SIDE`
    ChangeSide { who: String, side: String },
    /// `grid W H [feet F]`
    Grid { width: u16, height: u16, feet: u16 },
    /// `wall X1 Y1 X2 Y2 [door open|closed] [window] [clear]`
    Wall { from: (u16, u16), to: (u16, u16), kind: Option<WallKind> },
    /// `difficult X Y [W H] [clear]`
    Difficult { at: GridPos, width: u16, height: u16, on: bool },
    /// `place NAME at X Y` or `place NAME off`
    Place { who: String, at: Option<GridPos> },
    /// `step NAME to X Y`: along the cheapest way, within the allowance
    Step { who: String, to: GridPos },
    /// `size NAME N`
    Size { who: String, size: u8 },
    /// `map KEY W H [offset X Y]` or `map off`
    Map { map: Option<crate::space::grid::BattleMap> },
    /// `move NAME ZONE|off`
    Move { who: String, to: Option<String> },
    /// `set NAME STAT=V`
    SetStat { who: String, stat: String, value: i64 },
    /// `hp NAME =V`, `track NAME TRACK =V`
    SetTrack { who: String, track: String, value: i64 },
    /// `hp NAME -3`, `track NAME TRACK +2`
    AdjustTrack { who: String, track: String, delta: i64 },
    /// `max NAME TRACK N`
    SetTrackMax { who: String, track: String, max: i64 },
    /// `condition NAME +C`
    AddCondition { who: String, condition: String },
    /// `condition NAME +C for N rounds` / `until end of NAME` / `until start of NAME`
    AddTimedCondition { who: String, condition: String, until: TimedBy },
    /// `condition NAME -C`
    RemoveCondition { who: String, condition: String },
    /// `notes NAME TEXT`
    Notes { who: String, notes: String },
    /// `roll EXPR [LABEL] [by NAME] [secret]`
    Roll { dice: Dice, label: String, by: Option<String>, secret: bool },
    /// `harm EXPR LABEL [each] on NAME... | in ZONE | radius R at X Y`
    Harm { dice: Dice, label: String, each: bool, targets: HarmTargets },
    /// `show NAME revealed|anonymous|hidden|default`
    Show { who: String, shown: Option<crate::table_view::Shown> },
    /// `player-view KEY VALUE...`: one player-view setting changed.
    PlayerView { key: String, values: Vec<String> },
    /// `order A B C...`
    Order { names: Vec<String> },
    /// `delay NAME`
    Delay { who: String },
    /// `next`
    Next,
    /// `setting KEY VALUE`
    Setting { key: String, value: serde_json::Value },
    /// `say TEXT`
    Say { text: String },
    /// `load-tables`: the library's tables into the encounter.
    LoadTables,
    /// A verb of the encounter's system, with its words (see SCENARIOS.md).
    System { verb: String, args: Vec<String> },
    /// `answer PROMPT OPTION`
    Answer { prompt: String, option: String },
    /// `command JSON`: any command as Fray stores it, ids and all (what random play writes
    /// to reproduce a failure exactly).
    Raw(Box<crate::Command>),
}

/// How long a condition set by a script lasts, names unresolved.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TimedBy {
    /// `for N rounds`
    Rounds(u32),
    /// `until end of NAME`
    EndOf(String),
    /// `until start of NAME`
    StartOf(String),
}

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

/// What kind of thing a name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A combatant.
    Combatant,
    /// A zone.
    Zone,
    /// A side.
    Side,
}

impl Kind {
    /// The word for it in messages.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Kind::Combatant => "combatant",
            Kind::Zone => "zone",
            Kind::Side => "side",
        }
    }
}

/// Parses a whole script. `file` names it in messages; its stem is the default encounter name.
pub fn parse(file: &str, text: &str) -> Result<Script, ScenarioError> {
    let stem = file.rsplit(['/', '\\']).next().unwrap_or(file);
    let stem = stem.strip_suffix(".fray").unwrap_or(stem);
    let mut script = Script {
        file: file.to_owned(),
        system: "freeform".into(),
        name: if stem.is_empty() { "Scenario".into() } else { stem.to_owned() },
        seed: 0,
        rules: crate::encounter::RULES,
        steps: Vec::new(),
        tables: Vec::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let fail = |message: String| ScenarioError { file: file.to_owned(), line, message };
        let tokens = tokenize(raw).map_err(fail)?;
        let Some(first) = tokens.first() else { continue };
        if !first.quoted && ["system", "name", "seed", "rules"].iter().any(|h| first.is(h)) {
            header(&mut script, &tokens).map_err(fail)?;
            continue;
        }
        let kind = step(&script.system, &tokens).map_err(fail)?;
        script.steps.push(Step { line, kind });
    }
    Ok(script)
}

fn header(script: &mut Script, tokens: &[Token]) -> Result<(), String> {
    let mut c = Cursor::new(tokens);
    let word = c.word("a header")?.to_ascii_lowercase();
    if !script.steps.is_empty() {
        return Err(format!("'{word}' belongs in the header, before the first command"));
    }
    match word.as_str() {
        "system" => {
            let id = c.word("a system id")?;
            system::get(&id).map_err(|e| e.to_string())?;
            script.system = id;
        }
        "name" => script.name = c.word("the encounter's name")?,
        "rules" => {
            let edition: u32 = c.number("a rules edition")?;
            if edition > crate::encounter::RULES {
                return Err(format!(
                    "rules edition {edition} is newer than this build's ({})",
                    crate::encounter::RULES
                ));
            }
            script.rules = edition;
        }
        _ => script.seed = c.number("a seed")?,
    }
    c.end()
}

fn step(system_id: &str, tokens: &[Token]) -> Result<StepKind, String> {
    let mut c = Cursor::new(tokens);
    let verb = c.next().expect("a step has a first word");
    if verb.quoted {
        return Err(format!("'{}' is not a command (commands are not quoted)", verb.text));
    }
    let verb = verb.text.to_ascii_lowercase();
    match verb.as_str() {
        "undo" | "redo" => {
            let n = if c.done() { 1 } else { c.number("how many commands")? };
            c.end()?;
            if n == 0 {
                return Err(format!("{verb} 0 does nothing"));
            }
            Ok(if verb == "undo" { StepKind::Undo(n) } else { StepKind::Redo(n) })
        }
        "expect" if tokens.get(2).is_some_and(|t| t.is("carries")) => {
            let who = c.word("a character")?;
            c.next();
            let summary = c.word("the condition, e.g. \"HP 2/6 · Frail\"")?;
            c.end()?;
            let line = super::session::SessionLine::Carries { who, summary };
            Ok(StepKind::Session { line, dice: Vec::new() })
        }
        "expect" => {
            let e = expect(&mut c)?;
            c.end()?;
            Ok(StepKind::Expect(e))
        }
        // Free text runs to the end of the line: these never roll, so `table` is just a word.
        "say" => {
            Ok(StepKind::Do { action: Action::Say { text: c.rest("the text")? }, dice: Vec::new() })
        }
        "notes" => {
            let who = c.word("a combatant")?;
            let notes = if c.done() { String::new() } else { c.rest("the notes")? };
            Ok(StepKind::Do { action: Action::Notes { who, notes }, dice: Vec::new() })
        }
        "note" => {
            let line = super::session::SessionLine::Note { text: c.rest("the note")? };
            Ok(StepKind::Session { line, dice: Vec::new() })
        }
        _ => {
            let split =
                tokens.iter().position(|t| t.is("table") || t.is("app")).unwrap_or(tokens.len());
            let dice = plan(&tokens[split..])?;
            let mut c = Cursor::new(&tokens[..split]);
            c.next();
            // A line that starts with `table` or `app` has no verb before its dice.
            let words = tokens.get(1..split).unwrap_or_default();
            let args: Vec<&str> = words.iter().map(|t| t.text.as_str()).collect();
            if super::session::claims(system_id, &verb, &args) {
                let line = super::session::parse(&verb, &mut c)?;
                return Ok(StepKind::Session { line, dice });
            }
            // The system's own verbs (`declare`, `attack`...) are checked when the line runs,
            // against the names in the encounter at that point.
            let own =
                system::by_id(system_id).is_some_and(|s| s.script_verbs().contains(&verb.as_str()));
            if own {
                let args = tokens[1..split].iter().map(|t| t.text.clone()).collect();
                return Ok(StepKind::Do { action: Action::System { verb, args }, dice });
            }
            let action = action(&verb, &mut c)?;
            c.end()?;
            Ok(StepKind::Do { action, dice })
        }
    }
}

/// Whom a `harm` line reaches.
#[derive(Debug, Clone, PartialEq)]
pub enum HarmTargets {
    /// These combatants, by name.
    Names(Vec<String>),
    /// Everyone in a zone.
    Zone(String),
    /// Everyone within `r` squares of the grid's corner `(x, y)`.
    Radius {
        /// The corner.
        x: u16,
        /// The corner.
        y: u16,
        /// Squares.
        r: u16,
    },
}

/// `table 4 3 | app | 6`: one choice per `|`-separated part.
pub(super) fn plan(tokens: &[Token]) -> Result<Vec<DieChoice>, String> {
    let mut choices = Vec::new();
    if tokens.is_empty() {
        return Ok(choices);
    }
    for part in tokens.split(|t| t.is("|")) {
        let faces = match part.first() {
            None => return Err("empty dice between '|'s: write table FACES or app".into()),
            Some(t) if t.is("app") => {
                if let Some(extra) = part.get(1) {
                    return Err(format!("unexpected '{}' after app", extra.text));
                }
                choices.push(DieChoice::App);
                continue;
            }
            Some(t) if t.is("table") => &part[1..],
            Some(_) => part,
        };
        if faces.is_empty() {
            return Err("table needs the faces rolled, e.g. table 4 3".into());
        }
        let faces = faces
            .iter()
            .map(|t| {
                t.text.parse::<u32>().map_err(|_| format!("expected a die face, got '{}'", t.text))
            })
            .collect::<Result<Vec<_>, _>>()?;
        choices.push(DieChoice::Table(faces));
    }
    Ok(choices)
}

fn action(verb: &str, c: &mut Cursor) -> Result<Action, String> {
    Ok(match verb {
        "side" => {
            let name = c.word("the side's name")?;
            let mut party = false;
            let mut colour = None;
            while let Some(t) = c.next() {
                if t.is("party") {
                    party = true;
                } else if t.is("colour") || t.is("color") {
                    colour = Some(c.word("a colour like #3366cc")?);
                } else {
                    return Err(format!(
                        "unexpected '{}': side takes party and colour #rrggbb",
                        t.text
                    ));
                }
            }
            Action::Side { name, party, colour }
        }
        "zone" => {
            let name = c.word("the zone's name")?;
            let (mut capacity, mut at, mut size) = (None, None, None);
            while let Some(t) = c.next() {
                if t.is("capacity") {
                    capacity = Some(c.number("a capacity")?);
                } else if t.is("at") {
                    at = Some((c.float("x")?, c.float("y")?));
                } else if t.is("size") {
                    size = Some((c.float("a width")?, c.float("a height")?));
                } else {
                    return Err(format!(
                        "unexpected '{}': zone takes capacity, at and size",
                        t.text
                    ));
                }
            }
            Action::Zone { name, capacity, at, size }
        }
        "edit-zone" => {
            let zone = c.word("a zone")?;
            let (mut name, mut capacity, mut note) = (None, None, None);
            while let Some(t) = c.next() {
                if t.is("name") {
                    name = Some(c.word("the new name")?);
                } else if t.is("capacity") {
                    capacity = Some(if c.peek_is("none") {
                        c.next();
                        None
                    } else {
                        Some(c.number("a capacity or none")?)
                    });
                } else if t.is("note") {
                    note = Some(c.word("the note (quote it)")?);
                } else {
                    return Err(format!(
                        "unexpected '{}': edit-zone takes name, capacity and note",
                        t.text
                    ));
                }
            }
            Action::EditZone { zone, name, capacity, note }
        }
        "place-zone" => {
            let zone = c.word("a zone")?;
            let (mut at, mut size) = (None, None);
            while let Some(t) = c.next() {
                if t.is("at") {
                    at = Some((c.float("x")?, c.float("y")?));
                } else if t.is("size") {
                    size = Some((c.float("a width")?, c.float("a height")?));
                } else {
                    return Err(format!("unexpected '{}': place-zone takes at and size", t.text));
                }
            }
            if at.is_none() && size.is_none() {
                return Err("place-zone needs at X Y, size W H or both".into());
            }
            Action::PlaceZone { zone, at, size }
        }
        "remove-zone" => Action::RemoveZone { zone: c.word("a zone")? },
        "connect" => Action::Connect { a: c.word("a zone")?, b: c.word("a second zone")? },
        "disconnect" => Action::Disconnect { a: c.word("a zone")?, b: c.word("a second zone")? },
        "add" => add(c)?,
        "remove" => Action::Remove { who: c.word("a combatant")? },
        "rename" => Action::Rename { who: c.word("a combatant")?, name: c.word("the new name")? },
        "change-side" => {
            Action::ChangeSide { who: c.word("a combatant")?, side: c.word("a side")? }
        }
        "grid" => {
            let width = c.number("a width in squares")?;
            let height = c.number("a height in squares")?;
            let feet = if c.peek_is("feet") {
                c.next();
                c.number("feet a square")?
            } else {
                5
            };
            Action::Grid { width, height, feet }
        }
        "wall" => {
            let from = (c.number("x of one end")?, c.number("y of one end")?);
            let to = (c.number("x of the other end")?, c.number("y of the other end")?);
            let mut kind = Some(WallKind::Wall);
            while let Some(t) = c.next() {
                if t.is("door") {
                    let open = c.next().ok_or("door open or door closed")?;
                    kind = Some(WallKind::Door { open: open.is("open") });
                    if !open.is("open") && !open.is("closed") {
                        return Err(format!(
                            "expected open or closed after door, got '{}'",
                            open.text
                        ));
                    }
                } else if t.is("window") {
                    kind = Some(WallKind::Window);
                } else if t.is("clear") {
                    kind = None;
                } else {
                    return Err(format!(
                        "unexpected '{}': wall takes door open|closed, window or clear",
                        t.text
                    ));
                }
            }
            Action::Wall { from, to, kind }
        }
        "difficult" => {
            let at = GridPos { x: c.number("x")?, y: c.number("y")? };
            let (mut width, mut height, mut on) = (1, 1, true);
            while let Some(t) = c.next() {
                if t.is("clear") {
                    on = false;
                } else {
                    width = t
                        .text
                        .parse()
                        .map_err(|_| format!("expected a width, got '{}'", t.text))?;
                    height = c.number("a height")?;
                }
            }
            Action::Difficult { at, width, height, on }
        }
        "place" => {
            let who = c.word("a combatant")?;
            let at = match c.next() {
                Some(t) if t.is("off") => None,
                Some(t) if t.is("at") => Some(GridPos { x: c.number("x")?, y: c.number("y")? }),
                _ => return Err("expected at X Y or off".into()),
            };
            Action::Place { who, at }
        }
        "step" => {
            let who = c.word("a combatant")?;
            if !c.next().is_some_and(|t| t.is("to")) {
                return Err("expected to X Y".into());
            }
            Action::Step { who, to: GridPos { x: c.number("x")?, y: c.number("y")? } }
        }
        "size" => {
            Action::Size { who: c.word("a combatant")?, size: c.number("a size in squares")? }
        }
        "map" => {
            let key = c.word("a map's key, or off")?;
            if key == "off" {
                Action::Map { map: None }
            } else {
                let width_squares = c.float("squares across")?;
                let height_squares = c.float("squares down")?;
                let (mut offset_x, mut offset_y) = (0.0, 0.0);
                if c.peek_is("offset") {
                    c.next();
                    (offset_x, offset_y) = (c.float("x")?, c.float("y")?);
                }
                let map = crate::space::grid::BattleMap {
                    image: key,
                    width_squares,
                    height_squares,
                    offset_x,
                    offset_y,
                };
                Action::Map { map: Some(map) }
            }
        }
        "move" => {
            let who = c.word("a combatant")?;
            let to = c.next().ok_or("expected a zone or off")?;
            Action::Move { who, to: if to.is("off") { None } else { Some(to.text.clone()) } }
        }
        "set" => {
            let who = c.word("a combatant")?;
            let (stat, value) = c.pair("STAT=VALUE, e.g. str=14")?;
            Action::SetStat { who, stat, value: int(&value)? }
        }
        "hp" => {
            let who = c.word("a combatant")?;
            change_track(who, "hp".into(), c)?
        }
        "track" => {
            let who = c.word("a combatant")?;
            let track = c.word("a track name")?;
            change_track(who, track, c)?
        }
        "max" => Action::SetTrackMax {
            who: c.word("a combatant")?,
            track: c.word("a track name")?,
            max: int(&c.word("the new maximum")?)?,
        },
        "condition" => {
            let who = c.word("a combatant")?;
            let t = c.word("+CONDITION or -CONDITION")?;
            let (sign, rest) = t.split_at(t.chars().next().map_or(0, char::len_utf8));
            let condition = if rest.is_empty() {
                c.word("the condition after the sign")?
            } else {
                rest.to_owned()
            };
            match sign {
                "+" if c.peek_is("for") || c.peek_is("until") => {
                    let until = if c.peek_is("for") {
                        c.next();
                        let n = c.number("how many rounds")?;
                        let unit = c.word("rounds")?;
                        if !unit.eq_ignore_ascii_case("rounds")
                            && !unit.eq_ignore_ascii_case("round")
                        {
                            return Err(format!("expected rounds, got '{unit}'"));
                        }
                        TimedBy::Rounds(n)
                    } else {
                        c.next();
                        let edge = c.word("end or start")?.to_ascii_lowercase();
                        if !c.next().is_some_and(|t| t.is("of")) {
                            return Err("expected 'of' and whose turn: until end of NAME".into());
                        }
                        let whose = c.word("whose turn")?;
                        match edge.as_str() {
                            "end" => TimedBy::EndOf(whose),
                            "start" => TimedBy::StartOf(whose),
                            other => return Err(format!("expected end or start, got '{other}'")),
                        }
                    };
                    Action::AddTimedCondition { who, condition, until }
                }
                "+" => Action::AddCondition { who, condition },
                "-" => Action::RemoveCondition { who, condition },
                _ => {
                    return Err(format!(
                        "expected +{t} or -{t}: the sign says whether to add or remove it"
                    ));
                }
            }
        }
        "roll" => {
            let expr = c.word("a dice expression like 2d6+1")?;
            let dice = Dice::parse(&expr).map_err(|e| format!("bad dice '{expr}': {e}"))?;
            let mut label = String::new();
            let mut by = None;
            let mut secret = false;
            while let Some(t) = c.next() {
                if t.is("by") {
                    by = Some(c.word("who rolls")?);
                } else if t.is("secret") {
                    secret = true;
                } else if label.is_empty() {
                    label = t.text.clone();
                } else {
                    return Err(format!("unexpected '{}': quote a label with spaces", t.text));
                }
            }
            Action::Roll { dice, label, by, secret }
        }
        "harm" => {
            let expr = c.word("a dice expression like 3d6")?;
            let dice = Dice::parse(&expr).map_err(|e| format!("bad dice '{expr}': {e}"))?;
            let label = c.word("what deals it, e.g. \"Fireball\"")?;
            let each = c.peek_is("each");
            if each {
                c.next();
            }
            let how = c.word("on NAME..., in ZONE or radius R at X Y")?;
            let targets = match how.to_ascii_lowercase().as_str() {
                "on" => {
                    let names: Vec<String> =
                        std::iter::from_fn(|| c.next().map(|t| t.text.clone())).collect();
                    if names.is_empty() {
                        return Err("harm ... on needs at least one name".into());
                    }
                    HarmTargets::Names(names)
                }
                "in" => HarmTargets::Zone(c.word("a zone")?),
                "radius" => {
                    let r = c.number("the radius in squares")?;
                    if !c.next().is_some_and(|t| t.is("at")) {
                        return Err("harm ... radius R at X Y".into());
                    }
                    HarmTargets::Radius { x: c.number("x")?, y: c.number("y")?, r }
                }
                other => return Err(format!("expected on, in or radius, got '{other}'")),
            };
            Action::Harm { dice, label, each, targets }
        }
        "show" => {
            let who = c.word("who")?;
            let word = c.word("revealed, anonymous, hidden or default")?;
            let shown = match word.as_str() {
                "default" => None,
                w => Some(crate::table_view::Shown::from_word(w).ok_or_else(|| {
                    format!("expected revealed, anonymous, hidden or default, got '{w}'")
                })?),
            };
            Action::Show { who, shown }
        }
        "player-view" => {
            let key = c.word("a player-view setting")?;
            let values: Vec<String> =
                std::iter::from_fn(|| c.next().map(|t| t.text.clone())).collect();
            Action::PlayerView { key, values }
        }
        "order" => {
            let names: Vec<String> =
                std::iter::from_fn(|| c.next().map(|t| t.text.clone())).collect();
            if names.is_empty() {
                return Err("order needs the combatants, first to act first".into());
            }
            Action::Order { names }
        }
        "next" => Action::Next,
        "load-tables" => Action::LoadTables,
        "delay" => Action::Delay { who: c.word("who delays")? },
        "setting" => {
            let key = c.word("a setting key")?;
            Action::Setting { key, value: json(&c.word("a value (true, 3, \"text\", null)")?) }
        }
        "command" => {
            let text = c.word("a command as JSON")?;
            let command = serde_json::from_str(&text)
                .map_err(|e| format!("that is not a command Fray knows: {e}"))?;
            Action::Raw(Box::new(command))
        }
        "answer" => Action::Answer {
            prompt: c.word("a prompt id or title")?,
            option: c.word("an option label")?,
        },
        other => return Err(format!("unknown command '{other}' (see SCENARIOS.md)")),
    })
}

fn change_track(who: String, track: String, c: &mut Cursor) -> Result<Action, String> {
    let amount = c.word("-N to damage, +N to heal or =N to set")?;
    let amount =
        if amount == "=" { format!("={}", c.word("the value after '='")?) } else { amount };
    if let Some(value) = amount.strip_prefix('=') {
        return Ok(Action::SetTrack { who, track, value: int(value)? });
    }
    if amount.starts_with(['+', '-']) {
        return Ok(Action::AdjustTrack { who, track, delta: int(amount.trim_start_matches('+'))? });
    }
    Err(format!("expected -{amount}, +{amount} or ={amount}: damage, heal or set"))
}

fn add(c: &mut Cursor) -> Result<Action, String> {
    const KEYS: [&str; 8] = ["side", "zone", "at", "count", "stat", "track", "condition", "source"];
    let name = c.word("the combatant's name")?;
    let mut side = None;
    let mut zone = None;
    let mut at = None;
    let mut count = 1;
    let mut stats = Vec::new();
    let mut tracks = Vec::new();
    let mut conditions = Vec::new();
    let mut source = None;
    let mut block = serde_json::Value::Null;
    while let Some(t) = c.next() {
        if t.is("side") {
            side = Some(c.word("a side")?);
        } else if t.is("zone") {
            zone = Some(c.word("a zone")?);
        } else if t.is("at") {
            at = Some(GridPos { x: c.number("x")?, y: c.number("y")? });
        } else if t.is("count") {
            count = c.number("how many")?;
        } else if t.is("stat") {
            stats.push(pair_value(c.pair("STAT=VALUE, e.g. str=12")?)?);
            while c.peek().is_some_and(|t| t.text.contains('=') && !KEYS.iter().any(|k| t.is(k))) {
                stats.push(pair_value(c.pair("STAT=VALUE")?)?);
            }
        } else if t.is("track") {
            tracks.push(track(c.pair("TRACK=VALUE or TRACK=VALUE/MAX, e.g. hp=7/7")?)?);
            while c.peek().is_some_and(|t| t.text.contains('=') && !KEYS.iter().any(|k| t.is(k))) {
                tracks.push(track(c.pair("TRACK=VALUE/MAX")?)?);
            }
        } else if t.is("condition") {
            conditions.push(c.word("a condition")?);
            while c.peek().is_some_and(|t| !KEYS.iter().any(|k| t.is(k)) && !t.is("block")) {
                conditions.push(c.word("a condition")?);
            }
        } else if t.is("source") {
            source = Some(c.word("the library entry")?);
        } else if t.is("block") {
            let text = c.word("the stat block as JSON (quote it)")?;
            block =
                serde_json::from_str(&text).map_err(|e| format!("the block is not JSON: {e}"))?;
        } else {
            return Err(format!(
                "unexpected '{}': add takes side, zone, at, count, stat, track, condition, source and block",
                t.text
            ));
        }
    }
    let side = side.ok_or("add needs a side: add NAME side SIDE")?;
    Ok(Action::Add { name, side, zone, at, count, stats, tracks, conditions, source, block })
}

fn pair_value((key, value): (String, String)) -> Result<(String, i64), String> {
    Ok((key, int(&value)?))
}

/// `hp=7` (full) or `hp=3/7`.
fn track((name, value): (String, String)) -> Result<(String, i64, i64), String> {
    match value.split_once('/') {
        Some((v, m)) => Ok((name, int(v)?, int(m)?)),
        None => {
            let v = int(&value)?;
            Ok((name, v, v))
        }
    }
}

fn expect(c: &mut Cursor) -> Result<Expect, String> {
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
        "zone" => {
            let zone = c.word("a zone")?;
            let what = c.word("holds, capacity or note")?.to_ascii_lowercase();
            match what.as_str() {
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
                    return Err(format!(
                        "expected holds, capacity or note after the zone, got '{what}'"
                    ));
                }
            }
        }
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
        _ => {
            let who = first.text;
            let what = c
                .next()
                .ok_or_else(|| format!("expect {who} what? e.g. hp 3, in Hall, is prone"))?
                .clone();
            let word = if what.quoted { String::new() } else { what.text.to_ascii_lowercase() };
            match word.as_str() {
                "in" => {
                    let zone = c.next().ok_or("expected a zone or off")?;
                    Expect::In {
                        who,
                        zone: if zone.is("off") { None } else { Some(zone.text.clone()) },
                    }
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
                            return Err(format!(
                                "expected none, half, full or hidden, got '{other}'"
                            ));
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
                "is" | "not" => Expect::Condition {
                    who,
                    condition: c.word("a condition")?,
                    present: word == "is",
                },
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
            }
        }
    })
}

/// A JSON value, or the word itself as a string when it is not JSON (`setting mode fast`).
fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|_| serde_json::Value::String(text.to_owned()))
}

fn int(text: &str) -> Result<i64, String> {
    text.parse().map_err(|_| format!("expected a whole number, got '{text}'"))
}

/// Walks the words of one line.
pub(super) struct Cursor<'a> {
    tokens: &'a [Token],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(tokens: &'a [Token]) -> Self {
        Self { tokens, pos: 0 }
    }

    pub(super) fn next(&mut self) -> Option<&'a Token> {
        let t = self.tokens.get(self.pos)?;
        self.pos += 1;
        Some(t)
    }

    pub(super) fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.pos)
    }

    pub(super) fn peek_is(&self, keyword: &str) -> bool {
        self.peek().is_some_and(|t| t.is(keyword))
    }

    pub(super) fn done(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    /// The next word, or an error saying what was expected.
    pub(super) fn word(&mut self, what: &str) -> Result<String, String> {
        match self.next() {
            Some(t) if t.is("|") => Err(format!("expected {what}, got '|'")),
            Some(t) => Ok(t.text.clone()),
            None => Err(format!("expected {what}")),
        }
    }

    /// The rest of the line as one text.
    pub(super) fn rest(&mut self, what: &str) -> Result<String, String> {
        let words: Vec<&str> =
            std::iter::from_fn(|| self.next()).map(|t| t.text.as_str()).collect();
        if words.is_empty() {
            return Err(format!("expected {what}"));
        }
        Ok(words.join(" "))
    }

    pub(super) fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let word = self.word(what)?;
        word.parse().map_err(|_| format!("expected {what}, got '{word}'"))
    }

    pub(super) fn float(&mut self, what: &str) -> Result<f32, String> {
        let word = self.word(what)?;
        match word.parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(format!("expected a number for {what}, got '{word}'")),
        }
    }

    /// `key=value`, or `key value` as two words.
    pub(super) fn pair(&mut self, what: &str) -> Result<(String, String), String> {
        let word = self.word(what)?;
        match word.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k.to_owned(), v.to_owned())),
            Some(_) => Err(format!("expected {what}, got '{word}'")),
            None => Ok((word, self.word(&format!("a value after {what}"))?)),
        }
    }

    pub(super) fn end(&self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(format!("unexpected '{}' at the end of the line", t.text)),
        }
    }
}
