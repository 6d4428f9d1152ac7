//! From script text to [`Script`]: header, steps, dice plans, expectations. Names stay names
//! here; they are looked up when the step runs, against the state at that point.

mod action;
mod cursor;
mod expect;
mod space;

pub(crate) use action::{Action, HarmTargets, TimedBy};
pub(crate) use cursor::{Cursor, Placement};
pub(crate) use expect::Expect;

use super::ScenarioError;
use super::lex::{Token, tokenize};
use crate::dice::DieChoice;
use crate::ids::SystemId;
use action::action;
use expect::expect;

/// A parsed scenario: the encounter to start from and the steps to run on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// The file name used in messages ("crypt.fray").
    pub file: String,
    /// The rule system's id (`system` line; `freeform` by default).
    pub system: SystemId,
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
    // A script without a `system` line is freeform's (the language's default, refused by
    // name like any other when the registry has no such procedure).
    let freeform = SystemId::parse("freeform").map_err(|e| ScenarioError {
        file: file.to_owned(),
        line: 1,
        message: e.to_string(),
    })?;
    let mut script = Script {
        file: file.to_owned(),
        system: freeform,
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
        let kind = step(script.system, &tokens).map_err(fail)?;
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
            script.system = SystemId::parse(&id).map_err(|e| e.to_string())?;
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

fn step(system_id: SystemId, tokens: &[Token]) -> Result<StepKind, String> {
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
            if system_id.system().script_verbs().contains(&verb.as_str()) {
                let args = tokens[1..split].iter().map(|t| t.text.clone()).collect();
                return Ok(StepKind::Do { action: Action::System { verb, args }, dice });
            }
            let action = action(&verb, &mut c)?;
            c.end()?;
            Ok(StepKind::Do { action, dice })
        }
    }
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
