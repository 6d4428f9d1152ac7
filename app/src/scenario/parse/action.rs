//! The commands a script line names (`add`, `hp`, `roll`, `harm`...) and their words; the
//! zones and the grid are `space.rs`.

use super::Cursor;
use super::Placement;
use super::cursor::{int, json};
use crate::dice::Dice;
use crate::space::grid::{GridPos, WallKind};

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

/// One command line's words, after its verb.
// dispatch: one arm a verb; a verb with more than a few words has its function below.
pub(super) fn action(verb: &str, c: &mut Cursor) -> Result<Action, String> {
    if let Some(action) = super::space::action(verb, c)? {
        return Ok(action);
    }
    Ok(match verb {
        "side" => side(c)?,
        "add" => add(c)?,
        "remove" => Action::Remove { who: c.word("a combatant")? },
        "rename" => Action::Rename { who: c.word("a combatant")?, name: c.word("the new name")? },
        "change-side" => {
            Action::ChangeSide { who: c.word("a combatant")?, side: c.word("a side")? }
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
        "condition" => condition(c)?,
        "roll" => roll(c)?,
        "harm" => harm(c)?,
        "show" => show(c)?,
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

/// `side NAME [party] [colour #rrggbb]`
fn side(c: &mut Cursor) -> Result<Action, String> {
    let name = c.word("the side's name")?;
    let mut party = false;
    let mut colour = None;
    while let Some(t) = c.next() {
        if t.is("party") {
            party = true;
        } else if t.is("colour") || t.is("color") {
            colour = Some(c.word("a colour like #3366cc")?);
        } else {
            return Err(format!("unexpected '{}': side takes party and colour #rrggbb", t.text));
        }
    }
    Ok(Action::Side { name, party, colour })
}

/// `condition WHO +C [for N rounds | until end|start of NAME]` or `-C`
fn condition(c: &mut Cursor) -> Result<Action, String> {
    let who = c.word("a combatant")?;
    let t = c.word("+CONDITION or -CONDITION")?;
    let (sign, rest) = t.split_at(t.chars().next().map_or(0, char::len_utf8));
    let condition =
        if rest.is_empty() { c.word("the condition after the sign")? } else { rest.to_owned() };
    Ok(match sign {
        "+" if c.peek_is("for") || c.peek_is("until") => {
            let until = until(c)?;
            Action::AddTimedCondition { who, condition, until }
        }
        "+" => Action::AddCondition { who, condition },
        "-" => Action::RemoveCondition { who, condition },
        _ => {
            return Err(format!(
                "expected +{t} or -{t}: the sign says whether to add or remove it"
            ));
        }
    })
}

/// How long a timed condition lasts: `for N rounds` or `until end|start of NAME`.
fn until(c: &mut Cursor) -> Result<TimedBy, String> {
    Ok(if c.peek_is("for") {
        c.next();
        let n = c.number("how many rounds")?;
        let unit = c.word("rounds")?;
        if !unit.eq_ignore_ascii_case("rounds") && !unit.eq_ignore_ascii_case("round") {
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
    })
}

/// `roll DICE [LABEL] [by WHO] [secret]`
fn roll(c: &mut Cursor) -> Result<Action, String> {
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
    Ok(Action::Roll { dice, label, by, secret })
}

/// `harm DICE LABEL [each] on NAME... | in ZONE | radius R at X Y`
fn harm(c: &mut Cursor) -> Result<Action, String> {
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
    Ok(Action::Harm { dice, label, each, targets })
}

/// `show WHO revealed|anonymous|hidden|default`
fn show(c: &mut Cursor) -> Result<Action, String> {
    let who = c.word("who")?;
    let word = c.word("revealed, anonymous, hidden or default")?;
    let shown = match word.as_str() {
        "default" => None,
        w => Some(crate::table_view::Shown::from_word(w).ok_or_else(|| {
            format!("expected revealed, anonymous, hidden or default, got '{w}'")
        })?),
    };
    Ok(Action::Show { who, shown })
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
    let mut place = Placement::default();
    let mut count = 1;
    let mut stats = Vec::new();
    let mut tracks = Vec::new();
    let mut conditions = Vec::new();
    let mut source = None;
    let mut block = serde_json::Value::Null;
    while let Some(t) = c.next() {
        if place.read(t, c)? {
            continue;
        }
        if t.is("count") {
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
    let Placement { side, zone, at } = place;
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
