//! A session file that proves itself, as a fight's journal does: `fray replay` re-runs the
//! whole evening, not only its fights.
//!
//! - every fight replays through the rules ([`crate::journal::replay`]), is in the file once,
//!   and claims no older journal version than the one a session file is written in;
//! - every step's *before* is the condition the parts before it left (a member's first
//!   appearance is taken as the file gives it; a change another session made in between
//!   stands in the file as its own part, [`Happening::Elsewhere`]);
//! - every write-back is recomputed from its fight, where the fight stood when it was written
//!   back, and the GM's stored edits of the review;
//! - every rest is rolled again: its app dice drawn again from its seed and stream (dice typed
//!   at the table taken as typed), each roll's arithmetic checked, and the procedure's rest
//!   re-run on those dice; no two steps share a stream of dice.
//!
//! What cannot be recomputed is said, not passed over: a heal by hand is the GM's own change
//! (checked for its *before* only), and parts written before Fray kept what a recomputation
//! needs make the report [`SessionReport::partial`].

use super::company::{Company, Member};
use super::condition::Condition;
use super::end::Review;
use super::log::{CampaignStep, FightRef, Hand, Happening, StepDice, Written};
use super::session::{Part, SessionError, SessionLog};
use crate::dice::{DiceSource, ReplayDice, RollSource, SeededDice};
use crate::journal::{JournalDoc, ReplayReport, replay};
use std::collections::BTreeMap;

/// What a session's replay checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionReport {
    /// Each fight's replay, in order.
    pub fights: Vec<ReplayReport>,
    /// Write-backs recomputed.
    pub write_backs: usize,
    /// Rests rolled again.
    pub rests: usize,
    /// Steps by hand and changes from other sessions, checked for their *before* only.
    pub by_hand: usize,
    /// What could be checked only in part, one line each ("the fight 'Crypt': dice streams
    /// before 12 checked for order only"); empty when everything was proven.
    pub partial: Vec<String>,
}

/// A member as the evening has left it so far.
type Chain = BTreeMap<String, Member>;

/// Re-runs the whole evening; the first part that does not follow is named with the reason.
pub fn verify(log: &SessionLog) -> Result<SessionReport, SessionError> {
    let mut report = SessionReport::default();
    let mut chain = Chain::new();
    let mut fights: Vec<(usize, &JournalDoc)> = Vec::new();
    let mut streams: Vec<(usize, StepDice)> = Vec::new();
    for (i, part) in log.parts.iter().enumerate() {
        let n = i + 1;
        let bad = |error: String| SessionError::Part { part: n, error };
        match part {
            Part::Fight(doc) => {
                fight_once(doc, &fights).map_err(bad)?;
                let r =
                    replay(doc).map_err(|e| bad(format!("the fight '{}': {e}", doc.base.name)))?;
                if r.accounted_from > 0 {
                    report.partial.push(format!(
                        "the fight '{}': dice streams before {} checked for order only",
                        doc.base.name, r.accounted_from
                    ));
                }
                report.fights.push(r);
                fights.push((n, doc));
            }
            Part::Step(step) => {
                let bad = |e: String| bad(format!("the step \"{}\": {e}", step.title()));
                follows(step, &chain).map_err(bad)?;
                if let Some(origin) = step.dice {
                    if let Some((at, _)) = streams.iter().find(|(_, s)| *s == origin) {
                        return Err(bad(format!("its dice were already drawn in part {at}")));
                    }
                    streams.push((n, origin));
                }
                recompute(log.version, step, &chain, &fights, &mut report).map_err(bad)?;
                for w in &step.written {
                    chain.insert(w.who.clone(), member(w, w.after.clone()));
                }
            }
            Part::Roll(roll) => {
                roll.verify().map_err(|e| bad(format!("the roll {}: {e}", roll.summary())))?
            }
            Part::Note(_) => {}
        }
    }
    Ok(report)
}

/// A fight stands once in an evening and in the journal version a session file is written in.
fn fight_once(doc: &JournalDoc, before: &[(usize, &JournalDoc)]) -> Result<(), String> {
    if doc.version < crate::journal::VERSION {
        return Err(format!(
            "the fight '{}' claims journal version {}, but a session file holds its fights in \
             version {}: refused as a downgrade",
            doc.base.name,
            doc.version,
            crate::journal::VERSION
        ));
    }
    match before.iter().find(|(_, d)| d.base.seed == doc.base.seed) {
        Some((at, _)) => Err(format!("the fight '{}' is already part {at}", doc.base.name)),
        None => Ok(()),
    }
}

/// Each member before the step is what the parts before it left: its condition, and its
/// name, procedure and sheet (a library edit between parts stands in the file as a change
/// made elsewhere, the one part that may rename a member or change its sheet).
fn follows(step: &CampaignStep, chain: &Chain) -> Result<(), String> {
    let elsewhere = step.happening == Happening::Elsewhere;
    for w in &step.written {
        if let Some(m) = chain.get(&w.who)
            && !elsewhere
            && (m.name != w.name || m.system != w.system || m.sheet != w.sheet)
        {
            let sheet = if m.sheet == w.sheet { "" } else { ", with another sheet" };
            return Err(format!(
                "{} ({}) is not the member the parts before it name ({} of {}{sheet})",
                w.name, w.who, m.name, m.system
            ));
        }
        if let Some(m) = chain.get(&w.who)
            && m.condition != w.before
        {
            let drift: Vec<String> =
                w_changes(w, &m.condition, &w.before).iter().map(|c| c.text()).collect();
            return Err(format!(
                "{}'s condition before it does not follow from the parts before ({})",
                w.name,
                drift.join(", ")
            ));
        }
    }
    Ok(())
}

fn w_changes(w: &Written, from: &Condition, to: &Condition) -> Vec<super::review::Change> {
    super::review::changes(&w.sheet, super::condition::main_tracks(w.system), from, to)
}

/// The member a step's entry names, with `condition`, its sheet as the step carries it.
fn member(w: &Written, condition: Condition) -> Member {
    Member { name: w.name.clone(), system: w.system, sheet: w.sheet.clone(), condition }
}

/// Recomputes a write-back or a rest and compares it with the file.
fn recompute(
    version: u32,
    step: &CampaignStep,
    chain: &Chain,
    fights: &[(usize, &JournalDoc)],
    report: &mut SessionReport,
) -> Result<(), String> {
    let again = match &step.happening {
        Happening::FightEnded { fight: Some(f), edits, .. } => {
            report.write_backs += 1;
            let doc = fights
                .iter()
                .find(|(_, d)| d.base.seed == f.seed)
                .map(|(_, d)| *d)
                .ok_or("it ends a fight that is not played before it in this file")?;
            let state = state_at(doc, *f)?;
            let keyed = |c: &crate::encounter::Combatant| Some(super::end::member_key(c));
            let mut review = Review::of_with(&state, &company(step, chain), keyed).at(*f);
            review.edit(edits)?;
            review.step()
        }
        Happening::Rested { rest, .. } => {
            report.rests += 1;
            rest_again(version, step, rest, chain, report)?
        }
        Happening::FightEnded { fight: None, encounter, .. } => {
            older(version, "it names no fight it ends")?;
            report.partial.push(format!(
                "the write-back of '{encounter}' was not recomputed: the file does not say \
                 which fight it ends (written before Fray kept it)"
            ));
            return Ok(());
        }
        Happening::ByHand { by: Some(hand), .. } => {
            report.by_hand += 1;
            let (company, who) = (company(step, chain), one_member(step)?);
            match hand {
                Hand::Heal { track, amount } => company.heal(who, track, *amount),
                Hand::Cure { label } => company.cure(who, label),
            }
            .map_err(|e| e.to_string())?
        }
        Happening::ByHand { by: None, .. } | Happening::Elsewhere => {
            report.by_hand += 1;
            return Ok(());
        }
    };
    same(step, &again)
}

/// The one member a change by hand names.
fn one_member(step: &CampaignStep) -> Result<&str, String> {
    match step.written.as_slice() {
        [w] => Ok(&w.who),
        other => Err(format!("a change by hand names one member, this one {}", other.len())),
    }
}

/// A part that lacks what this version's files always keep claims an older file: refused.
fn older(version: u32, what: &str) -> Result<(), String> {
    if version >= 2 {
        return Err(format!(
            "{what}, which a session file of version {version} always keeps: refused as a \
             downgrade"
        ));
    }
    Ok(())
}

/// The fight as it stood after `f.commands` commands.
fn state_at(doc: &JournalDoc, f: FightRef) -> Result<crate::encounter::Encounter, String> {
    let end = match f.commands {
        0 => 0,
        n => doc.commands.get(n - 1).map(|c| c.events.end).ok_or_else(|| {
            format!(
                "it ends the fight '{}' at command {n}, but the fight has {}",
                doc.base.name,
                doc.commands.len()
            )
        })?,
    };
    Ok(crate::history::fold(&doc.base, &doc.events[..end]))
}

/// The company as the step found it: the members it names as it gives them (their *before*
/// already checked against the evening; their sheet as it was then, a library edit between
/// fights being no forgery), and the others as the evening left them.
fn company(step: &CampaignStep, chain: &Chain) -> Company {
    let mut members = chain.clone();
    for w in &step.written {
        members.insert(w.who.clone(), member(w, w.before.clone()));
    }
    Company { members }
}

/// The rest rolled again: app dice from the step's seed and stream, each roll's arithmetic,
/// then the procedure's rest on those dice.
fn rest_again(
    version: u32,
    step: &CampaignStep,
    rest: &str,
    chain: &Chain,
    report: &mut SessionReport,
) -> Result<CampaignStep, String> {
    for roll in &step.rolls {
        roll.verify().map_err(|e| format!("the roll {}: {e}", roll.summary()))?;
    }
    match step.dice {
        Some(origin) => app_dice(step, origin)?,
        None if step.rolls.iter().any(|r| r.source == RollSource::App) => {
            older(version, "it has app dice but no seed")?;
            report.partial.push(format!(
                "the rest \"{}\": its app dice checked for their arithmetic only (written \
                 before Fray kept their seed)",
                step.title()
            ));
        }
        None => {}
    }
    let Some(system) = step.written.first().map(|w| w.system) else {
        return Ok(step.clone());
    };
    let of = super::aftermath::of(system.system());
    let recovery = super::aftermath::recovery(of, rest).map_err(|e| e.to_string())?;
    // One who only performed the rest (its cost written with it) did not rest in it.
    let performer = step.settings.get(super::aftermath::PERFORMER).and_then(|v| v.as_str());
    let keys: Vec<String> = step
        .written
        .iter()
        .filter(|w| Some(w.who.as_str()) != performer)
        .map(|w| w.who.clone())
        .collect();
    // A rest is taken again under the edition it names; one that names none was written
    // either before rests kept an edition or by the builds of edition 1, which wrote none.
    let editions: &[u32] = if step.rules == 0 { &[0, 1] } else { &[step.rules] };
    let mut tried = Vec::new();
    for &rules in editions {
        match rest_under(rules, step, chain, (of, system, recovery), &keys) {
            Ok(again) if editions.len() == 1 || same(step, &again).is_ok() => return Ok(again),
            Ok(again) => tried.push(same(step, &again).err().unwrap_or_default()),
            Err(e) => tried.push(e),
        }
    }
    // The first edition's reason: the rules a file without an edition was written under first.
    Err(tried.into_iter().next().unwrap_or_default())
}

/// The rest taken again under rules edition `rules`, on the step's own dice.
fn rest_under(
    rules: u32,
    step: &CampaignStep,
    chain: &Chain,
    (of, system, recovery): (&dyn super::Aftermath, crate::ids::SystemId, &super::Recovery),
    keys: &[String],
) -> Result<CampaignStep, String> {
    let mut settings = step.settings.clone();
    settings.insert(super::aftermath::EDITION.to_owned(), rules.into());
    let mut dice = ReplayDice::new(step.rolls.iter().cloned());
    let mut again = company(step, chain)
        .rest(of, system, recovery, keys, &settings, &mut dice)
        .map_err(|e| e.to_string())?;
    if dice.remaining() > 0 {
        return Err(format!("{} of its rolls are not used by the rest", dice.remaining()));
    }
    again.dice = step.dice;
    // The edition it was taken under, as the file has it (none, for edition 0 or 1).
    again.rules = step.rules;
    Ok(again)
}

/// Each app roll is what the seed gives on the step's stream, in order.
fn app_dice(step: &CampaignStep, origin: StepDice) -> Result<(), String> {
    let mut rng = SeededDice::new(origin.seed, origin.stream);
    for roll in step.rolls.iter().filter(|r| r.source == RollSource::App) {
        let again = rng.roll(&roll.dice, &roll.label, roll.roller.as_deref());
        let again = again.map_err(|e| e.to_string())?;
        if again.faces() != roll.faces() {
            return Err(format!(
                "a roll the app did not make ({}): the file has {}, the rest's seed gives {}",
                roll.label,
                roll.summary(),
                again.summary()
            ));
        }
    }
    Ok(())
}

/// The file's step and the recomputed one agree, or the first difference is named.
fn same(file: &CampaignStep, again: &CampaignStep) -> Result<(), String> {
    if file == again {
        return Ok(());
    }
    for w in &file.written {
        let Some(a) = again.written.iter().find(|a| a.who == w.who) else {
            return Err(format!(
                "it writes {} ({}), whom the rules do not give a line here{}",
                w.name,
                w.who,
                match again.written.first() {
                    Some(a) => format!(" (they give {})", a.name),
                    None => String::new(),
                }
            ));
        };
        if w.after != a.after || w.before != a.before {
            let text = |x: &Written| {
                let lines: Vec<String> =
                    w_changes(x, &x.before, &x.after).iter().map(|c| c.text()).collect();
                if lines.is_empty() { "no change".to_owned() } else { lines.join(", ") }
            };
            return Err(format!("the rules give {} {}, the file has {}", w.name, text(a), text(w)));
        }
    }
    if let Some(a) = again.written.iter().find(|a| !file.written.iter().any(|w| w.who == a.who)) {
        return Err(format!("it leaves out {}, whom the rules give a line", a.name));
    }
    if file.written.iter().map(|w| &w.who).ne(again.written.iter().map(|a| &a.who)) {
        return Err("its members are not in the order the rules give them".into());
    }
    Err("it differs from what the rules give in its record (happening, dice or settings)".into())
}
