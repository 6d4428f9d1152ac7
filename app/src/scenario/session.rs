//! The session lines of a script: an evening of several fights and what happens between
//! them (`fight`, `enter`, `recurring`, `end-fight`, `rest`, `heal`, `cure`, `note`,
//! `expect NAME carries`). SCENARIOS.md documents them.
//!
//! The company lives in the run: a combatant of a party side (or one marked `recurring`)
//! joins it when its first fight ends, with the sheet it was added with, and carries its
//! condition into the next fight it `enter`s.

use super::parse::{Cursor, Placement};
use crate::campaign::aftermath::{recovery, with_healer};
use crate::campaign::company::Member;
use crate::campaign::end::Review;
use crate::campaign::session::{Part, SessionLog};
use crate::campaign::{CampaignStep, Company, Condition, FightRef, StepDice};
use crate::command::Command;
use crate::dice::DieChoice;
use crate::encounter::{Combatant, Encounter};
use crate::event::EventKind;
use crate::history::History;
use crate::journal::JournalDoc;
use crate::space::grid::GridPos;
use std::collections::BTreeSet;

/// The verbs of session lines.
pub(crate) const VERBS: &[&str] =
    &["fight", "enter", "recurring", "end-fight", "rest", "heal", "cure", "note"];

/// Whether a line is a session line: its verb is one, unless the procedure has a verb of the
/// same name (Sovereign's `heal HEALER TARGET`) and the words are not the session line's
/// (`heal NAME TRACK N` ends with a number).
pub(super) fn claims(system_id: crate::ids::SystemId, verb: &str, args: &[&str]) -> bool {
    if !VERBS.contains(&verb) {
        return false;
    }
    let own = system_id.system().script_verbs().contains(&verb);
    !own || (verb == "heal" && args.len() == 3 && args[2].parse::<i64>().is_ok())
}

/// A session line, with names as the script writes them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SessionLine {
    /// `fight NAME`: the next fight, on a new board.
    Fight { name: String },
    /// `enter NAME side SIDE [zone Z | at X Y]`: a member of the company, as it is now.
    Enter { who: String, side: String, zone: Option<String>, at: Option<GridPos> },
    /// `recurring NAME`: a foe that carries its condition like a character.
    Recurring { who: String },
    /// `end-fight [untick NAME WHAT]... [set NAME WHAT N]...`: the write-back.
    EndFight { untick: Vec<(String, String)>, set: Vec<(String, String, i64)> },
    /// `rest KIND [NAME...] [by HEALER]`: everyone, or the ones named; `by` names who tends
    /// them (a rest that needs a healer, Sovereign's first aid).
    Rest { kind: String, who: Vec<String>, by: Option<String> },
    /// `heal NAME TRACK N` (negative harms).
    Heal { who: String, track: String, amount: i64 },
    /// `cure NAME LABEL`: a lasting harm healed.
    Cure { who: String, label: String },
    /// `note TEXT`: the GM's note between fights.
    Note { text: String },
    /// `expect NAME carries TEXT`: the member's condition at a glance.
    Carries { who: String, summary: String },
}

/// Reads a session line after its verb.
pub(super) fn parse(verb: &str, c: &mut Cursor) -> Result<SessionLine, String> {
    let line = match verb {
        "fight" => SessionLine::Fight { name: c.word("the fight's name")? },
        "enter" => {
            let who = c.word("a character")?;
            let mut place = Placement::default();
            while let Some(t) = c.next() {
                if !place.read(t, c)? {
                    return Err(format!("unexpected '{}': enter takes side, zone and at", t.text));
                }
            }
            let Placement { side, zone, at } = place;
            let side = side.ok_or("enter needs a side: enter NAME side SIDE")?;
            SessionLine::Enter { who, side, zone, at }
        }
        "recurring" => SessionLine::Recurring { who: c.word("a combatant")? },
        "end-fight" => {
            let (mut untick, mut set) = (Vec::new(), Vec::new());
            while let Some(t) = c.next() {
                if t.is("untick") {
                    untick.push((c.word("a character")?, c.word("the line, e.g. hp")?));
                } else if t.is("set") {
                    let who = c.word("a character")?;
                    set.push((who, c.word("the line, e.g. hp")?, c.number("a number")?));
                } else {
                    return Err(format!("unexpected '{}': end-fight takes untick and set", t.text));
                }
            }
            SessionLine::EndFight { untick, set }
        }
        "rest" => {
            let kind = c.word("a kind of rest")?;
            let (mut who, mut by) = (Vec::new(), None);
            while let Some(t) = c.next() {
                if t.is("by") {
                    by = Some(c.word("who tends them")?);
                } else {
                    who.push(t.text.clone());
                }
            }
            SessionLine::Rest { kind, who, by }
        }
        "heal" => SessionLine::Heal {
            who: c.word("a character")?,
            track: c.word("a track")?,
            amount: c.number("how much")?,
        },
        "cure" => SessionLine::Cure { who: c.word("a character")?, label: c.word("the harm")? },
        "note" => SessionLine::Note { text: c.rest("the note")? },
        other => return Err(format!("'{other}' is not a session line")),
    };
    c.end()?;
    Ok(line)
}

/// The evening so far, as a script plays it.
#[derive(Debug, Default)]
pub struct Sitting {
    /// Everyone who carries a condition.
    pub company: Company,
    /// What happened before the fight in progress.
    pub parts: Vec<Part>,
    /// Names (lowercase) marked `recurring` in the fight in progress.
    recurring: BTreeSet<String>,
    /// The line of the `end-fight` that closed the fight in progress, if one did.
    pub ended: Option<usize>,
    /// Fights begun after the first.
    fights: u64,
    /// Rests rolled so far (each draws its own stream).
    rests: u64,
}

/// The company's key of a combatant: its library entry, else its name in the script.
fn key_of(c: &Combatant) -> String {
    crate::campaign::end::member_key(c)
}

/// The sheet a script's combatant was added with: its block, stats and tracks then.
fn sheet_of(history: &History, c: &Combatant) -> serde_json::Value {
    let added = history.events().iter().find_map(|e| match &e.kind {
        EventKind::CombatantAdded { combatant } if combatant.id == c.id => Some(combatant),
        _ => None,
    });
    let c = added.unwrap_or(c);
    let mut sheet = c.block.as_object().cloned().unwrap_or_default();
    let tracks: serde_json::Map<_, _> = c
        .tracks
        .iter()
        .map(|t| (t.name.clone(), serde_json::json!({"value": t.value, "max": t.max})))
        .collect();
    let stats: serde_json::Map<_, _> =
        c.stats.iter().map(|s| (s.name.clone(), s.value.into())).collect();
    sheet.insert("tracks".into(), tracks.into());
    sheet.insert("stats".into(), stats.into());
    sheet.into()
}

impl Sitting {
    /// The evening as a session journal, with the fight in progress last.
    pub fn log(&self, name: &str, current: &History) -> SessionLog {
        let mut parts = self.parts.clone();
        if self.ended.is_none() {
            parts.push(Part::Fight(Box::new(JournalDoc::from_history(current))));
        }
        SessionLog::new(name, String::new(), parts)
    }

    fn step(&mut self, step: CampaignStep) {
        self.company.apply(&step);
        self.parts.push(Part::Step(step));
    }

    fn key(&self, name: &str) -> Result<String, String> {
        self.company.named(name).map(str::to_owned).map_err(|e| e.to_string())
    }
}

/// What a session line asks of the run: done here, or a command for the fight.
pub(super) enum Outcome {
    /// Done.
    Done,
    /// Give the fight this command.
    Command(Command),
    /// Start a new fight on this board.
    StartOver(Box<Encounter>),
}

/// Carries out a session line. Refusals of the rules are `Err(Ok(..))` (a script may expect
/// them); mistakes of the script are `Err(Err(..))`.
pub(super) fn perform(
    sitting: &mut Sitting,
    history: &History,
    line: &SessionLine,
    plan: &[DieChoice],
    line_no: usize,
) -> Result<Outcome, Result<String, String>> {
    let enc = history.state();
    let refused = |e: crate::system::RuleError| Ok(e.to_string());
    match line {
        SessionLine::Fight { name } => fight(sitting, history, name),
        SessionLine::Enter { who, side, zone, at } => {
            enter(sitting, enc, who, side, zone.as_deref(), *at)
        }
        SessionLine::Recurring { who } => {
            enc.combatant_named(who).ok_or_else(|| Err(format!("no combatant named '{who}'")))?;
            sitting.recurring.insert(who.to_lowercase());
            Ok(Outcome::Done)
        }
        SessionLine::EndFight { untick, set } => end_fight(sitting, history, untick, set, line_no),
        SessionLine::Rest { kind, who, by } => {
            rest(sitting, history, kind, who, by.as_deref(), plan)
        }
        SessionLine::Heal { who, track, amount } => {
            let key = sitting.key(who).map_err(Err)?;
            let step = sitting.company.heal(&key, track, *amount).map_err(refused)?;
            sitting.step(step);
            Ok(Outcome::Done)
        }
        SessionLine::Cure { who, label } => {
            let key = sitting.key(who).map_err(Err)?;
            let step = sitting.company.cure(&key, label).map_err(refused)?;
            sitting.step(step);
            Ok(Outcome::Done)
        }
        SessionLine::Note { text } => {
            sitting.parts.push(Part::Note(text.clone()));
            Ok(Outcome::Done)
        }
        SessionLine::Carries { who, summary } => {
            let key = sitting.key(who).map_err(Err)?;
            let now = sitting.company.members[&key].summary();
            if !now.eq_ignore_ascii_case(summary) {
                return Err(Err(format!(
                    "expected {who} to carry \"{summary}\", but it carries \"{now}\""
                )));
            }
            Ok(Outcome::Done)
        }
    }
}

/// A `fight` line: the fight so far into the sitting, and a new one begun.
fn fight(
    sitting: &mut Sitting,
    history: &History,
    name: &str,
) -> Result<Outcome, Result<String, String>> {
    let enc = history.state();
    if sitting.ended.is_none() {
        sitting.parts.push(Part::Fight(Box::new(JournalDoc::from_history(history))));
    }
    sitting.ended = None;
    sitting.recurring.clear();
    sitting.fights += 1;
    let seed = history.base().seed.wrapping_add(sitting.fights);
    // The next fight of the sitting plays by the same rules edition as the script.
    let mut next = Encounter::new(enc.system(), name, seed);
    next.rules = history.base().rules;
    Ok(Outcome::StartOver(Box::new(next)))
}

/// An `enter` line: a character of the company joins the fight as it is now.
fn enter(
    sitting: &Sitting,
    enc: &Encounter,
    who: &str,
    side: &str,
    zone: Option<&str>,
    at: Option<GridPos>,
) -> Result<Outcome, Result<String, String>> {
    let key = sitting.key(who).map_err(Err)?;
    let side = enc.side_named(side).ok_or_else(|| Err(format!("no side named '{side}'")))?;
    let mut new = sitting
        .company
        .combatant(crate::campaign::aftermath::of(enc.system()), &key, side.id)
        .map_err(|e| Err(e.to_string()))?;
    if let Some(z) = zone {
        new.zone = Some(enc.zone_named(z).ok_or_else(|| Err(format!("no zone named '{z}'")))?.id);
    }
    new.square = at;
    Ok(Outcome::Command(Command::AddCombatant { combatant: Box::new(new), count: 1 }))
}

/// An `end-fight` line: the review of what lasts, with its unticks and numbers, as one step.
fn end_fight(
    sitting: &mut Sitting,
    history: &History,
    untick: &[(String, String)],
    set: &[(String, String, i64)],
    line_no: usize,
) -> Result<Outcome, Result<String, String>> {
    let enc = history.state();
    if let Some(at) = sitting.ended {
        return Err(Ok(format!("the fight is already over (end-fight on line {at})")));
    }
    // Who fought for the party, or was marked recurring, joins the company.
    for c in enc.combatants.values() {
        let joins = enc.is_party(c.id) || sitting.recurring.contains(&c.name.to_lowercase());
        let key = key_of(c);
        if joins && !sitting.company.members.contains_key(&key) {
            let sheet = sheet_of(history, c);
            let member = Member::new(enc.system_id(), &c.name, &sheet, Condition::default());
            sitting.company.members.insert(key, member);
        }
    }
    let mut review =
        Review::of_with(enc, &sitting.company, |c| Some(key_of(c))).at(FightRef::of(history));
    for (who, what) in untick {
        review.untick(who, what).map_err(Err)?;
    }
    for (who, what, n) in set {
        // A number past the sheet is the rules' refusal (`expect error` may follow); a
        // line that is not there is the script's mistake.
        review.line_exists(who, what).map_err(Err)?;
        review.set(who, what, *n).map_err(Ok)?;
    }
    sitting.parts.push(Part::Fight(Box::new(JournalDoc::from_history(history))));
    sitting.step(review.step());
    sitting.ended = Some(line_no);
    Ok(Outcome::Done)
}

/// A `rest` line: the rest for whom it names (everyone when no one), its dice planned.
fn rest(
    sitting: &mut Sitting,
    history: &History,
    kind: &str,
    who: &[String],
    by: Option<&str>,
    plan: &[DieChoice],
) -> Result<Outcome, Result<String, String>> {
    let enc = history.state();
    let refused = |e: crate::system::RuleError| Ok(e.to_string());
    let of = crate::campaign::aftermath::of(enc.system());
    let rest = recovery(of, kind).map_err(refused)?;
    let keys = who.iter().map(|w| sitting.key(w)).collect::<Result<Vec<_>, _>>().map_err(Err)?;
    let settings = match by {
        Some(healer) => {
            let m = &sitting.company.members[&sitting.key(healer).map_err(Err)?];
            with_healer(&enc.settings, &m.name, &m.sheet)
        }
        None => (*enc.settings).clone(),
    };
    sitting.rests += 1;
    // A stream of the fight's seed no command draws from.
    let origin = StepDice { seed: history.base().seed, stream: u64::MAX - sitting.rests };
    let step = sitting
        .company
        .rest_seeded(of, enc.system_id(), rest, &keys, &settings, origin, plan)
        .map_err(refused)?;
    let unused = plan.len().saturating_sub(step.rolls.len());
    if unused > 0 {
        return Err(Err(format!("{unused} planned roll(s) left unused by the rest")));
    }
    sitting.step(step);
    Ok(Outcome::Done)
}
